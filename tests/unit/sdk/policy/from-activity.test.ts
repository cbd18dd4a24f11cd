// Converting recorded activities to policy requests: every activity type the emulator produces (its
// submit operations), what the policy engine sees of each (type, documented params, approvers and their
// credentials from the votes, time), and what makes one not evaluable — never a guessed decision.
import { operationsByActivityType } from '@walletinfra/sdk';
import { pathWithin, policyRequestFromActivity, readPaths, type ActivityLike } from '@walletinfra/sdk/policy';
import { submitHandlers } from '@walletinfra/emulator/handlers/index';

const AT = { seconds: '1767225600', nanos: '0' }; // 2026-01-01T00:00:00Z
const user = {
  userId: 'u-ops',
  userName: 'ops bot',
  userEmail: 'ops@example.com',
  userTags: ['t-ops'],
  apiKeys: [{ apiKeyId: 'k-1', credential: { publicKey: '02aa', type: 'CREDENTIAL_TYPE_API_KEY_P256' } }],
  authenticators: [],
};
const vote = (over: Record<string, unknown> = {}) => ({
  userId: 'u-ops',
  user,
  selection: 'VOTE_SELECTION_APPROVED',
  publicKey: '02aa',
  ...over,
});

const PARAMS: Record<string, Record<string, unknown>> = {
  ACTIVITY_TYPE_UPDATE_WEBHOOK_ENDPOINT: { endpointId: 'ep-1', name: 'x' },
  ACTIVITY_TYPE_DELETE_WEBHOOK_ENDPOINT: { endpointId: 'ep-2' },
  ACTIVITY_TYPE_DELETE_USERS: { userIds: ['u-1', 'u-2'] },
  ACTIVITY_TYPE_CREATE_API_KEYS_V2: { userId: 'u-1', apiKeys: [] },
  ACTIVITY_TYPE_DELETE_API_KEYS: { userId: 'u-1', apiKeyIds: ['k-9'] },
};
const EXPECTED_PARAMS: Record<string, Record<string, unknown>> = {
  ACTIVITY_TYPE_UPDATE_WEBHOOK_ENDPOINT: { endpoint_id: 'ep-1' },
  ACTIVITY_TYPE_DELETE_WEBHOOK_ENDPOINT: { endpoint_id: 'ep-2' },
  ACTIVITY_TYPE_DELETE_USERS: { user_ids: ['u-1', 'u-2'] },
  ACTIVITY_TYPE_CREATE_API_KEYS_V2: { user_id: 'u-1' },
  ACTIVITY_TYPE_DELETE_API_KEYS: { user_id: 'u-1', api_key_ids: ['k-9'] },
};
const NOT_RECORDED: Record<string, string[]> = {
  ACTIVITY_TYPE_EARN_DEPOSIT: [
    'activity.params',
    'controls',
    'credentials[].credential_id',
    'eth',
    'private_key',
    'wallet',
    'wallet_account',
  ],
  ACTIVITY_TYPE_EARN_WITHDRAW: [
    'activity.params',
    'controls',
    'credentials[].credential_id',
    'eth',
    'private_key',
    'wallet',
    'wallet_account',
  ],
  ACTIVITY_TYPE_SIGN_TRANSACTION_V2: [
    'activity.params',
    'bitcoin',
    'controls',
    'credentials[].credential_id',
    'eth',
    'private_key',
    'solana',
    'tempo',
    'tron',
    'wallet',
    'wallet_account',
  ],
};

const emulatedTypes = Object.keys(submitHandlers).map((name) => {
  const op = [...operationsByActivityType.values()].find((o) => o.name === name);
  if (op === undefined) throw new Error(`no sdk operation for ${name}`);
  return op;
});

test('the emulator produces the activity types this test covers', () => {
  expect(emulatedTypes.map((o) => o.activityType).sort()).toEqual([
    'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
    'ACTIVITY_TYPE_CREATE_API_ONLY_USERS',
    'ACTIVITY_TYPE_CREATE_FIAT_ON_RAMP_CREDENTIAL',
    'ACTIVITY_TYPE_CREATE_POLICY_V3',
    'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
    'ACTIVITY_TYPE_CREATE_SESSION_PROFILE',
    'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE',
    'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
    'ACTIVITY_TYPE_CREATE_USERS_V4',
    'ACTIVITY_TYPE_CREATE_USER_TAG',
    'ACTIVITY_TYPE_CREATE_VELOCITY_CONTROL',
    'ACTIVITY_TYPE_CREATE_WALLET',
    'ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT',
    'ACTIVITY_TYPE_DELETE_API_KEYS',
    'ACTIVITY_TYPE_DELETE_FIAT_ON_RAMP_CREDENTIAL',
    'ACTIVITY_TYPE_DELETE_POLICY',
    'ACTIVITY_TYPE_DELETE_PRIVATE_KEY_TAGS',
    'ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE',
    'ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION',
    'ACTIVITY_TYPE_DELETE_USERS',
    'ACTIVITY_TYPE_DELETE_USER_TAGS',
    'ACTIVITY_TYPE_DELETE_VELOCITY_CONTROL',
    'ACTIVITY_TYPE_DELETE_WEBHOOK_ENDPOINT',
    'ACTIVITY_TYPE_EARN_DEPOSIT',
    'ACTIVITY_TYPE_EARN_WITHDRAW',
    'ACTIVITY_TYPE_INIT_IMPORT_SECRETS',
    'ACTIVITY_TYPE_REMOVE_IP_ALLOWLIST',
    'ACTIVITY_TYPE_SET_IP_ALLOWLIST',
    'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
    'ACTIVITY_TYPE_UPDATE_FIAT_ON_RAMP_CREDENTIAL',
    'ACTIVITY_TYPE_UPDATE_POLICY_V2',
    'ACTIVITY_TYPE_UPDATE_PRIVATE_KEY_TAG',
    'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM',
    'ACTIVITY_TYPE_UPDATE_USER',
    'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
    'ACTIVITY_TYPE_UPDATE_USER_NAME',
    'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
    'ACTIVITY_TYPE_UPDATE_USER_TAG',
    'ACTIVITY_TYPE_UPDATE_WEBHOOK_ENDPOINT',
  ]);
});

