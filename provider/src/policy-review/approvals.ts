// Who may approve, as live and as a plan would leave it: each user's tags (what consensus expressions such
// as `approvers.any(user, user.tags.contains('<tag id>'))` read) and the root quorum (whose members bypass
// policies once `threshold` of them approve, https://docs.turnkey.com/concepts/users/root-quorum). The policy
// impact replays the organization's recent activities, from their recorded votes, under both: an activity
// that reached consensus may no longer reach it, or one that did not may newly reach it.
import type { PolicyContext } from '@walletinfra/sdk';

export interface RootQuorumState {
  threshold: number;
  userIds: readonly string[];
}

/** Who may approve: each user's tag ids, and the root quorum. */
export interface ApprovalState {
  tagsByUser: ReadonlyMap<string, readonly string[]>;
  /** Absent when the organization reports none: then no approval bypasses policies. */
  rootQuorum?: RootQuorumState;
}

/**
 * What a plan changes about who may approve. Tag membership is declared in one place (the tag's members or the
 * user's tags, whichever the kinds own): both are applied, tags first.
 */
export interface PlannedApprovers {
  /** User tags whose members the plan sets, by tag id; a deleted tag has none. */
  tagMembers: ReadonlyMap<string, readonly string[]>;
  /** Users whose tag list the plan sets, by user id; a deleted user has none. */
  userTags: ReadonlyMap<string, readonly string[]>;
  /** The root quorum as planned, when the plan sets it. */
  rootQuorum?: RootQuorumState;
  /** What changes, for the report: `user tag approvers (members)`, `root quorum (threshold 2 -> 1)`. */
  changes: string[];
}

export function changesApprovers(plan: PlannedApprovers): boolean {
  return plan.tagMembers.size > 0 || plan.userTags.size > 0 || plan.rootQuorum !== undefined;
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
  for (const [user, t] of plan.userTags) tags.set(user, [...t]);
  const rootQuorum = plan.rootQuorum ?? live.rootQuorum;
  return rootQuorum !== undefined ? { tagsByUser: tags, rootQuorum } : { tagsByUser: tags };
}

/**
 * A recorded request as `state` would decide it: each approver with the tags the state gives it (one the state
 * does not know keeps what its vote recorded), and the root quorum computed from the approvals instead of
 * taken from how the service decided the activity then.
 */
export function withApprovers(context: PolicyContext, state: ApprovalState): PolicyContext {
  const { isRootQuorum: _decidedThen, ...rest } = context;
  const q = state.rootQuorum;
  return {
    ...rest,
    approvers: context.approvers.map((u) => ({ ...u, tags: [...(state.tagsByUser.get(u.id) ?? u.tags ?? [])] })),
    ...(q !== undefined ? { rootQuorum: { threshold: q.threshold, userIds: [...q.userIds] } } : {}),
  };
}
