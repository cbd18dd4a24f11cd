// The e2e suites' process runner: a child that exits without reading its stdin is a result, not a crash.
// 1 MiB of input is more than a pipe holds, so the write is still pending when the child exits: the EPIPE
// that follows is certain, not a race.
import { run } from '../../../support/e2e/process';

test('a child that exits without reading its input resolves with its exit code', async () => {
  const result = await run('bash', ['-c', 'echo done; exit 2'], { cwd: __dirname, env: process.env, input: 'x'.repeat(1 << 20) });
  expect(result).toEqual({ code: 2, stdout: 'done\n', stderr: '' });
});

test('a child that reads its input gets all of it', async () => {
  const result = await run('wc', ['-c'], { cwd: __dirname, env: process.env, input: 'x'.repeat(1 << 20) });
  expect(result.code).toBe(0);
  expect(result.stdout.trim()).toBe(String(1 << 20));
});
