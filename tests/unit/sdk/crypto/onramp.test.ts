// On-ramp secret encryption (docs/service-behaviour.md#fiat-on-ramp-credentials) is byte-compatible with @turnkey/crypto both ways.
import { p256 } from '@noble/curves/p256';
import {
  PRODUCTION_ON_RAMP_CREDENTIALS_ENCRYPTION_PUBLIC_KEY,
  decryptCredentialBundle,
  encryptOnRampSecret as turnkeyEncrypt,
} from '@turnkey/crypto';
import {
  PRODUCTION_ON_RAMP_ENCRYPTION_PUBLIC_KEY,
  decryptOnRampSecret,
  encryptOnRampSecret,
  generateOnRampEncryptionKeyPair,
  InvalidRequestError,
} from '@walletinfra/sdk';
import { base58CheckDecode, base58CheckEncode, base58Decode, base58Encode } from '@walletinfra/sdk/crypto/base58check';
import { REQUEST_STRING_LIMITS } from '@walletinfra/sdk/schemas/limits';

const RECEIVER_PRIVATE = '8ca7c4a0a3bd8d5e1e0ab0f2d6e3df5c0ad7a1a9f0f4ff1e9e5e2b6e0a3b6c1d';
// Derived here so the fixture cannot drift from its private half.
const RECEIVER = {
  privateKey: RECEIVER_PRIVATE,
  publicKey: Buffer.from(p256.getPublicKey(RECEIVER_PRIVATE, true)).toString('hex'),
};

function errorOf(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidRequestError);
    return { code: (e as InvalidRequestError).code, message: (e as Error).message };
  }
  throw new Error('expected a throw');
}

test('the production key constant matches @turnkey/crypto', () => {
  expect(PRODUCTION_ON_RAMP_ENCRYPTION_PUBLIC_KEY).toBe(PRODUCTION_ON_RAMP_CREDENTIALS_ENCRYPTION_PUBLIC_KEY);
});

test.each(['sk_live_abc123', '', 'ünïcödé secret ✓ 🚀', 'x'.repeat(4096)])('ours decrypts with @turnkey/crypto (%#)', (secret) => {
  const ct = encryptOnRampSecret(secret, RECEIVER.publicKey);
  const hex = decryptCredentialBundle(ct, RECEIVER.privateKey);
  expect(Buffer.from(hex, 'hex').toString('utf8')).toBe(secret);
  expect(decryptOnRampSecret(ct, RECEIVER.privateKey)).toBe(secret);
});

test.each(['sk_live_abc123', 'ünïcödé secret ✓ 🚀'])('@turnkey/crypto ciphertext decrypts with ours (%#)', (secret) => {
  expect(decryptOnRampSecret(turnkeyEncrypt(secret, RECEIVER.publicKey), RECEIVER.privateKey)).toBe(secret);
});

test('accepts an uncompressed receiver key', () => {
  const uncompressed = Buffer.from(p256.getPublicKey(RECEIVER.privateKey, false)).toString('hex');
  expect(decryptOnRampSecret(encryptOnRampSecret('s', uncompressed), RECEIVER.privateKey)).toBe('s');
});

test('ciphertexts are randomised; a fixed ephemeral key gives a known answer', () => {
  expect(encryptOnRampSecret('same', RECEIVER.publicKey)).not.toBe(encryptOnRampSecret('same', RECEIVER.publicKey));
  const fixed = (n: number): Uint8Array => new Uint8Array(n).fill(7);
  const a = encryptOnRampSecret('sk_test', RECEIVER.publicKey, { randomBytes: fixed });
  expect(a).toBe('Z3Vds3KJPccPn6irb7o9CHyPcTHm84DLwUT3QHo9jotVtN89HzFUw8b4VgJ6twD49JecxiZu73U7TmX7t');
  const payload = base58CheckDecode(a)!;
  // 33-byte compressed encapsulated key + 7 bytes of ciphertext + 16-byte GCM tag.
  expect(payload.length).toBe(33 + 7 + 16);
  expect(Buffer.from(decryptCredentialBundle(a, RECEIVER.privateKey), 'hex').toString('utf8')).toBe('sk_test');
});

test('generateOnRampEncryptionKeyPair works with @turnkey/crypto', () => {
  const kp = generateOnRampEncryptionKeyPair();
  expect(kp.privateKey).toMatch(/^[0-9a-f]{64}$/);
  expect(kp.publicKey).toMatch(/^0[23][0-9a-f]{64}$/);
  expect(decryptOnRampSecret(turnkeyEncrypt('k', kp.publicKey), kp.privateKey)).toBe('k');
});

