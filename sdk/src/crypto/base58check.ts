// Base58Check (Bitcoin alphabet, 4-byte double-SHA-256 checksum), the outer encoding of on-ramp secrets
// (docs/service-behaviour.md#fiat-on-ramp-credentials, @turnkey/encoding's bs58check). The codec is @scure/base's;
// this file only turns its throws into `undefined` for the callers that report a bad ciphertext. Internal helper.
import { sha256 } from '@noble/hashes/sha256';
import { base58, createBase58check } from '@scure/base';

const base58check = createBase58check(sha256);

export function base58Encode(bytes: Uint8Array): string {
  return base58.encode(bytes);
}

/** Bytes of a base58 string, or undefined when it contains a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | undefined {
  try {
    return base58.decode(text);
  } catch {
    return undefined;
  }
}

export function base58CheckEncode(payload: Uint8Array): string {
  return base58check.encode(payload);
}

/** The payload of a base58check string, or undefined when it is not base58 or the checksum is wrong. */
export function base58CheckDecode(text: string): Uint8Array | undefined {
  try {
    return base58check.decode(text);
  } catch {
    return undefined;
  }
}
