// R8: the admin surface refuses every cross-site, wrong-Host or tokenless request, on every admin route, and
// such a request changes nothing. The control (token, loopback Host, JSON) is answered.
import { request } from 'node:http';
import { useTestEmulator } from '../support/emulator';
import { report, size } from '../support/reliability/measure';

const emu = useTestEmulator();

function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; json: unknown }> {
  const url = new URL(emu.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `/__admin${path}`,
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }) },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => {
          let json: unknown = text;
          try {
            json = JSON.parse(text);
          } catch {
            // keep the text
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const ROUTES = (org: string): Array<[string, string, string?]> => [
  ['GET', '/health'],
  ['GET', '/credentials'],
  ['GET', '/faults'],
  ['GET', '/deliveries'],
  ['GET', '/onramp-encryption-key'],
  ['GET', '/otps'],
  ['GET', '/dump'],
  ['POST', '/reset', '{}'],
  ['POST', '/seed', '{"userTags":["r8"]}'],
  ['POST', '/deliveries/drain', '{}'],
  ['POST', '/users', '{"userName":"intruder","root":true,"generateApiKey":true}'],
  ['POST', `/organizations/${org}/settings`, '{"requiredApprovals":1}'],
  ['PUT', '/faults', '{"rules":[{"path":"*","status":503}]}'],
];

test('R8: cross-site, wrong-Host and tokenless admin requests are 100% refused, and change nothing', async () => {
  const host = new URL(emu.baseUrl).host;
  const token = `Bearer ${emu.credentials.adminToken}`;
  const VARIANTS: Array<[string, (write: boolean) => Record<string, string>]> = [
    ['no token', () => ({ Host: host, 'Content-Type': 'application/json' })],
    ['a wrong token', () => ({ Host: host, Authorization: 'Bearer wrong', 'Content-Type': 'application/json' })],
    [
      'the token as a Basic credential',
      () => ({ Host: host, Authorization: `Basic ${emu.credentials.adminToken}`, 'Content-Type': 'application/json' }),
    ],
    [
      'a rebinding Host',
      () => ({ Host: `attacker.example:${new URL(emu.baseUrl).port}`, Authorization: token, 'Content-Type': 'application/json' }),
    ],
    ['a LAN Host', () => ({ Host: '192.168.0.2', Authorization: token, 'Content-Type': 'application/json' })],
    [
      'a cross-site Origin',
      () => ({ Host: host, Origin: 'https://attacker.example', Authorization: token, 'Content-Type': 'application/json' }),
    ],
    ['Origin: null', () => ({ Host: host, Origin: 'null', Authorization: token, 'Content-Type': 'application/json' })],
    [
      'Sec-Fetch-Site: cross-site',
      () => ({ Host: host, 'Sec-Fetch-Site': 'cross-site', Authorization: token, 'Content-Type': 'application/json' }),
    ],
    [
      'Sec-Fetch-Site: same-site',
      () => ({ Host: host, 'Sec-Fetch-Site': 'same-site', Authorization: token, 'Content-Type': 'application/json' }),
    ],
    [
      'a cross-site form post (text/plain, no token)',
      () => ({ Host: host, Origin: 'https://attacker.example', 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'text/plain' }),
    ],
    [
      'a text/plain write with the token',
      (write): Record<string, string> => (write ? { Host: host, Authorization: token, 'Content-Type': 'text/plain' } : { Host: host }),
    ],
  ];
  const rounds = size(1, 50);
  const before = JSON.stringify(emu.store.dump());
  const routes = ROUTES(emu.credentials.organizationId);
  const answered: string[] = [];
  let sent = 0;
  for (let round = 0; round < rounds; round++) {
    for (const [variant, headers] of VARIANTS) {
      for (const [method, path, body] of routes) {
        const res = await send(method, path, headers(method !== 'GET'), body);
        sent += 1;
        const { json } = res;
        const shaped =
          typeof json === 'object' &&
          json !== null &&
          'code' in json &&
          typeof json.code === 'number' &&
          'message' in json &&
          typeof json.message === 'string' &&
          'details' in json &&
          Array.isArray(json.details);
        if (res.status < 400 || !shaped) answered.push(`${variant}: ${method} ${path} -> ${res.status}`);
      }
    }
  }
  const unchanged = JSON.stringify(emu.store.dump()) === before;
  const control = await send('GET', '/health', { Host: host, Authorization: token });
  const refused = sent - answered.length;
  const fig = report({
    id: 'R8',
    what: `admin surface: ${VARIANTS.length} kinds of cross-site, wrong-Host or tokenless request on all ${routes.length} admin routes`,
    goal: '100% refused',
    figure: `${refused}/${sent} refused (${((100 * refused) / sent).toFixed(1)}%) in the service's error shape, state ${unchanged ? 'unchanged' : 'CHANGED'}; the control request answered ${control.status}`,
    ok: answered.length === 0 && unchanged && control.status === 200,
    count: sent,
    file: 'tests/reliability/r8-admin-surface.test.ts',
    notes: answered.slice(0, 10),
  });
  expect({ answered, unchanged, control: control.status }).toEqual({ answered: [], unchanged: true, control: 200 });
  expect(fig.ok).toBe(true);
});
