// What the unmanaged-objects report reads from an organization: every object of every kind (as
// walletinfra-export reads them, through the provider's own session: same settings, lists and retries) and
// the completed activities that made them. An interface, so tests can hand in fixed data.
import type { Activity } from '@walletinfra/sdk/schemas';
import { sleepWithSignal } from '@walletinfra/sdk/activity';
import type { ProviderSettings } from '../../config';
import { readOrganization } from '../../export/snapshot';
import type { AnyKind } from '../../resources/kind';
import { ClientPool, scanActivities } from '../../session';

export interface InventoryReader {
  /** The live objects of each kind, by type. */
  objects(kinds: readonly AnyKind[]): Promise<Readonly<Record<string, readonly unknown[]>>>;
  /** Every completed activity of these types, newest first (list_activities to its last page). */
  activities(types: readonly string[]): Promise<Activity[]>;
}

export type MakeInventoryReader = (settings: ProviderSettings) => InventoryReader;

/** Readers on one pool of provider sessions; `close` ends their connections. */
export function sessionReaders(now: () => number = () => Date.now()): { make: MakeInventoryReader; close(): Promise<void> } {
  const pool = new ClientPool({ now, sleep: sleepWithSignal });
  return {
    make(settings) {
      const session = pool.session(settings);
      return {
        async objects(kinds) {
          return (await readOrganization(session, () => undefined, kinds)).objects;
        },
        activities(types) {
          if (types.length === 0) return Promise.resolve([]);
          return scanActivities(session.client, { activityType: types, statuses: ['ACTIVITY_STATUS_COMPLETED'] });
        },
      };
    },
    close: () => pool.close(),
  };
}
