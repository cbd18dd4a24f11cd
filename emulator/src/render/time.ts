// The two ways the service writes a time. API responses use `{seconds, nanos}`, as @turnkey/http's generated
// types declare; webhook payloads use ISO-8601 strings, as the webhook reference's example shows
// (docs/service-behaviour.md#webhook-deliveries). Every renderer takes the format, so one object renders
// the same in both places but for its times.

export type TimeFormat = 'api' | 'iso';

/** `{seconds, nanos}` (externaldatav1Timestamp) as the API renders timestamps. */
export function toTimestamp(ms: number): { seconds: string; nanos: string } {
  const seconds = Math.floor(ms / 1000);
  return { seconds: String(seconds), nanos: String((ms - seconds * 1000) * 1_000_000) };
}

export function renderTime(ms: number, format: TimeFormat): unknown {
  return format === 'api' ? toTimestamp(ms) : new Date(ms).toISOString();
}
