// The two P-256 runtimes of the sdk: node:crypto (the default under Node.js) and @noble/curves (`purejs`, the
// reference). Their signatures verify with @turnkey/crypto and with each other, their DER bytes are the
// canonical encoding noble writes, S is left as signed (high or low), and for every malformed signature or
// key they give the same answer.
import { p256 } from '@noble/curves/p256';
import { ApiKeyStamper as TurnkeyApiKeyStamper } from '@turnkey/api-key-stamper';
import { verifyStampSignature } from '@turnkey/crypto';
import { ApiKeyStamper, ConfigurationError, generateApiKeyPair, loadApiKeyPair, verifyStamp } from '@walletinfra/sdk';
import { verifyP256 } from '@walletinfra/sdk/crypto/verify-p256';
import { DEFAULT_SIGNING_RUNTIME, nativeP256 } from '@walletinfra/sdk/crypto/p256-native';

const N = p256.CURVE.n;
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const signatureOf = (headerValue: string): string =>
  (JSON.parse(Buffer.from(headerValue, 'base64url').toString('utf8')) as { signature: string }).signature;
const KEY = generateApiKeyPair();
const BODY = '{"type":"ACTIVITY_TYPE_CREATE_POLICY_V3","parameters":{"policyName":"ü"}}';

test('under Node.js the default runtime is node:crypto', () => {
  expect(nativeP256).toBeDefined();
  expect(DEFAULT_SIGNING_RUNTIME).toBe('node');
  expect(new ApiKeyStamper({ apiPublicKey: KEY.publicKey, apiPrivateKey: KEY.privateKey }).runtime).toBe('node');
});

test('runtimeOverride accepts node and purejs only, and names itself in the error', () => {
  const make = (runtimeOverride: unknown) =>
    new ApiKeyStamper({ apiPublicKey: KEY.publicKey, apiPrivateKey: KEY.privateKey, runtimeOverride } as never);
  expect(make('purejs').runtime).toBe('purejs');
  expect(make('node').runtime).toBe('node');
  expect(() => make('webcrypto')).toThrow(ConfigurationError);
  expect(() => make('webcrypto')).toThrow('runtimeOverride must be "node" or "purejs", got "webcrypto"');
});

describe('node:crypto stamps', () => {
  const stamper = new ApiKeyStamper({ apiPublicKey: KEY.publicKey, apiPrivateKey: KEY.privateKey, runtimeOverride: 'node' });
  const signatures = Array.from({ length: 64 }, (_, i) => {
    const body = `${BODY}${i}`;
    return { body, header: stamper.stamp(body).headerValue };
  });

  test('header layout matches @turnkey/api-key-stamper (same JSON up to the signature)', async () => {
    const theirs = await new TurnkeyApiKeyStamper({
      apiPublicKey: KEY.publicKey,
      apiPrivateKey: KEY.privateKey,
      runtimeOverride: 'node',
    }).stamp(BODY);
    const ours = stamper.stamp(BODY).headerValue;
    const strip = (h: string) =>
      Buffer.from(h, 'base64url')
        .toString('utf8')
        .replace(/"signature":"[0-9a-f]+"/, '"signature":""');
    expect(strip(ours)).toBe(strip(theirs.stampHeaderValue));
    expect(ours).not.toMatch(/[=+/]/);
  });

  test('verify with @turnkey/crypto, with the purejs verifier and with the node verifier', async () => {
    for (const { body, header } of signatures) {
      const sig = signatureOf(header);
      await expect(verifyStampSignature(KEY.publicKey, sig, body)).resolves.toBe(true);
      expect(verifyP256(KEY.publicKey, sig, utf8(body), 'purejs')).toBe('ok');
      expect(verifyP256(KEY.publicKey, sig, utf8(body), 'node')).toBe('ok');
      expect(verifyStamp({ headerValue: header, body })).toEqual({
        ok: true,
        publicKey: KEY.publicKey,
        scheme: 'SIGNATURE_SCHEME_TK_API_P256',
        signature: sig,
      });
    }
  });

  test('DER bytes are the canonical encoding noble writes for the same (r, s)', () => {
    for (const { header } of signatures) {
      const sig = signatureOf(header);
      const parsed = p256.Signature.fromBytes(Buffer.from(sig, 'hex'), 'der');
      expect(new p256.Signature(parsed.r, parsed.s).toDERHex()).toBe(sig);
    }
  });

  test('S is not normalised: as in @turnkey/api-key-stamper, both halves occur and both verify', () => {
    const high = signatures.filter(({ header }) => p256.Signature.fromBytes(Buffer.from(signatureOf(header), 'hex'), 'der').s > N / 2n);
    // 64 random nonces: the chance that all S land on one side is 2^-63.
    expect(high.length).toBeGreaterThan(0);
    expect(high.length).toBeLessThan(signatures.length);
  });

  test('a stamp is fresh per call (random nonce) but always for the same body and key', () => {
    const a = stamper.stamp(BODY).headerValue;
    const b = stamper.stamp(BODY).headerValue;
    expect(a).not.toBe(b);
    expect([verifyStamp({ headerValue: a, body: BODY }).ok, verifyStamp({ headerValue: b, body: BODY }).ok]).toEqual([true, true]);
  });
});

