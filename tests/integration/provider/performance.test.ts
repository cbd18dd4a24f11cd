// What a refresh costs: reads of many resources in one provider process share one list request per
// organization and type, and the per-organization limiter caps requests in flight.
import { checkAndCreate, useHarness } from '../../support/provider-harness';

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

test('a refresh whose reads come a few at a time over many seconds lists once; reads that keep coming for a minute list again', async () => {
  h.emulator.seed({ policies: [{ policyName: 'spread', effect: 'EFFECT_ALLOW', notes: '' }] });
  const [first] = (await h.client.listPolicies({})).policies;
  const rt = h.newRuntime();
  const props = { organizationId: h.org };
  h.resetRequests();
  // one read every 1.5 s for 15 s: each within the list lifetime (2 s) of the one before
  for (let i = 0; i < 10; i += 1) {
    expect((await rt.policy.read(first!.policyId, props)).id).toBe(first!.policyId);
    h.clock.advance(1500);
  }
  expect(h.requests()).toEqual(['/public/v1/query/list_policies']);
  // still coming, a minute after the answer arrived: listed again
  for (let i = 0; i < 31; i += 1) {
    await rt.policy.read(first!.policyId, props);
    h.clock.advance(1500);
  }
  expect(h.requests()).toEqual(['/public/v1/query/list_policies', '/public/v1/query/list_policies']);
});

test('reads after the short cache lifetime since the last read, or after a write, list again', async () => {
  const rt = h.newRuntime();
  const [first] = (await h.client.listPolicies({})).policies;
  const props = { organizationId: h.org };
  h.resetRequests();
  await rt.policy.read(first!.policyId, props);
  h.clock.advance(1999);
  await rt.policy.read(first!.policyId, props);
  expect(h.requests()).toEqual(['/public/v1/query/list_policies']);
  h.clock.advance(2000);
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

test("an update of 20 policies reads the organization's policies once for its checks, not once per create; the live DENY still shadows each", async () => {
  await h.client.createPolicy({
    policyName: 'deny keys',
    effect: 'EFFECT_DENY',
    condition: "activity.resource == 'PRIVATE_KEY'",
    consensus: '',
    notes: '',
  });
  const warnings: string[] = [];
  const rt = h.newRuntime({}, { warn: (line) => warnings.push(line) });
  h.resetRequests();
  for (let i = 0; i < 20; i += 1) {
    await checkAndCreate(rt.policy, {
      policyName: `update-${i}`,
      effect: 'EFFECT_ALLOW',
      condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'SIGN'",
      notes: '',
    });
  }
  expect(h.requests().filter((p) => p.endsWith('/list_policies'))).toEqual(['/public/v1/query/list_policies']);
  expect(h.requests().filter((p) => p.endsWith('/create_policy'))).toHaveLength(20);
  expect(warnings.filter((w) => w.includes("allow-shadowed-by-deny: DENY policy 'deny keys'"))).toHaveLength(20);
});
