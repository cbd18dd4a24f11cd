// Settings resolution: stack config, then WALLETINFRA_*, then TURNKEY_*; profiles; fail-fast messages.
import {
  envSuffix,
  profileEnvName,
  resolveEndpoints,
  resolveOrganizationId,
  resolveSettings,
  type SettingsSources,
} from '@walletinfra/pulumi/config';

const PUB = '02' + 'ab'.repeat(32);
const PRIV = 'cd'.repeat(32);

function sources(config: Record<string, string>, env: Record<string, string> = {}): SettingsSources {
  return { config: (key) => config[key], env };
}

function errorOf(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (e) {
    const err = e as { code: string; message: string };
    return { code: err.code, message: err.message };
  }
  throw new Error('expected an error');
}

/** Known answers, written out: the service's public endpoints and its production on-ramp key (@turnkey/crypto's constants.js). */
const DEFAULTS = {
  baseUrl: 'https://api.turnkey.com',
  authProxyUrl: 'https://authproxy.turnkey.com',
  onRampEncryptionPublicKey: '02336ebd7e929ef64b87c776b72540255b4c7b41579a24b1e68fb060daa873f9f6',
  requestTimeoutMs: 30000,
  maxRetries: 3,
  retryBudgetMs: 120_000,
  consensusTimeoutMs: 60000,
  maxConcurrentRequests: 4,
  allowLoopbackWebhookUrls: false,
  policyLint: 'warn',
};

