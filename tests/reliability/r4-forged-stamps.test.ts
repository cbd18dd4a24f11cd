// R4: every kind of broken or forged stamp we know, on a query path and a submit path: each is refused with
// the service's code for it (HTTP 401, gRPC 16 Unauthenticated) and changes nothing. Under soak every kind is
// sent many times with fresh bodies.
import { p256 } from '@noble/curves/p256';
import { sha256 } from '@noble/hashes/sha256';
import { ApiKeyStamper, generateApiKeyPair } from '@walletinfra/sdk';
import type { RunningEmulator } from '@walletinfra/emulator';
import { admin, envelope, manualClock, post, stampedPost, startTestEmulator } from '../support/emulator';
import { report, size } from '../support/reliability/measure';

const clock = manualClock(Date.UTC(2026, 0, 15, 12, 0, 0));
let emu: RunningEmulator;
let root: { publicKey: string; privateKey: string };
const expiring = generateApiKeyPair();
const subOrgKey = generateApiKeyPair();
const passkey = p256.utils.randomPrivateKey();
const credentialId = Buffer.from('r4-passkey').toString('base64url');

beforeAll(async () => {
  emu = await startTestEmulator({ clock: clock.now });
  root = { publicKey: emu.credentials.apiPublicKey, privateKey: emu.credentials.apiPrivateKey };
  const users = await admin(emu, 'POST', '/users', {
    userName: 'r4',
    apiKeys: [{ apiKeyName: 'expiring', publicKey: expiring.publicKey, expirationSeconds: '1' }],
    authenticators: [
      { authenticatorName: 'passkey', credentialId, publicKey: Buffer.from(p256.getPublicKey(passkey, false)).toString('hex') },
    ],
  });
  if (users.status !== 200) throw new Error(JSON.stringify(users.json));
  const sub = await stampedPost(
    emu,
    '/public/v1/submit/create_sub_organization',
    envelope(
      emu,
      'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
      {
        subOrganizationName: 'r4-sub',
        rootUsers: [
          {
            userName: 'u',
            apiKeys: [{ apiKeyName: 'k', publicKey: subOrgKey.publicKey, curveType: 'API_KEY_CURVE_P256' }],
            authenticators: [],
            oauthProviders: [],
          },
        ],
        rootQuorumThreshold: 1,
      },
      clock.now(),
    ),
  );
  if (sub.status !== 200) throw new Error(JSON.stringify(sub.json));
  clock.advance(2000); // the expiring key is now expired
});
afterAll(() => emu.close());

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const stampWith = (key: { publicKey: string; privateKey: string }, text: string) =>
  new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }).stamp(text).headerValue;
const decoded = (header: string) =>
  JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { publicKey: string; scheme: string; signature: string };
const reencode = (header: string, change: (s: Record<string, unknown>) => Record<string, unknown>) => b64(change(decoded(header)));

function webauthn(body: string, opts: { challengeOf?: string; id?: string; key?: Uint8Array } = {}): string {
  const challenge = Buffer.from(Buffer.from(sha256(Buffer.from(opts.challengeOf ?? body))).toString('hex')).toString('base64url');
  const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: 'https://app.example' }));
  const authData = Buffer.concat([Buffer.from(sha256(Buffer.from('app.example'))), Buffer.from([0x05, 0, 0, 0, 1])]);
  const signed = Buffer.concat([authData, Buffer.from(sha256(clientData))]);
  const signature = p256.sign(sha256(signed), opts.key ?? passkey, { prehash: false }).toDERRawBytes();
  return JSON.stringify({
    authenticatorData: authData.toString('base64url'),
    clientDataJson: clientData.toString('base64url'),
    credentialId: opts.id ?? credentialId,
    signature: Buffer.from(signature).toString('base64url'),
  });
}

/** A forged or broken stamp: the headers to send with `body` (the exact text sent). */
type Kind = [name: string, headers: (body: string) => Record<string, string>];

