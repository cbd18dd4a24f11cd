// A limit on the requests in flight at once, enforced where every HTTP attempt passes: an undici
// Dispatcher that takes a slot when a request is dispatched and gives it back when its response has ended
// (or failed). Retries, backoff waits and activity polling happen above the dispatcher, between attempts,
// so none of them holds a slot; and no request sent through the dispatcher can bypass the limit.
import type { Dispatcher as UndiciDispatcher } from 'undici';
import { Dispatcher, openAgent } from './undici';

/** A counting semaphore: at most `max` holders at once, the rest wait in arrival order. */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly max: number) {
    if (!Number.isSafeInteger(max) || max < 1) throw new RangeError(`concurrency limit must be a positive integer, got ${max}`);
  }

  /** Slots in use. */
  get active(): number {
    return this.running;
  }

  /** Callers waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Resolves with the slot's release function once a slot is free; releasing twice is harmless. */
  async acquire(): Promise<() => void> {
    if (this.running >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // Hand the slot straight to the next caller so a newcomer cannot overtake the queue.
      if (next) next();
      else this.running -= 1;
    };
  }
}

// The handler callbacks after which undici calls nothing more on a request (undici 7 accepts both the
// legacy and the new handler interface).
const FINAL_CALLBACKS = new Set<string | symbol>(['onComplete', 'onError', 'onResponseEnd', 'onResponseError', 'onUpgrade']);

/** The caller's handler, unchanged except that its final callback first releases the slot. */
function releasing(handler: UndiciDispatcher.DispatchHandler, release: () => void): UndiciDispatcher.DispatchHandler {
  return new Proxy(handler, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (!FINAL_CALLBACKS.has(prop)) return (value as (...args: unknown[]) => unknown).bind(target);
      return (...args: unknown[]) => {
        release();
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/**
 * Sends through `inner` (default: an Agent of its own, closed by `close()`) with at most `limit.max`
 * requests in flight; several dispatchers may share one limit (one per organization, for every client of it).
 */
export class LimitedDispatcher extends Dispatcher {
  readonly #inner: UndiciDispatcher;
  readonly #ownsInner: boolean;

  constructor(
    readonly limit: ConcurrencyLimit,
    inner?: UndiciDispatcher,
  ) {
    super();
    this.#ownsInner = inner === undefined;
    this.#inner = inner ?? openAgent({ keepAliveTimeout: 10_000 });
  }

  override dispatch(options: UndiciDispatcher.DispatchOptions, handler: UndiciDispatcher.DispatchHandler): boolean {
    void this.limit.acquire().then((release) => {
      try {
        this.#inner.dispatch(options, releasing(handler, release));
      } catch (error) {
        release();
        const h = handler as { onResponseError?: (c: unknown, e: Error) => void; onError?: (e: Error) => void };
        if (typeof h.onError === 'function') h.onError(error as Error);
        else h.onResponseError?.(null, error as Error);
      }
    });
    return true;
  }

  override async close(): Promise<void> {
    if (this.#ownsInner) await this.#inner.close();
  }

  override async destroy(): Promise<void> {
    if (this.#ownsInner) await this.#inner.destroy();
  }
}
