// Authentication as the service does it: each failure has its own status
// and message; writes check timestampMs liveness against the (injected) clock; passkey stamps verify.
import { p256 } from '@noble/curves/p256';
import { sha256 } from '@noble/hashes/sha256';
import { ApiKeyStamper, generateApiKeyPair } from '@walletinfra/sdk';
import type { RunningEmulator } from '@walletinfra/emulator';
import { admin, envelope, FIXED_NOW, manualClock, post, serviceError, stampedPost, startTestEmulator } from '../../support/emulator';

const clock = manualClock();
let emu: RunningEmulator;
let query: (body: unknown, key?: { publicKey: string; privateKey: string }) => ReturnType<typeof stampedPost>;

beforeAll(async () => {
  emu = await startTestEmulator({ clock: clock.now });
  query = (body, key) => stampedPost(emu, '/public/v1/query/list_policies', body, key);
});
afterAll(() => emu.close());
beforeEach(() => clock.set(FIXED_NOW));

const orgBody = () => ({ organizationId: emu.credentials.organizationId });
const stampOf = (text: string, key = { publicKey: emu.credentials.apiPublicKey, privateKey: emu.credentials.apiPrivateKey }) =>
  new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }).stamp(text).headerValue;

test('a valid stamp is accepted', async () => {
  expect(await query(orgBody())).toMatchObject({ status: 200, json: { policies: [] } });
});

test('missing stamp: 401 SIGNATURE_MISSING', async () => {
  const res = await post(`${emu.baseUrl}/public/v1/query/list_policies`, JSON.stringify(orgBody()));
  expect(res.status).toBe(401);
  expect(res.json).toEqual(
    serviceError(
      16,
      'cannot authenticate public API activity request without a stamp (X-Stamp/X-Stamp-Webauthn header)',
      'SIGNATURE_MISSING',
    ),
  );
});

test.each([
  ['not base64url', '%%%', 'could not extract api key stamp: stamp is not base64url'],
  ['not JSON', Buffer.from('hello').toString('base64url'), 'could not extract api key stamp: stamp is not base64url-encoded JSON'],
  [
    'missing signature',
    Buffer.from(JSON.stringify({ publicKey: '02ab', scheme: 'SIGNATURE_SCHEME_TK_API_P256' })).toString('base64url'),
    'could not extract api key stamp: stamp is missing signature',
  ],
  [
    'unsupported scheme',
    Buffer.from(JSON.stringify({ publicKey: '02ab', scheme: 'SIGNATURE_SCHEME_NOPE', signature: '30' })).toString('base64url'),
    'malformed activity stamp: unsupported stamp scheme "SIGNATURE_SCHEME_NOPE"; expected SIGNATURE_SCHEME_TK_API_P256',
  ],
  [
    'public key not a point',
    Buffer.from(JSON.stringify({ publicKey: '02ab', scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature: '3006020101020101' })).toString(
      'base64url',
    ),
    'malformed activity stamp: stamp publicKey is not a compressed P-256 public key',
  ],
])('malformed stamp (%s): 401 SIGNATURE_INVALID', async (_name, stamp, message) => {
  const res = await post(`${emu.baseUrl}/public/v1/query/list_policies`, JSON.stringify(orgBody()), { 'X-Stamp': stamp });
  expect([res.status, res.json]).toEqual([401, serviceError(16, message, 'SIGNATURE_INVALID')]);
});

test('tampered body: 401 could not verify api key signature', async () => {
  const signed = JSON.stringify(orgBody());
  const sent = JSON.stringify({ ...orgBody() }) + ' ';
  const res = await post(`${emu.baseUrl}/public/v1/query/list_policies`, sent, { 'X-Stamp': stampOf(signed) });
  expect([res.status, res.json]).toEqual([401, serviceError(16, 'could not verify api key signature', 'SIGNATURE_INVALID')]);
});

