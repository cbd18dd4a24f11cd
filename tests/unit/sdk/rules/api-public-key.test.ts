// An API key's public key for its curve, as the provider's check and the emulator both judge it; a problem never
// quotes the value (it may be a private key pasted by mistake).
import { ed25519 } from '@noble/curves/ed25519';
import { p256 } from '@noble/curves/p256';
import { secp256k1 } from '@noble/curves/secp256k1';
import { apiPublicKeyProblem, hasPrivateKeyLength } from '@walletinfra/sdk/rules';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const seed = (n: number) => new Uint8Array(32).fill(n);
const P256 = hex(p256.getPublicKey(seed(1), true));
const K1 = hex(secp256k1.getPublicKey(seed(2), true));
const ED = hex(ed25519.getPublicKey(seed(3)));

test.each([
  ['API_KEY_CURVE_P256', P256, undefined],
  ['API_KEY_CURVE_P256', ` ${P256.toUpperCase()} `, undefined],
  ['API_KEY_CURVE_SECP256K1', K1, undefined],
  ['API_KEY_CURVE_ED25519', ED, undefined],
  ['API_KEY_CURVE_P256', hex(seed(1)), 'must be a compressed P-256 public key (66 hex characters)'],
  ['API_KEY_CURVE_P256', `04${P256.slice(2)}`, 'must be a compressed P-256 public key (66 hex characters)'],
  // on the wrong curve: the right length, but no point of the curve
  ['API_KEY_CURVE_P256', `02${'f'.repeat(64)}`, 'must be a compressed P-256 public key (66 hex characters)'],
  ['API_KEY_CURVE_SECP256K1', ED, 'must be a compressed secp256k1 public key (66 hex characters)'],
  ['API_KEY_CURVE_ED25519', K1, 'must be an Ed25519 public key (64 hex characters)'],
])('%s %s: %s', (curve, key, problem) => {
  expect(apiPublicKeyProblem(curve, key)).toBe(problem);
});

test('a 32-byte value for P-256 or secp256k1 has a private key’s length; for Ed25519 both halves have it', () => {
  expect([
    hasPrivateKeyLength('API_KEY_CURVE_P256', hex(seed(1))),
    hasPrivateKeyLength('API_KEY_CURVE_SECP256K1', `0x${hex(seed(1))}`),
    hasPrivateKeyLength('API_KEY_CURVE_ED25519', hex(seed(1))),
    hasPrivateKeyLength('API_KEY_CURVE_P256', P256),
  ]).toEqual([true, true, false, false]);
});
