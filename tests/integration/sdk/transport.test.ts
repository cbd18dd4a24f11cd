// The transport against a real node:http server on 127.0.0.1 that answers from a script. Waits between
// attempts go through a fake sleep that records them and advances a fake clock: no real sleeping.
import * as http from 'node:http';
import * as https from 'node:https';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { createHash } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { Agent } from 'undici';
import {
  AbortedError,
  ApiKeyStamper,
  ConfigurationError,
  ConnectionError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  Transport,
  UnauthenticatedError,
  InvalidRequestError,
  UnexpectedResponseError,
  WalletInfraError,
  TRANSPORT_CHANNELS,
  verifyStamp,
  type TransportOptions,
} from '@walletinfra/sdk';

const PRIVATE = 'c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721';
const PUBLIC = '0360fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6';
const OP = '/public/v1/submit/create_policy';
const BODY =
  '{"type":"ACTIVITY_TYPE_CREATE_POLICY_V3","timestampMs":"1700000000000","organizationId":"org-1","parameters":{"policyName":"p"}}';

interface Step {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Never answer (the client must time out or abort). */
  hang?: boolean;
  /** Destroy the socket without a response. */
  destroy?: boolean;
}

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

class ScriptServer {
  readonly received: Received[] = [];
  #arrivals: Array<{ count: number; resolve: () => void }> = [];
  connections = 0;
  script: Step[] = [];
  /** When set, answers instead of the script (used by the dedup test). */
  handler?: (req: Received, res: http.ServerResponse) => void;
  readonly #server = http.createServer((req, res) => this.#on(req, res));
  readonly #sockets = new Set<Socket>();

  async start(): Promise<string> {
    this.#server.on('connection', (s) => {
      this.connections++;
      this.#sockets.add(s);
      s.on('close', () => this.#sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** Resolves once `count` requests have been received in full (an event, not a poll). */
  receivedCount(count: number): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.#arrivals.push({ count, resolve }));
  }

  async stop(): Promise<void> {
    for (const s of this.#sockets) s.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #on(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rec = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      this.received.push(rec);
      for (const waiter of this.#arrivals.filter((w) => this.received.length >= w.count)) waiter.resolve();
      this.#arrivals = this.#arrivals.filter((w) => this.received.length < w.count);
      if (this.handler) return this.handler(rec, res);
      const step = this.script.shift() ?? { status: 200, body: '{}' };
      if (step.hang) return;
      if (step.destroy) return void req.socket.destroy();
      res.writeHead(step.status ?? 200, { 'content-type': 'application/json', ...step.headers });
      res.end(step.body ?? '{}');
    });
  }
}

const server = new ScriptServer();
let baseUrl = '';
beforeAll(async () => {
  baseUrl = await server.start();
});
afterAll(() => server.stop());

let sleeps: number[] = [];
let now = 0;
const transports: Transport[] = [];
beforeEach(() => {
  server.received.length = 0;
  server.script = [];
  server.handler = undefined;
  sleeps = [];
  now = 1_000_000;
});
afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
});

function make(overrides: Partial<TransportOptions> = {}): Transport {
  const t = new Transport({
    baseUrl,
    stamper: new ApiKeyStamper({ apiPublicKey: PUBLIC, apiPrivateKey: PRIVATE }),
    clock: { now: () => now },
    random: () => 0.5,
    sleep: (ms) => {
      sleeps.push(ms);
      now += ms;
      return Promise.resolve();
    },
    ...overrides,
  });
  transports.push(t);
  return t;
}

async function failure(p: Promise<unknown>): Promise<WalletInfraError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof WalletInfraError) return e;
    throw e;
  }
  throw new Error('expected a rejection');
}

/** Everything jest's fake timers can fake except setTimeout and clearTimeout. */
const NOT_TIMEOUTS = [
  'Date',
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
] as const;

const rpc = (code: number, message: string) => JSON.stringify({ code, message, details: [] });

