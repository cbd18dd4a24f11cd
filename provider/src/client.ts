// Per-organization sessions over the sdk client, shared by every resource in one provider process:
// one client per credentials, one concurrency limiter per organization, coalesced list reads with
// invalidation after writes, and the activities a write may reuse instead of
// submitting a second time.
import {
  WalletInfraClient,
  type Activity,
  type FiatOnRampCredential,
  type Policy,
  type WalletInfraClientOptions,
  type WebhookEndpoint,
} from '@walletinfra/sdk';
import type { EndpointSettings, ProviderSettings } from './config';
import { Coalescer } from './internal/coalesce';
import { Limiter } from './internal/limiter';

export interface ListItems {
  policies: Policy;
  webhookEndpoints: WebhookEndpoint;
  fiatOnRampCredentials: FiatOnRampCredential;
}
export type ListKind = keyof ListItems;

export interface ClientPoolOptions {
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** How long a list answer is reused by later reads (default 2000 ms). Writes invalidate it at once. */
  listTtlMs?: number;
  /** Extra client options; tests pass an undici `dispatcher` that counts requests. */
  clientOptions?: Pick<WalletInfraClientOptions, 'dispatcher' | 'random'>;
}

export const DEFAULT_LIST_TTL_MS = 2_000;

/** How many activities one page of `list_activities` asks for (docs/service-behaviour.md#limits-and-pagination: at most 100). */
const ACTIVITY_PAGE = 100;
/** Bound on the pages read while looking for an activity to reuse. */
const MAX_ACTIVITY_PAGES = 10;

export class ClientPool {
  private readonly clients = new Map<string, WalletInfraClient>();
  private readonly limiters = new Map<string, Limiter>();
  private readonly lists: Coalescer<unknown[]>;
  private readonly activities = new Map<string, Promise<Activity[]>>();

  constructor(private readonly options: ClientPoolOptions) {
    this.lists = new Coalescer({ ttlMs: options.listTtlMs ?? DEFAULT_LIST_TTL_MS, now: options.now });
  }

  session(settings: ProviderSettings): OrgSession {
    const orgKey = `${settings.baseUrl} ${settings.organizationId}`;
    const clientKey = JSON.stringify([
      settings.baseUrl,
      settings.authProxyUrl,
      settings.authProxyConfigId ?? '',
      settings.organizationId,
      settings.apiPublicKey,
      settings.requestTimeoutMs,
      settings.maxRetries,
    ]);
    let client = this.clients.get(clientKey);
    if (!client) {
      client = new WalletInfraClient({
        baseUrl: settings.baseUrl,
        authProxyUrl: settings.authProxyUrl,
        ...(settings.authProxyConfigId !== undefined ? { authProxyConfigId: settings.authProxyConfigId } : {}),
        organizationId: settings.organizationId,
        apiPublicKey: settings.apiPublicKey,
        apiPrivateKey: settings.apiPrivateKey,
        timeoutMs: settings.requestTimeoutMs,
        retry: { maxAttempts: settings.maxRetries + 1 },
        clock: { now: this.options.now },
        sleep: this.options.sleep,
        ...this.options.clientOptions,
      });
      this.clients.set(clientKey, client);
    }
    let limiter = this.limiters.get(orgKey);
    if (!limiter) {
      // The first session of an organization fixes its limit for the life of the process.
      limiter = new Limiter(settings.maxConcurrentRequests);
      this.limiters.set(orgKey, limiter);
    }
    return new OrgSession(settings, client, limiter, this.lists, this.activities, orgKey);
  }

  /** A client without credentials, for the unauthenticated calls (webhook JWKS, wallet-kit config). */
  publicClient(endpoints: EndpointSettings): WalletInfraClient {
    const key = JSON.stringify(['public', endpoints.baseUrl, endpoints.authProxyUrl, endpoints.authProxyConfigId ?? '', endpoints.requestTimeoutMs, endpoints.maxRetries]);
    let client = this.clients.get(key);
    if (!client) {
      client = new WalletInfraClient({
        baseUrl: endpoints.baseUrl,
        authProxyUrl: endpoints.authProxyUrl,
        ...(endpoints.authProxyConfigId !== undefined ? { authProxyConfigId: endpoints.authProxyConfigId } : {}),
        timeoutMs: endpoints.requestTimeoutMs,
        retry: { maxAttempts: endpoints.maxRetries + 1 },
        clock: { now: this.options.now },
        sleep: this.options.sleep,
        ...this.options.clientOptions,
      });
      this.clients.set(key, client);
    }
    return client;
  }

