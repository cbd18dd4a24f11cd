// What the fleet commands share around their work: the dependencies a run is given (the clock, the output, the
// files, the environment; tests give their own), progress on stderr, and report files written whole or not at all
// (each to a temporary file first, then renamed into place).
import { closeSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { messageOf } from '../errors';
import type { ProgressMode } from './args';
import type { ConnectionOptions } from './connection';
import type { StackLister } from './enrollment';
import { Progress } from './progress';
import type { ResolvedFleet } from './resolve';
import type { ScanInput } from './scan';
import type { Shard } from './shard';
import type { ProcessProbe } from './up/locks';
import type { AutomationStacksOptions, StackRunner } from './up/stacks';

export interface CliDeps {
  now(): number;
  stdout(text: string): void;
  stderr(text: string): void;
  writeFile(path: string, text: string): void;
  /** A report written piece by piece (a scan's JSON and JUnit); `writeChunksWhole` unless tests give their own. */
  writeChunks?: (path: string, chunks: Iterable<string>) => void;
  readFile(path: string): string;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** stderr is a terminal. */
  isTTY: boolean;
  /** Tests: the connection's sleep, jitter and dispatcher. */
  connection?: Partial<Pick<ConnectionOptions, 'sleep' | 'random' | 'dispatcher'>>;
  /** Tests: how a non-file backend's stacks are listed. */
  stackLister?: StackLister;
  /** Evaluating processes for per-sub-organization evaluation. */
  templateProcesses?: number;
  /** Tests of up: the stacks run by something other than the Pulumi engine. */
  stackRunner?: (options: AutomationStacksOptions) => StackRunner;
  /** Tests of up: this host and which processes live. */
  probe?: ProcessProbe & { pid: number };
  /** Tests of up: the new rollout's id. */
  rolloutId?: () => string;
}

/** Writes `text` to `path` whole: a temporary file beside it, renamed into place. */
export function writeWhole(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/** Writes `chunks` to `path` whole, as they come: a temporary file beside it (removed on failure), renamed into place. */
export function writeChunksWhole(path: string, chunks: Iterable<string>): void {
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  let written = false;
  try {
    let pending: string[] = [];
    let size = 0;
    for (const chunk of chunks) {
      pending.push(chunk);
      size += chunk.length;
      if (size < 1 << 16) continue;
      writeSync(fd, pending.join(''));
      [pending, size] = [[], 0];
    }
    writeSync(fd, pending.join(''));
    written = true;
  } finally {
    closeSync(fd);
    if (!written) rmSync(temporary, { force: true });
  }
  renameSync(temporary, path);
}

export function progressFor(mode: ProgressMode, deps: CliDeps): Progress {
  const write = mode === 'none' ? () => undefined : (text: string) => deps.stderr(text);
  const tty = mode === 'tty' || (mode === 'auto' && deps.isTTY);
  return new Progress({ now: () => deps.now(), write, tty });
}

/**
 * Writes the files the flags ask for, each `[file, render]` (a text, or its pieces written as they are made); with
 * none of them, `fallback()` goes to stdout. False when a file could not be written (said on stderr).
 */
export function writeReports(
  deps: CliDeps,
  outputs: ReadonlyArray<readonly [string | undefined, () => string | Iterable<string>]>,
  fallback: () => string,
): boolean {
  if (outputs.every(([file]) => file === undefined)) {
    deps.stdout(fallback());
    return true;
  }
  for (const [file, render] of outputs) {
    if (file === undefined) continue;
    try {
      const text = render();
      if (typeof text === 'string') deps.writeFile(resolve(deps.cwd, file), text);
      else (deps.writeChunks ?? writeChunksWhole)(resolve(deps.cwd, file), text);
    } catch (error) {
      deps.stderr(`walletinfra-fleet: could not write ${file}: ${messageOf(error)}\n`);
      return false;
    }
  }
  return true;
}

/** What a scan of the fleet reads and how: scan's, and the fresh scan `up` starts with. */
export function fleetScanInput(
  fleet: ResolvedFleet,
  shard: Shard | undefined,
  run: Pick<ScanInput, 'connection' | 'template' | 'enrollment' | 'progress'>,
): ScanInput {
  return {
    ...run,
    selector: fleet.selector,
    selectorSource: fleet.selectorSource,
    ...(shard !== undefined ? { shard } : {}),
    delegatedPublicKey: fleet.delegatedPublicKey,
    unmanagedKinds: fleet.unmanagedKinds,
    ignore: fleet.ignore,
    inFlight: fleet.concurrency * 2,
    retryBudgetMs: fleet.parent.retryBudgetMs,
  };
}
