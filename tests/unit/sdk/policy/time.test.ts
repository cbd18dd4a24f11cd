// Time expressions (DOCS:features/policies/time-based-policies.mdx): Timestamp literals and
// CronSpan windows across time zones and daylight-saving changes. Instants are written in UTC.
import { evaluatePolicyExpression, type PolicyContext } from '@walletinfra/sdk/policy';

const at = (iso: string): PolicyContext => ({ activity: { type: 'ACTIVITY_TYPE_CREATE_WALLET' }, approvers: [], now: Date.parse(iso) });
const active = (expression: string, iso: string): boolean => evaluatePolicyExpression(expression, 'time', at(iso));

type Row = [string, boolean, string];

function table(expression: string, rows: Row[]): void {
  describe(expression, () => {
    test.each(rows)('%s ⇒ %s (%s)', (iso, expected) => {
      expect(active(expression, iso)).toBe(expected);
    });
  });
}

describe('Timestamp', () => {
  test.each([
    ["time.now == Timestamp('2026-03-01T00:00:00Z')", '2026-03-01T00:00:00.000Z', true],
    ["time.now == Timestamp('2026-03-01t00:00:00z')", '2026-03-01T00:00:00.000Z', true],
    ["time.now == Timestamp('2026-03-01T00:00:00+00:00')", '2026-03-01T00:00:00.000Z', true],
    ["time.now == Timestamp('2026-03-01T00:00:00-00:00')", '2026-03-01T00:00:00.000Z', true],
    ["time.now == Timestamp('2026-03-01T00:00:00.250Z')", '2026-03-01T00:00:00.250Z', true],
    ["time.now < Timestamp('2026-03-01T00:00:00.000000001Z')", '2026-03-01T00:00:00.000Z', true],
    ["time.now > Timestamp('2026-02-28T23:59:59.999999999Z')", '2026-03-01T00:00:00.000Z', true],
    ["time.now != Timestamp('2024-02-29T12:00:00Z')", '2024-02-29T12:00:00.000Z', false],
    ["Timestamp('2026-01-01T00:00:00Z') <= Timestamp('2026-01-01T00:00:00Z')", '2000-01-01T00:00:00Z', true],
    ["Timestamp('1970-01-01T00:00:00Z') < time.now", '1969-12-31T23:59:59.999Z', false],
  ])('%s at %s ⇒ %s', (expression, iso, expected) => {
    expect(active(expression, iso)).toBe(expected);
  });
});

// Business hours, 9:00 to 17:00 on weekdays in New York. US daylight time starts 2026-03-08.
table("CronSpan('0 9 * * 1-5', '8h', 'America/New_York')", [
  ['2026-03-06T13:59:59.999Z', false, 'Friday 08:59:59 EST'],
  ['2026-03-06T14:00:00Z', true, 'Friday 09:00 EST opens'],
  ['2026-03-06T21:59:59.999Z', true, 'Friday 16:59:59 EST'],
  ['2026-03-06T22:00:00Z', false, 'Friday 17:00 EST closes'],
  ['2026-03-07T15:00:00Z', false, 'Saturday'],
  ['2026-03-08T15:00:00Z', false, 'Sunday, first day of EDT'],
  ['2026-03-09T12:59:00Z', false, 'Monday 08:59 EDT'],
  ['2026-03-09T13:00:00Z', true, 'Monday 09:00 EDT opens an hour earlier in UTC'],
  ['2026-03-09T20:59:00Z', true, 'Monday 16:59 EDT'],
  ['2026-03-09T21:00:00Z', false, 'Monday 17:00 EDT closes'],
]);

// Overnight windows keep 8 elapsed hours: 22:00 to 07:00 after spring forward, to 05:00 after fall back.
table("CronSpan('0 22 * * *', '8h', 'America/New_York')", [
  ['2026-03-08T02:59:00Z', false, 'Saturday 21:59 EST'],
  ['2026-03-08T03:00:00Z', true, 'Saturday 22:00 EST'],
  ['2026-03-08T10:59:00Z', true, 'Sunday 06:59 EDT'],
  ['2026-03-08T11:00:00Z', false, 'Sunday 07:00 EDT'],
  ['2026-11-01T02:00:00Z', true, 'Saturday 22:00 EDT'],
  ['2026-11-01T09:59:00Z', true, 'Sunday 04:59 EST'],
  ['2026-11-01T10:00:00Z', false, 'Sunday 05:00 EST'],
]);

// 02:30 does not exist on 2026-03-08 in New York: that day has no fire.
table("CronSpan('30 2 * * *', '1h', 'America/New_York')", [
  ['2026-03-07T07:45:00Z', true, 'Saturday 02:45 EST'],
  ['2026-03-08T06:45:00Z', false, 'Sunday 01:45 EST'],
  ['2026-03-08T07:15:00Z', false, 'Sunday 03:15 EDT, no fire in the gap'],
  ['2026-03-08T07:45:00Z', false, 'Sunday 03:45 EDT'],
  ['2026-03-09T06:45:00Z', true, 'Monday 02:45 EDT'],
]);

// 01:30 happens twice on 2026-11-01 in New York: it fires once, at the first (EDT) instant.
table("CronSpan('30 1 * * *', '30m', 'America/New_York')", [
  ['2026-11-01T05:29:00Z', false, '01:29 EDT'],
  ['2026-11-01T05:45:00Z', true, '01:45 EDT, the first 01:30'],
  ['2026-11-01T06:45:00Z', false, '01:45 EST, the repeated 01:30 does not fire again'],
  ['2026-11-02T06:45:00Z', true, 'Monday 01:45 EST'],
]);

