// Persistence, kept apart from the store's logic (as LocalStack keeps its stores apart from their state).
// One table of JSON documents keyed by (collection, id) with indexed columns for the organization, a
// secondary key and a per-organization unique key, plus a key/value table for the emulator's own keys. WAL
// mode under `<dataDir>/emulator.db`; an in-memory database when there is no data dir. The schema and its
// versions: ./migrations.ts.
import Database from 'better-sqlite3';
import { narrowDatabaseFiles, prepareDataDir } from '../data-dir';
import { migrate, type DocumentKeys } from './migrations';

export interface DocumentRow {
  collection: string;
  id: string;
  org_id: string | null;
  alt_key: string | null;
  unique_key: string | null;
  seq: number;
  data: string;
}

/** Where a scan of one organization's documents starts and which way it goes. */
interface ScanOptions {
  /** newest first (descending creation order) instead of oldest first */
  descending: boolean;
  /** start strictly past this sequence number, in the scan's direction */
  pastSeq?: number;
  limit: number;
}

export class SqliteDocuments {
  readonly db: Database.Database;
  private seq: number;
  /** writes per collection since this connection opened, and clears of every collection (see {@link version}) */
  private readonly writes = new Map<string, number>();
  private clears = 0;
  /** what {@link atEndOfTransaction} queued, run before the outermost transaction commits */
  private readonly atEnd: Array<() => void> = [];
  private readonly stmts: ReturnType<SqliteDocuments['prepare']>;
  /** better-sqlite3's transaction wrapper, built once: BEGIN/COMMIT (a savepoint when nested) around a callback */
  private readonly inTransaction: (fn: () => unknown) => unknown;

  constructor(dataDir: string | undefined, keys: DocumentKeys) {
    this.db = new Database(dataDir === undefined ? ':memory:' : prepareDataDir(dataDir));
    if (dataDir !== undefined) {
      this.db.pragma('journal_mode = WAL');
      // In WAL mode NORMAL syncs at checkpoints instead of on every commit (https://www.sqlite.org/pragma.html#pragma_synchronous):
      // a commit is in the WAL file once the call returns, so it survives the emulator's process being killed;
      // only a power loss or OS crash may roll back the last commits, never corrupt the database. Enough for a
      // local emulator, and no fsync per write.
      this.db.pragma('synchronous = NORMAL');
      narrowDatabaseFiles(dataDir);
    } else {
      // An in-memory database keeps every page in SQLite's page cache, and the end of each transaction walks
      // that cache (pcache1TruncateUnsafe, the top native cost of a write under `perf`), so a commit costs more
      // the more pages the database has. Pages of 8192 bytes (the default is 4096) halve the page count; larger
      // pages cost more to copy into the rollback journal. Set before the first table exists.
      this.db.pragma('page_size = 8192');
    }
    this.db.pragma('foreign_keys = ON');
    migrate(this.db, keys);
    this.stmts = this.prepare();
    this.inTransaction = this.db.transaction((fn: () => unknown) => fn());
    const max = this.db.prepare('SELECT MAX(seq) AS m FROM documents').get() as { m: number | null };
    this.seq = max.m ?? 0;
  }

  private prepare() {
    const db = this.db;
    // Every query below is served by an index: the primary key, documents_org (collection, org_id, seq),
    // documents_alt_org (collection, alt_key, org_id, seq) or documents_unique (collection, org_id, unique_key).
    return {
      get: db.prepare('SELECT data FROM documents WHERE collection = ? AND id = ?'),
      getRow: db.prepare('SELECT seq, org_id, data FROM documents WHERE collection = ? AND id = ?'),
      byAlt: db.prepare('SELECT data FROM documents WHERE collection = ? AND alt_key = ? ORDER BY seq'),
      byAltInOrg: db.prepare('SELECT data FROM documents WHERE collection = ? AND alt_key = ? AND org_id = ? ORDER BY seq'),
      altExists: db.prepare('SELECT 1 AS found FROM documents WHERE collection = ? AND alt_key = ? LIMIT 1'),
      deleteByOrg: db.prepare('DELETE FROM documents WHERE collection = ? AND org_id = ?'),
      byOrg: db.prepare('SELECT data FROM documents WHERE collection = ? AND org_id = ? ORDER BY seq'),
      byUnique: db.prepare('SELECT data FROM documents WHERE collection = ? AND org_id = ? AND unique_key = ?'),
      countByOrg: db.prepare('SELECT COUNT(*) AS n FROM documents WHERE collection = ? AND org_id = ?'),
      scanAsc: db.prepare('SELECT seq, data FROM documents WHERE collection = ? AND org_id = ? AND seq > ? ORDER BY seq ASC LIMIT ?'),
      scanDesc: db.prepare('SELECT seq, data FROM documents WHERE collection = ? AND org_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?'),
      all: db.prepare('SELECT data FROM documents WHERE collection = ? ORDER BY seq'),
      insert: db.prepare(
        'INSERT INTO documents (collection, id, org_id, alt_key, unique_key, seq, data) VALUES (@collection, @id, @org_id, @alt_key, @unique_key, @seq, @data)',
      ),
      update: db.prepare('UPDATE documents SET data = ?, alt_key = ?, unique_key = ? WHERE collection = ? AND id = ?'),
      delete: db.prepare('DELETE FROM documents WHERE collection = ? AND id = ?'),
      dump: db.prepare('SELECT collection, id, org_id, alt_key, unique_key, seq, data FROM documents ORDER BY collection, seq'),
      clear: db.prepare('DELETE FROM documents'),
      metaGet: db.prepare('SELECT value FROM meta WHERE key = ?'),
      metaSet: db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value'),
      totalChanges: db.prepare('SELECT total_changes() AS n'),
    };
  }

