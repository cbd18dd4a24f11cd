// Where warnings go (an object `destroy` leaves in place, a policy whose contract interface is missing),
// installed only by the dynamic-provider process's entry (../index.ts): to the engine as a WARNING-severity log
// (./engine-log.ts), which the CLI prints as `warning: …` in the run's diagnostics. A dynamic provider has no
// other way to warn: check failures are errors, and its stderr shows as plain output. Before it is installed,
// and in any other process, a warning goes to stderr.
import { engineAddressOf, engineLog, type EngineLog } from './engine-log';

let sink: EngineLog | undefined;
let installed = false;
let delivered: Promise<void> = Promise.resolve();

/** Sends warnings to the engine whose address the process's arguments give (once per process). */
export function installWarnings(argv: readonly string[] = process.argv): void {
  if (installed) return;
  installed = true;
  const address = engineAddressOf(argv);
  if (address !== undefined) sink = engineLog(address, 'WARNING');
}

/** One warning: to the engine when installed (without a leading `warning: `, which the CLI adds), else to stderr. */
export function sendWarning(text: string, stderr: { write(text: string): unknown } = process.stderr): void {
  if (sink === undefined) {
    stderr.write(`${text}\n`);
    return;
  }
  const send = sink;
  delivered = Promise.all([delivered, send(text.replace(/^warning: /, ''))]).then(() => undefined);
}

/** Resolves once every warning sent so far is delivered: a step waits for it, or the engine may finish first. */
export function warningsDelivered(): Promise<void> {
  return delivered;
}
