// The WebAssembly tiering hold a process may install (@walletinfra/sdk/process), with the V8 flag setter
// injected: what it sets, when, how often, and when it keeps out; and how it follows the transport's
// diagnostics channels. tests/integration/sdk/wasm-tiering.test.ts asks V8 for the effect.
import { hasSubscribers } from 'node:diagnostics_channel';
import { Transport } from '@walletinfra/sdk';
import { installWasmTieringHold } from '@walletinfra/sdk/process';
import {
  BASELINE_ONLY_FLAGS,
  DEFAULT_TIERING_FLAGS,
  holdWasmTieringAroundFirstExchange,
  WasmTiering,
  type WasmTieringEnv,
} from '@walletinfra/sdk/process/wasm-tiering';
import { announceAttemptSettled, announceClosed, announcePoolOpen, TRANSPORT_CHANNELS } from '@walletinfra/sdk/transport/channels';

function tiering(env: Partial<WasmTieringEnv> = {}): { switch: WasmTiering; set: string[] } {
  const set: string[] = [];
  const sw = new WasmTiering({ setFlags: (flags) => set.push(flags), execArgv: [], nodeOptions: undefined, ...env });
  return { switch: sw, set };
}

describe('WasmTiering', () => {
  it('holds the baseline-only flags once and restores the defaults once', () => {
    const t = tiering();
    t.switch.hold();
    expect(t.switch.held).toBe(true);
    t.switch.hold();
    expect(t.set).toEqual([BASELINE_ONLY_FLAGS]);
    t.switch.release();
    t.switch.release();
    expect(t.switch.held).toBe(false);
    expect(t.set).toEqual([BASELINE_ONLY_FLAGS, DEFAULT_TIERING_FLAGS]);
  });

  it('never holds again once released: the parser it was for is compiled', () => {
    const t = tiering();
    t.switch.hold();
    t.switch.release();
    t.switch.hold();
    expect(t.switch.held).toBe(false);
    expect(t.set).toEqual([BASELINE_ONLY_FLAGS, DEFAULT_TIERING_FLAGS]);
  });

  it('a release before any hold sets nothing', () => {
    const t = tiering();
    t.switch.release();
    t.switch.hold();
    expect(t.set).toEqual([BASELINE_ONLY_FLAGS]);
  });

  it('restores every flag the hold changed: --liftoff-only turns off both kinds of tier-up', () => {
    expect(BASELINE_ONLY_FLAGS).toBe('--liftoff-only');
    expect(DEFAULT_TIERING_FLAGS.split(' ').sort()).toEqual(['--no-liftoff-only', '--wasm-dynamic-tiering', '--wasm-tier-up']);
  });

  it.each([
    ['node arguments', { execArgv: ['--liftoff-only'] }],
    ['node arguments', { execArgv: ['--max-old-space-size=4096', '--no-wasm-tier-up'] }],
    ['node arguments', { execArgv: ['--wasm-tiering-budget=1000'] }],
    ['node arguments', { execArgv: ['--jitless'] }],
    ['NODE_OPTIONS', { nodeOptions: '--require x.js --no-wasm-dynamic-tiering' }],
    ['NODE_OPTIONS', { nodeOptions: '--no-liftoff' }],
  ])('keeps out when the process chose its own tiering in its %s', (_where, env) => {
    const t = tiering(env);
    t.switch.hold();
    t.switch.release();
    expect(t.switch.held).toBe(false);
    expect(t.set).toEqual([]);
  });

  it('other options do not count as a tiering choice', () => {
    const t = tiering({ execArgv: ['--max-old-space-size=4096', '--enable-source-maps'], nodeOptions: '--require ./x.js --wasm-memory64' });
    t.switch.hold();
    expect(t.set).toEqual([BASELINE_ONLY_FLAGS]);
  });

  it('does nothing on a runtime without a V8 flag setter', () => {
    const t = tiering({ setFlags: undefined });
    t.switch.hold();
    expect(t.switch.held).toBe(false);
    t.switch.release();
    expect(t.switch.held).toBe(false);
  });
});

describe('the hold around the first exchange', () => {
  const settled = { origin: 'http://127.0.0.1:1', method: 'GET', path: '/', status: 200 } as const;
  // The channels the hold follows (the exchange channel is a recording's, ../recording).
  const HOLD_CHANNELS = [TRANSPORT_CHANNELS.poolOpen, TRANSPORT_CHANNELS.attemptSettled, TRANSPORT_CHANNELS.closed];
  const listening = (): boolean[] => HOLD_CHANNELS.map((name) => hasSubscribers(name));

  it('nobody listens unless a process installs it: loading the sdk and its process entry subscribes to nothing', () => {
    expect([typeof Transport, typeof installWasmTieringHold]).toEqual(['function', 'function']);
    expect(listening()).toEqual([false, false, false]);
    expect(hasSubscribers(TRANSPORT_CHANNELS.exchange)).toBe(false);
  });

  it('holds when the sdk opens a pool of its own, releases when an exchange settles, then stops listening', () => {
    const t = tiering();
    holdWasmTieringAroundFirstExchange(t.switch);
    expect(listening()).toEqual([true, true, true]);
    announcePoolOpen({ connections: 16 });
    expect([t.switch.held, t.set]).toEqual([true, [BASELINE_ONLY_FLAGS]]);
    announcePoolOpen({ connections: 16 });
    announceAttemptSettled(settled);
    expect([t.switch.held, t.set]).toEqual([false, [BASELINE_ONLY_FLAGS, DEFAULT_TIERING_FLAGS]]);
    expect(listening()).toEqual([false, false, false]);
  });

  it('an exchange through a dispatcher the caller gave, before any pool of its own, changes nothing', () => {
    const t = tiering();
    const stop = holdWasmTieringAroundFirstExchange(t.switch);
    announceAttemptSettled({ ...settled, status: undefined });
    expect(t.set).toEqual([]);
    expect(listening()).toEqual([true, true, true]);
    stop();
    expect(listening()).toEqual([false, false, false]);
  });

  it('a transport closed before its first exchange settles releases the hold', () => {
    const t = tiering();
    holdWasmTieringAroundFirstExchange(t.switch);
    announcePoolOpen({ connections: undefined });
    announceClosed({ baseUrl: 'http://127.0.0.1:1' });
    expect(t.set).toEqual([BASELINE_ONLY_FLAGS, DEFAULT_TIERING_FLAGS]);
    expect(listening()).toEqual([false, false, false]);
  });

  it('stopping it while held restores the defaults; stopping it again does nothing', () => {
    const t = tiering();
    const stop = holdWasmTieringAroundFirstExchange(t.switch);
    announcePoolOpen({ connections: 16 });
    stop();
    stop();
    announcePoolOpen({ connections: 16 });
    expect(t.set).toEqual([BASELINE_ONLY_FLAGS, DEFAULT_TIERING_FLAGS]);
  });

  it('a process that chose its own tiering stops listening at the first pool', () => {
    const t = tiering({ execArgv: ['--liftoff'] });
    holdWasmTieringAroundFirstExchange(t.switch);
    announcePoolOpen({ connections: 16 });
    expect([t.set, listening()]).toEqual([[], [false, false, false]]);
  });

  it('a switch that has already done its work does not listen at all', () => {
    const t = tiering();
    t.switch.hold();
    t.switch.release();
    holdWasmTieringAroundFirstExchange(t.switch);
    expect(listening()).toEqual([false, false, false]);
  });
});
