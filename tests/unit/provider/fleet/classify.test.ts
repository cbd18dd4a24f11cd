// One sub-organization against the template, from data: which live object each resource stands for (its adopt
// id, its natural key), the outputs later resources name, per-property drift in the kinds' normal form, and the
// objects no resource stands for.
import { classify } from '@walletinfra/pulumi/fleet/classify';
import { kindNamed, type FleetKind } from '@walletinfra/pulumi/fleet/kinds';
import type { DesiredResource } from '@walletinfra/pulumi/fleet/template/evaluate';

const TS = { seconds: '1700000000', nanos: '0' };
const policy = (policyId: string, policyName: string, condition = 'true', notes = '') => ({
  policyId,
  policyName,
  effect: 'EFFECT_ALLOW',
  condition,
  consensus: '',
  notes,
  createdAt: TS,
  updatedAt: TS,
});
const user = (userId: string, userName: string, keys: string[] = []) => ({
  userId,
  userName,
  authenticators: [],
  apiKeys: keys.map((k) => ({
    apiKeyId: `k-${k}`,
    apiKeyName: k,
    credential: { publicKey: `02${k.padEnd(64, '0')}`, type: 'CREDENTIAL_TYPE_API_KEY_P256' },
    createdAt: TS,
    updatedAt: TS,
  })),
  userTags: [],
  oauthProviders: [],
  createdAt: TS,
  updatedAt: TS,
  mfaPolicies: [],
});
const kinds = (...types: string[]): FleetKind[] => types.map((t) => kindNamed(t) as FleetKind);
const resource = (type: string, name: string, inputs: Record<string, unknown>, secret: string[] = []): DesiredResource => ({
  type,
  name,
  inputs,
  secret,
});

test('a resource stands for the object with its natural key; what differs is drift, per property', () => {
  const found = classify({
    organizationId: 'org-1',
    desired: [
      resource('Policy', 'p', {
        policyName: 'P',
        effect: 'EFFECT_ALLOW',
        condition: "eth.tx.to == '0x1'",
        notes: 'n',
        adopt: { byName: true },
      }),
    ],
    objects: { Policy: [policy('pol-1', 'P', 'true', 'n'), policy('pol-2', 'Other')] },
    unmanagedKinds: kinds('Policy'),
    ignore: [],
  });
  expect(found.drift).toEqual([
    {
      kind: 'Policy',
      resource: 'p',
      change: 'changed',
      objectId: 'pol-1',
      properties: [{ name: 'condition', desired: "eth.tx.to == '0x1'", live: 'true', replaces: false }],
    },
  ]);
  expect(found.unmanaged).toEqual([{ kind: 'Policy', id: 'pol-2', name: 'Other', governs: 'policy', status: 'unmanaged' }]);
});

test('defaults and canonical forms are the provider’s: an absent optional value is no drift', () => {
  const found = classify({
    organizationId: 'org-1',
    desired: [resource('Policy', 'p', { policyName: 'P', effect: 'EFFECT_ALLOW', notes: '' })],
    objects: { Policy: [policy('pol-1', 'P', '', '')] },
    unmanagedKinds: [],
    ignore: [],
  });
  expect(found.drift).toEqual([]);
});

test('missing, ambiguous, and adoption by id', () => {
  const found = classify({
    organizationId: 'org-1',
    desired: [
      resource('Policy', 'gone', { policyName: 'Gone', effect: 'EFFECT_ALLOW', notes: '' }),
      resource('User', 'twice', { userName: 'dup', adopt: { byName: true } }),
      resource('Policy', 'by-id', { policyName: 'Renamed', effect: 'EFFECT_ALLOW', condition: 'true', notes: '', adopt: { id: 'pol-9' } }),
    ],
    objects: { Policy: [policy('pol-9', 'Old name')], User: [user('u-1', 'dup'), user('u-2', 'dup')] },
    unmanagedKinds: kinds('User', 'Policy'),
    ignore: [],
  });
  expect(found.drift).toEqual([
    { kind: 'Policy', resource: 'gone', change: 'missing' },
    { kind: 'User', resource: 'twice', change: 'ambiguous', candidates: ['u-1', 'u-2'] },
    {
      kind: 'Policy',
      resource: 'by-id',
      change: 'changed',
      objectId: 'pol-9',
      properties: [{ name: 'policyName', desired: 'Renamed', live: 'Old name', replaces: false }],
    },
  ]);
  // the ambiguous candidates are the template's, not unmanaged
  expect(found.unmanaged).toEqual([]);
});

