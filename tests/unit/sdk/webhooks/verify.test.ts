// Webhook signature verification (docs/service-behaviour.md#webhook-deliveries): differential tests against @turnkey/crypto's verifier on
// the same inputs, deliveries signed both ways, and the signer's own validation.
import fc from 'fast-check';
import { ed25519 } from '@noble/curves/ed25519';
import { verifyTurnkeyWebhookSignature } from '@turnkey/crypto';
import {
  InvalidRequestError,
  generateWebhookSigningKeyPair,
  signWebhookDelivery,
  verifyWebhookSignature,
  webhookJwk,
  webhookSignedInput,
  type WebhookVerificationKey,
} from '@walletinfra/sdk';

const KEY = generateWebhookSigningKeyPair();
const KID = 'whk_2025_01';
const NOW = 1_750_000_000_000;
const BODY = '{"type":"ACTIVITY_TYPE_CREATE_POLICY_V3","status":"ACTIVITY_STATUS_COMPLETED","id":"a-1"}';
const KEYS: WebhookVerificationKey[] = [{ keyId: KID, publicKey: KEY.publicKey, algorithm: 'ed25519' }];

/** A delivery signed the way @turnkey/crypto's verifier expects, built by hand (not with our signer). */
function handSigned(opts: { ts?: number; eventId?: string; kid?: string; body?: string | Uint8Array } = {}): Record<string, string> {
  const ts = String(opts.ts ?? NOW);
  const eventId = opts.eventId ?? 'evt_1';
  const kid = opts.kid ?? KID;
  const body = typeof opts.body === 'string' || opts.body === undefined ? Buffer.from(opts.body ?? BODY, 'utf8') : Buffer.from(opts.body);
  const message = Buffer.concat([Buffer.from(`v1.ed25519.${kid}.${ts}.${eventId}.`, 'ascii'), body]);
  return {
    'X-Turnkey-Organization-Id': 'org-1',
    'X-Turnkey-Event-Type': 'ACTIVITY_UPDATES',
    'X-Turnkey-Timestamp': ts,
    'X-Turnkey-Webhook-Version': '1',
    'X-Turnkey-Event-Id': eventId,
    'X-Turnkey-Signature-Key-Id': kid,
    'X-Turnkey-Signature-Algorithm': 'ed25519',
    'X-Turnkey-Signature-Version': 'v1',
    'X-Turnkey-Signature': Buffer.from(ed25519.sign(message, Buffer.from(KEY.privateKey, 'hex'))).toString('hex'),
  };
}

function both(input: {
  headers: Record<string, string | string[] | undefined> | Headers;
  body: string | Uint8Array | ArrayBuffer;
  keys?: WebhookVerificationKey[];
  maxAge?: number;
  now?: number;
}) {
  const common = {
    headers: input.headers,
    body: input.body,
    verificationKeys: input.keys ?? KEYS,
    maxTimestampAgeMs: input.maxAge ?? 300_000,
    nowMs: input.now ?? NOW,
  };
  return {
    ours: verifyWebhookSignature(common),
    theirs: verifyTurnkeyWebhookSignature(common),
  };
}

test('a hand-signed delivery verifies with both', () => {
  const { ours, theirs } = both({ headers: handSigned(), body: BODY });
  expect(ours).toEqual({ ok: true, eventId: 'evt_1', keyId: KID, timestampMs: NOW });
  expect(theirs).toEqual(ours);
});

