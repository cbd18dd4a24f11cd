// JWKS discovery and caching (docs/service-behaviour.md#verification-keys) against a real loopback HTTP server sending the service's
// Cache-Control; the store's clock is injected, so expiry is tested without waiting.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ConfigurationError,
  ServerError,
  Transport,
  UnexpectedResponseError,
  WebhookKeyStore,
  generateWebhookSigningKeyPair,
  jwksToVerificationKeys,
  parseCacheControl,
  signWebhookDelivery,
  verifyWebhookDelivery,
  webhookJwk,
  type WebhookJwk,
} from '@walletinfra/sdk';

const SERVICE_CACHE_CONTROL = 'public, max-age=86400, s-maxage=86400, stale-if-error=604800';
const DAY = 86_400_000;
const K1 = generateWebhookSigningKeyPair();
const K2 = generateWebhookSigningKeyPair();

let keys: WebhookJwk[] = [];
let status = 200;
let cacheControl = SERVICE_CACHE_CONTROL;
let rawBody: string | undefined;
let hits = 0;
let gate: Promise<void> | undefined;

async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  hits++;
  if (gate) await gate;
  if (req.url !== '/public/v1/discovery/webhooks/jwks' || req.method !== 'GET') {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': cacheControl });
  res.end(rawBody ?? (status === 200 ? JSON.stringify({ keys }) : '{"code":13,"message":"internal server error"}'));
}
// node:http ignores what a handler returns; `void` marks the answer's promise as deliberately not awaited.
const server = http.createServer((req, res) => void answer(req, res));
let baseUrl = '';
let transport: Transport;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // One attempt and no retry budget (503 is otherwise retried until the budget is spent): the store's own
  // stale-if-error logic is what is under test, not the transport's retries.
  transport = new Transport({ baseUrl, clock, retry: { maxAttempts: 1, maxElapsedMs: 0 } });
});
afterAll(async () => {
  await transport.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let now = 0;
const clock = { now: () => now };
beforeEach(() => {
  keys = [webhookJwk({ keyId: 'k1', publicKey: K1.publicKey })];
  status = 200;
  cacheControl = SERVICE_CACHE_CONTROL;
  rawBody = undefined;
  hits = 0;
  now = 1_750_000_000_000;
  gate = undefined;
});

const store = () => new WebhookKeyStore({ transport, clock });
const k1 = { keyId: 'k1', publicKey: K1.publicKey, algorithm: 'ed25519' };
const k2 = { keyId: 'k2', publicKey: K2.publicKey, algorithm: 'ed25519' };

test('fetches once and serves from cache for max-age', async () => {
  const s = store();
  expect(await s.getKeys()).toEqual([k1]);
  now += DAY - 1;
  expect(await s.getKeys()).toEqual([k1]);
  expect(await s.getKey('k1')).toEqual(k1);
  expect(hits).toBe(1);
});

test('refetches after max-age', async () => {
  const s = store();
  await s.getKeys();
  keys = [webhookJwk({ keyId: 'k2', publicKey: K2.publicKey })];
  now += DAY;
  expect(await s.getKeys()).toEqual([k2]);
  expect(hits).toBe(2);
});

test('an unknown kid triggers one refetch that finds a rotated key', async () => {
  const s = store();
  await s.getKeys();
  now += 60_000; // past the cooldown, well within max-age
  keys.push(webhookJwk({ keyId: 'k2', publicKey: K2.publicKey }));
  expect(await s.getKey('k2')).toEqual(k2);
  expect(hits).toBe(2);
});

test('an unknown kid is refetched at most once per cooldown', async () => {
  const s = store();
  await s.getKeys();
  expect(await s.getKey('nope')).toBeUndefined(); // fetched moments ago: no refetch
  expect(hits).toBe(1);
  now += 30_000;
  expect(await s.getKey('nope')).toBeUndefined();
  expect(hits).toBe(2);
  expect(await s.getKey('nope-again')).toBeUndefined();
  expect(hits).toBe(2);
});

test('stale-if-error: a failed refetch serves the stale copy within the window, then fails', async () => {
  const s = store();
  await s.getKeys();
  status = 500;
  now += DAY + 7 * DAY - 1;
  expect(await s.getKeys()).toEqual([k1]);
  expect(hits).toBe(2);
  now += 1;
  let caught: unknown;
  try {
    await s.getKeys();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(ServerError);
  expect((caught as Error).message).toBe('/public/v1/discovery/webhooks/jwks: internal server error (HTTP 500)');
});

test('without stale-if-error a failed refetch throws at once', async () => {
  cacheControl = 'max-age=60';
  const s = store();
  await s.getKeys();
  status = 503;
  now += 60_000;
  const error = await s.getKeys().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ServerError);
  expect({ code: (error as ServerError).code, message: (error as Error).message }).toEqual({
    code: 'SERVER_ERROR',
    message:
      '/public/v1/discovery/webhooks/jwks: internal server error (HTTP 503) [gave up after 1 attempt in 0 ms, the retry time budget of 0 ms is spent]',
  });
});

test('concurrent callers share one fetch', async () => {
  let open!: () => void;
  gate = new Promise<void>((r) => (open = r));
  const s = store();
  const all = Promise.all([s.getKeys(), s.getKeys(), s.getKey('k1'), s.refresh()]);
  await new Promise<void>((resolve) => {
    const poll = (): void => (hits > 0 ? resolve() : void setImmediate(poll));
    poll();
  });
  open();
  const [a, b, c, d] = await all;
  expect([a, b, c, d]).toEqual([[k1], [k1], k1, [k1]]);
  expect(hits).toBe(1);
});

test('the store can own its transport (baseUrl) and close it', async () => {
  const s = new WebhookKeyStore({ baseUrl, clock });
  expect(await s.getKeys()).toEqual([k1]);
  await s.close();
});

test('a body that is not a JWKS document is an UnexpectedResponseError', async () => {
  rawBody = '{"jwks":[]}';
  let caught: unknown;
  try {
    await store().getKeys();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(UnexpectedResponseError);
  expect((caught as Error).message).toBe('/public/v1/discovery/webhooks/jwks: response is not a JWKS document (no "keys" array)');
});

test('jwksToVerificationKeys keeps only v1 Ed25519 keys with a 32-byte x', () => {
  const ok = webhookJwk({ keyId: 'ok', publicKey: K1.publicKey });
  expect(
    jwksToVerificationKeys({
      keys: [
        ok,
        { ...ok, kid: 'rsa', kty: 'RSA' },
        { ...ok, kid: 'x448', crv: 'X448' },
        { ...ok, kid: 'short', x: 'AAAA' },
        { ...ok, kid: 'v2', turnkey_signature_version: 'v2' },
        { ...ok, kid: '' },
        null,
        'junk',
        { kid: 'bare', kty: 'OKP', crv: 'Ed25519', x: ok.x },
      ],
    }),
  ).toEqual([
    { keyId: 'ok', publicKey: K1.publicKey, algorithm: 'ed25519' },
    { keyId: 'bare', publicKey: K1.publicKey, algorithm: 'ed25519' },
  ]);
});

describe('verifyWebhookDelivery', () => {
  const body = '{"type":"ACTIVITY_TYPE_DELETE_POLICY","id":"a-9"}';
  const sign = (kid: string, priv: string, ts = now) =>
    signWebhookDelivery({ privateKeyHex: priv, keyId: kid, timestampMs: ts, eventId: 'evt_9', body });

  test('verifies with keys from the JWKS', async () => {
    const result = await verifyWebhookDelivery({ headers: sign('k1', K1.privateKey), body, keyStore: store(), nowMs: now });
    expect(result).toEqual({ ok: true, eventId: 'evt_9', keyId: 'k1', timestampMs: now });
  });

  test('a rotated key is found by refetching; an unknown one is missing_key after one refetch', async () => {
    const s = store();
    await s.getKeys();
    now += 31_000;
    keys.push(webhookJwk({ keyId: 'k2', publicKey: K2.publicKey }));
    expect(await verifyWebhookDelivery({ headers: sign('k2', K2.privateKey), body, keyStore: s, nowMs: now })).toEqual({
      ok: true,
      eventId: 'evt_9',
      keyId: 'k2',
      timestampMs: now,
    });
    expect(hits).toBe(2);
    now += 31_000;
    expect(await verifyWebhookDelivery({ headers: sign('k3', K2.privateKey), body, keyStore: s, nowMs: now })).toEqual({
      ok: false,
      reason: 'missing_key',
    });
    expect(hits).toBe(3);
  });

  test('stale, future and tampered deliveries are rejected; malformed ones cost no fetch', async () => {
    const s = store();
    expect(await verifyWebhookDelivery({ headers: sign('k1', K1.privateKey, now - 301_000), body, keyStore: s, nowMs: now })).toEqual({
      ok: false,
      reason: 'stale_timestamp',
    });
    expect(await verifyWebhookDelivery({ headers: sign('k1', K1.privateKey, now + 301_000), body, keyStore: s, nowMs: now })).toEqual({
      ok: false,
      reason: 'stale_timestamp',
    });
    expect(await verifyWebhookDelivery({ headers: {}, body, keyStore: s, nowMs: now })).toEqual({
      ok: false,
      reason: 'missing_header',
      headerName: 'x-turnkey-timestamp',
    });
    expect(hits).toBe(0);
    expect(await verifyWebhookDelivery({ headers: sign('k1', K1.privateKey), body: body + '\n', keyStore: s, nowMs: now })).toEqual({
      ok: false,
      reason: 'invalid_signature',
    });
    expect(hits).toBe(1);
  });

  test('a JWKS outage with nothing cached throws (answer 5xx so the service retries)', async () => {
    status = 500;
    const error = await verifyWebhookDelivery({ headers: sign('k1', K1.privateKey), body, keyStore: store(), nowMs: now }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ServerError);
    expect({ code: (error as ServerError).code, message: (error as Error).message }).toEqual({
      code: 'SERVER_ERROR',
      message: '/public/v1/discovery/webhooks/jwks: internal server error (HTTP 500)',
    });
  });
});

describe('parseCacheControl', () => {
  test.each<[string | undefined, { maxAgeMs: number; staleIfErrorMs: number }]>([
    [SERVICE_CACHE_CONTROL, { maxAgeMs: 86_400_000, staleIfErrorMs: 604_800_000 }],
    ['max-age=60', { maxAgeMs: 60_000, staleIfErrorMs: 0 }],
    ['MAX-AGE="120", stale-if-error=5', { maxAgeMs: 120_000, staleIfErrorMs: 5000 }],
    ['no-store, stale-if-error=10', { maxAgeMs: 0, staleIfErrorMs: 10_000 }],
    ['no-cache, max-age=60', { maxAgeMs: 0, staleIfErrorMs: 0 }],
    ['max-age=-1', { maxAgeMs: 300_000, staleIfErrorMs: 0 }],
    ['max-age=1, max-age=99', { maxAgeMs: 1000, staleIfErrorMs: 0 }],
    [undefined, { maxAgeMs: 300_000, staleIfErrorMs: 0 }],
  ])('%j', (header, expected) => {
    expect(parseCacheControl(header)).toEqual(expected);
  });
});

test('options are validated', () => {
  const message = (fn: () => unknown): string => {
    try {
      fn();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigurationError);
      return (e as Error).message;
    }
    throw new Error('expected a throw');
  };
  expect(message(() => new WebhookKeyStore({}))).toBe('WebhookKeyStore: pass exactly one of transport, baseUrl, fetchJwks');
  expect(message(() => new WebhookKeyStore({ baseUrl, transport }))).toBe(
    'WebhookKeyStore: pass exactly one of transport, baseUrl, fetchJwks',
  );
  expect(message(() => new WebhookKeyStore({ baseUrl, ttl: 5 } as never))).toBe(
    'WebhookKeyStore: unknown option "ttl"; known options: transport, baseUrl, fetchJwks, clock, unknownKidCooldownMs',
  );
  expect(message(() => new WebhookKeyStore({ baseUrl, unknownKidCooldownMs: -1 }))).toBe(
    'WebhookKeyStore: unknownKidCooldownMs must be a finite number >= 0',
  );
});

test('a custom fetchJwks is used as is', async () => {
  const s = new WebhookKeyStore({
    fetchJwks: async () => ({
      headers: { 'cache-control': 'max-age=10' },
      json: { keys: [webhookJwk({ keyId: 'c', publicKey: K2.publicKey })] },
    }),
    clock,
  });
  expect(await s.getKeys()).toEqual([{ keyId: 'c', publicKey: K2.publicKey, algorithm: 'ed25519' }]);
});
