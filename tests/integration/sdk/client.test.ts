// The client over real HTTP on loopback: configuration, organization defaults, the auth proxy, discovery,
// lenient response validation, service errors and pagination.
import { type ConfigurationError, generateApiKeyPair, collectAll, WalletInfraClient } from '@walletinfra/sdk';
import { ORG, sampleQueryResponses } from '../../support/client-fixtures';
import { caught, fakeTime, startScriptedServer, type ScriptedServer } from '../../support/client';

const keys = generateApiKeyPair();
let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const clients: WalletInfraClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
function client(extra: ConstructorParameters<typeof WalletInfraClient>[0] = {}) {
  const time = fakeTime();
  const c = new WalletInfraClient({
    baseUrl: server.url,
    authProxyUrl: server.url,
    apiPublicKey: keys.publicKey,
    apiPrivateKey: keys.privateKey,
    clock: time.clock,
    sleep: time.sleep,
    retry: { maxAttempts: 1 },
    ...extra,
  });
  clients.push(c);
  return c;
}

describe('configuration', () => {
  function configError(options: unknown): { name: string; code: string; message: string } {
    try {
      new WalletInfraClient(options as never);
    } catch (e) {
      const err = e as ConfigurationError;
      return { name: err.name, code: err.code, message: err.message };
    }
    throw new Error('expected a ConfigurationError');
  }

  test('an unknown option is named, with the list of known ones', () => {
    expect(configError({ baseURL: 'https://x' })).toEqual({
      name: 'ConfigurationError',
      code: 'INVALID_CONFIGURATION',
      message:
        'unknown option "baseURL"; known: baseUrl, authProxyUrl, authProxyConfigId, stamper, timeoutMs, retry, connections, ' +
        'dispatcher, clock, random, sleep, userAgent, onRetry, organizationId, apiPublicKey, apiPrivateKey, activity, transport',
    });
  });

  test.each([
    [{ activity: { pollInterval: 5 } }, 'unknown activity option "pollInterval"; known: pollIntervalMs, maxPollIntervalMs, timeoutMs'],
    [{ activity: { timeoutMs: 0 } }, 'activity.timeoutMs must be a positive integer (milliseconds), got 0'],
    [
      { activity: { pollIntervalMs: 1000, maxPollIntervalMs: 10 } },
      'activity.maxPollIntervalMs must not be smaller than activity.pollIntervalMs',
    ],
    [{ apiPublicKey: '02' + 'a'.repeat(64) }, 'apiPublicKey and apiPrivateKey must be given together'],
    [
      { transport: { post: async () => ({}), get: async () => ({ status: 200, json: {} }) }, baseUrl: 'https://x' },
      'transport cannot be combined with baseUrl: configure the transport itself',
    ],
    [{ organizationId: '' }, 'organizationId must be a non-empty string'],
    [{ clock: {} }, 'clock must be an object with a now() function'],
    [null, 'options must be an object'],
  ])('%j is refused', (options, message) => {
    expect(configError(options)).toEqual({ name: 'ConfigurationError', code: 'INVALID_CONFIGURATION', message });
  });

  test('a private key that does not match the public key is refused without printing it', () => {
    const other = generateApiKeyPair();
    let error: Error | undefined;
    try {
      new WalletInfraClient({ apiPublicKey: keys.publicKey, apiPrivateKey: other.privateKey });
    } catch (e) {
      error = e as Error;
    }
    expect(error?.name).toBe('InvalidApiKeyError');
    expect(error?.message).not.toContain(other.privateKey);
  });
});

describe('organization', () => {
  test('the default fills a query body; a call may override it', async () => {
    server.handle(() => ({ json: sampleQueryResponses.list_policies }));
    const c = client({ organizationId: ORG });
    await c.listPolicies();
    await c.listPolicies({ organizationId: 'sub-org' });
    expect(server.requests.map((r): unknown => JSON.parse(r.body))).toEqual([{ organizationId: ORG }, { organizationId: 'sub-org' }]);
  });
});

