// Users and their API keys through our sdk client against the emulator (docs/service-behaviour.md#users,
// #api-keys): every operation with read-after-write checks, each refusal with its whole message, and what a
// key can still do after it expired or was deleted.
import { ed25519 } from '@noble/curves/ed25519';
import { secp256k1 } from '@noble/curves/secp256k1';
import { generateApiKeyPair, isWalletInfraError, WalletInfraClient } from '@walletinfra/sdk';
import {
  admin,
  clientFor,
  envelope,
  FIXED_NOW,
  manualClock,
  rootKey,
  serviceError,
  submitActivity,
  useTestEmulator,
} from '../../support/emulator';

const clock = manualClock();
const emu = useTestEmulator({ clock: clock.now });
let client: WalletInfraClient;
const ts = (ms: number) => ({ seconds: String(Math.floor(ms / 1000)), nanos: String((ms % 1000) * 1_000_000) });
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const secp256k1Key = () => hex(secp256k1.getPublicKey(secp256k1.utils.randomPrivateKey(), true));
const ed25519Key = () => hex(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()));

beforeEach(() => {
  emu.reset();
  clock.set(FIXED_NOW);
  client = clientFor(emu, undefined, undefined, { now: clock.now });
});
afterEach(async () => {
  await client.close();
});

/** What a refused request carried: the service's status, code, error code and message, as the sdk kept them. */
async function refusal(p: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await p;
  } catch (e) {
    if (!isWalletInfraError(e)) throw e;
    return { status: e.status, grpcCode: e.grpcCode, turnkeyErrorCode: e.turnkeyErrorCode, message: e.serviceMessage };
  }
  throw new Error('expected a refusal');
}
const refused = (status: number, grpcCode: number, turnkeyErrorCode: string, message: string) => ({
  status,
  grpcCode,
  turnkeyErrorCode,
  message,
});

/** A client stamping with `key`, on the test's clock. */
const clientWith = (key: { publicKey: string; privateKey: string }) => clientFor(emu, key, undefined, { now: clock.now });

/**
 * The root client that gives up on a 429 at once: the service answers resource limits with 429, which the sdk
 * otherwise retries as a rate limit for its whole time budget (docs/service-behaviour.md#limits-and-pagination).
 */
const withoutRetries = () =>
  new WalletInfraClient({
    baseUrl: emu.baseUrl,
    organizationId: emu.credentials.organizationId,
    apiPublicKey: emu.credentials.apiPublicKey,
    apiPrivateKey: emu.credentials.apiPrivateKey,
    retry: { maxAttempts: 1, maxElapsedMs: 0 },
    clock: { now: clock.now },
  });

async function apiOnlyUser(userName: string): Promise<{ userId: string; key: { publicKey: string; privateKey: string } }> {
  const key = generateApiKeyPair();
  const { result } = await client.createApiOnlyUsers({
    apiOnlyUsers: [{ userName, userTags: [], apiKeys: [{ apiKeyName: `${userName} key`, publicKey: key.publicKey }] }],
  });
  return { userId: result.userIds[0]!, key };
}

