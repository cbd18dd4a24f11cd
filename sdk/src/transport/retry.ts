// Retry policy as small pure functions (as in stripe-node RequestSender): what to retry, how long to
// wait. The transport owns the loop; these functions own the decisions and are tested from tables.
import { ConfigurationError } from '../errors';

export interface RetryOptions {
  /** Attempts in total, the first included (1 disables retries). Default 4. */
  maxAttempts: number;
  /** Base of the exponential backoff. Default 200 ms. */
  baseDelayMs: number;
  /** Cap on any single wait, Retry-After included. Default 10 000 ms. */
  maxDelayMs: number;
  /** No retry starts later than this after the first attempt began; waits are clipped to it. Default 30 000 ms. */
  maxElapsedMs: number;
}

export const DEFAULT_RETRY_OPTIONS: Readonly<RetryOptions> = Object.freeze({
  maxAttempts: 4,
  baseDelayMs: 200,
  maxDelayMs: 10_000,
  maxElapsedMs: 30_000,
});

/** Statuses worth retrying: rate limiting and transient server failures. */
export const RETRYABLE_STATUSES: readonly number[] = [429, 500, 502, 503, 504];

/**
 * - `connect`: the connection could not be established, so the request was certainly not sent;
 * - `connection`: the connection failed after it was established (the request may have been processed);
 * - `timeout`: no complete response within the per-attempt timeout.
 */
export type RetryErrorKind = 'connect' | 'connection' | 'timeout';

/** Fills defaults and validates; throws ConfigurationError naming the bad field. */
export function resolveRetryOptions(partial: Partial<RetryOptions> = {}): RetryOptions {
  const known = Object.keys(DEFAULT_RETRY_OPTIONS);
  const unknown = Object.keys(partial).filter((k) => !known.includes(k));
  if (unknown.length > 0) {
    throw new ConfigurationError(`unknown retry option ${unknown.map((k) => `"${k}"`).join(', ')}; known options: ${known.join(', ')}`);
  }
  const out = { ...DEFAULT_RETRY_OPTIONS, ...stripUndefined(partial) };
  if (!Number.isInteger(out.maxAttempts) || out.maxAttempts < 1) {
    throw new ConfigurationError(`retry.maxAttempts must be an integer >= 1, got ${String(out.maxAttempts)}`);
  }
  for (const field of ['baseDelayMs', 'maxDelayMs', 'maxElapsedMs'] as const) {
    if (typeof out[field] !== 'number' || !Number.isFinite(out[field]) || out[field] < 0) {
      throw new ConfigurationError(`retry.${field} must be a finite number >= 0, got ${String(out[field])}`);
    }
  }
  return out;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export interface ShouldRetryInput {
  /** HTTP status of the failed attempt, when a response arrived. */
  status?: number;
  /** Kind of transport failure, when no response arrived. */
  errorKind?: RetryErrorKind;
  /** Attempts made so far, this one included (1 after the first failure). */
  attempt: number;
  options: RetryOptions;
  /** Time since the first attempt began. Omitted: the time budget is not checked. */
  elapsedMs?: number;
  /** Server-requested wait (Retry-After). Giving up beats retrying before the server asked us to. */
  retryAfterMs?: number;
  /**
   * False for requests that must not be repeated once processed (auth-proxy calls such as otp_init): those
   * are retried only when they certainly were not processed (connect failures, 429). Default true:
   * queries are reads and submits are deduplicated by body fingerprint (docs/service-behaviour.md#idempotency-and-fingerprints).
   */
  idempotent?: boolean;
}

export function shouldRetry(input: ShouldRetryInput): boolean {
  const { status, errorKind, attempt, options } = input;
  if (attempt >= options.maxAttempts) return false;
  if (input.elapsedMs !== undefined) {
    const remaining = options.maxElapsedMs - input.elapsedMs;
    if (remaining <= 0) return false;
    if (input.retryAfterMs !== undefined && Math.min(input.retryAfterMs, options.maxDelayMs) > remaining) return false;
  }
  const idempotent = input.idempotent ?? true;
  if (status !== undefined) {
    if (!RETRYABLE_STATUSES.includes(status)) return false;
    return idempotent || status === 429;
  }
  if (errorKind === 'connect') return true;
  if (errorKind === 'connection' || errorKind === 'timeout') return idempotent;
  return false;
}

export interface BackoffInput {
  /** Server-requested wait (Retry-After), honoured but capped to `maxDelayMs`. */
  retryAfterMs?: number;
  /** Uniform in [0, 1); injected so tests are deterministic. */
  random: () => number;
  options: RetryOptions;
  /** Time since the first attempt began; the wait never exceeds what is left of `maxElapsedMs`. */
  elapsedMs?: number;
}

/**
 * Wait before the next attempt, after `attempt` attempts have failed. Exponential with full jitter
 * (uniform in [0, min(maxDelayMs, baseDelayMs * 2^(attempt-1))]); a Retry-After replaces it.
 */
export function backoffMs(attempt: number, input: BackoffInput): number {
  const { options } = input;
  let delay: number;
  if (input.retryAfterMs !== undefined && input.retryAfterMs >= 0) {
    delay = Math.min(input.retryAfterMs, options.maxDelayMs);
  } else {
    const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempt - 1));
    const r = Math.min(Math.max(input.random(), 0), 1);
    delay = Math.floor(r * ceiling);
  }
  if (input.elapsedMs !== undefined) delay = Math.min(delay, Math.max(0, options.maxElapsedMs - input.elapsedMs));
  return Math.max(0, Math.floor(delay));
}

/**
 * Parses a `Retry-After` header (RFC 9110 §10.2.3): delta-seconds or an HTTP-date, relative to `nowMs`.
 * Undefined when absent or unparseable; a date in the past gives 0. (The service sends none today,
 * docs/service-behaviour.md#limits-and-pagination, but proxies in front of it may.)
 */
export function parseRetryAfter(value: string | undefined | null, nowMs: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
