// The transport's one strict options object (unknown keys are an error that lists the known ones).
import type { Dispatcher } from 'undici';
import { ConfigurationError } from '../errors';
import type { Stamper } from '../crypto/stamp';
import { resolveRetryOptions, type RetryOptions } from './retry';

export interface Clock {
  now(): number;
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface TransportOptions {
  /** Main API origin, e.g. `https://api.turnkey.com` (docs/service-behaviour.md#transport) or the emulator's URL. */
  baseUrl: string;
  /** Auth-proxy origin, e.g. `https://authproxy.turnkey.com` (docs/service-behaviour.md#auth-proxy). Needed only for proxy calls. */
  authProxyUrl?: string;
  /** Sent as `X-Auth-Proxy-Config-Id` on proxy calls. */
  authProxyConfigId?: string;
  /** Signs API calls (`X-Stamp`). Needed for every query and submit. */
  stamper?: Stamper;
  /** Per-attempt timeout (connect + headers + body). Default 30 000 ms. */
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  /** Keep-alive connections per origin. Default 16. Ignored when `dispatcher` is given. */
  connections?: number;
  /** An undici Dispatcher (Agent, Pool, MockAgent, ProxyAgent) to send through; not closed by `close()`. */
  dispatcher?: Dispatcher;
  clock?: Clock;
  /** Uniform in [0, 1), for backoff jitter. */
  random?: () => number;
  /** Waits between attempts; must reject when `signal` aborts. */
  sleep?: Sleep;
  userAgent?: string;
}

export interface ResolvedTransportOptions {
  base: ParsedOrigin;
  authProxy?: ParsedOrigin;
  authProxyConfigId?: string;
  stamper?: Stamper;
  timeoutMs: number;
  retry: RetryOptions;
  connections: number;
  dispatcher?: Dispatcher;
  clock: Clock;
  random: () => number;
  sleep?: Sleep;
  userAgent: string;
}

export interface ParsedOrigin {
  /** `scheme://host[:port]` */
  origin: string;
  /** Path prefix without a trailing slash ('' for none). */
  prefix: string;
}

const KNOWN_OPTIONS = [
  'baseUrl',
  'authProxyUrl',
  'authProxyConfigId',
  'stamper',
  'timeoutMs',
  'retry',
  'connections',
  'dispatcher',
  'clock',
  'random',
  'sleep',
  'userAgent',
] as const;

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_CONNECTIONS = 16;
export const DEFAULT_USER_AGENT = 'walletinfra-sdk';

/** Parses an http(s) URL without echoing it (a URL may carry credentials). */
export function parseOrigin(field: string, value: unknown): ParsedOrigin {
  if (typeof value !== 'string' || value.trim() === '') throw new ConfigurationError(`transport: ${field} is required`);
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigurationError(`transport: ${field} is not a valid absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigurationError(`transport: ${field} must use http or https, got ${url.protocol.replace(/:$/, '')}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new ConfigurationError(`transport: ${field} must not contain credentials`);
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ConfigurationError(`transport: ${field} must not contain a query string or fragment`);
  }
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

function positiveNumber(field: string, value: unknown, integer: boolean): number {
  const ok = typeof value === 'number' && Number.isFinite(value) && value > 0 && (!integer || Number.isInteger(value));
  if (!ok) throw new ConfigurationError(`transport: ${field} must be a positive ${integer ? 'integer' : 'number'}, got ${String(value)}`);
  return value as number;
}

function fn<T>(field: string, value: unknown): T {
  if (typeof value !== 'function') throw new ConfigurationError(`transport: ${field} must be a function`);
  return value as T;
}

export function resolveTransportOptions(options: TransportOptions): ResolvedTransportOptions {
  if (typeof options !== 'object' || options === null) throw new ConfigurationError('transport: options must be an object');
  const unknown = Object.keys(options).filter((k) => !(KNOWN_OPTIONS as readonly string[]).includes(k));
  if (unknown.length > 0) {
    throw new ConfigurationError(
      `transport: unknown option ${unknown.map((k) => `"${k}"`).join(', ')}; known options: ${KNOWN_OPTIONS.join(', ')}`,
    );
  }
  let retry: RetryOptions;
  try {
    retry = resolveRetryOptions(options.retry ?? {});
  } catch (e) {
    throw new ConfigurationError(`transport: ${(e as Error).message}`);
  }
  const out: ResolvedTransportOptions = {
    base: parseOrigin('baseUrl', options.baseUrl),
    timeoutMs: options.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : positiveNumber('timeoutMs', options.timeoutMs, false),
    retry,
    connections: options.connections === undefined ? DEFAULT_CONNECTIONS : positiveNumber('connections', options.connections, true),
    clock: options.clock ?? { now: () => Date.now() },
    random: options.random === undefined ? Math.random : fn('random', options.random),
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
  };
  if (options.clock !== undefined && typeof options.clock?.now !== 'function') {
    throw new ConfigurationError('transport: clock must be an object with a now() function');
  }
  if (options.authProxyUrl !== undefined) out.authProxy = parseOrigin('authProxyUrl', options.authProxyUrl);
  if (options.authProxyConfigId !== undefined) {
    if (typeof options.authProxyConfigId !== 'string' || options.authProxyConfigId.trim() === '') {
      throw new ConfigurationError('transport: authProxyConfigId must be a non-empty string');
    }
    out.authProxyConfigId = options.authProxyConfigId.trim();
  }
  if (options.stamper !== undefined) {
    if (typeof options.stamper?.stamp !== 'function') throw new ConfigurationError('transport: stamper must have a stamp(body) method');
    out.stamper = options.stamper;
  }
  if (options.dispatcher !== undefined) {
    if (typeof options.dispatcher?.request !== 'function') throw new ConfigurationError('transport: dispatcher must be an undici Dispatcher');
    out.dispatcher = options.dispatcher;
  }
  if (options.sleep !== undefined) out.sleep = fn('sleep', options.sleep);
  if (typeof out.userAgent !== 'string' || out.userAgent === '' || /[\r\n]/.test(out.userAgent)) {
    throw new ConfigurationError('transport: userAgent must be a non-empty single-line string');
  }
  return out;
}
