// The per-resource field tables, derived from the sdk's create/update intents: known answers per resource,
// and the checks that make a wrong entry fail at load time.
import { z } from 'zod';
import { defineFieldTable, FIELD_TABLES, type FieldTable } from '@walletinfra/sdk/rules';

function table(resource: string): FieldTable {
  const found = FIELD_TABLES.find((t) => t.resource === resource);
  if (found === undefined) throw new Error(`no field table for ${resource}`);
  return found;
}

test('Policy: every field updates in place under its V2 name; the name is the natural key', () => {
  const t = table('Policy');
  expect(t.inPlace).toEqual(['policyName', 'effect', 'condition', 'consensus', 'notes', 'time']);
  expect(t.replace).toEqual([]);
  expect(t.naturalKey).toEqual(['policyName']);
  expect(t.updateParameters('p-1', { effect: 'EFFECT_DENY', condition: '', time: undefined })).toEqual({
    policyId: 'p-1',
    policyEffect: 'EFFECT_DENY',
    policyCondition: '',
  });
});

test('WebhookEndpoint: subscriptions replace, isActive is update-only, the key includes the subscriptions', () => {
  const t = table('WebhookEndpoint');
  expect(t.fields).toEqual([
    { field: 'url', updateName: 'url', onCreate: true, change: 'in-place' },
    { field: 'name', updateName: 'name', onCreate: true, change: 'in-place' },
    { field: 'subscriptions', onCreate: true, change: 'replace' },
    { field: 'isActive', updateName: 'isActive', onCreate: false, change: 'in-place' },
  ]);
  expect(t.naturalKey).toEqual(['url', 'name', 'subscriptions']);
  expect(() => t.updateParameters('e-1', { subscriptions: [] })).toThrow(
    'field table for WebhookEndpoint: "subscriptions" cannot be changed by an update',
  );
});

test('FiatOnRampCredential: sandboxMode replaces and joins the natural key', () => {
  const t = table('FiatOnRampCredential');
  expect(t.inPlace).toEqual(['onrampProvider', 'projectId', 'publishableApiKey', 'encryptedSecretApiKey', 'encryptedPrivateApiKey']);
  expect(t.replace).toEqual(['sandboxMode']);
  expect(t.naturalKey).toEqual(['onrampProvider', 'publishableApiKey', 'sandboxMode']);
});

test('IpAllowlist: set_ip_allowlist is create and update; the API key names the list, so it replaces', () => {
  const t = table('IpAllowlist');
  expect(t.inPlace).toEqual(['enabled', 'rules', 'onEvaluationError']);
  expect(t.replace).toEqual(['publicKey']);
});

test('PrivateKeyTag: rename and membership in place, members carried as add/remove sets', () => {
  const t = table('PrivateKeyTag');
  expect(t.fields).toEqual([
    { field: 'privateKeyTagName', updateName: 'newPrivateKeyTagName', onCreate: true, change: 'in-place' },
    {
      field: 'privateKeyIds',
      updateName: 'addPrivateKeyIds',
      updateNames: ['addPrivateKeyIds', 'removePrivateKeyIds'],
      onCreate: true,
      change: 'in-place',
    },
  ]);
  expect(t.naturalKey).toEqual(['privateKeyTagName']);
});

test('SessionProfile: no update activity, so every field replaces and joins the natural key', () => {
  const t = table('SessionProfile');
  expect(t.inPlace).toEqual([]);
  expect(t.replace).toEqual(['sessionProfileName', 'scope', 'expirationSeconds', 'notes']);
  expect(t.naturalKey).toEqual(['sessionProfileName', 'scope', 'expirationSeconds', 'notes']);
});

test('UserTag: rename and membership in place, members carried as add/remove sets', () => {
  const t = table('UserTag');
  expect(t.fields).toEqual([
    { field: 'userTagName', updateName: 'newUserTagName', onCreate: true, change: 'in-place' },
    { field: 'userIds', updateName: 'addUserIds', updateNames: ['addUserIds', 'removeUserIds'], onCreate: true, change: 'in-place' },
  ]);
  expect([t.idField, t.singleton, t.naturalKey]).toEqual(['userTagId', false, ['userTagName']]);
});

