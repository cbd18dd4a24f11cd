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
 * JSON round trip first, so a key holding `undefined` counts as absent, as it does on the wire.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  return deepEqual()(asWireValue(a), asWireValue(b), { strict: true });
}

type DeepEqual = (a: unknown, b: unknown, options: { strict: boolean }) => boolean;
let loadedDeepEqual: DeepEqual | undefined;

/** deep-equal, loaded on the first diff: programs and refresh-only runs never pay for its module graph. */
function deepEqual(): DeepEqual {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loadedDeepEqual ??= require('deep-equal') as DeepEqual;
  return loadedDeepEqual;
}

function asWireValue(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}
