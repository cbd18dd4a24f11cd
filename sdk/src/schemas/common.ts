// Building blocks shared by every schema: string-encoded integers, timestamps, pagination, open enums.
// Requests are strict (z.strictObject: an unknown key is an error); responses are loose (z.looseObject:
// unknown keys are kept) so a newer service does not break an older client.
import { z } from 'zod';

/** 64-bit unsigned integers travel as JSON strings of decimal digits (docs/service-behaviour.md#transport). */
export const Uint64String = z.string().regex(/^[0-9]+$/, 'must be a string of decimal digits');

/** `timestampMs` of a submit body: milliseconds since the epoch as a digit string (docs/service-behaviour.md#transport). */
export const TimestampMs = Uint64String;

/**
 * `createdAt` / `updatedAt` on most resources (docs/service-behaviour.md#transport, TYPES `externaldatav1Timestamp`). Responses only,
 * so lenient: the digit check is left to the caller, a malformed server value is not worth failing a read for.
 */
export const Timestamp = z.looseObject({ seconds: z.string(), nanos: z.string() });
export type Timestamp = z.infer<typeof Timestamp>;

/** `paginationOptions.limit`: an integer 1..100 passed as a string (docs/service-behaviour.md#limits-and-pagination), e.g. `'25'`. */
export const PaginationLimit = z.string().regex(/^(?:[1-9]|[1-9][0-9]|100)$/, 'must be a string of decimal digits from 1 to 100');

/** `paginationOptions` where accepted (docs/service-behaviour.md#transport, TYPES `v1Pagination`). */
export const Pagination = z.strictObject({
  limit: PaginationLimit.optional(),
  before: z.string().optional(),
  after: z.string().optional(),
});
export type Pagination = z.infer<typeof Pagination>;

/** `pageInfo` of cursor-paginated responses (docs/service-behaviour.md#transport). */
export const PageInfo = z.looseObject({
  hasNextPage: z.boolean().optional(),
  hasPreviousPage: z.boolean().optional(),
  startCursor: z.string().optional(),
  endCursor: z.string().optional(),
});
export type PageInfo = z.infer<typeof PageInfo>;

/**
 * A value a newer service may send that this client does not know yet. It is a branded string so that code
 * which switches over the known values is forced by the compiler to handle "anything else".
 */
declare const unknownEnumValue: unique symbol;
export type UnknownEnumValue = string & { readonly [unknownEnumValue]: true };

/**
 * An enum as seen in a RESPONSE: the known values are typed, any other string is accepted (kept as is) and
 * typed {@link UnknownEnumValue}, so a service that adds a credential type or a status does not make every
 * read fail. Requests use plain `z.enum` (strict).
 */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.string().describe(`one of ${values.join(', ')}, or a value added by a newer service`) as unknown as z.ZodType<
    T[number] | UnknownEnumValue,
    string
  >;
}

/** The grpc-gateway error object, also used as `activity.failure` (docs/service-behaviour.md#errors, #activities). */
export const RpcStatus = z.looseObject({
  code: z.number().optional(),
  message: z.string().optional(),
  details: z.array(z.looseObject({ '@type': z.string().optional() })).optional(),
});
export type RpcStatus = z.infer<typeof RpcStatus>;

/** Non-empty identifiers. The service's ids are UUIDs, but we do not second-guess ids it may change. */
export const Id = z.string().min(1, 'must not be empty');
