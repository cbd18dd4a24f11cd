// Every kind of error message the sdk writes, produced from one example each and printed for review (as
// noble-curves does for its errors). The list is asserted exactly, so a changed or added message shows here.
import { p256 } from '@noble/curves/p256';
import {
  ApiKeyStamper,
  decryptOnRampSecret,
  encryptOnRampSecret,
  isWalletInfraError,
  loadApiKeyPair,
  Transport,
  WalletInfraClient,
  WebhookKeyStore,
} from '@walletinfra/sdk';
import { normalizeIpAllowlistRules, parseCidr, webhookDestinationProblem } from '@walletinfra/sdk/rules';
import { errorFromResponse } from '@walletinfra/sdk/errors-response';

function thrown(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isWalletInfraError(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
  throw new Error('expected an error');
}

async function rejected(run: () => Promise<unknown>): Promise<string> {
  return run().then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => {
      if (isWalletInfraError(error)) return `${error.code}: ${error.message}`;
      throw error;
    },
  );
}

const OP = '/public/v1/submit/create_policy';
const body = (code: number, message: string, turnkeyErrorCode?: string) => ({
  code,
  message,
  details: turnkeyErrorCode === undefined ? [] : [{ '@type': 'type.googleapis.com/errors.v1.TurnkeyErrorDetail', turnkeyErrorCode }],
});
const response = (status: number, b: unknown) => {
  const e = errorFromResponse({ status, body: b, operation: OP });
  return `${e.code}: ${e.message}`;
};
const PRIVATE = 'cd'.repeat(32);
const KEY = { apiPublicKey: Buffer.from(p256.getPublicKey(PRIVATE, true)).toString('hex'), apiPrivateKey: PRIVATE };

async function messages(): Promise<string[]> {
  const client = new WalletInfraClient({ baseUrl: 'http://127.0.0.1:9', organizationId: 'org-1', ...KEY, retry: { maxAttempts: 1 } });
  try {
    return [
      // options
      thrown(() => new WalletInfraClient({ organizationId: 'org-1', apiPublicKey: KEY.apiPublicKey })),
      thrown(() => new WalletInfraClient({ organizationId: 'org-1', ...KEY, bogus: 1 } as never)),
      thrown(() => new Transport({ baseUrl: 'api.turnkey.com' })),
      thrown(() => new WebhookKeyStore({})),
      // keys and requests
      thrown(() => loadApiKeyPair({ publicKey: 'zz', privateKey: PRIVATE })),
      thrown(() => new ApiKeyStamper({ apiPublicKey: KEY.apiPublicKey, apiPrivateKey: 'ef'.repeat(32) })),
      await rejected(() => client.createPolicy({ policyName: 1, effect: 'EFFECT_MAYBE' } as never)),
      thrown(() => decryptOnRampSecret('not base58check!', 'cd'.repeat(32))),
      thrown(() => encryptOnRampSecret('s', 'zz')),
      // the service's answers
      response(400, body(3, 'invalid request body: parameters.policyName: must not be empty', 'REQUEST_INVALID')),
      response(401, body(16, 'could not verify stamp')),
      response(403, body(7, 'request not authorized')),
      response(404, body(5, 'no policy found with ID p-1')),
      response(409, body(6, 'already exists')),
      response(429, body(8, 'too many requests')),
      response(500, 'upstream connect error'),
      response(503, undefined),
      // service rules
      ...['http://hooks.example.com', 'https://u@hooks.example.com', 'https://10.0.0.1', 'https://[::ffff:169.254.169.254]', '/x'].map(
        (url) => `webhook url ${url}: ${webhookDestinationProblem(url, { loopbackSetting: 'SETTING to true' }) ?? 'accepted'}`,
      ),
      `webhook url https://localhost: ${webhookDestinationProblem('https://localhost', { loopbackSetting: 'SETTING to true' }) ?? 'accepted'}`,
      ...['10.0.0.300', '::ffff:1.2.3.4/128'].map((cidr) => {
        const parsed = parseCidr(cidr);
        return `cidr ${cidr}: ${parsed.ok ? parsed.cidr.normalized : parsed.problem}`;
      }),
      ...normalizeIpAllowlistRules([
        { cidr: '10.0.0.0/8' },
        ...Array.from({ length: 11 }, (_, i) => ({ cidr: `2001:db8:${i}::/48` })),
      ]).problems.map((p) => `allowlist ${p.path}: ${p.message}`),
    ];
  } finally {
    await client.close();
  }
}

