// Retry policy as small pure functions (stripe-node's RequestSender): what a failure means, whether to try
// again, how long to wait. The transport owns the loop; these functions own the decisions and are tested
// from tables.
//
// Three kinds of failure (the classification table, `failureClass`):
// - rate limits (429, 503) are weather: retried until the time budget (`maxElapsedMs`) is spent, however
//   many attempts that takes, honouring Retry-After and backing off with jitter;
// - transient failures (500, 502, 504, a connection lost after it was established, a timeout, a temporary
//   DNS or routing failure) are retried up to `maxAttempts`, within the same budget;
// - everything else ends the call at once: a refused connection, an unknown host, a bad TLS certificate and
//   every other 4xx (401, 403, 404...) cannot get better by waiting.
import { z } from 'zod';
import { parseOptions } from '../strict-options';

const nonNegative = (text: string) => {
  const error = (issue: { input?: unknown }) => `must be ${text}, got ${String(issue.input)}`;
  return z.number({ error }).min(0, { error });
};

/** The retry policy as one schema: each option's type, default and check (unknown keys are refused). */
export const RetryOptionsSchema = z.strictObject({
  /** Attempts in total for transient failures, the first included (1 disables those retries). Default 4. */
  maxAttempts: nonNegative('an integer >= 1')
    .int({ error: (i) => `must be an integer >= 1, got ${String(i.input)}` })
    .min(1, { error: (i) => `must be an integer >= 1, got ${String(i.input)}` })
    .default(4),
  /** Base of the exponential backoff. Default 200 ms. */
  baseDelayMs: nonNegative('a finite number >= 0').default(200),
  /** Cap on a computed backoff (a server's Retry-After is honoured beyond it, within the budget). Default 10 000 ms. */
  maxDelayMs: nonNegative('a finite number >= 0').default(10_000),
  /**
   * The time budget: no retry starts later than this after the first attempt began, and rate limits are
   * retried until it is spent. Default 120 000 ms (the service asks rate-limited callers to wait a minute).
   */
  maxElapsedMs: nonNegative('a finite number >= 0').default(120_000),
});

export type RetryOptions = z.output<typeof RetryOptionsSchema>;

export const DEFAULT_RETRY_OPTIONS: Readonly<RetryOptions> = Object.freeze(RetryOptionsSchema.parse({}));

/**
 * Why an attempt produced no response:
 * - `connect`: the connection could not be established for a reason that may pass (temporary DNS failure,
 *   unreachable network, connect timeout); the request was certainly not sent;
 * - `refused`: nothing listens at the address (ECONNREFUSED);
 * - `unknown-host`: the host name does not resolve (ENOTFOUND);
 * - `tls`: the secure connection failed (certificate, protocol);
 * - `connection`: the connection failed after it was established (the request may have been processed);
 * - `timeout`: no complete response within the per-attempt timeout (the request may have been processed).
 */
export type RetryErrorKind = 'connect' | 'refused' | 'unknown-host' | 'tls' | 'connection' | 'timeout';

export type FailureClass = 'rate-limited' | 'transient' | 'fatal';

/** The classification table for HTTP statuses; a status not listed is fatal. */
export const STATUS_CLASSES: Readonly<Record<number, FailureClass>> = Object.freeze({
  429: 'rate-limited',
  503: 'rate-limited',
  500: 'transient',
  502: 'transient',
  504: 'transient',
});

/** The classification table for failures without a response. */
export const ERROR_KIND_CLASSES: Readonly<Record<RetryErrorKind, FailureClass>> = Object.freeze({
  connect: 'transient',
  connection: 'transient',
  timeout: 'transient',
  refused: 'fatal',
  'unknown-host': 'fatal',
  tls: 'fatal',
});

/** Statuses worth retrying: rate limiting and transient server failures. */
export const RETRYABLE_STATUSES: readonly number[] = Object.keys(STATUS_CLASSES).map(Number);

export interface Failure {
  /** HTTP status of the failed attempt, when a response arrived. */
  status?: number;
  /** Kind of transport failure, when no response arrived. */
  errorKind?: RetryErrorKind;
}

export function failureClass(failure: Failure): FailureClass {
  if (failure.status !== undefined) return STATUS_CLASSES[failure.status] ?? 'fatal';
  if (failure.errorKind !== undefined) return ERROR_KIND_CLASSES[failure.errorKind];
  return 'fatal';
}

