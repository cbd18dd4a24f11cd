// Fiat on-ramp secret encryption (docs/service-behaviour.md#fiat-on-ramp-credentials): bs58check( HPKE-seal(UTF-8 secret) to the service's
// on-ramp encryption key ), byte-compatible with @turnkey/crypto's encryptOnRampSecret. Output is
// randomised (fresh ephemeral key per call), so never diff ciphertexts; compare plaintext hashes.
import { InvalidRequestError } from '../errors';
import { REQUEST_STRING_LIMITS } from '../schemas/limits';
import { fromHex, toHex, utf8 } from './hex';
import type * as Base58CheckModule from './base58check';
import type * as HpkeModule from './hpke';
import { nobleP256 } from './noble';

// HPKE (@noble/ciphers, @noble/curves) and base58check load on the first on-ramp call: most processes
// that import the sdk never encrypt a secret.
/* eslint-disable @typescript-eslint/no-require-imports -- loaded on the first on-ramp call (see above), which an import cannot do synchronously */
const hpke = (): typeof HpkeModule => require('./hpke') as typeof HpkeModule;
const base58check = (): typeof Base58CheckModule => require('./base58check') as typeof Base58CheckModule;
/* eslint-enable @typescript-eslint/no-require-imports */

/** The production service's on-ramp credential encryption key (compressed P-256), docs/service-behaviour.md#fiat-on-ramp-credentials. */
export const PRODUCTION_ON_RAMP_ENCRYPTION_PUBLIC_KEY = '02336ebd7e929ef64b87c776b72540255b4c7b41579a24b1e68fb060daa873f9f6';

export interface OnRampEncryptionKeyPair {
  /** 64 hex chars (keep secret: it decrypts every credential encrypted to the public key). */
  privateKey: string;
  /** 66 hex chars, compressed. */
  publicKey: string;
}

export interface EncryptOnRampSecretOptions {
  /** Source of the 32-byte ephemeral scalar; defaults to the platform CSPRNG. For known-answer tests. */
  randomBytes?: (length: number) => Uint8Array;
}

function invalid(operation: string, path: string, message: string): InvalidRequestError {
  return InvalidRequestError.fromIssues(operation, [{ path, message }]);
}

function ephemeralScalar(options: EncryptOnRampSecretOptions): Uint8Array {
  if (options.randomBytes === undefined) return nobleP256().utils.randomPrivateKey();
  // Rejection sampling keeps the scalar in [1, n-1] whatever the source returns.
  for (let i = 0; i < 16; i++) {
    const candidate = options.randomBytes(32);
    if (candidate.length === 32 && nobleP256().utils.isValidPrivateKey(candidate)) return candidate;
  }
  throw invalid('encryptOnRampSecret', 'randomBytes', 'did not return a valid 32-byte P-256 scalar in 16 tries');
}

/**
 * Encrypts an on-ramp provider secret (e.g. Coinbase/MoonPay secret API key) for
 * `create_fiat_on_ramp_credential.encryptedSecretApiKey`. `encryptionPublicKeyHex` is the service's key:
 * {@link PRODUCTION_ON_RAMP_ENCRYPTION_PUBLIC_KEY} for the real service, the emulator's key otherwise.
 * Accepts a compressed (66 hex) or uncompressed (130 hex) P-256 public key.
 */
export function encryptOnRampSecret(plaintext: string, encryptionPublicKeyHex: string, options: EncryptOnRampSecretOptions = {}): string {
  if (typeof plaintext !== 'string') throw invalid('encryptOnRampSecret', 'plaintext', 'must be a string');
  const keyHex = typeof encryptionPublicKeyHex === 'string' ? encryptionPublicKeyHex.trim().toLowerCase() : '';
  const keyBytes = fromHex(keyHex);
  let receiver: Uint8Array;
  try {
    if (keyBytes === undefined || (keyBytes.length !== 33 && keyBytes.length !== 65)) throw new Error('length');
    receiver = nobleP256().Point.fromBytes(keyBytes).toBytes(false);
  } catch {
    throw invalid(
      'encryptOnRampSecret',
      'encryptionPublicKey',
      'must be a P-256 public key in hex (66 chars compressed or 130 chars uncompressed)',
    );
  }
  return base58check().base58CheckEncode(hpke().hpkeSeal(utf8(plaintext), receiver, ephemeralScalar(options)));
}

/** Decrypts what {@link encryptOnRampSecret} (or @turnkey/crypto's) produced. Used by the emulator. */
export function decryptOnRampSecret(ciphertext: string, encryptionPrivateKeyHex: string): string {
  const scalar = fromHex(typeof encryptionPrivateKeyHex === 'string' ? encryptionPrivateKeyHex.trim().toLowerCase() : '');
  if (scalar === undefined || scalar.length !== 32 || !nobleP256().utils.isValidPrivateKey(scalar)) {
    throw invalid('decryptOnRampSecret', 'encryptionPrivateKey', 'must be a 64-character hex P-256 private key');
  }
  // Decoding base58 takes time quadratic in the length: what no ciphertext can be is refused first.
  const limit = REQUEST_STRING_LIMITS.onRampCiphertext;
  if (typeof ciphertext === 'string' && ciphertext.trim().length > limit) {
    throw invalid('decryptOnRampSecret', 'ciphertext', `is longer than an on-ramp ciphertext may be (at most ${limit} characters)`);
  }
  const payload = typeof ciphertext === 'string' ? base58check().base58CheckDecode(ciphertext.trim()) : undefined;
  if (payload === undefined) throw invalid('decryptOnRampSecret', 'ciphertext', 'is not base58check-encoded');
  // 33-byte encapsulated key + 16-byte GCM tag at least.
  if (payload.length < 33 + 16) throw invalid('decryptOnRampSecret', 'ciphertext', 'is too short to be an HPKE ciphertext');
  let plain: Uint8Array;
  try {
    plain = hpke().hpkeOpen(payload, scalar);
  } catch {
    throw invalid('decryptOnRampSecret', 'ciphertext', 'could not be decrypted with this key');
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    throw invalid('decryptOnRampSecret', 'ciphertext', 'does not decrypt to UTF-8 text');
  }
}

/** A new on-ramp encryption key pair (the emulator publishes the public half). */
export function generateOnRampEncryptionKeyPair(): OnRampEncryptionKeyPair {
  const scalar = nobleP256().utils.randomPrivateKey();
  return { privateKey: toHex(scalar), publicKey: toHex(nobleP256().getPublicKey(scalar, true)) };
}
