// A typed collection of one resource over the document table: the store's handlers see records, never SQL.
import type { SqliteDocuments } from './sqlite';

export interface CollectionSpec<T> {
  name: string;
  id: (record: T) => string;
  /** the organization a record belongs to (for per-organization listing) */
  orgId: (record: T) => string | null;
  /** an optional secondary lookup key (not unique) */
  altKey?: (record: T) => string | null;
}

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

  /** Records of one organization, oldest first. */
  listByOrg(orgId: string): T[] {
    return this.docs.byOrg(this.spec.name, orgId).map((d) => JSON.parse(d) as T);
  }

  all(): T[] {
    return this.docs.all(this.spec.name).map((d) => JSON.parse(d) as T);
  }

  insert(record: T): T {
    this.docs.insert(this.spec.name, this.spec.id(record), this.spec.orgId(record), this.spec.altKey?.(record) ?? null, JSON.stringify(record));
    return record;
  }

  /** Replaces a record that exists; returns false when there was none. */
  update(record: T): boolean {
    return this.docs.update(this.spec.name, this.spec.id(record), this.spec.altKey?.(record) ?? null, JSON.stringify(record));
  }

  /** Inserts or replaces. */
  put(record: T): T {
    if (!this.update(record)) this.insert(record);
    return record;
  }

  delete(id: string): boolean {
    return this.docs.delete(this.spec.name, id);
  }
}
