// Child processes for the end-to-end tests: run to exit and collect the output. No timers: the test waits
// on the process's own exit (jest's per-test timeout is the only bound).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { processTree, running, signalAll } from '../../acceptance/processes';

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

/**
 * SIGKILLs `root` and everything it started, as a cancelled CI job would: every descendant, and every process
 * group among them (Pulumi starts each plugin in a group of its own, so their children go with the group).
 * Returns the pids it killed. The caller's own group is never signalled.
 */
export function killTree(root: number): number[] {
  const tree = processTree(root);
  signalAll(tree, 'SIGKILL');
  return tree.map((p) => p.pid);
}

export { processTree, running };
