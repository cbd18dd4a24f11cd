// Delivery retry policy as small pure functions (stripe-node's shouldRetry/backoff tables).
// docs/service-behaviour.md#webhook-deliveries: 2xx = delivered; network errors, timeouts and 5xx are retried; 3xx (redirects are not
// followed), 4xx and 429 are final. The schedule is the emulator's (the service's is unspecified).

export type DeliveryOutcome = 'delivered' | 'retry' | 'failed';

/** `status` is undefined when the attempt got no HTTP answer (network error, timeout). */
export function deliveryOutcome(status: number | undefined): DeliveryOutcome {
  if (status === undefined) return 'retry';
  if (status >= 200 && status <= 299) return 'delivered';
  if (status >= 500 && status <= 599) return 'retry';
  return 'failed';
}

/** Wait before attempt `attempt + 1` after `attempt` failed: base·2^(attempt-1), capped. */
export function deliveryBackoffMs(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt - 1));
}
