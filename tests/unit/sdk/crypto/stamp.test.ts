// X-Stamp compatibility: our stamps against @turnkey/crypto and node:crypto, Turnkey's stamps against our
// verifier, known-answer vectors (the deterministic purejs runtime), tampering, malformed headers, high-S
// and low-S. The node:crypto runtime against the purejs one: p256-runtimes.test.ts.
import * as nodeCrypto from 'node:crypto';
import { inspect } from 'node:util';
import { p256 } from '@noble/curves/p256';
import { sha256 } from '@noble/hashes/sha256';
import { ApiKeyStamper as TurnkeyApiKeyStamper } from '@turnkey/api-key-stamper';
import { verifyStampSignature } from '@turnkey/crypto';
import { ApiKeyStamper, decodeStamp, loadApiKeyPair, verifyStamp, generateApiKeyPair } from '@walletinfra/sdk';
import { LruMap } from '@walletinfra/sdk/crypto/lru';

// RFC 6979 A.2.5 P-256 key: public vectors, so the whole header is a known answer.
const PRIVATE = 'c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721';
const PUBLIC = '0360fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6';
const N = p256.CURVE.n;

const b64url = (s: string): string => Buffer.from(s, 'utf8').toString('base64url');
const unb64url = (s: string): string => Buffer.from(s, 'base64url').toString('utf8');
const ours = new ApiKeyStamper({ apiPublicKey: PUBLIC, apiPrivateKey: PRIVATE, runtimeOverride: 'purejs' });

function signatureOf(headerValue: string): string {
  return (JSON.parse(unb64url(headerValue)) as { signature: string }).signature;
}

function restamp(fields: Record<string, unknown>): string {
  return b64url(JSON.stringify(fields));
}

function nodeVerify(publicKeyHex: string, derHex: string, body: string): boolean {
  const point = p256.Point.fromHex(publicKeyHex).toAffine();
  const pad = (v: bigint): string => Buffer.from(v.toString(16).padStart(64, '0'), 'hex').toString('base64url');
  const key = nodeCrypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: pad(point.x), y: pad(point.y) }, format: 'jwk' });
  return nodeCrypto.verify('sha256', Buffer.from(body, 'utf8'), { key, dsaEncoding: 'der' }, Buffer.from(derHex, 'hex'));
}

describe('known answers', () => {
  test('RFC 6979 A.2.5 (P-256, SHA-256, "sample"): deterministic and not low-S normalised', () => {
    const sig = loadApiKeyPair({ publicKey: PUBLIC, privateKey: PRIVATE }).signDigest(sha256(new TextEncoder().encode('sample')));
    expect(sig).toBe(
      '3046022100efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716' +
        '022100f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8',
    );
  });

  test('header layout: base64url (no padding) of {publicKey, scheme, signature} in that order', () => {
    const body = '{"organizationId":"org-0"}';
    const { headerName, headerValue } = ours.stamp(body);
    expect(headerName).toBe('X-Stamp');
    expect(headerValue).not.toMatch(/[=+/]/);
    const json = unb64url(headerValue);
    expect(json).toBe(`{"publicKey":"${PUBLIC}","scheme":"SIGNATURE_SCHEME_TK_API_P256","signature":"${signatureOf(headerValue)}"}`);
    expect(headerValue.startsWith(b64url(`{"publicKey":"${PUBLIC}","scheme":"SIGNATURE_SCHEME_TK_API_P256","signature":"30`))).toBe(true);
  });

  test.each(['{"organizationId":"org-0"}', '{"organizationId":"org-2"}', '{"note":"ünïcödé ✓"}', ''])(
    'whole header equals @turnkey/api-key-stamper purejs output for %j',
    async (body) => {
      const theirs = await new TurnkeyApiKeyStamper({ apiPublicKey: PUBLIC, apiPrivateKey: PRIVATE, runtimeOverride: 'purejs' }).stamp(
        body,
      );
      expect(ours.stamp(body)).toEqual({ headerName: theirs.stampHeaderName, headerValue: theirs.stampHeaderValue });
    },
  );

  test('fixed key and body give a fixed header (a 31-byte r is DER-encoded without padding)', () => {
    const header = ours.stamp('{"organizationId":"org-0"}').headerValue;
    expect(header).toBe(
      'eyJwdWJsaWNLZXkiOiIwMzYwZmVkNGJhMjU1YTlkMzFjOTYxZWI3NGM2MzU2ZDY4YzA0OWI4OTIzYjYxZmE2Y2U2Njk2MjJlNjBmMjlmYjYiLCJz' +
        'Y2hlbWUiOiJTSUdOQVRVUkVfU0NIRU1FX1RLX0FQSV9QMjU2Iiwic2lnbmF0dXJlIjoiMzA0MzAyMWYzZmZlYTUyNjQ0MGZmZmNkOTM3N2Rh' +
        'MzIzNTgxZGZkOGZiODY4NTQ4YTVjYmQzMjgxYmI2Njg1Nzg3ZWVjNzAyMjAyNjUxOGVlMTJkNWUwYmY4MTliMjBhYmQ2Y2VmN2Y4ZWU2OTZj' +
        'MTU5N2JhNjJhMDhlYzA2MTUxOTg4NzViYTFjIn0',
    );
    expect(signatureOf(header)).toBe(
      '3043021f3ffea526440fffcd9377da323581dfd8fb868548a5cbd3281bb6685787eec70220' +
        '26518ee12d5e0bf819b20abd6cef7f8ee696c1597ba62a08ec0615198875ba1c',
    );
  });
});

