// Coalesced list reads per organization: a refresh of N resources of one type makes N concurrent `read`
// calls, each wanting one object, and one `list_*` answers them all. Concurrent readers share the request
// in flight, later ones reuse its answer while reads keep coming (each within the list lifetime, 2 s, of the one
// before, for at most a minute), and every write invalidates its list so no read in this process sees the world
// before the provider's own last change. Which lists exist is declared in ./lists.ts; each resource kind names its
// own (../resources/kind.ts `listing`).
import type { WalletInfraClient } from '@walletinfra/sdk';
import { Coalescer } from '../internal/coalesce';

/** A list the service serves (one `list_*` query, read to the end), under a name unique in the process. */
export interface ServiceList<T> {
  readonly name: string;
  fetch(client: WalletInfraClient): Promise<T[]>;
}

/** Declares a list: its name and how to read it. */
export function serviceList<T>(name: string, fetch: (client: WalletInfraClient) => Promise<T[]>): ServiceList<T> {
  return { name, fetch };
}

export const DEFAULT_LIST_TTL_MS = 2_000;
/** The oldest list answer reused while reads keep coming (a refresh of thousands of objects, read a few at a time). */
export const LIST_MAX_AGE_MS = 60_000;

export class ObjectLists {
  private readonly lists: Coalescer<unknown[]>;

  constructor(options: { ttlMs: number; now: () => number }) {
    this.lists = new Coalescer({ ...options, maxAgeMs: Math.max(options.ttlMs, LIST_MAX_AGE_MS) });
  }

  /** Every object of a list in the organization `orgKey`, from one `list_*` shared by concurrent readers. */
  list<T>(orgKey: string, list: ServiceList<T>, client: WalletInfraClient): Promise<T[]> {
    return this.lists.get(`${orgKey} ${list.name}`, () => list.fetch(client)) as Promise<T[]>;
  }

  invalidate(orgKey: string, list: ServiceList<unknown>): void {
    this.lists.invalidate(`${orgKey} ${list.name}`);
  }
}
