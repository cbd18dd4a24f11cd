// Retry decisions as pure functions, tested from tables (as in stripe-node).
import {
  backoffMs,
  ConfigurationError,
  DEFAULT_RETRY_OPTIONS,
  parseRetryAfter,
  resolveRetryOptions,
  shouldRetry,
  failureClass,
  mayHaveBeenProcessed,
  type FailureClass,
  type RetryDecision,
  type RetryErrorKind,
} from '@walletinfra/sdk';
import { classifyNetworkError } from '@walletinfra/sdk/transport/attempt';

const options = resolveRetryOptions();

test('defaults', () => {
  expect(options).toEqual({ maxAttempts: 4, baseDelayMs: 200, maxDelayMs: 10_000, maxElapsedMs: 120_000 });
  expect(DEFAULT_RETRY_OPTIONS).toEqual(options);
});

describe('the classification table', () => {
  test.each<[number | undefined, RetryErrorKind | undefined, FailureClass, boolean]>([
    // status, error kind, class, may the service have processed the request?
    [429, undefined, 'rate-limited', false],
    [503, undefined, 'rate-limited', true],
    [500, undefined, 'transient', true],
    [502, undefined, 'transient', true],
    [504, undefined, 'transient', true],
    [400, undefined, 'fatal', false],
    [401, undefined, 'fatal', false],
    [403, undefined, 'fatal', false],
    [404, undefined, 'fatal', false],
    [409, undefined, 'fatal', false],
    [501, undefined, 'fatal', true],
    [505, undefined, 'fatal', true],
    [undefined, 'connect', 'transient', false],
    [undefined, 'connection', 'transient', true],
    [undefined, 'timeout', 'transient', true],
    [undefined, 'refused', 'fatal', false],
    [undefined, 'unknown-host', 'fatal', false],
    [undefined, 'tls', 'fatal', false],
    [undefined, undefined, 'fatal', false],
  ])('status %s / %s → %s (maybe processed: %s)', (status, errorKind, kind, processed) => {
    const failure = { ...(status === undefined ? {} : { status }), ...(errorKind === undefined ? {} : { errorKind }) };
    expect([failureClass(failure), mayHaveBeenProcessed(failure)]).toEqual([kind, processed]);
  });
});

