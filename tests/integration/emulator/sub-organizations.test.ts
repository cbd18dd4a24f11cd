// Sub-organizations as the service has them, through real HTTP: every create version, the parent's listings,
// the parent reading (never writing) a sub-organization, the sub-organization's own users writing, one
// delegated-access key in many sub-organizations, deletion, and faults aimed at some sub-organizations
// (docs/service-behaviour.md#sub-organizations).
import { expect } from '@jest/globals';
import { generateApiKeyPair, operations, type QueryName } from '@walletinfra/sdk';
import type { RunningEmulator } from '@walletinfra/emulator';
import {
  admin,
  AdminUser,
  envelope,
  generatedKey,
  manualClock,
  rootKey,
  serviceError,
  stampedPost,
  startTestEmulator,
  type ApiKey,
  type Reply,
} from '../../support/emulator';

const clock = manualClock();
const sleeps: number[] = [];
let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startTestEmulator({
    clock: clock.now,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
});
afterAll(() => emu.close());
beforeEach(() => clock.advance(1000));
afterEach(() => emu.faults.set([]));

const ETH = {
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: "m/44'/60'/0'/0/0",
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
};
const delegated = generateApiKeyPair();

const query = (name: QueryName, body: Record<string, unknown>, key: ApiKey = rootKey(emu)) =>
  stampedPost(emu, `/public/v1/query/${name}`, body, key);
const submit = (name: string, type: string, parameters: unknown, organizationId?: string, key: ApiKey = rootKey(emu)) =>
  stampedPost(emu, `/public/v1/submit/${name}`, envelope(emu, type, parameters, clock.now(), organizationId), key);
const createAs = (type: string, parameters: unknown) => submit('create_sub_organization', type, parameters);

/** A root user as each generation of `v1RootUserParams` has it. */
function rootUser(version: number, name: string): Record<string, unknown> {
  const key: Record<string, unknown> = { apiKeyName: `${name} key`, publicKey: delegated.publicKey };
  if (version >= 6) key.curveType = 'API_KEY_CURVE_P256';
  const user: Record<string, unknown> = { userName: name, userEmail: `${name}@example.com`, apiKeys: [key], authenticators: [] };
  if (version >= 5) user.oauthProviders = version >= 8 ? [{ providerName: 'google' }] : [{ providerName: 'google', oidcToken: 'x.y.z' }];
  if (version >= 7) user.userPhoneNumber = '+13214567890';
  return user;
}

function parametersOf(version: number, name: string): Record<string, unknown> {
  const base = { subOrganizationName: name, rootUsers: [rootUser(version, `${name}-root`)], rootQuorumThreshold: 1 };
  if (version === 3) {
    const key = {
      privateKeyName: 'k',
      curve: 'CURVE_SECP256K1',
      privateKeyTags: [],
      addressFormats: ['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_COMPRESSED'],
    };
    return { ...base, privateKeys: [key] };
  }
  return version >= 4 ? { ...base, wallet: { walletName: 'w', accounts: [ETH] } } : base;
}

const typeOf = (version: number) =>
  version === 1 ? 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION' : `ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V${version}`;

