// The provider's one error of its own: an object exists but a later step of the same operation failed.
// The dynamic-provider shim turns an error carrying `id` (plus `properties` and `reasons`) into
// ErrorResourceInitFailed, so the engine records the object instead of losing track of it (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/,
// create row). Everything else the provider throws is one of the sdk's WalletInfraError classes.
import { WalletInfraError, type WalletInfraErrorCode } from '@walletinfra/sdk/errors';

/** What an error says, whatever was thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class PartialFailureError extends WalletInfraError {
  /** The id of the object that exists. */
  readonly id: string;
  /** Its state as far as the provider knows it, recorded by the engine as the resource's outputs. */
  readonly properties: object;
  readonly reasons: string[];

  /** `code` is the failed step's, so callers can react to it (a rate limit, a consensus wait...). */
  constructor(message: string, init: { id: string; properties: object; cause: unknown }) {
    const code: WalletInfraErrorCode = init.cause instanceof WalletInfraError ? init.cause.code : 'UNEXPECTED_RESPONSE';
    const causeMessage = messageOf(init.cause);
    super(code, `${message}: ${causeMessage}`, { cause: init.cause });
    this.id = init.id;
    this.properties = init.properties;
    this.reasons = [causeMessage];
  }
}

/**
 * Runs a write that follows a create or an adoption (`done` says which, and what failed): when it fails,
 * the object still exists, so the error carries its id and `properties` for the engine to record.
 */
export async function recordedIfFails<T>(done: string, id: string, properties: object, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw new PartialFailureError(done, { id, properties, cause: error });
  }
}
