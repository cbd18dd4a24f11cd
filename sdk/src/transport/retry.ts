// Retry policy as small pure functions (as stripe-node's RequestSender does it): what to retry, how long to
// wait. The transport owns the loop; these functions own the decisions and are tested from tables.
import { z } from 'zod';
import { parseOptions } from '../strict-options';

const nonNegative = (text: string) => {
  const error = (issue: { input?: unknown }) => `must be ${text}, got ${String(issue.input)}`;
  return z.number({ error }).min(0, { error });
};

/** The retry policy as one schema: each option's type, default and check (unknown keys are refused). */
export const RetryOptionsSchema = z.strictObject({
  /** Attempts in total, the first included (1 disables retries). Default 4. */
  maxAttempts: nonNegative('an integer >= 1').int({ error: (i) => `must be an integer >= 1, got ${String(i.input)}` })
    .min(1, { error: (i) => `must be an integer >= 1, got ${String(i.input)}` })
    .default(4),
  /** Base of the exponential backoff. Default 200 ms. */
  baseDelayMs: nonNegative('a finite number >= 0').default(200),
  /** Cap on any single wait, Retry-After included. Default 10 000 ms. */
  maxDelayMs: nonNegative('a finite number >= 0').default(10_000),
  /** No retry starts later than this after the first attempt began; waits are clipped to it. Default 30 000 ms. */
  maxElapsedMs: nonNegative('a finite number >= 0').default(30_000),
});

export type RetryOptions = z.output<typeof RetryOptionsSchema>;

export const DEFAULT_RETRY_OPTIONS: Readonly<RetryOptions> = Object.freeze(RetryOptionsSchema.parse({}));

/** Statuses worth retrying: rate limiting and transient server failures. */
export const RETRYABLE_STATUSES: readonly number[] = [429, 500, 502, 503, 504];

/**
 * - `connect`: the connection could not be established, so the request was certainly not sent;
 * - `connection`: the connection failed after it was established (the request may have been processed);
 * - `timeout`: no complete response within the per-attempt timeout.
 */
export type RetryErrorKind = 'connect' | 'connection' | 'timeout';

const Wrapped = z.strictObject({ retry: RetryOptionsSchema });

/** Fills defaults and validates; throws ConfigurationError naming the bad field (`retry.maxAttempts ...`). */
export function resolveRetryOptions(partial: Partial<RetryOptions> = {}): RetryOptions {
  return parseOptions(Wrapped, { retry: partial }).retry;
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
   * queries are reads and submits are deduplicated by body fingerprint.
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
 * but proxies in front of it may.)
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
