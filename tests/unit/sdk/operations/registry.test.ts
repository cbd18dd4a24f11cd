// The registry as data: what the emulator's router and the client rely on.
import {
  earlierSubmitVersions,
  isOperationName,
  operations,
  operationsByActivityType,
  operationsByPath,
  submitVersionOf,
} from '@walletinfra/sdk';

const all = Object.values(operations);

test('every name, path and activity type is unique and indexed', () => {
  expect(operationsByPath.size).toBe(all.length);
  for (const op of all) expect(operationsByPath.get(op.path)).toBe(op);
  const submits = all.filter((op) => op.kind === 'submit');
  const earlier = Object.values(earlierSubmitVersions).flat();
  expect(operationsByActivityType.size).toBe(submits.length + earlier.length);
  for (const op of [...submits, ...earlier]) expect(operationsByActivityType.get(op.activityType)).toBe(op);
  // an earlier version shares its operation's name and path
  for (const op of earlier) expect(operationsByPath.get(op.path)?.name).toBe(op.name);
});

test('the registry holds the spec queries and writes, the ones the provider and emulator need, the two proxy calls and discovery', () => {
  const byKind = (kind: string) =>
    all
      .filter((op) => op.kind === kind)
      .map((op) => op.name)
      .sort();
  expect(byKind('proxy')).toEqual(['get_wallet_kit_config', 'init_otp_v2']);
  expect(byKind('discovery')).toEqual(['get_webhook_jwks']);
  expect(byKind('query')).toEqual(
    [
      // docs/service-behaviour.md#transport
      'get_api_key',
      'get_session_profile',
      'get_session_profiles',
      'get_mfa_policies',
      'get_policy',
      'get_ip_allowlist',
      'list_wallets',
      'list_private_key_tags',
      'list_webhook_endpoints',
      'list_fiat_on_ramp_credentials',
      'list_suborgs',
      'list_sol_transaction_history',
      // docs/service-behaviour.md#sub-organizations
      'list_verified_suborgs',
      // docs/service-behaviour.md#approving-and-rejecting, #transport
      'list_policies',
      'get_activity',
      'list_activities',
      'get_policy_evaluations',
      'get_active_policies',
      'list_wallet_accounts',
      'list_private_keys',
      'get_api_keys',
      // docs/service-behaviour.md#users, #user-tags, #root-quorum
      'list_users',
      'get_user',
      'list_user_tags',
      'get_organization_configs',
      'whoami',
      // docs/service-behaviour.md#smart-contract-interfaces, #velocity-controls
      'list_smart_contract_interfaces',
      'get_smart_contract_interface',
      'list_velocity_controls',
      'get_velocity_control',
    ].sort(),
  );
  expect(byKind('submit')).toEqual(
    [
      // docs/service-behaviour.md#activities
      'delete_webhook_endpoint',
      'create_policy',
      'init_import_secrets',
      'update_fiat_on_ramp_credential',
      'earn_deposit',
      'earn_withdraw',
      // docs/service-behaviour.md#approving-and-rejecting, #transport
      'update_policy',
      'delete_policy',
      'create_webhook_endpoint',
      'update_webhook_endpoint',
      'create_fiat_on_ramp_credential',
      'delete_fiat_on_ramp_credential',
      'approve_activity',
      'reject_activity',
      'set_ip_allowlist',
      'remove_ip_allowlist',
      'create_session_profile',
      'create_private_key_tag',
      'create_wallet',
      'create_sub_organization',
      'delete_sub_organization',
      'update_private_key_tag',
      'delete_private_key_tags',
      // docs/service-behaviour.md#users, #api-keys, #user-tags, #root-quorum
      'create_users',
      'create_api_only_users',
      'update_user',
      'update_user_name',
      'update_user_email',
      'update_user_phone_number',
      'delete_users',
      'create_api_keys',
      'delete_api_keys',
      'create_user_tag',
      'update_user_tag',
      'delete_user_tags',
      'update_root_quorum',
      // docs/service-behaviour.md#smart-contract-interfaces, #velocity-controls
      'create_smart_contract_interface',
      'delete_smart_contract_interface',
      'create_velocity_control',
      'delete_velocity_control',
      'sign_transaction',
    ].sort(),
  );
});