test('sends JSON with Accept, Content-Type, User-Agent and a valid X-Stamp; returns parsed JSON', async () => {
  server.script = [{ status: 200, body: '{"activity":{"id":"a-1"}}' }];
  const json = await make().post({ path: OP, body: BODY, operation: OP });
  expect(json).toEqual({ activity: { id: 'a-1' } });
  const [req] = server.received;
  expect(req).toMatchObject({ method: 'POST', url: OP, body: BODY });
  expect(req!.headers).toMatchObject({ accept: 'application/json', 'content-type': 'application/json', 'user-agent': 'walletinfra-sdk' });
  expect(verifyStamp({ headerValue: req!.headers['x-stamp'], body: req!.body })).toEqual({
    ok: true,
    publicKey: PUBLIC,
    scheme: 'SIGNATURE_SCHEME_TK_API_P256',
    signature: expect.stringMatching(/^30[0-9a-f]+$/) as string,
  });
});

test('every retry resends identical body and X-Stamp bytes; the stamper runs once', async () => {
  server.script = [{ status: 503 }, { status: 502, body: 'Bad Gateway' }, { destroy: true }, { status: 200, body: '{"ok":true}' }];
  const inner = new ApiKeyStamper({ apiPublicKey: PUBLIC, apiPrivateKey: PRIVATE });
  let stamps = 0;
  const stamper = { stamp: (b: string) => (stamps++, inner.stamp(b)) };
  await expect(make({ stamper }).post({ path: OP, body: BODY, operation: OP })).resolves.toEqual({ ok: true });
  expect(server.received).toHaveLength(4);
  expect(new Set(server.received.map((r) => r.body))).toEqual(new Set([BODY]));
  expect(new Set(server.received.map((r) => r.headers['x-stamp'])).size).toBe(1);
  expect(stamps).toBe(1);
  expect(sleeps).toEqual([100, 200, 400]);
});

test('backoff is exponential with full jitter and bounded attempts', async () => {
  server.script = Array.from({ length: 6 }, () => ({ status: 500, body: rpc(13, 'internal server error (x)') }));
  const err = await failure(make({ random: () => 0.999 }).post({ path: OP, body: BODY, operation: OP }));
  expect(err).toBeInstanceOf(ServerError);
  expect([err.code, err.message, err.status, err.grpcCode]).toEqual([
    'SERVER_ERROR',
    `${OP}: internal server error (x) (HTTP 500) [gave up after 4 attempts in 1397 ms]`,
    500,
    13,
  ]);
  expect(server.received).toHaveLength(4);
  expect(sleeps).toEqual([199, 399, 799]);
  // A 500 may have been processed: for a write, the outcome is unknown.
  expect([err.attempts, err.maybeProcessed]).toEqual([4, true]);
});

test('rate limits are retried until the time budget is spent, however many attempts that takes', async () => {
  server.script = [
    ...Array.from({ length: 9 }, () => ({ status: 429, headers: { 'retry-after': '1' }, body: rpc(8, 'org rate limited') })),
    { status: 503 },
    { status: 200, body: '{"ok":true}' },
  ];
  const events: unknown[] = [];
  const t = make({ random: () => 0.5, onRetry: (e) => events.push(e) });
  await expect(t.post({ path: OP, body: BODY, operation: OP })).resolves.toEqual({ ok: true });
  expect(server.received).toHaveLength(11);
  // Retry-After plus a jitter that grows with the attempts; the 503 without Retry-After backs off alone.
  expect(sleeps).toEqual([1100, 1200, 1400, 1800, 2600, 4200, 6000, 6000, 6000, 5000]);
  expect(events[0]).toEqual({
    operation: OP,
    attempt: 1,
    delayMs: 1100,
    reason: `${OP}: org rate limited (HTTP 429)`,
    rateLimited: true,
    budgetLeftMs: 120_000,
  });
});