test('our signer: exact header set, verified by @turnkey/crypto', () => {
  const headers = signWebhookDelivery({
    privateKeyHex: KEY.privateKey,
    keyId: KID,
    timestampMs: NOW,
    eventId: 'evt_1',
    body: BODY,
    organizationId: 'org-1',
    eventType: 'ACTIVITY_UPDATES',
  });
  expect(headers).toEqual({ 'Content-Type': 'application/json', ...handSigned() });
  expect(Object.keys(headers)).toEqual([
    'Content-Type',
    'X-Turnkey-Timestamp',
    'X-Turnkey-Webhook-Version',
    'X-Turnkey-Event-Id',
    'X-Turnkey-Signature-Key-Id',
    'X-Turnkey-Signature-Algorithm',
    'X-Turnkey-Signature-Version',
    'X-Turnkey-Signature',
    'X-Turnkey-Organization-Id',
    'X-Turnkey-Event-Type',
  ]);
  expect(verifyTurnkeyWebhookSignature({ headers, body: BODY, verificationKeys: KEYS, maxTimestampAgeMs: 300_000, nowMs: NOW })).toEqual({
    ok: true,
    eventId: 'evt_1',
    keyId: KID,
    timestampMs: NOW,
  });
});

test('signed input layout', () => {
  expect(
    Buffer.from(
      webhookSignedInput({ version: 'v1', algorithm: 'ed25519', keyId: 'k', timestampMs: '5', eventId: 'e', body: '{}' }),
    ).toString(),
  ).toBe('v1.ed25519.k.5.e.{}');
});

const good = handSigned();
const without = (name: string) => Object.fromEntries(Object.entries(good).filter(([k]) => k !== name));
const withHeader = (name: string, value: string | string[]) => ({ ...without(name), [name]: value });
const otherKey = generateWebhookSigningKeyPair();

