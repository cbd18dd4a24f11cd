// Persistence, kept apart from the store's logic (LocalStack's stores vs state). One table of JSON
// documents keyed by (collection, id), plus a key/value table for the emulator's own keys. WAL mode under
// `<dataDir>/emulator.db`; an in-memory database when there is no data dir.
import Database from 'better-sqlite3';
import { narrowDatabaseFiles, prepareDataDir } from '../data-dir';

const SCHEMA_VERSION = 1;

export interface DocumentRow {
  collection: string;
  id: string;
  org_id: string | null;
  alt_key: string | null;
  seq: number;
  data: string;
}

export class SqliteDocuments {
  readonly db: Database.Database;
  private seq: number;
  private readonly stmts: ReturnType<SqliteDocuments['prepare']>;

  constructor(dataDir: string | undefined) {
    this.db = new Database(dataDir === undefined ? ':memory:' : prepareDataDir(dataDir));
    if (dataDir !== undefined) {
      this.db.pragma('journal_mode = WAL');
      narrowDatabaseFiles(dataDir);
    }
    this.db.pragma('foreign_keys = ON');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS documents (
        collection TEXT NOT NULL,
        id TEXT NOT NULL,
        org_id TEXT,
        alt_key TEXT,
        seq INTEGER NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (collection, id)
      );
      CREATE INDEX IF NOT EXISTS documents_org ON documents (collection, org_id, seq);
      CREATE INDEX IF NOT EXISTS documents_alt ON documents (collection, alt_key);
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
    const version = this.db.prepare(`SELECT value FROM meta WHERE key = 'schemaVersion'`).get() as { value: string } | undefined;
    if (version === undefined) {
      this.db.prepare(`INSERT INTO meta (key, value) VALUES ('schemaVersion', ?)`).run(String(SCHEMA_VERSION));
    } else if (Number(version.value) !== SCHEMA_VERSION) {
      throw new Error(`unsupported emulator database schema version ${version.value} (expected ${SCHEMA_VERSION})`);
    }
    this.stmts = this.prepare();
    const max = this.db.prepare('SELECT MAX(seq) AS m FROM documents').get() as { m: number | null };
    this.seq = max.m ?? 0;
  }

  private prepare() {
    const db = this.db;
    return {
      get: db.prepare('SELECT data FROM documents WHERE collection = ? AND id = ?'),
      byAlt: db.prepare('SELECT data FROM documents WHERE collection = ? AND alt_key = ? ORDER BY seq'),
      byOrg: db.prepare('SELECT data FROM documents WHERE collection = ? AND org_id = ? ORDER BY seq'),
      all: db.prepare('SELECT data FROM documents WHERE collection = ? ORDER BY seq'),
      insert: db.prepare(
        'INSERT INTO documents (collection, id, org_id, alt_key, seq, data) VALUES (@collection, @id, @org_id, @alt_key, @seq, @data)',
      ),
      update: db.prepare('UPDATE documents SET data = ?, alt_key = ? WHERE collection = ? AND id = ?'),
      delete: db.prepare('DELETE FROM documents WHERE collection = ? AND id = ?'),
      dump: db.prepare('SELECT collection, id, org_id, alt_key, seq, data FROM documents ORDER BY collection, seq'),
      clear: db.prepare('DELETE FROM documents'),
      metaGet: db.prepare('SELECT value FROM meta WHERE key = ?'),
      metaSet: db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value'),
    };
  }

  get(collection: string, id: string): string | undefined {
    return (this.stmts.get.get(collection, id) as { data: string } | undefined)?.data;
  }

  byAltKey(collection: string, altKey: string): string[] {
    return (this.stmts.byAlt.all(collection, altKey) as Array<{ data: string }>).map((r) => r.data);
  }

  byOrg(collection: string, orgId: string): string[] {
    return (this.stmts.byOrg.all(collection, orgId) as Array<{ data: string }>).map((r) => r.data);
  }

  all(collection: string): string[] {
    return (this.stmts.all.all(collection) as Array<{ data: string }>).map((r) => r.data);
  }

  insert(collection: string, id: string, orgId: string | null, altKey: string | null, data: string): void {
    this.seq += 1;
    this.stmts.insert.run({ collection, id, org_id: orgId, alt_key: altKey, seq: this.seq, data });
  }

  update(collection: string, id: string, altKey: string | null, data: string): boolean {
    return this.stmts.update.run(data, altKey, collection, id).changes === 1;
  }

  delete(collection: string, id: string): boolean {
    return this.stmts.delete.run(collection, id).changes === 1;
  }

  dump(): DocumentRow[] {
    return this.stmts.dump.all() as DocumentRow[];
  }

  clear(): void {
    this.stmts.clear.run();
  }

  getMeta(key: string): string | undefined {
    return (this.stmts.metaGet.get(key) as { value: string } | undefined)?.value;
  }

  setMeta(key: string, value: string): void {
    this.stmts.metaSet.run(key, value);
  }

  /**
   * Runs `fn` in one transaction (a savepoint when nested). If `fn` throws, everything it wrote is rolled back
   * and the in-memory sequence counter is restored.
   */
  transaction<T>(fn: () => T): T {
    const seqBefore = this.seq;
    try {
      return this.db.transaction(fn)();
    } catch (e) {
      this.seq = seqBefore;
      throw e;
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
