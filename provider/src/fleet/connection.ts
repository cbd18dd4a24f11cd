// How the fleet commands reach the service with the parent's key: one transport (the sdk's retries and retry
// budget, one limit on the requests in flight for the whole fleet), a client per sub-organization that costs
// nothing but its default organization id, and a session per sub-organization (the provider's own lists, so the
// kinds reading `list_users` share one request) that is dropped once the sub-organization is classified: nothing
// grows with the fleet. Every request is counted by operation, for the report and the docs' cost table.
import {
  ApiKeyStamper,
  ConcurrencyLimit,
  LimitedDispatcher,
  Transport,
  WalletInfraClient,
  type ClientTransport,
  type RetryEvent,
} from '@walletinfra/sdk';
import type { ProviderSettings } from '../config';
import { ActivityHistory, OrgSession } from '../session';
import { ObjectLists } from '../session/object-lists';

export interface ConnectionOptions {
  /** HTTP requests in flight at once, over every sub-organization. */
  concurrency: number;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Tests: uniform in [0, 1) for the backoff's jitter. */
  random?: () => number;
  /** Tests: an undici dispatcher to send through (below the limit). */
  dispatcher?: ConstructorParameters<typeof LimitedDispatcher>[1];
  /** Told of every wait before a retry (the progress line counts rate limits). */
  onRetry?: (event: RetryEvent) => void;
}

/** A request as counted: `list_users`, `whoami`. */
function operationName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export class FleetConnection {
  private readonly transport: Transport;
  private readonly counted: ClientTransport;
  private readonly dispatcher: LimitedDispatcher;
  private readonly counts = new Map<string, number>();
  private readonly history = new ActivityHistory();
  /** The parent organization's client. */
  readonly parent: WalletInfraClient;

  constructor(
    readonly settings: ProviderSettings,
    private readonly options: ConnectionOptions,
  ) {
    this.dispatcher = new LimitedDispatcher(new ConcurrencyLimit(options.concurrency), options.dispatcher);
    this.transport = new Transport({
      baseUrl: settings.baseUrl,
      stamper: new ApiKeyStamper({ apiPublicKey: settings.apiPublicKey, apiPrivateKey: settings.apiPrivateKey }),
      timeoutMs: settings.requestTimeoutMs,
      retry: { maxAttempts: settings.maxRetries + 1, maxElapsedMs: settings.retryBudgetMs },
      dispatcher: this.dispatcher,
      clock: { now: options.now },
      sleep: options.sleep,
      ...(options.random !== undefined ? { random: options.random } : {}),
      onRetry: (event) => {
        this.count('retries');
        options.onRetry?.(event);
      },
    });
    this.counted = {
      post: (request) => {
        this.count(operationName(request.path));
        return this.transport.post(request);
      },
      get: (request) => this.transport.get(request),
    };
    this.parent = this.client(settings.organizationId);
  }

  private count(what: string): void {
    this.counts.set(what, (this.counts.get(what) ?? 0) + 1);
  }

  /** A client whose default organization is `organizationId`, on the shared transport. */
  client(organizationId: string): WalletInfraClient {
    return new WalletInfraClient({ transport: this.counted, organizationId, clock: { now: this.options.now }, sleep: this.options.sleep });
  }

  /**
   * A session of one sub-organization, read with the parent's key: its lists are read once each (one request per
   * list, whichever kinds read it) and forgotten with the session.
   */
  session(subOrganizationId: string): OrgSession {
    const settings = { ...this.settings, organizationId: subOrganizationId };
    const lists = new ObjectLists({ ttlMs: Number.MAX_SAFE_INTEGER, now: this.options.now });
    return new OrgSession(
      settings,
      this.client(subOrganizationId),
      lists,
      this.history,
      `${this.settings.baseUrl} ${subOrganizationId}`,
      () => undefined,
    );
  }

  /** Requests sent so far by operation, and `retries`; sorted by name. */
  requests(): Record<string, number> {
    return Object.fromEntries([...this.counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  async close(): Promise<void> {
    await this.transport.close();
    await this.dispatcher.close();
  }
}
