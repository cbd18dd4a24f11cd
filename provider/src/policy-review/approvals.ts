// Who may approve, as live and as a plan would leave it: each user's tags (what consensus expressions such
// as `approvers.any(user, user.tags.contains('<tag id>'))` read) and the root quorum (whose members bypass
// policies once `threshold` of them approve, https://docs.turnkey.com/concepts/users/root-quorum). The policy
// impact replays the organization's recent activities, from their recorded votes, under both: an activity
// that reached consensus may no longer reach it, or one that did not may newly reach it.
import type { PolicyContext } from '@walletinfra/sdk/policy';

export interface RootQuorumState {
  threshold: number;
  userIds: readonly string[];
}

/** Who may approve: each user's tag ids, and the root quorum. */
export interface ApprovalState {
  tagsByUser: ReadonlyMap<string, readonly string[]>;
  /** Absent when the organization reports none: then no approval bypasses policies. */
  rootQuorum?: RootQuorumState;
  /** Users the plan deletes: their votes no longer count. */
  removedUsers?: ReadonlySet<string>;
}

/**
 * What a plan changes about who may approve. Tag membership is declared on the UserTag (its `userIds`, the one
 * owner; a User does not declare its tags), and a deleted user leaves every tag and the root quorum.
 */
export interface PlannedApprovers {
  /** User tags whose members the plan sets, by tag id; a deleted tag has none. */
  tagMembers: ReadonlyMap<string, readonly string[]>;
  /** Users the plan deletes (or replaces: the new user has a new id). */
  deletedUsers: ReadonlySet<string>;
  /** The root quorum as planned, when the plan sets it. */
  rootQuorum?: RootQuorumState;
  /** What changes, for the report: `user tag approvers (members: u-1, u-2)`, `root quorum (threshold 2 of u-1, u-2)`. */
  changes: string[];
}

export function changesApprovers(plan: PlannedApprovers): boolean {
  return plan.tagMembers.size > 0 || plan.deletedUsers.size > 0 || plan.rootQuorum !== undefined;
}

/** The live state with the plan applied. */
export function plannedState(live: ApprovalState, plan: PlannedApprovers): ApprovalState {
  const tags = new Map<string, string[]>([...live.tagsByUser].map(([user, t]) => [user, [...t]]));
  for (const [tagId, members] of plan.tagMembers) {
    for (const [user, t] of tags)
      tags.set(
        user,
        t.filter((id) => id !== tagId),
      );
    for (const user of members) tags.set(user, [...(tags.get(user) ?? []), tagId]);
  }
  const removed = new Set([...(live.removedUsers ?? []), ...plan.deletedUsers]);
  for (const user of removed) tags.set(user, []);
  const quorum = plan.rootQuorum ?? live.rootQuorum;
  const rootQuorum =
    quorum !== undefined ? { threshold: quorum.threshold, userIds: quorum.userIds.filter((u) => !removed.has(u)) } : undefined;
  return {
    tagsByUser: tags,
    ...(rootQuorum !== undefined ? { rootQuorum } : {}),
    ...(removed.size > 0 ? { removedUsers: removed } : {}),
  };
}

/**
 * A recorded request as `state` would decide it: each approver with the tags the state gives it (one the state
 * does not know keeps what its vote recorded; one it removes no longer approves), and the root quorum computed
 * from the approvals instead of taken from how the service decided the activity then.
 */
export function withApprovers(context: PolicyContext, state: ApprovalState): PolicyContext {
  const { isRootQuorum: _decidedThen, ...rest } = context;
  const q = state.rootQuorum;
  return {
    ...rest,
    approvers: context.approvers
      .filter((u) => state.removedUsers?.has(u.id) !== true)
      .map((u) => ({ ...u, tags: [...(state.tagsByUser.get(u.id) ?? u.tags ?? [])] })),
    ...(q !== undefined ? { rootQuorum: { threshold: q.threshold, userIds: [...q.userIds] } } : {}),
  };
}