test('bad input is rejected with the field named, and no secret in the message', () => {
  const ct = encryptOnRampSecret('sk_live_secret', RECEIVER.publicKey);
  const other = generateOnRampEncryptionKeyPair();
  const tampered = base58CheckEncode(
    (() => {
      const p = base58CheckDecode(ct)!;
      p[p.length - 1] = p[p.length - 1]! ^ 1;
      return p;
    })(),
  );
  const results = [
    errorOf(() => encryptOnRampSecret('s', 'zz')),
    errorOf(() => encryptOnRampSecret('s', '02' + 'ff'.repeat(32))),
    errorOf(() => encryptOnRampSecret(5 as unknown as string, RECEIVER.publicKey)),
    errorOf(() => encryptOnRampSecret('s', RECEIVER.publicKey, { randomBytes: () => new Uint8Array(32) })),
    errorOf(() => decryptOnRampSecret(ct, 'nothex')),
    errorOf(() => decryptOnRampSecret('0OIl', RECEIVER.privateKey)),
    errorOf(() => decryptOnRampSecret(ct.slice(0, -1) + (ct.endsWith('a') ? 'b' : 'a'), RECEIVER.privateKey)),
    errorOf(() => decryptOnRampSecret(base58CheckEncode(new Uint8Array(40)), RECEIVER.privateKey)),
    errorOf(() => decryptOnRampSecret(ct, other.privateKey)),
    errorOf(() => decryptOnRampSecret(tampered, RECEIVER.privateKey)),
  ];
  const M = 'must be a P-256 public key in hex (66 chars compressed or 130 chars uncompressed)';
  expect(results).toEqual([
    { code: 'INVALID_REQUEST', message: `invalid request for encryptOnRampSecret: encryptionPublicKey: ${M}` },
    { code: 'INVALID_REQUEST', message: `invalid request for encryptOnRampSecret: encryptionPublicKey: ${M}` },
    { code: 'INVALID_REQUEST', message: 'invalid request for encryptOnRampSecret: plaintext: must be a string' },
    {
      code: 'INVALID_REQUEST',
      message: 'invalid request for encryptOnRampSecret: randomBytes: did not return a valid 32-byte P-256 scalar in 16 tries',
    },
    {
      code: 'INVALID_REQUEST',
      message: 'invalid request for decryptOnRampSecret: encryptionPrivateKey: must be a 64-character hex P-256 private key',
    },
    { code: 'INVALID_REQUEST', message: 'invalid request for decryptOnRampSecret: ciphertext: is not base58check-encoded' },
    { code: 'INVALID_REQUEST', message: 'invalid request for decryptOnRampSecret: ciphertext: is not base58check-encoded' },
    { code: 'INVALID_REQUEST', message: 'invalid request for decryptOnRampSecret: ciphertext: is too short to be an HPKE ciphertext' },
    { code: 'INVALID_REQUEST', message: 'invalid request for decryptOnRampSecret: ciphertext: could not be decrypted with this key' },
    { code: 'INVALID_REQUEST', message: 'invalid request for decryptOnRampSecret: ciphertext: could not be decrypted with this key' },
  ]);
  for (const r of results) expect(r.message).not.toContain('sk_live_secret');
});

test('a ciphertext longer than the bound is refused before decoding; the ciphertext of a 5 KB secret fits under it', () => {
  const limit = REQUEST_STRING_LIMITS.onRampCiphertext;
  expect(encryptOnRampSecret('x'.repeat(5000), RECEIVER.publicKey).length).toBeLessThanOrEqual(limit);
  // base58 decoding is quadratic in the length: 900,000 characters would take over an hour
  expect(errorOf(() => decryptOnRampSecret('1'.repeat(900_000), RECEIVER.privateKey))).toEqual({
    code: 'INVALID_REQUEST',
    message: `invalid request for decryptOnRampSecret: ciphertext: is longer than an on-ramp ciphertext may be (at most ${limit} characters)`,
  });
  // the bound is on the trimmed text, as decoded
  expect(errorOf(() => decryptOnRampSecret(` ${'1'.repeat(60)} `, RECEIVER.privateKey)).message).toBe(
    'invalid request for decryptOnRampSecret: ciphertext: is not base58check-encoded',
  );
});

describe('base58check', () => {
  test('known vectors', () => {
    expect(base58Encode(new TextEncoder().encode('hello world'))).toBe('StV1DL6CwTryKyV');
    expect(base58Encode(new Uint8Array([0, 0, 1]))).toBe('112');
    expect(base58CheckEncode(new Uint8Array(21))).toBe('1111111111111111111114oLvT2');
    expect(Array.from(base58CheckDecode('1111111111111111111114oLvT2')!)).toEqual(new Array(21).fill(0));
  });
  test('round trips and rejects bad checksums and characters', () => {
    const bytes = new Uint8Array([0, 0, 255, 1, 2, 3, 0]);
    expect(Array.from(base58Decode(base58Encode(bytes))!)).toEqual(Array.from(bytes));
    expect(base58CheckDecode('1111111111111111111114oLvT3')).toBeUndefined();
    expect(base58Decode('0')).toBeUndefined();
    expect(base58CheckDecode('1')).toBeUndefined();
  });
});
