// `walletinfra-fleet` in process against a test fleet (./fleet.ts): the dependencies a test gives the CLI's `main`,
// its output kept, and the directory a test file runs it in.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CliDeps } from '@walletinfra/pulumi/fleet/cli';
import { REPO_ROOT } from './e2e/process';

export type TestCliDeps = CliDeps & { out: string[]; err: string[] };

/**
 * The CLI's dependencies: run in `cwd` with `env` (and this process's PATH and HOME unless `env` gives them), not on a
 * terminal, stdout and stderr kept in `out` and `err`; `overrides` replace any of them.
 */
export function fleetCliDeps(cwd: string, env: Record<string, string | undefined>, overrides: Partial<CliDeps> = {}): TestCliDeps {
  const out: string[] = [];
  const err: string[] = [];
  return {
    now: () => Date.now(),
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    writeFile: (p, t) => writeFileSync(p, t),
    readFile: (p) => readFileSync(p, 'utf8'),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    cwd,
    isTTY: false,
    out,
    err,
    ...overrides,
  };
}

/** A fresh directory under the repository's .data (ignored by git) for one test file's runs: `.data/<prefix>XXXXXX`. */
export function fleetWorkDir(prefix: string): string {
  mkdirSync(join(REPO_ROOT, '.data'), { recursive: true });
  return mkdtempSync(join(REPO_ROOT, '.data', prefix));
}