test('a 429 storm longer than the budget fails naming the budget; only 429s means the request was not processed', async () => {
  server.script = Array.from({ length: 50 }, () => ({ status: 429, headers: { 'retry-after': '1' } }));
  const err = await failure(make({ random: () => 0, retry: { maxElapsedMs: 5_000 } }).post({ path: OP, body: BODY, operation: OP }));
  expect(err).toBeInstanceOf(RateLimitedError);
  expect([err.message, err.attempts, err.maybeProcessed]).toEqual([
    `${OP}: rate limited (HTTP 429) [gave up after 5 attempts in 5000 ms, the retry time budget of 5000 ms is spent]`,
    5,
    undefined,
  ]);
});

test('Retry-After (seconds and HTTP-date) is honoured, even beyond maxDelayMs', async () => {
  const date = new Date(now + 7_000).toUTCString();
  server.script = [
    { status: 429, headers: { 'retry-after': '2' }, body: rpc(8, 'slow down') },
    { status: 503, headers: { 'retry-after': date } },
    { status: 429, headers: { 'retry-after': '30' } },
    { status: 200, body: '[]' },
  ];
  const t = make({ random: () => 0, retry: { maxAttempts: 5, maxElapsedMs: 60_000 } });
  await expect(t.post({ path: OP, body: BODY, operation: OP })).resolves.toEqual([]);
  // 7 s from "now" at the time the date was read (2 s had elapsed), then 30 s although maxDelayMs is 10 s.
  expect(sleeps).toEqual([2000, 5000, 30_000]);
});

test('a Retry-After longer than the remaining budget ends the retries with RateLimitedError', async () => {
  server.script = [
    { status: 429, headers: { 'retry-after': '8' }, body: rpc(8, 'Resource exhausted; please wait a minute and try again.') },
  ];
  const err = await failure(make({ retry: { maxElapsedMs: 5000 } }).post({ path: OP, body: BODY, operation: OP }));
  expect(err).toBeInstanceOf(RateLimitedError);
  expect([err.message, (err as RateLimitedError).retryAfterMs]).toEqual([
    `${OP}: Resource exhausted; please wait a minute and try again. (HTTP 429) [gave up after 1 attempt in 0 ms, the retry time budget of 5000 ms is spent]`,
    8000,
  ]);
  expect(sleeps).toEqual([]);
});

test.each<[number, string, new (...a: never[]) => WalletInfraError]>([
  [400, 'invalid request body: missing field `policyName`', InvalidRequestError],
  [401, 'could not verify api key signature', UnauthenticatedError],
  [403, 'request not authorized', PermissionDeniedError],
  [404, 'no organization found with the given ID', NotFoundError],
])('HTTP %i is never retried', async (status, message, cls) => {
  server.script = [{ status, body: rpc(3, message) }, { status: 200 }];
  const err = await failure(make().post({ path: OP, body: BODY, operation: OP }));
  expect(err).toBeInstanceOf(cls);
  expect([err.message, err.status]).toEqual([`${OP}: ${message} (HTTP ${status})`, status]);
  expect(server.received).toHaveLength(1);
  expect(sleeps).toEqual([]);
});

test('the elapsed-time budget stops retries and clips the last wait', async () => {
  server.script = Array.from({ length: 10 }, () => ({ status: 503 }));
  const err = await failure(
    make({ random: () => 0.999, retry: { maxAttempts: 10, maxElapsedMs: 1000 } }).post({ path: OP, body: BODY, operation: OP }),
  );
  expect(err.message).toBe(
    `${OP}: server error (HTTP 503) [gave up after 3 attempts in 1000 ms, the retry time budget of 1000 ms is spent]`,
  );
  expect(sleeps).toEqual([199, 399, 402]);
  expect(sleeps.reduce((a, b) => a + b)).toBe(1000);
  expect(server.received).toHaveLength(3);
});

