// The progress line while calls wait for a rate limit: said at once, then at most every 5 s per
// organization, counting the waits in between; other retries (server errors) are not announced.
import { rateLimitNotice } from '@walletinfra/pulumi/session/rate-limit-notice';

test('one line at once, then one per 5 s with the waits in between', () => {
  let now = 0;
  const lines: string[] = [];
  const notice = rateLimitNotice('https://api.example', 'walletinfra:retryBudgetMs', { now: () => now, log: (l) => lines.push(l) });
  const wait = (attempt: number, delayMs: number, rateLimited = true) =>
    notice({ operation: '/public/v1/submit/create_policy', attempt, delayMs, reason: 'x', rateLimited, budgetLeftMs: 119_400 });
  wait(1, 1100);
  now = 1000;
  wait(1, 1200);
  wait(2, 1300);
  wait(1, 900, false); // a 500 retried: not a rate limit
  now = 5000;
  wait(3, 1500);
  expect(lines).toEqual([
    'walletinfra: https://api.example is rate limiting us; waiting 1.1 s before retrying /public/v1/submit/create_policy (attempt 2); 119 s left of the retry budget (walletinfra:retryBudgetMs).',
    'walletinfra: https://api.example is rate limiting us; waiting 1.5 s before retrying /public/v1/submit/create_policy (attempt 4) (2 more waits since the last notice); 119 s left of the retry budget (walletinfra:retryBudgetMs).',
  ]);
});
