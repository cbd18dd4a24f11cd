// Key material the emulator makes for itself: API keys for the bootstrap user, wallet-account addresses,
// and key pairs it publishes (webhook signing, on-ramp encryption). All drawn from the injected randomness.
import { p256 } from '@noble/curves/p256';
import { secp256k1 } from '@noble/curves/secp256k1';
import { ed25519 } from '@noble/curves/ed25519';
import { keccak_256 } from '@noble/hashes/sha3';
import type { RandomSource } from '../env';
import { base58 } from '@scure/base';

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

/** A valid scalar for a Weierstrass curve, by rejection sampling. */
function scalar(random: RandomSource, isValid: (k: Uint8Array) => boolean): Uint8Array {
  for (;;) {
    const k = random(32);
    if (isValid(k)) return k;
  }
}

/** A P-256 key pair as the service encodes API keys: private = 64 hex, public = 66 hex compressed (docs/service-behaviour.md#request-stamps). */
export function generateP256KeyPair(random: RandomSource): { publicKey: string; privateKey: string } {
  const k = scalar(random, (c) => p256.utils.isValidPrivateKey(c));
  return { privateKey: hex(k), publicKey: hex(p256.getPublicKey(k, true)) };
}

/** An Ed25519 key pair (webhook signing key, docs/service-behaviour.md#webhook-deliveries): 32-byte seed and public key, hex. */
export function generateEd25519KeyPair(random: RandomSource): { publicKey: string; privateKey: string } {
  const seed = random(32);
  return { privateKey: hex(seed), publicKey: hex(ed25519.getPublicKey(seed)) };
}

/** EIP-55 mixed-case checksum of a 20-byte address. */
export function toChecksumAddress(addressHex: string): string {
  const lower = addressHex.toLowerCase().replace(/^0x/, '');
  const hash = hex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const ch = lower[i] as string;
    out += parseInt(hash[i] as string, 16) >= 8 ? ch.toUpperCase() : ch;
  }
  return out;
}

/** The address formats the emulator can derive, and how (a fresh random key per account). */
const DERIVERS: Record<string, (random: RandomSource) => { address: string; publicKey: string }> = {
  ADDRESS_FORMAT_ETHEREUM: (random) => {
    const k = scalar(random, (c) => secp256k1.utils.isValidPrivateKey(c));
    const uncompressed = secp256k1.getPublicKey(k, false);
    const address = toChecksumAddress(hex(keccak_256(uncompressed.slice(1)).slice(12)));
    return { address, publicKey: hex(secp256k1.getPublicKey(k, true)) };
  },
  ADDRESS_FORMAT_SOLANA: (random) => {
    const pub = ed25519.getPublicKey(random(32));
    return { address: base58.encode(pub), publicKey: hex(pub) };
  },
  ADDRESS_FORMAT_COMPRESSED: (random) => {
    const k = scalar(random, (c) => secp256k1.utils.isValidPrivateKey(c));
    const pub = hex(secp256k1.getPublicKey(k, true));
    return { address: pub, publicKey: pub };
  },
  ADDRESS_FORMAT_UNCOMPRESSED: (random) => {
    const k = scalar(random, (c) => secp256k1.utils.isValidPrivateKey(c));
    const pub = hex(secp256k1.getPublicKey(k, false));
    return { address: pub, publicKey: pub };
  },
};

export const SUPPORTED_ADDRESS_FORMATS: readonly string[] = Object.keys(DERIVERS);

/** A new address in `addressFormat`, or undefined when the emulator cannot derive that format. */
export function deriveAddress(addressFormat: string, random: RandomSource): { address: string; publicKey: string } | undefined {
  return DERIVERS[addressFormat]?.(random);
}
