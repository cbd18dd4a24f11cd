// The user, API key, user tag and root quorum schemas (docs/service-behaviour.md#users, #api-keys, #user-tags,
// #root-quorum): what a request may say, the message for each refused value, and the activity.params policies
// see for user and key activities.
import { operations, type OperationName } from '@walletinfra/sdk';
import { activityParamsFor } from '@walletinfra/sdk/policy';
import { toValidationIssues, User } from '@walletinfra/sdk/schemas';

/** `path: message` for each problem of `input` under operation `name`'s request schema; [] when valid. */
function problems(name: OperationName, input: unknown): string[] {
  const op = operations[name];
  if (!('request' in op)) throw new Error(`${name} takes no request`);
  const parsed = op.request.safeParse(input, { reportInput: true });
  return parsed.success ? [] : toValidationIssues(parsed.error).map((i) => `${i.path}: ${i.message}`);
}

const userId = 'u-1';

test('emails and phone numbers: checked on create, and an empty string removes them on update', () => {
  const user = { userName: 'a', apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] };
  expect(problems('create_users', { users: [{ ...user, userEmail: 'a@example.com', userPhoneNumber: '+13214567890' }] })).toEqual([]);
  expect(problems('create_users', { users: [{ ...user, userEmail: 'a@', userPhoneNumber: '3214567890' }] })).toEqual([
    'users[0].userEmail: must be an email address',
    'users[0].userPhoneNumber: must be a phone number in E.164 format, e.g. +13214567890',
  ]);
  expect(problems('create_users', { users: [{ ...user, userEmail: '' }] })).toEqual(['users[0].userEmail: must be an email address']);
  expect(problems('update_user', { userId, userEmail: '', userPhoneNumber: '' })).toEqual([]);
  expect(problems('update_user_email', { userId, userEmail: 'nope' })).toEqual([
    'userEmail: must be an email address, or empty to remove it',
  ]);
  expect(problems('update_user_phone_number', { userId, userPhoneNumber: '+0123' })).toEqual([
    'userPhoneNumber: must be a phone number in E.164 format (e.g. +13214567890), or empty to remove it',
  ]);
  expect(problems('update_user_name', { userId, userName: '' })).toEqual(['userName: must not be empty']);
});

test('create_users V4 needs every list, even empty; API-only users have no phone number and no curve', () => {
  expect(problems('create_users', { users: [{ userName: 'a' }] })).toEqual([
    'users[0].apiKeys: is required',
    'users[0].authenticators: is required',
    'users[0].oauthProviders: is required',
    'users[0].userTags: is required',
  ]);
  expect(problems('create_users', { users: [] })).toEqual(['users: must have at least one user']);
  expect(
    problems('create_api_only_users', {
      apiOnlyUsers: [
        {
          userName: 'a',
          userPhoneNumber: '+13214567890',
          userTags: [],
          apiKeys: [{ apiKeyName: 'k', publicKey: '02', curveType: 'API_KEY_CURVE_P256' }],
        },
      ],
    }),
  ).toEqual(['apiOnlyUsers[0].apiKeys[0].curveType: is not a known field', 'apiOnlyUsers[0].userPhoneNumber: is not a known field']);
});

test('API keys: a curve from the three, a positive expiry, at least one key', () => {
  const key = { apiKeyName: 'k', publicKey: '02ab', curveType: 'API_KEY_CURVE_ED25519', expirationSeconds: '1' };
  expect(problems('create_api_keys', { userId, apiKeys: [key] })).toEqual([]);
  expect(problems('create_api_keys', { userId, apiKeys: [{ ...key, curveType: 'API_KEY_CURVE_RSA', expirationSeconds: '0' }] })).toEqual([
    'apiKeys[0].curveType: must be one of "API_KEY_CURVE_P256"|"API_KEY_CURVE_SECP256K1"|"API_KEY_CURVE_ED25519"',
    'apiKeys[0].expirationSeconds: invalid api key expiration: must be at least 1 second',
  ]);
  expect(problems('create_api_keys', { userId, apiKeys: [] })).toEqual(['apiKeys: must have at least one API key']);
  expect(problems('delete_api_keys', { userId, apiKeyIds: [] })).toEqual(['apiKeyIds: must name at least one API key']);
  expect(problems('create_api_keys', { userId, apiKeys: Array.from({ length: 21 }, () => key) })).toEqual([
    'apiKeys: must have at most 20 items',
  ]);
});

test('user tags: a name, member lists that are always sent, at least one tag to delete', () => {
  expect(problems('create_user_tag', { userTagName: '', userIds: [] })).toEqual(['userTagName: must not be empty']);
  expect(problems('update_user_tag', { userTagId: 't', newUserTagName: 'n' })).toEqual([
    'addUserIds: is required',
    'removeUserIds: is required',
  ]);
  expect(problems('delete_user_tags', { userTagIds: [] })).toEqual(['userTagIds: must name at least one tag']);
});

test('the root quorum threshold is a non-zero int32; members are at most the 100 users of an organization', () => {
  expect(problems('update_root_quorum', { threshold: 1, userIds: [userId] })).toEqual([]);
  expect(problems('update_root_quorum', { threshold: 0, userIds: [userId] })).toEqual([
    'threshold: quorum threshold must be non-zero integer',
  ]);
  expect(problems('update_root_quorum', { threshold: 1.5, userIds: [userId] })).toEqual(['threshold: must be an integer']);
  expect(problems('update_root_quorum', { threshold: 2 ** 31, userIds: [userId] })).toEqual(['threshold: must fit in int32']);
  expect(problems('update_root_quorum', { threshold: 1, userIds: Array.from({ length: 101 }, (_, i) => `u-${i}`) })).toEqual([
    'userIds: must have at most 100 items',
  ]);
});

test('a user read back keeps unknown fields and credential types a newer service adds', () => {
  const ts = { seconds: '1', nanos: '0' };
  const user = {
    userId,
    userName: 'a',
    authenticators: [],
    apiKeys: [
      { credential: { publicKey: '02', type: 'CREDENTIAL_TYPE_FUTURE' }, apiKeyId: 'k', apiKeyName: 'k', createdAt: ts, updatedAt: ts },
    ],
    userTags: [],
    oauthProviders: [],
    createdAt: ts,
    updatedAt: ts,
    mfaPolicies: [],
    accessType: 'ACCESS_TYPE_API',
  };
  expect(User.parse(user)).toEqual(user);
  expect(User.safeParse({ ...user, userTags: undefined }).success).toBe(false);
});

test('activity.params of user and key activities: user_ids, user_id, api_key_ids', () => {
  expect(activityParamsFor('ACTIVITY_TYPE_DELETE_USERS', { userIds: ['u-1', 'u-2'] })).toEqual({ user_ids: ['u-1', 'u-2'] });
  expect(activityParamsFor('ACTIVITY_TYPE_CREATE_API_KEYS_V2', { userId, apiKeys: [] })).toEqual({ user_id: userId });
  expect(activityParamsFor('ACTIVITY_TYPE_DELETE_API_KEYS', { userId, apiKeyIds: ['k-1'] })).toEqual({
    user_id: userId,
    api_key_ids: ['k-1'],
  });
  expect(activityParamsFor('ACTIVITY_TYPE_UPDATE_ROOT_QUORUM', { threshold: 1, userIds: [userId] })).toEqual({});
});
