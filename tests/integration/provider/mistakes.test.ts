// Mistakes answered by the provider runtime against the emulator, with the whole message written out:
// service answers that point at configuration, a policy name already taken, a name freed by a rename in
// the same update, two resources holding one object, an on-ramp secret encrypted to the wrong key.
import { generateApiKeyPair } from '@walletinfra/sdk';
import { DECLARATION_WAIT_MS } from '@walletinfra/pulumi/context';
import { KINDS, type KindMember } from '@walletinfra/pulumi/resources/kinds';
import { checkAndCreate, checkedInputs, failure, useHarness } from '../../support/provider-harness';

const h = useHarness();

const policy = (policyName: string, extra: Record<string, unknown> = {}) => ({
  policyName,
  effect: 'EFFECT_DENY',
  condition: "activity.action == 'EXPORT'",
  notes: 'mistakes',
  ...extra,
});

test('a wrong organization id names the id, the setting it came from and the endpoint', async () => {
  const wrong = '0b7a3c55-1d2e-4f60-8a9b-112233445566';
  const rt = h.newRuntime({ 'walletinfra:organizationId': wrong });
  const inputs = await checkedInputs(rt.policy, policy('p-org'));
  expect(await failure(rt.policy.create(inputs))).toEqual({
    code: 'NOT_FOUND',
    message:
      `organization ${wrong} (from stack config walletinfra:organizationId) does not exist at ${h.emulator.baseUrl} ` +
      `(walletinfra:baseUrl from stack config walletinfra:baseUrl): check that the organization id is right (the dashboard shows it; ` +
      `an API key's organization is the one it was created in) and that baseUrl points at the service that holds it ` +
      `(the service said: /public/v1/query/list_activities: no organization found with the given ID (HTTP 404, ORGANIZATION_NOT_FOUND))`,
  });
});

test('a revoked or unknown API key names the public key, the organization and both key settings', async () => {
  const other = generateApiKeyPair();
  const rt = h.newRuntime({ 'walletinfra:apiPublicKey': other.publicKey, 'walletinfra:apiPrivateKey': other.privateKey });
  const inputs = await checkedInputs(rt.policy, policy('p-key'));
  const seen = await failure(rt.policy.read('some-id', inputs));
  expect(seen).toEqual({
    code: 'UNAUTHENTICATED',
    message:
      `API key ${other.publicKey} (from stack config walletinfra:apiPublicKey) is not accepted by organization ${h.org} ` +
      `(from stack config walletinfra:organizationId) at ${h.emulator.baseUrl} (walletinfra:baseUrl from stack config walletinfra:baseUrl): ` +
      `the key may have been deleted, revoked or expired, or belong to another organization. Check that the key still exists in that ` +
      `organization, or create a new API key and set both walletinfra:apiPublicKey and walletinfra:apiPrivateKey ` +
      '(`pulumi config set --secret walletinfra:apiPrivateKey <hex>`) ' +
      '(the service said: /public/v1/query/list_policies: could not find public key in organization (HTTP 401, PUBLIC_KEY_NOT_FOUND))',
  });
  expect(String(seen.message)).not.toContain(other.privateKey);
});

test('a service nobody answers at names the endpoint and the setting', async () => {
  const rt = h.newRuntime({ 'walletinfra:baseUrl': 'http://127.0.0.1:9' });
  const inputs = await checkedInputs(rt.policy, policy('p-down'));
  const seen = await failure(rt.policy.create(inputs));
  expect(seen.code).toBe('CONNECTION_ERROR');
  expect(seen.message).toBe(
    'the service at http://127.0.0.1:9 (walletinfra:baseUrl from stack config walletinfra:baseUrl) could not be reached: check that it is ' +
      'running and that walletinfra:baseUrl is its address (a local emulator prints its own when it starts) ' +
      '(/public/v1/query/list_activities: could not connect to http://127.0.0.1:9: connection refused, nothing is listening there (ECONNREFUSED))',
  );
});

test('a policy name held by a hand-made policy: its id and the adopt line, after waiting for a rename that never comes', async () => {
  const { policyId } = (await h.client.createPolicy({ policyName: 'hand-made', effect: 'EFFECT_DENY', notes: 'by hand' })).result;
  const inputs = await checkedInputs(h.runtime.policy, policy('hand-made'));
  const before = h.clock.now();
  expect(await failure(h.runtime.policy.create(inputs))).toEqual({
    code: 'INVALID_REQUEST',
    message:
      `policyName "hand-made" is already taken by policy ${policyId} in organization ${h.org}. This stack does not manage it. ` +
      `To manage that policy with this resource, add \`adopt: { id: '${policyId}' }\` to it (the policy is then brought to what the ` +
      'resource declares, and `pulumi destroy` deletes it); or choose another policyName.',
  });
  // No resource of this update renamed the holder away within the budget (the clock is the harness's).
  expect(h.clock.now() - before).toBe(DECLARATION_WAIT_MS);
  // The line the message shows works, and adopts rather than duplicates.
  const adopted = await checkAndCreate(h.runtime.policy, policy('hand-made', { adopt: { id: policyId } }));
  expect(adopted.id).toBe(policyId);
  expect((await h.client.listPolicies()).policies.filter((p) => p.policyName === 'hand-made').length).toBe(1);
});