describe('responses', () => {
  test('unknown fields and new enum values are kept, not rejected', async () => {
    const policy = { ...(sampleQueryResponses.get_policy.policy as object), effect: 'EFFECT_MAYBE_LATER', labels: ['new'] };
    server.handle(() => ({ json: { policy, servedBy: 'v2' } }));
    const response = await client({ organizationId: ORG }).getPolicy({ policyId: 'pol-1' });
    expect(response).toEqual({ policy, servedBy: 'v2' });
  });

  test('a 2xx body missing a required field is an UnexpectedResponseError naming it', async () => {
    server.handle(() => ({ json: { policy: { policyId: 'pol-1' } } }));
    const error = await caught(client({ organizationId: ORG }).getPolicy({ policyId: 'pol-1' }));
    expect({ name: error.name, code: error.code, operation: error.operation }).toEqual({
      name: 'UnexpectedResponseError',
      code: 'UNEXPECTED_RESPONSE',
      operation: '/public/v1/query/get_policy',
    });
    expect(error.message).toBe(
      'unexpected response from get_policy: policy.policyName: is required; policy.effect: is required; policy.createdAt: is required; ' +
        'policy.updatedAt: is required; policy.notes: is required; policy.consensus: is required; policy.condition: is required',
    );
  });

  test('a completed activity without its result object is an UnexpectedResponseError', async () => {
    server.handle(() => ({
      json: { activity: { ...(sampleQueryResponses.get_activity.activity as object), type: 'ACTIVITY_TYPE_DELETE_POLICY', result: {} } },
    }));
    const error = await caught(client({ organizationId: ORG }).deletePolicy({ policyId: 'pol-1' }));
    expect({ name: error.name, message: error.message }).toEqual({
      name: 'UnexpectedResponseError',
      message: 'unexpected response from delete_policy: activity.result.deletePolicyResult: is required',
    });
  });

  test('a service error keeps its typed class, status and operation path', async () => {
    server.handle(() => ({ status: 404, json: { code: 5, message: 'policy not found', details: [] } }));
    const error = await caught(client({ organizationId: ORG }).getPolicy({ policyId: 'nope' }));
    expect({ name: error.name, code: error.code, status: error.status, grpcCode: error.grpcCode, operation: error.operation }).toEqual({
      name: 'NotFoundError',
      code: 'NOT_FOUND',
      status: 404,
      grpcCode: 5,
      operation: '/public/v1/query/get_policy',
    });
  });
});

describe('auth proxy and discovery', () => {
  test('proxy calls carry X-Auth-Proxy-Config-Id and no stamp', async () => {
    server.handle(() => ({ json: { otpId: 'otp-1', otpEncryptionTargetBundle: 'bundle' } }));
    const c = client({ authProxyConfigId: 'cfg-123' });
    const out = await c.initOtpV2({ otpType: 'OTP_TYPE_EMAIL', contact: 'a@example.com', emailCustomization: { templateId: 't' } });
    expect(out).toEqual({ otpId: 'otp-1', otpEncryptionTargetBundle: 'bundle' });
    const [req] = server.requests;
    expect(req!.path).toBe('/v1/otp_init_v2');
    expect(req!.headers['x-auth-proxy-config-id']).toBe('cfg-123');
    expect(req!.headers['x-stamp']).toBeUndefined();
    expect(JSON.parse(req!.body)).toEqual({ otpType: 'OTP_TYPE_EMAIL', contact: 'a@example.com', emailCustomization: { templateId: 't' } });
  });

  test('wallet kit config posts an empty object', async () => {
    const config = { enabledProviders: ['email', 'passkey'], sessionExpirationSeconds: '900', organizationId: ORG, otpLength: '6' };
    server.handle(() => ({ json: config }));
    expect(await client({ authProxyConfigId: 'cfg-123' }).getWalletKitConfig()).toEqual(config);
    expect(server.requests.map((r) => [r.method, r.path, r.body])).toEqual([['POST', '/v1/wallet_kit_config', '{}']]);
  });

  test('a proxy call without a config id is a ConfigurationError before sending', async () => {
    const error = await caught(client().getWalletKitConfig());
    expect({ name: error.name, message: error.message }).toEqual({
      name: 'ConfigurationError',
      message: '/v1/wallet_kit_config: authProxyConfigId is not configured (needed for auth-proxy calls)',
    });
    expect(server.requests).toEqual([]);
  });

  test('the JWKS discovery is an unauthenticated GET', async () => {
    const jwks = {
      keys: [
        {
          kid: 'k1',
          kty: 'OKP',
          crv: 'Ed25519',
          alg: 'EdDSA',
          use: 'sig',
          x: 'AAAA',
          turnkey_signature_algorithm: 'ed25519',
          turnkey_signature_version: 'v1',
        },
      ],
    };
    server.handle(() => ({ json: jwks, headers: { 'cache-control': 'public, max-age=86400' } }));
    expect(await client().getWebhookJwks()).toEqual(jwks);
    const [req] = server.requests;
    expect([req!.method, req!.path, req!.headers['x-stamp']]).toEqual(['GET', '/public/v1/discovery/webhooks/jwks', undefined]);
  });
});

