// undici parses HTTP/1.1 responses with llhttp compiled to WebAssembly: the npm package `undici` builds the
// module with `new WebAssembly.Module(...)` on its first connection (lazyllhttp in lib/dispatcher/client-h1.js).
// Left to V8's defaults, the parser starts on V8's baseline compiler (Liftoff) and its hot functions are then
// recompiled by the optimizing compiler (TurboFan) on background threads. For a client that reads a few
// hundred short JSON answers, that recompilation costs more than the parsing it speeds up: a process sending
// 300 creates and 300 reads to the emulator peaked at 118 MiB with it and 92 MiB without, and used about a
// tenth less CPU (bench/README.md, "Where the provider's remaining cost goes").
//
// So when the sdk opens its first connection pool of its own (`openAgent` in undici.ts), it asks V8 for its
// baseline compiler only (`--liftoff-only`) until a transport's first attempt has settled, and then restores
// V8's defaults. V8 compiles a WebAssembly function on its first call, and a function keeps the tiering it
// was compiled with: undici builds the parser and runs it on the first answer inside the hold, so llhttp stays
// on Liftoff, while every module compiled later in the process, and every function first called later, tiers
// up as usual.
// `setFlagsFromString` (`node:v8`) changes the flags of a running isolate; tests/integration/sdk/wasm-tiering.test.ts
// asks V8 for the tiers this produces, so a Node.js release that reads the flags differently fails it.
// A process started with its own WebAssembly tiering options (in its arguments or NODE_OPTIONS) is left
// alone, and so is a runtime without `setFlagsFromString`.
import * as v8 from 'node:v8';

/** What the hold sets, and what the release sets back (V8's defaults; `--liftoff-only` clears the other two). */
export const BASELINE_ONLY_FLAGS = '--liftoff-only';
export const DEFAULT_TIERING_FLAGS = '--no-liftoff-only --wasm-tier-up --wasm-dynamic-tiering';

/** A node or V8 option naming WebAssembly tiering: the process chose its own, so the transport keeps out. */
const OWN_TIERING_OPTION = /--(?:no-)?(?:liftoff|wasm-tier|wasm-dynamic-tiering|jitless)/;

export interface WasmTieringEnv {
  setFlags: ((flags: string) => void) | undefined;
  execArgv: readonly string[];
  nodeOptions: string | undefined;
}

type State = 'unused' | 'held' | 'done';

/** The process-wide switch; `processWasmTiering` is the one the transport uses. */
export class WasmTiering {
  #state: State = 'unused';

  constructor(private readonly env: WasmTieringEnv) {}

  /** Whether the baseline-only flags are on now. */
  get held(): boolean {
    return this.#state === 'held';
  }

  /** Turns the baseline-only flags on, once per process and only if the process did not choose its own. */
  hold(): void {
    if (this.#state !== 'unused') return;
    this.#state = 'done';
    const { setFlags, execArgv, nodeOptions } = this.env;
    if (setFlags === undefined) return;
    if (execArgv.some((a) => OWN_TIERING_OPTION.test(a)) || OWN_TIERING_OPTION.test(nodeOptions ?? '')) return;
    setFlags(BASELINE_ONLY_FLAGS);
    this.#state = 'held';
  }

  /** Restores V8's defaults if `hold` set the flags; later calls do nothing. */
  release(): void {
    if (this.#state !== 'held') return;
    this.#state = 'done';
    this.env.setFlags?.(DEFAULT_TIERING_FLAGS);
  }
}

export const processWasmTiering = new WasmTiering({
  setFlags: typeof v8.setFlagsFromString === 'function' ? (flags) => v8.setFlagsFromString(flags) : undefined,
  execArgv: process.execArgv,
  nodeOptions: process.env['NODE_OPTIONS'],
});