describe('shouldRetry', () => {
  test.each<[number | undefined, RetryErrorKind | undefined, number, RetryDecision]>([
    // status, error kind, attempts so far, decision and why
    [429, undefined, 1, { retry: true, reason: 'rate-limited' }],
    [429, undefined, 4, { retry: true, reason: 'rate-limited' }], // rate limits: no attempt cap, only the time budget
    [429, undefined, 50, { retry: true, reason: 'rate-limited' }],
    [503, undefined, 9, { retry: true, reason: 'rate-limited' }],
    [500, undefined, 1, { retry: true, reason: 'transient' }],
    [502, undefined, 2, { retry: true, reason: 'transient' }],
    [504, undefined, 3, { retry: true, reason: 'transient' }],
    [500, undefined, 4, { retry: false, reason: 'attempts-exhausted' }],
    [400, undefined, 1, { retry: false, reason: 'fatal' }],
    [401, undefined, 1, { retry: false, reason: 'fatal' }],
    [403, undefined, 1, { retry: false, reason: 'fatal' }],
    [404, undefined, 1, { retry: false, reason: 'fatal' }],
    [409, undefined, 1, { retry: false, reason: 'fatal' }],
    [501, undefined, 1, { retry: false, reason: 'fatal' }],
    [505, undefined, 1, { retry: false, reason: 'fatal' }],
    [undefined, 'connect', 1, { retry: true, reason: 'transient' }],
    [undefined, 'connection', 1, { retry: true, reason: 'transient' }],
    [undefined, 'timeout', 3, { retry: true, reason: 'transient' }],
    [undefined, 'timeout', 4, { retry: false, reason: 'attempts-exhausted' }],
    [undefined, 'refused', 1, { retry: false, reason: 'fatal' }], // fail fast: waiting cannot help
    [undefined, 'unknown-host', 1, { retry: false, reason: 'fatal' }],
    [undefined, 'tls', 1, { retry: false, reason: 'fatal' }],
    [undefined, undefined, 1, { retry: false, reason: 'fatal' }],
  ])('status %s / %s at attempt %i → %o', (status, errorKind, attempt, expected) => {
    const input = { attempt, options, ...(status === undefined ? {} : { status }), ...(errorKind === undefined ? {} : { errorKind }) };
    expect(shouldRetry(input)).toEqual(expected);
  });

  test.each<[number | undefined, RetryErrorKind | undefined, RetryDecision]>([
    [429, undefined, { retry: true, reason: 'rate-limited' }], // limited before processing
    [503, undefined, { retry: false, reason: 'not-repeatable' }],
    [500, undefined, { retry: false, reason: 'not-repeatable' }],
    [undefined, 'connect', { retry: true, reason: 'transient' }], // never sent
    [undefined, 'connection', { retry: false, reason: 'not-repeatable' }],
    [undefined, 'timeout', { retry: false, reason: 'not-repeatable' }],
    [404, undefined, { retry: false, reason: 'fatal' }],
  ])('non-idempotent: status %s / %s → %o', (status, errorKind, expected) => {
    const input = {
      attempt: 1,
      options,
      idempotent: false,
      ...(status === undefined ? {} : { status }),
      ...(errorKind === undefined ? {} : { errorKind }),
    };
    expect(shouldRetry(input)).toEqual(expected);
  });

  test.each<[number, number | undefined, RetryDecision]>([
    [119_999, undefined, { retry: true, reason: 'rate-limited' }],
    [120_000, undefined, { retry: false, reason: 'budget-spent' }],
    [121_000, undefined, { retry: false, reason: 'budget-spent' }],
    [115_000, 5_000, { retry: true, reason: 'rate-limited' }], // exactly the remaining budget
    [115_000, 5_001, { retry: false, reason: 'retry-after-beyond-budget' }], // give up rather than retry early
    [0, 60_000, { retry: true, reason: 'rate-limited' }], // a long Retry-After is honoured when the budget allows it
    [61_000, 60_000, { retry: false, reason: 'retry-after-beyond-budget' }],
  ])('elapsed %i ms, Retry-After %s ms → %o', (elapsedMs, retryAfterMs, expected) => {
    expect(shouldRetry({ status: 429, attempt: 1, options, elapsedMs, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) })).toEqual(
      expected,
    );
  });

  test.each<[string, Parameters<typeof shouldRetry>[0], RetryDecision]>([
    // When several reasons hold, the most lasting one is reported: the budget is named only when it alone stopped the retries.
    ['a fatal status after the budget', { status: 404, attempt: 1, options, elapsedMs: 200_000 }, { retry: false, reason: 'fatal' }],
    [
      'a write that may have been processed, after the budget',
      { status: 500, attempt: 1, options, elapsedMs: 200_000, idempotent: false },
      { retry: false, reason: 'not-repeatable' },
    ],
    [
      'a write that may have been processed, after its last attempt',
      { errorKind: 'timeout', attempt: 4, options, idempotent: false },
      { retry: false, reason: 'not-repeatable' },
    ],
    [
      'the last attempt of a transient failure, after the budget',
      { status: 502, attempt: 4, options, elapsedMs: 200_000 },
      { retry: false, reason: 'attempts-exhausted' },
    ],
    [
      'a transient failure with attempts left, after the budget',
      { status: 502, attempt: 2, options, elapsedMs: 200_000 },
      { retry: false, reason: 'budget-spent' },
    ],
  ])('%s → %o', (_case, input, expected) => {
    expect(shouldRetry(input)).toEqual(expected);
  });

  test('maxAttempts 1 disables retries of transient failures, not of rate limits', () => {
    const one = resolveRetryOptions({ maxAttempts: 1 });
    expect([shouldRetry({ status: 500, attempt: 1, options: one }), shouldRetry({ status: 429, attempt: 1, options: one })]).toEqual([
      { retry: false, reason: 'attempts-exhausted' },
      { retry: true, reason: 'rate-limited' },
    ]);
  });
});

