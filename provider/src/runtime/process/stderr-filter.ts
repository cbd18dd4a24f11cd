// Changes the process: replaces `console.error` in the dynamic-provider process, installed only by its entry
// (../index.ts). The Node shim prints `${e}: ${e.stack}` to stderr for a failed check/diff/read/delete before
// returning the message to the engine, which prints it again (cmd/dynamic-provider/index.js in
// @pulumi/pulumi); for our own errors, already in the words of the configuration, that first copy is dropped.

/** What console the filter wraps (the process's own unless a test gives one). */
export interface ErrorConsole {
  error(...args: unknown[]): void;
}

/** Texts whose next shim copy is dropped, each once. */
const quiet = new Set<string>();
let installed = false;

/** Drops the next `console.error(text)` (the shim's copy of an error we report); nothing unless installed. */
export function dropShimCopy(text: string): void {
  if (installed) quiet.add(text);
}

/** Wraps `target.error` (once per process) so a copy named by `dropShimCopy` is not printed; all else passes. */
export function installStderrFilter(target: ErrorConsole = console): void {
  if (installed) return;
  installed = true;
  const original = target.error.bind(target);
  target.error = (...args: unknown[]) => {
    const first = args[0];
    if (args.length === 1 && typeof first === 'string') {
      for (const text of quiet) {
        if (first.startsWith(text)) {
          quiet.delete(text);
          return;
        }
      }
    }
    original(...args);
  };
}