test('a name freed by a rename in the same update does not fail the create that takes it', async () => {
  const first = await checkAndCreate(h.runtime.policy, policy('swap-a'));
  // Next run: the existing resource is renamed swap-a -> swap-b, a new one takes swap-a; the create runs first.
  const rt = h.newRuntime();
  const olds = { ...first.outs };
  const news = await checkedInputs(rt.policy, policy('swap-b'));
  await rt.policy.diff(first.id, olds, news);
  const created = rt.policy.create(await checkedInputs(rt.policy, policy('swap-a')));
  await rt.policy.update(first.id, olds, news);
  const second = await created;
  const names = (await h.client.listPolicies()).policies.filter((p) => p.policyName.startsWith('swap-'));
  expect(names.map((p) => [p.policyName, p.policyId]).sort()).toEqual([
    ['swap-a', second.id],
    ['swap-b', first.id],
  ]);
});

// The program declares the new resource first, so its create runs before the engine has diffed the existing
// resource that gives the name up; the diff and the update arrive while the create waits. With the same
// values as the existing policy, the earlier run's create of it is a candidate for adoption (as after an
// interrupted run), which must not happen: another resource of the stack holds it.
test.each([
  ['the same values as the renamed one', 'c', {}],
  ['values of its own', 'e', { notes: 'another' }],
])(
  'a name freed by a rename the engine diffs only after the create started (%s): the create waits, then takes the name',
  async (_, n, extra) => {
    const [freed, renamed] = [`swap-${n}`, `swap-${n}2`];
    const first = await h.runtime.policy.create(await checkedInputs(h.runtime.policy, policy(freed)));
    const rt = h.newRuntime();
    const olds = { ...first.outs };
    const news = await checkedInputs(rt.policy, policy(renamed));
    const waits: number[] = [];
    h.onSleep.hook = async (ms) => {
      waits.push(ms);
      if (waits.length > 1) return;
      await rt.policy.diff(first.id, olds, news);
      await rt.policy.update(first.id, olds, news);
    };
    const before = h.clock.now();
    let second;
    try {
      second = await rt.policy.create(await checkedInputs(rt.policy, policy(freed, extra)));
    } finally {
      h.onSleep.hook = undefined;
    }
    expect(waits).toEqual([DECLARATION_WAIT_MS]);
    expect(h.clock.now() - before).toBe(DECLARATION_WAIT_MS);
    const names = (await h.client.listPolicies()).policies.filter((p) => p.policyName === freed || p.policyName === renamed);
    expect(names.map((p) => [p.policyName, p.policyId]).sort()).toEqual([
      [freed, second.id],
      [renamed, first.id],
    ]);
  },
);

test('deleting one of two resources that hold the same object keeps the object the other still declares', async () => {
  const { policyId } = (
    await h.client.createPolicy({
      policyName: 'shared',
      effect: 'EFFECT_DENY',
      notes: 'mistakes',
      condition: "activity.action == 'EXPORT'",
    })
  ).result;
  const a = await checkAndCreate(h.runtime.policy, policy('shared', { notes: 'mistakes', adopt: { id: policyId } }));
  // Next run: the program keeps A (diff of A) and drops B (delete of B, same id).
  const rt = h.newRuntime();
  await rt.policy.diff(a.id, a.outs, await checkedInputs(rt.policy, policy('shared', { adopt: { id: policyId } })));
  await rt.policy.delete(policyId, a.outs);
  expect((await h.client.listPolicies()).policies.filter((p) => p.policyId === policyId).length).toBe(1);
  // Without a resource that still declares it (destroy), the delete removes it.
  await h.newRuntime().policy.delete(policyId, a.outs);
  expect((await h.client.listPolicies()).policies.filter((p) => p.policyId === policyId).length).toBe(0);
});

test('an on-ramp secret encrypted to the wrong key names walletinfra:onRampEncryptionPublicKey', async () => {
  const wrong = generateApiKeyPair().publicKey;
  const rt = h.newRuntime({ 'walletinfra:onRampEncryptionPublicKey': wrong });
  const checkResult = await rt.fiatOnRampCredential.check(
    {},
    {
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
      publishableApiKey: 'pk_test_wrong_key',
      secretApiKey: 'sk_test_wrong_key',
      sandboxMode: true,
    },
  );
  expect(checkResult.failures ?? []).toEqual([]);
  const seen = await failure(rt.fiatOnRampCredential.create(checkResult.inputs));
  expect(seen).toEqual({
    code: 'INVALID_REQUEST',
    message:
      `the service could not decrypt the on-ramp secret (secretApiKey/privateApiKey): the provider encrypted it to ` +
      `walletinfra:onRampEncryptionPublicKey = ${wrong} (from stack config walletinfra:onRampEncryptionPublicKey), which is not the key of the ` +
      `service at ${h.emulator.baseUrl} (walletinfra:baseUrl from stack config walletinfra:baseUrl). Against the real service leave the ` +
      `setting unset (the production key is the default); against the emulator set it to the key its GET /__admin/onramp-encryption-key ` +
      `returns (the service said: ${String(seen.message).split('(the service said: ')[1]}`,
  });
  expect(String(seen.message)).not.toContain('sk_test_wrong_key');
});

// Kinds addressed by scope refuse an id that names none before any request, so they are read by a valid one.
const READ_ID: Partial<Record<KindMember, string>> = { ipAllowlist: 'organization', rootQuorum: 'rootQuorum' };

test.each(KINDS.map((kind) => kind.member))(
  '%s: a service answer about the configuration is said in the words of the configuration',
  async (member) => {
    const other = generateApiKeyPair();
    const rt = h.newRuntime({ 'walletinfra:apiPublicKey': other.publicKey, 'walletinfra:apiPrivateKey': other.privateKey });
    const seen = await failure(rt[member].read(READ_ID[member] ?? 'some-id', {}));
    expect(seen.code).toBe('UNAUTHENTICATED');
    expect(String(seen.message)).toMatch(
      new RegExp(`^API key ${other.publicKey} \\(from stack config walletinfra:apiPublicKey\\) is not accepted by organization ${h.org} `),
    );
  },
);