describe('our stamps verify elsewhere', () => {
  const bodies = ['{"organizationId":"org-0"}', '{"organizationId":"org-2"}', '{"a":"\\u00e9","b":[1,2,3]}', 'x'.repeat(5000)];

  test.each(bodies.map((b) => [b.slice(0, 30), b]))(
    '@turnkey/crypto verifyStampSignature and node:crypto accept %s',
    async (_label, body) => {
      const { headerValue } = ours.stamp(body);
      const sig = signatureOf(headerValue);
      await expect(verifyStampSignature(PUBLIC, sig, body)).resolves.toBe(true);
      expect(nodeVerify(PUBLIC, sig, body)).toBe(true);
      expect(verifyStamp({ headerValue, body })).toEqual({
        ok: true,
        publicKey: PUBLIC,
        scheme: 'SIGNATURE_SCHEME_TK_API_P256',
        signature: sig,
      });
    },
  );

  test('a generated key round-trips through every verifier', async () => {
    const kp = generateApiKeyPair();
    const stamper = new ApiKeyStamper({ apiPublicKey: kp.publicKey, apiPrivateKey: kp.privateKey });
    const body = '{"type":"ACTIVITY_TYPE_CREATE_POLICY_V3"}';
    const sig = signatureOf(stamper.stamp(body).headerValue);
    await expect(verifyStampSignature(kp.publicKey, sig, body)).resolves.toBe(true);
    expect(nodeVerify(kp.publicKey, sig, body)).toBe(true);
  });
});

describe("Turnkey's stamps verify with ours", () => {
  test.each(['node', 'purejs'] as const)('@turnkey/api-key-stamper (%s runtime)', async (runtime) => {
    const kp = generateApiKeyPair();
    const stamper = new TurnkeyApiKeyStamper({ apiPublicKey: kp.publicKey, apiPrivateKey: kp.privateKey, runtimeOverride: runtime });
    for (const body of ['{"organizationId":"o"}', '{"parameters":{"policyName":"ü"}}']) {
      const { stampHeaderValue } = await stamper.stamp(body);
      expect(verifyStamp({ headerValue: stampHeaderValue, body })).toEqual({
        ok: true,
        publicKey: kp.publicKey,
        scheme: 'SIGNATURE_SCHEME_TK_API_P256',
        signature: signatureOf(stampHeaderValue),
      });
      expect(verifyStamp({ headerValue: stampHeaderValue, body: Buffer.from(body, 'utf8') }).ok).toBe(true);
    }
  });
});

describe('high-S and low-S', () => {
  // RFC 6979 makes these deterministic: org-2 signs with a high S, org-0 with a low S.
  const highBody = '{"organizationId":"org-2"}';
  const lowBody = '{"organizationId":"org-0"}';

  function sOf(derHex: string): bigint {
    return p256.Signature.fromBytes(Buffer.from(derHex, 'hex'), 'der').s;
  }

  function flipS(headerValue: string): string {
    const stamp = JSON.parse(unb64url(headerValue)) as { publicKey: string; scheme: string; signature: string };
    const sig = p256.Signature.fromBytes(Buffer.from(stamp.signature, 'hex'), 'der');
    const flipped = new p256.Signature(sig.r, N - sig.s).toDERHex();
    return restamp({ ...stamp, signature: flipped });
  }

  test('the fixtures are what they claim', () => {
    expect(sOf(signatureOf(ours.stamp(highBody).headerValue)) > N / 2n).toBe(true);
    expect(sOf(signatureOf(ours.stamp(lowBody).headerValue)) <= N / 2n).toBe(true);
  });

  test.each([
    ['high-S as signed', highBody, false],
    ['low-S normalised from high-S', highBody, true],
    ['low-S as signed', lowBody, false],
    ['high-S made from low-S', lowBody, true],
  ])('%s verifies', async (_label, body, flip) => {
    const header = flip ? flipS(ours.stamp(body).headerValue) : ours.stamp(body).headerValue;
    expect(verifyStamp({ headerValue: header, body }).ok).toBe(true);
    await expect(verifyStampSignature(PUBLIC, signatureOf(header), body)).resolves.toBe(true);
  });
});

