// An activity on the wire (`v1Activity`): in API responses and, with ISO times, in webhook payloads
// (docs/service-behaviour.md#activities). Who may still vote comes from the activity engine's voting rules.
import { canVote } from '../activities/voting';
import type { ActivityRecord, VoteRecord } from '../store/records';
import type { Store } from '../store/store';
import { renderUserById } from './identity';
import { renderTime, type TimeFormat } from './time';

function renderVote(store: Store, v: VoteRecord, format: TimeFormat): Record<string, unknown> {
  return {
    id: v.id,
    userId: v.userId,
    user: renderUserById(store, v.userId, format),
    activityId: v.activityId,
    selection: v.selection,
    message: v.message,
    publicKey: v.publicKey,
    signature: v.signature,
    scheme: v.scheme,
    createdAt: renderTime(v.createdAt, format),
  };
}

/** `viewerUserId`: canApprove/canReject are answered for this user (undefined = "could anyone"). */
export function renderActivity(
  store: Store,
  a: ActivityRecord,
  nowMs: number,
  format: TimeFormat,
  viewerUserId?: string,
): Record<string, unknown> {
  const can = canVote(store, a, viewerUserId, nowMs);
  const out: Record<string, unknown> = {
    id: a.id,
    organizationId: a.organizationId,
    status: a.status,
    type: a.type,
    intent: { [a.intentKey]: a.parameters },
    result: a.result,
    votes: a.votes.map((v) => renderVote(store, v, format)),
    fingerprint: a.fingerprint,
    canApprove: can,
    canReject: can,
    createdAt: renderTime(a.createdAt, format),
    updatedAt: renderTime(a.updatedAt, format),
  };
  if (a.failure !== undefined) out.failure = a.failure;
  return out;
}
