// Who made an object and when, from the organization's activity history (list_activities, completed
// activities of the types each kind declares, `inventory.createdBy`): the activity whose result names the
// object's id made it, and its approving votes say who (the submitter first). The service's own object (the
// root quorum) has no creation; the latest activity that changed it is its origin. Anything else is
// "unknown", with the reason — never a guess from names or times.
import type { Activity } from '@walletinfra/sdk/schemas';
import type { AnyKind } from '../../resources/kind';
import type { ActivityUser, Origin } from './types';

/** Every string inside a value (an activity's result names ids at various depths: `createPolicyResult.policyId`). */
function stringsIn(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, into);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) stringsIn(v, into);
}

/** An activity time (`{seconds, nanos}`, or a string of milliseconds or a date) as ISO-8601. */
export function isoTime(t: unknown): string | undefined {
  let ms: number | undefined;
  if (typeof t === 'string') ms = /^\d+$/.test(t) ? Number(t) : Date.parse(t);
  else if (t !== null && typeof t === 'object' && 'seconds' in t) {
    const { seconds, nanos } = t as { seconds?: unknown; nanos?: unknown };
    ms = Number(seconds) * 1000 + Math.floor(Number(nanos ?? 0) / 1e6);
  }
  return ms === undefined || Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

function approvers(activity: Activity): ActivityUser[] {
  return activity.votes
    .filter((v) => v.selection === 'VOTE_SELECTION_APPROVED')
    .map((v) => {
      const name = (v.user as { userName?: unknown }).userName;
      return typeof name === 'string' && name !== '' ? { userId: v.userId, userName: name } : { userId: v.userId };
    });
}

function originOf(activity: Activity, event: 'created' | 'changed'): Origin {
  const at = isoTime(activity.createdAt);
  if (at === undefined) return { known: false, reason: `activity ${activity.id} records no time` };
  return { known: true, event, activityId: activity.id, activityType: activity.type, at, by: approvers(activity) };
}

/** The activity types to read for these kinds (each once). */
export function historyTypes(kinds: readonly AnyKind[]): string[] {
  return [...new Set(kinds.flatMap((k) => k.inventory.createdBy))];
}

export class Provenance {
  /** Object id -> the completed activities whose result names it, newest first. */
  private readonly naming = new Map<string, Activity[]>();

  /** `activities`: completed activities of historyTypes(kinds), newest first as list_activities returns them. */
  constructor(private readonly activities: readonly Activity[]) {
    for (const activity of activities) {
      const named = new Set<string>();
      stringsIn(activity.result, named);
      for (const id of named) {
        const list = this.naming.get(id);
        if (list === undefined) this.naming.set(id, [activity]);
        else list.push(activity);
      }
    }
  }

  /** Where an object of `kind` with `id` came from. */
  originOf(kind: AnyKind, id: string): Origin {
    const types: readonly string[] = kind.inventory.createdBy;
    if (kind.inventory.serviceSingleton === true) {
      const latest = this.activities.find((a) => types.includes(a.type));
      return latest !== undefined
        ? originOf(latest, 'changed')
        : { known: false, reason: `made by the service with the organization; no ${types.join(' or ')} activity has changed it` };
    }
    if (types.length === 0) {
      return { known: false, reason: `no activity names ${kind.plural} by id (the service addresses them by scope)` };
    }
    // Another kind's activity may name the id too (a user tag's creation names its members): only the kind's own count.
    const creation = (this.naming.get(id) ?? []).filter((a) => types.includes(a.type)).pop();
    if (creation !== undefined) return originOf(creation, 'created');
    return { known: false, reason: `no completed activity that creates ${kind.plural} names it in the organization's history` };
  }

  /** Whether an activity of the kind's `createdBy` has changed the service's own object. */
  changed(kind: AnyKind): boolean {
    const types: readonly string[] = kind.inventory.createdBy;
    return this.activities.some((a) => types.includes(a.type));
  }
}