test('a hung attempt times out and is retried', async () => {
  // The attempt timeout is a timer in the transport. With a real one, the retry's answer also had to arrive
  // within timeoutMs, which a loaded machine does not promise: a second timeout made a third attempt. Faked
  // timers (timeouts only; I/O and setImmediate stay real) fire it once the server holds the first request,
  // and never again, so the retry's answer may take as long as it takes.
  jest.useFakeTimers({ doNotFake: [...NOT_TIMEOUTS] });
  try {
    server.script = [{ hang: true }, { status: 200, body: '{"n":2}' }];
    const answer = make({ timeoutMs: 150 }).post({ path: OP, body: BODY, operation: OP });
    await server.receivedCount(1);
    jest.advanceTimersByTime(150);
    await expect(answer).resolves.toEqual({ n: 2 });
  } finally {
    jest.useRealTimers();
  }
  expect(server.received).toHaveLength(2);
  expect(server.received[0]!.headers['x-stamp']).toBe(server.received[1]!.headers['x-stamp']);
});

test('TimeoutError when every attempt hangs', async () => {
  server.script = [{ hang: true }];
  const err = await failure(make({ timeoutMs: 100, retry: { maxAttempts: 1 } }).post({ path: OP, body: BODY, operation: OP }));
  expect(err).toBeInstanceOf(TimeoutError);
  expect([err.code, err.message, (err as TimeoutError).timeoutMs]).toEqual([
    'TIMEOUT',
    `${OP}: no response from ${baseUrl} within 100 ms`,
    100,
  ]);
});

test('connection refused fails at once: nothing listens there, waiting cannot help', async () => {
  // Port 9 (discard): below the ephemeral range, so no server of this machine's test runs can be handed it (a
  // port bound with listen(0) and closed again could be, before the request).
  const url = 'http://127.0.0.1:9';
  const err = await failure(make({ baseUrl: url }).post({ path: OP, body: BODY, operation: OP }));
  expect(err).toBeInstanceOf(ConnectionError);
  expect([err.code, err.message, err.attempts, err.maybeProcessed]).toEqual([
    'CONNECTION_ERROR',
    `${OP}: could not connect to ${url}: connection refused, nothing is listening there (ECONNREFUSED)`,
    1,
    undefined,
  ]);
  expect(sleeps).toEqual([]);
});

test('a certificate the client does not trust fails at once', async () => {
  // A self-signed certificate for 127.0.0.1 (a test fixture, made with openssl req -x509): valid, but trusted by nobody.
  const dir = join(__dirname, '..', '..', 'fixtures', 'tls');
  const tls = https.createServer(
    { key: readFileSync(join(dir, 'self-signed.key')), cert: readFileSync(join(dir, 'self-signed.crt')) },
    (_req, res) => {
      res.end('{}');
    },
  );
  await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(tls.address() as AddressInfo).port}`;
  const t = make({ baseUrl: url });
  const err = await failure(t.post({ path: OP, body: BODY, operation: OP }));
  await t.close();
  await new Promise<void>((resolve) => tls.close(() => resolve()));
  expect(err).toBeInstanceOf(ConnectionError);
  expect([err.message, err.attempts]).toEqual([`${OP}: secure connection to ${url} failed (DEPTH_ZERO_SELF_SIGNED_CERT)`, 1]);
  expect(sleeps).toEqual([]);
});

test('an unknown host fails at once', async () => {
  // The name lookup is answered locally (no DNS traffic leaves the machine), as the resolver answers an unknown name.
  const lookup = (_host: string, _opts: unknown, cb: (e: Error) => void) =>
    cb(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
  const dispatcher = new Agent({ connect: { lookup } as never }) as unknown as TransportOptions['dispatcher'] & { close(): Promise<void> };
  const t = make({ baseUrl: 'http://walletinfra-no-such-host.invalid', dispatcher });
  const err = await failure(t.post({ path: OP, body: BODY, operation: OP }));
  await dispatcher.close();
  expect(err).toBeInstanceOf(ConnectionError);
  expect([err.message, err.attempts]).toEqual([
    `${OP}: could not connect to http://walletinfra-no-such-host.invalid: the host name does not resolve (ENOTFOUND)`,
    1,
  ]);
  expect(sleeps).toEqual([]);
});

