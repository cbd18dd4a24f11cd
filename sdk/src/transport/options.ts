// The transport's one strict options object, as a zod schema: each option's type, default and check are
// declared once here; the client's options schema extends this one.
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import type { Stamper } from '../crypto/stamp';
import { custom, parseOptions, positiveNumber } from '../strict-options';
import { RetryOptionsSchema, type RetryOptions } from './retry';

export interface Clock {
  now(): number;
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_CONNECTIONS = 16;
export const DEFAULT_USER_AGENT = 'walletinfra-sdk';

/** The path every operation of the service starts with; a base URL that ends with it would double it. */
export const OPERATIONS_PATH_PREFIX = '/public/v1';

/**
 * What is wrong with a service URL, or undefined when it is usable. Never echoes the URL: it may carry
 * credentials. The operations' paths start with `/public/v1`, so a base URL must stop before it
 * (https://docs.turnkey.com/api-reference/overview lists `https://api.turnkey.com` as the base URL).
 */
export function originProblem(value: string): string | undefined {
  const absolute = 'must be an absolute URL starting with http:// or https://';
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value.trim())) return absolute;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return absolute;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must use http or https';
  if (url.username !== '' || url.password !== '') return 'must not contain credentials';
  if (url.search !== '' || url.hash !== '') return 'must not contain a query string or fragment';
  const path = url.pathname.replace(/\/+$/, '');
  if (path === OPERATIONS_PATH_PREFIX || path.endsWith(OPERATIONS_PATH_PREFIX)) {
    return `must not end with ${OPERATIONS_PATH_PREFIX} (every operation's path starts with it); use ${url.origin}${path.slice(0, -OPERATIONS_PATH_PREFIX.length)}`;
  }
  return undefined;
}

/** An http(s) origin with an optional path prefix; a trailing slash is dropped. */
export const ServiceUrl = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
  .refine((v) => v.trim() !== '', { error: 'is required' })
  .superRefine((value, ctx) => {
    const problem = originProblem(value);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => v.trim().replace(/\/+$/, ''));

const NonEmptyString = z
  .string({ error: 'must be a non-empty string' })
  .transform((v) => v.trim())
  .refine((v) => v !== '', { error: 'must be a non-empty string' });

export const TransportOptionsSchema = z.strictObject({
  /** Main API origin, e.g. `https://api.turnkey.com` or the emulator's URL. */
  baseUrl: ServiceUrl,
  /** Auth-proxy origin, e.g. `https://authproxy.turnkey.com`. Needed only for proxy calls. */
  authProxyUrl: ServiceUrl.optional(),
  /** Sent as `X-Auth-Proxy-Config-Id` on proxy calls. */
  authProxyConfigId: NonEmptyString.optional(),
  /** Signs API calls (`X-Stamp`). Needed for every query and submit. */
  stamper: custom<Stamper>((v) => typeof (v as Stamper | null)?.stamp === 'function', 'must have a stamp(body) method').optional(),
  /** Per-attempt timeout (connect + headers + body). */
  timeoutMs: positiveNumber('number').default(DEFAULT_TIMEOUT_MS),
  retry: RetryOptionsSchema.partial().optional(),
  /** Keep-alive connections per origin. Ignored when `dispatcher` is given. */
  connections: positiveNumber('integer').default(DEFAULT_CONNECTIONS),
  /** An undici Dispatcher (Agent, Pool, MockAgent, ProxyAgent) to send through; not closed by `close()`. */
  dispatcher: custom<Dispatcher>(
    (v) => typeof (v as Dispatcher | null)?.dispatch === 'function',
    'must be an undici Dispatcher',
  ).optional(),
  clock: custom<Clock>((v) => typeof (v as Clock | null)?.now === 'function', 'must be an object with a now() function').optional(),
  /** Uniform in [0, 1), for backoff jitter. */
  random: custom<() => number>((v) => typeof v === 'function', 'must be a function').optional(),
  /** Waits between attempts; must reject when `signal` aborts. */
  sleep: custom<Sleep>((v) => typeof v === 'function', 'must be a function').optional(),
  userAgent: z
    .string({ error: 'must be a non-empty single-line string' })
    .refine((v) => v !== '' && !/[\r\n]/.test(v), { error: 'must be a non-empty single-line string' })
    .default(DEFAULT_USER_AGENT),
  /** Told before every wait between two attempts (e.g. to say that a call is waiting for a rate limit). */
  onRetry: custom<(event: RetryEvent) => void>((v) => typeof v === 'function', 'must be a function').optional(),
});

/** One wait between two attempts of a request. */
export interface RetryEvent {
  /** The request, by convention its path. */
  operation: string;
  /** Attempts made so far. */
  attempt: number;
  /** How long the transport waits before the next attempt. */
  delayMs: number;
  /** The failed attempt's error message. */
  reason: string;
  /** True for 429 and 503: the service asked us to slow down. */
  rateLimited: boolean;
  /** What is left of the retry time budget (`retry.maxElapsedMs`). */
  budgetLeftMs: number;
}

export type TransportOptions = z.input<typeof TransportOptionsSchema>;

export interface ParsedOrigin {
  /** `scheme://host[:port]` */
  origin: string;
  /** Path prefix without a trailing slash ('' for none). */
  prefix: string;
}

export interface ResolvedTransportOptions extends Omit<
  z.output<typeof TransportOptionsSchema>,
  'baseUrl' | 'authProxyUrl' | 'retry' | 'clock' | 'random'
> {
  base: ParsedOrigin;
  authProxy?: ParsedOrigin;
  retry: RetryOptions;
  clock: Clock;
  random: () => number;
}

/** Splits a URL the schema accepted into origin and path prefix. */
function splitOrigin(value: string): ParsedOrigin {
  const url = new URL(value);
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

export function resolveTransportOptions(options: TransportOptions): ResolvedTransportOptions {
  const { baseUrl, authProxyUrl, retry, clock, random, ...rest } = parseOptions(TransportOptionsSchema, options, 'transport: ');
  return {
    ...rest,
    base: splitOrigin(baseUrl),
    ...(authProxyUrl !== undefined ? { authProxy: splitOrigin(authProxyUrl) } : {}),
    retry: RetryOptionsSchema.parse(retry ?? {}),
    clock: clock ?? { now: () => Date.now() },
    random: random ?? Math.random,
  };
}
