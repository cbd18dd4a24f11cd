// Writes that need approval (the emulator's organization requires two root approvals): the provider waits,
// fails after consensusTimeoutMs naming the activity, its fingerprint and its approvers, reuses the waiting
// activity on the next run, and adopts (never duplicates) what an approval completed after a run gave up.
import { expect } from '@jest/globals';
import type { WalletInfraClient } from '@walletinfra/sdk';
import type { Activity } from '@walletinfra/sdk/schemas';
import { failure, requireTwoApprovals, startHarness, useHarness } from '../../support/provider-harness';

const h = useHarness({ config: { 'walletinfra:consensusTimeoutMs': '10000' } });
let rootUserId: string;
let approver: { userId: string; client: WalletInfraClient };

beforeAll(async () => {
  rootUserId = h.emulator.credentials.userId;
  // a policy that names approvers, created while one approval still suffices
  await h.client.createPolicy({ policyName: 'Admins approve', effect: 'EFFECT_ALLOW', consensus: 'approvers.count() >= 2', notes: '' });
  approver = await requireTwoApprovals(h);
});
afterEach(() => {
  h.onSleep.hook = undefined;
});

async function waiting(type: string): Promise<Activity[]> {
  return (await h.client.listActivities({ filterByStatus: ['ACTIVITY_STATUS_CONSENSUS_NEEDED'], filterByType: [type] })).activities;
}

async function approveWaiting(type: string): Promise<void> {
  for (const a of await waiting(type)) await approver.client.approveActivity({ fingerprint: a.fingerprint });
}

/** Approve the waiting activity of `type` the first time the provider sleeps (it is polling by then). */
function approveDuringWait(type: string): void {
  let done = false;
  h.onSleep.hook = async () => {
    if (done) return;
    done = true;
    await approveWaiting(type);
  };
}

async function policyInputs(name: string, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const r = await h.runtime.policy.check(
    {},
    { policyName: name, effect: 'EFFECT_DENY', condition: "activity.action == 'EXPORT'", ...extra },
  );
  return r.inputs;
}

async function policiesNamed(name: string): Promise<string[]> {
  return (await h.client.listPolicies({})).policies.filter((p) => p.policyName === name).map((p) => p.policyId);
}

function timeoutMessage(description: string, activity: Activity): string {
  return (
    `${description} needs approval: activity ${activity.id} (fingerprint ${activity.fingerprint}) in organization ${h.org} ` +
    `is still waiting for consensus after 10000 ms (approved so far by ${rootUserId}). ` +
    'Users who satisfy policy "Admins approve" (consensus: approvers.count() >= 2) can approve it. ' +
    'Approve it with approve_activity and that fingerprint, then run `pulumi up` again: the waiting activity is reused, never submitted twice. ' +
    'To wait longer in one run, raise walletinfra:consensusTimeoutMs.'
  );
}

describe('create that needs approval', () => {
  test('waits, and completes when approved meanwhile', async () => {
    approveDuringWait('ACTIVITY_TYPE_CREATE_POLICY_V3');
    const created = await h.newRuntime().policy.create(await policyInputs('approved-while-waiting'));
    expect(await policiesNamed('approved-while-waiting')).toEqual([created.id]);
  });

  test('fails after consensusTimeoutMs naming the activity, its fingerprint and who can approve it', async () => {
    const inputs = await policyInputs('needs-two');
    const error = await failure(h.newRuntime().policy.create(inputs), ['name', 'activityId', 'fingerprint']);
    const [pending] = await waiting('ACTIVITY_TYPE_CREATE_POLICY_V3');
    expect(error).toEqual({
      code: 'CONSENSUS_NEEDED',
      name: 'ConsensusNeededError',
      message: timeoutMessage('create policy "needs-two"', pending!),
      activityId: pending!.id,
      fingerprint: pending!.fingerprint,
    });
    expect(await policiesNamed('needs-two')).toEqual([]);
  });

  test('the next run reuses the waiting activity instead of submitting a second one', async () => {
    const inputs = await policyInputs('needs-two');
    const [pending] = await waiting('ACTIVITY_TYPE_CREATE_POLICY_V3');
    h.resetRequests();
    approveDuringWait('ACTIVITY_TYPE_CREATE_POLICY_V3');
    const created = await h.newRuntime().policy.create(inputs);
    expect(h.requests().filter((p) => p === '/public/v1/submit/create_policy')).toEqual([]);
    expect(await policiesNamed('needs-two')).toEqual([created.id]);
    const done = (await h.client.getActivity({ activityId: pending!.id })).activity;
    expect([done.status, (done.result.createPolicyResult as { policyId: string }).policyId]).toEqual([
      'ACTIVITY_STATUS_COMPLETED',
      created.id,
    ]);
  });

  test('approved after the run gave up: the next run adopts the object, never duplicates it', async () => {
    const inputs = await policyInputs('approved-later');
    await failure(h.newRuntime().policy.create(inputs));
    await approveWaiting('ACTIVITY_TYPE_CREATE_POLICY_V3');
    const [made] = await policiesNamed('approved-later');
    h.resetRequests();
    const created = await h.newRuntime().policy.create(inputs);
    expect(created).toEqual({ id: made, outs: { ...inputs, policyId: made } });
    expect(h.requests()).toEqual(['/public/v1/query/list_activities', '/public/v1/query/list_policies']);
    expect(await policiesNamed('approved-later')).toEqual([made]);
  });

  test('a rejected activity fails the run', async () => {
    h.onSleep.hook = async () => {
      h.onSleep.hook = undefined;
      for (const a of await waiting('ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT'))
        await approver.client.rejectActivity({ fingerprint: a.fingerprint });
    };
    const rt = h.newRuntime();
    const inputs = (await rt.webhookEndpoint.check({}, { url: 'https://hooks.example.com/rejected', name: 'rejected' })).inputs;
    const error = await failure(rt.webhookEndpoint.create(inputs), ['activityId']);
    expect(error).toEqual({
      code: 'ACTIVITY_REJECTED',
      message: `activity ${String(error.activityId)} (ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT) was rejected`,
      activityId: error.activityId,
    });
    expect((await h.client.listWebhookEndpoints({})).webhookEndpoints).toEqual([]);
  });
});