  async close(): Promise<void> {
    const clients = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(clients.map((c) => c.close()));
  }
}

export class OrgSession {
  constructor(
    readonly settings: ProviderSettings,
    readonly client: WalletInfraClient,
    private readonly limiter: Limiter,
    private readonly lists: Coalescer<unknown[]>,
    private readonly activities: Map<string, Promise<Activity[]>>,
    private readonly orgKey: string,
  ) {}

  get organizationId(): string {
    return this.settings.organizationId;
  }

  /** Runs one request under the organization's concurrency limit. */
  call<T>(fn: (client: WalletInfraClient) => Promise<T>): Promise<T> {
    return this.limiter.run(() => fn(this.client));
  }

  /** Every object of a kind, from one `list_*` shared by all concurrent readers. */
  list<K extends ListKind>(kind: K): Promise<Array<ListItems[K]>> {
    return this.lists.get(`${this.orgKey} ${kind}`, () => this.fetchList(kind)) as Promise<Array<ListItems[K]>>;
  }

  /** Called after every write of a kind, so no read in this process sees the world before it. */
  invalidate(kind: ListKind): void {
    this.lists.invalidate(`${this.orgKey} ${kind}`);
  }

  /**
   * Activities of one type that are waiting for approval or completed, read once per process: they come
   * from earlier runs, and a write consumes what it reuses (`forgetActivity`).
   */
  reusableActivities(activityType: string, includeCompleted: boolean): Promise<Activity[]> {
    const key = `${this.orgKey} ${activityType} ${includeCompleted}`;
    let entry = this.activities.get(key);
    if (!entry) {
      entry = this.fetchActivities(activityType, includeCompleted);
      this.activities.set(key, entry);
      entry.catch(() => this.activities.delete(key));
    }
    return entry;
  }

  forgetActivity(activityType: string, activityId: string): void {
    for (const includeCompleted of [true, false]) {
      const key = `${this.orgKey} ${activityType} ${includeCompleted}`;
      const entry = this.activities.get(key);
      if (entry) this.activities.set(key, entry.then((list) => list.filter((a) => a.id !== activityId)));
    }
  }

  private async fetchList(kind: ListKind): Promise<unknown[]> {
    switch (kind) {
      case 'policies':
        return (await this.call((c) => c.listPolicies({}))).policies;
      case 'webhookEndpoints':
        return (await this.call((c) => c.listWebhookEndpoints({}))).webhookEndpoints;
      case 'fiatOnRampCredentials':
        return (await this.call((c) => c.listFiatOnRampCredentials({}))).fiatOnRampCredentials;
    }
  }

  /**
   * Pages through `list_activities` with the `after` cursor (an activity id, docs/service-behaviour.md#limits-and-pagination). Ordering is
   * [UNCONFIRMED]; we read up to MAX_ACTIVITY_PAGES pages whichever way the service sorts.
   */
  private async fetchActivities(activityType: string, includeCompleted: boolean): Promise<Activity[]> {
    const out: Activity[] = [];
    let after: string | undefined;
    for (let page = 0; page < MAX_ACTIVITY_PAGES; page++) {
      const { activities } = await this.call((c) =>
        c.listActivities({
          filterByType: [activityType],
          filterByStatus: includeCompleted
            ? ['ACTIVITY_STATUS_CONSENSUS_NEEDED', 'ACTIVITY_STATUS_COMPLETED']
            : ['ACTIVITY_STATUS_CONSENSUS_NEEDED'],
          paginationOptions: { limit: String(ACTIVITY_PAGE), ...(after !== undefined ? { after } : {}) },
        }),
      );
      out.push(...activities);
      const last = activities[activities.length - 1];
      if (activities.length < ACTIVITY_PAGE || last === undefined) break;
      after = last.id;
    }
    return out;
  }
}
