// The client's one strict options object: the transport's schema extended with what the client itself
// uses. Keys, defaults, types and the "unknown option" message all come from these schemas.
import { z } from 'zod';
import { ConfigurationError } from '../errors';
import type { Stamper } from '../crypto/stamp';
import { custom, keysOf, parseOptions, positiveNumber } from '../strict-options';
import { ServiceUrl, TransportOptionsSchema } from '../transport/options';
import type { ActivityPollingOptions } from '../activity';
import { sleepWithSignal } from '../sleep';

/** What the client needs from a transport; `Transport` from this package is the real one. */
export interface ClientTransport {
  /** POSTs `body` byte for byte; resolves with the parsed JSON of a 2xx, throws typed errors otherwise. */
  post(request: { target?: 'api' | 'authProxy'; path: string; body: string; operation: string; signal?: AbortSignal }): Promise<unknown>;
  get(request: { path: string; operation: string; signal?: AbortSignal }): Promise<{ status: number; json: unknown }>;
  close?(): Promise<void> | void;
}

/** The service's production endpoints (https://docs.turnkey.com/api-reference/overview). */
export const DEFAULT_BASE_URL = 'https://api.turnkey.com';
export const DEFAULT_AUTH_PROXY_URL = 'https://authproxy.turnkey.com';

const milliseconds = positiveNumber('integer', 'milliseconds');

/** Activity polling; the defaults follow @turnkey/http's `refreshIntervalMs` (500 ms). */
export const ActivityPollingSchema = z
  .strictObject({
    /** First delay between two polls. */
    pollIntervalMs: milliseconds.default(500),
    /** Ceiling of the doubling delay. */
    maxPollIntervalMs: milliseconds.default(5_000),
    /** Overall deadline of one wait, from the moment waiting starts. */
    timeoutMs: milliseconds.default(60_000),
  })
  .refine((p) => p.maxPollIntervalMs >= p.pollIntervalMs, {
    path: ['maxPollIntervalMs'],
    error: 'must not be smaller than activity.pollIntervalMs',
  });

const hexKey = z.string({ error: 'must be a hex string' });

export const ClientOptionsSchema = TransportOptionsSchema.extend({
  /** Main API (default `https://api.turnkey.com`). */
  baseUrl: ServiceUrl.default(DEFAULT_BASE_URL),
  /** Authentication proxy (default `https://authproxy.turnkey.com`). */
  authProxyUrl: ServiceUrl.default(DEFAULT_AUTH_PROXY_URL),
  /** Default `organizationId` of every call; each call may override it. */
  organizationId: z.string({ error: 'must be a non-empty string' }).min(1, { error: 'must be a non-empty string' }).optional(),
  /** API key pair (hex) used to stamp requests; or pass `stamper`. */
  apiPublicKey: hexKey.optional(),
  apiPrivateKey: hexKey.optional(),
  /** Activity polling: `{pollIntervalMs: 500, maxPollIntervalMs: 5000, timeoutMs: 60000}` by default. */
  activity: ActivityPollingSchema.default(() => ActivityPollingSchema.parse({})),
  /** A ready transport; when given, the connection options above must not be. */
  transport: custom<ClientTransport>(
    (v) => typeof (v as ClientTransport | null)?.post === 'function' && typeof (v as ClientTransport).get === 'function',
    'must have post() and get() methods',
  ).optional(),
});

/** The options `new WalletInfraClient(options)` accepts. */
export const DEFAULT_ACTIVITY_POLLING: Readonly<ActivityPollingOptions> = Object.freeze(ActivityPollingSchema.parse({}));

export type WalletInfraClientOptions = z.input<typeof ClientOptionsSchema>;
type ParsedClientOptions = z.output<typeof ClientOptionsSchema>;

export const CLIENT_OPTION_KEYS = keysOf(ClientOptionsSchema) as ReadonlyArray<keyof WalletInfraClientOptions>;

/**
 * Options that configure the transport, and so cannot be combined with an injected one: the transport's
 * own, less the clock and sleep the client also uses, plus the key pair that becomes its stamper.
 */
const TRANSPORT_KEYS = [
  ...keysOf(TransportOptionsSchema).filter((k) => k !== 'clock' && k !== 'sleep'),
  'apiPublicKey',
  'apiPrivateKey',
] as Array<keyof WalletInfraClientOptions>;

export interface ResolvedClientOptions {
  options: ParsedClientOptions;
  organizationId: string | undefined;
  polling: ActivityPollingOptions;
  clock: { now(): number };
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

function fail(message: string): never {
  throw new ConfigurationError(message);
}

export function resolveClientOptions(raw: WalletInfraClientOptions): ResolvedClientOptions {
  const options = parseOptions(ClientOptionsSchema, raw);
  if (raw.transport !== undefined) {
    const clash = TRANSPORT_KEYS.filter((k) => raw[k] !== undefined);
    if (clash.length > 0) fail(`transport cannot be combined with ${clash.join(', ')}: configure the transport itself`);
  }
  if ((raw.apiPublicKey === undefined) !== (raw.apiPrivateKey === undefined)) {
    fail('apiPublicKey and apiPrivateKey must be given together');
  }
  if (raw.stamper !== undefined && raw.apiPublicKey !== undefined) {
    fail('give either stamper or apiPublicKey/apiPrivateKey, not both');
  }
  return {
    options,
    organizationId: options.organizationId,
    polling: options.activity,
    clock: options.clock ?? Date,
    sleep: options.sleep ?? sleepWithSignal,
  };
}

export type { Stamper };