test('a body picks the version of a write by its type: the newest, an earlier one of the same operation, or none', () => {
  const op = operations.create_sub_organization;
  expect(submitVersionOf(op, 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8')).toBe(op);
  const v7 = submitVersionOf(op, 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7');
  expect([v7?.name, v7?.path, v7?.intentKey, v7?.resultKey]).toEqual([
    'create_sub_organization',
    '/public/v1/submit/create_sub_organization',
    'createSubOrganizationIntentV7',
    'createSubOrganizationResultV7',
  ]);
  expect(earlierSubmitVersions.create_sub_organization.map((v) => v.activityType)).toEqual([
    'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION',
    ...[2, 3, 4, 5, 6, 7].map((n) => `ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V${n}`),
  ]);
  // another operation's type, or none, is not a version of this one
  expect(submitVersionOf(op, 'ACTIVITY_TYPE_CREATE_POLICY_V3')).toBeUndefined();
  expect(submitVersionOf(op, undefined)).toBeUndefined();
  expect(submitVersionOf(operations.create_policy, 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7')).toBeUndefined();
});

test('paths follow docs/service-behaviour.md#transport (query, submit, proxy, discovery families)', () => {
  for (const op of all) {
    const expected = {
      query: `/public/v1/query/${op.name}`,
      submit: `/public/v1/submit/${op.name}`,
      proxy: op.path,
      discovery: '/public/v1/discovery/webhooks/jwks',
    }[op.kind];
    expect([op.name, op.path, op.method]).toEqual([op.name, expected, op.kind === 'discovery' ? 'GET' : 'POST']);
  }
  expect([operations.get_wallet_kit_config.path, operations.init_otp_v2.path]).toEqual(['/v1/wallet_kit_config', '/v1/otp_init_v2']);
});

test('the submit envelope is strict and checks every top-level field (docs/service-behaviour.md#transport)', () => {
  const envelope = operations.create_policy.envelope;
  const good = {
    type: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
    timestampMs: '1767225600000',
    organizationId: 'org',
    parameters: { policyName: 'p', effect: 'EFFECT_DENY', notes: '' },
  };
  expect(envelope.parse(good)).toEqual(good);
  expect(envelope.parse({ ...good, generateAppProofs: true })).toEqual({ ...good, generateAppProofs: true });
  const bad = envelope.safeParse({ ...good, type: 'ACTIVITY_TYPE_CREATE_POLICY_V2', timestampMs: 1767225600000, extra: 1 });
  expect(bad.error?.issues.map((i) => [i.path.join('.'), i.code])).toEqual([
    ['type', 'invalid_value'],
    ['timestampMs', 'invalid_type'],
    ['', 'unrecognized_keys'],
  ]);
});

test('intent and result keys (docs/service-behaviour.md#activities), including the unversioned createPolicyResult and V8 sub-orgs', () => {
  const keys = all.flatMap((op) => (op.kind === 'submit' ? [[op.name, op.activityType, op.intentKey, op.resultKey]] : []));
  expect(keys).toContainEqual(['create_policy', 'ACTIVITY_TYPE_CREATE_POLICY_V3', 'createPolicyIntentV3', 'createPolicyResult']);
  expect(keys).toContainEqual(['update_policy', 'ACTIVITY_TYPE_UPDATE_POLICY_V2', 'updatePolicyIntentV2', 'updatePolicyResultV2']);
  expect(keys).toContainEqual(['approve_activity', 'ACTIVITY_TYPE_APPROVE_ACTIVITY', 'approveActivityIntent', undefined]);
  // versioned intents with unversioned results, as the generated v1Intent/v1Result name them
  expect(keys).toContainEqual(['create_users', 'ACTIVITY_TYPE_CREATE_USERS_V4', 'createUsersIntentV4', 'createUsersResult']);
  expect(keys).toContainEqual(['create_api_keys', 'ACTIVITY_TYPE_CREATE_API_KEYS_V2', 'createApiKeysIntentV2', 'createApiKeysResult']);
  expect(keys).toContainEqual([
    'create_sub_organization',
    'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
    'createSubOrganizationIntentV8',
    'createSubOrganizationResultV8',
  ]);
});

test('isOperationName accepts registry names only', () => {
  expect(['get_policy', 'create_policy', 'toString', '__proto__', 'GET_POLICY'].map(isOperationName)).toEqual([
    true,
    true,
    false,
    false,
    false,
  ]);
});
