// Most wire objects are a record's own fields in a fixed order, with its times in the caller's format.
import { renderTime, type TimeFormat } from './time';

const TIME_FIELDS: ReadonlySet<string> = new Set(['createdAt', 'updatedAt']);

/**
 * `record`'s `keys`, in that order (the wire order). A field that is undefined is left out (optional wire fields
 * are omitted, never null); `createdAt` and `updatedAt` are written in `format`.
 */
export function renderFields<R extends object>(
  record: R,
  keys: readonly (keyof R & string)[],
  format: TimeFormat,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = record[key];
    if (value === undefined) continue;
    out[key] = TIME_FIELDS.has(key) ? renderTime(value as number, format) : value;
  }
  return out;
}
