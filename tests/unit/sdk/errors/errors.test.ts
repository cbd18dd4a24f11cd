// Error classes and the HTTP status + rpcStatus mapping (docs/service-behaviour.md#errors).
import {
  AbortedError,
  ActivityFailedError,
  ActivityRejectedError,
  ConfigurationError,
  ConnectionError,
  ConsensusNeededError,
  InvalidApiKeyError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  PolicyDeniedError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnauthenticatedError,
  UnexpectedResponseError,
  WalletInfraError,
  errorFromResponse,
  isWalletInfraError,
  parseServiceStatus,
} from '@walletinfra/sdk';

const OP = '/public/v1/submit/create_policy';
const tkDetail = (code: string) => ({ '@type': 'type.googleapis.com/errors.v1.TurnkeyErrorDetail', turnkeyErrorCode: code });
const policyDetail = {
  '@type': 'type.googleapis.com/errors.v1.PolicyEnginePermissionError',
  message: 'The following policies denied this action: p-1',
  policyEvaluations: [
    { policyId: 'p-1', outcome: 'OUTCOME_DENY_EXPLICIT' },
    { policyId: 'p-2', outcome: 'OUTCOME_ALLOW' },
    { policyId: 7, outcome: 'ignored: policyId not a string' },
  ],
};

