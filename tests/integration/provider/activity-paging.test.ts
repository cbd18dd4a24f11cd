// The activity history is read to the end: a pending approval listed beyond the tenth page (here, pages of
// two activities, so beyond the twentieth activity) is still found and reused, never submitted a second time.
import { requireTwoApprovals, useHarness } from '../../support/provider-harness';

const h = useHarness({ config: { 'walletinfra:consensusTimeoutMs': '0' } });

const CREATE = 'ACTIVITY_TYPE_CREATE_POLICY_V3';

async function createActivities(): Promise<number> {
  return (await h.client.listActivities({ filterByType: [CREATE], paginationOptions: { limit: '100' } })).activities.length;
}

test('a pending approval beyond ten pages of activities is reused', async () => {
  const approver = await requireTwoApprovals(h);
  const check = async (name: string) => (await h.runtime.policy.check({}, { policyName: name, effect: 'EFFECT_DENY', notes: 'n' })).inputs;
  const inputs = await check('deep-pending');
  // A first run leaves the create waiting for a second approval (consensusTimeoutMs 0: it gives up at once).
  await expect(h.newRuntime({}, { log: () => {} }).policy.create(inputs)).rejects.toMatchObject({ code: 'CONSENSUS_NEEDED' });
  // Then 25 more creates complete (one approval suffices again), so the waiting one is listed 26th, newest first.
  await h.admin('POST', `/organizations/${h.org}/settings`, { requiredApprovals: 1 });
  for (let i = 0; i < 25; i++) await h.client.createPolicy({ policyName: `filler-${i}`, effect: 'EFFECT_DENY', notes: '' });
  const before = await createActivities();
  expect(before).toBe(26);

  const pending = (await h.client.listActivities({ filterByType: [CREATE], filterByStatus: ['ACTIVITY_STATUS_CONSENSUS_NEEDED'] }))
    .activities;
  expect(pending.length).toBe(1);
  let approved = false;
  h.onSleep.hook = async () => {
    if (approved) return;
    approved = true;
    await approver.client.approveActivity({ fingerprint: pending[0]!.fingerprint });
  };
  const rt = h.newRuntime({ 'walletinfra:consensusTimeoutMs': '60000' }, { activityPageSize: 2, log: () => {} });
  const created = await rt.policy.create(inputs);
  h.onSleep.hook = undefined;

  // the waiting activity was reused: no second create was submitted, and there is one policy of that name
  expect(await createActivities()).toBe(before);
  const named = (await h.client.listPolicies({})).policies.filter((p) => p.policyName === 'deep-pending').map((p) => p.policyId);
  expect(named).toEqual([created.id]);
});
