// The provider's small machinery: the per-organization concurrency limit and the coalesced list cache.
import { ConcurrencyLimit } from '@walletinfra/sdk';
import { Coalescer } from '@walletinfra/pulumi/internal/coalesce';
import { containsUnknown, isUnknown, UNKNOWN } from '@walletinfra/pulumi/wire';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise<void>((r) => setImmediate(r));

describe('ConcurrencyLimit', () => {
  test('runs at most max at once, in arrival order', async () => {
    const limit = new ConcurrencyLimit(2);
    const limiter = {
      run: async <T>(fn: () => Promise<T>): Promise<T> => {
        const release = await limit.acquire();
        try {
          return await fn();
        } finally {
          release();
        }
      },
      get active() {
        return limit.active;
      },
      get queued() {
        return limit.queued;
      },
    };
    const gates = [0, 1, 2, 3].map(() => deferred<number>());
    const started: number[] = [];
    const results = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i);
        return g.promise;
      }),
    );
    const settled = Promise.allSettled(results);
    await flush();
    expect([started, limiter.active, limiter.queued]).toEqual([[0, 1], 2, 2]);
    gates[1]!.resolve(1);
    await flush();
    expect([started, limiter.active, limiter.queued]).toEqual([[0, 1, 2], 2, 1]);
    gates[0]!.reject(new Error('boom'));
    await flush();
    expect(started).toEqual([0, 1, 2, 3]);
    gates[2]!.resolve(2);
    gates[3]!.resolve(3);
    expect(await settled).toEqual([
      { status: 'rejected', reason: new Error('boom') },
      { status: 'fulfilled', value: 1 },
      { status: 'fulfilled', value: 2 },
      { status: 'fulfilled', value: 3 },
    ]);
    expect([limiter.active, limiter.queued]).toEqual([0, 0]);
  });

  test('rejects a non-positive size', () => {
    expect(() => new ConcurrencyLimit(0)).toThrow(new RangeError('concurrency limit must be a positive integer, got 0'));
  });
});

describe('Coalescer', () => {
  test('concurrent callers share one fetch; the result is reused until the ttl passes (without maxAgeMs, reuse does not extend it)', async () => {
    let now = 1000;
    const c = new Coalescer<number>({ ttlMs: 500, now: () => now });
    let calls = 0;
    const gate = deferred<number>();
    const fetch = () => {
      calls += 1;
      return calls === 1 ? gate.promise : Promise.resolve(calls * 10);
    };
    const a = c.get('org/policies', fetch);
    const b = c.get('org/policies', fetch);
    gate.resolve(7);
    expect([await a, await b, calls]).toEqual([7, 7, 1]);
    now += 499;
    expect([await c.get('org/policies', fetch), calls]).toEqual([7, 1]);
    now += 1;
    expect([await c.get('org/policies', fetch), calls]).toEqual([20, 2]);
    expect([await c.get('org/webhooks', fetch), calls]).toEqual([30, 3]);
  });

  test('readers that keep coming keep the answer, each within the ttl of the one before, up to maxAgeMs', async () => {
    let now = 0;
    const c = new Coalescer<number>({ ttlMs: 500, maxAgeMs: 2000, now: () => now });
    let calls = 0;
    const fetch = () => Promise.resolve((calls += 1));
    expect(await c.get('k', fetch)).toBe(1);
    // 400 ms apart: reused past the ttl, until the answer is 2000 ms old
    for (now = 400; now < 2000; now += 400) expect([now, await c.get('k', fetch)]).toEqual([now, 1]);
    expect(await c.get('k', fetch)).toBe(2);
    // a pause of the ttl since the last reader: fetched again
    now += 499;
    expect(await c.get('k', fetch)).toBe(2);
    now += 500;
    expect(await c.get('k', fetch)).toBe(3);
  });

  test('invalidate forces a new fetch, and an in-flight answer that predates it is not cached', async () => {
    const c = new Coalescer<string>({ ttlMs: 10_000, now: () => 0 });
    const first = deferred<string>();
    let calls = 0;
    const fetch = () => {
      calls += 1;
      return calls === 1 ? first.promise : Promise.resolve(`fetch-${calls}`);
    };
    const stale = c.get('k', fetch);
    c.invalidate('k');
    const fresh = c.get('k', fetch);
    first.resolve('fetch-1');
    expect([await stale, await fresh, await c.get('k', fetch), calls]).toEqual(['fetch-1', 'fetch-2', 'fetch-2', 2]);
  });

  test('a failed fetch is not cached', async () => {
    const c = new Coalescer<string>({ ttlMs: 10_000, now: () => 0 });
    let calls = 0;
    const fetch = () => {
      calls += 1;
      if (calls === 1) throw new Error('down');
      return Promise.resolve('up');
    };
    await expect(c.get('k', fetch)).rejects.toThrow(new Error('down'));
    expect([await c.get('k', fetch), calls]).toEqual(['up', 2]);
  });
});

describe('unknown values', () => {
  test('the engine sentinel, also when nested', () => {
    expect(isUnknown(UNKNOWN)).toBe(true);
    expect(isUnknown('x')).toBe(false);
    expect(containsUnknown({ a: [1, { b: UNKNOWN }] })).toBe(true);
    expect(containsUnknown({ a: [1, { b: 'c' }], d: null })).toBe(false);
  });
});
