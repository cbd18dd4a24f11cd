// API-key pairs for the P-256 stamp scheme (docs/service-behaviour.md#request-stamps): private key = hex
// of the 32-byte scalar, public key = hex of the 33-byte compressed SEC1 point. Validation messages never
// contain the private key.
import type { KeyObject } from 'node:crypto';
import { ConfigurationError, InvalidApiKeyError } from '../errors';
import { bytesToBigInt, fromHex, toHex } from './hex';
import { nobleP256, sha256 } from './noble';
import { DEFAULT_SIGNING_RUNTIME, nativeP256, P256_ORDER, type SigningRuntime } from './p256-native';

export type { SigningRuntime };

export interface ApiKeyPairInput {
  publicKey: string;
  privateKey: string;
}

/** Hex strings of a freshly generated key pair (lowercase, private 64 chars, public 66 chars). */
export interface GeneratedApiKeyPair {
  publicKey: string;
  privateKey: string;
}

/**
 * A validated P-256 API key. The private scalar lives in an ES private field, so it never shows up in
 * `JSON.stringify`, `util.inspect` or error output.
 */
export class ApiKeyPair {
  /** Lowercase compressed public key hex (66 chars). */
  readonly publicKey: string;
  readonly #scalar: Uint8Array;
  /** The uncompressed public point (65 bytes), when validation computed it (node:crypto). */
  readonly #uncompressed: Uint8Array | undefined;
  /** node:crypto's key object, built on first native signature and kept for the pair's lifetime. */
  #nativeKey: KeyObject | undefined;

  private constructor(publicKey: string, scalar: Uint8Array, uncompressed: Uint8Array | undefined) {
    this.publicKey = publicKey;
    this.#scalar = scalar;
    this.#uncompressed = uncompressed;
  }

  /** Same as {@link loadApiKeyPair}. */
  static load(input: ApiKeyPairInput): ApiKeyPair {
    const { publicKey, scalar, uncompressed } = validateApiKeyPair(input);
    return new ApiKeyPair(publicKey, scalar, uncompressed);
  }

