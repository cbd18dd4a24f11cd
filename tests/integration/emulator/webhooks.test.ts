// Webhook deliveries (docs/service-behaviour.md#webhook-deliveries): signed as the service signs them, verified here with
// @turnkey/crypto's own verifier and keys taken from OUR JWKS endpoint; retries on 5xx and network errors,
// none on 4xx/429; drained deterministically (no sleeping).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyTurnkeyWebhookSignature } from '@turnkey/crypto';
import type { RunningEmulator } from '@walletinfra/emulator';
import { envelope, FIXED_NOW, manualClock, stampedPost, startTestEmulator } from '../../support/emulator';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

const clock = manualClock();
let emu: RunningEmulator;
let receiver: Server;
let hookUrl: string;
const received: Received[] = [];
let script: number[] = [];

beforeAll(async () => {
  emu = await startTestEmulator({ clock: clock.now });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(script.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await emu.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  emu.reset();
  clock.set(FIXED_NOW);
  received.length = 0;
  script = [];
});

async function createEndpoint(url = hookUrl, subscriptions: unknown[] = [{ eventType: 'ACTIVITY_UPDATES' }]): Promise<string> {
  const res = await stampedPost(
    emu,
    '/public/v1/submit/create_webhook_endpoint',
    envelope(emu, 'ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT', { url, name: 'hook', subscriptions }, clock.now()),
  );
  expect(res.status).toBe(200);
  return res.result('create_webhook_endpoint').endpointId;
}

const createTag = (name: string) =>
  stampedPost(
    emu,
    '/public/v1/submit/create_private_key_tag',
    envelope(emu, 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', { privateKeyTagName: name, privateKeyIds: [] }, clock.now()),
  );

async function verificationKeys(): Promise<Array<{ keyId: string; publicKey: string; algorithm: 'ed25519' }>> {
  const jwks = (await (await fetch(`${emu.baseUrl}/public/v1/discovery/webhooks/jwks`)).json()) as {
    keys: Array<{ kid: string; x: string }>;
  };
  return jwks.keys.map((k) => ({ keyId: k.kid, publicKey: Buffer.from(k.x, 'base64url').toString('hex'), algorithm: 'ed25519' }));
}

test('an activity update is delivered once, signed, and verifies with @turnkey/crypto and our JWKS', async () => {
  const endpointId = await createEndpoint();
  const tag = await createTag('hooked');
  const drained = await emu.deliveries.drain();
  // the endpoint's own creation and the tag: two activities, two deliveries
  expect(drained.map((d) => [d.state, d.attempts.length, d.endpointId])).toEqual([
    ['DELIVERED', 1, endpointId],
    ['DELIVERED', 1, endpointId],
  ]);
  expect(received).toHaveLength(2);
  const delivery = received[1] as Received;
  const h = delivery.headers;
  expect(h['content-type']).toBe('application/json');
  expect(h['x-turnkey-organization-id']).toBe(emu.credentials.organizationId);
  expect(h['x-turnkey-event-type']).toBe('ACTIVITY_UPDATES');
  expect(h['x-turnkey-webhook-version']).toBe('1');
  expect(h['x-turnkey-timestamp']).toBe(String(FIXED_NOW));
  expect(h['x-turnkey-signature-algorithm']).toBe('ed25519');
  expect(h['x-turnkey-signature-version']).toBe('v1');
  const verified = verifyTurnkeyWebhookSignature({
    headers: h,
    body: delivery.body,
    verificationKeys: await verificationKeys(),
    maxTimestampAgeMs: 5 * 60 * 1000,
    nowMs: clock.now(),
  });
  expect(verified).toEqual({ ok: true, eventId: h['x-turnkey-event-id'], keyId: h['x-turnkey-signature-key-id'], timestampMs: FIXED_NOW });
  const payload = JSON.parse(delivery.body) as Record<string, unknown>;
  expect(payload).toMatchObject({
    id: tag.activity.id,
    type: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
    status: 'ACTIVITY_STATUS_COMPLETED',
    createdAt: new Date(FIXED_NOW).toISOString(),
  });
  // a tampered body fails the same verifier
  const tampered = verifyTurnkeyWebhookSignature({
    headers: h,
    body: `${delivery.body} `,
    verificationKeys: await verificationKeys(),
    maxTimestampAgeMs: 300_000,
    nowMs: clock.now(),
  });
  expect(tampered).toMatchObject({ ok: false, reason: 'invalid_signature' });
  expect(await emu.deliveries.drain()).toEqual([]);
});

test('5xx and network errors are retried with backoff and the same event id; a fresh signature each time', async () => {
  await createEndpoint();
  await emu.deliveries.drain();
  received.length = 0;
  script = [503, 500, 200];
  await createTag('flaky');
  // runDue honours the schedule of the injected clock
  expect(await emu.deliveries.runDue()).toBe(1);
  expect(await emu.deliveries.runDue()).toBe(0);
  clock.advance(999);
  expect(await emu.deliveries.runDue()).toBe(0);
  clock.advance(1);
  expect(await emu.deliveries.runDue()).toBe(1);
  clock.advance(2000);
  expect(await emu.deliveries.runDue()).toBe(1);
  const [, record] = emu.deliveries.list();
  expect(record?.state).toBe('DELIVERED');
  expect(record?.attempts).toEqual([
    { attempt: 1, at: FIXED_NOW, status: 503, nextAttemptAt: FIXED_NOW + 1000 },
    { attempt: 2, at: FIXED_NOW + 1000, status: 500, nextAttemptAt: FIXED_NOW + 3000 },
    { attempt: 3, at: FIXED_NOW + 3000, status: 200 },
  ]);
  expect(new Set(received.map((r) => r.headers['x-turnkey-event-id'])).size).toBe(1);
  expect(received.map((r) => r.headers['x-turnkey-timestamp'])).toEqual([
    String(FIXED_NOW),
    String(FIXED_NOW + 1000),
    String(FIXED_NOW + 3000),
  ]);
  expect(new Set(received.map((r) => r.headers['x-turnkey-signature'])).size).toBe(3);
});

test.each([400, 404, 429, 301])('HTTP %i is final: one attempt, FAILED', async (status) => {
  await createEndpoint();
  await emu.deliveries.drain();
  script = [status];
  await createTag(`final-${status}`);
  const [d] = await emu.deliveries.drain();
  expect([d?.state, d?.attempts.map((a) => a.status)]).toEqual(['FAILED', [status]]);
});

test('an unreachable receiver is retried up to maxAttempts, then FAILED', async () => {
  // Port 2: below the ephemeral range, so no server of this machine's test runs can be handed it (a port bound
  // with listen(0) and closed again could be, before the delivery), and not one of the ports fetch refuses to
  // dial (9, which other tests use for "nobody listens", is: the attempt would fail with "bad port").
  await createEndpoint('http://127.0.0.1:2/nobody-listens');
  const [d] = await emu.deliveries.drain();
  expect(d?.state).toBe('FAILED');
  expect(d?.attempts.map((a) => a.error)).toEqual(Array(5).fill('network error: ECONNREFUSED'));
});

test('inactive endpoints, inactive subscriptions and other event types receive nothing', async () => {
  await createEndpoint(hookUrl, [{ eventType: 'ACTIVITY_UPDATES', isActive: false }]);
  await createEndpoint(hookUrl, [{ eventType: 'BALANCE_CONFIRMED_UPDATES' }]);
  const paused = await createEndpoint();
  await stampedPost(
    emu,
    '/public/v1/submit/update_webhook_endpoint',
    envelope(emu, 'ACTIVITY_TYPE_UPDATE_WEBHOOK_ENDPOINT', { endpointId: paused, isActive: false }, clock.now() + 1),
  );
  await emu.deliveries.drain();
  received.length = 0;
  await createTag('quiet');
  expect(await emu.deliveries.drain()).toEqual([]);
  expect(received).toEqual([]);
});

test('deliveries queued for an endpoint that is then deleted are not sent', async () => {
  const endpointId = await createEndpoint();
  await stampedPost(
    emu,
    '/public/v1/submit/delete_webhook_endpoint',
    envelope(emu, 'ACTIVITY_TYPE_DELETE_WEBHOOK_ENDPOINT', { endpointId }, clock.now() + 1),
  );
  const drained = await emu.deliveries.drain();
  expect(drained.map((d) => [d.state, d.attempts])).toEqual([['FAILED', [{ attempt: 1, at: FIXED_NOW, error: 'endpoint was deleted' }]]]);
  expect(received).toEqual([]);
});

/** Every `...At` value in a JSON document with its path, for checking which time format it uses. */
function timesIn(value: unknown, path = '$'): Array<[string, unknown]> {
  if (Array.isArray(value)) return value.flatMap((v, i) => timesIn(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k.endsWith('At') ? [[`${path}.${k}`, v] as [string, unknown]] : timesIn(v, `${path}.${k}`),
  );
}

test('a webhook payload writes every time as ISO-8601, also inside votes[].user (apiKeys, authenticators)', async () => {
  await createEndpoint();
  await createTag('times');
  await emu.deliveries.drain();
  const payload = JSON.parse((received[1] as Received).body) as { votes: Array<{ user: { apiKeys: unknown[] } }> };
  expect(payload.votes[0]?.user.apiKeys.length).toBeGreaterThan(0);
  const times = timesIn(payload);
  expect(times.map(([path]) => path)).toEqual(
    expect.arrayContaining(['$.votes[0].user.apiKeys[0].createdAt', '$.votes[0].user.createdAt', '$.createdAt']),
  );
  expect(times.filter(([, v]) => typeof v !== 'string' || Number.isNaN(Date.parse(v)))).toEqual([]);
});

// Webhook URL rules: the shared table in ./emulator-webhook-destinations.test.ts.

test("'loopback-only' delivery mode (the default) delivers to a loopback receiver in the background without a drain", async () => {
  // Fails fast: a refused submit fails at once, and so does a first delivery attempt that did not deliver
  // (the emulator logs every attempt), instead of waiting for the test timeout.
  let failed = (_line: string): void => undefined;
  const attemptFailed = new Promise<never>(
    (_resolve, reject) => (failed = (line) => reject(new Error(`delivery attempt failed: ${line}`))),
  );
  attemptFailed.catch(() => undefined); // observed through the race below
  const log = (line: string): void => {
    if (line.startsWith('webhook ') && !line.endsWith('(DELIVERED)')) failed(line);
  };
  const auto = await startTestEmulator({ deliveryMode: 'loopback-only', clock: clock.now, log });
  try {
    const arrived = new Promise<Received>((resolve) => {
      const server = receiver;
      const onRequest = (req: IncomingMessage) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          server.off('request', onRequest);
          resolve({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        });
      };
      server.on('request', onRequest);
    });
    const body = envelope(
      auto,
      'ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT',
      { url: hookUrl, name: 'auto', subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }] },
      clock.now(),
    );
    const submitted = await stampedPost(auto, '/public/v1/submit/create_webhook_endpoint', body);
    expect([submitted.status, submitted.activity.status]).toEqual([200, 'ACTIVITY_STATUS_COMPLETED']);
    const delivery = await Promise.race([arrived, attemptFailed]);
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT', status: 'ACTIVITY_STATUS_COMPLETED' });
  } finally {
    await auto.close();
  }
});
