// The emulator's pure parts as tables: fault rules, delivery retry policy, CLI flags, seed validation,
// options, ids and the seeded random source.
import { ConfigurationError } from '@walletinfra/sdk';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FaultInjector, parseFaultConfig } from '@walletinfra/emulator/faults';
import { deliveryBackoffMs, deliveryOutcome } from '@walletinfra/emulator/webhooks/retry';
import { parseCliArgs } from '@walletinfra/emulator/cli-args';
import { parseSeed } from '@walletinfra/emulator/seed/schema';
import { resolveOptions } from '@walletinfra/emulator/options';
import { makeEnv, seededRandom } from '@walletinfra/emulator/env';
import { toTimestamp } from '@walletinfra/emulator/render/time';
import type { IncomingMessage } from 'node:http';
import { isLoopback, pathOf } from '@walletinfra/emulator/server/http-io';
import { policyEngine } from '@walletinfra/emulator/policy-engine';
import { statusError } from '@walletinfra/emulator/errors';

/** What `fn` throws, as `{name, code, message}` (every emulator refusal is a ConfigurationError). */
function refusal(fn: () => unknown): { name: string; code: string; message: string } {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigurationError);
    const error = e as ConfigurationError;
    return { name: error.name, code: error.code, message: error.message };
  }
  throw new Error('expected a refusal');
}

describe('fault rules', () => {
  test.each([
    [
      { rules: [{ status: 500 }] },
      'faults.rules[0].path is required when organizationId is not given: say which requests the rule matches (a path, organizationId, or both)',
    ],
    [{ rules: [{ path: '' }] }, 'faults.rules[0].path must be a request path, or a pattern such as /public/v1/submit/*, got ""'],
    [
      { rules: [{ path: '/a' }, { path: '/b' }, { path: '/x', probability: 2 }] },
      'faults.rules[2].probability must be a number from 0 to 1, got 2',
    ],
    [
      { rules: [{ path: '/x', status: 503, dropResponse: true }] },
      'faults.rules[0].status cannot be combined with dropResponse (a status answers instead of handling the request): remove one of them, got 503 with dropResponse',
    ],
    [
      { rules: [{ path: '/x', status: 503, pendingPolls: 2 }] },
      'faults.rules[0].status cannot be combined with pendingPolls (a status answers instead of handling the request): remove one of them, got 503 with pendingPolls',
    ],
    [
      { rules: [{ path: '/x', retryAfter: 3 }] },
      'faults.rules[0].retryAfter needs status: add status (400-599) or remove retryAfter, got 3 without status',
    ],
    [{ rules: [{ path: '/x', times: 0 }] }, 'faults.rules[0].times must be a positive integer, got 0'],
    [{ rules: [{ path: '/x', delayMs: '5' }] }, 'faults.rules[0].delayMs must be an integer from 0 to 600000 (milliseconds), got "5"'],
    [{ rules: [{ path: '/x', status: 200 }] }, 'faults.rules[0].status must be an integer from 400 to 599, got 200'],
    [{ rules: [{ path: '/x', dropResponse: 'yes' }] }, 'faults.rules[0].dropResponse must be true or false, got "yes"'],
    [
      { rules: [{ path: '/x', statuss: 500 }] },
      'unknown faults.rules[0] field "statuss"; known: path, organizationId, probability, delayMs, status, retryAfter, dropResponse, failBetweenEffectAndRecord, pendingPolls, times, message',
    ],
    [{ seed: 1.5, rules: [] }, 'faults.seed must be an integer, got 1.5'],
    [{ rulez: [] }, 'unknown faults field "rulez"; known: seed, rules'],
    [{ rules: 'all' }, 'faults.rules must be an array of rules, got "all"'],
    [[{ path: '/x', probability: -1 }], 'faults[0].probability must be a number from 0 to 1, got -1'],
    ['x', 'faults must be an object {seed?, rules} or an array of rules, got "x"'],
  ])('parseFaultConfig(%j) throws %s', (input, message) => {
    expect(refusal(() => parseFaultConfig(input))).toEqual({ name: 'ConfigurationError', code: 'INVALID_CONFIGURATION', message });
  });

  test('the admin endpoint names the body with its own prefix', () => {
    expect(refusal(() => parseFaultConfig({ rules: [{ path: '/x', times: 1.5 }] }, 'faults', 'invalid request body: ')).message).toBe(
      'invalid request body: faults.rules[0].times must be a positive integer, got 1.5',
    );
  });

  test('an array is the rules; the first matching rule that fires decides; times are consumed', () => {
    const f = new FaultInjector(
      parseFaultConfig([
        { path: '/a/*', status: 503, times: 1 },
        { path: '/a/b', delayMs: 5 },
      ]),
    );
    expect(f.decide({ path: '/a/b' })).toEqual({ status: 503 });
    expect(f.decide({ path: '/a/b' })).toEqual({ delayMs: 5 });
    expect(f.decide({ path: '/c' })).toBeUndefined();
    expect(f.describe().rules.map((r) => r.fired)).toEqual([1, 1]);
  });

  test("a rule may match the organization the body names: one, or a list (a fleet's sub-organizations), with or without a path", () => {
    const f = new FaultInjector(
      parseFaultConfig([
        { organizationId: ['SUB-1', 'sub-2'], status: 429 },
        { path: '/public/v1/query/*', organizationId: 'sub-3', delayMs: 50 },
      ]),
    );
    expect(f.decide({ path: '/public/v1/query/list_users', organizationId: 'sub-1' })).toEqual({ status: 429 });
    expect(f.decide({ path: '/public/v1/submit/create_policy', organizationId: 'SUB-2' })).toEqual({ status: 429 });
    expect(f.decide({ path: '/public/v1/query/list_users', organizationId: 'sub-3' })).toEqual({ delayMs: 50 });
    expect(f.decide({ path: '/public/v1/submit/create_policy', organizationId: 'sub-3' })).toBeUndefined();
    expect(f.decide({ path: '/public/v1/query/list_users', organizationId: 'sub-4' })).toBeUndefined();
    // a request naming no organization matches no organization rule
    expect(f.decide({ path: '/public/v1/query/list_users' })).toBeUndefined();
    expect(f.describe().rules).toEqual([
      { organizationId: ['SUB-1', 'sub-2'], status: 429, fired: 2 },
      { path: '/public/v1/query/*', organizationId: 'sub-3', delayMs: 50, fired: 1 },
    ]);
  });

  test('a rule names the requests it matches; a bad organizationId names the field', () => {
    expect(() => parseFaultConfig([{ status: 500 }], 'faults')).toThrow(
      'faults[0].path is required when organizationId is not given: say which requests the rule matches (a path, organizationId, or both)',
    );
    expect(() => parseFaultConfig([{ organizationId: [], status: 500 }], 'faults')).toThrow(
      'faults[0].organizationId must be an organization id or a non-empty array of them, got an empty array',
    );
    expect(() => parseFaultConfig([{ organizationId: 7, status: 500 }], 'faults')).toThrow(
      'faults[0].organizationId must be an organization id or a non-empty array of them, got 7',
    );
  });

  test('probability 0 never fires, 1 always; a seed fixes the draws', () => {
    const never = new FaultInjector({ rules: [{ path: '/x', probability: 0, status: 500 }] });
    expect(Array.from({ length: 20 }, () => never.decide({ path: '/x' }))).toEqual(Array(20).fill(undefined));
    const draws = (seed: number) => {
      const f = new FaultInjector({ seed, rules: [{ path: '/x', probability: 0.3, status: 500 }] });
      return Array.from({ length: 30 }, () => (f.decide({ path: '/x' }) === undefined ? 0 : 1)).join('');
    };
    expect(draws(9)).toBe(draws(9));
    expect(draws(9)).not.toBe(draws(10));
  });
});

