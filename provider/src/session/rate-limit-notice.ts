// The line a user sees while calls wait for a rate limit: the engine shows the resource as still being
// created or updated, and this says why. One line per organization at most every `everyMs`, so a storm
// over a hundred resources stays readable.
import type { RetryEvent } from '@walletinfra/sdk';

export interface RateLimitNoticeOptions {
  now: () => number;
  log: (line: string) => void;
  everyMs?: number;
}

export function rateLimitNotice(what: string, budgetSetting: string, options: RateLimitNoticeOptions): (event: RetryEvent) => void {
  const everyMs = options.everyMs ?? 5_000;
  let lastAt: number | undefined;
  let waiting = 0;
  return (event) => {
    if (!event.rateLimited) return;
    waiting += 1;
    const now = options.now();
    if (lastAt !== undefined && now - lastAt < everyMs) return;
    lastAt = now;
    const others = waiting > 1 ? ` (${waiting - 1} more waits since the last notice)` : '';
    waiting = 0;
    options.log(
      `walletinfra: ${what} is rate limiting us; waiting ${(event.delayMs / 1000).toFixed(1)} s before retrying ` +
        `${event.operation} (attempt ${event.attempt + 1})${others}; ${Math.round(event.budgetLeftMs / 1000)} s left of the ` +
        `retry budget (${budgetSetting}).`,
    );
  };
}
