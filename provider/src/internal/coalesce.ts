// Coalesced list reads. A refresh of N resources of one type makes N concurrent
// `read` calls; each wants one object, and one `list_*` answers them all. Concurrent callers share the
// in-flight request, later callers reuse its result for `ttlMs`, and a write invalidates the key so the
// provider never answers from a list older than its own last change.
export interface CoalescerOptions {
  ttlMs: number;
  now: () => number;
}

interface Entry<T> {
  promise: Promise<T>;
  /** When the value arrived; undefined while in flight. */
  at?: number;
}

export class Coalescer<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly options: CoalescerOptions) {}

  get(key: string, fetch: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && (entry.at === undefined || this.options.now() - entry.at < this.options.ttlMs)) return entry.promise;
    const fresh = {} as Entry<T>;
    // `then(fetch)` turns a synchronous throw into a rejection, handled like any failed fetch.
    fresh.promise = Promise.resolve()
      .then(fetch)
      .then(
        (value) => {
          // A write that happened while this request was in flight makes its answer suspect: do not keep it.
          if (this.entries.get(key) === fresh) fresh.at = this.options.now();
          return value;
        },
        (error: unknown) => {
          if (this.entries.get(key) === fresh) this.entries.delete(key);
          throw error;
        },
      );
    this.entries.set(key, fresh);
    return fresh.promise;
  }

  /** Forget the key: the next `get` fetches again, even if a fetch is in flight now. */
  invalidate(key: string): void {
    this.entries.delete(key);
  }
}