describe('backoffMs', () => {
  const at = (r: number) => () => r;
  test.each<[number, number, number]>([
    // attempt, random, expected: floor(random * min(10000, 200 * 2^(attempt-1)))
    [1, 0, 0],
    [1, 0.5, 100],
    [1, 0.999999, 199],
    [2, 0.5, 200],
    [3, 0.5, 400],
    [4, 0.25, 400],
    [7, 0.5, 5000], // 200 * 64 = 12800, capped at 10000
    [30, 0.999999, 9999],
  ])('attempt %i with random %f → %i ms', (attempt, r, expected) => {
    expect(backoffMs(attempt, { random: at(r), options })).toBe(expected);
  });

  test('full jitter stays within [0, ceiling] for any random value', () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const ceiling = Math.min(10_000, 200 * 2 ** (attempt - 1));
      for (const r of [0, 0.1, 0.5, 0.9, 0.999999, 1, -1, 2]) {
        const d = backoffMs(attempt, { random: at(r), options });
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(ceiling);
      }
    }
  });

  test.each<[number | undefined, number, number]>([
    [1500, 0, 1680], // Retry-After plus the jitter (0.9 of 200)
    [60_000, 0, 60_180], // honoured beyond maxDelayMs
    [0, 0, 180],
    [5000, 117_000, 3000], // never past the budget
    [undefined, 119_990, 10], // jitter clipped too (0.9 of 200 = 180, 10 left)
    [undefined, 121_000, 0],
  ])('Retry-After %s ms at elapsed %i ms → %i ms', (retryAfterMs, elapsedMs, expected) => {
    expect(backoffMs(1, { random: at(0.9), options, elapsedMs, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) })).toBe(expected);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  test.each<[string | undefined, number | undefined]>([
    ['0', 0],
    ['3', 3000],
    [' 120 ', 120_000],
    ['Wed, 01 Jan 2025 00:00:05 GMT', 5000],
    ['Tue, 31 Dec 2024 23:59:00 GMT', 0], // in the past
    ['-1', undefined],
    ['1.5', undefined],
    ['soon', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j → %s', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe('resolveRetryOptions', () => {
  test('merges partial options and ignores undefined', () => {
    expect(resolveRetryOptions({ maxAttempts: 2, baseDelayMs: undefined })).toEqual({ ...DEFAULT_RETRY_OPTIONS, maxAttempts: 2 });
  });
  test.each<[Record<string, unknown>, string]>([
    [{ maxAttempts: 0 }, 'retry.maxAttempts must be an integer >= 1, got 0'],
    [{ maxAttempts: 1.5 }, 'retry.maxAttempts must be an integer >= 1, got 1.5'],
    [{ baseDelayMs: -1 }, 'retry.baseDelayMs must be a finite number >= 0, got -1'],
    [{ maxDelayMs: Infinity }, 'retry.maxDelayMs must be a finite number >= 0, got Infinity'],
    [{ maxElapsedMs: '5' }, 'retry.maxElapsedMs must be a finite number >= 0, got 5'],
    [{ retries: 3 }, 'unknown retry option "retries"; known: maxAttempts, baseDelayMs, maxDelayMs, maxElapsedMs'],
  ])('%j is rejected', (input, message) => {
    let caught: unknown;
    try {
      resolveRetryOptions(input);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ConfigurationError);
    expect({ code: (caught as ConfigurationError).code, message: (caught as Error).message }).toEqual({
      code: 'INVALID_CONFIGURATION',
      message,
    });
  });
});

describe('network error classification (transport/attempt)', () => {
  // Internal module: decides whether a failure without a response is retryable.
  const err = (code?: string, cause?: unknown) =>
    Object.assign(new Error('x'), code === undefined ? {} : { code }, cause === undefined ? {} : { cause });
  test.each<[unknown, object]>([
    [err('ECONNREFUSED'), { type: 'network', kind: 'refused', code: 'ECONNREFUSED' }],
    [err('ENOTFOUND'), { type: 'network', kind: 'unknown-host', code: 'ENOTFOUND' }],
    [err('EAI_AGAIN'), { type: 'network', kind: 'connect', code: 'EAI_AGAIN' }],
    [err('UND_ERR_CONNECT_TIMEOUT'), { type: 'network', kind: 'connect', code: 'UND_ERR_CONNECT_TIMEOUT' }],
    [err('ECONNRESET'), { type: 'network', kind: 'connection', code: 'ECONNRESET' }],
    [err('UND_ERR_SOCKET'), { type: 'network', kind: 'connection', code: 'UND_ERR_SOCKET' }],
    [err(undefined, err('EHOSTUNREACH')), { type: 'network', kind: 'connect', code: 'EHOSTUNREACH' }],
    [err('CERT_HAS_EXPIRED'), { type: 'network', kind: 'tls', code: 'CERT_HAS_EXPIRED' }],
    [err('DEPTH_ZERO_SELF_SIGNED_CERT'), { type: 'network', kind: 'tls', code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }],
    [err('ERR_TLS_CERT_ALTNAME_INVALID'), { type: 'network', kind: 'tls', code: 'ERR_TLS_CERT_ALTNAME_INVALID' }],
    [err(), { type: 'network', kind: 'connection', code: 'UNKNOWN' }],
    ['not an error', { type: 'network', kind: 'connection', code: 'UNKNOWN' }],
  ])('%#', (error, expected) => {
    expect(classifyNetworkError(error)).toEqual(expected);
  });
});