test('outputs flow to later resources: a key names its user by the user’s live id', () => {
  const pub = `02${'a'.padEnd(64, '0')}`;
  const desired = [
    resource('User', 'delegated', { userName: 'Delegated', adopt: { byName: true } }),
    resource('ApiKey', 'key', {
      userId: '⟦ref User delegated userId⟧',
      apiKeyName: 'a',
      publicKey: pub,
      curveType: 'API_KEY_CURVE_P256',
      adopt: { byPublicKey: true },
    }),
    resource('Policy', 'p', { policyName: 'P', effect: 'EFFECT_ALLOW', notes: 'for ⟦ref User delegated userId⟧', condition: 'true' }),
  ];
  const found = classify({
    organizationId: 'org-1',
    desired,
    objects: {
      User: [user('u-7', 'Delegated', ['a'])],
      ApiKey: [{ userId: 'u-7', key: user('u-7', 'Delegated', ['a']).apiKeys[0] }],
      Policy: [policy('pol-1', 'P', 'true', 'for u-7')],
    },
    unmanagedKinds: kinds('User', 'ApiKey', 'Policy'),
    ignore: [],
  });
  expect(found).toEqual({ drift: [], unmanaged: [], writes: [], changes: [] });
  // without the user, what names it reads as what it will be
  const orphan = classify({
    organizationId: 'org-1',
    desired,
    objects: { User: [], ApiKey: [], Policy: [policy('pol-1', 'P', 'true', 'for u-7')] },
    unmanagedKinds: [],
    ignore: [],
  });
  expect(orphan.drift).toEqual([
    { kind: 'User', resource: 'delegated', change: 'missing' },
    { kind: 'ApiKey', resource: 'key', change: 'missing' },
    {
      kind: 'Policy',
      resource: 'p',
      change: 'changed',
      objectId: 'pol-1',
      properties: [{ name: 'notes', desired: 'for <userId of User "delegated">', live: 'for u-7', replaces: false }],
    },
  ]);
  // what a stack would submit to put it back: the provider's own list of writes, one per missing or changed resource
  expect(orphan.writes).toEqual([
    { type: 'ACTIVITY_TYPE_CREATE_USERS_V4', why: 'create user "delegated"' },
    { type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2', why: 'create API key "key"', params: { user_id: '⟦ref User delegated userId⟧' } },
    { type: 'ACTIVITY_TYPE_UPDATE_POLICY_V2', why: 'update policy "p"' },
  ]);
});

test('acknowledged objects carry the rule’s reason; names match as patterns; the service’s own quorum is left alone', () => {
  const found = classify({
    organizationId: 'org-1',
    desired: [],
    objects: { User: [user('u-1', 'end-user-1'), user('u-2', 'intruder')], RootQuorum: [{ threshold: 1, userIds: ['u-1'] }] },
    unmanagedKinds: kinds('User', 'RootQuorum'),
    ignore: [{ kind: 'User', name: 'end-user-*', reason: 'the application’s end users' }],
  });
  expect(found.unmanaged).toEqual([
    { kind: 'User', id: 'u-2', name: 'intruder', governs: 'identity', status: 'unmanaged' },
    { kind: 'User', id: 'u-1', name: 'end-user-1', governs: 'identity', status: 'acknowledged', reason: 'the application’s end users' },
  ]);
});

test('secret values never appear', () => {
  const found = classify({
    organizationId: 'org-1',
    desired: [resource('Policy', 'p', { policyName: 'P', effect: 'EFFECT_ALLOW', notes: 'the secret', condition: 'true' }, ['notes'])],
    objects: { Policy: [policy('pol-1', 'P', 'true', 'old secret')] },
    unmanagedKinds: [],
    ignore: [],
  });
  expect(found.drift[0]?.properties).toEqual([{ name: 'notes', desired: '[secret]', live: '[secret]', replaces: false }]);
});
