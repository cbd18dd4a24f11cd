// The organization's earlier activities, as writes need them: those still waiting for approval (waited on
// instead of submitting a second one), completed ones an interrupted or timed-out earlier run left behind
// (their objects adopted, never duplicated), and the one activity a body's fingerprint names (to find out
// whether a write whose response was lost took effect). `list_activities` is paged to the end with the
// `after` cursor: nothing beyond some page count is silently ignored.
import { UnexpectedResponseError, type RequestOf, type WalletInfraClient } from '@walletinfra/sdk';
import type { Activity } from '@walletinfra/sdk/schemas';

type ActivityStatus = NonNullable<RequestOf<'list_activities'>['filterByStatus']>[number];

/** How many activities one page of `list_activities` asks for (docs/service-behaviour.md#limits-and-pagination: at most 100). */
export const ACTIVITY_PAGE_SIZE = 100;

export interface ActivityQuery {
  /** One type, or several (one `filterByType` of up to 100, docs/service-behaviour.md#limits-and-pagination). */
  activityType: string | readonly string[];
  statuses?: ActivityStatus[];
}

/**
 * Pages through `list_activities` until `stop` says so or the last page; fails loudly if the service
 * returns a page that does not move the cursor (it would otherwise loop forever).
 */
export async function scanActivities(
  client: WalletInfraClient,
  query: ActivityQuery,
  stop: (activity: Activity) => boolean = () => false,
  pageSize = ACTIVITY_PAGE_SIZE,
): Promise<Activity[]> {
  const out: Activity[] = [];
  let after: string | undefined;
  for (let page = 1; ; page++) {
    const { activities } = await client.listActivities({
      filterByType: typeof query.activityType === 'string' ? [query.activityType] : [...query.activityType],
      ...(query.statuses !== undefined ? { filterByStatus: query.statuses } : {}),
      paginationOptions: { limit: String(pageSize), ...(after !== undefined ? { after } : {}) },
    });
    for (const activity of activities) {
      out.push(activity);
      if (stop(activity)) return out;
    }
    const last = activities[activities.length - 1];
    if (activities.length < pageSize || last === undefined) return out;
    if (last.id === after) {
      throw new UnexpectedResponseError(
        `list_activities returned page ${page} of ${[query.activityType].flat().join(', ')} activities starting again at ${after}; the listing does not advance`,
      );
    }
    after = last.id;
  }
}

/** An activity waiting for approvals (docs/service-behaviour.md#activities): what a write waits on instead of submitting again. */
export const WAITING_FOR_CONSENSUS: ActivityStatus = 'ACTIVITY_STATUS_CONSENSUS_NEEDED';
const COMPLETED: ActivityStatus = 'ACTIVITY_STATUS_COMPLETED';

export class ActivityHistory {
  private readonly reusable = new Map<string, Promise<Activity[]>>();
  /** Fingerprints of the bodies this process submitted: never taken for an earlier run's activity. */
  private readonly submitted = new Set<string>();
  /** How many reads of `reusableActivities` have completed, and which one returned each activity. */
  private readsDone = 0;
  private readonly readNumber = new WeakMap<Activity, number>();
  /** Per organization and kind: objects listed after the first `after` history reads had completed. */
  private readonly censuses = new Map<string, { after: number; items: Promise<readonly unknown[]> }>();

  constructor(private readonly pageSize = ACTIVITY_PAGE_SIZE) {}

  /**
   * Activities of one type that are waiting for approval (and, with `includeCompleted`, completed), read
   * once per process per organization: they come from earlier runs, and a write consumes what it reuses.
   */
  reusableActivities(orgKey: string, client: WalletInfraClient, activityType: string, includeCompleted: boolean): Promise<Activity[]> {
    const key = `${orgKey} ${activityType} ${includeCompleted}`;
    let entry = this.reusable.get(key);
    if (!entry) {
      const statuses = includeCompleted ? [WAITING_FOR_CONSENSUS, COMPLETED] : [WAITING_FOR_CONSENSUS];
      entry = scanActivities(client, { activityType, statuses }, undefined, this.pageSize).then((activities) => {
        this.readsDone += 1;
        for (const activity of activities) this.readNumber.set(activity, this.readsDone);
        return activities;
      });
      this.reusable.set(key, entry);
      entry.catch(() => this.reusable.delete(key));
    }
    return entry;
  }

  /**
   * One kind's objects, from a list read after the history read that returned `activity` had completed: an
   * object an earlier run's create made that this list lacks is gone for good (ids are never reused), so one
   * list answers every create that asks about such an object, instead of a list each. `list` reads a fresh
   * list; it is called again only for an activity a later history read returned. `fresh`: this call read it.
   */
  listedAfter<T>(
    orgKey: string,
    kind: string,
    activity: Activity,
    list: () => Promise<T[]>,
  ): { items: Promise<readonly T[]>; fresh: boolean } {
    const key = `${orgKey} ${kind}`;
    const needed = this.readNumber.get(activity) ?? Number.POSITIVE_INFINITY;
    const known = this.censuses.get(key);
    if (known !== undefined && known.after >= needed) return { items: known.items as Promise<readonly T[]>, fresh: false };
    const census = { after: this.readsDone, items: list() as Promise<readonly unknown[]> };
    if (census.after >= needed) {
      this.censuses.set(key, census);
      census.items.catch(() => {
        if (this.censuses.get(key) === census) this.censuses.delete(key);
      });
    }
    return { items: census.items as Promise<readonly T[]>, fresh: true };
  }

  /** Takes an activity out of the reusable ones, so no second write of this process reuses it. */
  forget(orgKey: string, activityType: string, activityId: string): void {
    for (const includeCompleted of [true, false]) {
      const key = `${orgKey} ${activityType} ${includeCompleted}`;
      const entry = this.reusable.get(key);
      if (entry)
        this.reusable.set(
          key,
          entry.then((list) => list.filter((a) => a.id !== activityId)),
        );
    }
  }

  /** The activity a submitted body made, looked up fresh by its fingerprint (undefined: there is none). */
  async byFingerprint(client: WalletInfraClient, activityType: string, fingerprint: string): Promise<Activity | undefined> {
    const seen = await scanActivities(client, { activityType }, (a) => a.fingerprint === fingerprint, this.pageSize);
    return seen.find((a) => a.fingerprint === fingerprint);
  }

  noteSubmitted(fingerprint: string): void {
    this.submitted.add(fingerprint);
  }

  wasSubmittedHere(fingerprint: string): boolean {
    return this.submitted.has(fingerprint);
  }
}