  /**
   * ECDSA P-256 signature of a 32-byte SHA-256 digest, DER hex. Deterministic (RFC 6979) and not
   * low-S normalised, exactly as @turnkey/api-key-stamper's pure-JS path signs (its dist/purejs.js).
   */
  signDigest(digest: Uint8Array): string {
    return nobleP256().sign(digest, this.#scalar, { lowS: false, prehash: false }).toDERHex();
  }

  /**
   * ECDSA P-256 signature over SHA-256 of `message`, DER hex, S not normalised (neither SDK path of
   * @turnkey/api-key-stamper normalises it). `node` signs with a cached node:crypto KeyObject and a random
   * nonce; `purejs` is {@link signDigest}. Throws when `node` is asked for where node:crypto is missing.
   */
  sign(message: Uint8Array, runtime: SigningRuntime = DEFAULT_SIGNING_RUNTIME): string {
    if (runtime === 'purejs') return this.signDigest(sha256(message));
    if (nativeP256 === undefined)
      throw new ConfigurationError('runtimeOverride: "node" needs node:crypto, which this runtime lacks; use "purejs"');
    this.#nativeKey ??= nativeP256.privateKey(this.#scalar, this.#uncompressed ?? nativeP256.publicPoints(this.#scalar).uncompressed);
    return nativeP256.sign(this.#nativeKey, message);
  }

  toJSON(): { publicKey: string } {
    return { publicKey: this.publicKey };
  }
}

function fail(message: string): never {
  throw new InvalidApiKeyError(`invalid API key: ${message}`);
}

/** Trims, lowercases and checks a hex field; returns its bytes. */
function readHexField(input: unknown, field: 'publicKey' | 'privateKey', expectedChars: number, what: string): Uint8Array {
  if (input === undefined || input === null || input === '') fail(`${field} is required`);
  if (typeof input !== 'string') fail(`${field} must be a hex string, got ${typeof input}`);
  const hex = input.trim().toLowerCase();
  const bytes = fromHex(hex);
  if (bytes === undefined) fail(`${field} must contain only hex characters (0-9, a-f)`);
  if (hex.length !== expectedChars) {
    fail(`${field} must be ${expectedChars} hex characters (${what}), got ${hex.length}`);
  }
  return bytes;
}

/** The compressed and uncompressed public points of a valid scalar (node:crypto, or noble elsewhere). */
function publicPointsOf(scalar: Uint8Array): { compressed: Uint8Array; uncompressed: Uint8Array | undefined } {
  if (nativeP256 !== undefined) return nativeP256.publicPoints(scalar);
  return { compressed: nobleP256().getPublicKey(scalar, true), uncompressed: undefined };
}

/** True when 33 bytes (02/03 prefix checked by the caller) are a point on P-256. */
function isOnCurve(publicBytes: Uint8Array): boolean {
  if (nativeP256 !== undefined) return nativeP256.publicKey(toHex(publicBytes)) !== undefined;
  try {
    nobleP256().Point.fromBytes(publicBytes).assertValidity();
    return true;
  } catch {
    return false;
  }
}

function validateApiKeyPair(input: ApiKeyPairInput): { publicKey: string; scalar: Uint8Array; uncompressed: Uint8Array | undefined } {
  if (typeof input !== 'object' || input === null) fail('expected an object with publicKey and privateKey');
  const rawPublic = (input as { publicKey?: unknown }).publicKey;
  if (typeof rawPublic === 'string' && rawPublic.trim().length === 64 && /^[0-9a-fA-F]+$/.test(rawPublic.trim())) {
    // A 64-char "public key" is almost always the private scalar pasted into the wrong field.
    fail('publicKey has 64 hex characters, which is the length of a private key; did you swap publicKey and privateKey?');
  }
  const publicBytes = readHexField(rawPublic, 'publicKey', 66, 'a compressed P-256 point');
  if (publicBytes[0] !== 0x02 && publicBytes[0] !== 0x03) {
    fail('publicKey must start with 02 or 03 (a compressed P-256 point)');
  }
  if (!isOnCurve(publicBytes)) fail('publicKey is not a point on the P-256 curve');
  // its own copy, not a view into a shared Buffer pool slab
  const scalar = new Uint8Array(readHexField((input as { privateKey?: unknown }).privateKey, 'privateKey', 64, 'a 32-byte P-256 scalar'));
  const d = bytesToBigInt(scalar);
  if (d <= 0n || d >= P256_ORDER) fail('privateKey is not a valid P-256 scalar (it must be between 1 and the curve order minus 1)');
  const publicKey = toHex(publicBytes);
  const points = publicPointsOf(scalar);
  const derived = toHex(points.compressed);
  if (derived !== publicKey) {
    fail(`publicKey ${publicKey} does not belong to privateKey (the private key derives ${derived})`);
  }
  return { publicKey, scalar, uncompressed: points.uncompressed };
}

/**
 * Validates and loads an API key pair: both hex (case and surrounding whitespace are normalised), the
 * private scalar in [1, n-1], the public key a compressed point on P-256 derived from the private key.
 * Throws {@link InvalidApiKeyError} naming the field at fault.
 */
export function loadApiKeyPair(input: ApiKeyPairInput): ApiKeyPair {
  return ApiKeyPair.load(input);
}

/** A new random P-256 API key pair, as hex (use it with `create_api_keys` or the dashboard). */
export function generateApiKeyPair(): GeneratedApiKeyPair {
  const scalar = nativeP256 === undefined ? nobleP256().utils.randomPrivateKey() : nativeP256.randomScalar();
  return { privateKey: toHex(scalar), publicKey: toHex(publicPointsOf(scalar).compressed) };
}