// Europe/London: BST from 2026-03-29 01:00Z to 2026-10-25 01:00Z.
table("CronSpan('0 9 * * *', '1h', 'Europe/London')", [
  ['2026-03-28T08:30:00Z', false, 'Saturday 08:30 GMT'],
  ['2026-03-28T09:30:00Z', true, 'Saturday 09:30 GMT'],
  ['2026-03-30T08:30:00Z', true, 'Monday 09:30 BST'],
  ['2026-03-30T09:30:00Z', false, 'Monday 10:30 BST'],
  ['2026-10-26T09:30:00Z', true, 'Monday 09:30 GMT again'],
]);

table("CronSpan('30 1 * * *', '1h', 'Europe/London')", [
  ['2026-03-28T01:45:00Z', true, 'Saturday 01:45 GMT'],
  ['2026-03-29T01:45:00Z', false, 'Sunday 02:45 BST, 01:30 was skipped'],
  ['2026-10-25T00:45:00Z', true, 'Sunday 01:45 BST, the first 01:30'],
  ['2026-10-25T01:29:00Z', true, 'Sunday 01:29 GMT, still in the first window'],
  ['2026-10-25T01:45:00Z', false, 'Sunday 01:45 GMT, the repeated 01:30 does not fire'],
]);

// Asia/Kolkata is UTC+05:30 all year.
table("CronSpan('0 9 * * 1-5', '8h', 'Asia/Kolkata')", [
  ['2026-01-05T03:29:00Z', false, 'Monday 08:59 IST'],
  ['2026-01-05T03:30:00Z', true, 'Monday 09:00 IST'],
  ['2026-01-05T11:29:00Z', true, 'Monday 16:59 IST'],
  ['2026-01-05T11:30:00Z', false, 'Monday 17:00 IST'],
  ['2026-01-10T05:00:00Z', false, 'Saturday 10:30 IST'],
]);

table("CronSpan('30 23 * * 0', '1h', 'Asia/Kolkata')", [
  ['2026-01-04T18:00:00Z', true, 'Sunday 23:30 IST'],
  ['2026-01-04T18:59:00Z', true, 'Monday 00:29 IST, past local midnight'],
  ['2026-01-04T19:00:00Z', false, 'Monday 00:30 IST'],
]);

// Day-of-month and day-of-week are OR'd when both are restricted.
table("CronSpan('0 9 1 * 1', '1h', 'UTC')", [
  ['2026-04-01T09:30:00Z', true, 'Wednesday the 1st'],
  ['2026-04-06T09:30:00Z', true, 'Monday the 6th'],
  ['2026-04-07T09:30:00Z', false, 'Tuesday the 7th'],
]);
table("CronSpan('0 9 1 * *', '1h', 'UTC')", [
  ['2026-04-01T09:30:00Z', true, 'the 1st'],
  ['2026-04-06T09:30:00Z', false, 'a Monday that is not the 1st'],
]);
table("CronSpan('0 9 * * 1', '1h', 'UTC')", [
  ['2026-04-01T09:30:00Z', false, 'the 1st, a Wednesday'],
  ['2026-04-06T09:30:00Z', true, 'a Monday'],
]);

table("CronSpan('0 0 * 2 *', '1d', 'UTC')", [
  ['2026-02-14T12:00:00Z', true, 'February'],
  ['2026-03-01T00:30:00Z', false, 'the last February window ended at midnight'],
  ['2026-01-31T23:59:00Z', false, 'January'],
]);

table("CronSpan('0 23 31 12 *', '2h', 'UTC')", [
  ['2027-01-01T00:30:00Z', true, 'across the new year'],
  ['2027-01-01T01:00:00Z', false, 'two hours later'],
]);

// Weekly 7-day windows from Sunday 00:00 in Auckland (NZDT ends 2026-04-05, starts 2026-09-27).
// Elapsed days are not local days: after the clocks go back, the window closes an hour before the
// next Sunday's fire, leaving a one-hour gap; after they go forward, windows overlap by an hour.
table("CronSpan('0 0 * * 0', '7d', 'Pacific/Auckland')", [
  ['2026-04-05T13:59:00Z', true, 'Monday'],
  ['2026-04-11T10:59:00Z', true, 'Saturday 22:59 NZST, the window from Sunday 00:00 NZDT'],
  ['2026-04-11T11:30:00Z', false, 'Saturday 23:30 NZST, seven elapsed days are over'],
  ['2026-04-11T12:00:00Z', true, 'Sunday 00:00 NZST, the next window'],
  ['2026-10-03T11:30:00Z', true, 'Sunday 00:30 NZDT, both windows overlap'],
]);

table("!CronSpan('0 2 * * *', '1h', 'UTC') && time.now < Timestamp('2027-01-01T00:00:00Z')", [
  ['2026-06-01T02:30:00Z', false, 'inside the nightly maintenance window'],
  ['2026-06-01T03:00:00Z', true, 'outside it'],
  ['2027-06-01T03:00:00Z', false, 'after the end date'],
]);

table("CronSpan('0 9 * * 1-5', '8h', 'America/New_York') || CronSpan('0 9 * * 1-5', '8h', 'Asia/Kolkata')", [
  ['2026-01-05T04:00:00Z', true, 'Kolkata business hours'],
  ['2026-01-05T15:00:00Z', true, 'New York business hours'],
  ['2026-01-05T12:00:00Z', false, 'between the two'],
]);
