// The progress of a scan: a line rewritten in place on a terminal, a line every few seconds in CI logs.
import { clockTime, Progress } from '@walletinfra/pulumi/fleet/progress';

function harness(tty: boolean) {
  let now = 1_000_000;
  const out: string[] = [];
  const progress = new Progress({ now: () => now, write: (t) => void out.push(t), tty });
  return { progress, out, advance: (ms: number) => void (now += ms) };
}

test('in CI: a line every 5 s with the count, rate, ETA and what was found, then the total', () => {
  const { progress, out, advance } = harness(false);
  progress.start(100);
  for (let i = 0; i < 40; i += 1) {
    advance(250);
    progress.tick(i === 3 ? 'drifted' : i === 7 ? 'unreachable' : 'conformant');
  }
  progress.rateLimit();
  for (let i = 0; i < 60; i += 1) {
    advance(250);
    progress.tick(undefined);
  }
  progress.finish();
  expect(out).toEqual([
    '[fleet] scanning 100 sub-organizations\n',
    '[fleet] 20/100 (20%) · 4.0/s · ETA 0:20 · drifted 1 · unreachable 1\n',
    '[fleet] 40/100 (40%) · 4.0/s · ETA 0:15 · drifted 1 · unreachable 1\n',
    '[fleet] 60/100 (60%) · 4.0/s · ETA 0:10 · drifted 1 · unreachable 1 · 1 rate-limit waits\n',
    '[fleet] 80/100 (80%) · 4.0/s · ETA 0:05 · drifted 1 · unreachable 1 · 1 rate-limit waits\n',
    '[fleet] 100/100 (100%) · 4.0/s · drifted 1 · unreachable 1 · 1 rate-limit waits\n',
    '[fleet] scanned 100 in 0:25\n',
  ]);
});

test('on a terminal: one line rewritten at most every 100 ms, ended with a line break', () => {
  const { progress, out, advance } = harness(true);
  progress.start(3);
  progress.tick('conformant');
  advance(50);
  progress.tick('conformant');
  advance(60);
  progress.tick('unmanaged');
  progress.finish();
  expect(out).toEqual(
    [
      '[fleet] scanning 3 sub-organizations\n',
      '\r\x1b[2K[fleet] 1/3 (33%) · 0.0/s',
      '\r\x1b[2K[fleet] 3/3 (100%) · 27/s · unmanaged 1',
      '\r\x1b[2K[fleet] 3/3 (100%) · 27/s · unmanaged 1',
      '\n',
      '[fleet] scanned 3 in 0:00',
    ].map((l, i) => (i === 5 ? `${l}\n` : l)),
  );
});

test('clock times', () => {
  expect([clockTime(0), clockTime(65_000), clockTime(3_600_000 + 7_000)]).toEqual(['0:00', '1:05', '1:00:07']);
});
