// What a refresh costs: reads of many resources in one provider process share one list request per
// organization and type, and the per-organization limiter caps requests in flight.
import { useHarness } from '../../support/provider-harness';

const h = useHarness();

/** Runs `tasks` with at most `parallel` at once, like the engine's --parallel, moving the clock 5 ms per start. */
async function engine<T>(tasks: Array<() => Promise<T>>, parallel: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      h.clock.advance(5);
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return results;
}

test('a refresh of 200 policies makes one list_policies request, not 200 reads', async () => {
  const policies = Array.from({ length: 200 }, (_, i) => ({
    policyName: `policy-${String(i).padStart(3, '0')}`,
    effect: 'EFFECT_ALLOW' as const,
    notes: '',
  }));
  h.emulator.seed({ policies });
  const live = (await h.client.listPolicies({})).policies;
  expect(live.length).toBe(200);
  const states = live.map((p) => ({
    id: p.policyId,
    outs: {
      policyId: p.policyId,
      policyName: p.policyName,
      effect: p.effect,
      condition: '',
      consensus: '',
      notes: '',
      time: '',
      organizationId: h.org,
    },
  }));
  const refresh = h.newRuntime();
  h.resetRequests();
  const results = await engine(
    states.map((s) => () => refresh.policy.read(s.id, s.outs)),
    16,
  );
  expect(h.requests()).toEqual(['/public/v1/query/list_policies']);
  expect(results.map((r) => r.id)).toEqual(states.map((s) => s.id));
  expect(results.map((r) => r.props)).toEqual(states.map((s) => s.outs));
});

test('reads after the short cache lifetime, or after a write, list again', async () => {
  const rt = h.newRuntime();
  const [first] = (await h.client.listPolicies({})).policies;
  const props = { organizationId: h.org };
  h.resetRequests();
  await rt.policy.read(first!.policyId, props);
  h.clock.advance(1999);
  await rt.policy.read(first!.policyId, props);
  expect(h.requests()).toEqual(['/public/v1/query/list_policies']);
  h.clock.advance(1);
  await rt.policy.read(first!.policyId, props);
  expect(h.requests()).toEqual(['/public/v1/query/list_policies', '/public/v1/query/list_policies']);
  await rt.policy.delete(first!.policyId, props);
  expect(await rt.policy.read(first!.policyId, props)).toEqual({ id: '' });
  expect(h.requests()).toEqual([
    '/public/v1/query/list_policies',
    '/public/v1/query/list_policies',
    '/public/v1/query/list_activities',
    '/public/v1/submit/delete_policy',
    '/public/v1/query/list_policies',
  ]);
});

test('re-creating objects an earlier run created and deleted lists once, not once per create', async () => {
  const declared = Array.from({ length: 5 }, (_, i) => ({
    policyName: `again-${i}`,
    effect: 'EFFECT_DENY',
    condition: "activity.action == 'EXPORT'",
    notes: 'again',
  }));
  const inputsOf = async (rt: ReturnType<typeof h.newRuntime>, d: Record<string, unknown>) => (await rt.policy.check({}, d)).inputs;
  const earlier = h.newRuntime();
  for (const d of declared) {
    const made = await earlier.policy.create(await inputsOf(earlier, d));
    await earlier.policy.delete(made.id, { organizationId: h.org });
  }
  // A new provider process: every create matches an earlier run's completed create, whose object is gone.
  const rt = h.newRuntime();
  h.resetRequests();
  const ids: string[] = [];
  for (const d of declared) ids.push((await rt.policy.create(await inputsOf(rt, d))).id);
  expect(h.requests()).toEqual([
    // The first check reads what the access warning evaluates, once per deployment (policy/stack-access.ts).
    '/public/v1/query/list_policies',
    '/public/v1/query/list_users',
    '/public/v1/query/get_organization_configs',
    '/public/v1/query/list_activities',
    '/public/v1/query/list_policies',
    ...declared.map(() => '/public/v1/submit/create_policy'),
  ]);
  const live = (await h.client.listPolicies({})).policies.filter((p) => p.policyName.startsWith('again-'));
  expect(live.map((p) => p.policyId).sort()).toEqual([...ids].sort());
});
