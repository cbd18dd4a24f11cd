// What an API key's public key must look like for its curve (docs/service-behaviour.md#api-keys): P-256 and
// secp256k1 as a 33-byte compressed point, Ed25519 as its 32 bytes, all in hex, and a point of the curve.
// The provider's `check` and the emulator both apply it. A problem never quotes the value: someone who pastes
// a private key where the public key belongs must not find it in a preview's output (see hasPrivateKeyLength).
import type * as Ed25519 from '@noble/curves/ed25519';
import type * as P256 from '@noble/curves/p256';
import type * as Secp256k1 from '@noble/curves/secp256k1';

type Curve = 'API_KEY_CURVE_P256' | 'API_KEY_CURVE_SECP256K1' | 'API_KEY_CURVE_ED25519';

/** The problem with `publicKey` for `curve` (`must be a compressed P-256 public key (66 hex characters)`), or undefined. */
export function apiPublicKeyProblem(curve: string, publicKey: string): string | undefined {
  const hex = publicKey.trim().toLowerCase();
  const c: Curve = curve === 'API_KEY_CURVE_SECP256K1' || curve === 'API_KEY_CURVE_ED25519' ? curve : 'API_KEY_CURVE_P256';
  const expected =
    c === 'API_KEY_CURVE_ED25519'
      ? 'must be an Ed25519 public key (64 hex characters)'
      : `must be a compressed ${c === 'API_KEY_CURVE_P256' ? 'P-256' : 'secp256k1'} public key (66 hex characters)`;
  const shape = c === 'API_KEY_CURVE_ED25519' ? /^[0-9a-f]{64}$/ : /^0[23][0-9a-f]{64}$/;
  if (!shape.test(hex) || !onCurve(c, hex)) return expected;
  return undefined;
}

/** Whether `hex` is a point of the curve; the curves load on the first key checked, not with the rules. */
function onCurve(curve: Curve, hex: string): boolean {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded on the first key checked (see above) */
  try {
    if (curve === 'API_KEY_CURVE_ED25519') {
      (require('@noble/curves/ed25519') as typeof Ed25519).ed25519.Point.fromHex(hex).assertValidity();
    } else if (curve === 'API_KEY_CURVE_SECP256K1') {
      (require('@noble/curves/secp256k1') as typeof Secp256k1).secp256k1.Point.fromHex(hex).assertValidity();
    } else {
      (require('@noble/curves/p256') as typeof P256).p256.Point.fromHex(hex).assertValidity();
    }
    return true;
  } catch {
    return false;
  }
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/** A P-256 or secp256k1 "public key" of 32 bytes is the length of a private key (Ed25519 keys have 32 bytes either way). */
export function hasPrivateKeyLength(curve: string, publicKey: string): boolean {
  return curve !== 'API_KEY_CURVE_ED25519' && /^(0x)?[0-9a-fA-F]{64}$/.test(publicKey.trim());
}
