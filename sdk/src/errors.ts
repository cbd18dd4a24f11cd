// One base error class with a stable string `code`, one subclass per failure kind (as in panva/jose).
// Messages are human and never carry header values, keys, secrets or raw response bodies.
// The wire shape of a service error is grpc-gateway's rpcStatus (docs/service-behaviour.md#errors); the mapping from HTTP
// status to class follows docs/service-behaviour.md#errors.

export type WalletInfraErrorCode =
  | 'INVALID_REQUEST'
  | 'UNAUTHENTICATED'
  | 'PERMISSION_DENIED'
  | 'POLICY_DENIED'
  | 'NOT_FOUND'
  | 'RATE_LIMITED'
  | 'SERVER_ERROR'
  | 'CONNECTION_ERROR'
  | 'TIMEOUT'
  | 'ACTIVITY_FAILED'
  | 'ACTIVITY_REJECTED'
  | 'CONSENSUS_NEEDED'
  | 'UNEXPECTED_RESPONSE'
  | 'INVALID_API_KEY'
  | 'INVALID_CONFIGURATION'
  | 'ABORTED'
  // The policy language (sdk/src/policy/errors.ts).
  | 'POLICY_SYNTAX'
  | 'POLICY_EVALUATION'
  | 'POLICY_INPUT';

export interface PolicyEvaluation {
  policyId: string;
  outcome: string;
}

/** One field-level problem found while validating a request before it is sent. */
export interface ValidationIssue {
  /** Dotted path of the field, e.g. `parameters.policyName`. */
  path: string;
  message: string;
}

/** How many problems an error message lists before it says how many more there are. */
const MAX_LISTED_ISSUES = 10;

/**
 * `a.b: is required; c: must be ...` for the first {@link MAX_LISTED_ISSUES} issues, then `; and N more`, so
 * a request with 100,000 bad items gets a short answer naming the first few, not a message of megabytes.
 */
export function formatIssueList(issues: ReadonlyArray<ValidationIssue>, max = MAX_LISTED_ISSUES): string {
  const listed = issues.slice(0, max).map((i) => (i.path === '' ? i.message : `${i.path}: ${i.message}`));
  const more = issues.length - listed.length;
  return more > 0 ? `${listed.join('; ')}; and ${more} more` : listed.join('; ');
}

/** The service's error body (`rpcStatus`), also used as `activity.failure` (docs/service-behaviour.md#activities). */
export interface ServiceStatus {
  code?: number;
  message?: string;
  details?: unknown[];
}

/** Everything an error may carry besides its message. All fields optional. */
export interface WalletInfraErrorInit {
  status?: number;
  grpcCode?: number;
  serviceMessage?: string;
  details?: unknown[];
  turnkeyErrorCode?: string;
  policyEvaluations?: PolicyEvaluation[];
  operation?: string;
  activityId?: string;
  fingerprint?: string;
  activityStatus?: string;
  cause?: unknown;
}

export class WalletInfraError extends Error {
  readonly code: WalletInfraErrorCode;
  readonly status?: number;
  readonly grpcCode?: number;
  readonly serviceMessage?: string;
  readonly details: unknown[];
  readonly turnkeyErrorCode?: string;
  readonly policyEvaluations?: PolicyEvaluation[];
  readonly operation?: string;
  readonly activityId?: string;
  readonly fingerprint?: string;
  readonly activityStatus?: string;
  /**
   * Set by the transport when an attempt of the failed request may have been processed by the service
   * (a lost response, a timeout, a 5xx) before it gave up: for a write, the outcome is unknown and must be
   * found out (the activity by its fingerprint, or the object) before anything is concluded.
   */
  maybeProcessed?: boolean;
  /** Set by the transport: how many attempts the request took before this error. */
  attempts?: number;

  constructor(code: WalletInfraErrorCode, message: string, init: WalletInfraErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.code = code;
    this.details = init.details ?? [];
    // Assign only what is present so that `toJSON()` and `toEqual` comparisons stay tidy.
    if (init.status !== undefined) this.status = init.status;
    if (init.grpcCode !== undefined) this.grpcCode = init.grpcCode;
    if (init.serviceMessage !== undefined) this.serviceMessage = init.serviceMessage;
    if (init.turnkeyErrorCode !== undefined) this.turnkeyErrorCode = init.turnkeyErrorCode;
    if (init.policyEvaluations !== undefined) this.policyEvaluations = init.policyEvaluations;
    if (init.operation !== undefined) this.operation = init.operation;
    if (init.activityId !== undefined) this.activityId = init.activityId;
    if (init.fingerprint !== undefined) this.fingerprint = init.fingerprint;
    if (init.activityStatus !== undefined) this.activityStatus = init.activityStatus;
  }

  /** A plain, loggable view (no stack, no cause, nothing secret). */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, code: this.code, message: this.message };
    for (const key of JSON_FIELDS) {
      const value = (this as Record<string, unknown>)[key];
      if (value !== undefined) out[key] = value;
    }
    if (this.details.length > 0) out.details = this.details;
    return out;
  }
}

