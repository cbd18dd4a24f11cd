// Activity types, kinds, resources and actions (docs/service-behaviour.md#policy-language). The committed ACTIVITY_TYPES data
// file must match @turnkey/http's generated `v1ActivityType` (the sdk does not depend on it).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_KINDS,
  ACTIVITY_RESOURCES,
  ACTIVITY_TYPES,
  activityKindOf,
  isRootQuorumOnlyActivity,
  resourceAndActionOf,
} from '@walletinfra/sdk/policy';

// The package's `exports` hide this file from require.resolve; it is read from the workspace root.
const TYPES_FILE = resolve(
  __dirname,
  '../../../../node_modules/@turnkey/http/dist/__generated__/services/coordinator/public/v1/public_api.types.d.ts',
);

test('ACTIVITY_TYPES is exactly v1ActivityType of the installed @turnkey/http', () => {
  const line = readFileSync(TYPES_FILE, 'utf8')
    .split('\n')
    .find((l) => l.includes('v1ActivityType:'));
  const fromPackage = [...(line ?? '').matchAll(/"(ACTIVITY_TYPE_[A-Z0-9_]+)"/g)].map((m) => m[1]);
  expect(fromPackage.length).toBe(169);
  expect(ACTIVITY_TYPES).toEqual(fromPackage);
});

test.each([
  ['ACTIVITY_TYPE_SIGN_TRANSACTION_V2', 'SIGN_TRANSACTION'],
  ['ACTIVITY_TYPE_SIGN_TRANSACTION', 'SIGN_TRANSACTION'],
  ['ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8', 'CREATE_SUB_ORGANIZATION'],
  ['ACTIVITY_TYPE_CREATE_POLICY_V3', 'CREATE_POLICY'],
  ['ACTIVITY_TYPE_CREATE_OAUTH2_CREDENTIAL', 'CREATE_OAUTH2_CREDENTIAL'],
  ['ACTIVITY_TYPE_ETH_UNDELEGATE_7702', 'ETH_UNDELEGATE_7702'],
  ['SIGN_RAW_PAYLOAD_V2', 'SIGN_RAW_PAYLOAD'],
])('activityKindOf(%s) = %s', (type, kind) => {
  expect(activityKindOf(type)).toBe(kind);
});

test('ACTIVITY_KINDS are the distinct kinds of ACTIVITY_TYPES', () => {
  expect(ACTIVITY_KINDS).toEqual([...new Set(ACTIVITY_TYPES.map(activityKindOf))]);
  expect(ACTIVITY_KINDS).toEqual(
    expect.arrayContaining(['CREATE_POLICY', 'UPDATE_POLICY', 'DELETE_POLICIES', 'CREATE_SESSION_PROFILE', 'SIGN_TRANSACTION']),
  );
  expect(ACTIVITY_KINDS).not.toContain('CREATE_POLICY_V3');
});