test('a dropped connection is retried for API calls but not for auth-proxy calls', async () => {
  server.script = [{ destroy: true }, { status: 200, body: '{"otpId":"o-1"}' }];
  const t = make({ authProxyUrl: `${baseUrl}/proxy`, authProxyConfigId: 'cfg-1' });
  const err = await failure(t.post({ target: 'authProxy', path: '/v1/otp_init_v2', body: '{}', operation: '/v1/otp_init_v2' }));
  expect(err).toBeInstanceOf(ConnectionError);
  expect(err.message).toMatch(/^\/v1\/otp_init_v2: connection to http:\/\/127\.0\.0\.1:\d+ failed \((ECONNRESET|UND_ERR_SOCKET)\)$/);
  expect(server.received).toHaveLength(1);
});

test('auth-proxy calls carry X-Auth-Proxy-Config-Id, no stamp, and use the proxy URL path prefix', async () => {
  server.script = [{ status: 200, body: '{"otpId":"o-1","otpEncryptionTargetBundle":"b"}' }];
  const t = make({ authProxyUrl: `${baseUrl}/proxy/`, authProxyConfigId: 'cfg-1' });
  await expect(
    t.post({
      target: 'authProxy',
      path: '/v1/otp_init_v2',
      body: '{"otpType":"OTP_TYPE_EMAIL","contact":"a@b.c"}',
      operation: '/v1/otp_init_v2',
    }),
  ).resolves.toEqual({
    otpId: 'o-1',
    otpEncryptionTargetBundle: 'b',
  });
  const [req] = server.received;
  expect(req!.url).toBe('/proxy/v1/otp_init_v2');
  expect(req!.headers['x-auth-proxy-config-id']).toBe('cfg-1');
  expect(req!.headers['x-stamp']).toBeUndefined();
});

test('idempotent submit: a response lost after processing is retried and returns the ONE activity', async () => {
  const activities = new Map<string, { id: string; status: string }>();
  let created = 0;
  let dropNext = true;
  server.handler = (req, res) => {
    const fp = 'sha256:' + createHash('sha256').update(req.body, 'utf8').digest('hex');
    let activity = activities.get(fp);
    if (activity === undefined) {
      activity = { id: `act-${++created}`, status: 'ACTIVITY_STATUS_COMPLETED' };
      activities.set(fp, activity);
    }
    if (dropNext) {
      dropNext = false;
      return void res.socket?.destroy();
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ activity: { ...activity, fingerprint: fp } }));
  };
  const json = (await make().post({ path: OP, body: BODY, operation: OP })) as { activity: { id: string } };
  expect(json.activity.id).toBe('act-1');
  expect(created).toBe(1);
  expect(server.received).toHaveLength(2);
});

test('a 2xx that is not JSON is an UnexpectedResponseError; an HTML error page is still typed by status', async () => {
  server.script = [
    { status: 200, body: '<html>ok</html>' },
    { status: 502, headers: { 'content-type': 'text/html' }, body: '<html>token=abc</html>' },
  ];
  const t = make({ retry: { maxAttempts: 1 } });
  const a = await failure(t.post({ path: OP, body: BODY, operation: OP }));
  expect([a.constructor, a.message, a.status]).toEqual([UnexpectedResponseError, `${OP}: response body is not valid JSON (HTTP 200)`, 200]);
  const b = await failure(t.post({ path: OP, body: BODY, operation: OP }));
  expect([b.constructor, b.message, b.status]).toEqual([ServerError, `${OP}: server error (HTTP 502)`, 502]);
});

test('a redirect is not followed', async () => {
  server.script = [{ status: 302, headers: { location: 'http://127.0.0.1:1/elsewhere' } }];
  const err = await failure(make().post({ path: OP, body: BODY, operation: OP }));
  expect([err.code, err.message]).toEqual(['UNEXPECTED_RESPONSE', `${OP}: request failed (HTTP 302)`]);
  expect(server.received).toHaveLength(1);
});