test('User: name, email, phone and the tag list update in place (tags as userTagIds); keys and passkeys are not its fields', () => {
  const t = table('User');
  expect(t.fields).toEqual([
    { field: 'userName', updateName: 'userName', onCreate: true, change: 'in-place' },
    { field: 'userEmail', updateName: 'userEmail', onCreate: true, change: 'in-place' },
    { field: 'userPhoneNumber', updateName: 'userPhoneNumber', onCreate: true, change: 'in-place' },
    { field: 'userTags', updateName: 'userTagIds', onCreate: true, change: 'in-place' },
  ]);
  expect(t.naturalKey).toEqual(['userName']);
  expect(t.updateParameters('u-1', { userTags: ['t-1'], userEmail: '' })).toEqual({ userId: 'u-1', userTagIds: ['t-1'], userEmail: '' });
});

test('ApiKey: no update activity, so every field replaces and names the key', () => {
  const t = table('ApiKey');
  expect(t.inPlace).toEqual([]);
  expect(t.replace).toEqual(['userId', 'apiKeyName', 'publicKey', 'curveType', 'expirationSeconds']);
  expect(t.naturalKey).toEqual(['publicKey', 'userId', 'apiKeyName', 'curveType', 'expirationSeconds']);
  expect(() => t.updateParameters('k-1', { apiKeyName: 'renamed' })).toThrow(
    'field table for ApiKey: "apiKeyName" cannot be changed by an update',
  );
});

test('RootQuorum: a singleton, written whole by update_root_quorum, with no id and nothing to match on', () => {
  const t = table('RootQuorum');
  expect([t.singleton, t.idField, t.inPlace, t.replace, t.naturalKey]).toEqual([true, '', ['threshold', 'userIds'], [], []]);
  expect(t.updateParameters('ignored', { threshold: 2, userIds: ['u-1', 'u-2'] })).toEqual({ threshold: 2, userIds: ['u-1', 'u-2'] });
  expect(FIELD_TABLES.filter((f) => f.singleton).map((f) => f.resource)).toEqual(['RootQuorum']);
});

test('SmartContractInterface: no update activity, every field replaces; the contract and chain lead the natural key', () => {
  const t = table('SmartContractInterface');
  expect(t.inPlace).toEqual([]);
  expect(t.replace).toEqual(['smartContractAddress', 'smartContractInterface', 'type', 'label', 'notes']);
  expect(t.naturalKey).toEqual(['smartContractAddress', 'type', 'smartContractInterface', 'label', 'notes']);
  expect(() => t.updateParameters('sci-1', { label: 'x' })).toThrow(
    'field table for SmartContractInterface: "label" cannot be changed by an update',
  );
});

test('VelocityControl: no update activity, every field replaces; the identifier leads the natural key', () => {
  const t = table('VelocityControl');
  expect(t.inPlace).toEqual([]);
  expect(t.replace).toEqual(['name', 'dataSource', 'aggregation', 'identifier']);
  expect(t.naturalKey).toEqual(['identifier', 'name', 'dataSource', 'aggregation']);
});

test('a spec that disagrees with its intents fails when it is defined', () => {
  const create = z.strictObject({ a: z.string(), b: z.string() });
  const update = z.strictObject({ id: z.string(), a: z.string() });
  expect(() => defineFieldTable({ resource: 'X', create, update, idField: 'nope' as 'id', identity: [] })).toThrow(
    'field table for X: the update intent has no "nope"',
  );
  expect(() => defineFieldTable({ resource: 'X', create, update, idField: 'id', updateNames: { b: 'c' as 'a' }, identity: [] })).toThrow(
    'field table for X: renames "b" to "c", which the intents do not have',
  );
  expect(() => defineFieldTable({ resource: 'X', create, update, idField: 'id', identity: ['z' as 'a'] })).toThrow(
    'field table for X: identity field "z" is not in the create intent',
  );
  expect(() => defineFieldTable({ resource: 'X', create, update, idField: 'id', singleton: true, identity: [] })).toThrow(
    'field table for X: a singleton has an update intent and no idField',
  );
  expect(() => defineFieldTable({ resource: 'X', create, idField: '', singleton: true, identity: [] })).toThrow(
    'field table for X: a singleton has an update intent and no idField',
  );
});
