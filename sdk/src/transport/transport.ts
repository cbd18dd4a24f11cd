// The bytes-on-the-wire client: undici keep-alive pool, JSON in and out, stamping, retries (retry.ts) and
// error mapping (errors-response.ts). One logical request keeps one identity across retries: the body and
// the X-Stamp are computed once and resent byte-for-byte, which is what makes a retried submit return the
// same activity instead of creating a second one (docs/service-behaviour.md#idempotency-and-fingerprints).
import type { Dispatcher } from 'undici';
import { AbortedError, ConfigurationError, ConnectionError, TimeoutError, UnexpectedResponseError, type WalletInfraError } from '../errors';
import { errorFromResponse } from '../errors-response';
import { AttemptError, attempt, type AttemptFailure, type AttemptResponse } from './attempt';
import { announceClosed, announceExchange, exchangeObserved } from './channels';
import { resolveTransportOptions, type ResolvedTransportOptions, type TransportOptions } from './options';
import {
  backoffMs,
  mayHaveBeenProcessed,
  parseRetryAfter,
  shouldRetry,
  type Failure,
  type RetryOptions,
  type RetryStopReason,
} from './retry';
import { sleepWithSignal } from '../sleep';
import { openAgent } from './undici';

export interface PostRequest {
  /** `api` (default): stamped call to baseUrl. `authProxy`: unstamped call to authProxyUrl with the config id header. */
  target?: 'api' | 'authProxy';
  /** Path under the target URL, e.g. `/public/v1/query/get_policy`. */
  path: string;
  /** The exact JSON text to send (and sign). Never re-serialised. */
  body: string;
  /** Names the call in errors; by convention the path. */
  operation: string;
  signal?: AbortSignal;
  /** Set false to send an api call unstamped. Default true for `api`. */
  stamp?: boolean;
  /** Whether the call may be repeated after it might have been processed. Default true for `api`, false for `authProxy`. */
  idempotent?: boolean;
}

export interface GetRequest {
  path: string;
  operation: string;
  signal?: AbortSignal;
}

export interface GetResponse {
  status: number;
  headers: Record<string, string>;
  json: unknown;
}

const KEEP_ALIVE_TIMEOUT_MS = 10_000;

interface Exchange {
  origin: string;
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  operation: string;
  signal?: AbortSignal;
  idempotent: boolean;
}

export class Transport {
  readonly #opts: ResolvedTransportOptions;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  #closed = false;

  constructor(options: TransportOptions) {
    this.#opts = resolveTransportOptions(options);
    this.#ownsDispatcher = this.#opts.dispatcher === undefined;
    this.#dispatcher = this.#opts.dispatcher ?? openAgent({ connections: this.#opts.connections, keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS });
  }

  /** The main API URL (origin plus any path prefix). */
  get baseUrl(): string {
    return this.#opts.base.origin + this.#opts.base.prefix;
  }