describe('resolveSettings', () => {
  test('stack config wins over WALLETINFRA_* which wins over TURNKEY_*', () => {
    const s = sources(
      { 'walletinfra:organizationId': 'org-config' },
      {
        WALLETINFRA_ORGANIZATION_ID: 'org-env',
        TURNKEY_ORGANIZATION_ID: 'org-turnkey',
        WALLETINFRA_API_PUBLIC_KEY: PUB,
        TURNKEY_API_PUBLIC_KEY: '03' + '00'.repeat(32),
        TURNKEY_API_PRIVATE_KEY: PRIV,
        TURNKEY_BASE_URL: 'http://127.0.0.1:4000/',
      },
    );
    expect(resolveSettings(s)).toEqual({
      ...DEFAULTS,
      baseUrl: 'http://127.0.0.1:4000',
      organizationId: 'org-config',
      apiPublicKey: PUB,
      apiPrivateKey: PRIV,
    });
  });

  test('empty environment variables count as unset', () => {
    const s = sources(
      {},
      { WALLETINFRA_ORGANIZATION_ID: '', TURNKEY_ORGANIZATION_ID: 'org-t', TURNKEY_API_PUBLIC_KEY: PUB, TURNKEY_API_PRIVATE_KEY: PRIV },
    );
    expect(resolveSettings(s).organizationId).toBe('org-t');
  });

  test('a missing setting names every place that was looked at, all missing settings at once', () => {
    expect(errorOf(() => resolveSettings(sources({}, { TURNKEY_API_PUBLIC_KEY: PUB })))).toEqual({
      code: 'INVALID_CONFIGURATION',
      message:
        'missing walletinfra settings for the default credentials: ' +
        'organizationId (looked in stack config walletinfra:organizationId, environment variable WALLETINFRA_ORGANIZATION_ID, environment variable TURNKEY_ORGANIZATION_ID); ' +
        'apiPrivateKey (looked in stack config walletinfra:apiPrivateKey, environment variable WALLETINFRA_API_PRIVATE_KEY, environment variable TURNKEY_API_PRIVATE_KEY); ' +
        'set them with `pulumi config set walletinfra:<key> <value>` (add --secret for apiPrivateKey) or in the environment',
    });
  });

  test('the resource organizationId overrides the configured one and makes it optional', () => {
    const s = sources({ 'walletinfra:apiPublicKey': PUB, 'walletinfra:apiPrivateKey': PRIV });
    expect(resolveSettings(s, { organizationId: 'sub-org-1' }).organizationId).toBe('sub-org-1');
  });

  test('tuning settings are parsed and validated', () => {
    const s = sources(
      {
        'walletinfra:organizationId': 'o',
        'walletinfra:apiPublicKey': PUB,
        'walletinfra:apiPrivateKey': PRIV,
        'walletinfra:requestTimeoutMs': '1500',
        'walletinfra:consensusTimeoutMs': '0',
        'walletinfra:authProxyConfigId': 'cfg-1',
        'walletinfra:allowLoopbackWebhookUrls': 'true',
      },
      {
        WALLETINFRA_MAX_RETRIES: '0',
        WALLETINFRA_RETRY_BUDGET_MS: '45000',
        WALLETINFRA_MAX_CONCURRENT_REQUESTS: '8',
        WALLETINFRA_ON_RAMP_ENCRYPTION_PUBLIC_KEY: 'ABCDEF',
      },
    );
    expect(resolveSettings(s)).toEqual({
      ...DEFAULTS,
      requestTimeoutMs: 1500,
      consensusTimeoutMs: 0,
      maxRetries: 0,
      retryBudgetMs: 45_000,
      maxConcurrentRequests: 8,
      onRampEncryptionPublicKey: 'abcdef',
      authProxyConfigId: 'cfg-1',
      allowLoopbackWebhookUrls: true,
      organizationId: 'o',
      apiPublicKey: PUB,
      apiPrivateKey: PRIV,
    });
  });

  test.each([
    [
      { WALLETINFRA_REQUEST_TIMEOUT_MS: 'soon' },
      'requestTimeoutMs from environment variable WALLETINFRA_REQUEST_TIMEOUT_MS must be an integer >= 1 (milliseconds), got "soon"',
    ],
    [
      { WALLETINFRA_REQUEST_TIMEOUT_MS: '0' },
      'requestTimeoutMs from environment variable WALLETINFRA_REQUEST_TIMEOUT_MS must be an integer >= 1 (milliseconds), got "0"',
    ],
    [
      { WALLETINFRA_MAX_CONCURRENT_REQUESTS: '-1' },
      'maxConcurrentRequests from environment variable WALLETINFRA_MAX_CONCURRENT_REQUESTS must be an integer >= 1 (requests), got "-1"',
    ],
    [
      { WALLETINFRA_BASE_URL: 'api.example.com' },
      'baseUrl from environment variable WALLETINFRA_BASE_URL must be an absolute URL starting with http:// or https://, got "api.example.com"',
    ],
    [
      { WALLETINFRA_BASE_URL: 'ftp://example.com' },
      'baseUrl from environment variable WALLETINFRA_BASE_URL must use http or https, got "ftp://example.com"',
    ],
    [
      { WALLETINFRA_ALLOW_LOOPBACK_WEBHOOK_URLS: 'yes' },
      'allowLoopbackWebhookUrls from environment variable WALLETINFRA_ALLOW_LOOPBACK_WEBHOOK_URLS must be true or false, got "yes"',
    ],
    [
      { WALLETINFRA_API_PRIVATE_KEY: 'not-hex-secret' },
      'apiPrivateKey from environment variable WALLETINFRA_API_PRIVATE_KEY must be a hex string',
    ],
  ])('invalid value %j', (env, message) => {
    const s = sources(
      { 'walletinfra:organizationId': 'o' },
      { WALLETINFRA_API_PUBLIC_KEY: PUB, WALLETINFRA_API_PRIVATE_KEY: PRIV, ...env },
    );
    expect(errorOf(() => resolveSettings(s))).toEqual({ code: 'INVALID_CONFIGURATION', message });
  });

  test.each([
    [
      { 'walletinfra:requestTimeoutMs': '30s' },
      'requestTimeoutMs from stack config walletinfra:requestTimeoutMs must be an integer >= 1 (milliseconds), got "30s"; ' +
        'set it with `pulumi config set walletinfra:requestTimeoutMs <value>`',
    ],
    [
      { 'walletinfra:baseUrl': 'localhost:8080' },
      'baseUrl from stack config walletinfra:baseUrl must be an absolute URL starting with http:// or https://, got "localhost:8080"; ' +
        'set it with `pulumi config set walletinfra:baseUrl <value>`',
    ],
    [
      { 'walletinfra:baseUrl': 'http://127.0.0.1:8080/public/v1' },
      "baseUrl from stack config walletinfra:baseUrl must not end with /public/v1 (every operation's path starts with it); " +
        'use http://127.0.0.1:8080, got "http://127.0.0.1:8080/public/v1"; set it with `pulumi config set walletinfra:baseUrl <value>`',
    ],
    [
      { 'walletinfra:apiPrivateKey': 'zz-secret-zz' },
      'apiPrivateKey from stack config walletinfra:apiPrivateKey must be a hex string; set it with `pulumi config set --secret walletinfra:apiPrivateKey <value>`',
    ],
  ])('invalid stack config %j names the setting, the value and the command that fixes it', (config, message) => {
    const s = sources({ 'walletinfra:organizationId': 'o', 'walletinfra:apiPublicKey': PUB, 'walletinfra:apiPrivateKey': PRIV, ...config });
    expect(errorOf(() => resolveSettings(s))).toEqual({ code: 'INVALID_CONFIGURATION', message });
  });

  test('a base URL keeps its path prefix and loses its trailing slash', () => {
    const s = sources({
      'walletinfra:organizationId': 'o',
      'walletinfra:apiPublicKey': PUB,
      'walletinfra:apiPrivateKey': PRIV,
      'walletinfra:baseUrl': 'https://proxy.example/tk/',
    });
    expect(resolveSettings(s).baseUrl).toBe('https://proxy.example/tk');
  });

  test('a bad private key is never echoed', () => {
    const s = sources({ 'walletinfra:organizationId': 'o', 'walletinfra:apiPublicKey': PUB, 'walletinfra:apiPrivateKey': 'zz-secret-zz' });
    expect(errorOf(() => resolveSettings(s)).message).not.toContain('zz-secret-zz');
  });
});