describe('pagination over HTTP', () => {
  test('iterateSuborgs walks every page; collectAll caps it', async () => {
    const pages: Record<string, string[]> = { '': ['o1', 'o2'], o2: ['o3', 'o4'], o4: ['o5'] };
    server.handle((req) => {
      const after = (JSON.parse(req.body) as { paginationOptions?: { after?: string } }).paginationOptions?.after ?? '';
      return { json: { organizationIds: pages[after] ?? [] } };
    });
    const c = client({ organizationId: ORG });
    expect(await collectAll(c.iterateSuborgs({ paginationOptions: { limit: '2' } }), { max: 10 })).toEqual(['o1', 'o2', 'o3', 'o4', 'o5']);
    expect(server.requests.map((r): unknown => JSON.parse(r.body))).toEqual([
      { organizationId: ORG, paginationOptions: { limit: '2' } },
      { organizationId: ORG, paginationOptions: { limit: '2', after: 'o2' } },
      { organizationId: ORG, paginationOptions: { limit: '2', after: 'o4' } },
    ]);
    server.requests.length = 0;
    const capped = await caught(collectAll(c.iterateSuborgs({ paginationOptions: { limit: '2' } }), { max: 3 }));
    expect(capped.message).toBe('invalid request for collectAll: max: more than 3 items; raise max or narrow the query');
    expect(server.requests).toHaveLength(2);
  });

  test('iterateSolTransactionHistory follows pageInfo', async () => {
    const item = (sampleQueryResponses.list_sol_transaction_history.transactions as object[])[0] as Record<string, unknown>;
    server.handle((_req, i) => ({
      json: {
        transactions: [{ ...item, signature: `s${i}` }],
        pageInfo: i < 2 ? { hasNextPage: true, endCursor: `c${i}` } : { hasNextPage: false },
      },
    }));
    const c = client({ organizationId: ORG });
    const txs = await collectAll(c.iterateSolTransactionHistory({ address: 'So1ana', caip2: 'solana:mainnet' }), { max: 10 });
    expect(txs.map((t) => t.signature)).toEqual(['s0', 's1', 's2']);
    expect(server.requests.map((r) => (JSON.parse(r.body) as { paginationOptions?: unknown }).paginationOptions)).toEqual([
      undefined,
      { after: 'c0' },
      { after: 'c1' },
    ]);
  });

  test('a limit outside 1..100 is refused before anything is sent', async () => {
    const c = client({ organizationId: ORG });
    const error = await caught(collectAll(c.iterateSuborgs({ paginationOptions: { limit: '500' } }), { max: 10 }));
    expect(error.message).toBe(
      'invalid request for list_suborgs: paginationOptions.limit: must be a string of decimal digits from 1 to 100',
    );
    expect(server.requests).toEqual([]);
  });
});
