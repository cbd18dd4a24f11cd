// Base58Check (Bitcoin alphabet, 4-byte double-SHA-256 checksum), the outer encoding of on-ramp secrets
// (docs/service-behaviour.md#fiat-on-ramp-credentials, @turnkey/encoding bs58check). Internal helper.
import { sha256 } from '@noble/hashes/sha256';
import { concatBytes } from './hex';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const INDEX = new Map([...ALPHABET].map((c, i) => [c, BigInt(i)]));

function checksum(payload: Uint8Array): Uint8Array {
  return sha256(sha256(payload)).subarray(0, 4);
}

export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  return '1'.repeat(zeros) + out;
}

/** Bytes of a base58 string, or undefined when it contains a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | undefined {
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros++;
  let n = 0n;
  for (const c of text) {
    const digit = INDEX.get(c);
    if (digit === undefined) return undefined;
    n = n * 58n + digit;
  }
  const tail: number[] = [];
  while (n > 0n) {
    tail.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...tail]);
}

export function base58CheckEncode(payload: Uint8Array): string {
  return base58Encode(concatBytes(payload, checksum(payload)));
}

/** The payload of a base58check string, or undefined when it is not base58 or the checksum is wrong. */
export function base58CheckDecode(text: string): Uint8Array | undefined {
  const bytes = base58Decode(text);
  if (bytes === undefined || bytes.length < 4) return undefined;
  const payload = bytes.subarray(0, bytes.length - 4);
  const expected = checksum(payload);
  const actual = bytes.subarray(bytes.length - 4);
  return expected.every((b, i) => b === actual[i]) ? payload : undefined;
}
