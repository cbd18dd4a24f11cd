// Validation of the string arguments of Timestamp and CronSpan, shared by the checker (which
// reports them at the literal) and the evaluator (which meets them at run time).
import { type CronSchedule, parseCron } from './cron';
import { parseDuration } from './duration';
import { type Parsed, parseTimestamp } from './timestamp';
import { quote } from './printer';
import { validateTimeZone } from './zoned-time';

export type LiteralRole = 'timestamp' | 'cron' | 'duration' | 'zone';

/** Checks one argument; the error reason names the value and what is wrong with it. */
export function validateLiteral(role: LiteralRole, text: string): Parsed<bigint | CronSchedule | number | string> {
  const result =
    role === 'timestamp'
      ? parseTimestamp(text)
      : role === 'cron'
        ? parseCron(text)
        : role === 'duration'
          ? parseDuration(text)
          : validateTimeZone(text);
  if (result.ok) return result;
  const what = role === 'timestamp' ? 'timestamp' : role === 'cron' ? 'cron expression' : role === 'duration' ? 'duration' : 'time zone';
  return { ok: false, reason: `invalid ${what} ${shorten(quote(text))}: ${result.reason}` };
}

/** The role of each argument of each function. */
export const ARGUMENT_ROLES: Readonly<Record<string, readonly LiteralRole[]>> = {
  Timestamp: ['timestamp'],
  CronSpan: ['cron', 'duration', 'zone'],
};

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 56)}...'` : text;
}