const JSON_FIELDS = [
  'status',
  'grpcCode',
  'serviceMessage',
  'turnkeyErrorCode',
  'policyEvaluations',
  'operation',
  'activityId',
  'fingerprint',
  'activityStatus',
  'retryAfterMs',
  'issues',
  'failure',
  'timeoutMs',
  'maybeProcessed',
  'attempts',
] as const;

export function isWalletInfraError(e: unknown): e is WalletInfraError {
  return e instanceof WalletInfraError;
}

export class InvalidRequestError extends WalletInfraError {
  /** Field-level problems when the request was rejected before sending; empty for a service 400. */
  readonly issues: ValidationIssue[];
  constructor(message: string, init: WalletInfraErrorInit & { issues?: ValidationIssue[] } = {}) {
    super('INVALID_REQUEST', message, init);
    this.issues = init.issues ?? [];
  }

  /**
   * The client-side validation error, naming every bad field:
   * `invalid request for create_policy: parameters.policyName: required; parameters.effect: ...`.
   */
  static fromIssues(operationName: string, issues: ValidationIssue[], init: WalletInfraErrorInit = {}): InvalidRequestError {
    const list = formatIssueList(issues);
    return new InvalidRequestError(`invalid request for ${operationName}: ${list}`, { ...init, issues });
  }
}

export class UnauthenticatedError extends WalletInfraError {
  constructor(message: string, init: WalletInfraErrorInit = {}) {
    super('UNAUTHENTICATED', message, init);
  }
}

export class PermissionDeniedError extends WalletInfraError {
  constructor(message: string, init: WalletInfraErrorInit = {}, code: 'PERMISSION_DENIED' | 'POLICY_DENIED' = 'PERMISSION_DENIED') {
    super(code, message, init);
  }
}

/** A 403 that came with the policy engine's evaluations (docs/service-behaviour.md#errors, PolicyEnginePermissionError). */
export class PolicyDeniedError extends PermissionDeniedError {
  declare readonly policyEvaluations: PolicyEvaluation[];
  constructor(message: string, init: WalletInfraErrorInit = {}) {
    super(message, { ...init, policyEvaluations: init.policyEvaluations ?? [] }, 'POLICY_DENIED');
  }
}

export class NotFoundError extends WalletInfraError {
  constructor(message: string, init: WalletInfraErrorInit = {}) {
    super('NOT_FOUND', message, init);
  }
}

export class RateLimitedError extends WalletInfraError {
  /** From a `Retry-After` header when the response had one (the service sends none today, docs/service-behaviour.md#limits-and-pagination). */
  readonly retryAfterMs?: number;
  constructor(message: string, init: WalletInfraErrorInit & { retryAfterMs?: number } = {}) {
    super('RATE_LIMITED', message, init);
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }
}

export class ServerError extends WalletInfraError {
  constructor(message: string, init: WalletInfraErrorInit = {}) {
    super('SERVER_ERROR', message, init);
  }
}

export class ConnectionError extends WalletInfraError {
  constructor(message: string, init: WalletInfraErrorInit = {}) {
    super('CONNECTION_ERROR', message, init);
  }
}

export class TimeoutError extends WalletInfraError {
  readonly timeoutMs?: number;
  constructor(message: string, init: WalletInfraErrorInit & { timeoutMs?: number } = {}) {
    super('TIMEOUT', message, init);
    if (init.timeoutMs !== undefined) this.timeoutMs = init.timeoutMs;
  }
}

export class ActivityFailedError extends WalletInfraError {
  /** The activity's `failure` (an rpcStatus, docs/service-behaviour.md#activities) when the service supplied one. */
  readonly failure?: ServiceStatus;
  readonly activity?: unknown;
  constructor(message: string, init: WalletInfraErrorInit & { failure?: ServiceStatus; activity?: unknown } = {}) {
    super('ACTIVITY_FAILED', message, init);
    if (init.failure !== undefined) this.failure = init.failure;
    if (init.activity !== undefined) this.activity = init.activity;
  }
}

export class ActivityRejectedError extends WalletInfraError {
  readonly activity?: unknown;
  constructor(message: string, init: WalletInfraErrorInit & { activity?: unknown } = {}) {
    super('ACTIVITY_REJECTED', message, init);
    if (init.activity !== undefined) this.activity = init.activity;
  }
}

export class ConsensusNeededError extends WalletInfraError {
  /** The activity as last seen, so callers can show who must approve. */
  readonly activity: unknown;
  constructor(message: string, init: WalletInfraErrorInit & { activity: unknown }) {
    super('CONSENSUS_NEEDED', message, init);
    this.activity = init.activity;
  }
}

export class UnexpectedResponseError extends WalletInfraError {
  constructor(message: string, init: WalletInfraErrorInit = {}) {
    super('UNEXPECTED_RESPONSE', message, init);
  }
}

export class InvalidApiKeyError extends WalletInfraError {
  constructor(message: string, init: WalletInfraErrorInit = {}) {
    super('INVALID_API_KEY', message, init);
  }
}

export class ConfigurationError extends WalletInfraError {
  constructor(message: string, init: WalletInfraErrorInit = {}) {
    super('INVALID_CONFIGURATION', message, init);
  }
}

export class AbortedError extends WalletInfraError {
  constructor(message: string, init: WalletInfraErrorInit = {}) {
    super('ABORTED', message, init);
  }
}
