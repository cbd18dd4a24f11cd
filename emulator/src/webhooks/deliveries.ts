// Webhook deliveries: when an activity changes state, every active endpoint
// of its organization with an active ACTIVITY_UPDATES subscription gets a signed POST. Deliveries are
// recorded in the store in the same transaction as the activity, then attempted by this worker: in the
// background ('auto', 'loopback-only'), or when a test calls `drain()` ('manual'), which needs no sleeping.
// Only 'auto' sends beyond loopback (delivery-scope.ts).
import { signWebhookDelivery } from '@walletinfra/sdk';
import { renderActivity } from '../render/activity';
import type { Env } from '../env';
import type { EmulatorKeys } from '../keys';
import type { ResolvedOptions } from '../options';
import type { ActivityRecord, DeliveryRecord } from '../store/records';
import type { Store } from '../store/store';
import { deliveryRefusal } from './delivery-scope';
import { deliveryBackoffMs, deliveryOutcome } from './retry';

const ATTEMPT_TIMEOUT_MS = 10_000;

export interface DeliveryDeps {
  store: Store;
  env: Env;
  keys: EmulatorKeys;
  options: ResolvedOptions;
}

export class DeliveryQueue {
  private running: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /**
   * False once a pass found nothing pending and nothing was queued since: a write with no subscribed endpoint
   * then costs no worker pass. True at start, for deliveries a data dir may hold from an earlier run.
   */
  private mayHavePending = true;

  constructor(private readonly deps: DeliveryDeps) {}

  /** Records one delivery per subscribed endpoint. Call inside the activity's transaction. */
  enqueueActivity(activity: ActivityRecord): void {
    const { store, env } = this.deps;
    const endpoints = store.webhookEndpoints
      .listByOrg(activity.organizationId)
      .filter((e) => e.isActive && e.subscriptions.some((s) => s.eventType === 'ACTIVITY_UPDATES' && s.isActive));
    if (endpoints.length === 0) return;
    this.mayHavePending = true;
    // The payload is the activity object with ISO timestamps (webhook reference example, docs/service-behaviour.md#transport).
    const body = JSON.stringify(renderActivity(store, activity, env.now(), 'iso'));
    const now = env.now();
    for (const endpoint of endpoints) {
      store.deliveries.insert({
        deliveryId: env.uuid(),
        eventId: env.uuid(),
        organizationId: activity.organizationId,
        endpointId: endpoint.endpointId,
        url: endpoint.url,
        eventType: 'ACTIVITY_UPDATES',
        body,
        state: 'PENDING',
        attempts: [],
        nextAttemptAt: now,
        createdAt: now,
      });
    }
  }

  /** After a commit: unless in 'manual' mode, start delivering. */
  kick(): void {
    if (this.deps.options.deliveryMode !== 'manual' && !this.closed && this.mayHavePending) this.schedule(0);
  }

  list(): DeliveryRecord[] {
    return this.deps.store.deliveries.all();
  }

  /**
   * Attempts every pending delivery until each is delivered or has failed for good, without waiting out the
   * backoff (the schedule is still recorded on each attempt). Returns the deliveries it touched.
   */
  drain(): Promise<DeliveryRecord[]> {
    return this.serialize(async () => {
      const touched = new Map<string, DeliveryRecord>();
      for (;;) {
        const pending = this.pending();
        if (pending.length === 0) break;
        for (const d of pending) touched.set(d.deliveryId, await this.attempt(d));
      }
      return [...touched.values()];
    });
  }

  /** Attempts only the deliveries that are due by the clock. Returns how many were attempted. */
  runDue(): Promise<number> {
    return this.serialize(async () => {
      const now = this.deps.env.now();
      const due = this.pending().filter((d) => d.nextAttemptAt <= now);
      for (const d of due) await this.attempt(d);
      return due.length;
    });
  }

  close(): void {
    this.closed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
  }

  /** Waits for the attempts in flight (used by close()). */
  idle(): Promise<void> {
    return this.running.then(() => undefined);
  }

