// Who may approve, as live and as a plan would leave it: each user's tags (what consensus expressions such
// as `approvers.any(user, user.tags.contains('<tag id>'))` read) and the root quorum (whose members bypass
// policies once `threshold` of them approve, https://docs.turnkey.com/concepts/users/root-quorum). The policy
// impact replays the organization's recent activities, from their recorded votes, under both: an activity
// that reached consensus may no longer reach it, or one that did not may newly reach it.
import type { PolicyContext } from '@walletinfra/sdk';
import type { CollectedStep } from '../drift/collect';
import { nameFromUrn } from '../drift/events';
import { isSecretEnvelope } from '../drift/redact';
import { PACKAGE } from '../resources/kind';
import { containsUnknown } from '../unknown';

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

// ---- the plan, from a preview's steps ----

const CHANGE_OPS = new Set(['create', 'update', 'replace', 'delete']);

function isType(step: CollectedStep, type: string): boolean {
  return step.type === `pulumi-nodejs:dynamic/${PACKAGE}:${type}` || step.type === `${PACKAGE}:index:${type}`;
}

/** A planned list of ids; throws when the preview does not know it yet. */
function ids(what: string, value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (containsUnknown(value) || isSecretEnvelope(value)) throw new Error(`${what} is not known until apply`);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

function list(values: readonly string[]): string {
  return values.length === 0 ? 'none' : values.join(', ');
}

/**
 * What the preview's UserTag, User and RootQuorum steps change about who may approve: the planned inputs
 * `userIds` of a tag, `userTags` of a user, `threshold` and `userIds` of the root quorum (the sdk's field
 * names). A tag or user the plan creates has no id yet, so no recorded vote or policy can name it.
 */
export function approverChanges(steps: readonly CollectedStep[]): PlannedApprovers {
  const tagMembers = new Map<string, readonly string[]>();
  const userTags = new Map<string, readonly string[]>();
  const changes: string[] = [];
  let rootQuorum: RootQuorumState | undefined;
  for (const step of steps) {
    if (!CHANGE_OPS.has(step.op)) continue;
    const name = nameFromUrn(step.urn);
    const id = step.metadata.old?.id ?? undefined;
    const inputs = step.metadata.new?.inputs ?? {};
    const before = step.metadata.old?.inputs ?? step.metadata.old?.outputs ?? {};
    if (isType(step, 'UserTag') && id !== undefined && id !== '') {
      const members = step.op === 'delete' ? [] : ids(`user tag ${name}: userIds`, inputs.userIds);
      if (members === undefined) continue;
      const old = ids(`user tag ${name}: userIds`, before.userIds) ?? [];
      if (step.op !== 'delete' && [...members].sort().join() === [...old].sort().join()) continue;
      tagMembers.set(id, members);
      changes.push(`user tag ${name} (${step.op === 'delete' ? 'deleted' : `members: ${list(members)}`})`);
    } else if (isType(step, 'User') && id !== undefined && id !== '') {
      const tags = step.op === 'delete' ? [] : ids(`user ${name}: userTags`, inputs.userTags);
      if (tags === undefined) continue;
      const old = ids(`user ${name}: userTags`, before.userTags) ?? [];
      if (step.op !== 'delete' && [...tags].sort().join() === [...old].sort().join()) continue;
      userTags.set(id, tags);
      changes.push(`user ${name} (${step.op === 'delete' ? 'deleted' : `tags: ${list(tags)}`})`);
    } else if (isType(step, 'RootQuorum') && step.op !== 'delete') {
      const { threshold } = inputs;
      const userIds = ids(`root quorum ${name}: userIds`, inputs.userIds);
      if (containsUnknown(threshold)) throw new Error(`root quorum ${name}: threshold is not known until apply`);
      if (typeof threshold !== 'number' || userIds === undefined) continue;
      rootQuorum = { threshold, userIds };
      changes.push(`root quorum (threshold ${threshold} of ${list(userIds)})`);
    }
  }
  return { tagMembers, userTags, ...(rootQuorum !== undefined ? { rootQuorum } : {}), changes };
}