describe('errorFromResponse', () => {
  test.each<[number, unknown, new (...a: never[]) => WalletInfraError, string, string]>([
    [
      400,
      { code: 3, message: 'policy label must be unique', details: [tkDetail('REQUEST_INVALID')] },
      InvalidRequestError,
      'INVALID_REQUEST',
      `${OP}: policy label must be unique (HTTP 400, REQUEST_INVALID)`,
    ],
    [
      401,
      { code: 16, message: 'could not find public key in organization', details: [] },
      UnauthenticatedError,
      'UNAUTHENTICATED',
      `${OP}: could not find public key in organization (HTTP 401)`,
    ],
    [
      403,
      { code: 7, message: 'request not authorized', details: [tkDetail('REQUEST_NOT_AUTHORIZED')] },
      PermissionDeniedError,
      'PERMISSION_DENIED',
      `${OP}: request not authorized (HTTP 403, REQUEST_NOT_AUTHORIZED)`,
    ],
    [
      403,
      { code: 7, message: 'policy engine denied request explicitly', details: [policyDetail] },
      PolicyDeniedError,
      'POLICY_DENIED',
      `${OP}: policy engine denied request explicitly: The following policies denied this action: p-1 (HTTP 403)`,
    ],
    [
      404,
      { code: 5, message: 'no organization found with the given ID' },
      NotFoundError,
      'NOT_FOUND',
      `${OP}: no organization found with the given ID (HTTP 404)`,
    ],
    [
      429,
      { code: 8, message: 'Too many requests in a short period of time. Please wait a few minutes and try again.' },
      RateLimitedError,
      'RATE_LIMITED',
      `${OP}: Too many requests in a short period of time. Please wait a few minutes and try again. (HTTP 429)`,
    ],
    [
      500,
      { code: 13, message: 'internal server error (0f8b6f52)' },
      ServerError,
      'SERVER_ERROR',
      `${OP}: internal server error (0f8b6f52) (HTTP 500)`,
    ],
    [503, undefined, ServerError, 'SERVER_ERROR', `${OP}: server error (HTTP 503)`],
    [429, 'not json', RateLimitedError, 'RATE_LIMITED', `${OP}: rate limited (HTTP 429)`],
    [409, { code: 6, message: 'already exists' }, UnexpectedResponseError, 'UNEXPECTED_RESPONSE', `${OP}: already exists (HTTP 409)`],
    [302, undefined, UnexpectedResponseError, 'UNEXPECTED_RESPONSE', `${OP}: request failed (HTTP 302)`],
    [418, ['array', 'body'], UnexpectedResponseError, 'UNEXPECTED_RESPONSE', `${OP}: request failed (HTTP 418)`],
  ])('HTTP %i', (status, body, cls, code, message) => {
    const err = errorFromResponse({ status, body, operation: OP });
    expect(err).toBeInstanceOf(cls);
    expect(err).toBeInstanceOf(WalletInfraError);
    expect(err).toBeInstanceOf(Error);
    expect({ code: err.code, message: err.message, status: err.status, operation: err.operation }).toEqual({
      code,
      message,
      status,
      operation: OP,
    });
  });

  test('carries every field of the rpcStatus', () => {
    const body = { code: 7, message: 'denied', details: [tkDetail('FORBIDDEN'), policyDetail] };
    const err = errorFromResponse({ status: 403, body, operation: OP }) as PolicyDeniedError;
    expect(err.toJSON()).toEqual({
      name: 'PolicyDeniedError',
      code: 'POLICY_DENIED',
      message: `${OP}: denied: The following policies denied this action: p-1 (HTTP 403, FORBIDDEN)`,
      status: 403,
      grpcCode: 7,
      serviceMessage: 'denied',
      turnkeyErrorCode: 'FORBIDDEN',
      policyEvaluations: [
        { policyId: 'p-1', outcome: 'OUTCOME_DENY_EXPLICIT' },
        { policyId: 'p-2', outcome: 'OUTCOME_ALLOW' },
      ],
      operation: OP,
      details: body.details,
    });
    expect(err).toBeInstanceOf(PermissionDeniedError);
  });

  test('a policy detail without evaluations is still a policy denial, with an empty list', () => {
    const body = {
      code: 7,
      message: 'No policies evaluated to outcome: Allow',
      details: [
        { '@type': 'type.googleapis.com/errors.v1.PolicyEnginePermissionError', message: 'No policies evaluated to outcome: Allow' },
      ],
    };
    const err = errorFromResponse({ status: 403, body, operation: OP });
    expect([err.code, err.message, err.policyEvaluations]).toEqual([
      'POLICY_DENIED',
      `${OP}: No policies evaluated to outcome: Allow (HTTP 403)`,
      [],
    ]);
  });

  test("the policy engine's text is not repeated when the service's message already ends with it", () => {
    const body = {
      code: 7,
      message: 'request not authorized: No policies evaluated to outcome: Allow',
      details: [
        {
          '@type': 'type.googleapis.com/errors.v1.PolicyEnginePermissionError',
          message: 'No policies evaluated to outcome: Allow',
          policyEvaluations: [],
        },
      ],
    };
    expect(errorFromResponse({ status: 403, body, operation: OP }).message).toBe(
      `${OP}: request not authorized: No policies evaluated to outcome: Allow (HTTP 403)`,
    );
  });

  test('top-level turnkeyErrorCode is used when no detail carries one (docs/service-behaviour.md#errors, unconfirmed form)', () => {
    const err = errorFromResponse({
      status: 400,
      body: { code: 3, message: 'Max number of OTPs have been initiated', details: [], turnkeyErrorCode: 'MAX_OTP_INITIATED' },
      operation: '/v1/otp_init',
    });
    expect([err.turnkeyErrorCode, err.message]).toEqual([
      'MAX_OTP_INITIATED',
      '/v1/otp_init: Max number of OTPs have been initiated (HTTP 400, MAX_OTP_INITIATED)',
    ]);
  });

  test('Retry-After is kept on rate-limit errors', () => {
    const err = errorFromResponse({ status: 429, body: {}, operation: OP, retryAfterMs: 2000 }) as RateLimitedError;
    expect([err.retryAfterMs, err.toJSON().retryAfterMs]).toEqual([2000, 2000]);
  });

  test('long service messages are capped at 500 characters and raw non-JSON bodies never appear', () => {
    const err = errorFromResponse({ status: 400, body: { message: 'm'.repeat(2000) }, operation: OP });
    expect(err.serviceMessage).toHaveLength(500);
    expect(errorFromResponse({ status: 502, body: '<html>secret-token-123</html>', operation: OP }).message).toBe(
      `${OP}: server error (HTTP 502)`,
    );
  });

  test('parseServiceStatus is lenient about shapes', () => {
    expect(parseServiceStatus(null)).toEqual({ details: [] });
    expect(parseServiceStatus({ code: '3', message: 5, details: 'x' })).toEqual({ details: [] });
    expect(parseServiceStatus({ code: 3, details: [null, 1, tkDetail('A'), tkDetail('B')] })).toEqual({
      grpcCode: 3,
      details: [null, 1, tkDetail('A'), tkDetail('B')],
      turnkeyErrorCode: 'A',
    });
  });
});

