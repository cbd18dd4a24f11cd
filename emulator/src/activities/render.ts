// Activities on the wire (docs/service-behaviour.md#activities). API responses use `{seconds, nanos}` timestamps, as
// @turnkey/http's generated types declare (clients are typed against them). Webhook payloads use ISO-8601
// strings, as the webhook reference's example shows (the sources disagree; docs/service-behaviour.md#webhook-deliveries).
import { toTimestamp } from '../env';
import type { ActivityRecord, UserRecord, VoteRecord } from '../store/records';
import type { Store } from '../store/store';
import { renderApiKey, renderMfaPolicy } from '../handlers/identity';

export const CONSENSUS_NEEDED = 'ACTIVITY_STATUS_CONSENSUS_NEEDED';
export const COMPLETED = 'ACTIVITY_STATUS_COMPLETED';
export const REJECTED = 'ACTIVITY_STATUS_REJECTED';
export const FAILED = 'ACTIVITY_STATUS_FAILED';
export const PENDING = 'ACTIVITY_STATUS_PENDING';

type TimeFormat = 'api' | 'iso';

function time(ms: number, format: TimeFormat): unknown {
  return format === 'api' ? toTimestamp(ms) : new Date(ms).toISOString();
}

/** `v1User` in @turnkey/http's generated types */
export function renderUser(store: Store, u: UserRecord, format: TimeFormat = 'api'): Record<string, unknown> {
  const out: Record<string, unknown> = { userId: u.userId, userName: u.userName };
  if (u.userEmail !== undefined) out.userEmail = u.userEmail;
  if (u.userPhoneNumber !== undefined) out.userPhoneNumber = u.userPhoneNumber;
  out.authenticators = store.authenticators
    .listByOrg(u.organizationId)
    .filter((a) => a.userId === u.userId)
    .map((a) => ({
      authenticatorId: a.authenticatorId,
      authenticatorName: a.authenticatorName,
      credentialId: a.credentialId,
      credential: { publicKey: a.publicKey, type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR' },
      createdAt: time(a.createdAt, format),
      updatedAt: time(a.createdAt, format),
    }));
  out.apiKeys = store.apiKeys.listByOrg(u.organizationId).filter((k) => k.userId === u.userId).map(renderApiKey);
  out.userTags = u.userTags;
  out.oauthProviders = u.oauthProviders.map((o) => ({ providerName: o.providerName }));
  out.createdAt = time(u.createdAt, format);
  out.updatedAt = time(u.updatedAt, format);
  out.mfaPolicies = store.mfaPolicies.findByKey(u.userId).map(renderMfaPolicy);
  return out;
}

function renderVote(store: Store, v: VoteRecord, format: TimeFormat): Record<string, unknown> {
  const user = store.users.get(v.userId);
  return {
    id: v.id,
    userId: v.userId,
    user: user === undefined ? { userId: v.userId } : renderUser(store, user, format),
    activityId: v.activityId,
    selection: v.selection,
    message: v.message,
    publicKey: v.publicKey,
    signature: v.signature,
    scheme: v.scheme,
    createdAt: time(v.createdAt, format),
  };
}

/**
 * Approvals count for 24 hours: the submission opens the window, and approvals older than that expire while
 * the activity stays CONSENSUS_NEEDED (docs/service-behaviour.md#activities, "Approval expiry"); an expired voter may vote again.
 */
export const APPROVAL_WINDOW_MS = 24 * 60 * 60 * 1000;

export function liveVotes(a: ActivityRecord, nowMs: number): VoteRecord[] {
  return a.votes.filter((v) => nowMs - v.createdAt < APPROVAL_WINDOW_MS);
}

/**
 * Who may still vote: the root quorum for root-quorum consensus, any user of the organization for policy
 * consensus; nobody who already voted, and nobody once the activity left CONSENSUS_NEEDED.
 */
export function canVote(store: Store, a: ActivityRecord, userId: string | undefined, nowMs: number): boolean {
  if (a.status !== CONSENSUS_NEEDED) return false;
  if (userId === undefined) return true;
  if (liveVotes(a, nowMs).some((v) => v.userId === userId)) return false;
  if (a.consensusBy === 'ROOT_QUORUM') {
    return store.organizations.get(a.organizationId)?.rootQuorum.userIds.includes(userId) ?? false;
  }
  return store.users.get(userId)?.organizationId === a.organizationId;
}

/** `viewerUserId`: canApprove/canReject are answered for this user (undefined = "could anyone"). */
export function renderActivity(store: Store, a: ActivityRecord, nowMs: number, viewerUserId?: string, format: TimeFormat = 'api'): Record<string, unknown> {
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
    createdAt: time(a.createdAt, format),
    updatedAt: time(a.updatedAt, format),
  };
  if (a.failure !== undefined) out.failure = a.failure;
  return out;
}
