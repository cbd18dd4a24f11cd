// API key loading and generation (docs/service-behaviour.md#request-stamps encodings). Every rejection has an exact code and message,
// and no message ever contains the private key.
import { inspect } from 'node:util';
import { p256 } from '@noble/curves/p256';
import { generateP256KeyPair } from '@turnkey/crypto';
import { ApiKeyPair, ApiKeyStamper, InvalidApiKeyError, generateApiKeyPair, loadApiKeyPair } from '@walletinfra/sdk';

const PRIVATE = 'c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721';
const PUBLIC = '0360fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6';
const OTHER_PUBLIC = generateApiKeyPair().publicKey;

function failure(input: unknown): { code: string; message: string; name: string } {
  try {
    loadApiKeyPair(input as { publicKey: string; privateKey: string });
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidApiKeyError);
    const err = e as InvalidApiKeyError;
    return { code: err.code, message: err.message, name: err.name };
  }
  throw new Error('expected loadApiKeyPair to throw');
}

test('loads a valid pair and normalises case and whitespace', () => {
  const pair = loadApiKeyPair({ publicKey: `  ${PUBLIC.toUpperCase()}\n`, privateKey: `\t${PRIVATE.toUpperCase()} ` });
  expect(pair).toBeInstanceOf(ApiKeyPair);
  expect(pair.publicKey).toBe(PUBLIC);
  expect(pair.toJSON()).toEqual({ publicKey: PUBLIC });
});

test('keys from @turnkey/crypto generateP256KeyPair load', () => {
  const kp = generateP256KeyPair();
  expect(loadApiKeyPair({ publicKey: kp.publicKey, privateKey: kp.privateKey }).publicKey).toBe(kp.publicKey);
});

test('generateApiKeyPair returns lowercase hex of the documented lengths, and the pair loads', () => {
  for (let i = 0; i < 20; i++) {
    const kp = generateApiKeyPair();
    expect(kp.privateKey).toMatch(/^[0-9a-f]{64}$/);
    expect(kp.publicKey).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(loadApiKeyPair(kp).publicKey).toBe(kp.publicKey);
  }
});

const N_HEX = p256.CURVE.n.toString(16);
const cases: [string, unknown, string][] = [
  ['not an object', null, 'invalid API key: expected an object with publicKey and privateKey'],
  ['missing public key', { privateKey: PRIVATE }, 'invalid API key: publicKey is required'],
  ['public key not a string', { publicKey: 5, privateKey: PRIVATE }, 'invalid API key: publicKey must be a hex string, got number'],
  [
    'public key not hex',
    { publicKey: 'g'.repeat(66), privateKey: PRIVATE },
    'invalid API key: publicKey must contain only hex characters (0-9, a-f)',
  ],
  [
    'public key odd length',
    { publicKey: PUBLIC.slice(1), privateKey: PRIVATE },
    'invalid API key: publicKey must contain only hex characters (0-9, a-f)',
  ],
  [
    'public key uncompressed',
    { publicKey: '04' + '11'.repeat(64), privateKey: PRIVATE },
    'invalid API key: publicKey must be 66 hex characters (a compressed P-256 point), got 130',
  ],
  [
    'keys swapped',
    { publicKey: PRIVATE, privateKey: PUBLIC },
    'invalid API key: publicKey has 64 hex characters, which is the length of a private key; did you swap publicKey and privateKey?',
  ],
  [
    'public key bad prefix',
    { publicKey: '04' + PUBLIC.slice(2), privateKey: PRIVATE },
    'invalid API key: publicKey must start with 02 or 03 (a compressed P-256 point)',
  ],
  [
    'public key off curve',
    { publicKey: '02' + 'ff'.repeat(32), privateKey: PRIVATE },
    'invalid API key: publicKey is not a point on the P-256 curve',
  ],
  ['missing private key', { publicKey: PUBLIC }, 'invalid API key: privateKey is required'],
  ['empty private key', { publicKey: PUBLIC, privateKey: '' }, 'invalid API key: privateKey is required'],
  [
    'private key short',
    { publicKey: PUBLIC, privateKey: PRIVATE.slice(2) },
    'invalid API key: privateKey must be 64 hex characters (a 32-byte P-256 scalar), got 62',
  ],
  [
    'private key not hex',
    { publicKey: PUBLIC, privateKey: 'x' + PRIVATE.slice(1) },
    'invalid API key: privateKey must contain only hex characters (0-9, a-f)',
  ],
  [
    'private key zero',
    { publicKey: PUBLIC, privateKey: '0'.repeat(64) },
    'invalid API key: privateKey is not a valid P-256 scalar (it must be between 1 and the curve order minus 1)',
  ],
  [
    'private key = n',
    { publicKey: PUBLIC, privateKey: N_HEX },
    'invalid API key: privateKey is not a valid P-256 scalar (it must be between 1 and the curve order minus 1)',
  ],
  [
    'mismatched pair',
    { publicKey: OTHER_PUBLIC, privateKey: PRIVATE },
    `invalid API key: publicKey ${OTHER_PUBLIC} does not belong to privateKey (the private key derives ${PUBLIC})`,
  ],
];

test.each(cases)('%s', (_label, input, message) => {
  const f = failure(input);
  expect(f).toEqual({ code: 'INVALID_API_KEY', message, name: 'InvalidApiKeyError' });
  expect(f.message).not.toContain(PRIVATE);
  expect(f.message.toLowerCase()).not.toContain(PRIVATE.slice(8, 40));
});

test('ApiKeyStamper validates at construction with the same errors', () => {
  expect(() => new ApiKeyStamper({ apiPublicKey: OTHER_PUBLIC, apiPrivateKey: PRIVATE })).toThrow(
    `invalid API key: publicKey ${OTHER_PUBLIC} does not belong to privateKey (the private key derives ${PUBLIC})`,
  );
});

test('the private key is invisible to JSON, inspect and errors', () => {
  const pair = loadApiKeyPair({ publicKey: PUBLIC, privateKey: PRIVATE });
  expect(JSON.stringify(pair)).toBe(`{"publicKey":"${PUBLIC}"}`);
  expect(inspect(pair, { showHidden: true, depth: 10 })).not.toContain(PRIVATE);
  expect(Object.values(pair)).toEqual([PUBLIC]);
});
