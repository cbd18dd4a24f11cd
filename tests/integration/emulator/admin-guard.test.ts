// The admin surface is protected like a local developer tool's should be: a random token from credentials.json,
// a loopback Host, no cross-origin requests, JSON bodies on writes. A web page on another origin can neither
// read the root key nor create a user; the service API's open CORS is unchanged.
import { request } from 'node:http';
import { adminHeaders, serviceError, stampedPost, useTestEmulator } from '../../support/emulator';

const emu = useTestEmulator();

/** node:http, so the Host header can be anything (fetch does not let a caller set it). */
function adminRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; json: unknown }> {
  const url = new URL(`${emu.adminUrl}${path}`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }) },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const token = () => `Bearer ${emu.credentials.adminToken}`;
const denied = (message: string) => [403, serviceError(7, message, 'REQUEST_NOT_AUTHORIZED')];
const unauth = (message: string) => [401, serviceError(16, message, 'UNAUTHENTICATED')];
const NO_TOKEN = 'admin endpoints need the admin token: send "Authorization: Bearer <adminToken>" (adminToken is in credentials.json)';
const WRONG_HOST = 'admin endpoints answer only requests addressed to a loopback name (Host: 127.0.0.1, localhost or [::1])';
const CROSS_ORIGIN = "admin endpoints refuse cross-origin requests (Origin differs from the emulator's own)";

test('the token is random, 256 bits, base64url, in credentials', () => {
  expect(emu.credentials.adminToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(emu.credentials.adminUrl).toBe(emu.adminUrl);
});

test('with the token, a loopback Host and JSON, admin requests are answered', async () => {
  const host = new URL(emu.baseUrl).host;
  for (const h of [host, `localhost:${new URL(emu.baseUrl).port}`, 'localhost', '127.0.0.1']) {
    expect((await adminRequest('GET', '/health', { Host: h, Authorization: token() })).status).toBe(200);
  }
  const same = await adminRequest(
    'POST',
    '/deliveries/drain',
    {
      Host: host,
      Origin: `http://${host}`,
      'Sec-Fetch-Site': 'same-origin',
      Authorization: token(),
      'Content-Type': 'application/json; charset=utf-8',
    },
    '{}',
  );
  expect(same.status).toBe(200);
});

describe('refused', () => {
  const host = () => new URL(emu.baseUrl).host;
  test.each<[string, () => [string, string, Record<string, string>, string?], () => unknown[]]>([
    ['no token: GET /credentials (the root private key)', () => ['GET', '/credentials', { Host: host() }], () => unauth(NO_TOKEN)],
    [
      'no token: POST /users',
      () => ['POST', '/users', { Host: host(), 'Content-Type': 'application/json' }, '{"userName":"x","root":true}'],
      () => unauth(NO_TOKEN),
    ],
    [
      'a wrong token',
      () => ['GET', '/credentials', { Host: host(), Authorization: 'Bearer nope' }],
      () => unauth("the admin token does not match this emulator's (credentials.json is rewritten on every start)"),
    ],
    [
      'a token in the wrong scheme',
      () => ['GET', '/credentials', { Host: host(), Authorization: `Basic ${emu.credentials.adminToken}` }],
      () => unauth(NO_TOKEN),
    ],
    [
      'a DNS-rebinding Host',
      () => ['GET', '/credentials', { Host: `attacker.example:${new URL(emu.baseUrl).port}`, Authorization: token() }],
      () => denied(WRONG_HOST),
    ],
    ['a Host naming a LAN address', () => ['GET', '/health', { Host: '192.168.1.10', Authorization: token() }], () => denied(WRONG_HOST)],
    [
      'another origin',
      () => ['GET', '/credentials', { Host: host(), Origin: 'https://attacker.example', Authorization: token() }],
      () => denied(CROSS_ORIGIN),
    ],
    [
      'another loopback origin (another port)',
      () => ['GET', '/credentials', { Host: host(), Origin: 'http://127.0.0.1:1', Authorization: token() }],
      () => denied(CROSS_ORIGIN),
    ],
    [
      'a sandboxed page (Origin: null)',
      () => ['GET', '/health', { Host: host(), Origin: 'null', Authorization: token() }],
      () => denied(CROSS_ORIGIN),
    ],
    [
      'Sec-Fetch-Site: cross-site',
      () => ['GET', '/health', { Host: host(), 'Sec-Fetch-Site': 'cross-site', Authorization: token() }],
      () => denied('admin endpoints refuse cross-origin requests (Sec-Fetch-Site: cross-site)'),
    ],
    [
      'Sec-Fetch-Site: same-site',
      () => ['GET', '/health', { Host: host(), 'Sec-Fetch-Site': 'same-site', Authorization: token() }],
      () => denied('admin endpoints refuse cross-origin requests (Sec-Fetch-Site: same-site)'),
    ],
    [
      'a text/plain write (a cross-site form or simple fetch)',
      () => ['POST', '/users', { Host: host(), 'Content-Type': 'text/plain', Authorization: token() }, '{"userName":"x","root":true}'],
      () => [415, serviceError(3, 'admin writes need "Content-Type: application/json"', 'REQUEST_INVALID')],
    ],
    [
      'a write with no Content-Type',
      () => ['POST', '/reset', { Host: host(), Authorization: token() }],
      () => [415, serviceError(3, 'admin writes need "Content-Type: application/json"', 'REQUEST_INVALID')],
    ],
  ])('%s', async (_name, make, expected) => {
    const before = emu.store.dump();
    const [method, path, headers, body] = make();
    const res = await adminRequest(method, path, headers, body);
    expect([res.status, res.json]).toEqual(expected());
    expect(emu.store.dump()).toEqual(before);
  });
});

test('the cross-site text/plain POST that created a root user now creates nothing, and the API keeps its open CORS', async () => {
  const users = emu.store.users.all().length;
  const res = await fetch(`${emu.adminUrl}/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', Origin: 'https://attacker.example', 'Sec-Fetch-Site': 'cross-site' },
    body: JSON.stringify({ userName: 'intruder', root: true, generateApiKey: true }),
  });
  expect(res.status).toBe(403);
  expect(res.headers.get('access-control-allow-origin')).toBeNull();
  expect(emu.store.users.all().length).toBe(users);
  const api = await stampedPost(emu, '/public/v1/query/list_policies', { organizationId: emu.credentials.organizationId });
  expect(api.headers.get('access-control-allow-origin')).toBe('*');
});

test('the helpers callers use carry the token and JSON', async () => {
  const res = await fetch(`${emu.adminUrl}/credentials`, { headers: adminHeaders(emu) });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ adminToken: emu.credentials.adminToken });
});
