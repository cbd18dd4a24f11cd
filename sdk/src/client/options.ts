// The client's one strict options object (unknown keys are an error that lists the known ones).
import { ConfigurationError } from '../errors';
import type { Dispatcher } from 'undici';
import type { Stamper } from '../crypto/stamp';
import type { RetryOptions } from '../transport/retry';
import { DEFAULT_ACTIVITY_POLLING, sleepWithSignal, type ActivityPollingOptions } from '../activity';

/** What the client needs from a transport; `Transport` from this package is the real one. */
export interface ClientTransport {
  /** POSTs `body` byte for byte; resolves with the parsed JSON of a 2xx, throws typed errors otherwise. */
  post(request: {
    target?: 'api' | 'authProxy';
    path: string;
    body: string;
    operation: string;
    signal?: AbortSignal;
  }): Promise<unknown>;
  get(request: { path: string; operation: string; signal?: AbortSignal }): Promise<{ status: number; json: unknown }>;
  close?(): Promise<void> | void;
}

export interface WalletInfraClientOptions {
  /** Main API (default `https://api.turnkey.com`, docs/service-behaviour.md#transport). */
  baseUrl?: string;
  /** Authentication proxy (default `https://authproxy.turnkey.com`). */
  authProxyUrl?: string;
  /** Sent as `X-Auth-Proxy-Config-Id` on the two proxy calls; required for them (docs/service-behaviour.md#auth-proxy). */
  authProxyConfigId?: string;
  /** Default `organizationId` of every call; each call may override it. */
  organizationId?: string;
  /** API key pair (hex) used to stamp requests; or pass `stamper`. */
  apiPublicKey?: string;
  apiPrivateKey?: string;
  stamper?: Stamper;
  /** Per-request timeout of the transport. */
  timeoutMs?: number;
  /** Retry policy of the transport (see the Transport section). */
  retry?: Partial<RetryOptions>;
  /** Keep-alive connections per origin. */
  connections?: number;
  /** An undici Dispatcher to send through (tests, proxies); not closed by `close()`. */
  dispatcher?: Dispatcher;
  /** `User-Agent` header of every request. */
  userAgent?: string;
  /** Activity polling: `{pollIntervalMs: 500, maxPollIntervalMs: 5000, timeoutMs: 60000}` by default. */
  activity?: Partial<ActivityPollingOptions>;
  /** A ready transport; when given, the connection options above must not be. */
  transport?: ClientTransport;
  /** Source of `timestampMs` and of activity deadlines (default `Date`). */
  clock?: { now(): number };
  /** Waits between polls and retries (default a timer that an AbortSignal cancels). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Jitter source of the transport's retries (default `Math.random`). */
  random?: () => number;
}

export const CLIENT_OPTION_KEYS = [
  'baseUrl',
  'authProxyUrl',
  'authProxyConfigId',
  'organizationId',
  'apiPublicKey',
  'apiPrivateKey',
  'stamper',
  'timeoutMs',
  'retry',
  'connections',
  'dispatcher',
  'userAgent',
  'activity',
  'transport',
  'clock',
  'sleep',
  'random',
] as const;

/** Options that configure the transport, and so cannot be combined with an injected one. */
const TRANSPORT_KEYS = [
  'baseUrl',
  'authProxyUrl',
  'authProxyConfigId',
  'apiPublicKey',
  'apiPrivateKey',
  'stamper',
  'timeoutMs',
  'retry',
  'connections',
  'dispatcher',
  'userAgent',
  'random',
] as const;

const ACTIVITY_KEYS = ['pollIntervalMs', 'maxPollIntervalMs', 'timeoutMs'] as const;

export const DEFAULT_BASE_URL = 'https://api.turnkey.com';
export const DEFAULT_AUTH_PROXY_URL = 'https://authproxy.turnkey.com';

export interface ResolvedClientOptions {
  organizationId: string | undefined;
  polling: ActivityPollingOptions;
  clock: { now(): number };
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

function fail(message: string): never {
  throw new ConfigurationError(message);
}

function checkKeys(value: object, known: readonly string[], where: string): void {
  const unknown = Object.keys(value).filter((k) => !known.includes(k));
  if (unknown.length > 0) {
    fail(`unknown ${where} ${unknown.map((k) => JSON.stringify(k)).join(', ')}; known: ${known.join(', ')}`);
  }
}

function positiveInteger(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) fail(`${name} must be a positive integer (milliseconds)`);
  return value;
}

function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') fail(`${name} must be a non-empty string`);
  return value;
}

/** Checks what the client itself uses; the transport checks the rest when it is built. */
export function resolveClientOptions(options: WalletInfraClientOptions): ResolvedClientOptions {
  if (typeof options !== 'object' || options === null) fail('options must be an object');
  checkKeys(options, CLIENT_OPTION_KEYS, 'option');
  if (options.transport !== undefined) {
    const clash = TRANSPORT_KEYS.filter((k) => options[k] !== undefined);
    if (clash.length > 0) fail(`transport cannot be combined with ${clash.join(', ')}: configure the transport itself`);
  }
  if ((options.apiPublicKey === undefined) !== (options.apiPrivateKey === undefined)) {
    fail('apiPublicKey and apiPrivateKey must be given together');
  }
  if (options.stamper !== undefined && options.apiPublicKey !== undefined) {
    fail('give either stamper or apiPublicKey/apiPrivateKey, not both');
  }
  const activity = options.activity ?? {};
  if (typeof activity !== 'object' || activity === null) fail('activity must be an object');
  checkKeys(activity, ACTIVITY_KEYS, 'activity option');
  const polling: ActivityPollingOptions = {
    pollIntervalMs: positiveInteger(activity.pollIntervalMs, 'activity.pollIntervalMs') ?? DEFAULT_ACTIVITY_POLLING.pollIntervalMs,
    maxPollIntervalMs:
      positiveInteger(activity.maxPollIntervalMs, 'activity.maxPollIntervalMs') ?? DEFAULT_ACTIVITY_POLLING.maxPollIntervalMs,
    timeoutMs: positiveInteger(activity.timeoutMs, 'activity.timeoutMs') ?? DEFAULT_ACTIVITY_POLLING.timeoutMs,
  };
  if (polling.maxPollIntervalMs < polling.pollIntervalMs) {
    fail('activity.maxPollIntervalMs must not be smaller than activity.pollIntervalMs');
  }
  if (options.clock !== undefined && typeof options.clock?.now !== 'function') fail('clock must have a now() method');
  if (options.sleep !== undefined && typeof options.sleep !== 'function') fail('sleep must be a function');
  return {
    organizationId: optionalString(options.organizationId, 'organizationId'),
    polling,
    clock: options.clock ?? Date,
    sleep: options.sleep ?? sleepWithSignal,
  };
}
