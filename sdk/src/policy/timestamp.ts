// `Timestamp('<RFC 3339>')`: only a zero UTC offset is accepted — `Z`, `z`, `+00:00`, `-00:00`
// (https://docs.turnkey.com/features/policies/time-based-policies). Values are nanoseconds since the epoch so
// fractional seconds (up to 9 digits) compare exactly.

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|z|[+-]\d{2}:\d{2})$/;

export function parseTimestamp(text: string): Parsed<bigint> {
  const m = RFC3339.exec(text);
  if (!m) {
    return { ok: false, reason: "expected an RFC 3339 date and time with a zero UTC offset, like '2026-03-01T00:00:00Z'" };
  }
  const [, y, mo, d, h, mi, s, fraction, offset] = m as unknown as string[];
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12) return { ok: false, reason: `month ${mo} is not between 01 and 12` };
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return { ok: false, reason: `day ${d} does not exist in ${y}-${mo}` };
  if (Number(h) > 23) return { ok: false, reason: `hour ${h} is not between 00 and 23` };
  if (Number(mi) > 59) return { ok: false, reason: `minute ${mi} is not between 00 and 59` };
  if (Number(s) > 59) return { ok: false, reason: `second ${s} is not between 00 and 59` };
  if (fraction !== undefined && fraction.length > 9) {
    return { ok: false, reason: 'fractional seconds have at most 9 digits (nanoseconds)' };
  }
  if (offset !== 'Z' && offset !== 'z' && offset !== '+00:00' && offset !== '-00:00') {
    return { ok: false, reason: `the UTC offset ${offset} is not zero; write the time in UTC with Z, z, +00:00 or -00:00` };
  }
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(Number(h), Number(mi), Number(s), 0);
  const nanos = BigInt(utc.getTime()) * 1_000_000n + BigInt((fraction ?? '').padEnd(9, '0') || '0');
  return { ok: true, value: nanos };
}
