// The emulator's injectable clock and randomness (clock and randomness are injectable, so tests are
// deterministic). Every id, key and timestamp the emulator makes comes from here.
import { randomBytes } from 'node:crypto';

/** Milliseconds since the epoch. */
export type Clock = () => number;
/** `length` random bytes. */
export type RandomSource = (length: number) => Uint8Array;

export interface Env {
  now: Clock;
  randomBytes: RandomSource;
  /** A random version-4 UUID drawn from `randomBytes`. */
  uuid(): string;
}

/**
 * A small seedable PRNG (mulberry32). Not cryptographic: a seeded emulator makes predictable keys, which is
 * the point in tests and the reason the README says never to seed a shared instance.
 */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return (length) => {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i += 4) {
      const word = next();
      for (let j = 0; j < 4 && i + j < length; j++) out[i + j] = (word >>> (8 * j)) & 0xff;
    }
    return out;
  };
}

// The platform CSPRNG, drawn 4 KiB at a time: one call into OpenSSL per request (a uuid or two each) cost
// more than the rest of a small write's bookkeeping. Every caller gets its own copy of fresh bytes.
const RANDOM_POOL_BYTES = 4096;
let randomPool = Buffer.alloc(0);
let randomOffset = 0;

export const systemRandom: RandomSource = (length) => {
  if (length > RANDOM_POOL_BYTES) return new Uint8Array(randomBytes(length));
  if (randomOffset + length > randomPool.length) {
    randomPool = randomBytes(RANDOM_POOL_BYTES);
    randomOffset = 0;
  }
  const out = new Uint8Array(randomPool.subarray(randomOffset, randomOffset + length));
  randomOffset += length;
  return out;
};

export function makeEnv(now: Clock, random: RandomSource): Env {
  return {
    now,
    randomBytes: random,
    uuid() {
      const b = random(16);
      b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
      b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
      const h = Buffer.from(b).toString('hex');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
  };
}

/** A number in [0, 1) from the random source, for fault probabilities. */
export function randomUnit(random: RandomSource): number {
  const b = random(4);
  return (((b[0] ?? 0) | ((b[1] ?? 0) << 8) | ((b[2] ?? 0) << 16) | ((b[3] ?? 0) << 24)) >>> 0) / 2 ** 32;
}
