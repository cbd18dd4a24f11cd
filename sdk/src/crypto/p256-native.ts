// ECDSA P-256 through node:crypto (OpenSSL's native P-256), with KeyObjects built once per key from the raw
// hex keys and cached. Undefined outside Node.js (or wherever node:crypto is missing), in which case the
// callers fall back to @noble/curves. Internal.
//
// OpenSSL's ECDSA signs with a random nonce and does not normalise S (like @turnkey/api-key-stamper's
// nodecrypto.js, which calls `crypto.sign` the same way); its DER output is the minimal encoding noble's
// `toDERHex()` produces, and its verify accepts high-S and low-S alike, as the service does.
import type * as NodeCrypto from 'node:crypto';
import { LruMap } from './lru';

function loadNodeCrypto(): typeof NodeCrypto | undefined {
  try {
    // A plain require: a bundle for another runtime may leave it out without failing at load time.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an import would fail at load time there
    const mod = require('node:crypto') as typeof NodeCrypto;
    return typeof mod.sign === 'function' && typeof mod.createPublicKey === 'function' ? mod : undefined;
  } catch {
    return undefined;
  }
}

const nodeCrypto = loadNodeCrypto();

// SubjectPublicKeyInfo prefix for a compressed P-256 point (RFC 5480): SEQUENCE { SEQUENCE { id-ecPublicKey,
// prime256v1 }, BIT STRING (33 bytes) }. OpenSSL decompresses the point and checks it lies on the curve.
const SPKI_COMPRESSED_P256_PREFIX = Buffer.from('3039301306072a8648ce3d020106082a8648ce3d030107032200', 'hex');
const KEY_CACHE_SIZE = 256;
const publicKeys = new LruMap<string, NodeCrypto.KeyObject | null>(KEY_CACHE_SIZE);
// The key of the previous call: a server usually sees one key many times in a row, and this skips the
// LRU's reordering for it.
let lastPublic: { hex: string; key: NodeCrypto.KeyObject | null } | undefined;

interface NativeP256 {
  /** A private KeyObject from the 32-byte scalar and the uncompressed public point (65 bytes, 0x04 prefix). */
  privateKey(scalar: Uint8Array, uncompressedPublic: Uint8Array): NodeCrypto.KeyObject;
  /** DER hex signature over SHA-256 of `message`. */
  sign(key: NodeCrypto.KeyObject, message: Uint8Array): string;
  /** The cached public KeyObject of a lowercase compressed public key hex; undefined when it is not one. */
  publicKey(compressedHex: string): NodeCrypto.KeyObject | undefined;
  /** Verifies a DER signature over SHA-256 of `message`; false for anything malformed. */
  verify(key: NodeCrypto.KeyObject, derSignature: Uint8Array, message: Uint8Array): boolean;
  /** The public point of a scalar in [1, n-1], compressed (33 bytes) and uncompressed (65 bytes). */
  publicPoints(scalar: Uint8Array): { compressed: Uint8Array; uncompressed: Uint8Array };
  /** A random scalar in [1, n-1]. */
  randomScalar(): Uint8Array;
}

/** The order n of the P-256 group (SEC 2, secp256r1). */
export const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');

function view(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function makeNative(c: typeof NodeCrypto): NativeP256 {
  return {
    privateKey(scalar, uncompressedPublic) {
      const jwk = {
        kty: 'EC',
        crv: 'P-256',
        d: b64url(scalar),
        x: b64url(uncompressedPublic.subarray(1, 33)),
        y: b64url(uncompressedPublic.subarray(33, 65)),
      };
      return c.createPrivateKey({ key: jwk, format: 'jwk' });
    },
    sign(key, message) {
      return c.sign('sha256', view(message), { key, dsaEncoding: 'der' }).toString('hex');
    },
    publicKey(compressedHex) {
      if (lastPublic !== undefined && lastPublic.hex === compressedHex) return lastPublic.key ?? undefined;
      const cached = publicKeys.get(compressedHex);
      if (cached !== undefined) {
        lastPublic = { hex: compressedHex, key: cached };
        return cached ?? undefined;
      }
      let key: NodeCrypto.KeyObject | null = null;
      if (compressedHex.length === 66 && /^0[23][0-9a-f]{64}$/.test(compressedHex)) {
        try {
          key = c.createPublicKey({
            key: Buffer.concat([SPKI_COMPRESSED_P256_PREFIX, Buffer.from(compressedHex, 'hex')]),
            format: 'der',
            type: 'spki',
          });
        } catch {
          key = null; // not on the curve
        }
      }
      publicKeys.set(compressedHex, key);
      lastPublic = { hex: compressedHex, key };
      return key ?? undefined;
    },
    verify(key, derSignature, message) {
      try {
        return c.verify('sha256', view(message), { key, dsaEncoding: 'der' }, view(derSignature));
      } catch {
        return false;
      }
    },
    publicPoints(scalar) {
      const ecdh = c.createECDH('prime256v1');
      ecdh.setPrivateKey(view(scalar));
      return {
        compressed: new Uint8Array(ecdh.getPublicKey(null, 'compressed')),
        uncompressed: new Uint8Array(ecdh.getPublicKey(null, 'uncompressed')),
      };
    },
    randomScalar() {
      for (;;) {
        const candidate = new Uint8Array(c.randomBytes(32));
        const d = BigInt(`0x${Buffer.from(candidate).toString('hex')}`);
        if (d > 0n && d < P256_ORDER) return candidate;
      }
    },
  };
}

/** node:crypto's P-256, or undefined where the runtime has none. */
export const nativeP256: NativeP256 | undefined = nodeCrypto === undefined ? undefined : makeNative(nodeCrypto);

/**
 * Which P-256 implementation signs: `node` is node:crypto (OpenSSL, random nonce), `purejs` is
 * @noble/curves (RFC 6979, deterministic). The names are @turnkey/api-key-stamper's `runtimeOverride`.
 */
export type SigningRuntime = 'node' | 'purejs';

/** node:crypto where the runtime has it, @noble/curves elsewhere. */
export const DEFAULT_SIGNING_RUNTIME: SigningRuntime = nativeP256 === undefined ? 'purejs' : 'node';