describe('create_sub_organization in every version the generated types define', () => {
  test.each([2, 3, 4, 5, 6, 7, 8])('V%i: its own intent, answered in its own result shape, read back by the parent', async (version) => {
    const type = typeOf(version);
    const parameters = parametersOf(version, `v${version}-customer`);
    const res = await createAs(type, parameters);
    expect(res.status).toBe(200);
    const { activity } = res;
    const intentKey = version === 8 ? operations.create_sub_organization.intentKey : `createSubOrganizationIntentV${version}`;
    expect([activity.type, activity.status, activity.intent]).toEqual([type, 'ACTIVITY_STATUS_COMPLETED', { [intentKey]: parameters }]);
    const resultKey = version <= 2 ? 'createSubOrganizationResult' : `createSubOrganizationResultV${version}`;
    const result = activity.result[resultKey] as Record<string, unknown>;
    const subId = result.subOrganizationId as string;
    const rootUserIds = result.rootUserIds as string[];
    expect(Object.keys(activity.result)).toEqual([resultKey]);
    if (version === 3) {
      expect(result).toEqual({
        subOrganizationId: subId,
        privateKeys: [
          {
            privateKeyId: expect.any(String),
            addresses: [
              { format: 'ADDRESS_FORMAT_ETHEREUM', address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) },
              { format: 'ADDRESS_FORMAT_COMPRESSED', address: expect.stringMatching(/^0[23][0-9a-f]{64}$/) },
            ],
          },
        ],
        rootUserIds,
      });
    } else if (version >= 4) {
      expect(result).toEqual({
        subOrganizationId: subId,
        wallet: { walletId: expect.any(String), addresses: [expect.any(String)] },
        rootUserIds,
      });
    } else {
      expect(result).toEqual({ subOrganizationId: subId, rootUserIds });
    }
    // the parent's key reads what was made
    const users = (await query('list_users', { organizationId: subId })).as('list_users').users;
    expect(users.map((u) => [u.userId, u.userName, u.apiKeys.map((k) => k.credential.publicKey)])).toEqual([
      [rootUserIds[0], `v${version}-customer-root`, [delegated.publicKey]],
    ]);
    expect((await query('get_organization_configs', { organizationId: subId })).as('get_organization_configs').configs.quorum).toEqual({
      threshold: 1,
      userIds: rootUserIds,
    });
  });

  test('V1 (one root user holding a passkey) is read with its own schema and refused as every passkey is', async () => {
    const res = await createAs(typeOf(1), {
      name: 'v1-customer',
      rootAuthenticator: {
        authenticatorName: 'phone',
        challenge: 'c',
        attestation: { credentialId: 'id', clientDataJson: 'e30', attestationObject: 'o', transports: ['AUTHENTICATOR_TRANSPORT_HYBRID'] },
      },
    });
    expect([res.status, res.json]).toEqual([
      400,
      serviceError(
        3,
        'invalid request body: parameters.rootAuthenticator: passkey attestation is not supported by the emulator; register passkeys with POST /__admin/users',
        'REQUEST_INVALID',
      ),
    ]);
    // V8's fields are not V1's
    const wrong = await createAs(typeOf(1), parametersOf(8, 'v1-as-v8'));
    expect([wrong.status, wrong.error.message]).toEqual([
      400,
      expect.stringMatching(/^invalid request body: parameters.name: is required; parameters.rootAuthenticator: is required; /),
    ]);
  });

  test('a type that is no version of it is refused, listing the versions', async () => {
    const res = await createAs('ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V9', parametersOf(8, 'v9'));
    expect([res.status, res.json]).toEqual([
      400,
      serviceError(
        3,
        'invalid request body: type: must be one of ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8, ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION, ' +
          'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V2, ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V3, ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V4, ' +
          'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V5, ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V6, ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7 ' +
          '(the versions of create_sub_organization), got "ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V9"',
        'REQUEST_INVALID',
      ),
    ]);
  });
});

/** The delegated-access guide's server-side setup: V7 with the end user and the Delegated Account as root users. */
async function guideSubOrganization(
  name: string,
  rootQuorumThreshold = 1,
): Promise<{ subId: string; endUserId: string; daUserId: string }> {
  const res = await createAs('ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7', {
    subOrganizationName: name,
    rootUsers: [
      { userName: `${name}-end-user`, userEmail: `${name}@example.com`, apiKeys: [], authenticators: [], oauthProviders: [] },
      {
        userName: 'Delegated Account',
        apiKeys: [{ apiKeyName: 'delegated', publicKey: delegated.publicKey, curveType: 'API_KEY_CURVE_P256' }],
        authenticators: [],
        oauthProviders: [],
      },
    ],
    rootQuorumThreshold,
    wallet: { walletName: 'Default ETH Wallet', accounts: [ETH] },
  });
  const result = res.result('create_sub_organization');
  const [endUserId, daUserId] = result.rootUserIds as [string, string];
  return { subId: result.subOrganizationId, endUserId, daUserId };
}

