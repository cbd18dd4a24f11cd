// A process that installs the WebAssembly tiering hold (sdk/src/process/wasm-tiering.ts, as the provider
// runtime's entry does) keeps undici's HTTP parser on V8's baseline tier, and only that; a process that uses
// the sdk as a library keeps V8's flags as they are. V8 itself is asked, in a child process with natives
// syntax, which tier a module compiled while the transport's first request is under way runs on, and one
// compiled after it; the child also records every V8 flag change.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface Tiers {
  duringOnLiftoff: boolean;
  afterOnLiftoff: boolean;
  flagsSet: string[];
}

async function tiers(mode: 'library' | 'hold' | 'hold-user-dispatcher', nodeArgs: string[] = []): Promise<Tiers> {
  const { stdout } = await run(
    process.execPath,
    [
      '--allow-natives-syntax',
      ...nodeArgs,
      '-r',
      join(__dirname, '..', '..', 'support', 'ts-register-src.js'),
      join(__dirname, 'wasm-tiering-child.js'),
      mode,
    ],
    { timeout: 50_000, env: { ...process.env, NODE_OPTIONS: '' } },
  );
  return JSON.parse(stdout.trim().split('\n').pop() as string) as Tiers;
}

describe('WebAssembly tiering around the first request', () => {
  it('with the hold installed, a transport with its own pool keeps what compiles before its first answer on the baseline tier, and nothing after', async () => {
    expect(await tiers('hold')).toEqual({
      duringOnLiftoff: true,
      afterOnLiftoff: false,
      flagsSet: ['--liftoff-only', '--no-liftoff-only --wasm-tier-up --wasm-dynamic-tiering'],
    });
  });

  it('with the hold installed, a transport sending through a dispatcher it was given leaves V8 alone', async () => {
    expect(await tiers('hold-user-dispatcher')).toEqual({ duringOnLiftoff: false, afterOnLiftoff: false, flagsSet: [] });
  });

  it('with the hold installed, a process started with its own WebAssembly tiering option is left alone', async () => {
    expect(await tiers('hold', ['--liftoff'])).toEqual({ duringOnLiftoff: false, afterOnLiftoff: false, flagsSet: [] });
  });

  it("the sdk used as a library, with its own pool, never changes the process's V8 flags", async () => {
    expect(await tiers('library')).toEqual({ duringOnLiftoff: false, afterOnLiftoff: false, flagsSet: [] });
  });
});
