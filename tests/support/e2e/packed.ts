// The three workspaces as `npm pack` makes them (prepack builds each one), packed once for every end-to-end file
// that installs them (the packed install, the plugin native-languages packs with scripts/pack-plugin.sh) instead
// of once per file: each pack rebuilds the sdk from scratch (`tsc -b --force`) and what depends on it.
//
// They live under .data/e2e/packed/<key>, where <key> hashes the content of every file git sees (tracked, or new
// and not ignored) in the three workspaces and in what builds them, and this Node.js's version: an edit anywhere
// there is another key, so a tarball is never older than the sources. The first file to need a key packs it,
// holding a lock (flock(1)) that the others wait on, then renames the directory into place. A file that packs its
// own way (native-docs runs the README's `npm run plugin:pack`) holds the same lock (runHoldingPackLock): two packs
// at once would rebuild the same dist/ directories under each other.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, cleanEnv, run, type RunOptions, type RunResult } from './process';

/** Each workspace's directory and its package name. */
export const WORKSPACES = { sdk: '@walletinfra/sdk', emulator: '@walletinfra/emulator', provider: '@walletinfra/pulumi' } as const;
export type Workspace = keyof typeof WORKSPACES;

/** What the tarballs are built from: the workspaces, the build's configuration and the lockfile. */
const INPUTS = ['sdk', 'emulator', 'provider', 'scripts/prune-dist.js', 'package.json', 'package-lock.json', 'tsconfig.base.json'];

function sourcesKey(): string {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...INPUTS], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((f) => f !== '')
    .sort();
  const hash = createHash('sha256').update(process.version);
  for (const file of files) {
    const path = join(REPO_ROOT, file);
    // A tracked file deleted from the working tree counts by its absence.
    hash.update(`\0${file}\0`).update(existsSync(path) ? readFileSync(path) : '\0deleted');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Runs under the lock: packs into DIR.tmp unless DIR is there, then renames it to DIR. */
const PACK_ONCE = [
  'set -euo pipefail',
  '[ -d "$1" ] && exit 0',
  'rm -rf "$1.tmp" && mkdir -p "$1.tmp"',
  'npm pack --json --pack-destination "$1.tmp" --workspace sdk --workspace emulator --workspace provider > "$1.tmp/npm-pack.out"',
  'mv "$1.tmp" "$1"',
].join('\n');

export interface PackedWorkspaces {
  /** The directory holding the tarballs (what `scripts/pack-plugin.sh --tarballs` takes). */
  dir: string;
  /** Each workspace's tarball. */
  tarballs: Record<Workspace, string>;
}

const PACKED_ROOT = join(REPO_ROOT, '.data', 'e2e', 'packed');

/** Runs `command args` holding the lock every pack of the workspaces in the end-to-end files holds. */
export function runHoldingPackLock(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  mkdirSync(PACKED_ROOT, { recursive: true });
  return run('flock', [join(PACKED_ROOT, '.lock'), command, ...args], options);
}

/** The three workspaces' tarballs for the sources as they are now, packed by the first file that asks. */
export async function packedWorkspaces(): Promise<PackedWorkspaces> {
  const dir = join(PACKED_ROOT, sourcesKey());
  const packed = await runHoldingPackLock('bash', ['-c', PACK_ONCE, 'pack-once', dir], { cwd: REPO_ROOT, env: cleanEnv() });
  if (packed.code !== 0)
    throw new Error(`npm pack exited ${packed.code}\n--- stdout ---\n${packed.stdout}\n--- stderr ---\n${packed.stderr}`);
  // prepack's own output comes before npm's JSON on stdout.
  const out = readFileSync(join(dir, 'npm-pack.out'), 'utf8');
  const entries = JSON.parse(out.slice(out.indexOf('['))) as Array<{ name: string; filename: string }>;
  const byName = new Map(entries.map((e) => [e.name, join(dir, e.filename.replace(/^@/, '').replace(/\//, '-'))]));
  const tarballs = {} as Record<Workspace, string>;
  for (const [workspace, name] of Object.entries(WORKSPACES) as Array<[Workspace, string]>) {
    const file = byName.get(name);
    if (file === undefined || !existsSync(file)) throw new Error(`npm pack did not produce the ${name} tarball in ${dir}`);
    tarballs[workspace] = file;
  }
  return { dir, tarballs };
}
