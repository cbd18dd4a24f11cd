// ECDSA P-256 verification with caches of loaded public keys (the emulator verifies every request's stamp,
// usually with a handful of keys): node:crypto where it exists, @noble/curves (decompressed, precomputed
// points) elsewhere. Low-S is NOT required: the service's SDKs can produce high-S signatures (@noble/curves
// p256 is configured `lowS: false`, and node:crypto's `sign` does not normalise S).
import type { p256 as NobleP256 } from '@noble/curves/p256';
import { LruMap } from './lru';
import { nobleP256, sha256 } from './noble';
import { bytesToBigInt, fromHex } from './hex';
import { DEFAULT_SIGNING_RUNTIME, nativeP256, type SigningRuntime } from './p256-native';

type Point = InstanceType<typeof NobleP256.Point>;

// A 4-bit window costs ~8 points per 4 bits of scalar (a few tens of KB per key) and roughly halves
// verification time after the first use; 256 keys bound the cache to a few MB.
const PRECOMPUTE_WINDOW = 4;
const KEY_CACHE_SIZE = 256;
const keyCache = new LruMap<string, Point>(KEY_CACHE_SIZE);

/** The point for a lowercase compressed public key hex, or undefined when it is not one. */
export function loadCompressedP256Point(publicKeyHex: string): Point | undefined {
  const cached = keyCache.get(publicKeyHex);
  if (cached !== undefined) return cached;
  if (publicKeyHex.length !== 66) return undefined;
  const bytes = fromHex(publicKeyHex);
  if (bytes === undefined || (bytes[0] !== 0x02 && bytes[0] !== 0x03)) return undefined;
  let point: Point;
  try {
    point = nobleP256().Point.fromBytes(bytes);
    point.assertValidity();
  } catch {
    return undefined;
  }
  point.precompute(PRECOMPUTE_WINDOW, false);
  keyCache.set(publicKeyHex, point);
  return point;
}

export type P256VerifyOutcome = 'ok' | 'invalid_public_key' | 'invalid_signature';

/** SEC1 4.1.4 verification of a DER signature over a 32-byte digest. */
export function verifyP256Digest(publicKeyHex: string, derSignatureHex: string, digest: Uint8Array): P256VerifyOutcome {
  const P = loadCompressedP256Point(publicKeyHex);
  if (P === undefined) return 'invalid_public_key';
  const der = fromHex(derSignatureHex);
  if (der === undefined) return 'invalid_signature';
  const p256 = nobleP256();
  const Fn = p256.Point.Fn;
  let r: bigint;
  let s: bigint;
  try {
    ({ r, s } = p256.Signature.fromBytes(der, 'der'));
  } catch {
    return 'invalid_signature';
  }
  if (!Fn.isValidNot0(r) || !Fn.isValidNot0(s)) return 'invalid_signature';
  const h = Fn.create(bytesToBigInt(digest));
  const sInv = Fn.inv(s);
  const R = p256.Point.BASE.multiplyUnsafe(Fn.create(h * sInv)).add(P.multiplyUnsafe(Fn.create(r * sInv)));
  if (R.is0()) return 'invalid_signature';
  return Fn.create(R.toAffine().x) === r ? 'ok' : 'invalid_signature';
}

/**
 * Verifies a DER signature over SHA-256 of `message` with a compressed public key (both lowercase hex).
 * `runtime` picks node:crypto (`node`, the default where it exists) or @noble/curves (`purejs`).
 */
export function verifyP256(
  publicKeyHex: string,
  derSignatureHex: string,
  message: Uint8Array,
  runtime: SigningRuntime = DEFAULT_SIGNING_RUNTIME,
): P256VerifyOutcome {
  if (runtime === 'purejs' || nativeP256 === undefined) return verifyP256Digest(publicKeyHex, derSignatureHex, sha256(message));
  const key = nativeP256.publicKey(publicKeyHex);
  if (key === undefined) return 'invalid_public_key';
  const der = fromHex(derSignatureHex);
  if (der === undefined) return 'invalid_signature';
  return nativeP256.verify(key, der, message) ? 'ok' : 'invalid_signature';
}