test.each<[string, Parameters<typeof both>[0], object]>([
  ['negative max age', { headers: good, body: BODY, maxAge: -1 }, { ok: false, reason: 'invalid_max_timestamp_age' }],
  ['NaN max age', { headers: good, body: BODY, maxAge: NaN }, { ok: false, reason: 'invalid_max_timestamp_age' }],
  ['infinite now', { headers: good, body: BODY, now: Infinity }, { ok: false, reason: 'invalid_now' }],
  [
    'no timestamp',
    { headers: without('X-Turnkey-Timestamp'), body: BODY },
    { ok: false, reason: 'missing_header', headerName: 'x-turnkey-timestamp' },
  ],
  [
    'no event id',
    { headers: without('X-Turnkey-Event-Id'), body: BODY },
    { ok: false, reason: 'missing_header', headerName: 'x-turnkey-event-id' },
  ],
  [
    'no key id',
    { headers: without('X-Turnkey-Signature-Key-Id'), body: BODY },
    { ok: false, reason: 'missing_header', headerName: 'x-turnkey-signature-key-id' },
  ],
  [
    'no algorithm',
    { headers: without('X-Turnkey-Signature-Algorithm'), body: BODY },
    { ok: false, reason: 'missing_header', headerName: 'x-turnkey-signature-algorithm' },
  ],
  [
    'no version',
    { headers: without('X-Turnkey-Signature-Version'), body: BODY },
    { ok: false, reason: 'missing_header', headerName: 'x-turnkey-signature-version' },
  ],
  [
    'no signature',
    { headers: without('X-Turnkey-Signature'), body: BODY },
    { ok: false, reason: 'missing_header', headerName: 'x-turnkey-signature' },
  ],
  [
    'empty signature',
    { headers: withHeader('X-Turnkey-Signature', ''), body: BODY },
    { ok: false, reason: 'missing_header', headerName: 'x-turnkey-signature' },
  ],
  [
    'timestamp in seconds with a dot',
    { headers: withHeader('X-Turnkey-Timestamp', '1750000000.5'), body: BODY },
    { ok: false, reason: 'invalid_timestamp' },
  ],
  ['negative timestamp', { headers: withHeader('X-Turnkey-Timestamp', '-5'), body: BODY }, { ok: false, reason: 'invalid_timestamp' }],
  [
    'unsafe integer timestamp',
    { headers: withHeader('X-Turnkey-Timestamp', '99999999999999999999'), body: BODY },
    { ok: false, reason: 'invalid_timestamp' },
  ],
  ['stale (6 minutes old)', { headers: handSigned({ ts: NOW - 360_000 }), body: BODY }, { ok: false, reason: 'stale_timestamp' }],
  ['future (10 minutes ahead)', { headers: handSigned({ ts: NOW + 600_000 }), body: BODY }, { ok: false, reason: 'stale_timestamp' }],
  [
    'exactly at the window edge',
    { headers: handSigned({ ts: NOW - 300_000 }), body: BODY },
    { ok: true, eventId: 'evt_1', keyId: KID, timestampMs: NOW - 300_000 },
  ],
  [
    'version v2',
    { headers: withHeader('X-Turnkey-Signature-Version', 'v2'), body: BODY },
    { ok: false, reason: 'unsupported_signature_version' },
  ],
  [
    'algorithm rsa',
    { headers: withHeader('X-Turnkey-Signature-Algorithm', 'rsa'), body: BODY },
    { ok: false, reason: 'unsupported_signature_algorithm' },
  ],
  [
    'unknown kid',
    { headers: good, body: BODY, keys: [{ keyId: 'other', publicKey: KEY.publicKey }] },
    { ok: false, reason: 'missing_key' },
  ],
  [
    'key algorithm mismatch',
    { headers: good, body: BODY, keys: [{ keyId: KID, publicKey: KEY.publicKey, algorithm: 'p256' as 'ed25519' }] },
    { ok: false, reason: 'invalid_verification_key_algorithm' },
  ],
  [
    'key hex too short',
    { headers: good, body: BODY, keys: [{ keyId: KID, publicKey: KEY.publicKey.slice(2) }] },
    { ok: false, reason: 'invalid_verification_key' },
  ],
  [
    'key not hex',
    { headers: good, body: BODY, keys: [{ keyId: KID, publicKey: 'zz'.repeat(32) }] },
    { ok: false, reason: 'invalid_verification_key' },
  ],
  [
    'signature hex too short',
    { headers: withHeader('X-Turnkey-Signature', good['X-Turnkey-Signature']!.slice(2)), body: BODY },
    { ok: false, reason: 'invalid_signature' },
  ],
  [
    'signature not hex',
    { headers: withHeader('X-Turnkey-Signature', 'zz'.repeat(64)), body: BODY },
    { ok: false, reason: 'invalid_signature' },
  ],
  ['tampered body (one extra space)', { headers: good, body: BODY + ' ' }, { ok: false, reason: 'invalid_signature' }],
  ['tampered event id', { headers: withHeader('X-Turnkey-Event-Id', 'evt_2'), body: BODY }, { ok: false, reason: 'invalid_signature' }],
  [
    'wrong key',
    { headers: good, body: BODY, keys: [{ keyId: KID, publicKey: otherKey.publicKey }] },
    { ok: false, reason: 'invalid_signature' },
  ],
  [
    'uppercase signature hex',
    { headers: withHeader('X-Turnkey-Signature', good['X-Turnkey-Signature']!.toUpperCase()), body: BODY },
    { ok: true, eventId: 'evt_1', keyId: KID, timestampMs: NOW },
  ],
  [
    'array header values (first wins)',
    { headers: withHeader('X-Turnkey-Event-Id', ['evt_1', 'evt_9']), body: BODY },
    { ok: true, eventId: 'evt_1', keyId: KID, timestampMs: NOW },
  ],
  [
    'lowercase header names',
    { headers: Object.fromEntries(Object.entries(good).map(([k, v]) => [k.toLowerCase(), v])), body: BODY },
    { ok: true, eventId: 'evt_1', keyId: KID, timestampMs: NOW },
  ],
  ['fetch Headers object', { headers: new Headers(good), body: BODY }, { ok: true, eventId: 'evt_1', keyId: KID, timestampMs: NOW }],
  [
    'Uint8Array body',
    { headers: good, body: new TextEncoder().encode(BODY) },
    { ok: true, eventId: 'evt_1', keyId: KID, timestampMs: NOW },
  ],
  [
    'ArrayBuffer body',
    { headers: good, body: new TextEncoder().encode(BODY).buffer },
    { ok: true, eventId: 'evt_1', keyId: KID, timestampMs: NOW },
  ],
])('%s: same result as @turnkey/crypto', (_label, input, expected) => {
  const { ours, theirs } = both(input);
  expect(ours).toEqual(expected);
  expect(theirs).toEqual(expected);
});

