// The one options object of `startEmulator` (one strict, documented options object; unknown keys are
// an error that lists the known ones). The CLI maps its flags onto the same object.
import type { Clock, RandomSource } from './env';
import type { FaultConfig, FaultRule } from './faults';
import type { SeedInput } from './seed/schema';

export interface EmulatorOptions {
  /** main API port; 0 = any free port (default 0) */
  port?: number;
  /** auth proxy port; 0 = any free port (default 0) */
  authProxyPort?: number;
  /** interface to listen on (default 127.0.0.1) */
  host?: string;
  /** directory for `emulator.db` (SQLite, WAL) and `credentials.json`; omitted = in-memory, nothing written */
  dataDir?: string;
  /** where to write `credentials.json` (mode 0600); default `<dataDir>/credentials.json`, none without a data dir */
  credentialsFile?: string;
  /** seed applied when the organization is new: a path to a JSON file or the seed object itself */
  seed?: string | SeedInput;
  /** fault rules (or `{seed, rules}`) active from the start */
  faults?: FaultConfig | FaultRule[];
  /** accept `http://` and loopback webhook URLs (local development and tests); default false */
  allowLoopbackWebhooks?: boolean;
  /** injectable clock, milliseconds since the epoch (default Date.now) */
  clock?: Clock;
  /** injectable randomness for ids and keys (default the platform CSPRNG) */
  random?: RandomSource;
  /** injectable wait, used for a fault's `delayMs` (default a timer) */
  sleep?: (ms: number) => Promise<void>;
  /** seed a deterministic PRNG for ids and keys instead of `random` (tests only: keys become predictable) */
  randomSeed?: number;
  /** allowed |server time - timestampMs| for writes, in ms (default 300000 = 5 minutes) */
  livenessWindowMs?: number;
  /** largest accepted request body in bytes (default 1048576 = 1 MiB) */
  maxBodyBytes?: number;
  /**
   * webhook deliveries: 'loopback-only' (default) delivers in the background to loopback destinations only;
   * 'auto' delivers in the background to any destination; 'manual' waits for `deliveries.drain()` and, like
   * 'loopback-only', never sends beyond loopback. A delivery a mode will not send fails at once, with the reason.
   */
  deliveryMode?: 'auto' | 'loopback-only' | 'manual';
  /** webhook retry schedule: attempts in all, first backoff and cap (defaults 5, 1000 ms, 60000 ms) */
  deliveryRetry?: { maxAttempts?: number; baseDelayMs?: number; maxDelayMs?: number };
  /** fetch used for webhook deliveries (default the global fetch) */
  fetch?: typeof fetch;
  /** use this P-256 key (hex) for the bootstrap root user instead of generating one */
  rootApiKey?: { publicKey: string; privateKey: string };
  /** one line per request and event; default silent */
  log?: (line: string) => void;
}

export interface ResolvedOptions {
  port: number;
  authProxyPort: number;
  host: string;
  dataDir: string | undefined;
  credentialsFile: string | undefined;
  seed: string | SeedInput | undefined;
  faults: FaultConfig | FaultRule[] | undefined;
  allowLoopbackWebhooks: boolean;
  clock: Clock;
  random: RandomSource | undefined;
  sleep: (ms: number) => Promise<void>;
  randomSeed: number | undefined;
  livenessWindowMs: number;
  maxBodyBytes: number;
  deliveryMode: 'auto' | 'loopback-only' | 'manual';
  deliveryRetry: { maxAttempts: number; baseDelayMs: number; maxDelayMs: number };
  fetch: typeof fetch;
  rootApiKey: { publicKey: string; privateKey: string } | undefined;
  /** undefined when no log was given: nothing is formatted for it then */
  log: ((line: string) => void) | undefined;
}

const KNOWN: ReadonlyArray<keyof EmulatorOptions> = [
  'port',
  'authProxyPort',
  'host',
  'dataDir',
  'credentialsFile',
  'seed',
  'faults',
  'allowLoopbackWebhooks',
  'clock',
  'random',
  'sleep',
  'randomSeed',
  'livenessWindowMs',
  'maxBodyBytes',
  'deliveryMode',
  'deliveryRetry',
  'fetch',
  'rootApiKey',
  'log',
];

export class EmulatorOptionsError extends Error {
  override readonly name = 'EmulatorOptionsError';
}

