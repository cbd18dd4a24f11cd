// The switch behind the transport's WebAssembly tiering hold, with the V8 flag setter injected: what it sets,
// when, how often, and when it keeps out. tests/integration/sdk/wasm-tiering.test.ts asks V8 for the effect.
import { BASELINE_ONLY_FLAGS, DEFAULT_TIERING_FLAGS, WasmTiering, type WasmTieringEnv } from '@walletinfra/sdk/transport/wasm-tiering';

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
