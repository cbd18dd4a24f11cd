// Where the stack trace of an error we report goes, installed only by the dynamic-provider process's entry
// (../index.ts): to the engine as a debug-severity log (./engine-log.ts), which `pulumi up --debug` displays
// and a plain `pulumi up` hides; and, when the user asked for traces (../debug.ts), also to stderr, which the
// engine always shows. Before it is installed, and in any other process, a trace goes nowhere.
import { debugRequested } from '../../internal/debug';
import { engineAddressOf, engineDebugLog, type EngineLog } from './engine-log';

let sinks: EngineLog[] = [];
let installed = false;

/** The traces sent so far, delivered (or given up on). */
let delivered: Promise<void> = Promise.resolve();

/** Chooses the sinks from the process's arguments and environment (once per process). */
export function installTraces(
  argv: readonly string[] = process.argv,
  env: Readonly<Record<string, string | undefined>> = process.env,
  stderr: { write(text: string): unknown } = process.stderr,
): void {
  if (installed) return;
  installed = true;
  const address = engineAddressOf(argv);
  sinks = [
    ...(address !== undefined ? [engineDebugLog(address)] : []),
    ...(debugRequested(env, argv)
      ? [
          (text: string) => {
            stderr.write(`${text}\n`);
            return Promise.resolve();
          },
        ]
      : []),
  ];
}

/** Sends one trace to every sink; `tracesDelivered` waits for it. */
export function sendTrace(text: string): void {
  if (sinks.length === 0) return;
  delivered = Promise.all([delivered, ...sinks.map((sink) => sink(text))]).then(() => undefined);
}

/** Resolves once every trace sent so far is delivered: an error waits for it, or the engine may finish first. */
export function tracesDelivered(): Promise<void> {
  return delivered;
}