function fail(message: string): never {
  throw new EmulatorOptionsError(`invalid emulator options: ${message}`);
}

function port(value: unknown, name: string): number {
  if (value === undefined) return 0;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 65535)
    fail(`${name} must be an integer from 0 to 65535`);
  return value;
}

function positiveInt(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) fail(`${name} must be a positive integer`);
  return value;
}

function fn<T>(value: unknown, name: string, fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value !== 'function') fail(`${name} must be a function`);
  return value as T;
}

export function resolveOptions(input: EmulatorOptions = {}): ResolvedOptions {
  if (typeof input !== 'object' || input === null) fail('expected an object');
  for (const key of Object.keys(input)) {
    if (!KNOWN.includes(key as keyof EmulatorOptions)) fail(`unknown option "${key}" (known options: ${KNOWN.join(', ')})`);
  }
  const o = input;
  if (o.host !== undefined && (typeof o.host !== 'string' || o.host === '')) fail('host must be a non-empty string');
  if (o.dataDir !== undefined && (typeof o.dataDir !== 'string' || o.dataDir === '')) fail('dataDir must be a non-empty string');
  if (o.credentialsFile !== undefined && (typeof o.credentialsFile !== 'string' || o.credentialsFile === ''))
    fail('credentialsFile must be a non-empty string');
  if (o.seed !== undefined && typeof o.seed !== 'string' && (typeof o.seed !== 'object' || o.seed === null))
    fail('seed must be a file path or a seed object');
  if (o.allowLoopbackWebhooks !== undefined && typeof o.allowLoopbackWebhooks !== 'boolean')
    fail('allowLoopbackWebhooks must be a boolean');
  if (o.randomSeed !== undefined && (typeof o.randomSeed !== 'number' || !Number.isInteger(o.randomSeed)))
    fail('randomSeed must be an integer');
  if (o.deliveryMode !== undefined && !['auto', 'loopback-only', 'manual'].includes(o.deliveryMode))
    fail("deliveryMode must be 'loopback-only', 'auto' or 'manual'");
  const retry = o.deliveryRetry ?? {};
  if (typeof retry !== 'object' || retry === null) fail('deliveryRetry must be an object');
  for (const key of Object.keys(retry)) {
    if (!['maxAttempts', 'baseDelayMs', 'maxDelayMs'].includes(key))
      fail(`unknown option "deliveryRetry.${key}" (known: maxAttempts, baseDelayMs, maxDelayMs)`);
  }
  if (o.rootApiKey !== undefined) {
    const k = o.rootApiKey as { publicKey?: unknown; privateKey?: unknown };
    if (typeof k !== 'object' || k === null || typeof k.publicKey !== 'string' || typeof k.privateKey !== 'string') {
      fail('rootApiKey must be {publicKey, privateKey} hex strings');
    }
  }
  return {
    port: port(o.port, 'port'),
    authProxyPort: port(o.authProxyPort, 'authProxyPort'),
    host: o.host ?? '127.0.0.1',
    dataDir: o.dataDir,
    credentialsFile: o.credentialsFile,
    seed: o.seed,
    faults: o.faults,
    allowLoopbackWebhooks: o.allowLoopbackWebhooks ?? false,
    clock: fn(o.clock, 'clock', Date.now),
    random: fn<RandomSource | undefined>(o.random, 'random', undefined),
    sleep: fn(o.sleep, 'sleep', (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))),
    randomSeed: o.randomSeed,
    livenessWindowMs: positiveInt(o.livenessWindowMs, 'livenessWindowMs', 300_000),
    maxBodyBytes: positiveInt(o.maxBodyBytes, 'maxBodyBytes', 1024 * 1024),
    deliveryMode: o.deliveryMode ?? 'loopback-only',
    deliveryRetry: {
      maxAttempts: positiveInt(retry.maxAttempts, 'deliveryRetry.maxAttempts', 5),
      baseDelayMs: positiveInt(retry.baseDelayMs, 'deliveryRetry.baseDelayMs', 1000),
      maxDelayMs: positiveInt(retry.maxDelayMs, 'deliveryRetry.maxDelayMs', 60_000),
    },
    fetch: fn(o.fetch, 'fetch', globalThis.fetch),
    rootApiKey: o.rootApiKey,
    log: fn<((line: string) => void) | undefined>(o.log, 'log', undefined),
  };
}