describe('users', () => {
  test('create_api_only_users: the user, its P-256 key and tags read back, and the key stamps requests', async () => {
    const { result: tag } = await client.createUserTag({ userTagName: 'ci', userIds: [] });
    const key = generateApiKeyPair();
    const created = await client.createApiOnlyUsers({
      apiOnlyUsers: [
        {
          userName: 'deployer',
          userEmail: 'ci@example.com',
          userTags: [tag.userTagId],
          apiKeys: [{ apiKeyName: 'ci', publicKey: key.publicKey }],
        },
      ],
    });
    expect(created.activity.type).toBe('ACTIVITY_TYPE_CREATE_API_ONLY_USERS');
    const [userId] = created.result.userIds;
    const { user } = await client.getUser({ userId: userId! });
    expect(user).toEqual({
      userId,
      userName: 'deployer',
      userEmail: 'ci@example.com',
      authenticators: [],
      apiKeys: [
        {
          credential: { publicKey: key.publicKey, type: 'CREDENTIAL_TYPE_API_KEY_P256' },
          apiKeyId: expect.any(String) as string,
          apiKeyName: 'ci',
          createdAt: ts(FIXED_NOW),
          updatedAt: ts(FIXED_NOW),
        },
      ],
      userTags: [tag.userTagId],
      oauthProviders: [],
      createdAt: ts(FIXED_NOW),
      updatedAt: ts(FIXED_NOW),
      mfaPolicies: [],
    });
    expect((await client.listUsers()).users.map((u) => u.userName)).toEqual(['root', 'deployer']);
    const own = clientWith(key);
    expect((await own.getApiKeys({ userId: userId! })).apiKeys.map((k) => k.apiKeyName)).toEqual(['ci']);
    await own.close();
  });

  test('create_users (V4): email, phone, OAuth identity, keys on every curve, tags', async () => {
    const { result: tag } = await client.createUserTag({ userTagName: 'humans', userIds: [] });
    const [p256, k1, ed] = [generateApiKeyPair().publicKey, secp256k1Key(), ed25519Key()];
    const token = [
      'e30',
      Buffer.from(JSON.stringify({ iss: 'https://issuer.example', sub: 'u-77', aud: 'app-1' })).toString('base64url'),
      'sig',
    ];
    const { result } = await client.createUsers({
      users: [
        {
          userName: 'alice',
          userEmail: 'alice@example.com',
          userPhoneNumber: '+13214567890',
          apiKeys: [
            { apiKeyName: 'p256', publicKey: p256, curveType: 'API_KEY_CURVE_P256' },
            { apiKeyName: 'k1', publicKey: k1.toUpperCase(), curveType: 'API_KEY_CURVE_SECP256K1', expirationSeconds: '3600' },
            { apiKeyName: 'ed', publicKey: ed, curveType: 'API_KEY_CURVE_ED25519' },
          ],
          authenticators: [],
          oauthProviders: [
            { providerName: 'google', oidcClaims: { iss: 'https://accounts.google.com', sub: 's-1', aud: 'web' } },
            { providerName: 'custom', oidcToken: token.join('.') },
          ],
          userTags: [tag.userTagId],
        },
      ],
    });
    const { user } = await client.getUser({ userId: result.userIds[0]! });
    expect({ ...user, apiKeys: undefined }).toEqual({
      userId: result.userIds[0],
      userName: 'alice',
      userEmail: 'alice@example.com',
      userPhoneNumber: '+13214567890',
      authenticators: [],
      apiKeys: undefined,
      userTags: [tag.userTagId],
      oauthProviders: [
        {
          providerId: expect.any(String) as string,
          providerName: 'google',
          issuer: 'https://accounts.google.com',
          audience: 'web',
          subject: 's-1',
          createdAt: ts(FIXED_NOW),
          updatedAt: ts(FIXED_NOW),
        },
        {
          providerId: expect.any(String) as string,
          providerName: 'custom',
          issuer: 'https://issuer.example',
          audience: 'app-1',
          subject: 'u-77',
          createdAt: ts(FIXED_NOW),
          updatedAt: ts(FIXED_NOW),
        },
      ],
      createdAt: ts(FIXED_NOW),
      updatedAt: ts(FIXED_NOW),
      mfaPolicies: [],
    });
    expect(user.apiKeys.map((k) => [k.apiKeyName, k.credential.publicKey, k.credential.type, k.expirationSeconds])).toEqual([
      ['p256', p256, 'CREDENTIAL_TYPE_API_KEY_P256', undefined],
      ['k1', k1, 'CREDENTIAL_TYPE_API_KEY_SECP256K1', '3600'],
      ['ed', ed, 'CREDENTIAL_TYPE_API_KEY_ED25519', undefined],
    ]);
  });

  test('update_user keeps omitted fields, removes an empty email, replaces the tag list; the per-field updates', async () => {
    const { result: a } = await client.createUserTag({ userTagName: 'a', userIds: [] });
    const { result: b } = await client.createUserTag({ userTagName: 'b', userIds: [] });
    const { result } = await client.createUsers({
      users: [
        {
          userName: 'bob',
          userEmail: 'bob@example.com',
          userPhoneNumber: '+447700900123',
          apiKeys: [],
          authenticators: [],
          oauthProviders: [],
          userTags: [a.userTagId],
        },
      ],
    });
    const userId = result.userIds[0]!;
    clock.advance(1000);
    expect((await client.updateUser({ userId, userName: 'robert', userEmail: '', userTagIds: [b.userTagId] })).result).toEqual({ userId });
    const read = async () => (await client.getUser({ userId })).user;
    expect(await read()).toMatchObject({
      userName: 'robert',
      userPhoneNumber: '+447700900123',
      userTags: [b.userTagId],
      updatedAt: ts(FIXED_NOW + 1000),
    });
    expect((await read()).userEmail).toBeUndefined();
    await client.updateUser({ userId, userTagIds: [] });
    expect((await read()).userTags).toEqual([]);
    expect((await client.updateUserName({ userId, userName: 'bobby' })).activity.type).toBe('ACTIVITY_TYPE_UPDATE_USER_NAME');
    await client.updateUserEmail({ userId, userEmail: 'bobby@example.com' });
    await client.updateUserPhoneNumber({ userId, userPhoneNumber: '' });
    const after = await read();
    expect([after.userName, after.userEmail, after.userPhoneNumber]).toEqual(['bobby', 'bobby@example.com', undefined]);
  });

  test('delete_users removes the user with its keys and tag memberships; its key stamps no more', async () => {
    const { userId, key } = await apiOnlyUser('leaver');
    const { result: tag } = await client.createUserTag({ userTagName: 'team', userIds: [userId] });
    const own = clientWith(key);
    await own.listUsers();
    expect((await client.deleteUsers({ userIds: [userId, userId] })).result).toEqual({ userIds: [userId] });
    expect((await client.listUsers()).users.map((u) => u.userName)).toEqual(['root']);
    expect((await client.getApiKeys()).apiKeys.map((k) => k.apiKeyName)).toEqual(['emulator root key']);
    expect((await client.listUserTags()).userTags.map((t) => t.tagId)).toEqual([tag.userTagId]);
    expect(await refusal(own.listUsers())).toEqual(refused(401, 16, 'PUBLIC_KEY_NOT_FOUND', 'could not find public key in organization'));
    await own.close();
  });

  test('refusals: unknown users, unknown tags, passkey attestation, OIDC tokens, root quorum members, the user limit', async () => {
    const unknown = '00000000-0000-4000-8000-00000000dead';
    expect(await refusal(client.deleteUsers({ userIds: [unknown] }))).toEqual(
      refused(404, 5, 'UNSPECIFIED', `no user found with ID ${unknown} (parameters.userIds[0])`),
    );
    expect(await refusal(client.getUser({ userId: unknown }))).toEqual(refused(404, 5, 'UNSPECIFIED', `no user found with ID ${unknown}`));
    expect(await refusal(client.updateUser({ userId: unknown, userName: 'x' }))).toEqual(
      refused(404, 5, 'UNSPECIFIED', `no user found with ID ${unknown} (parameters.userId)`),
    );
    const user = { userName: 'u', apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] };
    expect(await refusal(client.createUsers({ users: [{ ...user, userTags: [unknown] }] }))).toEqual(
      refused(404, 5, 'UNSPECIFIED', `no user tag found with ID ${unknown} (parameters.users[0].userTags[0])`),
    );
    const attestation = { credentialId: 'c', clientDataJson: 'd', attestationObject: 'o', transports: [] };
    expect(
      await refusal(
        client.createUsers({ users: [{ ...user, authenticators: [{ authenticatorName: 'key', challenge: 'x', attestation }] }] }),
      ),
    ).toEqual(
      refused(
        400,
        3,
        'REQUEST_INVALID',
        'invalid request body: parameters.users[0].authenticators: passkey attestation is not supported by the emulator; register passkeys with POST /__admin/users',
      ),
    );
    expect(
      await refusal(client.createUsers({ users: [{ ...user, oauthProviders: [{ providerName: 'google', oidcToken: 'not-a-jwt' }] }] })),
    ).toEqual(
      refused(
        400,
        3,
        'INVALID_OIDC_TOKEN',
        'invalid request body: parameters.users[0].oauthProviders[0].oidcToken: must be an OIDC token (a JWT with iss, sub and aud claims)',
      ),
    );
    expect(await refusal(client.createUsers({ users: [{ ...user, oauthProviders: [{ providerName: 'google' }] }] }))).toEqual(
      refused(400, 3, 'INVALID_OIDC_TOKEN', 'invalid request body: parameters.users[0].oauthProviders[0]: give oidcToken or oidcClaims'),
    );
    const rootUserId = emu.credentials.userId;
    expect(await refusal(client.deleteUsers({ userIds: [rootUserId] }))).toEqual(
      refused(
        400,
        3,
        'REQUEST_INVALID',
        `cannot delete user ${rootUserId} (parameters.userIds[0]): it is a member of the root quorum; remove it from the quorum with ACTIVITY_TYPE_UPDATE_ROOT_QUORUM first`,
      ),
    );
    // 1 root user + 99 = the limit of 100 users per organization
    await client.createApiOnlyUsers({
      apiOnlyUsers: Array.from({ length: 99 }, (_, i) => ({ userName: `u${i}`, userTags: [], apiKeys: [] })),
    });
    const limited = withoutRetries();
    expect(await refusal(limited.createApiOnlyUsers({ apiOnlyUsers: [{ userName: 'one too many', userTags: [], apiKeys: [] }] }))).toEqual(
      refused(429, 8, 'RATE_LIMIT_EXCEEDED', 'organization has reached the maximum of 100 users'),
    );
    await limited.close();
    expect(emu.store.users.all()).toHaveLength(100);
  });

  test('the sdk refuses a malformed email or phone number before sending; the emulator answers the same', async () => {
    const sent = emu.store.changeCount();
    const error = await client
      .updateUserPhoneNumber({ userId: emu.credentials.userId, userPhoneNumber: '555-1234' })
      .catch((e: unknown) => e);
    expect(isWalletInfraError(error) && [error.name, error.message]).toEqual([
      'InvalidRequestError',
      'invalid request for update_user_phone_number: parameters.userPhoneNumber: must be a phone number in E.164 format (e.g. +13214567890), or empty to remove it',
    ]);
    expect(emu.store.changeCount()).toBe(sent);
    const raw = await submitActivity(
      emu,
      'update_user_email',
      envelope(emu, 'ACTIVITY_TYPE_UPDATE_USER_EMAIL', { userId: emu.credentials.userId, userEmail: 'not an email' }, FIXED_NOW),
    );
    expect([raw.status, raw.json]).toEqual([
      400,
      serviceError(3, 'invalid request body: parameters.userEmail: must be an email address, or empty to remove it', 'REQUEST_INVALID'),
    ]);
  });
});