test('AbortSignal: during an attempt and during a wait', async () => {
  server.script = [{ hang: true }];
  const controller = new AbortController();
  const pending = make().post({ path: OP, body: BODY, operation: OP, signal: controller.signal });
  await server.receivedCount(1);
  controller.abort();
  const err = await failure(pending);
  expect(err).toBeInstanceOf(AbortedError);
  expect([err.code, err.message]).toEqual(['ABORTED', `${OP}: aborted by the caller`]);

  server.script = [{ status: 503 }];
  const c2 = new AbortController();
  const waiting = make({
    sleep: (_ms, signal) =>
      new Promise((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(new Error('aborted')));
        c2.abort();
      }),
  }).post({ path: OP, body: BODY, operation: OP, signal: c2.signal });
  expect((await failure(waiting)).message).toBe(`${OP}: aborted by the caller`);

  const c3 = new AbortController();
  c3.abort();
  expect((await failure(make().post({ path: OP, body: BODY, operation: OP, signal: c3.signal }))).code).toBe('ABORTED');
});

test("without an injected sleep, an abort during the wait between attempts ends the call at once, with the signal's reason as cause", async () => {
  server.script = [{ status: 503 }];
  const controller = new AbortController();
  const reason = new Error('the deployment was cancelled');
  const delays: number[] = [];
  const t = make({
    sleep: undefined,
    retry: { baseDelayMs: 60_000, maxDelayMs: 60_000 },
    // The wait (30 s) has begun by the next turn of the event loop; the abort ends it, not its timer.
    onRetry: (event) => {
      delays.push(event.delayMs);
      setImmediate(() => controller.abort(reason));
    },
  });
  const err = await failure(t.post({ path: OP, body: BODY, operation: OP, signal: controller.signal }));
  expect([err.constructor, err.message, err.maybeProcessed, err.cause]).toEqual([
    AbortedError,
    `${OP}: aborted by the caller`,
    true,
    reason,
  ]);
  expect(delays).toEqual([30_000]);

  // A plain abort() gives the platform's AbortError as the reason.
  server.script = [{ status: 429 }];
  const plain = new AbortController();
  const u = make({ sleep: undefined, retry: { baseDelayMs: 60_000, maxDelayMs: 60_000 }, onRetry: () => plain.abort() });
  const aborted = await failure(u.post({ path: OP, body: BODY, operation: OP, signal: plain.signal }));
  expect([aborted.message, aborted.maybeProcessed, (aborted.cause as DOMException).name]).toEqual([
    `${OP}: aborted by the caller`,
    undefined,
    'AbortError',
  ]);
});

test('a call that must not be repeated stops after a 5xx without blaming the time budget, even when it is spent', async () => {
  server.handler = (_req, res) => {
    now += 10_000; // the attempt alone outlasts the budget
    res.writeHead(500, { 'content-type': 'application/json' }).end(rpc(13, 'x'));
  };
  const t = make({ retry: { maxElapsedMs: 5_000 } });
  const err = await failure(t.post({ path: OP, body: BODY, operation: OP, idempotent: false }));
  expect([err.message, err.attempts, err.maybeProcessed]).toEqual([`${OP}: x (HTTP 500)`, 1, true]);
  expect(sleeps).toEqual([]);
});