describe('rejections', () => {
  const body = '{"organizationId":"org-0"}';
  const good = ours.stamp(body).headerValue;
  const goodFields = JSON.parse(unb64url(good)) as Record<string, string>;
  const other = generateApiKeyPair();

  test.each<[string, unknown, string, string]>([
    ['tampered body', good, 'invalid_signature', 'stamp signature verification failed'],
    [
      'another valid key',
      restamp({ ...goodFields, publicKey: other.publicKey }),
      'invalid_signature',
      'stamp signature verification failed',
    ],
    ['signature not hex', restamp({ ...goodFields, signature: 'zz' }), 'invalid_signature', 'stamp signature verification failed'],
    ['signature not DER', restamp({ ...goodFields, signature: 'deadbeef' }), 'invalid_signature', 'stamp signature verification failed'],
    [
      'signature with r = 0',
      restamp({ ...goodFields, signature: '3006020100020101' }),
      'invalid_signature',
      'stamp signature verification failed',
    ],
    [
      'uncompressed public key',
      restamp({ ...goodFields, publicKey: '04' + '11'.repeat(64) }),
      'invalid_public_key',
      'stamp publicKey is not a compressed P-256 public key',
    ],
    [
      'public key off the curve',
      restamp({ ...goodFields, publicKey: '02' + 'ff'.repeat(32) }),
      'invalid_public_key',
      'stamp publicKey is not a compressed P-256 public key',
    ],
    [
      'other scheme',
      restamp({ ...goodFields, scheme: 'SIGNATURE_SCHEME_TK_API_ED25519' }),
      'unsupported_scheme',
      'unsupported stamp scheme "SIGNATURE_SCHEME_TK_API_ED25519"; expected SIGNATURE_SCHEME_TK_API_P256',
    ],
    ['empty header', '', 'malformed_stamp', 'stamp header is empty'],
    ['not a string', 42, 'malformed_stamp', 'stamp header is empty'],
    ['not base64url', 'a+b/c', 'malformed_stamp', 'stamp is not base64url'],
    ['base64url of non-JSON', b64url('hello'), 'malformed_stamp', 'stamp is not base64url-encoded JSON'],
    ['JSON array', b64url('[]'), 'malformed_stamp', 'stamp JSON is not an object'],
    [
      'missing signature',
      restamp({ publicKey: PUBLIC, scheme: 'SIGNATURE_SCHEME_TK_API_P256' }),
      'malformed_stamp',
      'stamp is missing signature',
    ],
    ['numeric publicKey', restamp({ ...goodFields, publicKey: 7 }), 'malformed_stamp', 'stamp is missing publicKey'],
  ])('%s', (label, headerValue, reason, message) => {
    const sentBody = label === 'tampered body' ? body.replace('org-0', 'org-1') : body;
    expect(verifyStamp({ headerValue, body: sentBody })).toEqual({ ok: false, reason, message });
  });

  test('padded base64url and uppercase hex are accepted; the public key comes back lowercase, the signature as sent', () => {
    const upper = restamp({ ...goodFields, publicKey: PUBLIC.toUpperCase(), signature: goodFields.signature!.toUpperCase() });
    const padded = upper + '='.repeat((4 - (upper.length % 4)) % 4);
    expect(verifyStamp({ headerValue: padded, body })).toEqual({
      ok: true,
      publicKey: PUBLIC,
      scheme: 'SIGNATURE_SCHEME_TK_API_P256',
      signature: goodFields.signature!.toUpperCase(),
    });
  });

  test('decodeStamp returns the fields as sent', () => {
    expect(decodeStamp(good)).toEqual({ ok: true, ...goodFields });
    expect(decodeStamp('%%%')).toEqual({ ok: false, reason: 'malformed_stamp', message: 'stamp is not base64url' });
  });

  test('a one-byte change anywhere in the body fails', () => {
    for (let i = 0; i < body.length; i++) {
      const changed = body.slice(0, i) + String.fromCharCode(body.charCodeAt(i) ^ 1) + body.slice(i + 1);
      expect(verifyStamp({ headerValue: good, body: changed }).ok).toBe(false);
    }
  });
});

test('the stamper never exposes its private key', () => {
  const text = JSON.stringify(ours) + inspect(ours, { showHidden: true, depth: 5 });
  expect(text).not.toContain(PRIVATE);
  expect(JSON.parse(JSON.stringify(ours))).toEqual({ publicKey: PUBLIC });
  expect(ours.publicKey).toBe(PUBLIC);
});

test('the public-key cache is a bounded LRU', () => {
  const lru = new LruMap<string, number>(2);
  lru.set('a', 1);
  lru.set('b', 2);
  expect(lru.get('a')).toBe(1); // 'a' is now the most recent
  lru.set('c', 3); // evicts 'b'
  expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.size]).toEqual([1, undefined, 3, 2]);
});