  get(collection: string, id: string): string | undefined {
    return (this.stmts.get.get(collection, id) as { data: string } | undefined)?.data;
  }

  byAltKey(collection: string, altKey: string): string[] {
    return (this.stmts.byAlt.all(collection, altKey) as Array<{ data: string }>).map((r) => r.data);
  }

  /** Documents of one organization whose secondary key is `altKey`, oldest first. */
  byAltKeyInOrg(collection: string, orgId: string, altKey: string): string[] {
    return (this.stmts.byAltInOrg.all(collection, altKey, orgId) as Array<{ data: string }>).map((r) => r.data);
  }

  /** Whether any document of `collection`, in any organization, has the secondary key `altKey`. */
  altKeyExists(collection: string, altKey: string): boolean {
    return this.stmts.altExists.get(collection, altKey) !== undefined;
  }

  byOrg(collection: string, orgId: string): string[] {
    return (this.stmts.byOrg.all(collection, orgId) as Array<{ data: string }>).map((r) => r.data);
  }

  /** A document with its sequence number and organization. */
  getRow(collection: string, id: string): { seq: number; org_id: string | null; data: string } | undefined {
    return this.stmts.getRow.get(collection, id) as { seq: number; org_id: string | null; data: string } | undefined;
  }

  byUnique(collection: string, orgId: string, uniqueKey: string): string | undefined {
    return (this.stmts.byUnique.get(collection, orgId, uniqueKey) as { data: string } | undefined)?.data;
  }

  countByOrg(collection: string, orgId: string): number {
    return (this.stmts.countByOrg.get(collection, orgId) as { n: number }).n;
  }

  /** Up to `limit` documents of one organization in creation order (or its reverse), past a sequence number. */
  scan(collection: string, orgId: string, options: ScanOptions): Array<{ seq: number; data: string }> {
    const stmt = options.descending ? this.stmts.scanDesc : this.stmts.scanAsc;
    const past = options.pastSeq ?? (options.descending ? Number.MAX_SAFE_INTEGER : 0);
    return stmt.all(collection, orgId, past, options.limit) as Array<{ seq: number; data: string }>;
  }

  all(collection: string): string[] {
    return (this.stmts.all.all(collection) as Array<{ data: string }>).map((r) => r.data);
  }

  insert(collection: string, id: string, orgId: string | null, altKey: string | null, uniqueKey: string | null, data: string): void {
    this.wrote(collection);
    this.seq += 1;
    this.stmts.insert.run({ collection, id, org_id: orgId, alt_key: altKey, unique_key: uniqueKey, seq: this.seq, data });
  }

  update(collection: string, id: string, altKey: string | null, uniqueKey: string | null, data: string): boolean {
    this.wrote(collection);
    return this.stmts.update.run(data, altKey, uniqueKey, collection, id).changes === 1;
  }

  delete(collection: string, id: string): boolean {
    this.wrote(collection);
    return this.stmts.delete.run(collection, id).changes === 1;
  }

  /** Deletes every document of `collection` that belongs to `orgId`; returns how many there were. */
  deleteByOrg(collection: string, orgId: string): number {
    this.wrote(collection);
    return this.stmts.deleteByOrg.run(collection, orgId).changes;
  }

  dump(): DocumentRow[] {
    return this.stmts.dump.all() as DocumentRow[];
  }

  clear(): void {
    this.clears += 1;
    this.stmts.clear.run();
  }

  private wrote(collection: string): void {
    this.writes.set(collection, (this.writes.get(collection) ?? 0) + 1);
  }

  /**
   * A number that moves whenever a document of one of `collections` is written (counted before the write runs,
   * so a failed or rolled-back write moves it too) or every document is cleared, and stays put otherwise: the
   * sum of counters that only grow.
   */
  version(collections: readonly string[]): number {
    let v = this.clears;
    for (const c of collections) v += this.writes.get(c) ?? 0;
    return v;
  }

  /**
   * Rows inserted, updated or deleted through this connection since it opened: SQLite's total_changes()
   * (https://www.sqlite.org/lang_corefunc.html#total_changes), which also counts writes later rolled back.
   */
  totalChanges(): number {
    return (this.stmts.totalChanges.get() as { n: number }).n;
  }

  getMeta(key: string): string | undefined {
    return (this.stmts.metaGet.get(key) as { value: string } | undefined)?.value;
  }

  setMeta(key: string, value: string): void {
    this.stmts.metaSet.run(key, value);
  }

  /** True while a transaction is open on this connection. */
  isInTransaction(): boolean {
    return this.db.inTransaction;
  }

  /**
   * Runs `fn` in one transaction (a savepoint when nested). If `fn` throws, everything it wrote is rolled back
   * and the in-memory sequence counter is restored.
   */
  transaction<T>(fn: () => T): T {
    const seqBefore = this.seq;
    const pendingBefore = this.atEnd.length;
    const outermost = !this.db.inTransaction;
    try {
      return this.inTransaction(() => {
        const out = fn();
        if (outermost) this.runAtEnd();
        return out;
      }) as T;
    } catch (e) {
      this.seq = seqBefore;
      // what a rolled-back (nested) transaction asked to run at the end goes with it
      this.atEnd.length = pendingBefore;
      throw e;
    }
  }

  /**
   * Runs `fn` as the last step of the outermost transaction now open, inside it (so it commits with it, or
   * not at all); at once when none is open. For a write that removes what the rest of the transaction still
   * reads and records: deleting a sub-organization after its deletion activity is recorded and rendered.
   */
  atEndOfTransaction(fn: () => void): void {
    if (this.db.inTransaction) this.atEnd.push(fn);
    else this.transaction(fn);
  }

  private runAtEnd(): void {
    while (this.atEnd.length > 0) (this.atEnd.shift() as () => void)();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