test('unknown key: 401 PUBLIC_KEY_NOT_FOUND', async () => {
  const res = await query(orgBody(), generateApiKeyPair());
  expect([res.status, res.json]).toEqual([401, serviceError(16, 'could not find public key in organization', 'PUBLIC_KEY_NOT_FOUND')]);
});

test("wrong organization: a sub-organization's key cannot act on its parent", async () => {
  const key = generateApiKeyPair();
  const sub = await stampedPost(
    emu,
    '/public/v1/submit/create_sub_organization',
    envelope(
      emu,
      'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
      {
        subOrganizationName: 'wrong-org',
        rootUsers: [
          {
            userName: 'u',
            apiKeys: [{ apiKeyName: 'k', publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256' }],
            authenticators: [],
            oauthProviders: [],
          },
        ],
        rootQuorumThreshold: 1,
      },
      FIXED_NOW,
    ),
  );
  expect(sub.status).toBe(200);
  const res = await query(orgBody(), key);
  expect([res.status, res.json]).toEqual([
    401,
    serviceError(
      16,
      'organization mismatch: the public key is not registered in this organization or its parent organization',
      'PUBLIC_KEY_NOT_FOUND',
    ),
  ]);
  // the parent's key may read the sub-organization but not write to it
  const subId = sub.result('create_sub_organization').subOrganizationId;
  expect((await query({ organizationId: subId })).status).toBe(200);
  // whoami through the parent names the sub-organization, and the parent's user who signed; the sub's own key, its root user
  const whoami = (key?: { publicKey: string; privateKey: string }) =>
    stampedPost(emu, '/public/v1/query/whoami', { organizationId: subId }, key).then((r) => [r.status, r.json]);
  const [status, named] = await whoami();
  expect([status, named]).toMatchObject([200, { organizationId: subId, organizationName: 'wrong-org', userId: emu.credentials.userId }]);
  expect(await whoami(key)).toMatchObject([200, { organizationId: subId, organizationName: 'wrong-org', username: 'u' }]);
  const write = await stampedPost(
    emu,
    '/public/v1/submit/create_private_key_tag',
    envelope(emu, 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', { privateKeyTagName: 't', privateKeyIds: [] }, FIXED_NOW, subId),
  );
  expect([write.status, write.json]).toEqual([
    403,
    serviceError(
      7,
      `request not authorized: a parent organization has read-only access to its sub-organizations: the API key that signed ` +
        `this request belongs to user ${emu.credentials.userId} of the parent organization ${emu.credentials.organizationId}; ` +
        `sign writes to sub-organization ${subId} with an API key of one of its own users (such as its delegated-access user)`,
      'REQUEST_NOT_AUTHORIZED',
    ),
  ]);
});

test('expired key: 401 API_KEY_EXPIRED once its expirationSeconds have passed', async () => {
  const created = await admin(emu, 'POST', '/users', {
    userName: 'short-lived',
    apiKeys: [{ apiKeyName: 'k', publicKey: '', expirationSeconds: '60' }],
  });
  expect(created).toEqual({
    status: 400,
    json: serviceError(3, 'invalid request body: apiKeys[0].publicKey must not be empty, got ""', 'REQUEST_INVALID'),
  });
  const key = generateApiKeyPair();
  expect(
    (
      await admin(emu, 'POST', '/users', {
        userName: 'short-lived',
        apiKeys: [{ apiKeyName: 'k', publicKey: key.publicKey, expirationSeconds: '60' }],
      })
    ).status,
  ).toBe(200);
  clock.advance(59_999);
  expect((await query(orgBody(), key)).status).toBe(200);
  clock.advance(1);
  const res = await query(orgBody(), key);
  expect([res.status, res.json]).toEqual([401, serviceError(16, 'expired api key', 'API_KEY_EXPIRED')]);
});

test('organization ids: malformed 400, unknown 404, missing 400', async () => {
  expect(await query({ organizationId: 'not-a-uuid' })).toMatchObject({
    status: 400,
    json: serviceError(3, 'malformed organization ID provided', 'INVALID_ORGANIZATION_ID'),
  });
  expect(await query({ organizationId: '00000000-0000-4000-8000-000000000000' })).toMatchObject({
    status: 404,
    json: serviceError(5, 'no organization found with the given ID', 'ORGANIZATION_NOT_FOUND'),
  });
  expect(await query({})).toMatchObject({
    status: 400,
    json: serviceError(3, 'invalid request body: organizationId: is required', 'INVALID_ORGANIZATION_ID'),
  });
});

describe('timestampMs liveness (default window 5 minutes, injected clock)', () => {
  const tag = (name: string, at: number) =>
    envelope(emu, 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', { privateKeyTagName: name, privateKeyIds: [] }, at);
  const submit = (body: unknown) => stampedPost(emu, '/public/v1/submit/create_private_key_tag', body);
  const stale = serviceError(
    3,
    'invalid request body: timestampMs: must be within 300000 ms of the server time (request liveness check)',
    'REQUEST_INVALID',
  );

  test('exactly at the edges is accepted, one millisecond beyond is refused', async () => {
    expect((await submit(tag('edge-past', FIXED_NOW - 300_000))).status).toBe(200);
    expect((await submit(tag('edge-future', FIXED_NOW + 300_000))).status).toBe(200);
    expect(await submit(tag('too-old', FIXED_NOW - 300_001))).toMatchObject({ status: 400, json: stale });
    expect(await submit(tag('too-new', FIXED_NOW + 300_001))).toMatchObject({ status: 400, json: stale });
  });

  test('a retry of an accepted body after the window returns the same activity', async () => {
    const body = tag('retried', FIXED_NOW);
    const first = await submit(body);
    clock.advance(3_600_000);
    const again = await submit(body);
    expect(again.status).toBe(200);
    expect(again.activity.id).toBe(first.activity.id);
  });

  test('queries carry no timestamp and are not checked', async () => {
    clock.advance(86_400_000);
    expect((await query(orgBody())).status).toBe(200);
  });
});

describe('X-Stamp-Webauthn (passkeys registered through the admin API)', () => {
  const scalar = p256.utils.randomPrivateKey();
  const credentialId = Buffer.from('credential-1').toString('base64url');
  beforeAll(async () => {
    const publicKey = Buffer.from(p256.getPublicKey(scalar, false)).toString('hex');
    const res = await admin(emu, 'POST', '/users', {
      userName: 'passkey user',
      authenticators: [{ authenticatorName: 'yubikey', credentialId, publicKey }],
    });
    expect(res.status).toBe(200);
  });

  function assertion(body: string, opts: { challengeOf?: string; type?: string; id?: string } = {}): string {
    const challenge = Buffer.from(Buffer.from(sha256(Buffer.from(opts.challengeOf ?? body))).toString('hex')).toString('base64url');
    const clientData = Buffer.from(JSON.stringify({ type: opts.type ?? 'webauthn.get', challenge, origin: 'https://app.acme.example' }));
    const authData = Buffer.concat([Buffer.from(sha256(Buffer.from('app.acme.example'))), Buffer.from([0x05, 0, 0, 0, 1])]);
    const signed = Buffer.concat([authData, Buffer.from(sha256(clientData))]);
    const signature = p256.sign(sha256(signed), scalar, { prehash: false }).toDERRawBytes();
    return JSON.stringify({
      authenticatorData: authData.toString('base64url'),
      clientDataJson: clientData.toString('base64url'),
      credentialId: opts.id ?? credentialId,
      signature: Buffer.from(signature).toString('base64url'),
    });
  }
  const send = (body: string, stamp: string) => post(`${emu.baseUrl}/public/v1/query/list_policies`, body, { 'X-Stamp-Webauthn': stamp });

  test('a valid assertion over the body authenticates', async () => {
    const body = JSON.stringify(orgBody());
    expect((await send(body, assertion(body))).status).toBe(200);
  });

  test.each([
    [
      'challenge of another body',
      { challengeOf: '{}' },
      'could not verify WebAuthN signature: challenge does not match the request body',
      'SIGNATURE_INVALID',
    ],
    [
      'wrong ceremony type',
      { type: 'webauthn.create' },
      'could not verify WebAuthN signature: clientDataJson type is not webauthn.get',
      'SIGNATURE_INVALID',
    ],
    [
      'unknown credential',
      { id: 'bm9wZQ' },
      'credential ID could not be found in organization or its parent organization',
      'CREDENTIAL_NOT_FOUND',
    ],
  ])('%s: 401', async (_name, opts, message, code) => {
    const body = JSON.stringify(orgBody());
    const res = await send(body, assertion(body, opts));
    expect([res.status, res.json]).toEqual([401, serviceError(16, message, code)]);
  });

  test('not JSON: 401 malformed activity stamp', async () => {
    const res = await send(JSON.stringify(orgBody()), 'nope');
    expect([res.status, res.json]).toEqual([
      401,
      serviceError(16, 'malformed activity stamp: webauthn stamp is not JSON', 'SIGNATURE_INVALID'),
    ]);
  });
});

describe('auth proxy X-Auth-Proxy-Config-Id', () => {
  test('missing: 401; unknown: 404; known: 200', async () => {
    const url = `${emu.authProxyUrl}/v1/wallet_kit_config`;
    expect(await post(url, '{}')).toMatchObject({
      status: 401,
      json: serviceError(16, 'missing X-Auth-Proxy-Config-Id header', 'UNAUTHENTICATED'),
    });
    expect(await post(url, '{}', { 'X-Auth-Proxy-Config-Id': 'nope' })).toMatchObject({
      status: 404,
      json: serviceError(5, 'no auth proxy config found with the given ID', 'UNSPECIFIED'),
    });
    expect((await post(url, '{}', { 'X-Auth-Proxy-Config-ID': emu.credentials.authProxyConfigId })).status).toBe(200);
  });
});

// The organization, key and user behind a stamp are looked up once and reused until anything is written
// (Store.memo): every change must still be seen by the very next request.
describe('what a stamp resolves to is reused only until the next write', () => {
  test('a key and its user removed by a reset are refused on the very next request', async () => {
    const key = generateApiKeyPair();
    expect(
      (await admin(emu, 'POST', '/users', { userName: 'until-reset', apiKeys: [{ apiKeyName: 'k', publicKey: key.publicKey }] })).status,
    ).toBe(200);
    expect((await query(orgBody(), key)).status).toBe(200);
    expect((await query(orgBody(), key)).status).toBe(200);
    expect((await admin(emu, 'POST', '/reset')).status).toBe(200);
    const res = await query(orgBody(), key);
    expect([res.status, res.json]).toEqual([401, serviceError(16, 'could not find public key in organization', 'PUBLIC_KEY_NOT_FOUND')]);
    expect((await query(orgBody())).status).toBe(200);
  });

  test("a change to the organization's settings applies to the very next request", async () => {
    const org = emu.credentials.organizationId;
    const timed = (name: string) =>
      stampedPost(
        emu,
        '/public/v1/submit/create_policy',
        envelope(emu, 'ACTIVITY_TYPE_CREATE_POLICY_V3', { policyName: name, effect: 'EFFECT_ALLOW', time: 'true', notes: '' }, FIXED_NOW),
      );
    expect((await query(orgBody())).status).toBe(200);
    expect((await admin(emu, 'POST', `/organizations/${org}/settings`, { timePoliciesEnabled: false })).status).toBe(200);
    expect(await timed('timed-off')).toMatchObject({
      status: 400,
      json: serviceError(3, 'invalid policy time: time-based policies are not enabled for this organization', 'REQUEST_INVALID'),
    });
    expect((await admin(emu, 'POST', `/organizations/${org}/settings`, { timePoliciesEnabled: true })).status).toBe(200);
    expect((await timed('timed-on')).status).toBe(200);
  });
});
