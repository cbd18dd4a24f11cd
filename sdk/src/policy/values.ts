// Run-time values of the policy language. Context data is read lazily: numbers become bigints,
// Dates become timestamps, arrays and objects stay as given and are converted as they are read.

/** A `timestamp` value: nanoseconds since the epoch. */
export class PolicyTimestamp {
  constructor(readonly nanos: bigint) {}
}

export type Value = boolean | bigint | string | PolicyTimestamp | readonly unknown[] | { readonly [key: string]: unknown };

export type ValueKind = 'bool' | 'int' | 'string' | 'timestamp' | 'list' | 'struct';

/** Why a raw context value cannot be used, or the value. `missing` for undefined and null. */
export type Converted = { ok: true; value: Value } | { ok: false; missing: boolean; reason: string };

export function toValue(raw: unknown): Converted {
  switch (typeof raw) {
    case 'boolean':
    case 'string':
    case 'bigint':
      return { ok: true, value: raw };
    case 'number':
      return Number.isSafeInteger(raw)
        ? { ok: true, value: BigInt(raw) }
        : { ok: false, missing: false, reason: 'is not an integer (use a bigint for values beyond 2^53)' };
    case 'undefined':
      return { ok: false, missing: true, reason: 'is missing' };
    case 'object': {
      if (raw === null) return { ok: false, missing: true, reason: 'is missing' };
      if (raw instanceof PolicyTimestamp || Array.isArray(raw)) return { ok: true, value: raw as Value };
      if (raw instanceof Date) {
        const ms = raw.getTime();
        return Number.isNaN(ms)
          ? { ok: false, missing: false, reason: 'is an invalid Date' }
          : { ok: true, value: new PolicyTimestamp(BigInt(ms) * 1_000_000n) };
      }
      return { ok: true, value: raw as Value };
    }
    default:
      return { ok: false, missing: false, reason: `has a value of type ${typeof raw}, which policies cannot read` };
  }
}

export function kindOf(v: Value): ValueKind {
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'bigint') return 'int';
  if (typeof v === 'string') return 'string';
  if (v instanceof PolicyTimestamp) return 'timestamp';
  return Array.isArray(v) ? 'list' : 'struct';
}

/** Reads an own property (never the prototype chain: `constructor` is not a field). */
export function ownField(object: { readonly [key: string]: unknown }, name: string): unknown {
  return Object.hasOwn(object, name) ? object[name] : undefined;
}
