// CronSpan(cron, duration, zone) at an instant: true when the instant lies in [fire, fire +
// duration) for some fire of the schedule. Fires are local wall-clock times in the zone; the
// duration is elapsed time (https://docs.turnkey.com/features/policies/time-based-policies).
//
// Daylight-saving choices (the docs do not say; UNCONFIRMED, chosen to match how cron libraries
// built on IANA data behave): a fire whose local time does not exist (02:30 on a spring-forward
// day in America/New_York) is skipped that day; a fire whose local time happens twice (01:30 on
// a fall-back day) fires once, at the earlier instant.
import { type CronSchedule, firesOnDay } from './cron';
import { type LocalDateTime, ZoneOffsets, localTimeOf, wallClockMs } from './zoned-time';

const DAY_MS = 86_400_000;
// No zone is further than 14 hours from UTC; with margin, a fire at wall-clock W happens
// within SLACK of W read as UTC.
const SLACK_MS = 26 * 3_600_000;

export function cronSpanActive(schedule: CronSchedule, durationMs: number, zone: string, nowMs: number): boolean {
  const earliestStart = nowMs - durationMs;
  const today = localTimeOf(nowMs, zone);
  // Every instant looked up below lies within a day and a slack of the window.
  const offsets = new ZoneOffsets(zone, earliestStart - DAY_MS - 2 * SLACK_MS, nowMs + DAY_MS + 2 * SLACK_MS);
  // Walk local calendar days backwards from today's date, latest fire first.
  for (let back = 0; ; back++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day) - back * DAY_MS);
    const day: LocalDateTime = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: 0, minute: 0 };
    if (wallClockMs(day) + DAY_MS + SLACK_MS <= earliestStart) return false;
    if (!firesOnDay(schedule, day.month, day.day, date.getUTCDay())) continue;
    for (let hour = 23; hour >= 0; hour--) {
      if (!schedule.hours[hour]) continue;
      for (let minute = 59; minute >= 0; minute--) {
        if (!schedule.minutes[minute]) continue;
        const local = { ...day, hour, minute };
        const wall = wallClockMs(local);
        if (wall - SLACK_MS > nowMs) continue;
        if (wall + SLACK_MS < earliestStart) return false;
        const fire = offsets.instantsOf(local)[0];
        if (fire !== undefined && fire <= nowMs && nowMs < fire + durationMs) return true;
      }
    }
  }
}
