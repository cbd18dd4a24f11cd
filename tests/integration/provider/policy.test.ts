// Policy through the provider's own methods against the emulator: create, read, no-op diffs, in-place
// update, replacement into another organization, out-of-band change and deletion, delete (twice),
// adoption without duplicates, and a partial failure that still reports the object's id.
import { generateApiKeyPair } from '@walletinfra/sdk';
import type { Policy as ServicePolicy } from '@walletinfra/sdk/schemas';
import { checkAndCreate, checkedInputs, failure, useHarness, present } from '../../support/provider-harness';

const h = useHarness();

const DECLARED = {
  policyName: 'allow-wallet-creation',
  effect: 'EFFECT_ALLOW',
  condition: "activity.resource == 'WALLET' && activity.action == 'CREATE'",
};

async function livePolicies(): Promise<ServicePolicy[]> {
  return (await h.client.listPolicies({})).policies;
}

function checked(news: Record<string, unknown>): Promise<Record<string, unknown>> {
  return checkedInputs(h.runtime.policy, news);
}

describe('Policy lifecycle', () => {
  let id: string;
  let inputs: Record<string, unknown>;
  let outs: Record<string, unknown>;

  test('create returns the id and the whole normal-form state', async () => {
    ({ inputs, id, outs } = await checkAndCreate(h.runtime.policy, DECLARED));
    expect(outs).toEqual({ ...DECLARED, consensus: '', notes: '', time: '', organizationId: h.org, policyId: id });
    const live = (await h.client.getPolicy({ policyId: id })).policy;
    expect([live.policyName, live.effect, live.condition, live.consensus, live.notes]).toEqual([
      DECLARED.policyName,
      'EFFECT_ALLOW',
      DECLARED.condition,
      '',
      '',
    ]);
  });

  test('read equals what was created, and implies the same inputs', async () => {
    expect(await h.runtime.policy.read(id, outs)).toEqual({ id, props: outs, inputs });
  });

  test('no diff right after create and after read', async () => {
    const read = present(await h.runtime.policy.read(id, outs));
    expect(await h.runtime.policy.diff(id, outs, inputs)).toEqual({ changes: false });
    expect(await h.runtime.policy.diff(id, read.props, inputs)).toEqual({ changes: false });
    expect(await h.runtime.policy.diff(id, read.props, read.inputs)).toEqual({ changes: false });
    // the program as written (before check's normal form) also has no diff
    expect(await h.runtime.policy.diff(id, read.props, { ...DECLARED, organizationId: h.org })).toEqual({ changes: false });
  });

  test('in-place update with the V2 field names', async () => {
    const news = await checked({ ...DECLARED, condition: '', consensus: 'approvers.count() >= 1', notes: 'reviewed' });
    expect(await h.runtime.policy.diff(id, outs, news)).toEqual({ changes: undefined });
    h.resetRequests();
    const updated = await h.newRuntime().policy.update(id, outs, news);
    expect(updated).toEqual({ outs: { ...news, policyId: id } });
    // the live policy (to send only what differs), earlier activities to reuse, the write
    expect(h.requests()).toEqual(['/public/v1/query/list_policies', '/public/v1/query/list_activities', '/public/v1/submit/update_policy']);
    const live = (await h.client.getPolicy({ policyId: id })).policy;
    expect([live.condition, live.consensus, live.notes]).toEqual(['', 'approvers.count() >= 1', 'reviewed']);
    outs = updated.outs;
    inputs = news;
    expect(await h.newRuntime().policy.read(id, outs)).toEqual({ id, props: outs, inputs });
  });

  test('an update with nothing to change sends no write', async () => {
    h.resetRequests();
    expect(await h.newRuntime().policy.update(id, outs, { ...inputs, profile: undefined })).toEqual({ outs });
    expect(h.requests()).toEqual(['/public/v1/query/list_policies']);
  });

  test('an out-of-band change is detected by read and shows as a diff', async () => {
    await h.client.updatePolicy({ policyId: id, policyNotes: 'changed by hand', policyEffect: 'EFFECT_DENY' });
    const read = present(await h.newRuntime().policy.read(id, outs));
    expect(read).toEqual({
      id,
      props: { ...outs, notes: 'changed by hand', effect: 'EFFECT_DENY' },
      inputs: { ...inputs, notes: 'changed by hand', effect: 'EFFECT_DENY' },
    });
    // refresh asks diff(read result, old inputs): drift
    expect(await h.runtime.policy.diff(id, read.props, inputs)).toEqual({ changes: undefined });
    // `pulumi up` puts it back
    const restored = await h.newRuntime().policy.update(id, read.props, inputs);
    expect(restored).toEqual({ outs });
    const live = (await h.client.getPolicy({ policyId: id })).policy;
    expect([live.notes, live.effect]).toEqual(['reviewed', 'EFFECT_ALLOW']);
  });

  test('delete removes it, and deleting again succeeds', async () => {
    // `pulumi destroy` is a run of its own (a run that still declares the policy would keep it).
    await h.newRuntime().policy.delete(id, outs);
    expect((await livePolicies()).map((p) => p.policyId)).not.toContain(id);
    await expect(h.newRuntime().policy.delete(id, outs)).resolves.toBeUndefined();
  });

  test('an out-of-band deletion reads as gone', async () => {
    const created = await checkAndCreate(h.runtime.policy, { ...DECLARED, policyName: 'deleted-by-hand' });
    await h.client.deletePolicy({ policyId: created.id });
    expect(await h.newRuntime().policy.read(created.id, created.outs)).toEqual({ id: '' });
    await expect(h.runtime.policy.delete(created.id, created.outs)).resolves.toBeUndefined();
  });

  test('an update of a policy deleted outside Pulumi asks for a refresh', async () => {
    const created = await checkAndCreate(h.runtime.policy, { ...DECLARED, policyName: 'gone-before-update' });
    await h.client.deletePolicy({ policyId: created.id });
    const news = await checked({ ...DECLARED, policyName: 'gone-before-update', notes: 'x' });
    expect(await failure(h.newRuntime().policy.update(created.id, created.outs, news))).toEqual({
      code: 'NOT_FOUND',
      message: `policy ${created.id} no longer exists in organization ${h.org}; run \`pulumi refresh\` so Pulumi can recreate it`,
    });
  });
});

