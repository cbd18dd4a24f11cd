// HPKE base mode, DHKEM(P-256, HKDF-SHA256) + HKDF-SHA256 + AES-256-GCM (RFC 9180), in the exact variant
// @turnkey/crypto uses (`hpkeEncrypt`/`hpkeDecrypt` in dist/crypto.js): `info` is "turnkey_hpke" (baked
// into its AES_KEY_INFO/IV_INFO constants), and the AEAD's additional data is the uncompressed encapsulated
// key followed by the uncompressed receiver key. Internal.
import { p256 } from '@noble/curves/p256';
import { gcm } from '@noble/ciphers/aes';
import { extract, expand } from '@noble/hashes/hkdf';
import { sha256 } from '@noble/hashes/sha256';
import { concatBytes, utf8 } from './hex';

const VERSION = utf8('HPKE-v1');
const KEM_SUITE = concatBytes(utf8('KEM'), Uint8Array.of(0x00, 0x10)); // DHKEM(P-256, HKDF-SHA256)
const HPKE_SUITE = concatBytes(utf8('HPKE'), Uint8Array.of(0x00, 0x10, 0x00, 0x01, 0x00, 0x02)); // + HKDF-SHA256, AES-256-GCM
const EMPTY = new Uint8Array(0);
const MODE_BASE = Uint8Array.of(0x00);
const INFO = utf8('turnkey_hpke');

function labeledExtract(suite: Uint8Array, salt: Uint8Array, label: string, ikm: Uint8Array): Uint8Array {
  return extract(sha256, concatBytes(VERSION, suite, utf8(label), ikm), salt);
}

function labeledExpand(suite: Uint8Array, prk: Uint8Array, label: string, info: Uint8Array, length: number): Uint8Array {
  const lengthPrefix = Uint8Array.of(length >> 8, length & 0xff);
  return expand(sha256, prk, concatBytes(lengthPrefix, VERSION, suite, utf8(label), info), length);
}

// RFC 9180 §5.1 key schedule context for mode_base with an empty psk_id.
const KEY_SCHEDULE_CONTEXT = concatBytes(
  MODE_BASE,
  labeledExtract(HPKE_SUITE, EMPTY, 'psk_id_hash', EMPTY),
  labeledExtract(HPKE_SUITE, EMPTY, 'info_hash', INFO),
);

/** AES key and nonce from the ECDH x-coordinate and the two uncompressed public keys. */
function keySchedule(dh: Uint8Array, encapsulated: Uint8Array, receiver: Uint8Array): { key: Uint8Array; nonce: Uint8Array } {
  const eaePrk = labeledExtract(KEM_SUITE, EMPTY, 'eae_prk', dh);
  const sharedSecret = labeledExpand(KEM_SUITE, eaePrk, 'shared_secret', concatBytes(encapsulated, receiver), 32);
  const secret = labeledExtract(HPKE_SUITE, sharedSecret, 'secret', EMPTY);
  return {
    key: labeledExpand(HPKE_SUITE, secret, 'key', KEY_SCHEDULE_CONTEXT, 32),
    nonce: labeledExpand(HPKE_SUITE, secret, 'base_nonce', KEY_SCHEDULE_CONTEXT, 12),
  };
}

/**
 * Encrypts to a receiver's uncompressed public key with the given ephemeral scalar.
 * Returns the compressed encapsulated key (33 bytes) followed by ciphertext||tag, as @turnkey/crypto does.
 */
export function hpkeSeal(plaintext: Uint8Array, receiverUncompressed: Uint8Array, ephemeralScalar: Uint8Array): Uint8Array {
  const encapsulated = p256.getPublicKey(ephemeralScalar, false);
  const dh = p256.getSharedSecret(ephemeralScalar, receiverUncompressed, true).subarray(1);
  const { key, nonce } = keySchedule(dh, encapsulated, receiverUncompressed);
  const sealed = gcm(key, nonce, concatBytes(encapsulated, receiverUncompressed)).encrypt(plaintext);
  return concatBytes(p256.getPublicKey(ephemeralScalar, true), sealed);
}

/** Inverse of {@link hpkeSeal}. Throws (noble's errors) when the key or tag is wrong; callers wrap it. */
export function hpkeOpen(payload: Uint8Array, receiverScalar: Uint8Array): Uint8Array {
  const encapsulated = p256.Point.fromBytes(payload.subarray(0, 33)).toBytes(false);
  const receiver = p256.getPublicKey(receiverScalar, false);
  const dh = p256.getSharedSecret(receiverScalar, encapsulated, true).subarray(1);
  const { key, nonce } = keySchedule(dh, encapsulated, receiver);
  return gcm(key, nonce, concatBytes(encapsulated, receiver)).decrypt(payload.subarray(33));
}
