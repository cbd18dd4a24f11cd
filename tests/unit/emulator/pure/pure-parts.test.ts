// The emulator's pure parts as tables: fault rules, delivery retry policy, CLI flags, seed validation,
// options, ids and the seeded random source.
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

describe('fault rules', () => {
  test.each([
    [{ rules: [{ status: 500 }] }, 'faults.rules[0].path: is required'],
    [{ rules: [{ path: '/x', probability: 2 }] }, 'faults.rules[0].probability: must be between 0 and 1'],
    [
      { rules: [{ path: '/x', status: 503, dropResponse: true }] },
      'faults.rules[0].status: cannot be combined with dropResponse, failBetweenEffectAndRecord or pendingPolls',
    ],
    [{ rules: [{ path: '/x', retryAfter: 3 }] }, 'faults.rules[0].retryAfter: needs status'],
    [{ rules: [{ path: '/x', times: 0 }] }, 'faults.rules[0].times: must be a positive integer'],
    [{ rules: [{ path: '/x', delayMs: '5' }] }, 'faults.rules[0].delayMs: must be a number'],
    [{ seed: 1.5, rules: [] }, 'faults.seed: must be an integer'],
    [{ rulez: [] }, 'faults.rulez: is not a known field (known: seed, rules)'],
    ['x', 'faults: must be an object {seed?, rules} or an array of rules'],
  ])('parseFaultConfig(%j) throws %s', (input, message) => {
    expect(() => parseFaultConfig(input)).toThrow(message);
  });

  test('an array is the rules; the first matching rule that fires decides; times are consumed', () => {
    const f = new FaultInjector(
      parseFaultConfig([
        { path: '/a/*', status: 503, times: 1 },
        { path: '/a/b', delayMs: 5 },
      ]),
    );
    expect(f.decide('/a/b')).toEqual({ status: 503 });
    expect(f.decide('/a/b')).toEqual({ delayMs: 5 });
    expect(f.decide('/c')).toBeUndefined();
    expect(f.describe().rules.map((r) => r.fired)).toEqual([1, 1]);
  });

  test('probability 0 never fires, 1 always; a seed fixes the draws', () => {
    const never = new FaultInjector({ rules: [{ path: '/x', probability: 0, status: 500 }] });
    expect(Array.from({ length: 20 }, () => never.decide('/x'))).toEqual(Array(20).fill(undefined));
    const draws = (seed: number) => {
      const f = new FaultInjector({ seed, rules: [{ path: '/x', probability: 0.3, status: 500 }] });
      return Array.from({ length: 30 }, () => (f.decide('/x') === undefined ? 0 : 1)).join('');
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
    [['--json=yes'], '--json takes no value'],
    [['--liveness-window-ms', '0'], '--liveness-window-ms must be a positive integer, got "0"'],
    [['--faults', '/nonexistent/faults.json'], 'cannot read faults file /nonexistent/faults.json: ENOENT'],
    [['serve'], 'unknown option "serve"'],
    [['--webhook-delivery', 'always'], '--webhook-delivery must be one of loopback-only, auto, manual, got "always"'],
  ])('%j: %s', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});

describe('seed validation names the path', () => {
  test.each([
    [{ users: [{}] }, 'seed.users[0].userName: is required'],
    [{ users: [{ userName: 'a', userEmail: 'nope' }] }, 'seed.users[0].userEmail: must be an email address'],
    [
      { wallets: [{ walletName: 'w', accounts: [{ curve: 'CURVE_X' }] }] },
      'seed.wallets[0].accounts[0].curve: must be one of CURVE_SECP256K1, CURVE_ED25519, CURVE_P256',
    ],
    [{ organization: { requiredApprovals: 0 } }, 'seed.organization.requiredApprovals: must be an integer from 1 to 100'],
    [
      {
        earnWrappers: [
          { wrapperAddress: '0x12', chainCaip2: 'eip155:1', vaultName: 'v', asset: { symbol: 's', caip19: 'c', decimals: 6 } },
        ],
      },
      'seed.earnWrappers[0].wrapperAddress: must be a 0x-prefixed 20-byte address',
    ],
    [{ policies: [{ policyName: 'p', effect: 'EFFECT_ALLOW' }] }, 'seed.policies[0].notes: is required'],
    [[], 'seed: must be an object, got an array'],
  ])('%j', (input, message) => {
    expect(() => parseSeed(input, 'seed')).toThrow(message);
  });
});

describe('options', () => {
  test.each([
    [{ port: -1 }, 'invalid emulator options: port must be an integer from 0 to 65535'],
    [{ deliveryMode: 'sometimes' }, "invalid emulator options: deliveryMode must be 'loopback-only', 'auto' or 'manual'"],
    [
      { deliveryRetry: { attempts: 3 } },
      'invalid emulator options: unknown option "deliveryRetry.attempts" (known: maxAttempts, baseDelayMs, maxDelayMs)',
    ],
    [{ clock: 5 }, 'invalid emulator options: clock must be a function'],
    [{ rootApiKey: { publicKey: 'x' } }, 'invalid emulator options: rootApiKey must be {publicKey, privateKey} hex strings'],
  ])('%j', (input, message) => {
    expect(() => resolveOptions(input as never)).toThrow(message);
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
  expect(first).toEqual([{ field: 'condition', message: expect.stringMatching(/^1:\d+: /) }]);
  first[0]!.message = 'changed';
  first.push({ field: 'time', message: 'added' });
  expect(policyEngine.check(bad)).toEqual([{ field: 'condition', message: expect.stringMatching(/^1:\d+: /) }]);
  // the same text as a consensus expression is checked by the consensus rules
  expect(policyEngine.check({ consensus: bad.condition })).toEqual([{ field: 'consensus', message: expect.any(String) }]);
  expect(policyEngine.check({ condition: 'true' })).toEqual([]);
});

test.each([
  [429, 8, 'RATE_LIMIT_EXCEEDED'],
  [503, 14, 'INTERNAL'],
  [500, 13, 'INTERNAL'],
  [401, 16, 'UNAUTHENTICATED'],
  [409, 2, 'UNSPECIFIED'],
])('injected status %i has gRPC code %i', (status, code, turnkeyErrorCode) => {
  expect(statusError(status, 'm').toBody()).toEqual({
    code,
    message: 'm',
    details: [{ '@type': 'type.googleapis.com/errors.v1.TurnkeyErrorDetail', turnkeyErrorCode }],
  });
});
