// The diff technique (README "Diffs"; https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/). `diff` receives the old OUTPUTS and the new inputs,
// and the Node shim can only answer yes/no/unknown plus `replaces`. We compare both sides after the same
// normalisation; when nothing changed we answer `changes: false` (no perpetual diff, even if the raw
// inputs differ in form), and when something did we answer `changes: undefined` so the engine computes
// per-property `detailedDiff`/`diffReasons` from old vs new inputs, with `replaces` listing only the
// immutable keys that really changed (honoured because the engine's fallback yields DIFF_SOME).
import type * as pulumi from '@pulumi/pulumi';

export interface FieldDiff {
  /** Every property whose normalised value changed, in declaration order. */
  changed: string[];
  /** The subset that can only change by replacing the object. */
  replaces: string[];
}

export function toDiffResult(d: FieldDiff, deleteBeforeReplace = false): pulumi.dynamic.DiffResult {
  if (d.changed.length === 0) return { changes: false };
  const result: { changes: undefined; replaces?: string[]; deleteBeforeReplace?: boolean } = { changes: undefined };
  if (d.replaces.length > 0) {
    result.replaces = d.replaces;
    if (deleteBeforeReplace) result.deleteBeforeReplace = true;
  }
  return result;
}

/** Collects the changed keys of two normalised records, marking `immutable` keys as replacements. */
export function compareFields(
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  keys: readonly string[],
  immutable: readonly string[],
): FieldDiff {
  const changed = keys.filter((k) => !sameValue(olds[k], news[k]));
  return { changed, replaces: changed.filter((k) => immutable.includes(k)) };
}

/**
 * Structural equality of JSON-like values (inputs and outputs are plain data). Both sides go through a
 * JSON round trip first, so a key holding `undefined` counts as absent, as it does on the wire. Strings,
 * booleans, numbers and absent values (most fields, and every field of a Policy) compare with `===`:
 * deep-equal's strict mode compares them with `Object.is`, which differs only for NaN and -0, and neither
 * survives the round trip (those take the general path). So a refresh or a preview whose diffs compare
 * only such fields never loads deep-equal's module graph.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isScalar(a) && isScalar(b)) return a === b;
  const [textA, textB] = [JSON.stringify(a), JSON.stringify(b)];
  // The same JSON text is the same wire value: the common case of every unchanged object or array, which
  // deep-equal takes 0.1-0.5 ms to confirm. Texts that differ may still hold the same value with its keys
  // in another order; deep-equal decides those.
  if (textA === textB) return true;
  return deepEqual()(wireValue(textA), wireValue(textB), { strict: true });
}

/** A value the JSON round trip keeps as it is (`undefined`: absent either way). */
function isScalar(value: unknown): value is string | boolean | number | undefined {
  return (
    value === undefined ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0))
  );
}

type DeepEqual = (a: unknown, b: unknown, options: { strict: boolean }) => boolean;
let loadedDeepEqual: DeepEqual | undefined;

/** deep-equal, loaded on the first comparison of objects, arrays or nulls: programs never pay for its module graph. */
function deepEqual(): DeepEqual {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loadedDeepEqual ??= require('deep-equal') as DeepEqual;
  return loadedDeepEqual;
}

/** The value a JSON text (`undefined`: absent) stands for on the wire. */
function wireValue(text: string | undefined): unknown {
  return text === undefined ? undefined : JSON.parse(text);
}