describe('API keys', () => {
  test('create_api_keys on every curve; delete_api_keys; a deleted key stamps no more', async () => {
    const { userId, key } = await apiOnlyUser('service');
    const second = generateApiKeyPair();
    const [k1, ed] = [secp256k1Key(), ed25519Key()];
    const { result } = await client.createApiKeys({
      userId,
      apiKeys: [
        { apiKeyName: 'second', publicKey: second.publicKey, curveType: 'API_KEY_CURVE_P256' },
        { apiKeyName: 'k1', publicKey: k1, curveType: 'API_KEY_CURVE_SECP256K1' },
        { apiKeyName: 'ed', publicKey: ed, curveType: 'API_KEY_CURVE_ED25519', expirationSeconds: '60' },
      ],
    });
    expect(result.apiKeyIds).toHaveLength(3);
    const listed = (await client.getApiKeys({ userId })).apiKeys;
    expect(listed.map((k) => [k.apiKeyName, k.credential.type, k.expirationSeconds])).toEqual([
      ['service key', 'CREDENTIAL_TYPE_API_KEY_P256', undefined],
      ['second', 'CREDENTIAL_TYPE_API_KEY_P256', undefined],
      ['k1', 'CREDENTIAL_TYPE_API_KEY_SECP256K1', undefined],
      ['ed', 'CREDENTIAL_TYPE_API_KEY_ED25519', '60'],
    ]);
    const firstKeyId = listed[0]!.apiKeyId;
    expect((await client.deleteApiKeys({ userId, apiKeyIds: [firstKeyId] })).result).toEqual({ apiKeyIds: [firstKeyId] });
    const gone = clientWith(key);
    expect(await refusal(gone.listUsers())).toEqual(refused(401, 16, 'PUBLIC_KEY_NOT_FOUND', 'could not find public key in organization'));
    await gone.close();
    const kept = clientWith(second);
    expect((await kept.getApiKeys({ userId })).apiKeys).toHaveLength(3);
    await kept.close();
  });

  test('an expiring key stamps until its expiry, then is refused as expired', async () => {
    const { userId } = await apiOnlyUser('holder');
    const key = generateApiKeyPair();
    await client.createApiKeys({
      userId,
      apiKeys: [{ apiKeyName: 'short', publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '60' }],
    });
    const own = clientWith(key);
    clock.advance(59_999);
    expect((await own.listUsers()).users).toHaveLength(2);
    clock.advance(1);
    expect(await refusal(own.listUsers())).toEqual(refused(401, 16, 'API_KEY_EXPIRED', 'expired api key'));
    await own.close();
  });

  test('refusals: an existing public key, a key not on its curve, an unknown user or key, a zero expiry, the key limits', async () => {
    const { userId, key } = await apiOnlyUser('keys');
    const p256 = (name: string, publicKey: string, expirationSeconds?: string) => ({
      apiKeyName: name,
      publicKey,
      curveType: 'API_KEY_CURVE_P256' as const,
      ...(expirationSeconds === undefined ? {} : { expirationSeconds }),
    });
    expect(await refusal(client.createApiKeys({ userId, apiKeys: [p256('again', key.publicKey)] }))).toEqual(
      refused(
        400,
        3,
        'CREDENTIAL_CONFLICT',
        'invalid request body: parameters.apiKeys[0].publicKey: an API key with this public key already exists in the organization',
      ),
    );
    // the root user's key, and the same new key twice in one request
    expect(await refusal(client.createApiKeys({ userId, apiKeys: [p256('root', rootKey(emu).publicKey)] }))).toEqual(
      refused(
        400,
        3,
        'CREDENTIAL_CONFLICT',
        'invalid request body: parameters.apiKeys[0].publicKey: an API key with this public key already exists in the organization',
      ),
    );
    const twice = generateApiKeyPair().publicKey;
    expect(await refusal(client.createApiKeys({ userId, apiKeys: [p256('a', twice), p256('b', twice)] }))).toEqual(
      refused(
        400,
        3,
        'CREDENTIAL_CONFLICT',
        'invalid request body: parameters.apiKeys[1].publicKey: an API key with this public key already exists in the organization',
      ),
    );
    expect((await client.getApiKeys({ userId })).apiKeys).toHaveLength(1);
    expect(
      await refusal(
        client.createApiKeys({ userId, apiKeys: [{ apiKeyName: 'k1', publicKey: ed25519Key(), curveType: 'API_KEY_CURVE_SECP256K1' }] }),
      ),
    ).toEqual(
      refused(
        400,
        3,
        'REQUEST_INVALID',
        'invalid request body: parameters.apiKeys[0].publicKey: must be a compressed secp256k1 public key (66 hex characters)',
      ),
    );
    expect(
      await refusal(
        client.createApiKeys({ userId, apiKeys: [{ apiKeyName: 'ed', publicKey: secp256k1Key(), curveType: 'API_KEY_CURVE_ED25519' }] }),
      ),
    ).toEqual(
      refused(
        400,
        3,
        'REQUEST_INVALID',
        'invalid request body: parameters.apiKeys[0].publicKey: must be an Ed25519 public key (64 hex characters)',
      ),
    );
    const unknown = '00000000-0000-4000-8000-00000000beef';
    expect(await refusal(client.createApiKeys({ userId: unknown, apiKeys: [p256('x', generateApiKeyPair().publicKey)] }))).toEqual(
      refused(404, 5, 'UNSPECIFIED', `no user found with ID ${unknown} (parameters.userId)`),
    );
    const rootKeyId = (await client.getApiKeys({ userId: emu.credentials.userId })).apiKeys[0]!.apiKeyId;
    expect(await refusal(client.deleteApiKeys({ userId, apiKeyIds: [rootKeyId] }))).toEqual(
      refused(404, 5, 'UNSPECIFIED', `no API key found with ID ${rootKeyId} for user ${userId} (parameters.apiKeyIds[0])`),
    );
    const zero = await submitActivity(
      emu,
      'create_api_keys',
      envelope(
        emu,
        'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
        { userId, apiKeys: [p256('zero', generateApiKeyPair().publicKey, '0')] },
        FIXED_NOW,
      ),
    );
    expect([zero.status, zero.json]).toEqual([
      400,
      serviceError(
        3,
        'invalid request body: parameters.apiKeys[0].expirationSeconds: invalid api key expiration: must be at least 1 second',
        'REQUEST_INVALID',
      ),
    ]);
    // 10 long-lived keys per user: the user has one, nine more fit, the eleventh does not
    await client.createApiKeys({ userId, apiKeys: Array.from({ length: 9 }, (_, i) => p256(`long ${i}`, generateApiKeyPair().publicKey)) });
    const limited = withoutRetries();
    expect(await refusal(limited.createApiKeys({ userId, apiKeys: [p256('eleventh', generateApiKeyPair().publicKey)] }))).toEqual(
      refused(429, 8, 'RATE_LIMIT_EXCEEDED', 'user has exceeded maximum long-lived api keys'),
    );
    await limited.close();
  });

  test('an expiring key over the limit of 10 makes room: expired keys go first, else the oldest expiring one', async () => {
    const { userId } = await apiOnlyUser('rotating');
    const expiring = (name: string, seconds: string) => ({
      apiKeyName: name,
      publicKey: generateApiKeyPair().publicKey,
      curveType: 'API_KEY_CURVE_P256' as const,
      expirationSeconds: seconds,
    });
    await client.createApiKeys({ userId, apiKeys: [expiring('short', '10')] });
    clock.advance(1000);
    await client.createApiKeys({ userId, apiKeys: Array.from({ length: 9 }, (_, i) => expiring(`e${i}`, '3600')) });
    const names = async () => (await client.getApiKeys({ userId })).apiKeys.map((k) => k.apiKeyName);
    clock.advance(10_000); // "short" has expired
    await client.createApiKeys({ userId, apiKeys: [expiring('new', '3600')] });
    expect(await names()).toEqual(['rotating key', ...Array.from({ length: 9 }, (_, i) => `e${i}`), 'new']);
    await client.createApiKeys({ userId, apiKeys: [expiring('newer', '3600')] });
    expect(await names()).toEqual(['rotating key', ...Array.from({ length: 8 }, (_, i) => `e${i + 1}`), 'new', 'newer']);
  });

  test('seeded keys may name their curve', async () => {
    const ed = ed25519Key();
    const seeded = await admin(emu, 'POST', '/seed', {
      users: [{ userName: 'seeded', apiKeys: [{ apiKeyName: 'ed', publicKey: ed, curveType: 'API_KEY_CURVE_ED25519' }] }],
    });
    expect(seeded.status).toBe(200);
    const keys = (await client.getApiKeys()).apiKeys.filter((k) => k.apiKeyName === 'ed');
    expect(keys.map((k) => [k.credential.publicKey, k.credential.type])).toEqual([[ed, 'CREDENTIAL_TYPE_API_KEY_ED25519']]);
  });
});