  /** POSTs JSON and returns the parsed JSON of a 2xx response; throws a WalletInfraError otherwise. */
  async post(req: PostRequest): Promise<unknown> {
    const target = req.target ?? 'api';
    const headers = this.#baseHeaders();
    headers['content-type'] = 'application/json';
    let origin = this.#opts.base;
    if (target === 'authProxy') {
      if (this.#opts.authProxy === undefined) {
        throw new ConfigurationError(`${req.operation}: authProxyUrl is not configured (needed for auth-proxy calls)`);
      }
      if (this.#opts.authProxyConfigId === undefined) {
        throw new ConfigurationError(`${req.operation}: authProxyConfigId is not configured (needed for auth-proxy calls)`);
      }
      origin = this.#opts.authProxy;
      headers['x-auth-proxy-config-id'] = this.#opts.authProxyConfigId;
    } else if (req.stamp !== false) {
      if (this.#opts.stamper === undefined) {
        throw new ConfigurationError(`${req.operation}: no stamper configured; API calls must be signed with an API key`);
      }
      // Stamped ONCE per logical request: every retry resends these exact header bytes.
      const { headerName, headerValue } = this.#opts.stamper.stamp(req.body);
      headers[headerName.toLowerCase()] = headerValue;
    }
    const res = await this.#exchange({
      origin: origin.origin,
      path: origin.prefix + req.path,
      method: 'POST',
      headers,
      body: req.body,
      operation: req.operation,
      idempotent: req.idempotent ?? target === 'api',
      ...(req.signal === undefined ? {} : { signal: req.signal }),
    });
    return this.#parseJson(res, req.operation);
  }

  /** Unauthenticated GET (JWKS discovery); returns status, headers and parsed JSON of a 2xx response. */
  async get(req: GetRequest): Promise<GetResponse> {
    const res = await this.#exchange({
      origin: this.#opts.base.origin,
      path: this.#opts.base.prefix + req.path,
      method: 'GET',
      headers: this.#baseHeaders(),
      operation: req.operation,
      idempotent: true,
      ...(req.signal === undefined ? {} : { signal: req.signal }),
    });
    return { status: res.status, headers: res.headers, json: this.#parseJson(res, req.operation) };
  }

  /** Closes the connection pool (only the one this transport created). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    announceClosed({ baseUrl: this.baseUrl });
    if (this.#ownsDispatcher) await this.#dispatcher.close();
  }

  #baseHeaders(): Record<string, string> {
    return { accept: 'application/json', 'user-agent': this.#opts.userAgent };
  }

  #parseJson(res: AttemptResponse, operation: string): unknown {
    try {
      return JSON.parse(res.text) as unknown;
    } catch {
      throw new UnexpectedResponseError(`${operation}: response body is not valid JSON (HTTP ${res.status})`, {
        status: res.status,
        operation,
      });
    }
  }

  async #exchange(ex: Exchange): Promise<AttemptResponse> {
    if (this.#closed) throw new ConfigurationError(`${ex.operation}: transport is closed`);
    const { retry, clock } = this.#opts;
    const sleep = this.#opts.sleep ?? sleepWithSignal;
    const startedAt = clock.now();
    let maybeProcessed = false;
    for (let attemptNo = 1; ; attemptNo++) {
      const elapsed = clock.now() - startedAt;
      // The first attempt gets the full timeout; retries are clipped to what is left of the budget.
      const timeoutMs = attemptNo === 1 ? this.#opts.timeoutMs : Math.min(this.#opts.timeoutMs, retry.maxElapsedMs - elapsed);
      let error: WalletInfraError;
      const failure: Failure = {};
      let retryAfterMs: number | undefined;
      const attemptStartedAt = clock.now();
      try {
        const res = await attempt(this.#dispatcher, {
          origin: ex.origin,
          path: ex.path,
          method: ex.method,
          headers: ex.headers,
          timeoutMs: Math.max(1, timeoutMs),
          ...(ex.body === undefined ? {} : { body: ex.body }),
          ...(ex.signal === undefined ? {} : { signal: ex.signal }),
        });
        if (exchangeObserved()) this.#announce(ex, attemptNo, attemptStartedAt, { response: res });
        if (res.status >= 200 && res.status <= 299) return res;
        failure.status = res.status;
        retryAfterMs = parseRetryAfter(res.headers['retry-after'], clock.now());
        error = errorFromResponse({
          status: res.status,
          body: parseErrorBody(res.text),
          operation: ex.operation,
          ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        });
      } catch (e) {
        if (!(e instanceof AttemptError)) throw e;
        if (exchangeObserved()) {
          this.#announce(ex, attemptNo, attemptStartedAt, { failure: e.failure.type === 'network' ? e.failure.kind : e.failure.type });
        }
        if (e.failure.type === 'aborted') throw this.#aborted(ex, maybeProcessed);
        failure.errorKind = e.failure.type === 'timeout' ? 'timeout' : e.failure.kind;
        error = this.#failureError(e.failure, ex, Math.max(1, timeoutMs));
      }
      maybeProcessed ||= mayHaveBeenProcessed(failure);
      const elapsedNow = clock.now() - startedAt;
      const retryInput = {
        ...failure,
        attempt: attemptNo,
        options: retry,
        elapsedMs: elapsedNow,
        idempotent: ex.idempotent,
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      };
      const decision = shouldRetry(retryInput);
      if (!decision.retry) throw gaveUp(error, attemptNo, maybeProcessed, elapsedNow, decision.reason, retry);
      const delay = backoffMs(attemptNo, {
        random: this.#opts.random,
        options: retry,
        elapsedMs: elapsedNow,
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      });
      this.#opts.onRetry?.({
        operation: ex.operation,
        attempt: attemptNo,
        delayMs: delay,
        reason: error.message,
        rateLimited: decision.reason === 'rate-limited',
        budgetLeftMs: Math.max(0, retry.maxElapsedMs - elapsedNow),
      });
      try {
        await sleep(delay, ex.signal);
      } catch {
        throw this.#aborted(ex, maybeProcessed);
      }
      if (ex.signal?.aborted) throw this.#aborted(ex, maybeProcessed);
      if (clock.now() - startedAt >= retry.maxElapsedMs) {
        throw gaveUp(error, attemptNo, maybeProcessed, clock.now() - startedAt, 'budget-spent', retry);
      }
    }
  }

  /** One attempt on the exchange channel (./channels.ts), for a recording. */
  #announce(ex: Exchange, attemptNo: number, startedAt: number, outcome: { response: AttemptResponse } | { failure: string }): void {
    const response = 'response' in outcome ? outcome.response : undefined;
    announceExchange({
      origin: ex.origin,
      method: ex.method,
      path: ex.path,
      operation: ex.operation,
      attempt: attemptNo,
      requestBody: ex.body,
      startedAt,
      durationMs: Math.max(0, this.#opts.clock.now() - startedAt),
      status: response?.status,
      responseHeaders: response?.headers,
      responseBody: response?.text,
      ...('failure' in outcome ? { failure: outcome.failure } : {}),
    });
  }

  #aborted(ex: Exchange, maybeProcessed: boolean): AbortedError {
    const error = new AbortedError(`${ex.operation}: aborted by the caller`, { operation: ex.operation, cause: ex.signal?.reason });
    if (maybeProcessed) error.maybeProcessed = true;
    return error;
  }

  #failureError(failure: Exclude<AttemptFailure, { type: 'aborted' }>, ex: Exchange, timeoutMs: number): WalletInfraError {
    if (failure.type === 'timeout') {
      return new TimeoutError(`${ex.operation}: no response from ${ex.origin} within ${timeoutMs} ms`, {
        operation: ex.operation,
        timeoutMs,
      });
    }
    const what = {
      connect: `could not connect to ${ex.origin}`,
      refused: `could not connect to ${ex.origin}: connection refused, nothing is listening there`,
      'unknown-host': `could not connect to ${ex.origin}: the host name does not resolve`,
      tls: `secure connection to ${ex.origin} failed`,
      connection: `connection to ${ex.origin} failed`,
    }[failure.kind];
    return new ConnectionError(`${ex.operation}: ${what} (${failure.code})`, { operation: ex.operation });
  }
}

/** Error bodies are rpcStatus JSON; anything else (an HTML proxy page) is dropped, never echoed. */
function parseErrorBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The last attempt's error, saying how long and how often we tried, whether the request may have been
 * processed, and when the time budget is why we stopped (`reason`, from `shouldRetry`).
 */
function gaveUp(
  error: WalletInfraError,
  attempts: number,
  maybeProcessed: boolean,
  elapsedMs: number,
  reason: RetryStopReason,
  retry: RetryOptions,
): WalletInfraError {
  error.attempts = attempts;
  if (maybeProcessed) error.maybeProcessed = true;
  const budgetSpent = reason === 'budget-spent' || reason === 'retry-after-beyond-budget';
  if (attempts > 1 || budgetSpent) {
    const why = budgetSpent ? `, the retry time budget of ${retry.maxElapsedMs} ms is spent` : '';
    error.message = `${error.message} [gave up after ${attempts} attempt${attempts === 1 ? '' : 's'} in ${Math.round(elapsedMs)} ms${why}]`;
  }
  return error;
}
