// The shape of one registry entry and the helpers that build them. An operation is data: a path, a request
// schema and a response schema ("resources are data"); adding an endpoint is adding one entry.
import { z } from 'zod';
import { ActivityResponse } from '../schemas/activity';
import { Id, TimestampMs } from '../schemas/common';

export type OperationKind = 'query' | 'submit' | 'proxy' | 'discovery';

/** `POST {base_url}/public/v1/query/<name>`: the body is validated by `request` (docs/service-behaviour.md#transport). */
export interface QueryOperation<N extends string = string, Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly name: N;
  readonly kind: 'query';
  readonly method: 'POST';
  readonly path: `/public/v1/query/${N}`;
  readonly request: Req;
  readonly response: Res;
}

/**
 * `POST {base_url}/public/v1/submit/<name>` (docs/service-behaviour.md#transport, #activities). `request` validates the `parameters` (the
 * intent), `envelope` the whole body, `result` the object found at `activity.result[resultKey]`.
 */
export interface SubmitOperation<
  N extends string = string,
  T extends string = string,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  IK extends string = string,
  RK extends string | undefined = string | undefined,
> {
  readonly name: N;
  readonly kind: 'submit';
  readonly method: 'POST';
  readonly path: `/public/v1/submit/${N}`;
  readonly activityType: T;
  /** key of the intent object inside `activity.intent` (docs/service-behaviour.md#activities) */
  readonly intentKey: IK;
  /** key of the result object inside `activity.result`; absent for approve/reject (docs/service-behaviour.md#approving-and-rejecting) */
  readonly resultKey: RK;
  readonly request: P;
  readonly result: R;
  readonly envelope: SubmitEnvelopeSchema<T, P>;
  readonly response: typeof ActivityResponse;
}

/** `POST {auth_proxy_url}/v1/<name>` with the `X-Auth-Proxy-Config-Id` header, no stamp (docs/service-behaviour.md#auth-proxy). */
export interface ProxyOperation<N extends string = string, Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly name: N;
  readonly kind: 'proxy';
  readonly method: 'POST';
  readonly path: `/v1/${string}`;
  readonly request: Req;
  readonly response: Res;
}

/** `GET {base_url}/public/v1/discovery/...`, unauthenticated, no body (docs/service-behaviour.md#verification-keys). */
export interface DiscoveryOperation<N extends string = string, Res extends z.ZodType = z.ZodType> {
  readonly name: N;
  readonly kind: 'discovery';
  readonly method: 'GET';
  readonly path: `/public/v1/discovery/${string}`;
  readonly response: Res;
}

export type AnyOperation = QueryOperation | SubmitOperation | ProxyOperation | DiscoveryOperation;

/** The strict body of a submit (docs/service-behaviour.md#transport): unknown top-level keys are rejected like unknown parameters. */
export type SubmitEnvelopeSchema<T extends string, P extends z.ZodType> = z.ZodObject<
  {
    type: z.ZodLiteral<T>;
    timestampMs: typeof TimestampMs;
    organizationId: typeof Id;
    parameters: P;
    generateAppProofs: z.ZodOptional<z.ZodBoolean>;
  },
  z.core.$strict
>;

export function defineQuery<const N extends string, Req extends z.ZodType, Res extends z.ZodType>(
  name: N,
  request: Req,
  response: Res,
): QueryOperation<N, Req, Res> {
  return { name, kind: 'query', method: 'POST', path: `/public/v1/query/${name}`, request, response };
}

export function defineSubmit<
  const N extends string,
  const T extends string,
  P extends z.ZodType,
  R extends z.ZodType,
  const IK extends string,
  const RK extends string | undefined = undefined,
>(name: N, spec: { activityType: T; intentKey: IK; resultKey?: RK; parameters: P; result: R }): SubmitOperation<N, T, P, R, IK, RK> {
  const envelope = z.strictObject({
    type: z.literal(spec.activityType),
    timestampMs: TimestampMs,
    organizationId: Id,
    parameters: spec.parameters,
    // docs/service-behaviour.md#transport: optional. TYPES leaves it out of init_import_secrets and create_session_profile; whether the
    // service accepts it there is [UNCONFIRMED]. The client only sends it when the caller sets it.
    generateAppProofs: z.boolean().optional(),
  });
  return {
    name,
    kind: 'submit',
    method: 'POST',
    path: `/public/v1/submit/${name}`,
    activityType: spec.activityType,
    intentKey: spec.intentKey,
    resultKey: spec.resultKey as RK,
    request: spec.parameters,
    result: spec.result,
    envelope,
    response: ActivityResponse,
  };
}

export function defineProxy<const N extends string, Req extends z.ZodType, Res extends z.ZodType>(
  name: N,
  path: `/v1/${string}`,
  request: Req,
  response: Res,
): ProxyOperation<N, Req, Res> {
  return { name, kind: 'proxy', method: 'POST', path, request, response };
}

export function defineDiscovery<const N extends string, Res extends z.ZodType>(
  name: N,
  path: `/public/v1/discovery/${string}`,
  response: Res,
): DiscoveryOperation<N, Res> {
  return { name, kind: 'discovery', method: 'GET', path, response };
}