test('property: for random bodies, ids and clock skew, ours and theirs agree', () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ maxLength: 200 }),
      fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/),
      fc.integer({ min: -400_000, max: 400_000 }),
      fc.boolean(),
      (body, eventId, skew, tamper) => {
        const headers = handSigned({ ts: NOW + skew, eventId, body });
        const sent = tamper ? Uint8Array.from([...body, 0x20]) : body;
        const { ours, theirs } = both({ headers, body: sent });
        expect(ours).toEqual(theirs);
        expect(ours.ok).toBe(!tamper && Math.abs(skew) <= 300_000);
      },
    ),
    { numRuns: 150, seed: 20250101 },
  );
});

test('never throws on nonsense input', () => {
  const junk: unknown[] = [null, undefined, 5, 'x', [], {}];
  for (const headers of junk) {
    expect(verifyWebhookSignature({ headers: headers as Record<string, string>, body: BODY, verificationKeys: KEYS, nowMs: NOW })).toEqual({
      ok: false,
      reason: 'missing_header',
      headerName: 'x-turnkey-timestamp',
    });
  }
  expect(verifyWebhookSignature({ headers: good, body: BODY, verificationKeys: null as unknown as [], nowMs: NOW })).toEqual({
    ok: false,
    reason: 'missing_key',
  });
  expect(verifyWebhookSignature({ headers: good, body: 42 as unknown as string, verificationKeys: KEYS, nowMs: NOW })).toEqual({
    ok: false,
    reason: 'invalid_signature',
  });
});

test('default window is 5 minutes', () => {
  expect(verifyWebhookSignature({ headers: handSigned({ ts: NOW - 299_000 }), body: BODY, verificationKeys: KEYS, nowMs: NOW }).ok).toBe(
    true,
  );
  expect(verifyWebhookSignature({ headers: handSigned({ ts: NOW - 301_000 }), body: BODY, verificationKeys: KEYS, nowMs: NOW })).toEqual({
    ok: false,
    reason: 'stale_timestamp',
  });
});

test('signer rejects bad input, naming every field, without echoing the key', () => {
  let caught: unknown;
  try {
    signWebhookDelivery({ privateKeyHex: 'abc', keyId: '', timestampMs: -1, eventId: 'has space', body: '{}', eventType: 'A\nB' });
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(InvalidRequestError);
  expect((caught as Error).message).toBe(
    'invalid request for signWebhookDelivery: privateKeyHex: must be 64 hex characters (an Ed25519 secret key); keyId: required; ' +
      'eventId: must be printable ASCII without spaces; timestampMs: must be a non-negative integer (milliseconds since the epoch); ' +
      'eventType: must be printable ASCII without spaces',
  );
});

test('webhookJwk publishes the key as base64url x, as the service does', () => {
  const jwk = webhookJwk({ keyId: KID, publicKey: KEY.publicKey });
  expect(jwk).toEqual({
    kid: KID,
    kty: 'OKP',
    crv: 'Ed25519',
    alg: 'EdDSA',
    use: 'sig',
    x: Buffer.from(KEY.publicKey, 'hex').toString('base64url'),
    turnkey_signature_algorithm: 'ed25519',
    turnkey_signature_version: 'v1',
  });
  expect(() => webhookJwk({ keyId: KID, publicKey: 'ab' })).toThrow(
    'invalid request for webhookJwk: publicKey: must be 64 hex characters (an Ed25519 public key)',
  );
});
