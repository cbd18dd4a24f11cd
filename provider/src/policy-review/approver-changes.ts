// What a preview's steps change about who may approve: the planned members of the stack's UserTag resources
// (the one owner of membership), the User resources it deletes and its planned RootQuorum (./approvals.ts
// applies them to the live state).
import type { CollectedStep } from '../stack/collect';
import { nameFromUrn } from '../stack/events';
import { rootQuorum as rootQuorumKind } from '../resources/rootQuorum/spec';
import { user } from '../resources/user/spec';
import { userTag } from '../resources/userTag/spec';
import { typeOfToken } from '../tokens';
import { containsUnknown, isSecretEnvelope } from '../wire';
import type { PlannedApprovers, RootQuorumState } from './approvals';

const CHANGE_OPS = new Set(['create', 'update', 'replace', 'delete']);

/** The kinds whose resources decide who may approve: a tag's members, the users, the root quorum. */
export const APPROVER_TYPES: readonly string[] = [userTag.type, user.type, rootQuorumKind.type];

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
 * `userIds` of a tag, `threshold` and `userIds` of the root quorum (the sdk's field names), and the users it
 * deletes or replaces. A tag or user the plan creates has no id yet, so no recorded vote or policy can name it.
 */
export function approverChanges(steps: readonly CollectedStep[]): PlannedApprovers {
  const tagMembers = new Map<string, readonly string[]>();
  const deletedUsers = new Set<string>();
  const changes: string[] = [];
  let rootQuorum: RootQuorumState | undefined;
  for (const step of steps) {
    if (!CHANGE_OPS.has(step.op)) continue;
    const name = nameFromUrn(step.urn);
    const id = step.metadata.old?.id ?? undefined;
    const inputs = step.metadata.new?.inputs ?? {};
    const before = step.metadata.old?.inputs ?? step.metadata.old?.outputs ?? {};
    const type = typeOfToken(step.type);
    if (type === userTag.type && id !== undefined && id !== '') {
      const members = step.op === 'delete' ? [] : ids(`user tag ${name}: userIds`, inputs.userIds);
      if (members === undefined) continue;
      const old = ids(`user tag ${name}: userIds`, before.userIds) ?? [];
      if (step.op !== 'delete' && [...members].sort().join() === [...old].sort().join()) continue;
      tagMembers.set(id, members);
      changes.push(`user tag ${name} (${step.op === 'delete' ? 'deleted' : `members: ${list(members)}`})`);
    } else if (type === user.type && id !== undefined && id !== '' && (step.op === 'delete' || step.op === 'replace')) {
      deletedUsers.add(id);
      changes.push(`user ${name} (${step.op === 'delete' ? 'deleted' : 'replaced: a new user id'})`);
    } else if (type === rootQuorumKind.type && step.op !== 'delete') {
      const { threshold } = inputs;
      const userIds = ids(`root quorum ${name}: userIds`, inputs.userIds);
      if (containsUnknown(threshold)) throw new Error(`root quorum ${name}: threshold is not known until apply`);
      if (typeof threshold !== 'number' || userIds === undefined) continue;
      if (
        threshold === before.threshold &&
        [...userIds].sort().join() === (ids(`root quorum ${name}: userIds`, before.userIds) ?? []).sort().join()
      )
        continue;
      rootQuorum = { threshold, userIds };
      changes.push(`root quorum (threshold ${threshold} of ${list(userIds)})`);
    }
  }
  return { tagMembers, deletedUsers, ...(rootQuorum !== undefined ? { rootQuorum } : {}), changes };
}
