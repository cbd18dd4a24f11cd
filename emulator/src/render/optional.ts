// Optional wire fields are omitted, never null.

/** Sets `out[key]` only when `value` is defined. */
export function optional<T extends object, K extends string, V>(out: T, key: K, value: V | undefined): T & Partial<Record<K, V>> {
  if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  return out;
}