describe('Policy adoption', () => {
  test('byName takes over the existing policy, brings it to the declared state, no duplicate', async () => {
    const existing = (await h.client.createPolicy({ policyName: 'legacy-rule', effect: 'EFFECT_DENY', notes: 'made by hand' })).result
      .policyId;
    const inputs = await checked({
      policyName: 'legacy-rule',
      effect: 'EFFECT_ALLOW',
      condition: "activity.action == 'SIGN'",
      adopt: { byName: true },
    });
    const created = await h.newRuntime().policy.create(inputs);
    expect(created).toEqual({ id: existing, outs: { ...inputs, policyId: existing } });
    const named = (await livePolicies()).filter((p) => p.policyName === 'legacy-rule');
    expect(named.map((p) => [p.policyId, p.effect, p.condition, p.notes])).toEqual([
      [existing, 'EFFECT_ALLOW', "activity.action == 'SIGN'", ''],
    ]);
    expect(await h.runtime.policy.diff(existing, created.outs, inputs)).toEqual({ changes: false });
  });

  test('byName creates the policy when none has the name', async () => {
    const inputs = await checked({ policyName: 'brand-new', effect: 'EFFECT_DENY', adopt: { byName: true } });
    const created = await h.runtime.policy.create(inputs);
    expect((await livePolicies()).filter((p) => p.policyName === 'brand-new').map((p) => p.policyId)).toEqual([created.id]);
  });

  test('by id, with no write when it already matches', async () => {
    const existing = (await h.client.createPolicy({ policyName: 'by-id', effect: 'EFFECT_ALLOW', notes: 'n' })).result.policyId;
    const inputs = await checked({ policyName: 'by-id', effect: 'EFFECT_ALLOW', notes: 'n', adopt: { id: existing } });
    h.resetRequests();
    expect(await h.newRuntime().policy.create(inputs)).toEqual({ id: existing, outs: { ...inputs, policyId: existing } });
    expect(h.requests()).toEqual(['/public/v1/query/list_policies']);
  });

  test('by an id that does not exist', async () => {
    const inputs = await checked({ ...DECLARED, adopt: { id: 'no-such-policy' } });
    expect(await failure(h.runtime.policy.create(inputs))).toEqual({
      code: 'NOT_FOUND',
      message: `cannot adopt policy no-such-policy: organization ${h.org} has no policy with that id`,
    });
  });

  test('a failed update after adopting still reports the adopted id and its live state', async () => {
    const existing = (await h.client.createPolicy({ policyName: 'adopt-then-fail', effect: 'EFFECT_DENY', notes: 'old' })).result.policyId;
    // A 500 may have been processed: the provider looks the activity up by its fingerprint before it concludes.
    const NOT_APPLIED =
      `/public/v1/submit/update_policy: maintenance (HTTP 500, INTERNAL). Update policy "adopt-then-fail" (${existing}) did not take effect ` +
      '(the service has no activity with its fingerprint); running `pulumi up` again submits it';
    const inputs = await checked({ policyName: 'adopt-then-fail', effect: 'EFFECT_DENY', notes: 'new', adopt: { byName: true } });
    h.emulator.faults.set([{ path: '/public/v1/submit/update_policy', status: 500, times: 1, message: 'maintenance' }]);
    expect(await failure(h.newRuntime().policy.create(inputs), ['name', 'id', 'properties', 'reasons'])).toEqual({
      code: 'SERVER_ERROR',
      message: `adopted policy ${existing}, but bringing it to the declared state failed: ${NOT_APPLIED}`,
      name: 'PartialFailureError',
      id: existing,
      properties: {
        policyId: existing,
        policyName: 'adopt-then-fail',
        effect: 'EFFECT_DENY',
        condition: '',
        consensus: '',
        notes: 'old',
        time: '',
        organizationId: h.org,
        adopt: { byName: true },
      },
      reasons: [NOT_APPLIED],
    });
  });
});