test("purejs stamps and @turnkey/api-key-stamper's (both runtimes) verify with the node verifier", async () => {
  const pure = new ApiKeyStamper({ apiPublicKey: KEY.publicKey, apiPrivateKey: KEY.privateKey, runtimeOverride: 'purejs' });
  for (const body of ['', '{}', BODY, 'x'.repeat(5000)]) {
    expect(verifyP256(KEY.publicKey, signatureOf(pure.stamp(body).headerValue), utf8(body), 'node')).toBe('ok');
    for (const runtimeOverride of ['node', 'purejs'] as const) {
      const theirs = await new TurnkeyApiKeyStamper({ apiPublicKey: KEY.publicKey, apiPrivateKey: KEY.privateKey, runtimeOverride }).stamp(
        body,
      );
      expect(verifyP256(KEY.publicKey, signatureOf(theirs.stampHeaderValue), utf8(body), 'node')).toBe('ok');
    }
  }
});

test('ApiKeyPair.sign agrees across runtimes: purejs is RFC 6979 (signDigest), node verifies under both', () => {
  const pair = loadApiKeyPair(KEY);
  const message = utf8(BODY);
  const pure = pair.sign(message, 'purejs');
  expect(pair.sign(message, 'purejs')).toBe(pure);
  const native = pair.sign(message, 'node');
  expect(verifyP256(KEY.publicKey, native, message, 'purejs')).toBe('ok');
  expect(verifyP256(KEY.publicKey, pure, message, 'node')).toBe('ok');
});

describe('both verifiers give the same answer for malformed input', () => {
  const message = utf8(BODY);
  const good = loadApiKeyPair(KEY).sign(message, 'purejs');
  const { r, s } = p256.Signature.fromBytes(Buffer.from(good, 'hex'), 'der');
  const hex = (v: bigint | number): string => {
    const h = v.toString(16);
    return h.length % 2 === 0 ? h : `0${h}`;
  };
  const int = (body: string): string => `02${hex(body.length / 2)}${body}`;
  const seq = (body: string): string => `30${hex(body.length / 2)}${body}`;
  const rHex = hex(r).padStart(64, '0');
  const sHex = hex(s).padStart(64, '0');
  const minimal = (h: string): string => {
    let out = h.replace(/^(00)+/, '');
    if (parseInt(out.slice(0, 2), 16) >= 0x80) out = `00${out}`;
    return out;
  };

  const signatures: Array<[string, string]> = [
    ['the good signature', good],
    ['high-S twin', new p256.Signature(r, N - s).toDERHex()],
    ['uppercase-free but trailing byte', `${good}00`],
    ['length byte too long', `30${hex(good.length / 2 - 2 + 1)}${good.slice(4)}`],
    ['r with a redundant leading zero', seq(int(`00${minimal(rHex)}`) + int(minimal(sHex)))],
    ['r without the sign byte (negative)', seq(int(rHex.replace(/^00/, '')) + int(minimal(sHex)))],
    ['r and s swapped', seq(int(minimal(sHex)) + int(minimal(rHex)))],
    ['r = 0', seq(int('00') + int(minimal(sHex)))],
    ['s = 0', seq(int(minimal(rHex)) + int('00'))],
    ['r = n', seq(int(minimal(hex(N))) + int(minimal(sHex)))],
    ['s = n', seq(int(minimal(rHex)) + int(minimal(hex(N))))],
    ['s = n + s', seq(int(minimal(rHex)) + int(minimal(hex(N + s))))],
    ['long-form sequence length', `3081${good.slice(2)}`],
    ['truncated', good.slice(0, -2)],
    ['empty', ''],
    ['an INTEGER only', int(minimal(rHex))],
    ['raw r||s instead of DER', rHex + sHex],
  ];

  test.each(signatures)('signature: %s', (_label, sig) => {
    const pure = verifyP256(KEY.publicKey, sig, message, 'purejs');
    const native = verifyP256(KEY.publicKey, sig, message, 'node');
    expect(native).toBe(pure);
  });

  test('the corpus holds both answers', () => {
    const outcomes = new Set(signatures.map(([, sig]) => verifyP256(KEY.publicKey, sig, message, 'purejs')));
    expect([...outcomes].sort()).toEqual(['invalid_signature', 'ok']);
  });

  const keys: Array<[string, string]> = [
    ['the key', KEY.publicKey],
    ['other parity prefix', (KEY.publicKey.startsWith('02') ? '03' : '02') + KEY.publicKey.slice(2)],
    ['x off the curve', `02${'ff'.repeat(32)}`],
    ['x = 0', `02${'00'.repeat(32)}`],
    ['x = p', `02${p256.Point.Fp.ORDER.toString(16)}`],
    ['prefix 04 with 32 bytes', `04${KEY.publicKey.slice(2)}`],
    ['uncompressed', toUncompressed(KEY.publicKey)],
    ['too short', KEY.publicKey.slice(0, -2)],
    ['not hex', `02${'zz'.repeat(32)}`],
  ];

  test.each(keys)('public key: %s', (_label, key) => {
    expect(verifyP256(key, good, message, 'node')).toBe(verifyP256(key, good, message, 'purejs'));
  });
});

function toUncompressed(compressedHex: string): string {
  return Buffer.from(p256.Point.fromHex(compressedHex).toBytes(false)).toString('hex');
}
