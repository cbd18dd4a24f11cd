// The data dir holds the root private key and the emulator's signing keys, so only its owner may read it:
// the directory is made 0700 and the SQLite files 0600. SQLite's unix VFS creates the -wal and -shm files
// with the database file's own mode (sqlite.org/src/file/src/os_unix.c, findCreateFileMode), so the database
// is created 0600 before SQLite opens it, and files left by an older, laxer emulator are narrowed on start.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';

const DATABASE_FILE = 'emulator.db';
const SQLITE_SIDE_FILES = ['-wal', '-shm', '-journal'];

/** Creates `dir` (0700) and the empty database file (0600) when missing; narrows existing files to 0600. */
export function prepareDataDir(dir: string): string {
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // mkdir's mode is filtered by the umask; say it once more, exactly
    chmodSync(dir, 0o700);
  }
  const database = join(dir, DATABASE_FILE);
  closeSync(openSync(database, 'a', 0o600));
  narrowDatabaseFiles(dir);
  return database;
}

/** chmod 0600 the database and whichever of its side files exist (after SQLite opened it, for WAL/SHM). */
export function narrowDatabaseFiles(dir: string): void {
  for (const suffix of ['', ...SQLITE_SIDE_FILES]) {
    const file = join(dir, `${DATABASE_FILE}${suffix}`);
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}