describe('update and delete that need approval', () => {
  let id: string;
  let outs: Record<string, unknown>;
  beforeAll(async () => {
    approveDuringWait('ACTIVITY_TYPE_CREATE_POLICY_V3');
    const created = await h.newRuntime().policy.create(await policyInputs('to-update'));
    id = created.id;
    outs = created.outs;
  });

  test('an update approved after the run gave up is not sent again', async () => {
    const news = await policyInputs('to-update', { notes: 'approved later' });
    const error = await failure(h.newRuntime().policy.update(id, outs, news));
    expect(error.code).toBe('CONSENSUS_NEEDED');
    await approveWaiting('ACTIVITY_TYPE_UPDATE_POLICY_V2');
    h.resetRequests();
    expect(await h.newRuntime().policy.update(id, outs, news)).toEqual({ outs: { ...news, policyId: id } });
    expect(h.requests()).toEqual(['/public/v1/query/list_policies']);
    outs = { ...news, policyId: id };
  });

  test('a waiting delete is reused by the next run', async () => {
    expect((await failure(h.newRuntime().policy.delete(id, outs))).code).toBe('CONSENSUS_NEEDED');
    const [pending] = await waiting('ACTIVITY_TYPE_DELETE_POLICY');
    h.resetRequests();
    approveDuringWait('ACTIVITY_TYPE_DELETE_POLICY');
    await h.newRuntime().policy.delete(id, outs);
    // only the approver's vote: the provider submitted nothing
    expect(h.requests().filter((p) => p.startsWith('/public/v1/submit/'))).toEqual(['/public/v1/submit/approve_activity']);
    expect(await policiesNamed('to-update')).toEqual([]);
    expect((await h.client.getActivity({ activityId: pending!.id })).activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
  });
});

describe('fiat credential that needs approval', () => {
  test('the next run reuses the waiting create although its ciphertext is new', async () => {
    const rt = h.newRuntime();
    const inputs = (
      await rt.fiatOnRampCredential.check(
        {},
        { onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY', publishableApiKey: 'pk_wait', secretApiKey: 'sk_wait_1' },
      )
    ).inputs;
    expect((await failure(rt.fiatOnRampCredential.create(inputs))).code).toBe('CONSENSUS_NEEDED');
    h.resetRequests();
    approveDuringWait('ACTIVITY_TYPE_CREATE_FIAT_ON_RAMP_CREDENTIAL');
    const created = await h.newRuntime().fiatOnRampCredential.create(inputs);
    // only the approver's vote: the provider submitted nothing
    expect(h.requests().filter((p) => p.startsWith('/public/v1/submit/'))).toEqual(['/public/v1/submit/approve_activity']);
    const all = (await h.client.listFiatOnRampCredentials({})).fiatOnRampCredentials;
    expect(all.map((c) => [c.fiatOnrampCredentialId, c.encryptedSecretApiKey])).toEqual([[created.id, created.outs.encryptedSecretApiKey]]);
  });
});

describe('when no policy names approvers', () => {
  test('the message says another user of the organization must approve', async () => {
    const bare = await startHarness({ config: { 'walletinfra:consensusTimeoutMs': '0' } });
    try {
      await requireTwoApprovals(bare);
      const rt = bare.newRuntime();
      const inputs = (await rt.policy.check({}, { policyName: 'lonely', effect: 'EFFECT_ALLOW' })).inputs;
      const error = await failure(rt.policy.create(inputs));
      const [pending] = (await bare.client.listActivities({ filterByStatus: ['ACTIVITY_STATUS_CONSENSUS_NEEDED'] })).activities;
      const bareOrg = bare.emulator.credentials.organizationId;
      expect(error).toEqual({
        code: 'CONSENSUS_NEEDED',
        message:
          `create policy "lonely" needs approval: activity ${pending!.id} (fingerprint ${pending!.fingerprint}) in organization ${bareOrg} ` +
          `is still waiting for consensus after 0 ms (approved so far by ${bare.emulator.credentials.userId}). ` +
          `No policy names approvers; another user of organization ${bareOrg} (for example a root user) must approve it. ` +
          'Approve it with approve_activity and that fingerprint, then run `pulumi up` again: the waiting activity is reused, never submitted twice. ' +
          'To wait longer in one run, raise walletinfra:consensusTimeoutMs.',
      });
    } finally {
      await bare.close();
    }
  });
});