  private pending(): DeliveryRecord[] {
    return this.deps.store.deliveries.all().filter((d) => d.state === 'PENDING');
  }

  private serialize<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.running.then(fn, fn);
    this.running = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }

  private schedule(delayMs: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.runDue().then(() => {
        if (this.closed) return;
        const pending = this.pending();
        if (pending.length === 0) {
          this.mayHavePending = false;
          return;
        }
        this.schedule(Math.max(0, Math.min(...pending.map((d) => d.nextAttemptAt)) - this.deps.env.now()));
      });
    }, delayMs);
    this.timer.unref();
  }

  private async attempt(d: DeliveryRecord): Promise<DeliveryRecord> {
    const { env, keys, options, store } = this.deps;
    const attempt = d.attempts.length + 1;
    const at = env.now();
    // Deleting or pausing an endpoint ends deliveries to it, queued ones included (docs/service-behaviour.md#webhook-deliveries).
    const endpoint = store.webhookEndpoints.get(d.endpointId);
    if (endpoint === undefined || !endpoint.isActive) {
      const error = endpoint === undefined ? 'endpoint was deleted' : 'endpoint is paused';
      const ended: DeliveryRecord = { ...d, state: 'FAILED', attempts: [...d.attempts, { attempt, at, error }] };
      store.deliveries.update(ended);
      return ended;
    }
    const refusal = deliveryRefusal(options.deliveryMode, d.url);
    if (refusal !== undefined) {
      const ended: DeliveryRecord = { ...d, state: 'FAILED', attempts: [...d.attempts, { attempt, at, error: refusal }] };
      store.deliveries.update(ended);
      options.log?.(`webhook ${d.eventId} -> ${d.url}: ${refusal}`);
      return ended;
    }
    // Each attempt gets a fresh timestamp and signature; the event id stays (docs/service-behaviour.md#webhook-deliveries).
    const headers = signWebhookDelivery({
      privateKeyHex: keys.webhookSigning.privateKey,
      keyId: keys.webhookSigning.keyId,
      timestampMs: at,
      eventId: d.eventId,
      body: d.body,
      organizationId: d.organizationId,
      eventType: d.eventType,
    });
    let status: number | undefined;
    let error: string | undefined;
    try {
      const response = await options.fetch(d.url, {
        method: 'POST',
        headers,
        body: d.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (e) {
      error = describeNetworkError(e);
    }
    const outcome = deliveryOutcome(status);
    const record: DeliveryRecord = { ...d, attempts: [...d.attempts] };
    const entry: DeliveryRecord['attempts'][number] = { attempt, at };
    if (status !== undefined) entry.status = status;
    if (error !== undefined) entry.error = error;
    if (outcome === 'delivered') record.state = 'DELIVERED';
    else if (outcome === 'failed' || attempt >= options.deliveryRetry.maxAttempts) record.state = 'FAILED';
    else {
      record.nextAttemptAt = at + deliveryBackoffMs(attempt, options.deliveryRetry.baseDelayMs, options.deliveryRetry.maxDelayMs);
      entry.nextAttemptAt = record.nextAttemptAt;
    }
    record.attempts.push(entry);
    // The endpoint may have been reset away meanwhile; only record what still exists.
    store.deliveries.update(record);
    options.log?.(`webhook ${d.eventId} -> ${d.url}: attempt ${attempt} ${status ?? error} (${record.state})`);
    return record;
  }
}

function describeNetworkError(e: unknown): string {
  const err = e as { name?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } };
  if (err?.name === 'TimeoutError') return `timed out after ${ATTEMPT_TIMEOUT_MS} ms`;
  const cause = err?.cause;
  if (typeof cause?.code === 'string') return `network error: ${cause.code}`;
  if (typeof cause?.message === 'string') return `network error: ${cause.message}`;
  return `network error: ${typeof err?.message === 'string' ? err.message : String(e)}`;
}
