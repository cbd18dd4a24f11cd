// Maps a non-2xx HTTP response (status + rpcStatus body) to a typed error (docs/service-behaviour.md#errors).
// Kept apart from the classes (./errors) so that file stays small; it imports them, never the reverse.
import {
  NotFoundError,
  PermissionDeniedError,
  PolicyDeniedError,
  RateLimitedError,
  ServerError,
  UnauthenticatedError,
  UnexpectedResponseError,
  InvalidRequestError,
  type PolicyEvaluation,
  type WalletInfraError,
  type WalletInfraErrorInit,
} from './errors';

export interface ErrorFromResponseInput {
  status: number;
  /** The parsed JSON body, or the raw text when it was not JSON, or undefined when empty. */
  body: unknown;
  /** The request path, e.g. `/public/v1/submit/create_policy`. */
  operation: string;
  retryAfterMs?: number;
}

export interface ParsedServiceStatus {
  grpcCode?: number;
  serviceMessage?: string;
  details: unknown[];
  turnkeyErrorCode?: string;
  /** Present when a PolicyEnginePermissionError detail was found (possibly empty). */
  policyEvaluations?: PolicyEvaluation[];
  /** The PolicyEnginePermissionError detail's own message, e.g. "No policies evaluated to outcome: Allow". */
  policyMessage?: string;
}

// Service messages are shown to people; cap them so a misbehaving proxy cannot flood logs.
const MAX_SERVICE_MESSAGE = 500;

const TURNKEY_ERROR_DETAIL = 'TurnkeyErrorDetail';
const POLICY_ENGINE_DETAIL = 'PolicyEnginePermissionError';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function detailType(d: Record<string, unknown>): string {
  const t = d['@type'];
  return typeof t === 'string' ? t : '';
}

/**
 * Reads an rpcStatus body leniently: unknown fields are ignored, wrong types are dropped.
 * `turnkeyErrorCode` comes from a TurnkeyErrorDetail, else from a top-level field (docs/service-behaviour.md#errors, UNCONFIRMED
 * whether the public API emits the top-level form; accepting both costs nothing).
 */
export function parseServiceStatus(body: unknown): ParsedServiceStatus {
  const out: ParsedServiceStatus = { details: [] };
  if (!isRecord(body)) return out;
  if (typeof body.code === 'number' && Number.isInteger(body.code)) out.grpcCode = body.code;
  if (typeof body.message === 'string' && body.message !== '') {
    out.serviceMessage = body.message.slice(0, MAX_SERVICE_MESSAGE);
  }
  if (Array.isArray(body.details)) out.details = body.details;
  for (const detail of out.details) {
    if (!isRecord(detail)) continue;
    const type = detailType(detail);
    if (type.endsWith(TURNKEY_ERROR_DETAIL) && typeof detail.turnkeyErrorCode === 'string') {
      out.turnkeyErrorCode ??= detail.turnkeyErrorCode;
    }
    if (type.endsWith(POLICY_ENGINE_DETAIL)) {
      out.policyEvaluations ??= [];
      if (Array.isArray(detail.policyEvaluations)) {
        for (const e of detail.policyEvaluations) {
          if (isRecord(e) && typeof e.policyId === 'string' && typeof e.outcome === 'string') {
            out.policyEvaluations.push({ policyId: e.policyId, outcome: e.outcome });
          }
        }
      }
      if (typeof detail.message === 'string' && detail.message !== '') {
        out.policyMessage ??= detail.message.slice(0, MAX_SERVICE_MESSAGE);
      }
    }
  }
  if (out.turnkeyErrorCode === undefined && typeof body.turnkeyErrorCode === 'string') {
    out.turnkeyErrorCode = body.turnkeyErrorCode;
  }
  return out;
}

function describe(status: number, parsed: ParsedServiceStatus): string {
  if (parsed.serviceMessage !== undefined) return parsed.serviceMessage;
  if (status === 429) return 'rate limited';
  if (status >= 500) return 'server error';
  return 'request failed';
}

/** `<operation>: <service message>[: <policy message>] (HTTP <status>[, <turnkeyErrorCode>])` */
function formatMessage(input: ErrorFromResponseInput, parsed: ParsedServiceStatus): string {
  let text = describe(input.status, parsed);
  // The policy engine's text is added unless the service's message already carries it
  // ("request not authorized: No policies evaluated to outcome: Allow").
  if (parsed.policyMessage !== undefined && !(parsed.serviceMessage ?? '').endsWith(parsed.policyMessage)) {
    text += `: ${parsed.policyMessage}`;
  }
  const suffix = parsed.turnkeyErrorCode !== undefined ? `, ${parsed.turnkeyErrorCode}` : '';
  return `${input.operation}: ${text} (HTTP ${input.status}${suffix})`;
}

/** The typed error for a non-2xx response. Never includes the raw body in the message. */
export function errorFromResponse(input: ErrorFromResponseInput): WalletInfraError {
  const parsed = parseServiceStatus(input.body);
  const message = formatMessage(input, parsed);
  const init: WalletInfraErrorInit = { status: input.status, operation: input.operation, details: parsed.details };
  if (parsed.grpcCode !== undefined) init.grpcCode = parsed.grpcCode;
  if (parsed.serviceMessage !== undefined) init.serviceMessage = parsed.serviceMessage;
  if (parsed.turnkeyErrorCode !== undefined) init.turnkeyErrorCode = parsed.turnkeyErrorCode;
  if (parsed.policyEvaluations !== undefined) init.policyEvaluations = parsed.policyEvaluations;

  const { status } = input;
  if (status === 400) return new InvalidRequestError(message, init);
  if (status === 401) return new UnauthenticatedError(message, init);
  if (status === 403) {
    return parsed.policyEvaluations !== undefined ? new PolicyDeniedError(message, init) : new PermissionDeniedError(message, init);
  }
  if (status === 404) return new NotFoundError(message, init);
  if (status === 429) {
    return new RateLimitedError(message, input.retryAfterMs === undefined ? init : { ...init, retryAfterMs: input.retryAfterMs });
  }
  if (status >= 500 && status <= 599) return new ServerError(message, init);
  // Other statuses (e.g. 409 for gRPC AlreadyExists) have no documented mapping (docs/service-behaviour.md#errors, #unconfirmed-choices).
  return new UnexpectedResponseError(message, init);
}
