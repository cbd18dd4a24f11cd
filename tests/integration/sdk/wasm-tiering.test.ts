// The transport keeps undici's WebAssembly HTTP parser on V8's baseline tier (sdk/src/transport/wasm-tiering.ts),
// and only that: V8 itself is asked, in a child process with natives syntax, which tier a module compiled while
// the transport's first request is under way runs on, and one compiled after it.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function tiers(mode: string, nodeArgs: string[] = []): Promise<{ duringOnLiftoff: boolean; afterOnLiftoff: boolean }> {
  const { stdout } = await run(
    process.execPath,
    [
      '--allow-natives-syntax',
      ...nodeArgs,
      '-r',
      join(__dirname, '..', '..', 'support', 'emulator-ts-register.js'),
      join(__dirname, 'wasm-tiering-child.js'),
      mode,
    ],
    { timeout: 50_000, env: { ...process.env, NODE_OPTIONS: '' } },
  );
  return JSON.parse(stdout.trim().split('\n').pop() as string);
}

describe('WebAssembly tiering around the first request', () => {
  it('a transport with its own pool keeps what compiles before its first answer on the baseline tier, and nothing after', async () => {
    expect(await tiers('own-pool')).toEqual({ duringOnLiftoff: true, afterOnLiftoff: false });
  });

  it('a transport sending through a dispatcher it was given leaves V8 alone', async () => {
    expect(await tiers('user-dispatcher')).toEqual({ duringOnLiftoff: false, afterOnLiftoff: false });
  });

  it('a process started with its own WebAssembly tiering option is left alone', async () => {
    expect(await tiers('own-pool', ['--liftoff'])).toEqual({ duringOnLiftoff: false, afterOnLiftoff: false });
  });
});
