// The waves of a rollout: the canary first, then as many at once as the concurrency mode allows, stopping once
// more than the failure tolerance failed. Driven step by step, as the rollout drives it: which start, which finish.
import { concurrencyLimit, toleranceCount, Waves, type Outcome, type WavePolicy } from '@walletinfra/pulumi/fleet/up/waves';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `s${String(i + 1).padStart(2, '0')}`);

/** Every sub-organization that may start now. */
function startAll(waves: Waves): string[] {
  const out: string[] = [];
  for (let next = waves.next(); next !== undefined; next = waves.next()) out.push(`${next.id}:${next.wave}`);
  return out;
}

/** Runs the waves to their end with each outcome from `outcomes` (default succeeded), finishing the oldest running first. */
function simulate(policy: WavePolicy, n: number, outcomes: Record<string, Outcome> = {}): { started: string[][]; waves: Waves } {
  const waves = new Waves(ids(n), policy);
  const started: string[][] = [];
  const running: string[] = [];
  for (;;) {
    const batch = startAll(waves);
    if (batch.length > 0) started.push(batch);
    running.push(...batch.map((b) => b.split(':')[0] as string));
    const id = running.shift();
    if (id === undefined) break;
    waves.finish(id, outcomes[id] ?? 'succeeded');
  }
  return { started, waves };
}

test('a percentage tolerance is a count of the targets, rounded down (as StackSets)', () => {
  expect(toleranceCount({ percent: 10 }, 48)).toBe(4);
  expect(toleranceCount({ percent: 10 }, 9)).toBe(0);
  expect(toleranceCount({ percent: 100 }, 7)).toBe(7);
  expect(toleranceCount({ count: 3 }, 1)).toBe(3);
});

test('strict: at most tolerance + 1 - failed at once, never above max-concurrent; soft: max-concurrent', () => {
  const strict = { maxConcurrent: 4, tolerance: 2, mode: 'strict', canary: 0 } as const;
  expect([0, 1, 2, 3].map((failed) => concurrencyLimit(strict, failed))).toEqual([3, 2, 1, 0]);
  expect(concurrencyLimit({ ...strict, tolerance: 10 }, 0)).toBe(4);
  expect(concurrencyLimit({ ...strict, tolerance: 0 }, 0)).toBe(1);
  expect([0, 5].map((failed) => concurrencyLimit({ ...strict, mode: 'soft' }, failed))).toEqual([4, 4]);
});

test('the canary runs alone; once it succeeded the rest run max-concurrent at a time', () => {
  const { started, waves } = simulate({ maxConcurrent: 3, tolerance: 5, mode: 'strict', canary: 1 }, 7);
  expect(started).toEqual([['s01:canary'], ['s02:main', 's03:main', 's04:main'], ['s05:main'], ['s06:main'], ['s07:main']]);
  expect(waves.stopped).toBeUndefined();
  expect(waves.done).toBe(true);
});

test('a canary wave of two: both run (within the limit), nothing else starts before both succeeded', () => {
  const waves = new Waves(ids(6), { maxConcurrent: 4, tolerance: 3, mode: 'soft', canary: 2 });
  expect(startAll(waves)).toEqual(['s01:canary', 's02:canary']);
  waves.finish('s01', 'succeeded');
  expect(startAll(waves)).toEqual([]);
  waves.finish('s02', 'succeeded');
  expect(startAll(waves)).toEqual(['s03:main', 's04:main', 's05:main', 's06:main']);
});

test('a failed canary stops the rollout before the first wave, whatever the tolerance', () => {
  const { started, waves } = simulate({ maxConcurrent: 4, tolerance: 10, mode: 'soft', canary: 1 }, 5, { s01: 'failed' });
  expect(started).toEqual([['s01:canary']]);
  expect(waves.stopped).toBe('canary-failed');
  expect(waves.notStarted()).toEqual(['s02', 's03', 's04', 's05']);
});

