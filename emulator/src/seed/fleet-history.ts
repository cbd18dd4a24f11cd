// The activity a seeded object would have been made by, recorded as the activity engine records a completed
// one (its type, intent and result keys from the sdk's operation table, the body's fingerprint, the
// submitter's vote), so the organization's history names who made each object: the unmanaged-objects report
// reads it (docs/service-behaviour.md#unmanaged-objects). The vote carries no signature: the body was never
// sent, and the emulator never checks a recorded vote again.
import { activityFingerprint, type SubmitOperation } from '@walletinfra/sdk';
import { COMPLETED } from '../activities/status';
import type { Env } from '../env';
import type { ActivityRecord } from '../store/records';
import type { Store } from '../store/store';

export interface Submitter {
  userId: string;
  /** the public key it would have signed with; empty for a user without an API key (a passkey user) */
  publicKey: string;
}

export function recordActivity(
  deps: { store: Store; env: Env },
  organizationId: string,
  submitter: Submitter,
  op: SubmitOperation,
  parameters: Record<string, unknown>,
  result: Record<string, unknown>,
): ActivityRecord {
  const now = deps.env.now();
  const timestampMs = String(now);
  const body = JSON.stringify({ type: op.activityType, timestampMs, organizationId, parameters });
  const id = deps.env.uuid();
  const activity: ActivityRecord = {
    id,
    organizationId,
    operation: op.name,
    type: op.activityType,
    status: COMPLETED,
    parameters,
    intentKey: op.intentKey,
    result: op.resultKey === undefined ? {} : { [op.resultKey]: result },
    votes: [
      {
        id: deps.env.uuid(),
        userId: submitter.userId,
        activityId: id,
        selection: 'VOTE_SELECTION_APPROVED',
        message: body,
        publicKey: submitter.publicKey,
        signature: '',
        scheme: 'SIGNATURE_SCHEME_TK_API_P256',
        createdAt: now,
      },
    ],
    fingerprint: activityFingerprint(body),
    submittedBy: submitter,
    timestampMs,
    createdAt: now,
    updatedAt: now,
  };
  return deps.store.activities.insert(activity);
}
