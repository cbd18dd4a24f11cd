// The data dir holds the root private key and the emulator's signing keys: a dir the emulator creates is 0700,
// the SQLite database and its WAL/SHM files are 0600, and files an older emulator left readable are narrowed.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '@walletinfra/emulator';
import { envelope, stampedPost } from '../../support/emulator';

let parent: string;
beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), 'walletinfra-datadir-'));
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

const mode = (path: string) => statSync(path).mode & 0o777;

test('a new data dir is 0700 and every file in it 0600, the WAL and SHM files included, under a lax umask', async () => {
  const dir = join(parent, 'nested', 'data');
  const umask = process.umask(0o022);
  try {
    const emu = await startEmulator({ dataDir: dir, deliveryMode: 'manual' });
    try {
      const created = await stampedPost(
        emu,
        '/public/v1/submit/create_policy',
        envelope(emu, 'ACTIVITY_TYPE_CREATE_POLICY_V3', { policyName: 'p', effect: 'EFFECT_ALLOW', notes: '' }, Date.now()),
      );
      expect(created.status).toBe(200);
      expect(mode(dir)).toBe(0o700);
      const files = readdirSync(dir).sort();
      expect(files).toEqual(expect.arrayContaining(['credentials.json', 'emulator.db', 'emulator.db-shm', 'emulator.db-wal']));
      expect(Object.fromEntries(files.map((f) => [f, mode(join(dir, f))]))).toEqual(Object.fromEntries(files.map((f) => [f, 0o600])));
    } finally {
      await emu.close();
    }
  } finally {
    process.umask(umask);
  }
});

test('database files an older emulator left world-readable are narrowed to 0600 on start', async () => {
  const dir = join(parent, 'old');
  mkdirSync(dir, { mode: 0o755 });
  const first = await startEmulator({ dataDir: dir, deliveryMode: 'manual' });
  await first.close();
  for (const f of readdirSync(dir)) chmodSync(join(dir, f), 0o644);
  writeFileSync(join(dir, 'emulator.db-journal'), '');
  chmodSync(join(dir, 'emulator.db-journal'), 0o644);
  const second = await startEmulator({ dataDir: dir, deliveryMode: 'manual' });
  try {
    for (const f of ['emulator.db', 'emulator.db-journal', 'credentials.json']) expect([f, mode(join(dir, f))]).toEqual([f, 0o600]);
    if (existsSync(join(dir, 'emulator.db-wal'))) expect(mode(join(dir, 'emulator.db-wal'))).toBe(0o600);
    // a directory the user made is theirs: its mode is left as they chose it
    expect(mode(dir)).toBe(0o755);
  } finally {
    await second.close();
  }
});