/**
 * Could the service have processed the request although this attempt failed? Not after a 429 (limited
 * before processing), a refused or never-established connection, or another 4xx (refused as asked); maybe
 * after a lost connection, a timeout or a 5xx. For a write, "maybe" means its outcome is unknown.
 */
export function mayHaveBeenProcessed(failure: Failure): boolean {
  if (failure.status !== undefined) return failure.status >= 500;
  return failure.errorKind === 'connection' || failure.errorKind === 'timeout';
}

const Wrapped = z.strictObject({ retry: RetryOptionsSchema });

/** Fills defaults and validates; throws ConfigurationError naming the bad field (`retry.maxAttempts ...`). */
export function resolveRetryOptions(partial: Partial<RetryOptions> = {}): RetryOptions {
  return parseOptions(Wrapped, { retry: partial }).retry;
}

export interface ShouldRetryInput extends Failure {
  /** Attempts made so far, this one included (1 after the first failure). */
  attempt: number;
  options: RetryOptions;
  /** Time since the first attempt began. Omitted: the time budget is not checked. */
  elapsedMs?: number;
  /** Server-requested wait (Retry-After). Giving up beats retrying before the server asked us to. */
  retryAfterMs?: number;
  /**
   * False for requests that must not be repeated once processed (auth-proxy calls such as otp_init): those
   * are retried only when they certainly were not processed. Default true: queries are reads and submits
   * are deduplicated by the fingerprint of their body (docs/service-behaviour.md#idempotency-and-fingerprints).
   */
  idempotent?: boolean;
}

/**
 * Why the transport tries again or stops, so it reports the decision instead of working it out again:
 * - `rate-limited`, `transient`: try again (a rate limit only within the time budget, a transient failure
 *   also within `maxAttempts`);
 * - `fatal`: the failure cannot get better by waiting (`failureClass`);
 * - `not-repeatable`: the request must not be repeated once processed (`idempotent: false`) and may have been;
 * - `attempts-exhausted`: a transient failure after `maxAttempts` attempts;
 * - `budget-spent`: `maxElapsedMs` has passed since the first attempt began;
 * - `retry-after-beyond-budget`: the server asks for a wait longer than what is left of `maxElapsedMs`.
 */
export type RetryDecision =
  | { retry: true; reason: 'rate-limited' | 'transient' }
  | { retry: false; reason: 'fatal' | 'not-repeatable' | 'attempts-exhausted' | 'budget-spent' | 'retry-after-beyond-budget' };

export type RetryStopReason = Extract<RetryDecision, { retry: false }>['reason'];

/**
 * Whether to try again after a failed attempt, and why. The checks run from the most to the least lasting
 * reason: a request that cannot be repeated, or could never succeed, stops for that reason even when the
 * time budget is spent too.
 */
export function shouldRetry(input: ShouldRetryInput): RetryDecision {
  const { attempt, options } = input;
  const kind = failureClass(input);
  if (kind === 'fatal') return { retry: false, reason: 'fatal' };
  if (!(input.idempotent ?? true) && mayHaveBeenProcessed(input)) return { retry: false, reason: 'not-repeatable' };
  if (kind === 'transient' && attempt >= options.maxAttempts) return { retry: false, reason: 'attempts-exhausted' };
  if (input.elapsedMs !== undefined) {
    const remaining = options.maxElapsedMs - input.elapsedMs;
    if (remaining <= 0) return { retry: false, reason: 'budget-spent' };
    if (input.retryAfterMs !== undefined && input.retryAfterMs > remaining) return { retry: false, reason: 'retry-after-beyond-budget' };
  }
  return { retry: true, reason: kind };
}

export interface BackoffInput {
  /** Server-requested wait (Retry-After): the wait is at least this. */
  retryAfterMs?: number;
  /** Uniform in [0, 1); injected so tests are deterministic. */
  random: () => number;
  options: RetryOptions;
  /** Time since the first attempt began; the wait never exceeds what is left of `maxElapsedMs`. */
  elapsedMs?: number;
}

/**
 * Wait before the next attempt, after `attempt` attempts have failed: exponential with full jitter,
 * uniform in [0, min(maxDelayMs, baseDelayMs * 2^(attempt-1))], added to the server's Retry-After when it
 * sent one (so callers told to come back in one second do not all come back in the same millisecond).
 */
export function backoffMs(attempt: number, input: BackoffInput): number {
  const { options } = input;
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  const r = Math.min(Math.max(input.random(), 0), 1);
  let delay = Math.floor(r * ceiling);
  if (input.retryAfterMs !== undefined && input.retryAfterMs >= 0) delay += input.retryAfterMs;
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