const KINDS: Kind[] = [
  ['no stamp header', () => ({})],
  ['empty X-Stamp', () => ({ 'X-Stamp': '' })],
  ['blank X-Stamp', () => ({ 'X-Stamp': '   ' })],
  ['not base64url', () => ({ 'X-Stamp': '%%%not-base64%%%' })],
  ['base64url of text, not JSON', () => ({ 'X-Stamp': b64('hello') })],
  ['a JSON array', () => ({ 'X-Stamp': b64([1, 2, 3]) })],
  ['a JSON string', () => ({ 'X-Stamp': b64('"stamp"') })],
  ['missing signature', (body) => ({ 'X-Stamp': reencode(stampWith(root, body), ({ signature: _s, ...rest }) => rest) })],
  ['missing publicKey', (body) => ({ 'X-Stamp': reencode(stampWith(root, body), ({ publicKey: _p, ...rest }) => rest) })],
  ['missing scheme', (body) => ({ 'X-Stamp': reencode(stampWith(root, body), ({ scheme: _c, ...rest }) => rest) })],
  ['unsupported scheme', (body) => ({ 'X-Stamp': reencode(stampWith(root, body), (s) => ({ ...s, scheme: 'SIGNATURE_SCHEME_NOPE' })) })],
  [
    'secp256k1 scheme over a P-256 signature',
    (body) => ({ 'X-Stamp': reencode(stampWith(root, body), (s) => ({ ...s, scheme: 'SIGNATURE_SCHEME_TK_API_SECP256K1' })) }),
  ],
  ['publicKey not hex', (body) => ({ 'X-Stamp': reencode(stampWith(root, body), (s) => ({ ...s, publicKey: 'zz'.repeat(33) })) })],
  [
    'publicKey of the wrong length',
    (body) => ({ 'X-Stamp': reencode(stampWith(root, body), (s) => ({ ...s, publicKey: root.publicKey.slice(0, 40) })) }),
  ],
  [
    'publicKey not on the curve',
    (body) => ({ 'X-Stamp': reencode(stampWith(root, body), (s) => ({ ...s, publicKey: `02${'ff'.repeat(32)}` })) }),
  ],
  [
    'publicKey uncompressed form of the root key',
    (body) => ({
      'X-Stamp': reencode(stampWith(root, body), (s) => ({
        ...s,
        publicKey: Buffer.from(p256.Point.fromHex(root.publicKey).toRawBytes(false)).toString('hex'),
      })),
    }),
  ],
  ['signature not hex', (body) => ({ 'X-Stamp': reencode(stampWith(root, body), (s) => ({ ...s, signature: 'not-hex' })) })],
  [
    'signature raw r||s, not DER',
    (body) => ({
      'X-Stamp': reencode(stampWith(root, body), (s) => ({
        ...s,
        signature: Buffer.from(p256.Signature.fromDER(s.signature as string).toCompactRawBytes()).toString('hex'),
      })),
    }),
  ],
  [
    'signature truncated',
    (body) => ({ 'X-Stamp': reencode(stampWith(root, body), (s) => ({ ...s, signature: (s.signature as string).slice(0, -4) })) }),
  ],
  [
    'signature with one bit flipped',
    (body) => ({ 'X-Stamp': reencode(stampWith(root, body), (s) => ({ ...s, signature: flipLastHex(s.signature as string) })) }),
  ],
  ['signature r=0 s=0', (body) => ({ 'X-Stamp': reencode(stampWith(root, body), (s) => ({ ...s, signature: '3006020100020100' })) })],
  ['empty signature', (body) => ({ 'X-Stamp': reencode(stampWith(root, body), (s) => ({ ...s, signature: '' })) })],
  ['signature of another body', (body) => ({ 'X-Stamp': stampWith(root, `${body} `) })],
  ['signature of the empty body', () => ({ 'X-Stamp': stampWith(root, '') })],
  ['body changed after stamping (a space added)', (body) => ({ 'X-Stamp': stampWith(root, body.replace('{', '{ ')) })],
  [
    'another key signing, claiming the root public key',
    (body) => ({ 'X-Stamp': reencode(stampWith(generateApiKeyPair(), body), (s) => ({ ...s, publicKey: root.publicKey })) }),
  ],
  ['an unregistered key', (body) => ({ 'X-Stamp': stampWith(generateApiKeyPair(), body) })],
  ["a sub-organization's key acting on its parent", (body) => ({ 'X-Stamp': stampWith(subOrgKey, body) })],
  ['an expired key', (body) => ({ 'X-Stamp': stampWith(expiring, body) })],
  ['X-Stamp-Webauthn not JSON', () => ({ 'X-Stamp-Webauthn': 'nope' })],
  ['X-Stamp-Webauthn missing fields', () => ({ 'X-Stamp-Webauthn': JSON.stringify({ credentialId }) })],
  ['X-Stamp-Webauthn unknown credential', (body) => ({ 'X-Stamp-Webauthn': webauthn(body, { id: b64('nobody') }) })],
  ['X-Stamp-Webauthn challenge of another body', (body) => ({ 'X-Stamp-Webauthn': webauthn(body, { challengeOf: '{}' }) })],
  ['X-Stamp-Webauthn signed by another key', (body) => ({ 'X-Stamp-Webauthn': webauthn(body, { key: p256.utils.randomPrivateKey() }) })],
  ['X-Stamp-Webauthn base64url-wrapped (the API-key encoding)', (body) => ({ 'X-Stamp-Webauthn': b64(webauthn(body)) })],
];

