// Every failure the emulator answers with, in the service's error shape (docs/service-behaviour.md#errors):
// `{code, message, details: [{"@type": ".../errors.v1.TurnkeyErrorDetail", turnkeyErrorCode}]}` sent with the
// HTTP status documented for the gRPC code (docs/service-behaviour.md#errors). One class, factories per gRPC code.

export const TURNKEY_ERROR_DETAIL_TYPE = 'type.googleapis.com/errors.v1.TurnkeyErrorDetail';
export const POLICY_ENGINE_DETAIL_TYPE = 'type.googleapis.com/errors.v1.PolicyEnginePermissionError';

/** gRPC codes used here and the HTTP status each is sent with (docs/service-behaviour.md#errors; 12 and 9 are grpc-gateway defaults). */
export const GRPC = {
  InvalidArgument: { code: 3, status: 400 },
  NotFound: { code: 5, status: 404 },
  // grpc-gateway's default mapping of FailedPrecondition; the errors page documents no status for it (docs/service-behaviour.md#errors)
  FailedPrecondition: { code: 9, status: 400 },
  PermissionDenied: { code: 7, status: 403 },
  ResourceExhausted: { code: 8, status: 429 },
  Unimplemented: { code: 12, status: 405 },
  Internal: { code: 13, status: 500 },
  Unavailable: { code: 14, status: 503 },
  Unauthenticated: { code: 16, status: 401 },
} as const;

/** The rpcStatus body of an error response (and of `activity.failure`). */
export interface RpcStatusBody {
  code: number;
  message: string;
  details: Array<Record<string, unknown>>;
}

export class ServiceError extends Error {
  readonly status: number;
  readonly grpcCode: number;
  readonly turnkeyErrorCode: string | undefined;
  readonly extraDetails: Array<Record<string, unknown>>;

  constructor(
    status: number,
    grpcCode: number,
    message: string,
    init: { turnkeyErrorCode?: string; details?: Array<Record<string, unknown>> } = {},
  ) {
    super(message);
    this.name = 'ServiceError';
    this.status = status;
    this.grpcCode = grpcCode;
    this.turnkeyErrorCode = init.turnkeyErrorCode;
    this.extraDetails = init.details ?? [];
  }

  toBody(): RpcStatusBody {
    const details: Array<Record<string, unknown>> = [];
    if (this.turnkeyErrorCode !== undefined) {
      details.push({ '@type': TURNKEY_ERROR_DETAIL_TYPE, turnkeyErrorCode: this.turnkeyErrorCode });
    }
    details.push(...this.extraDetails);
    return { code: this.grpcCode, message: this.message, details };
  }
}

type Init = { turnkeyErrorCode?: string; details?: Array<Record<string, unknown>> };

function make(kind: keyof typeof GRPC, defaultCode: string) {
  return (message: string, init: Init = {}) =>
    new ServiceError(GRPC[kind].status, GRPC[kind].code, message, {
      ...init,
      turnkeyErrorCode: init.turnkeyErrorCode ?? defaultCode,
    });
}

export const invalidArgument = make('InvalidArgument', 'REQUEST_INVALID');
export const notFound = make('NotFound', 'UNSPECIFIED');
export const permissionDenied = make('PermissionDenied', 'REQUEST_NOT_AUTHORIZED');
export const unauthenticated = make('Unauthenticated', 'UNAUTHENTICATED');
export const resourceExhausted = make('ResourceExhausted', 'RATE_LIMIT_EXCEEDED');
export const methodNotAllowed = make('Unimplemented', 'UNSPECIFIED');
export const failedPrecondition = make('FailedPrecondition', 'UNSPECIFIED');

/** A thrown bug: the documented 500 message with a correlation id (docs/service-behaviour.md#errors). */
export function internalError(correlationId: string): ServiceError {
  return new ServiceError(GRPC.Internal.status, GRPC.Internal.code, `internal server error (${correlationId})`, {
    turnkeyErrorCode: 'INTERNAL',
  });
}

/** The gRPC code and turnkeyErrorCode an error response with a given HTTP status carries. */
interface StatusCodes {
  code: number;
  turnkeyErrorCode: string;
}

/**
 * What an injected HTTP status is sent as: the gRPC code grpc-gateway maps back to the status, and the turnkeyErrorCode the
 * service sends with it (docs/service-behaviour.md#errors). A status not listed is Internal (13) from 500 up and Unknown (2)
 * below.
 */
const STATUS_CODES: Readonly<Record<number, StatusCodes>> = {
  400: { code: GRPC.InvalidArgument.code, turnkeyErrorCode: 'UNSPECIFIED' },
  401: { code: GRPC.Unauthenticated.code, turnkeyErrorCode: 'UNAUTHENTICATED' },
  403: { code: GRPC.PermissionDenied.code, turnkeyErrorCode: 'FORBIDDEN' },
  404: { code: GRPC.NotFound.code, turnkeyErrorCode: 'UNSPECIFIED' },
  429: { code: GRPC.ResourceExhausted.code, turnkeyErrorCode: 'RATE_LIMIT_EXCEEDED' },
  503: { code: GRPC.Unavailable.code, turnkeyErrorCode: 'INTERNAL' },
};
const OTHER_SERVER_ERROR: StatusCodes = { code: GRPC.Internal.code, turnkeyErrorCode: 'INTERNAL' };
const OTHER_CLIENT_ERROR: StatusCodes = { code: 2, turnkeyErrorCode: 'UNSPECIFIED' };

/** An error response with an arbitrary HTTP status, as fault injection asks for (e.g. 503 or 429). */
export function statusError(status: number, message: string): ServiceError {
  const { code, turnkeyErrorCode } = STATUS_CODES[status] ?? (status >= 500 ? OTHER_SERVER_ERROR : OTHER_CLIENT_ERROR);
  return new ServiceError(status, code, message, { turnkeyErrorCode });
}

export function isServiceError(e: unknown): e is ServiceError {
  return e instanceof ServiceError;
}