test('every sdk error message, printed for review', async () => {
  const all = await messages();
  console.log(all.join('\n'));
  expect(all).toEqual(EXPECTED);
});

const EXPECTED: string[] = [
  'INVALID_CONFIGURATION: apiPublicKey and apiPrivateKey must be given together',
  'INVALID_CONFIGURATION: unknown option "bogus"; known: baseUrl, authProxyUrl, authProxyConfigId, stamper, timeoutMs, retry, connections, dispatcher, clock, random, sleep, userAgent, onRetry, organizationId, apiPublicKey, apiPrivateKey, activity, transport',
  'INVALID_CONFIGURATION: transport: baseUrl must be an absolute URL starting with http:// or https://',
  'INVALID_CONFIGURATION: WebhookKeyStore: pass exactly one of transport, baseUrl, fetchJwks',
  'INVALID_API_KEY: invalid API key: publicKey must contain only hex characters (0-9, a-f)',
  'INVALID_API_KEY: invalid API key: publicKey 02036f7a426bf95068ea1ed59e14476851ee8c76622c1874e5b6a8ea2c81cddf7e does not belong to privateKey (the private key derives 03d0c7710430d143713a2f1443fe0989724e6145ccdb7d239112eb16ac6e69c079)',
  'INVALID_REQUEST: invalid request for create_policy: parameters.policyName: must be of type string, got number; parameters.effect: must be one of "EFFECT_ALLOW"|"EFFECT_DENY"; parameters.notes: is required',
  'INVALID_REQUEST: invalid request for decryptOnRampSecret: ciphertext: is not base58check-encoded',
  'INVALID_REQUEST: invalid request for encryptOnRampSecret: encryptionPublicKey: must be a P-256 public key in hex (66 chars compressed or 130 chars uncompressed)',
  'INVALID_REQUEST: /public/v1/submit/create_policy: invalid request body: parameters.policyName: must not be empty (HTTP 400, REQUEST_INVALID)',
  'UNAUTHENTICATED: /public/v1/submit/create_policy: could not verify stamp (HTTP 401)',
  'PERMISSION_DENIED: /public/v1/submit/create_policy: request not authorized (HTTP 403)',
  'NOT_FOUND: /public/v1/submit/create_policy: no policy found with ID p-1 (HTTP 404)',
  'UNEXPECTED_RESPONSE: /public/v1/submit/create_policy: already exists (HTTP 409)',
  'RATE_LIMITED: /public/v1/submit/create_policy: too many requests (HTTP 429)',
  'SERVER_ERROR: /public/v1/submit/create_policy: server error (HTTP 500)',
  'SERVER_ERROR: /public/v1/submit/create_policy: server error (HTTP 503)',
  'webhook url http://hooks.example.com: must use https, got http',
  'webhook url https://u@hooks.example.com: must not contain credentials (user info)',
  'webhook url https://10.0.0.1: must not point to a private address',
  'webhook url https://[::ffff:169.254.169.254]: must not point to an IPv4-mapped IPv6 address carrying a cloud metadata address (169.254.169.254)',
  'webhook url /x: must be an absolute URL such as https://hooks.example.com/walletinfra',
  'webhook url https://localhost: must not point to a loopback address; to accept loopback receivers, set SETTING to true',
  'cidr 10.0.0.300: invalid CIDR "10.0.0.300"',
  'cidr ::ffff:1.2.3.4/128: "::ffff:1.2.3.4/128" is an IPv4-mapped IPv6 address; write the IPv4 CIDR 1.2.3.4/32 instead',
  'allowlist rules[0].cidr: "10.0.0.0/8" is broader than the maximum /20 for IPv4',
  'allowlist rules[11].cidr: "2001:db8:10::/48" is IPv6 CIDR number 11: at most 10 IPv6 CIDRs are allowed',
];
