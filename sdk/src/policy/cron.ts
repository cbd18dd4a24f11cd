// The cron subset of CronSpan (https://docs.turnkey.com/features/policies/time-based-policies): five fields
// `minute hour day-of-month month day-of-week`, each `*`, a number, a range `a-b` or a list of
// those; day-of-week 0-6 with 0 = Sunday. No steps, macros, names or seconds field.
// As in classic cron, when both day fields are restricted (neither is `*`) a day matches if
// EITHER matches.
import type { Parsed } from './timestamp';

export interface CronSchedule {
  minutes: boolean[];
  hours: boolean[];
  daysOfMonth: boolean[];
  months: boolean[];
  daysOfWeek: boolean[];
  /** True when the field was `*`, which matters for the day-of-month / day-of-week OR rule. */
  anyDayOfMonth: boolean;
  anyDayOfWeek: boolean;
}

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  note?: string;
}

const FIELDS: FieldSpec[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day-of-month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day-of-week', min: 0, max: 6, note: ' (0 is Sunday)' },
];

export function parseCron(text: string): Parsed<CronSchedule> {
  const trimmed = text.trim();
  if (trimmed.startsWith('@')) {
    return { ok: false, reason: `macros like '${trimmed.split(/\s/)[0]}' are not supported; write the five fields, e.g. '0 0 * * *'` };
  }
  const fields = trimmed === '' ? [] : trimmed.split(/\s+/);
  if (fields.length !== 5) {
    const extra = fields.length === 6 ? '; a seconds field is not supported' : '';
    return { ok: false, reason: `expected 5 fields (minute hour day-of-month month day-of-week), found ${fields.length}${extra}` };
  }
  const sets: boolean[][] = [];
  for (let i = 0; i < 5; i++) {
    const parsed = parseField(fields[i] as string, FIELDS[i] as FieldSpec);
    if (!parsed.ok) return parsed;
    sets.push(parsed.value);
  }
  const [minutes, hours, daysOfMonth, months, daysOfWeek] = sets as [boolean[], boolean[], boolean[], boolean[], boolean[]];
  return {
    ok: true,
    value: { minutes, hours, daysOfMonth, months, daysOfWeek, anyDayOfMonth: fields[2] === '*', anyDayOfWeek: fields[4] === '*' },
  };
}

function parseField(text: string, spec: FieldSpec): Parsed<boolean[]> {
  const set = new Array<boolean>(spec.max + 1).fill(false);
  const where = `in the ${spec.name} field`;
  if (text === '*') {
    for (let v = spec.min; v <= spec.max; v++) set[v] = true;
    return { ok: true, value: set };
  }
  if (text.includes('/')) {
    return { ok: false, reason: `step values like '${text}' are not supported ${where}; list the values instead, e.g. '0,15,30,45'` };
  }
  const name = /[A-Za-z]+/.exec(text);
  if (name) {
    return {
      ok: false,
      reason: `names like '${name[0]}' are not supported ${where}; use numbers (month 1-12, day-of-week 0-6 with 0 for Sunday)`,
    };
  }
  for (const item of text.split(',')) {
    if (item === '') return { ok: false, reason: `empty value ${where}` };
    if (item === '*') return { ok: false, reason: `'*' must be the whole ${spec.name} field, not part of a list` };
    const m = /^(\d+)(?:-(\d+))?$/.exec(item);
    if (!m) return { ok: false, reason: `invalid value '${item}' ${where}` };
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    for (const v of [from, to]) {
      if (v < spec.min || v > spec.max) {
        return { ok: false, reason: `${spec.name} ${v} is out of range ${spec.min}-${spec.max}${spec.note ?? ''}` };
      }
    }
    if (from > to) return { ok: false, reason: `the range ${item} ${where} goes backwards; write ${to}-${from}` };
    for (let v = from; v <= to; v++) set[v] = true;
  }
  return { ok: true, value: set };
}

/** Whether the schedule fires on a calendar day (month 1-12, dayOfWeek 0 = Sunday). */
export function firesOnDay(s: CronSchedule, month: number, day: number, dayOfWeek: number): boolean {
  if (!s.months[month]) return false;
  const dom = s.daysOfMonth[day] === true;
  const dow = s.daysOfWeek[dayOfWeek] === true;
  if (s.anyDayOfMonth || s.anyDayOfWeek) return dom && dow;
  return dom || dow;
}