test.each([
  // The activities this project manages (docs/service-behaviour.md#activities), then signing and users.
  ['ACTIVITY_TYPE_CREATE_POLICY_V3', 'POLICY', 'CREATE'],
  ['ACTIVITY_TYPE_CREATE_POLICIES', 'POLICY', 'CREATE'],
  ['ACTIVITY_TYPE_UPDATE_POLICY_V2', 'POLICY', 'UPDATE'],
  ['ACTIVITY_TYPE_DELETE_POLICY', 'POLICY', 'DELETE'],
  ['ACTIVITY_TYPE_DELETE_POLICIES', 'POLICY', 'DELETE'],
  ['ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT', 'WEBHOOK_ENDPOINT', 'CREATE'],
  ['ACTIVITY_TYPE_UPDATE_WEBHOOK_ENDPOINT', 'WEBHOOK_ENDPOINT', 'UPDATE'],
  ['ACTIVITY_TYPE_DELETE_WEBHOOK_ENDPOINT', 'WEBHOOK_ENDPOINT', 'DELETE'],
  ['ACTIVITY_TYPE_CREATE_FIAT_ON_RAMP_CREDENTIAL', 'ON_RAMP_CREDENTIALS', 'CREATE'],
  ['ACTIVITY_TYPE_UPDATE_FIAT_ON_RAMP_CREDENTIAL', 'ON_RAMP_CREDENTIALS', 'UPDATE'],
  ['ACTIVITY_TYPE_DELETE_FIAT_ON_RAMP_CREDENTIAL', 'ON_RAMP_CREDENTIALS', 'DELETE'],
  ['ACTIVITY_TYPE_SET_IP_ALLOWLIST', 'CONFIG', 'UPDATE'],
  ['ACTIVITY_TYPE_REMOVE_IP_ALLOWLIST', 'CONFIG', 'DELETE'],
  ['ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', 'PRIVATE_KEY', 'CREATE'],
  ['ACTIVITY_TYPE_UPDATE_PRIVATE_KEY_TAG', 'PRIVATE_KEY', 'UPDATE'],
  ['ACTIVITY_TYPE_DELETE_PRIVATE_KEY_TAGS', 'PRIVATE_KEY', 'DELETE'],
  ['ACTIVITY_TYPE_CREATE_SESSION_PROFILE', 'SESSION_PROFILE', 'CREATE'],
  ['ACTIVITY_TYPE_CREATE_MFA_POLICY', 'MFA_POLICY', 'CREATE'],
  ['ACTIVITY_TYPE_UPDATE_MFA_POLICY', 'MFA_POLICY', 'UPDATE'],
  ['ACTIVITY_TYPE_DELETE_MFA_POLICY', 'MFA_POLICY', 'DELETE'],
  ['ACTIVITY_TYPE_EARN_DEPOSIT', 'PRIVATE_KEY', 'SIGN'],
  ['ACTIVITY_TYPE_EARN_WITHDRAW', 'PRIVATE_KEY', 'SIGN'],
  ['ACTIVITY_TYPE_CREATE_WALLET', 'WALLET', 'CREATE'],
  ['ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS', 'WALLET', 'CREATE'],
  ['ACTIVITY_TYPE_EXPORT_WALLET', 'WALLET', 'EXPORT'],
  ['ACTIVITY_TYPE_IMPORT_WALLET', 'WALLET', 'IMPORT'],
  ['ACTIVITY_TYPE_DELETE_WALLETS', 'WALLET', 'DELETE'],
  ['ACTIVITY_TYPE_UPDATE_WALLET', 'WALLET', 'UPDATE'],
  ['ACTIVITY_TYPE_CREATE_PRIVATE_KEYS_V2', 'PRIVATE_KEY', 'CREATE'],
  ['ACTIVITY_TYPE_EXPORT_PRIVATE_KEY', 'PRIVATE_KEY', 'EXPORT'],
  ['ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', 'PRIVATE_KEY', 'SIGN'],
  ['ACTIVITY_TYPE_SIGN_RAW_PAYLOADS', 'PRIVATE_KEY', 'SIGN'],
  ['ACTIVITY_TYPE_SIGN_TRANSACTION_V2', 'PRIVATE_KEY', 'SIGN'],
  ['ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2', 'PRIVATE_KEY', 'SIGN'],
  ['ACTIVITY_TYPE_SOL_SEND_TRANSACTION', 'PRIVATE_KEY', 'SIGN'],
  ['ACTIVITY_TYPE_CREATE_USERS_V4', 'USER', 'CREATE'],
  ['ACTIVITY_TYPE_UPDATE_USER_EMAIL', 'USER', 'UPDATE'],
  ['ACTIVITY_TYPE_DELETE_USERS', 'USER', 'DELETE'],
  ['ACTIVITY_TYPE_CREATE_API_KEYS_V2', 'CREDENTIAL', 'CREATE'],
  ['ACTIVITY_TYPE_DELETE_AUTHENTICATORS', 'CREDENTIAL', 'DELETE'],
  ['ACTIVITY_TYPE_VERIFY_OTP_V2', 'OTP', 'VERIFY'],
  ['ACTIVITY_TYPE_RE_ENCRYPT_TVC_QUORUM_KEY_SHARE', 'TVC_QUORUM_KEY', 'ENCRYPT'],
  ['ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8', 'ORGANIZATION', 'CREATE'],
  ['ACTIVITY_TYPE_INIT_IMPORT_SECRETS', 'SECRET', 'IMPORT'],
  ['ACTIVITY_TYPE_IMPORT_SECRETS', 'SECRET', 'IMPORT'],
  ['ACTIVITY_TYPE_EXPORT_SECRETS', 'SECRET', 'EXPORT'],
  ['ACTIVITY_TYPE_DELETE_SECRETS', 'SECRET', 'DELETE'],
])('resourceAndActionOf(%s) = %s / %s', (type, resource, action) => {
  expect(resourceAndActionOf(type)).toEqual({ resource, action });
});

test.each([
  'ACTIVITY_TYPE_EXECUTE_SWAP',
  'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM',
  'ACTIVITY_TYPE_APPROVE_ACTIVITY',
  'NOT_A_TYPE',
  'constructor',
])('resourceAndActionOf(%s) is undefined', (type) => {
  expect(resourceAndActionOf(type)).toBeUndefined();
});

test('every mapped activity type yields a documented resource and action', () => {
  for (const type of ACTIVITY_TYPES) {
    const pair = resourceAndActionOf(type);
    if (!pair) continue;
    expect(ACTIVITY_RESOURCES).toContain(pair.resource);
    expect(ACTIVITY_ACTIONS).toContain(pair.action);
  }
  expect(ACTIVITY_TYPES.filter((t) => resourceAndActionOf(t) !== undefined).length).toBe(137);
});

test.each([
  ['ACTIVITY_TYPE_UPDATE_ROOT_QUORUM', true],
  ['ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE', true],
  ['ACTIVITY_TYPE_REMOVE_ORGANIZATION_FEATURE', true],
  ['ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME', true],
  ['ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION', true],
  ['ACTIVITY_TYPE_CREATE_POLICY_V3', false],
])('isRootQuorumOnlyActivity(%s) = %s', (type, expected) => {
  expect(isRootQuorumOnlyActivity(type)).toBe(expected);
});
