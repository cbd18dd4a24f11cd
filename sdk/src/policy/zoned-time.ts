// Wall-clock time in an IANA time zone, from the platform's time zone data (Intl). Used by
// CronSpan, whose fires are local times in its zone (https://docs.turnkey.com/features/policies/time-based-policies).
import { closestName } from './suggest';
import type { Parsed } from './timestamp';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/**
 * Checks an IANA zone name. Intl throws RangeError for unknown zones; it also accepts any letter
 * case and (in newer Node versions) UTC offsets like '+05:30', which are refused here because the
 * service asks for a zone name. Links such as 'US/Eastern' are accepted as the IANA database does.
 */
export function validateTimeZone(zone: string): Parsed<string> {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return { ok: false, reason: unknownZone(zone) };
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return { ok: false, reason: unknownZone(zone) };
  }
  if (resolved !== zone && resolved.toLowerCase() === zone.toLowerCase()) {
    return { ok: false, reason: `time zone names are case-sensitive; did you mean '${resolved}'?` };
  }
  return { ok: true, value: zone };
}

function unknownZone(zone: string): string {
  const suggestion = closestName(zone, knownZones());
  return suggestion
    ? `no such IANA time zone; did you mean '${suggestion}'?`
    : "no such IANA time zone; use a name like 'America/New_York' or 'UTC'";
}

let zones: string[] | undefined;
function knownZones(): string[] {
  zones ??= [...Intl.supportedValuesOf('timeZone'), 'UTC'];
  return zones;
}

export interface LocalDateTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const SAMPLE_MS = 6 * HOUR_MS;

/** The wall-clock time of an instant (ms since the epoch) in `zone`, to the minute. */
export function localTimeOf(instantMs: number, zone: string): LocalDateTime {
  const parts: Record<string, string> = {};
  for (const p of formatter(zone).formatToParts(new Date(instantMs))) parts[p.type] = p.value;
  const yearOfEra = Number(parts.year);
  return {
    year: parts.era === 'BC' || parts.era === 'B' ? 1 - yearOfEra : yearOfEra,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** The wall-clock time read as if it were UTC, in ms: a number line for local times. */
export function wallClockMs(l: LocalDateTime): number {
  const d = new Date(0);
  d.setUTCFullYear(l.year, l.month - 1, l.day);
  d.setUTCHours(l.hour, l.minute, 0, 0);
  return d.getTime();
}

/** Offset of `zone` from UTC at an instant, in ms (positive east of Greenwich), to the minute. */
function offsetFromIntl(instantMs: number, zone: string): number {
  const floored = Math.floor(instantMs / MINUTE_MS) * MINUTE_MS;
  return wallClockMs(localTimeOf(floored, zone)) - floored;
}

/**
 * The UTC offsets of one zone over a span of time, found once (Intl is slow) by sampling every
 * six hours and bisecting each change to the minute. No zone changes its offset twice within six
 * hours, so no transition is missed. Outside the span, Intl is asked directly.
 */
export class ZoneOffsets {
  /** Offset changes in time order: from `from` on (inclusive), the offset is `offset`. */
  private readonly segments: { from: number; offset: number }[] = [];

  constructor(
    private readonly zone: string,
    private readonly fromMs: number,
    private readonly toMs: number,
  ) {
    let at = fromMs;
    let offset = offsetFromIntl(at, zone);
    this.segments.push({ from: -Infinity, offset });
    while (at < toMs) {
      const next = Math.min(at + SAMPLE_MS, toMs);
      const nextOffset = offsetFromIntl(next, zone);
      if (nextOffset !== offset) {
        let lo = at; // still the old offset
        let hi = next; // already the new one
        while (hi - lo > MINUTE_MS) {
          const mid = Math.floor((lo + hi) / 2 / MINUTE_MS) * MINUTE_MS;
          if (mid <= lo || mid >= hi) break;
          if (offsetFromIntl(mid, zone) === offset) lo = mid;
          else hi = mid;
        }
        this.segments.push({ from: hi, offset: nextOffset });
        offset = nextOffset;
      }
      at = next;
    }
  }

  offsetAt(instantMs: number): number {
    if (instantMs < this.fromMs || instantMs > this.toMs) return offsetFromIntl(instantMs, this.zone);
    let offset = (this.segments[0] as { offset: number }).offset;
    for (const s of this.segments) if (s.from <= instantMs) offset = s.offset;
    return offset;
  }

  /**
   * The instants at which the wall clock shows `local`: none in a spring-forward gap, two
   * (earliest first) in a fall-back overlap, otherwise one. Candidates come from the offsets a
   * day before, at, and a day after the wall-clock time read as UTC.
   */
  instantsOf(local: LocalDateTime): number[] {
    const wall = wallClockMs(local);
    const offsets = new Set([this.offsetAt(wall - 24 * HOUR_MS), this.offsetAt(wall), this.offsetAt(wall + 24 * HOUR_MS)]);
    const found: number[] = [];
    for (const offset of offsets) {
      const candidate = wall - offset;
      if (this.offsetAt(candidate) === offset && !found.includes(candidate)) found.push(candidate);
    }
    return found.sort((a, b) => a - b);
  }
}
