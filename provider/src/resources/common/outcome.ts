// Did a write whose response was lost take effect? The transport retried the identical body until its
// budget ran out (the service answers an identical body with the same activity, docs.turnkey.com
// "Submissions"); when the last answer is still missing, the provider looks before it concludes anything:
// first for the activity the body's fingerprint names, then, if the activity history cannot be read, at
// the object itself (by its natural key with every declared field matching, or by id). The decision is a
// pure function of what was found, so it is tested from a table per resource and write kind.
import type { Activity } from '@walletinfra/sdk/schemas';
import { WAITING_FOR_CONSENSUS } from '../../session/activity-history';

export type WriteKind = 'create' | 'update' | 'delete';

/** What the activity history said about the body's fingerprint. */
export type ActivityEvidence = { found: Activity } | { found: undefined } | { unavailable: string };

/**
 * What the service's objects say: `shows` when they show the write's effect (a create: an object with the
 * natural key and every declared field; an update: the object with the declared values; a delete: no
 * object with the id), `lacks` when they do not.
 */
export type ObjectEvidence<R> = { shows: R } | { lacks: true } | { unavailable: string };

export type Outcome<R> =
  | { decision: 'committed'; via: 'activity'; activity: Activity }
  | { decision: 'committed'; via: 'object'; result: R }
  | { decision: 'pending'; activity: Activity }
  | { decision: 'not-committed'; why: string }
  | { decision: 'unknown'; why: string };

/** Statuses of an activity the service has not finished: queued, running, or waiting for approvals. */
const IN_PROGRESS = new Set<string>(['ACTIVITY_STATUS_CREATED', 'ACTIVITY_STATUS_PENDING', WAITING_FOR_CONSENSUS]);

/**
 * - The activity, found: its status decides (COMPLETED: committed; waiting: pending; FAILED or REJECTED:
 *   not committed).
 * - The activity history read to the end without it: the service never processed the body (an activity
 *   is recorded with every effect). For an update or a delete, objects already in the declared state mean
 *   there is nothing left to do, which counts as committed.
 * - The history unreadable: the objects decide when they show the effect; otherwise nobody can tell (an
 *   activity may be waiting for approval).
 */
export function decideOutcome<R>(kind: WriteKind, activity: ActivityEvidence, object: ObjectEvidence<R>): Outcome<R> {
  if ('found' in activity && activity.found !== undefined) {
    const found = activity.found;
    if (found.status === 'ACTIVITY_STATUS_COMPLETED') return { decision: 'committed', via: 'activity', activity: found };
    if (IN_PROGRESS.has(found.status)) return { decision: 'pending', activity: found };
    return { decision: 'not-committed', why: `its activity ${found.id} ended ${found.status}` };
  }
  if ('found' in activity) {
    if (kind !== 'create' && 'shows' in object) return { decision: 'committed', via: 'object', result: object.shows };
    return { decision: 'not-committed', why: 'the service has no activity with its fingerprint' };
  }
  if ('shows' in object) return { decision: 'committed', via: 'object', result: object.shows };
  const objectSays =
    'lacks' in object
      ? `the ${kind === 'delete' ? 'object is still there' : 'object does not show it'}`
      : `the objects could not be listed (${object.unavailable})`;
  return { decision: 'unknown', why: `the activity history could not be read (${activity.unavailable}) and ${objectSays}` };
}
