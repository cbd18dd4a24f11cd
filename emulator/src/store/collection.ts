// A typed collection of one resource over the document table: the store's handlers see records, never SQL.
import type { SqliteDocuments } from './sqlite';

export interface CollectionSpec<T> {
  name: string;
  id: (record: T) => string;
  /** the organization a record belongs to (for per-organization listing) */
  orgId: (record: T) => string | null;
  /** an optional secondary lookup key (not unique) */
  altKey?: (record: T) => string | null;
  /** a key unique within the record's organization (a name, a fingerprint), under a unique index */
  uniqueKey?: (record: T) => string | null;
}

/** One page of a per-organization listing. */
export interface PageQuery<T> {
  /** newest first (the reverse of creation order) instead of oldest first */
  newestFirst: boolean;
  limit: number;
  /** only records passing this test count towards the page */
  filter?: (record: T) => boolean;
}

// Rows read per query when a filter may reject some: enough for a page of matches in the common case.
const FILTERED_BATCH = 256;

export class Collection<T> {
  constructor(
    private readonly docs: SqliteDocuments,
    private readonly spec: CollectionSpec<T>,
  ) {}

  get name(): string {
    return this.spec.name;
  }

  get(id: string): T | undefined {
    const data = this.docs.get(this.spec.name, id);
    return data === undefined ? undefined : (JSON.parse(data) as T);
  }

  /** Records whose secondary key equals `key`, oldest first. */
  findByKey(key: string): T[] {
    return this.docs.byAltKey(this.spec.name, key).map((d) => JSON.parse(d) as T);
  }

  /**
   * Records of `orgId` whose secondary key equals `key`, oldest first. Served by one index whatever other
   * organizations hold the same key (one public key may be an API key in thousands of sub-organizations).
   */
  findByKeyIn(orgId: string, key: string): T[] {
    return this.docs.byAltKeyInOrg(this.spec.name, orgId, key).map((d) => JSON.parse(d) as T);
  }

  /** Whether any organization holds a record with secondary key `key`. */
  hasKey(key: string): boolean {
    return this.docs.altKeyExists(this.spec.name, key);
  }

  /** The record of `orgId` holding unique key `key` (see {@link CollectionSpec.uniqueKey}). */
  findUnique(orgId: string, key: string): T | undefined {
    const data = this.docs.byUnique(this.spec.name, orgId, key);
    return data === undefined ? undefined : (JSON.parse(data) as T);
  }

  countByOrg(orgId: string): number {
    return this.docs.countByOrg(this.spec.name, orgId);
  }

  /** Records of one organization, oldest first (every one of them: for collections the service keeps small). */
  listByOrg(orgId: string): T[] {
    return this.docs.byOrg(this.spec.name, orgId).map((d) => JSON.parse(d) as T);
  }

  /**
   * The position of record `id` in `orgId`'s listing, for a pagination cursor: undefined when the record is
   * not in that listing (another organization's, or rejected by the filter).
   */
  cursorOf(orgId: string, id: string, filter?: (record: T) => boolean): number | undefined {
    const row = this.docs.getRow(this.spec.name, id);
    if (row === undefined || row.org_id !== orgId) return undefined;
    if (filter !== undefined && !filter(JSON.parse(row.data) as T)) return undefined;
    return row.seq;
  }

  /**
   * Up to `limit` records of one organization in listing order, starting past `cursor` (from
   * {@link cursorOf}); `reverse` walks the other way from the cursor (for a `before` page) and returns the
   * records in listing order. Reads only as many rows as the page needs.
   */
  page(orgId: string, query: PageQuery<T>, cursor?: number, reverse = false): T[] {
    const descending = query.newestFirst !== reverse;
    const out: T[] = [];
    let past = cursor;
    const batch = query.filter === undefined ? query.limit : Math.max(query.limit, FILTERED_BATCH);
    while (out.length < query.limit) {
      const rows = this.docs.scan(this.spec.name, orgId, { descending, limit: batch, ...(past === undefined ? {} : { pastSeq: past }) });
      for (const row of rows) {
        const record = JSON.parse(row.data) as T;
        if (query.filter !== undefined && !query.filter(record)) continue;
        out.push(record);
        if (out.length === query.limit) break;
      }
      if (rows.length < batch) break;
      past = rows[rows.length - 1]!.seq;
    }
    return reverse ? out.reverse() : out;
  }

  all(): T[] {
    return this.docs.all(this.spec.name).map((d) => JSON.parse(d) as T);
  }

  insert(record: T): T {
    this.docs.insert(
      this.spec.name,
      this.spec.id(record),
      this.spec.orgId(record),
      this.spec.altKey?.(record) ?? null,
      this.uniqueKeyOf(record),
      JSON.stringify(record),
    );
    return record;
  }

  /** Replaces a record that exists; returns false when there was none. */
  update(record: T): boolean {
    return this.docs.update(
      this.spec.name,
      this.spec.id(record),
      this.spec.altKey?.(record) ?? null,
      this.uniqueKeyOf(record),
      JSON.stringify(record),
    );
  }

  /** Inserts or replaces. */
  put(record: T): T {
    if (!this.update(record)) this.insert(record);
    return record;
  }

  delete(id: string): boolean {
    return this.docs.delete(this.spec.name, id);
  }

  /** Deletes every record of one organization; returns how many there were. */
  deleteByOrg(orgId: string): number {
    return this.docs.deleteByOrg(this.spec.name, orgId);
  }

  private uniqueKeyOf(record: T): string | null {
    return this.spec.uniqueKey?.(record) ?? null;
  }
}