describe('delivery retry policy (docs/service-behaviour.md#webhook-deliveries)', () => {
  test.each([
    [200, 'delivered'],
    [204, 'delivered'],
    [301, 'failed'],
    [400, 'failed'],
    [410, 'failed'],
    [429, 'failed'],
    [500, 'retry'],
    [503, 'retry'],
    [undefined, 'retry'],
  ])('deliveryOutcome(%s) = %s', (status, outcome) => {
    expect(deliveryOutcome(status)).toBe(outcome);
  });

  test.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [6, 32000],
    [7, 60000],
    [20, 60000],
  ])('deliveryBackoffMs(%i) = %i', (attempt, ms) => {
    expect(deliveryBackoffMs(attempt, 1000, 60000)).toBe(ms);
  });
});

describe('CLI flags', () => {
  test('defaults and every flag', () => {
    expect(parseCliArgs([])).toEqual({ options: { port: 8787, authProxyPort: 8788 }, json: false, help: false });
    expect(parseCliArgs(['--port', '0'])).toEqual({ options: { port: 0, authProxyPort: 0 }, json: false, help: false });
    expect(
      parseCliArgs([
        '--port=9000',
        '--auth-proxy-port',
        '9001',
        '--host',
        '::1',
        '--data-dir',
        '/tmp/d',
        '--seed',
        's.json',
        '--allow-loopback-webhooks',
        '--liveness-window-ms',
        '60000',
        '--json',
        '--webhook-delivery',
        'auto',
      ]),
    ).toEqual({
      options: {
        port: 9000,
        authProxyPort: 9001,
        host: '::1',
        dataDir: '/tmp/d',
        seed: 's.json',
        allowLoopbackWebhooks: true,
        livenessWindowMs: 60000,
        deliveryMode: 'auto',
      },
      json: true,
      help: false,
    });
  });

  test.each([
    [['--port', '70000'], '--port must be a port number from 0 to 65535, got "70000"'],
    [['--auth-proxy-port=-1'], '--auth-proxy-port must be a port number from 0 to 65535, got "-1"'],
    [['--json=yes'], '--json takes no value, got "yes"'],
    [['--liveness-window-ms', '0'], '--liveness-window-ms must be a positive integer, got "0"'],
    [
      ['--faults', '/nonexistent/faults.json'],
      '--faults must be the path of a readable JSON file, got "/nonexistent/faults.json" (ENOENT)',
    ],
    [['--faults', __filename], `--faults must be the path of a JSON file, got ${JSON.stringify(__filename)} (not valid JSON)`],
    [
      ['serve'],
      'unknown option "serve"; known: --port, --auth-proxy-port, --host, --data-dir, --seed, --faults, --allow-loopback-webhooks, --webhook-delivery, --liveness-window-ms, --json, --help',
    ],
    [['--webhook-delivery', 'always'], '--webhook-delivery must be one of loopback-only, auto, manual, got "always"'],
    [
      ['--json', '--prot', '0', '--port', 'x'],
      'unknown option "--prot"; known: --port, --auth-proxy-port, --host, --data-dir, --seed, --faults, --allow-loopback-webhooks, --webhook-delivery, --liveness-window-ms, --json, --help',
    ],
    [['--host'], '--host needs a value (ADDR)'],
    [['--seed='], '--seed needs a value (FILE)'],
  ])('%j: %s', (argv, message) => {
    expect(refusal(() => parseCliArgs(argv))).toEqual({ name: 'CliError', code: 'INVALID_CONFIGURATION', message });
  });

  test('--faults reads the file; its rules are checked by startEmulator', () => {
    const dir = mkdtempSync(join(tmpdir(), 'emulator-pure-'));
    try {
      const file = join(dir, 'faults.json');
      writeFileSync(file, JSON.stringify({ rules: [{ path: '/x', probability: 2 }] }));
      const { options } = parseCliArgs(['--faults', file]);
      expect(options.faults).toEqual({ rules: [{ path: '/x', probability: 2 }] });
      expect(refusal(() => resolveOptions(options))).toEqual({
        name: 'EmulatorOptionsError',
        code: 'INVALID_CONFIGURATION',
        message: 'invalid emulator options: faults.rules[0].probability must be a number from 0 to 1, got 2',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('seed validation names the path', () => {
  const user = (fields: Record<string, unknown>) => ({ users: [{ userName: 'a', ...fields }] });
  test.each([
    [{ users: [{}] }, 'seed.users[0].userName is required'],
    [{ users: [{ userName: ' ' }] }, 'seed.users[0].userName must not be empty, got " "'],
    [user({ userEmail: 'nope' }), 'seed.users[0].userEmail must be an email address, got "nope"'],
    [
      { wallets: [{ walletName: 'w', accounts: [{ curve: 'CURVE_X' }] }] },
      'seed.wallets[0].accounts[0].curve must be one of CURVE_SECP256K1, CURVE_ED25519, CURVE_P256, got "CURVE_X"',
    ],
    [{ wallets: [{ walletName: 'w', accounts: 'none' }] }, 'seed.wallets[0].accounts must be an array, got "none"'],
    [{ organization: { requiredApprovals: 0 } }, 'seed.organization.requiredApprovals must be an integer from 1 to 100, got 0'],
    [
      {
        earnWrappers: [
          { wrapperAddress: '0x12', chainCaip2: 'eip155:1', vaultName: 'v', asset: { symbol: 's', caip19: 'c', decimals: 6 } },
        ],
      },
      'seed.earnWrappers[0].wrapperAddress must be a 0x-prefixed 20-byte address, got "0x12"',
    ],
    [{ policies: [{ policyName: 'p', effect: 'EFFECT_ALLOW' }] }, 'seed.policies[0].notes is required'],
    [
      user({
        apiKeys: [
          { apiKeyName: 'k', publicKey: '02ab' },
          { apiKeyName: 'k2', publicKey: 7 },
        ],
      }),
      'seed.users[0].apiKeys[1].publicKey must be a non-empty string, got 7',
    ],
    [
      user({ apiKeys: [{ apiKeyName: 'k', publicKey: '02ab', expirationSeconds: 60 }] }),
      'seed.users[0].apiKeys[0].expirationSeconds must be a string of decimal digits, got 60',
    ],
    [user({ root: 'yes' }), 'seed.users[0].root must be true or false, got "yes"'],
    [user({ tags: ['ops'] }), 'seed.users[0].tags[0] must be a tag declared in seed.userTags (none are declared), got "ops"'],
    [
      { userTags: ['admins', 'ops'], ...user({ tags: ['ops', 'dev'] }) },
      'seed.users[0].tags[1] must be a tag declared in seed.userTags (admins, ops), got "dev"',
    ],
    [
      { privateKeyTags: ['hot'], privateKeys: [{ privateKeyName: 'k', tags: ['cold'] }] },
      'seed.privateKeys[0].tags[0] must be a tag declared in seed.privateKeyTags (hot), got "cold"',
    ],
    [
      { subOrganizations: [{ name: 's', rootUsers: [{ userName: 'u' }], rootQuorumThreshold: 2 }] },
      'seed.subOrganizations[0].rootQuorumThreshold must be at most the number of rootUsers (1), got 2',
    ],
    [
      user({ oauthProviders: [{ providerName: 'google', oidcToken: 12345 }] }),
      'seed.users[0].oauthProviders[0].oidcToken must be a string (an OIDC token; the value is not shown)',
    ],
    [
      { name: 'x' },
      'unknown seed field "name"; known: organization, authProxy, userTags, users, privateKeyTags, privateKeys, wallets, sessionProfiles, smartContractInterfaces, velocityControls, policies, ipAllowlist, subOrganizations, solanaTransactions, earnWrappers',
    ],
    [
      { users: [{ nmae: 'a' }] },
      'unknown seed.users[0] field "nmae"; known: userName, userEmail, userPhoneNumber, tags, root, apiKeys, authenticators, oauthProviders, mfaPolicies',
    ],
    [{ authProxy: { oauthClientIds: { google: 5 } } }, 'seed.authProxy.oauthClientIds.google must be a string, got 5'],
    [[], 'seed must be an object, got an empty array'],
    ['seed.json', 'seed must be an object, got "seed.json"'],
  ])('%j', (input, message) => {
    expect(refusal(() => parseSeed(input))).toEqual({ name: 'SeedError', code: 'INVALID_CONFIGURATION', message });
  });

  test('the example seed passes', () => {
    const example: unknown = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'emulator', 'seeds', 'example.json'), 'utf8'));
    expect(parseSeed(example)).toEqual(example);
  });
});

describe('options', () => {
  test.each([
    [{ port: -1 }, 'invalid emulator options: port must be an integer from 0 to 65535, got -1'],
    [{ authProxyPort: '8788' }, 'invalid emulator options: authProxyPort must be an integer from 0 to 65535, got "8788"'],
    [{ host: '' }, 'invalid emulator options: host must not be empty, got ""'],
    [{ deliveryMode: 'sometimes' }, 'invalid emulator options: deliveryMode must be one of loopback-only, auto, manual, got "sometimes"'],
    [
      { deliveryRetry: { attempts: 3 } },
      'invalid emulator options: unknown deliveryRetry option "attempts"; known: maxAttempts, baseDelayMs, maxDelayMs',
    ],
    [{ deliveryRetry: { maxAttempts: 0 } }, 'invalid emulator options: deliveryRetry.maxAttempts must be a positive integer, got 0'],
    [{ clock: 5 }, 'invalid emulator options: clock must be a function, got 5'],
    [{ livenessWindowMs: 1.5 }, 'invalid emulator options: livenessWindowMs must be a positive integer (milliseconds), got 1.5'],
    [{ allowLoopbackWebhooks: 'true' }, 'invalid emulator options: allowLoopbackWebhooks must be true or false, got "true"'],
    [{ seed: 5 }, 'invalid emulator options: seed must be a seed file path or a seed object, got 5'],
    [{ rootApiKey: { publicKey: 'x' } }, 'invalid emulator options: rootApiKey.privateKey is required'],
    // the private key is never repeated, even when it is not a string
    [
      { rootApiKey: { publicKey: 'x', privateKey: 123456 } },
      'invalid emulator options: rootApiKey.privateKey must be a hex string (a P-256 private key; the value is not shown)',
    ],
    [
      { prot: 1 },
      'invalid emulator options: unknown option "prot"; known: port, authProxyPort, host, dataDir, credentialsFile, seed, faults, allowLoopbackWebhooks, clock, random, sleep, randomSeed, livenessWindowMs, maxBodyBytes, deliveryMode, deliveryRetry, fetch, rootApiKey, log',
    ],
    [
      { faults: { rules: [{ path: '/a' }, { path: '/b' }, { path: '/c', probability: 1.5 }] } },
      'invalid emulator options: faults.rules[2].probability must be a number from 0 to 1, got 1.5',
    ],
    [{ faults: [{ path: '/a', status: 'x' }] }, 'invalid emulator options: faults[0].status must be an integer from 400 to 599, got "x"'],
    [null, 'invalid emulator options: options must be an object'],
  ])('%j', (input, message) => {
    expect(refusal(() => resolveOptions(input as never))).toEqual({ name: 'EmulatorOptionsError', code: 'INVALID_CONFIGURATION', message });
  });

  test('defaults', () => {
    const o = resolveOptions({});
    expect([o.port, o.authProxyPort, o.host, o.livenessWindowMs, o.maxBodyBytes, o.deliveryMode, o.deliveryRetry, o.log]).toEqual([
      0,
      0,
      '127.0.0.1',
      300_000,
      1_048_576,
      'loopback-only',
      { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 60000 },
      undefined,
    ]);
  });
});

test('ids are version-4 UUIDs from the injected randomness; timestamps render as {seconds, nanos}', () => {
  const a = makeEnv(() => 0, seededRandom(1));
  const b = makeEnv(() => 0, seededRandom(1));
  const id = a.uuid();
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(b.uuid()).toBe(id);
  expect(toTimestamp(1_768_478_400_123)).toEqual({ seconds: '1768478400', nanos: '123000000' });
});

test.each([
  ['127.0.0.1', true],
  ['127.10.0.3', true],
  ['::1', true],
  ['::ffff:127.0.0.1', true],
  ['10.0.0.1', false],
  ['::ffff:10.0.0.1', false],
  [undefined, false],
])('isLoopback(%s) = %s', (address, expected) => {
  expect(isLoopback(address)).toBe(expected);
});

// The plain targets take a shortcut past the URL parser; every target must still get the parser's pathname.
test.each([
  ['/public/v1/query/list_wallets', '/public/v1/query/list_wallets'],
  ['/', '/'],
  ['/a//b', '/a//b'],
  ['//host/x', '/x'],
  ['/a/./b/../c', '/a/c'],
  ['/public/v1/query/list_wallets?x=1#f', '/public/v1/query/list_wallets'],
  ['/%7e/x', '/%7e/x'],
  ['/a b', '/a%20b'],
  ['/a\\b', '/a/b'],
  ['http://[', undefined],
])('pathOf(%j) = %j', (url, expected) => {
  expect(pathOf({ url } as IncomingMessage)).toBe(expected);
});

test('policy expression checks answer the same every time, per kind, and callers cannot change the next answer', () => {
  const bad = { condition: "activity.resource == 'NOPE'", consensus: 'approvers.count() >= 1' };
  const first = policyEngine.check(bad);
  expect(first).toEqual([{ field: 'condition', message: expect.stringMatching(/^1:\d+: /) as unknown }]);
  first[0]!.message = 'changed';
  first.push({ field: 'time', message: 'added' });
  expect(policyEngine.check(bad)).toEqual([{ field: 'condition', message: expect.stringMatching(/^1:\d+: /) as unknown }]);
  // the same text as a consensus expression is checked by the consensus rules
  expect(policyEngine.check({ consensus: bad.condition })).toEqual([{ field: 'consensus', message: expect.any(String) as unknown }]);
  expect(policyEngine.check({ condition: 'true' })).toEqual([]);
});

// every status fault injection may ask for (400-599): the listed ones, and the rest of each class
test.each([
  [400, 3, 'UNSPECIFIED'],
  [401, 16, 'UNAUTHENTICATED'],
  [403, 7, 'FORBIDDEN'],
  [404, 5, 'UNSPECIFIED'],
  [409, 2, 'UNSPECIFIED'],
  [429, 8, 'RATE_LIMIT_EXCEEDED'],
  [499, 2, 'UNSPECIFIED'],
  [500, 13, 'INTERNAL'],
  [502, 13, 'INTERNAL'],
  [503, 14, 'INTERNAL'],
  [599, 13, 'INTERNAL'],
])('injected status %i has gRPC code %i and turnkeyErrorCode %s', (status, code, turnkeyErrorCode) => {
  expect(statusError(status, 'm').toBody()).toEqual({
    code,
    message: 'm',
    details: [{ '@type': 'type.googleapis.com/errors.v1.TurnkeyErrorDetail', turnkeyErrorCode }],
  });
});
