// The database schema, as a list of versioned migrations. SQLite's `user_version` says how many have run; a
// data dir written by an older emulator is brought forward on open (in one transaction), one written by a
// newer one is refused. Schema 1 predates `user_version` and is recognised by its `meta.schemaVersion` row.
import type Database from 'better-sqlite3';

/** Derived columns of a document, recomputed from its JSON when a migration adds one. */
export type DocumentKeys = (collection: string, data: string) => { uniqueKey: string | null };

interface Migration {
  version: number;
  what: string;
  up(db: Database.Database, keys: DocumentKeys): void;
}

const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    what: 'documents keyed by (collection, id), indexed by organization and a secondary key; meta table',
    up(db) {
      db.exec(`
        CREATE TABLE documents (
          collection TEXT NOT NULL,
          id TEXT NOT NULL,
          org_id TEXT,
          alt_key TEXT,
          seq INTEGER NOT NULL,
          data TEXT NOT NULL,
          PRIMARY KEY (collection, id)
        );
        CREATE INDEX documents_org ON documents (collection, org_id, seq);
        CREATE INDEX documents_alt ON documents (collection, alt_key);
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      `);
    },
  },
  {
    version: 2,
    what: 'a unique key per organization (names, activity fingerprints) under a unique index; the schema version moves to user_version',
    up(db, keys) {
      db.exec('ALTER TABLE documents ADD COLUMN unique_key TEXT');
      const rows = db.prepare('SELECT collection, id, org_id, data FROM documents ORDER BY seq').all() as Array<{
        collection: string;
        id: string;
        org_id: string | null;
        data: string;
      }>;
      const set = db.prepare('UPDATE documents SET unique_key = ? WHERE collection = ? AND id = ?');
      const seen = new Set<string>();
      for (const row of rows) {
        const { uniqueKey } = keys(row.collection, row.data);
        if (uniqueKey === null) continue;
        // Older emulators enforced these rules in code; should a data dir break one anyway, the oldest
        // record keeps the key and the others stay readable, unindexed.
        const slot = JSON.stringify([row.collection, row.org_id, uniqueKey]);
        if (seen.has(slot)) continue;
        seen.add(slot);
        set.run(uniqueKey, row.collection, row.id);
      }
      db.exec(`
        CREATE UNIQUE INDEX documents_unique ON documents (collection, org_id, unique_key) WHERE unique_key IS NOT NULL;
        DELETE FROM meta WHERE key = 'schemaVersion';
      `);
    },
  },
  {
    version: 3,
    what: 'the secondary key indexed with the organization: one public key held in thousands of sub-organizations is found in one of them without reading the others',
    up(db) {
      db.exec(`
        DROP INDEX documents_alt;
        CREATE INDEX documents_alt_org ON documents (collection, alt_key, org_id, seq);
      `);
    },
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

class SchemaVersionError extends Error {
  override readonly name = 'SchemaVersionError';
}

/** The schema version a database is at: `user_version`, or 1 for a schema-1 database, 0 when empty. */
function currentVersion(db: Database.Database): number {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version !== 0) return version;
  const hasDocuments = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'documents'`).get() !== undefined;
  if (!hasDocuments) return 0;
  const legacy = db.prepare(`SELECT value FROM meta WHERE key = 'schemaVersion'`).get() as { value: string } | undefined;
  if (legacy?.value !== '1') {
    throw new SchemaVersionError(
      `unsupported emulator database: schema version ${legacy?.value ?? '(none)'} is not one this emulator knows`,
    );
  }
  return 1;
}

/** Runs the migrations the database lacks, in one transaction; returns the versions applied. */
export function migrate(db: Database.Database, keys: DocumentKeys): number[] {
  const from = currentVersion(db);
  if (from > SCHEMA_VERSION) {
    throw new SchemaVersionError(
      `the data dir was written by a newer emulator (database schema ${from}; this emulator knows up to ${SCHEMA_VERSION}): upgrade @walletinfra/emulator or use another data dir`,
    );
  }
  const pending = MIGRATIONS.filter((m) => m.version > from);
  if (pending.length === 0) return [];
  db.transaction(() => {
    for (const m of pending) m.up(db, keys);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
  return pending.map((m) => m.version);
}
