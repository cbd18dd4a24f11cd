// How a failed request answers the engine. A malformed request names the field (INVALID_ARGUMENT); an
// object that exists although a later step failed is reported with its id and state (ErrorResourceInitFailed
// in the status details, as @pulumi/pulumi's providers do in cmd/dynamic-provider/index.js), so the engine
// records it; every other failure is its message, which the engine prints. Never a stack trace, never a
// value: the per-kind errors are already written without secrets (../runtime/report.ts sends traces to
// the engine's debug log).
import type * as grpc from '@grpc/grpc-js';
import { PartialFailureError, messageOf } from '../errors';
import { proto } from './proto';
import { toStruct, type Properties } from './values';

/** A request the engine would never send: a required field missing or malformed. */
export class RequestError extends Error {
  override readonly name = 'RequestError';
}

/** What the provider does not do (Construct, Call...), said as such. */
export class UnimplementedError extends Error {
  override readonly name = 'UnimplementedError';
}

/** The state of an object a failed create or update leaves, for the engine to record. */
export interface Leftover {
  secrets: ReadonlySet<string>;
  inputs?: Properties;
}

export function serviceError(error: unknown, leftover?: Leftover): Partial<grpc.ServiceError> {
  const { grpc: g, provider, status, any } = proto();
  if (error instanceof RequestError) return { code: g.status.INVALID_ARGUMENT, details: error.message };
  if (error instanceof UnimplementedError) return { code: g.status.UNIMPLEMENTED, details: error.message };
  const message = messageOf(error);
  const metadata = new g.Metadata();
  if (error instanceof PartialFailureError && leftover !== undefined) {
    const detail = new provider.ErrorResourceInitFailed();
    detail.setId(error.id);
    detail.setProperties(toStruct(proto().struct.Struct, error.properties as Properties, leftover.secrets));
    if (leftover.inputs !== undefined) detail.setInputs(toStruct(proto().struct.Struct, leftover.inputs, leftover.secrets));
    detail.setReasonsList(error.reasons);
    const packed = new any.Any();
    packed.pack(detail.serializeBinary(), 'pulumirpc.ErrorResourceInitFailed');
    const details = new status.Status();
    details.setCode(g.status.UNKNOWN);
    details.setMessage(message);
    details.addDetails(packed);
    // The engine reads structured error details from this trailer (the gRPC status details convention).
    metadata.add('grpc-status-details-bin', Buffer.from(details.serializeBinary()));
  }
  return { code: g.status.UNKNOWN, details: message, metadata };
}