describe('classes', () => {
  test('InvalidRequestError.fromIssues names every field', () => {
    const err = InvalidRequestError.fromIssues('create_policy', [
      { path: 'parameters.policyName', message: 'required' },
      { path: 'parameters.effect', message: 'expected one of EFFECT_ALLOW, EFFECT_DENY' },
      { path: '', message: 'body must be an object' },
    ]);
    expect(err.message).toBe(
      'invalid request for create_policy: parameters.policyName: required; parameters.effect: expected one of EFFECT_ALLOW, EFFECT_DENY; body must be an object',
    );
    expect(err.issues).toHaveLength(3);
    expect(err.toJSON().issues).toEqual(err.issues);
  });

  test('every class has its stable code and name', () => {
    const activity = { id: 'a-1', status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED' };
    const all: WalletInfraError[] = [
      new InvalidRequestError('m'),
      new UnauthenticatedError('m'),
      new PermissionDeniedError('m'),
      new PolicyDeniedError('m'),
      new NotFoundError('m'),
      new RateLimitedError('m'),
      new ServerError('m'),
      new ConnectionError('m'),
      new TimeoutError('m'),
      new ActivityFailedError('m', { failure: { code: 3, message: 'bad' } }),
      new ActivityRejectedError('m'),
      new ConsensusNeededError('m', { activity }),
      new UnexpectedResponseError('m'),
      new InvalidApiKeyError('m'),
      new ConfigurationError('m'),
      new AbortedError('m'),
    ];
    expect(all.map((e) => [e.name, e.code])).toEqual([
      ['InvalidRequestError', 'INVALID_REQUEST'],
      ['UnauthenticatedError', 'UNAUTHENTICATED'],
      ['PermissionDeniedError', 'PERMISSION_DENIED'],
      ['PolicyDeniedError', 'POLICY_DENIED'],
      ['NotFoundError', 'NOT_FOUND'],
      ['RateLimitedError', 'RATE_LIMITED'],
      ['ServerError', 'SERVER_ERROR'],
      ['ConnectionError', 'CONNECTION_ERROR'],
      ['TimeoutError', 'TIMEOUT'],
      ['ActivityFailedError', 'ACTIVITY_FAILED'],
      ['ActivityRejectedError', 'ACTIVITY_REJECTED'],
      ['ConsensusNeededError', 'CONSENSUS_NEEDED'],
      ['UnexpectedResponseError', 'UNEXPECTED_RESPONSE'],
      ['InvalidApiKeyError', 'INVALID_API_KEY'],
      ['ConfigurationError', 'INVALID_CONFIGURATION'],
      ['AbortedError', 'ABORTED'],
    ]);
    expect(all.filter((e) => !isWalletInfraError(e) || e.details.length !== 0).map((e) => e.name)).toEqual([]);
    expect(isWalletInfraError(new Error('x'))).toBe(false);
    expect((all[11] as ConsensusNeededError).activity).toBe(activity);
    expect((all[9] as ActivityFailedError).toJSON()).toEqual({
      name: 'ActivityFailedError',
      code: 'ACTIVITY_FAILED',
      message: 'm',
      failure: { code: 3, message: 'bad' },
    });
  });

  test('activity fields and cause', () => {
    const cause = new Error('socket hang up');
    const err = new ActivityRejectedError('rejected', {
      activityId: 'a-1',
      fingerprint: 'sha256:00',
      activityStatus: 'ACTIVITY_STATUS_REJECTED',
      operation: OP,
      cause,
    });
    expect(err.cause).toBe(cause);
    expect(err.toJSON()).toEqual({
      name: 'ActivityRejectedError',
      code: 'ACTIVITY_REJECTED',
      message: 'rejected',
      operation: OP,
      activityId: 'a-1',
      fingerprint: 'sha256:00',
      activityStatus: 'ACTIVITY_STATUS_REJECTED',
    });
  });
});
