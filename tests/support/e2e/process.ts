// Child processes for the end-to-end tests: run to exit and collect the output. No timers: the test waits
// on the process's own exit (jest's per-test timeout is the only bound).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const REPO_ROOT = join(__dirname, '..', '..', '..');

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Written to stdin, then stdin is closed. */
  input?: string;
}

export function run(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal !== null ? 128 : 1), stdout, stderr }));
    // A child that exits without reading its stdin (`bash -c 'exit 2'`) closes the pipe first: EPIPE here is
    // that race, not a failure; the exit code and output say what happened.
    child.stdin.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') reject(error);
    });
    child.stdin.end(options.input ?? '');
  });
}

let binDir: string | undefined;

/** The Pulumi CLI's directory from scripts/ensure-pulumi.sh (PATH, the repo's .tools, or a build). */
export function pulumiBinDir(): string {
  if (binDir === undefined) {
    const out = execFileSync('bash', [join(REPO_ROOT, 'scripts', 'ensure-pulumi.sh'), '--print-bin-dir'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = out.trim().split('\n');
    binDir = lines[lines.length - 1] ?? '';
  }
  return binDir;
}

/** The environment without anything that could point a child at real credentials or another backend. */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(WALLETINFRA_|TURNKEY_|PULUMI_)/.test(k)) continue;
    env[k] = v;
  }
  return env;
}

/**
 * Programs load the BUILT provider (the serialized providers require `@walletinfra/pulumi/dist/runtime`), and
 * the drift tests run the built bin: say so plainly instead of failing deep inside Pulumi.
 */
export function requireBuiltPackages(): void {
  for (const file of ['provider/dist/runtime/index.js', 'provider/dist/drift/cli.js', 'sdk/dist/index.js']) {
    if (!existsSync(join(REPO_ROOT, file))) {
      throw new Error(`${file} is missing: build the packages first (npm run build; npm test and npm run test:e2e do it)`);
    }
  }
}

/** The processes descending from `root` (itself included), with their process groups, from `ps`. */
export function processTree(root: number): Array<{ pid: number; pgid: number }> {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,pgid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number]);
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of rows) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return rows.filter(([pid]) => tree.has(pid)).map(([pid, , pgid]) => ({ pid, pgid }));
}

/**
 * SIGKILLs `root` and everything it started, as a cancelled CI job would: every descendant, and every process
 * group among them (Pulumi starts each plugin in a group of its own, so their children go with the group).
 * Returns the pids it killed. The caller's own group is never signalled.
 */
export function killTree(root: number): number[] {
  const tree = processTree(root);
  const ownGroup = execFileSync('ps', ['-o', 'pgid=', '-p', String(process.pid)], { encoding: 'utf8' }).trim();
  for (const pgid of new Set(tree.map((p) => p.pgid))) {
    if (String(pgid) === ownGroup) continue;
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // the group is already gone
    }
  }
  for (const { pid } of tree) {
    if (pid === process.pid) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  return tree.map((p) => p.pid);
}

/** Whether a process is still running (a zombie waiting to be reaped is not). */
export function running(pid: number): boolean {
  try {
    const state = execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return state !== '' && !state.startsWith('Z');
  } catch {
    return false;
  }
}