describe('profiles', () => {
  const profiles = JSON.stringify({
    eu: { organizationId: 'org-eu', apiPublicKey: PUB, apiPrivateKey: PRIV, baseUrl: 'http://127.0.0.1:5000' },
  });

  test('a profile from stack config supplies its own credentials and endpoint', () => {
    const s = sources({
      'walletinfra:profiles': profiles,
      'walletinfra:organizationId': 'org-default',
      'walletinfra:requestTimeoutMs': '999',
    });
    expect(resolveSettings(s, { profile: 'eu' })).toEqual({
      ...DEFAULTS,
      requestTimeoutMs: 999,
      baseUrl: 'http://127.0.0.1:5000',
      profile: 'eu',
      organizationId: 'org-eu',
      apiPublicKey: PUB,
      apiPrivateKey: PRIV,
    });
  });

  test('a profile from the environment', () => {
    const s = sources(
      {},
      {
        WALLETINFRA_PROFILE_US_EAST_ORGANIZATION_ID: 'org-us',
        WALLETINFRA_PROFILE_US_EAST_API_PUBLIC_KEY: PUB,
        WALLETINFRA_PROFILE_US_EAST_API_PRIVATE_KEY: PRIV,
        TURNKEY_BASE_URL: 'http://127.0.0.1:6000',
      },
    );
    const settings = resolveSettings(s, { profile: 'us-east' });
    expect([settings.organizationId, settings.baseUrl, settings.profile]).toEqual(['org-us', 'http://127.0.0.1:6000', 'us-east']);
  });

  test('a profile never borrows the default credentials', () => {
    const s = sources({ 'walletinfra:organizationId': 'o', 'walletinfra:apiPublicKey': PUB, 'walletinfra:apiPrivateKey': PRIV });
    expect(errorOf(() => resolveSettings(s, { profile: 'child' }))).toEqual({
      code: 'INVALID_CONFIGURATION',
      message:
        'missing walletinfra settings for profile "child": ' +
        'organizationId (looked in stack config walletinfra:profiles.child.organizationId, environment variable WALLETINFRA_PROFILE_CHILD_ORGANIZATION_ID); ' +
        'apiPublicKey (looked in stack config walletinfra:profiles.child.apiPublicKey, environment variable WALLETINFRA_PROFILE_CHILD_API_PUBLIC_KEY); ' +
        'apiPrivateKey (looked in stack config walletinfra:profiles.child.apiPrivateKey, environment variable WALLETINFRA_PROFILE_CHILD_API_PRIVATE_KEY); ' +
        "add them to `walletinfra:profiles` (pulumi config set --secret --path 'walletinfra:profiles.child.<key>' <value>) or to the environment",
    });
  });

  test.each([
    ['[1]', 'stack config walletinfra:profiles must be an object mapping profile names to settings'],
    [
      '{',
      'stack config walletinfra:profiles must be a JSON object of profiles, e.g. {"eu": {"organizationId": "..."}}; it is not valid JSON',
    ],
    [
      '{"eu": 3}',
      'stack config walletinfra:profiles.eu must be an object with keys organizationId, apiPublicKey, apiPrivateKey, baseUrl, authProxyUrl, onRampEncryptionPublicKey',
    ],
    [
      '{"eu": {"orgId": "x"}}',
      'stack config walletinfra:profiles.eu has unknown key "orgId"; known keys: organizationId, apiPublicKey, apiPrivateKey, baseUrl, authProxyUrl, onRampEncryptionPublicKey',
    ],
    ['{"eu": {"organizationId": 5}}', 'stack config walletinfra:profiles.eu.organizationId must be a string'],
  ])('invalid profiles %s', (raw, message) => {
    expect(errorOf(() => resolveSettings(sources({ 'walletinfra:profiles': raw }), { profile: 'eu' }))).toEqual({
      code: 'INVALID_CONFIGURATION',
      message,
    });
  });

  test('profile names are checked', () => {
    expect(errorOf(() => resolveSettings(sources({}), { profile: 'a b' }))).toEqual({
      code: 'INVALID_CONFIGURATION',
      message: 'profile "a b" is not a valid profile name (letters, digits, "-" and "_")',
    });
  });
});

