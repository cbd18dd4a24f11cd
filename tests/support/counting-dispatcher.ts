// An undici dispatcher for tests that sits below a client's concurrency limit and counts the requests between
// their dispatch and the end of their response: the most ever in flight at once is what the limit let through.
// With `holdFirst`, the first requests matching it are held until that many are in flight together, so a test
// can prove the limit is reached (not only that it is never passed) without timing luck.
import { ConcurrencyLimit, LimitedDispatcher } from '@walletinfra/sdk';

const FINAL = new Set(['onComplete', 'onError', 'onResponseEnd', 'onResponseError']);

export interface InFlightCounts {
  inFlight: number;
  max: number;
  total: number;
}

export interface HoldFirst {
  /** Requests held: those whose path this matches, from the first one on. */
  path: RegExp;
  /** How many to hold before all of them are sent on together. */
  count: number;
}

export function countingDispatcher(holdFirst?: HoldFirst): {
  dispatcher: { dispatch(options: unknown, handler: object): boolean };
  counts: InFlightCounts;
  close: () => Promise<void>;
} {
  const inner = new LimitedDispatcher(new ConcurrencyLimit(1000));
  const counts: InFlightCounts = { inFlight: 0, max: 0, total: 0 };
  let held: Array<() => void> | undefined = holdFirst === undefined ? undefined : [];
  const dispatcher = {
    dispatch(options: unknown, handler: object): boolean {
      counts.inFlight += 1;
      counts.total += 1;
      counts.max = Math.max(counts.max, counts.inFlight);
      let done = false;
      const wrapped = new Proxy(handler, {
        get(target, prop) {
          const value: unknown = Reflect.get(target, prop, target);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            if (FINAL.has(String(prop)) && !done) {
              done = true;
              counts.inFlight -= 1;
            }
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      const send = (): void => void inner.dispatch(options as never, wrapped);
      const path = (options as { path?: string }).path ?? '';
      if (held === undefined || holdFirst === undefined || !holdFirst.path.test(path)) {
        send();
        return true;
      }
      held.push(send);
      if (held.length === holdFirst.count) {
        const release = held;
        held = undefined;
        for (const go of release) go();
      }
      return true;
    },
  };
  return { dispatcher, counts, close: () => inner.close() };
}
