// Valid values of the Activity fields a policy compares with string literals (docs/service-behaviour.md#policy-language).
import { ACTIVITY_ACTIONS, ACTIVITY_KINDS, ACTIVITY_RESOURCES, ACTIVITY_TYPES, activityKindOf } from './activity';
import { quote } from './printer';
import { closestName } from './suggest';
import type { EnumField } from './types';

const VALUES: Record<EnumField, ReadonlySet<string>> = {
  'activity.type': new Set(ACTIVITY_TYPES),
  'activity.kind': new Set(ACTIVITY_KINDS),
  'activity.resource': new Set(ACTIVITY_RESOURCES),
  'activity.action': new Set(ACTIVITY_ACTIONS),
};

/** Why `value` is not a valid value of the field, with the closest valid one; undefined if valid. */
export function enumProblem(field: EnumField, value: string): { message: string; suggestion?: string } | undefined {
  const values = VALUES[field];
  if (values.has(value)) return undefined;
  const shown = quote(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  const suggestion = prefixFix(field, value, values) ?? closestName(value, values);
  if (suggestion !== undefined) return { message: `${shown} is not a valid ${field}; did you mean '${suggestion}'?`, suggestion };
  const listed = field === 'activity.resource' || field === 'activity.action' ? `; the values are ${[...values].join(', ')}` : '';
  return { message: `${shown} is not a valid ${field}${listed}` };
}

// A kind where a type is expected, or the reverse, is the likeliest mix-up of all.
function prefixFix(field: EnumField, value: string, values: ReadonlySet<string>): string | undefined {
  if (field === 'activity.type') {
    const typed = [`ACTIVITY_TYPE_${value}`, ...[2, 3, 4, 5, 6, 7, 8].map((v) => `ACTIVITY_TYPE_${value}_V${v}`)];
    return typed.find((t) => values.has(t));
  }
  if (field === 'activity.kind' && value.startsWith('ACTIVITY_TYPE_')) {
    const kind = activityKindOf(value);
    return values.has(kind) ? kind : undefined;
  }
  return undefined;
}
