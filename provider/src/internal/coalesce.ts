// Coalesced list reads. A refresh of N resources of one type makes N `read` calls; each wants one object, and
// one `list_*` answers them all. Concurrent callers share the in-flight request, later callers reuse its result
// while callers keep coming (each within `ttlMs` of the one before, up to `maxAgeMs` after it arrived), and a
// write invalidates the key so the provider never answers from a list older than its own last change. The engine
// spreads a large refresh's reads over several seconds, a few at a time: a lifetime counted from the answer
// alone made such a refresh list some kinds twice or more.
export interface CoalescerOptions {
  ttlMs: number;
  /** The oldest answer reused, however steadily it is asked for; default `ttlMs` (then reuse is not extended). */
  maxAgeMs?: number;
  now: () => number;
}

interface Entry<T> {
  promise: Promise<T>;
  /** When the value arrived; undefined while in flight. */
  at?: number;
  /** When the value was last handed out (its arrival, or a later reuse). */
  used?: number;
}

export class Coalescer<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly options: CoalescerOptions) {}

  get(key: string, fetch: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    const now = this.options.now();
    if (entry !== undefined && (entry.at === undefined || this.fresh(entry as Required<Entry<T>>, now))) {
      if (entry.at !== undefined) entry.used = now;
      return entry.promise;
    }
    const fresh = {} as Entry<T>;
    // `then(fetch)` turns a synchronous throw into a rejection, handled like any failed fetch.
    fresh.promise = Promise.resolve()
      .then(fetch)
      .then(
        (value) => {
          // A write that happened while this request was in flight makes its answer suspect: do not keep it.
          if (this.entries.get(key) === fresh) fresh.at = fresh.used = this.options.now();
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

  private fresh(entry: Required<Entry<T>>, now: number): boolean {
    return now - entry.used < this.options.ttlMs && now - entry.at < (this.options.maxAgeMs ?? this.options.ttlMs);
  }

  /** Forget the key: the next `get` fetches again, even if a fetch is in flight now. */
  invalidate(key: string): void {
    this.entries.delete(key);
  }
}