test('a refused sub-organization takes no canary place: the next one is the canary', () => {
  const waves = new Waves(ids(4), { maxConcurrent: 1, tolerance: 0, mode: 'strict', canary: 1 });
  expect(startAll(waves)).toEqual(['s01:canary']);
  waves.finish('s01', 'refused');
  expect(startAll(waves)).toEqual(['s02:canary']);
  waves.finish('s02', 'succeeded');
  expect(startAll(waves)).toEqual(['s03:main']);
  expect(waves.stopped).toBeUndefined();
});

test('strict with tolerance 0 (the default): one at a time, stopped by the first failure', () => {
  const { started, waves } = simulate({ maxConcurrent: 4, tolerance: 0, mode: 'strict', canary: 1 }, 6, { s03: 'failed' });
  expect(started.flat()).toEqual(['s01:canary', 's02:main', 's03:main']);
  expect(started.every((batch) => batch.length === 1)).toBe(true);
  expect(waves.stopped).toBe('tolerance-crossed');
  expect(waves.notStarted()).toEqual(['s04', 's05', 's06']);
});

test('strict lowers concurrency as failures come, and never more than tolerance + 1 fail', () => {
  const waves = new Waves(ids(10), { maxConcurrent: 4, tolerance: 2, mode: 'strict', canary: 0 });
  expect(startAll(waves)).toEqual(['s01:main', 's02:main', 's03:main']);
  waves.finish('s01', 'failed');
  expect(waves.limit).toBe(2);
  expect(startAll(waves)).toEqual([]); // two running, the limit is two
  waves.finish('s02', 'failed');
  expect(waves.limit).toBe(1);
  expect(startAll(waves)).toEqual([]);
  waves.finish('s03', 'succeeded');
  expect(startAll(waves)).toEqual(['s04:main']);
  waves.finish('s04', 'failed');
  expect(waves.stopped).toBe('tolerance-crossed');
  expect(waves.limit).toBe(0);
  expect(startAll(waves)).toEqual([]);
  expect(waves.notStarted()).toHaveLength(6);
});

test('soft keeps max-concurrent running after failures; past the tolerance it stops starting and lets the running finish', () => {
  const waves = new Waves(ids(10), { maxConcurrent: 3, tolerance: 1, mode: 'soft', canary: 0 });
  expect(startAll(waves)).toEqual(['s01:main', 's02:main', 's03:main']);
  waves.finish('s01', 'failed');
  expect(startAll(waves)).toEqual(['s04:main']);
  waves.finish('s02', 'failed');
  expect(waves.stopped).toBe('tolerance-crossed');
  expect(waves.done).toBe(false); // s03 and s04 still run
  waves.finish('s03', 'failed');
  waves.finish('s04', 'succeeded');
  expect(waves.done).toBe(true);
  expect(waves.notStarted()).toEqual(['s05', 's06', 's07', 's08', 's09', 's10']);
});

test('refusals are not failures: a strict rollout with tolerance 0 goes on past them', () => {
  const { waves, started } = simulate({ maxConcurrent: 1, tolerance: 0, mode: 'strict', canary: 1 }, 5, { s02: 'refused', s04: 'refused' });
  expect(started.flat()).toHaveLength(5);
  expect(waves.stopped).toBeUndefined();
});

test('a resumed rollout whose canary already succeeded has no canary wave', () => {
  const waves = new Waves(ids(3), { maxConcurrent: 2, tolerance: 1, mode: 'strict', canary: 1 }, true);
  expect(startAll(waves)).toEqual(['s01:main', 's02:main']);
});

test('when every canary candidate is refused the canary wave ends and nothing is left', () => {
  const waves = new Waves(ids(2), { maxConcurrent: 1, tolerance: 0, mode: 'strict', canary: 1 });
  startAll(waves);
  waves.finish('s01', 'refused');
  startAll(waves);
  waves.finish('s02', 'refused');
  expect(waves.done).toBe(true);
  expect(waves.stopped).toBeUndefined();
  expect(() => waves.finish('s02', 'succeeded')).toThrow('s02 was not running');
});