describe('resolveOrganizationId and resolveEndpoints', () => {
  test('needs only the organization id', () => {
    expect(resolveOrganizationId(sources({}, { TURNKEY_ORGANIZATION_ID: 'org-1' }))).toBe('org-1');
    expect(resolveOrganizationId(sources({}), { organizationId: 'sub' })).toBe('sub');
  });

  test('missing organization id', () => {
    expect(errorOf(() => resolveOrganizationId(sources({})))).toEqual({
      code: 'INVALID_CONFIGURATION',
      message:
        'missing walletinfra settings for the default credentials: organizationId (looked in stack config walletinfra:organizationId, environment variable WALLETINFRA_ORGANIZATION_ID, environment variable TURNKEY_ORGANIZATION_ID); set them with `pulumi config set walletinfra:<key> <value>` (add --secret for apiPrivateKey) or in the environment',
    });
  });

  test('endpoints need no credentials', () => {
    expect(resolveEndpoints(sources({ 'walletinfra:authProxyUrl': 'http://127.0.0.1:7/' }))).toEqual({
      ...DEFAULTS,
      authProxyUrl: 'http://127.0.0.1:7',
    });
  });

  test('name helpers', () => {
    expect(envSuffix('onRampEncryptionPublicKey')).toBe('ON_RAMP_ENCRYPTION_PUBLIC_KEY');
    expect(envSuffix('maxConcurrentRequests')).toBe('MAX_CONCURRENT_REQUESTS');
    expect(profileEnvName('eu-prod.2')).toBe('EU_PROD_2');
  });
});