function flipLastHex(hex: string): string {
  const last = parseInt(hex.slice(-1), 16) ^ 1;
  return hex.slice(0, -1) + last.toString(16);
}

test('R4: every broken or forged stamp is refused with 401 / code 16 on a query and a submit path, and changes nothing', async () => {
  const rounds = size(1, 20);
  const before = JSON.stringify(emu.store.dump());
  const accepted: string[] = [];
  const wrongShape: string[] = [];
  let sent = 0;
  for (let round = 0; round < rounds; round++) {
    for (const [name, headers] of KINDS) {
      const bodies: Array<[string, string]> = [
        ['/public/v1/query/list_policies', JSON.stringify({ organizationId: emu.credentials.organizationId })],
        [
          '/public/v1/submit/create_policy',
          JSON.stringify(
            envelope(
              emu,
              'ACTIVITY_TYPE_CREATE_POLICY_V3',
              { policyName: `r4 ${round} ${name}`, effect: 'EFFECT_ALLOW', notes: '' },
              clock.now(),
            ),
          ),
        ],
      ];
      for (const [path, body] of bodies) {
        const res = await post(`${emu.baseUrl}${path}`, body, headers(body));
        sent += 1;
        const json = res.json as { code?: unknown; message?: unknown; details?: unknown };
        if (res.status < 400) accepted.push(`${name} on ${path}`);
        else if (res.status !== 401 || json.code !== 16 || typeof json.message !== 'string' || !Array.isArray(json.details))
          wrongShape.push(`${name} on ${path}: ${res.status} ${JSON.stringify(json)}`);
      }
    }
  }
  const unchanged = JSON.stringify(emu.store.dump()) === before;
  // the control: a good stamp on the same paths is accepted
  const control = await stampedPost(emu, '/public/v1/query/list_policies', { organizationId: emu.credentials.organizationId });
  const refused = sent - accepted.length - wrongShape.length;
  const fig = report({
    id: 'R4',
    what: `${KINDS.length} kinds of broken or forged stamp, on a query and a submit path`,
    goal: '100% refused with the service code (401, code 16), 0 accepted',
    figure: `${refused}/${sent} refused with 401/code 16 (${((100 * refused) / sent).toFixed(1)}%), ${accepted.length} accepted, state ${unchanged ? 'unchanged' : 'CHANGED'}`,
    ok: accepted.length === 0 && wrongShape.length === 0 && unchanged && control.status === 200,
    count: sent,
    file: 'tests/reliability/r4-forged-stamps.test.ts',
    notes: [...accepted.map((a) => `accepted: ${a}`), ...wrongShape.slice(0, 10)],
  });
  expect({ accepted, wrongShape, unchanged, control: control.status }).toEqual({
    accepted: [],
    wrongShape: [],
    unchanged: true,
    control: 200,
  });
  expect(fig.ok).toBe(true);
});