/** The guide's steps 2 and 3, by the Delegated Account: its policy, then the root quorum left to the end user. */
async function limitDelegatedAccount(sub: { subId: string; endUserId: string; daUserId: string }): Promise<void> {
  const policy = await submit(
    'create_policy',
    'ACTIVITY_TYPE_CREATE_POLICY_V3',
    {
      policyName: 'Delegated Account may create private-key tags',
      effect: 'EFFECT_ALLOW',
      consensus: `approvers.any(user, user.id == '${sub.daUserId}')`,
      condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'CREATE'",
      notes: '',
    },
    sub.subId,
    delegated,
  );
  expect(policy.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
  const quorum = await submit(
    'update_root_quorum',
    'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM',
    { threshold: 1, userIds: [sub.endUserId] },
    sub.subId,
    delegated,
  );
  expect(quorum.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
}

const tagIn = (subId: string, name: string, key: ApiKey) =>
  submit('create_private_key_tag', 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', { privateKeyTagName: name, privateKeyIds: [] }, subId, key);

describe('who reads and who writes a sub-organization', () => {
  test('the parent reads every query of a sub-organization as its own users read it', async () => {
    const sub = await guideSubOrganization('read-everything');
    await limitDelegatedAccount(sub);
    // every query that takes the organization alone: the parent's answer is the delegated user's, byte for byte
    const orgOnly = Object.values(operations).filter(
      (op) => op.kind === 'query' && op.request.safeParse({ organizationId: sub.subId }).success,
    );
    expect(orgOnly.length).toBeGreaterThan(15);
    // (whoami names the caller, so it differs by design; it is read below)
    for (const op of orgOnly.filter((o) => o.name !== 'whoami')) {
      const parent = await query(op.name as QueryName, { organizationId: sub.subId });
      const own = await query(op.name as QueryName, { organizationId: sub.subId }, delegated);
      expect([op.name, parent.status]).toEqual([op.name, 200]);
      expect([op.name, parent.json]).toEqual([op.name, own.json]);
    }
    const whoami = (await query('whoami', { organizationId: sub.subId })).as('whoami');
    expect([whoami.organizationId, whoami.organizationName, whoami.userId]).toEqual([sub.subId, 'read-everything', emu.credentials.userId]);
    const users = (await query('list_users', { organizationId: sub.subId })).as('list_users').users;
    expect(users.map((u) => u.userName)).toEqual(['read-everything-end-user', 'Delegated Account']);
  });

  test("the parent's key is refused for a write, naming whose key it is and the fix; the sub-organization's user writes", async () => {
    const sub = await guideSubOrganization('writes');
    await limitDelegatedAccount(sub);
    const refused = await tagIn(sub.subId, 'by-the-parent', rootKey(emu));
    expect([refused.status, refused.json]).toEqual([
      403,
      serviceError(
        7,
        'request not authorized: a parent organization has read-only access to its sub-organizations: the API key that signed this ' +
          `request belongs to user ${emu.credentials.userId} of the parent organization ${emu.credentials.organizationId}; sign writes ` +
          `to sub-organization ${sub.subId} with an API key of one of its own users (such as its delegated-access user)`,
        'REQUEST_NOT_AUTHORIZED',
      ),
    ]);
    // the delegated user writes what its policy allows, and nothing else
    expect((await tagIn(sub.subId, 'by-the-delegated-user', delegated)).activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    const denied = await submit(
      'create_policy',
      'ACTIVITY_TYPE_CREATE_POLICY_V3',
      { policyName: 'more', effect: 'EFFECT_ALLOW', notes: '' },
      sub.subId,
      delegated,
    );
    expect([denied.status, denied.error.code]).toEqual([403, 7]);
  });

  test("one delegated key in many sub-organizations: it acts in each, as that sub-organization's user, and nowhere else", async () => {
    const subs = [await guideSubOrganization('shared-1'), await guideSubOrganization('shared-2'), await guideSubOrganization('shared-3')];
    for (const sub of subs) await limitDelegatedAccount(sub);
    for (const sub of subs) {
      const res = await tagIn(sub.subId, 'shared', delegated);
      expect([res.activity.organizationId, res.activity.votes[0]?.userId]).toEqual([sub.subId, sub.daUserId]);
    }
    // the parent is not one of them
    const inParent = await tagIn(emu.credentials.organizationId, 'nope', delegated);
    expect([inParent.status, inParent.json]).toEqual([
      401,
      serviceError(
        16,
        'organization mismatch: the public key is not registered in this organization or its parent organization',
        'PUBLIC_KEY_NOT_FOUND',
      ),
    ]);
    // a key no organization holds
    const stranger = await tagIn(subs[0]!.subId, 'nope', generateApiKeyPair());
    expect([stranger.status, stranger.error.message]).toEqual([401, 'could not find public key in organization']);
  });
});

describe('list_suborgs and list_verified_suborgs', () => {
  let ids: string[] = [];
  const key = generateApiKeyPair();
  beforeAll(async () => {
    ids = [];
    for (const n of [1, 2, 3, 4, 5]) {
      const res = await createAs('ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8', {
        subOrganizationName: `listing-${n}`,
        rootUsers: [
          {
            userName: `listing-user-${n}`,
            userEmail: `Listing-${n}@Example.com`,
            userPhoneNumber: `+1321456789${n}`,
            apiKeys: n === 4 ? [{ apiKeyName: 'k', publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256' }] : [],
            authenticators: [],
            oauthProviders: [{ providerName: 'google', oidcToken: `token-${n}` }],
          },
        ],
        rootQuorumThreshold: 1,
        ...(n === 5 ? { wallet: { walletName: 'w', accounts: [ETH] } } : {}),
      });
      ids.push(res.result('create_sub_organization').subOrganizationId);
    }
  });

  const list = async (body: Record<string, unknown>, name: QueryName = 'list_suborgs') =>
    (await query(name, { organizationId: emu.credentials.organizationId, ...body })).as('list_suborgs').organizationIds;

  test('every filter of the generated types', async () => {
    const wallet = (await query('list_wallet_accounts', { organizationId: ids[4] })).as('list_wallet_accounts').accounts[0]
      ?.address as string;
    const passkey = Buffer.from('listing-credential').toString('base64url');
    await admin(emu, 'POST', '/users', {
      organizationId: ids[2],
      userName: 'with-a-passkey',
      authenticators: [{ authenticatorName: 'key', credentialId: passkey, publicKey: generateApiKeyPair().publicKey }],
    });
    const cases: Array<[string, string, string[]]> = [
      ['NAME', 'listing-2', [ids[1]!]],
      ['USERNAME', 'listing-user-3', [ids[2]!]],
      ['EMAIL', 'listing-1@example.com', [ids[0]!]],
      ['PHONE_NUMBER', '+13214567895', [ids[4]!]],
      ['OIDC_TOKEN', 'token-2', [ids[1]!]],
      ['PUBLIC_KEY', key.publicKey.toUpperCase(), [ids[3]!]],
      ['CREDENTIAL_ID', passkey, [ids[2]!]],
      ['WALLET_ACCOUNT_ADDRESS', wallet.toLowerCase(), [ids[4]!]],
      ['NAME', 'nobody', []],
    ];
    for (const [filterType, filterValue, expected] of cases) {
      expect([filterType, await list({ filterType, filterValue, paginationOptions: { limit: '100' } })]).toEqual([filterType, expected]);
    }
  });

  test('pages in creation order, forward with after, back with before; a filter keeps only its matches', async () => {
    const all = await list({ paginationOptions: { limit: '100' } });
    const mine = all.filter((id) => ids.includes(id));
    expect(mine).toEqual(ids);
    const start = all.indexOf(ids[0]!);
    expect(await list({ paginationOptions: { limit: '2', after: ids[0] } })).toEqual(all.slice(start + 1, start + 3));
    expect(await list({ paginationOptions: { limit: '2', before: ids[4] } })).toEqual(
      all.slice(all.indexOf(ids[4]!) - 2, all.indexOf(ids[4]!)),
    );
    expect(await list({ filterType: 'OIDC_TOKEN', filterValue: 'token-5', paginationOptions: { limit: '1' } })).toEqual([ids[4]]);
    const bad = await query('list_suborgs', {
      organizationId: emu.credentials.organizationId,
      paginationOptions: { after: emu.credentials.organizationId },
    });
    expect([bad.status, bad.error.message]).toEqual([
      400,
      `invalid request body: paginationOptions.after: no sub-organization with ID ${emu.credentials.organizationId}`,
    ]);
  });

  test('list_verified_suborgs: only sub-organizations whose email or phone number was verified (the fleet seed marks them)', async () => {
    expect(await list({ filterType: 'EMAIL', filterValue: 'listing-1@example.com' }, 'list_verified_suborgs')).toEqual([]);
    const fleet = emu.seedFleet({
      count: 2,
      shape: {
        name: 'verified-{index}',
        rootUsers: [{ userName: 'u', userEmail: 'verified-{index}@example.com', userPhoneNumber: '+1555000{index}', verified: true }],
        delegatedUser: { userName: 'da', apiKeyName: 'k' },
      },
    });
    const [first] = (await list({ filterType: 'NAME', filterValue: 'verified-00001' })) as [string];
    expect(await list({ filterType: 'EMAIL', filterValue: 'VERIFIED-00001@example.com' }, 'list_verified_suborgs')).toEqual([first]);
    expect(await list({ filterType: 'PHONE_NUMBER', filterValue: '+155500000002' }, 'list_verified_suborgs')).toHaveLength(1);
    expect(await list({ paginationOptions: { limit: '100' } }, 'list_verified_suborgs')).toHaveLength(fleet.created.count);
    const bad = await query('list_verified_suborgs', {
      organizationId: emu.credentials.organizationId,
      filterType: 'NAME',
      filterValue: 'x',
    });
    expect([bad.status, bad.error.message]).toEqual([400, 'invalid request body: filterType: must be one of "EMAIL"|"PHONE_NUMBER"']);
  });
});

describe('delete_sub_organization', () => {
  const deleteIn = (subId: string, key: ApiKey, parameters: Record<string, unknown> = {}) =>
    submit('delete_sub_organization', 'ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION', parameters, subId, key);

  test('by its own root user only; refused while a wallet is not exported unless deleteWithoutExport; then it is an unknown organization', async () => {
    const sub = await guideSubOrganization('to-delete');
    // the parent may not
    const byParent = await deleteIn(sub.subId, rootKey(emu), { deleteWithoutExport: true });
    expect([byParent.status, byParent.error.message]).toEqual([
      403,
      expect.stringMatching(/^request not authorized: a parent organization has read-only access/),
    ]);
    // a wallet that was never exported holds it back
    const held = await deleteIn(sub.subId, delegated);
    expect([held.status, held.json]).toEqual([
      400,
      serviceError(
        9,
        `sub-organization ${sub.subId} holds 1 wallet(s) and 0 private key(s) that have not been exported: export them first, or set parameters.deleteWithoutExport to true to delete them with it`,
        'UNSPECIFIED',
      ),
    ]);
    expect((await query('list_wallets', { organizationId: sub.subId })).as('list_wallets').wallets).toHaveLength(1);
    // once the delegated user is no longer root, it may not (no policy can grant it)
    await limitDelegatedAccount(sub);
    const nonRoot = await deleteIn(sub.subId, delegated, { deleteWithoutExport: true });
    expect([nonRoot.status, nonRoot.error.message]).toEqual([
      403,
      `request not authorized: only the root quorum can approve ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION, and user ${sub.daUserId} is not a member of it; policies cannot grant it`,
    ]);
  });

  test('a root user deletes it: the answer is its activity; afterwards nothing of it is left and every request naming it is a 404', async () => {
    const sub = await guideSubOrganization('deleted');
    const res = await deleteIn(sub.subId, delegated, { deleteWithoutExport: true });
    expect(res.status).toBe(200);
    expect(res.activity).toMatchObject({
      organizationId: sub.subId,
      type: 'ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION',
      status: 'ACTIVITY_STATUS_COMPLETED',
      intent: { deleteSubOrganizationIntent: { deleteWithoutExport: true } },
      result: { deleteSubOrganizationResult: { subOrganizationUuid: sub.subId } },
    });
    expect(res.activity.votes[0]?.user).toMatchObject({ userId: sub.daUserId, userName: 'Delegated Account' });
    const unknown = serviceError(5, 'no organization found with the given ID', 'ORGANIZATION_NOT_FOUND');
    for (const key of [rootKey(emu), delegated]) {
      const read = await query('list_users', { organizationId: sub.subId }, key);
      expect([read.status, read.json]).toEqual([404, unknown]);
    }
    expect([(await tagIn(sub.subId, 'after', delegated)).status]).toEqual([404]);
    const names = await query('list_suborgs', {
      organizationId: emu.credentials.organizationId,
      filterType: 'NAME',
      filterValue: 'deleted',
    });
    expect(names.as('list_suborgs').organizationIds).toEqual([]);
    const left = Object.entries(emu.store.dump()).flatMap(([collection, docs]) =>
      docs.filter((d) => JSON.stringify(d).includes(sub.subId)).map(() => collection),
    );
    // the parent's history keeps the activity that made it, as the service's does
    expect(left).toEqual(['activities']);
  });

  test('with a root quorum of two: the deletion waits for the second root user, then happens', async () => {
    const sub = await guideSubOrganization('two-roots', 2);
    // a second root user holding a key (the end user of the guide signs with a passkey)
    const added = await admin(emu, 'POST', '/users', {
      organizationId: sub.subId,
      userName: 'second-root',
      root: true,
      generateApiKey: true,
    });
    const second = generatedKey(AdminUser.parse(added.json));
    const res = await deleteIn(sub.subId, delegated, { deleteWithoutExport: true });
    expect(res.activity.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
    expect((await query('list_users', { organizationId: sub.subId })).status).toBe(200);
    const approve = await submit(
      'approve_activity',
      'ACTIVITY_TYPE_APPROVE_ACTIVITY',
      { fingerprint: res.activity.fingerprint },
      sub.subId,
      second,
    );
    expect(approve.status).toBe(200);
    expect((await query('list_users', { organizationId: sub.subId })).status).toBe(404);
  });
});

describe('faults aimed at some sub-organizations', () => {
  test('a rule with organizationId answers for those sub-organizations only: 429, 5xx, a dropped answer, a delay', async () => {
    const [a, b, c, d] = [
      await guideSubOrganization('fault-a'),
      await guideSubOrganization('fault-b'),
      await guideSubOrganization('fault-c'),
      await guideSubOrganization('fault-d'),
    ];
    emu.faults.set({
      seed: 1,
      rules: [
        { organizationId: [a.subId], status: 429, message: 'Too many requests for this sub-organization' },
        { organizationId: b.subId, path: '/public/v1/query/*', status: 503 },
        { organizationId: [c.subId], dropResponse: true },
        { organizationId: [d.subId], delayMs: 1500 },
      ],
    });
    const read = (subId: string) => query('list_policies', { organizationId: subId });
    expect(await statusOf(read(a.subId))).toEqual([429, 'Too many requests for this sub-organization']);
    expect(await statusOf(read(b.subId))).toEqual([503, 'injected fault']);
    await expect(read(c.subId)).rejects.toThrow();
    sleeps.length = 0;
    expect((await read(d.subId)).status).toBe(200);
    expect(sleeps).toEqual([1500]);
    // the parent and other sub-organizations are untouched
    expect((await query('list_suborgs', { organizationId: emu.credentials.organizationId })).status).toBe(200);
    const other = await guideSubOrganization('fault-free');
    expect((await read(other.subId)).status).toBe(200);
  });
});

async function statusOf(reply: Promise<Reply>): Promise<[number, string]> {
  const res = await reply;
  return [res.status, res.error.message];
}
