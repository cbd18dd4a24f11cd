// Transport: undici keep-alive client, retry policy (pure functions) and the options object.
export { Transport } from './transport';
export type { PostRequest, GetRequest, GetResponse } from './transport';
export type { TransportOptions, Clock, Sleep, RetryEvent } from './options';
export {
  DEFAULT_TIMEOUT_MS,
  DEFAULT_CONNECTIONS,
  DEFAULT_USER_AGENT,
  OPERATIONS_PATH_PREFIX,
  originProblem,
  ServiceUrl,
  TransportOptionsSchema,
} from './options';
export {
  shouldRetry,
  backoffMs,
  parseRetryAfter,
  resolveRetryOptions,
  DEFAULT_RETRY_OPTIONS,
  RetryOptionsSchema,
  RETRYABLE_STATUSES,
  STATUS_CLASSES,
  ERROR_KIND_CLASSES,
  failureClass,
  mayHaveBeenProcessed,
} from './retry';
export type {
  RetryOptions,
  RetryErrorKind,
  FailureClass,
  Failure,
  ShouldRetryInput,
  RetryDecision,
  RetryStopReason,
  BackoffInput,
} from './retry';
export { ConcurrencyLimit, LimitedDispatcher } from './concurrency';
export { TRANSPORT_CHANNELS } from './channels';
export type { PoolOpenMessage, AttemptSettledMessage, TransportClosedMessage, ExchangeMessage } from './channels';
