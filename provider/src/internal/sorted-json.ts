// JSON text that does not depend on key order: the keys of every object sorted, so two values that differ
// only in the order of their keys (the engine's Struct, a hand-written filter) give the same text.

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
  );
}

export function sortedJson(value: unknown): string {
  return JSON.stringify(sorted(value));
}
