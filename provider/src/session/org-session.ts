// What a resource's lifecycle method works with: the organization's client (its HTTP attempts pass the
// organization's concurrency limit in the client's dispatcher), its coalesced lists and its activity history.
import type { WalletInfraClient } from '@walletinfra/sdk';
import type { Activity } from '@walletinfra/sdk/schemas';
import type { ProviderSettings } from '../config';
import type { ActivityHistory } from './activity-history';
import type { ObjectLists, ServiceList } from './object-lists';

export class OrgSession {
  constructor(
    readonly settings: ProviderSettings,
    readonly client: WalletInfraClient,
    private readonly lists: ObjectLists,
    readonly history: ActivityHistory,
    private readonly orgKey: string,
    /** One progress line for the user (the engine shows the provider's stderr). */
    readonly log: (line: string) => void,
  ) {}

  get organizationId(): string {
    return this.settings.organizationId;
  }

  /** Every object of a kind, from one `list_*` shared by all concurrent readers. */
  list<T>(list: ServiceList<T>): Promise<T[]> {
    return this.lists.list(this.orgKey, list, this.client);
  }

  /** Called after every write of a kind, so no read in this process sees the world before it. */
  invalidate(list: ServiceList<unknown>): void {
    this.lists.invalidate(this.orgKey, list);
  }

  /** A fresh list (after a write whose outcome is in doubt, or before adopting). */
  relist<T>(list: ServiceList<T>): Promise<T[]> {
    this.invalidate(list);
    return this.list(list);
  }

  /** `kind`'s objects listed after the history read that returned `activity` (see ActivityHistory.listedAfter). */
  listedAfter<T>(list: ServiceList<T>, activity: Activity): { items: Promise<readonly T[]>; fresh: boolean } {
    return this.history.listedAfter(this.orgKey, list.name, activity, () => this.relist(list));
  }

  reusableActivities(activityType: string, includeCompleted: boolean): Promise<Activity[]> {
    return this.history.reusableActivities(this.orgKey, this.client, activityType, includeCompleted);
  }

  forgetActivity(activityType: string, activityId: string): void {
    this.history.forget(this.orgKey, activityType, activityId);
  }

  activityByFingerprint(activityType: string, fingerprint: string): Promise<Activity | undefined> {
    return this.history.byFingerprint(this.client, activityType, fingerprint);
  }
}
