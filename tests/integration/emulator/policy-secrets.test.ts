// The emulator enforces policies written against stored secrets the way the docs write them
// (https://docs.turnkey.com/features/secrets): it accepts them, refuses what the grammar refuses,
// files secret activities under the SECRET resource, and treats `secret` on an activity that carries
// no secret (init_import_secrets carries none) as a missing field, so such a policy does not apply.
import {
  admin,
  AdminUser,
  type ApiKey,
  envelope,
  FIXED_NOW,
  generatedKey,
  manualClock,
  serviceError,
  stampedPost,
  submitActivity,
  useTestEmulator,
} from '../../support/emulator';

const clock = manualClock();
const emu = useTestEmulator({ clock: clock.now });
beforeEach(() => {
  emu.reset();
  clock.set(FIXED_NOW);
});

const submit = (name: string, body: unknown, key?: ApiKey) => submitActivity(emu, name, body, key);
const createPolicy = (policy: Record<string, string>, at = FIXED_NOW) =>
  submit('create_policy', envelope(emu, 'ACTIVITY_TYPE_CREATE_POLICY_V3', { notes: '', ...policy }, at));
const initImport = (key: ApiKey, at = FIXED_NOW) =>
  submit(
    'init_import_secrets',
    envelope(
      emu,
      'ACTIVITY_TYPE_INIT_IMPORT_SECRETS',
      { encryptionSuite: 'TRANSPORT_ENCRYPTION_SUITE_ENCLAVE_ENCRYPT_V1', numSecrets: 1 },
      at,
    ),
    key,
  );

async function agent(): Promise<{ key: ApiKey; tag: string }> {
  const res = await admin(emu, 'POST', '/users', { generateApiKey: true, userName: 'agent', userTags: ['agent'] });
  const user = AdminUser.parse(res.json);
  return { key: generatedKey(user), tag: user.userTags[0]! };
}

test('secret policies in the docs style are accepted; SECRET/IMPORT lets an agent start an import', async () => {
  const { key, tag } = await agent();
  const exportPolicy = await createPolicy({
    policyName: 'agents export unilateral secrets',
    effect: 'EFFECT_ALLOW',
    consensus: `approvers.any(user, user.tags.contains('${tag}'))`,
    condition: "activity.type == 'ACTIVITY_TYPE_EXPORT_SECRETS' && secret.static_properties['consensus'] == 'unilateral'",
  });
  expect(exportPolicy.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
  const importPolicy = await createPolicy({
    policyName: 'agents import secrets',
    effect: 'EFFECT_ALLOW',
    consensus: `approvers.any(user, user.tags.contains('${tag}'))`,
    condition: "activity.resource == 'SECRET' && activity.action == 'IMPORT'",
  });
  const exportId = exportPolicy.result('create_policy').policyId;
  const importId = importPolicy.result('create_policy').policyId;

  const res = await initImport(key);
  expect(res.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
  const evaluations = await stampedPost(emu, '/public/v1/query/get_policy_evaluations', {
    organizationId: emu.credentials.organizationId,
    activityId: res.activity.id,
  });
  expect(evaluations.as('get_policy_evaluations').policyEvaluations[0]?.policyEvaluations).toEqual([
    // init_import_secrets targets no stored secret: reading `secret` is an evaluation error.
    { policyId: exportId, outcome: 'OUTCOME_ERROR' },
    { policyId: importId, outcome: 'OUTCOME_ALLOW' },
  ]);
});

test('a DENY that reads `secret` does not block an activity without one', async () => {
  const { key } = await agent();
  await createPolicy({
    policyName: 'no card exports',
    effect: 'EFFECT_DENY',
    condition: "secret.static_properties['kind'] == 'creditCard'",
  });
  await createPolicy({ policyName: 'imports', effect: 'EFFECT_ALLOW', condition: "activity.kind == 'INIT_IMPORT_SECRETS'" });
  expect((await initImport(key)).activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
});

test.each([
  ["secret.static_properties['kind'] == 1", 'invalid policy condition: 1:34: cannot compare string with int'],
  [
    "secret.static_property['kind'] == 'creditCard'",
    "invalid policy condition: 1:8: unknown field 'static_property' of Secret; did you mean 'static_properties'?",
  ],
  ["activity.resource == 'SECRETS'", "invalid policy condition: 1:22: 'SECRETS' is not a valid activity.resource; did you mean 'SECRET'?"],
  [
    "activity.params.x[0..99999999999999999999] == 'a'",
    'invalid policy condition: 1:22: a slice bound of 99999999999999999999 is out of range: positions go from 0 to 18446744073709551615',
  ],
  [
    'activity.type in []',
    "invalid policy condition: 1:18: 'in []' is never true: an empty list holds no values; list the values to match, like activity.type in ['ACTIVITY_TYPE_CREATE_WALLET', 'ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS']",
  ],
])('refused at create: %s', async (condition, message) => {
  const res = await createPolicy({ policyName: 'bad', effect: 'EFFECT_ALLOW', condition });
  expect([res.status, res.json]).toEqual([400, serviceError(3, message, 'REQUEST_INVALID')]);
  expect(emu.store.policies.all()).toEqual([]);
});