describe('Policy in another organization', () => {
  let child: { organizationId: string; publicKey: string; privateKey: string };
  beforeAll(async () => {
    const key = generateApiKeyPair();
    const { result } = await h.client.createSubOrganization({
      subOrganizationName: 'child',
      rootUsers: [
        {
          userName: 'child-root',
          apiKeys: [{ apiKeyName: 'ci', publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256' }],
          authenticators: [],
          oauthProviders: [],
        },
      ],
      rootQuorumThreshold: 1,
    });
    child = { organizationId: result.subOrganizationId, ...key };
  });

  test('a profile manages the child organization; moving there is a replacement', async () => {
    const rt = h.newRuntime({
      'walletinfra:profiles': JSON.stringify({
        child: { organizationId: child.organizationId, apiPublicKey: child.publicKey, apiPrivateKey: child.privateKey },
      }),
    });
    const inParent = await rt.policy.check({}, { ...DECLARED, policyName: 'moving' });
    const parentCopy = await rt.policy.create(inParent.inputs);
    const inChild = await rt.policy.check({}, { ...DECLARED, policyName: 'moving', profile: 'child' });
    expect(inChild.inputs).toMatchObject({ organizationId: child.organizationId, profile: 'child' });
    expect(await rt.policy.diff(parentCopy.id, parentCopy.outs, inChild.inputs)).toEqual({
      changes: undefined,
      replaces: ['organizationId'],
    });
    // the engine replaces: create the new one, then delete the old one with the old state
    const childCopy = await rt.policy.create(inChild.inputs);
    await rt.policy.delete(parentCopy.id, parentCopy.outs);
    expect(childCopy.outs).toEqual({ ...inChild.inputs, policyId: childCopy.id });
    const childPolicies = (await h.clientFor(child).listPolicies({ organizationId: child.organizationId })).policies;
    expect(childPolicies.map((p) => [p.policyId, p.policyName])).toEqual([[childCopy.id, 'moving']]);
    expect((await livePolicies()).map((p) => p.policyName)).not.toContain('moving');
    expect(await rt.policy.read(childCopy.id, childCopy.outs)).toEqual({ id: childCopy.id, props: childCopy.outs, inputs: inChild.inputs });
  });

  test('the parent key reads the child organization through organizationId', async () => {
    const rt = h.newRuntime();
    const policies = (await h.clientFor(child).listPolicies({ organizationId: child.organizationId })).policies;
    const target = policies[0]!;
    const read = present(await rt.policy.read(target.policyId, { organizationId: child.organizationId }));
    expect(read).toMatchObject({ id: target.policyId, props: { policyName: 'moving', organizationId: child.organizationId } });
  });
});
