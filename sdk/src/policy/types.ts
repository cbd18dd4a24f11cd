// Static types of the policy language, used by the checker (docs/service-behaviour.md#policy-language).
export type EnumField = 'activity.type' | 'activity.kind' | 'activity.resource' | 'activity.action';

export type PolicyType =
  | { k: 'bool' }
  | { k: 'int' }
  /** `enumOf` marks the Activity fields whose string literals are validated. */
  | { k: 'string'; enumOf?: EnumField }
  | { k: 'timestamp' }
  | { k: 'list'; of: PolicyType }
  /** A struct of the schema (User, Activity, …), a namespace (eth, time) or a struct literal. */
  | { k: 'struct'; name: string; fields: Readonly<Record<string, PolicyType>>; aliases?: Readonly<Record<string, string>> }
  /**
   * `activity.params`, `contract_call_args`, EIP-712 `message`: any string key, values unknown;
   * with `of`, every value has that type (a secret's `static_properties` map strings to strings).
   * `keys` names what the keys are when the checker can be told the valid ones (`controls`: velocity controls).
   */
  | { k: 'map'; of?: PolicyType; keys?: 'velocityControl' }
  /** Unknown until evaluation (values read out of a map). */
  | { k: 'any' }
  /** The type of an expression that already has a diagnostic; silences follow-on errors. */
  | { k: 'error' };

export const BOOL: PolicyType = { k: 'bool' };
export const INT: PolicyType = { k: 'int' };
export const STRING: PolicyType = { k: 'string' };
export const TIMESTAMP: PolicyType = { k: 'timestamp' };
export const MAP: PolicyType = { k: 'map' };
export const ANY: PolicyType = { k: 'any' };
export const ERROR: PolicyType = { k: 'error' };

export const listOf = (of: PolicyType): PolicyType => ({ k: 'list', of });
export const mapOf = (of: PolicyType): PolicyType => ({ k: 'map', of });

export function typeName(t: PolicyType): string {
  switch (t.k) {
    case 'list':
      return `list<${typeName(t.of)}>`;
    case 'struct':
      return t.name;
    case 'map':
      return t.of ? `map<string, ${typeName(t.of)}>` : 'map';
    case 'error':
      return 'unknown';
    default:
      return t.k;
  }
}

/** Whether a value of type `a` may be compared with one of type `b` (unknowns match anything). */
export function compatible(a: PolicyType, b: PolicyType): boolean {
  if (isUnknown(a) || isUnknown(b)) return true;
  if (a.k === 'list' && b.k === 'list') return compatible(a.of, b.of);
  if (a.k === 'struct' && b.k === 'struct') return a.name === b.name;
  return a.k === b.k;
}

export function isUnknown(t: PolicyType): boolean {
  return t.k === 'any' || t.k === 'error';
}

/** Looks a field up by name or by its backward-compatible alias (docs/service-behaviour.md#policy-language, SolanaTransaction). */
export function fieldOf(t: PolicyType & { k: 'struct' }, name: string): PolicyType | undefined {
  if (Object.hasOwn(t.fields, name)) return t.fields[name];
  const target = t.aliases && Object.hasOwn(t.aliases, name) ? t.aliases[name] : undefined;
  return target === undefined ? undefined : t.fields[target];
}
