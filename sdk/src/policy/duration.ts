// The CronSpan window length: whole days, hours and minutes, written in that order (`8h`, `90m`,
// `1d12h`); greater than zero and at most 7 days (https://docs.turnkey.com/features/policies/time-based-policies).
import type { Parsed } from './timestamp';

const MINUTE_MS = 60_000;
export const MAX_DURATION_MS = 7 * 24 * 60 * MINUTE_MS;
const FORMAT = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?$/;

/** Parses a duration into milliseconds. */
export function parseDuration(text: string): Parsed<number> {
  const m = FORMAT.exec(text);
  if (!m || text === '') {
    const hint = /^\d+$/.test(text)
      ? `; add a unit, e.g. '${text}h' or '${text}m'`
      : /s$/.test(text) || /\d\.\d/.test(text)
        ? '; seconds and fractions are not allowed'
        : /[DHM]/.test(text)
          ? '; the units are lowercase d, h and m'
          : '';
    return { ok: false, reason: `expected whole days, hours and minutes in that order, like '8h', '90m' or '1d12h'${hint}` };
  }
  const [, d, h, mi] = m;
  // Large inputs overflow to Infinity here, which the maximum below rejects.
  const ms = ((Number(d ?? 0) * 24 + Number(h ?? 0)) * 60 + Number(mi ?? 0)) * MINUTE_MS;
  if (ms === 0) return { ok: false, reason: 'the duration must be greater than zero' };
  if (ms > MAX_DURATION_MS) return { ok: false, reason: 'the duration must be at most 7 days (7d)' };
  return { ok: true, value: ms };
}