test('announces its own pool, each settled exchange (and, for a recording, each attempt in full) and its close on diagnostics channels', async () => {
  const seen: Array<[string, unknown]> = [];
  const listeners = Object.values(TRANSPORT_CHANNELS).map((name) => {
    // The response headers hold the server's date: only their request id and type are compared.
    const listener = (message: unknown): void => {
      const m = message as { responseHeaders?: Record<string, string> };
      const headers =
        m.responseHeaders === undefined
          ? {}
          : { responseHeaders: { 'content-type': m.responseHeaders['content-type'], 'x-request-id': m.responseHeaders['x-request-id'] } };
      seen.push([name, { ...(message as object), ...headers }]);
    };
    subscribe(name, listener);
    return () => unsubscribe(name, listener);
  });
  try {
    server.script = [
      { status: 503, body: '{"code":14,"message":"busy"}' },
      { status: 200, headers: { 'x-request-id': 'req-2' } },
    ];
    const started = now;
    const t = make();
    await t.post({ path: OP, body: BODY, operation: OP });
    await t.close();
    const agent = new Agent();
    const given = make({ dispatcher: agent as unknown as TransportOptions['dispatcher'] });
    server.script = [{ status: 200 }];
    await given.get({ path: '/health', operation: 'health' });
    await agent.close();
    const exchange = (attempt: number, status: number, responseBody: string, requestId: string | undefined, startedAt: number) => ({
      origin: baseUrl,
      method: 'POST',
      path: OP,
      operation: OP,
      attempt,
      requestBody: BODY,
      startedAt,
      durationMs: 0,
      status,
      responseHeaders: { 'content-type': 'application/json', 'x-request-id': requestId },
      responseBody,
    });
    expect(seen).toEqual([
      ['walletinfra:transport:pool-open', { connections: 16 }],
      ['walletinfra:transport:attempt-settled', { origin: baseUrl, method: 'POST', path: OP, status: 503 }],
      ['walletinfra:transport:exchange', exchange(1, 503, '{"code":14,"message":"busy"}', undefined, started)],
      ['walletinfra:transport:attempt-settled', { origin: baseUrl, method: 'POST', path: OP, status: 200 }],
      ['walletinfra:transport:exchange', exchange(2, 200, '{}', 'req-2', started + (sleeps[0] ?? 0))],
      ['walletinfra:transport:closed', { baseUrl }],
      ['walletinfra:transport:attempt-settled', { origin: baseUrl, method: 'GET', path: '/health', status: 200 }],
      [
        'walletinfra:transport:exchange',
        {
          origin: baseUrl,
          method: 'GET',
          path: '/health',
          operation: 'health',
          attempt: 1,
          requestBody: undefined,
          startedAt: started + (sleeps[0] ?? 0),
          durationMs: 0,
          status: 200,
          responseHeaders: { 'content-type': 'application/json', 'x-request-id': undefined },
          responseBody: '{}',
        },
      ],
    ]);
  } finally {
    for (const stop of listeners) stop();
  }
});

test('an attempt that got no answer is announced on the exchange channel with why', async () => {
  const seen: unknown[] = [];
  const listener = (message: unknown): void => void seen.push(message);
  subscribe(TRANSPORT_CHANNELS.exchange, listener);
  try {
    server.script = [{ destroy: true }, { status: 200 }];
    await make().post({ path: OP, body: BODY, operation: OP });
    expect(
      seen.map((m) => {
        const { origin: _o, startedAt: _s, responseHeaders: _h, ...rest } = m as Record<string, unknown>;
        return rest;
      }),
    ).toEqual([
      {
        method: 'POST',
        path: OP,
        operation: OP,
        attempt: 1,
        requestBody: BODY,
        durationMs: 0,
        status: undefined,
        responseBody: undefined,
        failure: 'connection',
      },
      { method: 'POST', path: OP, operation: OP, attempt: 2, requestBody: BODY, durationMs: 0, status: 200, responseBody: '{}' },
    ]);
  } finally {
    unsubscribe(TRANSPORT_CHANNELS.exchange, listener);
  }
});

test('get returns status, lowercase headers and JSON, unstamped', async () => {
  const jwksPath = '/public/v1/discovery/webhooks/jwks';
  server.script = [{ status: 200, headers: { 'Cache-Control': 'public, max-age=60' }, body: '{"keys":[]}' }];
  const res = await make().get({ path: jwksPath, operation: jwksPath });
  expect(res.status).toBe(200);
  expect(res.json).toEqual({ keys: [] });
  expect(res.headers['cache-control']).toBe('public, max-age=60');
  expect(server.received[0]).toMatchObject({ method: 'GET', url: jwksPath });
  expect(server.received[0]!.headers['x-stamp']).toBeUndefined();
});

