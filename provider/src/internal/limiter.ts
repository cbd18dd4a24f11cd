// A counting semaphore: at most `max` calls run at once, the rest wait in arrival order. One per
// organization keeps a parallel `pulumi up` under the service's rate limits
// (docs/service-behaviour.md#limits-and-pagination: 1-60 requests per second depending on plan). Slots are held only while a request is in
// flight, never while a caller sleeps (consensus polling re-enters the queue for every poll).
export class Limiter {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly max: number) {
    if (!Number.isSafeInteger(max) || max < 1) throw new RangeError(`Limiter max must be a positive integer, got ${max}`);
  }

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      // Hand the slot straight to the next caller so a newcomer cannot overtake the queue.
      if (next) next();
      else this.running -= 1;
    }
  }
}
