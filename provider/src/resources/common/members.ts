// A tag and its members, where the service lists the tag without members and each member lists its tags
// (private keys their private-key tags, users their user tags): the set of member ids in normal form, the
// check that refuses a member listed twice, and the one update that renames the tag and changes its members
// through add and remove sets computed against the live members.
import { containsUnknown } from '../../wire';
import type { CheckFailure } from './check';

/** Member ids as a set: sorted, each once. */
export function memberSet(ids: readonly string[]): string[] {
  return [...new Set(ids)].sort();
}

/** The normal form of a member list (unknown values left as they are, for `check` to skip). */
export function canonicalMembers(value: unknown): unknown {
  return Array.isArray(value) && !containsUnknown(value) ? memberSet(value.map(String)) : value;
}

/** A member listed twice, by index: `userIds[2]: u-1 repeats userIds[0]; list each user once`. */
export function repeatedMembers(property: string, noun: string): (news: Record<string, unknown>) => CheckFailure[] {
  return (news) => {
    const ids = news[property];
    if (!Array.isArray(ids) || containsUnknown(ids)) return [];
    const first = new Map<unknown, number>();
    const out: CheckFailure[] = [];
    ids.forEach((id, i) => {
      const earlier = first.get(id);
      if (earlier === undefined) first.set(id, i);
      else out.push({ property, reason: `${property}[${i}]: ${String(id)} repeats ${property}[${earlier}]; list each ${noun} once` });
    });
    return out;
  };
}

/** The names of a tag update's fields: the tag's id, its new name, and the add and remove sets. */
export interface MembershipUpdateFields {
  id: string;
  newName: string;
  add: string;
  remove: string;
}

/**
 * The update for what differs between a live tag (`name`, `members`) and the desired name and members, or
 * undefined when nothing does: one write for a rename and a membership change together.
 */
export function membershipUpdate(
  fields: MembershipUpdateFields,
  live: { id: string; name: string; members: readonly string[] },
  desired: { name: string; members: readonly string[] },
): Record<string, unknown> | undefined {
  const current = new Set(live.members);
  const keep = new Set(desired.members);
  const add = desired.members.filter((id) => !current.has(id));
  const remove = live.members.filter((id) => !keep.has(id));
  const renamed = live.name !== desired.name;
  if (add.length + remove.length === 0 && !renamed) return undefined;
  return { [fields.id]: live.id, ...(renamed ? { [fields.newName]: desired.name } : {}), [fields.add]: add, [fields.remove]: remove };
}