test('keep-alive: sequential requests reuse pooled connections', async () => {
  const before = server.connections;
  const t = make();
  for (let i = 0; i < 20; i++) await t.post({ path: OP, body: BODY, operation: OP });
  // undici may open a second socket while the first is being released; never one per request.
  expect(server.connections - before).toBeLessThanOrEqual(2);
  await t.close();
  const err = await failure(t.post({ path: OP, body: BODY, operation: OP }));
  expect([err.code, err.message]).toEqual(['INVALID_CONFIGURATION', `${OP}: transport is closed`]);
});

describe('configuration errors', () => {
  function configError(fn: () => unknown): string {
    try {
      fn();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigurationError);
      return (e as Error).message;
    }
    throw new Error('expected a throw');
  }

  test.each<[Record<string, unknown>, string]>([
    [
      { baseUrl: 'http://127.0.0.1', retries: 2 },
      'transport: unknown option "retries"; known: baseUrl, authProxyUrl, authProxyConfigId, stamper, timeoutMs, retry, connections, dispatcher, clock, random, sleep, userAgent, onRetry',
    ],
    [{}, 'transport: baseUrl is required'],
    [{ baseUrl: 'api.turnkey.com' }, 'transport: baseUrl must be an absolute URL starting with http:// or https://'],
    [{ baseUrl: 'ftp://x' }, 'transport: baseUrl must use http or https'],
    [{ baseUrl: 'https://user:secret@api.example' }, 'transport: baseUrl must not contain credentials'],
    [{ baseUrl: 'https://api.example/?a=1' }, 'transport: baseUrl must not contain a query string or fragment'],
    [{ baseUrl: 'localhost:8080' }, 'transport: baseUrl must be an absolute URL starting with http:// or https://'],
    [
      { baseUrl: 'http://127.0.0.1:8080/public/v1/' },
      "transport: baseUrl must not end with /public/v1 (every operation's path starts with it); use http://127.0.0.1:8080",
    ],
    [
      { baseUrl: 'https://api.example', authProxyUrl: 'nope' },
      'transport: authProxyUrl must be an absolute URL starting with http:// or https://',
    ],
    [{ baseUrl: 'https://api.example', timeoutMs: 0 }, 'transport: timeoutMs must be a positive number, got 0'],
    [{ baseUrl: 'https://api.example', connections: 1.5 }, 'transport: connections must be a positive integer, got 1.5'],
    [{ baseUrl: 'https://api.example', retry: { maxAttempts: 0 } }, 'transport: retry.maxAttempts must be an integer >= 1, got 0'],
    [{ baseUrl: 'https://api.example', stamper: {} }, 'transport: stamper must have a stamp(body) method'],
    [{ baseUrl: 'https://api.example', authProxyConfigId: ' ' }, 'transport: authProxyConfigId must be a non-empty string'],
    [{ baseUrl: 'https://api.example', userAgent: 'a\r\nb' }, 'transport: userAgent must be a non-empty single-line string'],
  ])('%j', (options, message) => {
    expect(configError(() => new Transport(options as unknown as TransportOptions))).toBe(message);
  });

  test('missing stamper or proxy settings fail before sending', async () => {
    const t = make({ stamper: undefined });
    expect((await failure(t.post({ path: OP, body: BODY, operation: OP }))).message).toBe(
      `${OP}: no stamper configured; API calls must be signed with an API key`,
    );
    expect((await failure(t.post({ target: 'authProxy', path: '/v1/x', body: '{}', operation: '/v1/x' }))).message).toBe(
      '/v1/x: authProxyUrl is not configured (needed for auth-proxy calls)',
    );
    const p = make({ authProxyUrl: baseUrl });
    expect((await failure(p.post({ target: 'authProxy', path: '/v1/x', body: '{}', operation: '/v1/x' }))).message).toBe(
      '/v1/x: authProxyConfigId is not configured (needed for auth-proxy calls)',
    );
    expect(server.received).toHaveLength(0);
  });
});
