// The `pulumi` each stack runs is started through this guard, so that killing `walletinfra-fleet` alone (kill -9 of
// its pid, not of its process group) cannot leave a stack's engine dying half way or running unobserved.
//
// Without it, the Pulumi CLI's output goes straight to a pipe of `walletinfra-fleet`; once that process is gone the
// CLI's next write to the pipe (its non-interactive display writes a progress line every few seconds) raises SIGPIPE,
// which the Go runtime turns into an exit on the spot (https://pkg.go.dev/os/signal, "SIGPIPE"): the stack's lock and
// the interrupted operation stay in the state, and the engine's plugins (the language host, the provider), each in a
// process group of its own, are left running with nobody to close them.
//
// The guard sits between the two: it forwards the engine's output while `walletinfra-fleet` is there, and notices
// it is gone when its stdin (a pipe only `walletinfra-fleet` holds open: the Automation API never writes or closes
// it) ends or a write to it fails. It then asks the engine to stop the way Ctrl-C does (one SIGINT: Pulumi finishes
// the operations in flight, records them, starts no other, releases the stack's lock and closes its plugins,
// https://www.pulumi.com/docs/iac/cli/commands/pulumi_cancel/ for what a lock is) and keeps reading its output,
// which goes nowhere, until it has ended. A Ctrl-C at the terminal already reached the engine (the same process
// group): the guard then sends no second one, which would make Pulumi stop at once.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SIGNALS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGPIPE: 13, SIGTERM: 15 };

/** Runs `pulumi` (argv[0]) with argv[1..] under the guard; this process exits as it does. */
export function guardMain(argv: readonly string[]): void {
  const [pulumi, ...args] = argv;
  const child = spawn(pulumi ?? 'pulumi', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let parentGone = false;
  let interrupted = false;
  const onParentGone = (): void => {
    if (parentGone) return;
    parentGone = true;
    if (!interrupted && child.exitCode === null && child.signalCode === null) {
      interrupted = true;
      child.kill('SIGINT');
    }
  };
  // A Ctrl-C (or a CI runner's SIGINT/SIGTERM to the process group) reached the engine too: noted, not repeated.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => (interrupted = true));
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    to.on('error', onParentGone);
    from.on('data', (chunk: Buffer) => {
      if (!parentGone) to.write(chunk);
    });
  }
  process.stdin.on('end', onParentGone).on('error', onParentGone).resume();
  child.on('error', (error) => {
    if (!parentGone) process.stderr.write(`walletinfra-fleet: could not start ${pulumi ?? 'pulumi'}: ${error.message}\n`);
    process.exit(127);
  });
  child.on('close', (code, signal) => process.exit(code ?? 128 + (signal !== null ? (SIGNALS[signal] ?? 1) : 1)));
}

/** A shell single-quoted word. */
function quoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * Writes `<dir>/bin/pulumi`, which runs `pulumi` (the CLI's path) under the guard with this Node.js, and returns
 * `dir`: the installation root the Automation API's `PulumiCommand.get({ root })` takes.
 */
export function writeGuardedPulumi(dir: string, pulumi: string): string {
  mkdirSync(join(dir, 'bin'), { recursive: true, mode: 0o700 });
  const file = join(dir, 'bin', 'pulumi');
  writeFileSync(file, `#!/bin/sh\nexec ${quoted(process.execPath)} ${quoted(__filename)} ${quoted(pulumi)} "$@"\n`, { mode: 0o700 });
  chmodSync(file, 0o700);
  return dir;
}

if (require.main === module) guardMain(process.argv.slice(2));