test.each(emulatedTypes.map((o) => [o.activityType, o.intentKey] as const))('%s converts to a policy request', (type, intentKey) => {
  const activity: ActivityLike = {
    type,
    status: 'ACTIVITY_STATUS_COMPLETED',
    intent: { [intentKey]: PARAMS[type] ?? { some: 'field' } },
    votes: [vote()],
    createdAt: AT,
  };
  expect(policyRequestFromActivity(activity)).toEqual({
    evaluable: true,
    context: {
      activity: { type, params: EXPECTED_PARAMS[type] ?? {} },
      approvers: [{ id: 'u-ops', tags: ['t-ops'], email: 'ops@example.com', alias: 'ops bot' }],
      credentials: [{ id: 'k-1', user_id: 'u-ops', type: 'CREDENTIAL_TYPE_API_KEY_P256', public_key: '02aa' }],
      now: Date.UTC(2026, 0, 1),
    },
    notRecorded: NOT_RECORDED[type] ?? ['controls', 'credentials[].credential_id'],
  });
});

describe('what a recorded activity does not tell', () => {
  const base: ActivityLike = {
    type: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
    intent: { createPolicyIntentV3: {} },
    votes: [vote()],
    createdAt: AT,
  };

  test.each<[string, ActivityLike, string]>([
    ['no time', { ...base, createdAt: undefined }, 'the activity has no creation time'],
    ['no intent', { ...base, intent: {} }, 'the activity carries no intent parameters'],
    [
      'no approving vote',
      { ...base, votes: [vote({ selection: 'VOTE_SELECTION_REJECTED' })] },
      'the activity has no approving votes, so its approvers are unknown',
    ],
  ])('%s: not evaluable', (_, activity, reason) => {
    expect(policyRequestFromActivity(activity)).toEqual({ evaluable: false, reason });
  });

  test('a vote whose credential is not on the user: credentials are not recorded', () => {
    const built = policyRequestFromActivity({ ...base, votes: [vote({ publicKey: '03bb' })] });
    expect(built.evaluable && built.notRecorded).toEqual(['controls', 'credentials', 'credentials[].credential_id']);
  });

  test('approvers in vote order; rejections are not approvers; ISO times are read too', () => {
    const other = { ...user, userId: 'u-2', userName: 'second', userEmail: undefined, userTags: [], apiKeys: [] };
    const built = policyRequestFromActivity({
      ...base,
      createdAt: '2026-01-02T00:00:00Z',
      votes: [
        vote(),
        { userId: 'u-2', user: other, selection: 'VOTE_SELECTION_APPROVED', publicKey: 'zz' },
        { userId: 'u-3', selection: 'VOTE_SELECTION_REJECTED' },
      ],
    });
    expect(built.evaluable && built.context.approvers.map((a) => a.id)).toEqual(['u-ops', 'u-2']);
    expect(built.evaluable && built.context.now).toBe(Date.UTC(2026, 0, 2));
  });
});

describe('readPaths', () => {
  test.each<[string, string[]]>([
    ["eth.tx.to == '0x1' && wallet.id == 'w'", ['eth.tx.to', 'wallet.id']],
    ["credentials.any(c, c.id == 'k' && c.type == 'T')", ['credentials', 'credentials[].id', 'credentials[].type']],
    ["approvers.filter(u, u.tags.contains('t')).count() >= 2", ['approvers', 'approvers[].tags']],
    [
      "activity.params.user_ids[0] == 'u' && secret.static_properties['k'] == 'v'",
      ['activity.params.user_ids[]', 'secret.static_properties[]'],
    ],
    ['credentials.count() > 0', ['credentials']],
    ['not valid ((', []],
  ])('%s', (source, paths) => {
    expect(readPaths(source)).toEqual(paths);
  });

  test('pathWithin', () => {
    expect(pathWithin('eth.tx.to', 'eth')).toBe(true);
    expect(pathWithin('credentials[].credential_id', 'credentials[].credential_id')).toBe(true);
    expect(pathWithin('credentials[].id', 'credentials[].credential_id')).toBe(false);
    expect(pathWithin('ethereum', 'eth')).toBe(false);
  });
});
