// Changes the process: V8 flags. Nothing in the sdk calls this module; a process opts in from its entry point
// (`installWasmTieringHold()` from `@walletinfra/sdk/process`, as the Pulumi provider's runtime does).
//
// undici parses HTTP/1.1 responses with llhttp compiled to WebAssembly: the npm package `undici` builds the
// module with `new WebAssembly.Module(...)` on its first connection (lazyllhttp in lib/dispatcher/client-h1.js).
// Left to V8's defaults, the parser starts on V8's baseline compiler (Liftoff) and its hot functions are then
// recompiled by the optimizing compiler (TurboFan) on background threads. For a client that reads a few
// hundred short JSON answers, that recompilation costs more than the parsing it speeds up: a process sending
// 300 creates and 300 reads to the emulator peaked at 118 MiB with it and 92 MiB without, and used about a
// tenth less CPU (bench/README.md, "Where the provider's remaining cost goes").
//
// So, once installed, the hold asks V8 for its baseline compiler only (`--liftoff-only`) from the moment the
// sdk opens its first connection pool of its own until an HTTP exchange has settled (or a transport closed),
// and then restores V8's defaults; it follows the transport through its diagnostics channels
// (../transport/channels.ts). V8 compiles a WebAssembly function on its first call, and a function keeps the
// tiering it was compiled with: undici builds the parser and runs it on the first answer inside the hold, so
// llhttp stays on Liftoff, while every module compiled later in the process, and every function first called
// later, tiers up as usual.
// `setFlagsFromString` (`node:v8`) changes the flags of a running isolate; tests/integration/sdk/wasm-tiering.test.ts
// asks V8 for the tiers this produces, so a Node.js release that reads the flags differently fails it.
// A process started with its own WebAssembly tiering options (in its arguments or NODE_OPTIONS) is left
// alone, and so is a runtime without `setFlagsFromString`.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import * as v8 from 'node:v8';
import { TRANSPORT_CHANNELS } from '../transport/channels';

/** What the hold sets, and what the release sets back (V8's defaults; `--liftoff-only` clears the other two). */
export const BASELINE_ONLY_FLAGS = '--liftoff-only';
export const DEFAULT_TIERING_FLAGS = '--no-liftoff-only --wasm-tier-up --wasm-dynamic-tiering';

/** A node or V8 option naming WebAssembly tiering: the process chose its own, so the hold keeps out. */
const OWN_TIERING_OPTION = /--(?:no-)?(?:liftoff|wasm-tier|wasm-dynamic-tiering|jitless)/;

export interface WasmTieringEnv {
  setFlags: ((flags: string) => void) | undefined;
  execArgv: readonly string[];
  nodeOptions: string | undefined;
}

type State = 'unused' | 'held' | 'done';

/** The process-wide switch: held at most once, for the first pool, then released for good. */
export class WasmTiering {
  #state: State = 'unused';

  constructor(private readonly env: WasmTieringEnv) {}

  /** Whether the baseline-only flags are on now. */
  get held(): boolean {
    return this.#state === 'held';
  }

  /** Whether the switch has nothing left to do (held and released, or kept out). */
  get done(): boolean {
    return this.#state === 'done';
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

/** The switch of this process. */
export const processWasmTiering = new WasmTiering({
  setFlags: typeof v8.setFlagsFromString === 'function' ? (flags) => v8.setFlagsFromString(flags) : undefined,
  execArgv: process.execArgv,
  nodeOptions: process.env['NODE_OPTIONS'],
});

/**
 * Drives `tiering` from the transport's channels: hold when the sdk opens a pool of its own, release when an
 * exchange settles or a transport closes, and stop listening once there is nothing left to do. Returns the
 * function that stops listening early (restoring V8's defaults if the hold is on).
 */
export function holdWasmTieringAroundFirstExchange(tiering: WasmTiering): () => void {
  const onPoolOpen = (): void => {
    tiering.hold();
    if (tiering.done) stop();
  };
  const onSettled = (): void => {
    tiering.release();
    if (tiering.done) stop();
  };
  let listening = true;
  const stop = (): void => {
    if (!listening) return;
    listening = false;
    unsubscribe(TRANSPORT_CHANNELS.poolOpen, onPoolOpen);
    unsubscribe(TRANSPORT_CHANNELS.attemptSettled, onSettled);
    unsubscribe(TRANSPORT_CHANNELS.closed, onSettled);
  };
  if (tiering.done) {
    listening = false;
    return stop;
  }
  subscribe(TRANSPORT_CHANNELS.poolOpen, onPoolOpen);
  subscribe(TRANSPORT_CHANNELS.attemptSettled, onSettled);
  subscribe(TRANSPORT_CHANNELS.closed, onSettled);
  return () => {
    stop();
    tiering.release();
  };
}

let installed: (() => void) | undefined;

/**
 * Keeps undici's WebAssembly HTTP parser on V8's baseline tier in this process (see above): call it once,
 * from the entry point of a process that sends requests through the sdk, before its first request. Calling
 * it again does nothing more. Returns the function that uninstalls it.
 */
export function installWasmTieringHold(): () => void {
  installed ??= holdWasmTieringAroundFirstExchange(processWasmTiering);
  return installed;
}
