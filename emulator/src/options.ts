// The one options object of `startEmulator`: a strict zod schema, so each option's type, default and check
// are declared once and an unknown key lists the known ones. The CLI maps its flags onto the same object.
import { ConfigurationError } from '@walletinfra/sdk';
import { got } from '@walletinfra/sdk/options';
import { z } from 'zod';
import type { Clock, RandomSource } from './env';
import { parseFaultConfig, type FaultConfig, type FaultRule } from './faults';
import type { SeedInput } from './seed/schema';
import { callable, flag, intAtLeast, intFrom, nonEmpty, oneOf, parseWith } from './validation';
import { DELIVERY_MODES } from './webhooks/delivery-scope';

/** An options object `startEmulator` refuses, or a data dir made with another `rootApiKey`. */
export class EmulatorOptionsError extends ConfigurationError {}

const PREFIX = 'invalid emulator options: ';

const SEED_FIX = 'must be a seed file path or a seed object';
const port = intFrom(0, 65535);
const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const DeliveryRetrySchema = z.strictObject({
  /** attempts in all, the first included (default 5) */
  maxAttempts: intAtLeast(1).default(5),
  /** first backoff in ms, doubled after each failed attempt (default 1000) */
  baseDelayMs: intAtLeast(1, 'milliseconds').default(1000),
  /** largest backoff in ms (default 60000) */
  maxDelayMs: intAtLeast(1, 'milliseconds').default(60_000),
});

/** The root user's API key pair. The private key is never shown in a message. */
export const RootApiKeySchema = z.strictObject({
  publicKey: z.string({ error: got('must be a hex string (a compressed P-256 public key)') }),
  privateKey: z.string({
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be a hex string (a P-256 private key; the value is not shown)'),
  }),
});

export const EmulatorOptionsSchema = z.strictObject({
  /** main API port; 0 = any free port (default 0) */
  port: port.default(0),
  /** auth proxy port; 0 = any free port (default 0) */
  authProxyPort: port.default(0),
  /** interface to listen on (default 127.0.0.1) */
  host: nonEmpty.default('127.0.0.1'),
  /** directory for `emulator.db` (SQLite, WAL) and `credentials.json`; omitted = in-memory, nothing written */
  dataDir: nonEmpty.optional(),
  /** where to write `credentials.json` (mode 0600); default `<dataDir>/credentials.json`, none without a data dir */
  credentialsFile: nonEmpty.optional(),
  /** seed applied when the organization is new: a path to a JSON file or the seed object itself (README "Seed format") */
  seed: z.union([nonEmpty, z.custom<SeedInput>(isObject, { error: got(SEED_FIX) })], { error: got(SEED_FIX) }).optional(),
  /** fault rules (or `{seed, rules}`) active from the start (README "Fault injection"); checked by parseFaultConfig */
  faults: z.custom<FaultConfig | FaultRule[]>().optional(),
  /** accept `http://` and loopback webhook URLs (local development and tests); default false */
  allowLoopbackWebhooks: flag.default(false),
  /** injectable clock, milliseconds since the epoch (default Date.now) */
  clock: callable<Clock>().default(() => Date.now),
  /** injectable randomness for ids and keys (default the platform CSPRNG) */
  random: callable<RandomSource>().optional(),
  /** injectable wait, used for a fault's `delayMs` (default a timer) */
  sleep: callable<(ms: number) => Promise<void>>().default(() => defaultSleep),
  /** seed a deterministic PRNG for ids and keys instead of `random` (tests only: keys become predictable) */
  randomSeed: z.int({ error: got('must be an integer') }).optional(),
  /** allowed |server time - timestampMs| for writes, in ms (default 300000 = 5 minutes) */
  livenessWindowMs: intAtLeast(1, 'milliseconds').default(300_000),
  /** largest accepted request body in bytes (default 1048576 = 1 MiB) */
  maxBodyBytes: intAtLeast(1, 'bytes').default(1024 * 1024),
  /**
   * webhook deliveries: 'loopback-only' (default) delivers in the background to loopback destinations only;
   * 'auto' delivers in the background to any destination; 'manual' waits for `deliveries.drain()` and, like
   * 'loopback-only', never sends beyond loopback. A delivery a mode will not send fails at once, with the reason.
   */
  deliveryMode: oneOf(DELIVERY_MODES).default('loopback-only'),
  /** webhook retry schedule: attempts in all, first backoff and cap (defaults 5, 1000 ms, 60000 ms) */
  deliveryRetry: DeliveryRetrySchema.prefault({}),
  /** fetch used for webhook deliveries (default the global fetch) */
  fetch: callable<typeof fetch>().default(() => globalThis.fetch),
  /** use this P-256 key (hex) for the bootstrap root user instead of generating one */
  rootApiKey: RootApiKeySchema.optional(),
  /** one line per request and event; default silent (nothing is formatted for it then) */
  log: callable<(line: string) => void>().optional(),
});

export type EmulatorOptions = z.input<typeof EmulatorOptionsSchema>;

export type ResolvedOptions = Omit<z.output<typeof EmulatorOptionsSchema>, 'faults'> & {
  /** the fault rules, parsed */
  faults: FaultConfig | undefined;
};

/** Fills the defaults and checks every option; throws EmulatorOptionsError naming the option. */
export function resolveOptions(input: EmulatorOptions = {}): ResolvedOptions {
  const options = parseWith(EmulatorOptionsSchema, input, { prefix: PREFIX }, EmulatorOptionsError);
  return { ...options, faults: options.faults === undefined ? undefined : parseFaults(options.faults) };
}

/** Fault rules given as an option (or later through `faults.set`), refused as EmulatorOptionsError. */
export function parseFaults(input: unknown): FaultConfig {
  try {
    return parseFaultConfig(input, 'faults', PREFIX);
  } catch (e) {
    if (e instanceof ConfigurationError) throw new EmulatorOptionsError(e.message);
    throw e;
  }
}
