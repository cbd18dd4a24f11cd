// One sdk client per set of credentials, shared by every resource in a provider process, and one
// concurrency limit per organization, enforced in each client's dispatcher: every HTTP attempt of every
// client of the organization passes it, and no retry wait or approval poll holds a slot.
import { ConcurrencyLimit, LimitedDispatcher, WalletInfraClient, type WalletInfraClientOptions } from '@walletinfra/sdk';
import type { EndpointSettings, ProviderSettings } from '../config';
import { ActivityHistory } from './activity-history';
import { DEFAULT_LIST_TTL_MS, ObjectLists } from './object-lists';
import { OrgSession } from './org-session';
import { rateLimitNotice } from './rate-limit-notice';

export interface ClientPoolOptions {
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Where progress lines go (waiting for a rate limit); default stderr, which the engine shows. */
  log?: (line: string) => void;
  /**
   * How long a list answer is reused after its last read (default 2000 ms; reads that keep coming keep it, for at
   * most a minute). Writes invalidate it at once.
   */
  listTtlMs?: number;
  /** Page size of `list_activities` (default 100, the service's maximum); tests make it small. */
  activityPageSize?: number;
  /** Extra client options; tests pass an undici `dispatcher` (sent through below the limit) and `random`. */
  clientOptions?: Pick<WalletInfraClientOptions, 'dispatcher' | 'random'>;
}

function logToStderr(line: string): void {
  process.stderr.write(`${line}\n`);
}

export class ClientPool {
  private readonly clients = new Map<string, WalletInfraClient>();
  private readonly dispatchers: LimitedDispatcher[] = [];
  private readonly limits = new Map<string, ConcurrencyLimit>();
  private readonly notices = new Map<string, ReturnType<typeof rateLimitNotice>>();
  private readonly lists: ObjectLists;
  private readonly history: ActivityHistory;

  constructor(private readonly options: ClientPoolOptions) {
    this.lists = new ObjectLists({ ttlMs: options.listTtlMs ?? DEFAULT_LIST_TTL_MS, now: options.now });
    this.history = new ActivityHistory(options.activityPageSize);
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
      settings.retryBudgetMs,
    ]);
    let client = this.clients.get(clientKey);
    if (!client) {
      client = this.createClient(settings, orgKey, {
        organizationId: settings.organizationId,
        apiPublicKey: settings.apiPublicKey,
        apiPrivateKey: settings.apiPrivateKey,
      });
      this.clients.set(clientKey, client);
    }
    return new OrgSession(settings, client, this.lists, this.history, orgKey, this.options.log ?? logToStderr);
  }

  /** A client without credentials, for the unauthenticated calls (webhook JWKS, wallet-kit config). */
  publicClient(endpoints: EndpointSettings): WalletInfraClient {
    const key = JSON.stringify([
      'public',
      endpoints.baseUrl,
      endpoints.authProxyUrl,
      endpoints.authProxyConfigId ?? '',
      endpoints.requestTimeoutMs,
      endpoints.maxRetries,
      endpoints.retryBudgetMs,
    ]);
    let client = this.clients.get(key);
    if (!client) {
      client = this.createClient(endpoints, `${endpoints.baseUrl} public`, {});
      this.clients.set(key, client);
    }
    return client;
  }

  async close(): Promise<void> {
    const clients = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all(this.dispatchers.splice(0).map((d) => d.close()));
  }

  private limitOf(limitKey: string, max: number): ConcurrencyLimit {
    let limit = this.limits.get(limitKey);
    if (!limit) {
      // The first session of an organization fixes its limit for the life of the process.
      limit = new ConcurrencyLimit(max);
      this.limits.set(limitKey, limit);
    }
    return limit;
  }

  private noticeOf(limitKey: string, baseUrl: string): ReturnType<typeof rateLimitNotice> {
    let notice = this.notices.get(limitKey);
    if (!notice) {
      notice = rateLimitNotice(baseUrl, 'walletinfra:retryBudgetMs', { now: this.options.now, log: this.options.log ?? logToStderr });
      this.notices.set(limitKey, notice);
    }
    return notice;
  }

  private createClient(
    endpoints: EndpointSettings,
    limitKey: string,
    credentials: Pick<WalletInfraClientOptions, 'organizationId' | 'apiPublicKey' | 'apiPrivateKey'>,
  ): WalletInfraClient {
    const dispatcher = new LimitedDispatcher(
      this.limitOf(limitKey, endpoints.maxConcurrentRequests),
      this.options.clientOptions?.dispatcher,
    );
    this.dispatchers.push(dispatcher);
    return new WalletInfraClient({
      baseUrl: endpoints.baseUrl,
      authProxyUrl: endpoints.authProxyUrl,
      ...(endpoints.authProxyConfigId !== undefined ? { authProxyConfigId: endpoints.authProxyConfigId } : {}),
      ...credentials,
      timeoutMs: endpoints.requestTimeoutMs,
      retry: { maxAttempts: endpoints.maxRetries + 1, maxElapsedMs: endpoints.retryBudgetMs },
      clock: { now: this.options.now },
      sleep: this.options.sleep,
      ...(this.options.clientOptions?.random !== undefined ? { random: this.options.clientOptions.random } : {}),
      dispatcher,
      onRetry: this.noticeOf(limitKey, endpoints.baseUrl),
    });
  }
}
