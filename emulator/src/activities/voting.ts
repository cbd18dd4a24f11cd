// Who may vote on an activity and which votes still count (docs/service-behaviour.md#activities,
// "Approval expiry"): the rules the vote handler applies and the wire shows as canApprove/canReject.
import type { ActivityRecord, VoteRecord } from '../store/records';
import type { Store } from '../store/store';
import { CONSENSUS_NEEDED } from './status';

/**
 * Approvals count for 24 hours: the submission opens the window, and approvals older than that expire while
 * the activity stays CONSENSUS_NEEDED; an expired voter may vote again.
 */
const APPROVAL_WINDOW_MS = 24 * 60 * 60 * 1000;

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
