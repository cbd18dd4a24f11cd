// The per-organization concurrency limit sits in the clients' dispatcher, where every HTTP attempt passes:
// with rate-limit retries and approval polls in flight, no more than maxConcurrentRequests requests are
// ever at the server at once, and a request waiting out a backoff holds no slot.
import { countingDispatcher } from '../../support/counting-dispatcher';
import { useHarness } from '../../support/provider-harness';

const h = useHarness();

test('retries and polls in flight: never more than maxConcurrentRequests requests at the server', async () => {
  const { dispatcher, counts, close } = countingDispatcher();
  h.emulator.faults.set({
    seed: 7,
    rules: [
      // slow writes overlap; a third of the calls are rate limited; some writes finish only after two polls
      { path: '/public/v1/submit/create_policy', probability: 0.3, status: 429, retryAfter: 1 },
      { path: '/public/v1/submit/create_policy', probability: 0.4, pendingPolls: 2 },
      { path: '/public/v1/submit/create_policy', delayMs: 15 },
      { path: '/public/v1/query/*', probability: 0.2, status: 429 },
    ],
  });
  const rt = h.newRuntime(
    { 'walletinfra:maxConcurrentRequests': '3' },
    { clientOptions: { dispatcher: dispatcher as never }, log: () => {} },
  );
  const created = await Promise.all(
    Array.from({ length: 12 }, async (_, i) => {
      const inputs = (await rt.policy.check({}, { policyName: `bounded-${i}`, effect: 'EFFECT_DENY', notes: 'n' })).inputs;
      return rt.policy.create(inputs);
    }),
  );
  const fired = h.emulator.faults.describe().rules.map((r) => r.fired);
  h.emulator.faults.set([]);
  await close();
  expect(new Set(created.map((c) => c.id)).size).toBe(12);
  // rate limits, pending activities (polled) and delays all happened, and the bound held
  expect(fired.map((n) => n > 0)).toEqual([true, true, true, true]);
  expect(h.requests().filter((p) => p === '/public/v1/query/get_activity').length).toBeGreaterThan(0);
  expect([counts.max, counts.inFlight]).toEqual([3, 0]);
});

test('a request waiting out a rate limit holds no slot: with a limit of 1, another request completes meanwhile', async () => {
  const { dispatcher, close } = countingDispatcher();
  h.emulator.faults.set([{ path: '/public/v1/submit/create_policy', status: 429, retryAfter: 30, times: 1 }]);
  let release!: () => void;
  const backoff = new Promise<void>((resolve) => (release = resolve));
  let sleeping!: () => void;
  const asleep = new Promise<void>((resolve) => (sleeping = resolve));
  h.onSleep.hook = async () => {
    sleeping();
    await backoff;
  };
  const rt = h.newRuntime(
    { 'walletinfra:maxConcurrentRequests': '1' },
    { clientOptions: { dispatcher: dispatcher as never }, log: () => {} },
  );
  const inputs = (await rt.policy.check({}, { policyName: 'waits-for-rate-limit', effect: 'EFFECT_DENY', notes: 'n' })).inputs;
  const create = rt.policy.create(inputs);
  await asleep;
  // the create is asleep in its backoff; a read through the same limit of 1 still goes through
  const session = rt.context.session({});
  const { policies } = await session.client.listPolicies({});
  expect(policies.some((p) => p.policyName === 'waits-for-rate-limit')).toBe(false);
  release();
  const { id } = await create;
  h.onSleep.hook = undefined;
  expect((await session.client.listPolicies({})).policies.find((p) => p.policyId === id)?.policyName).toBe('waits-for-rate-limit');
  await close();
});
