// During a preview the engine hands every not-yet-known input to `check` and `diff` as this exact string,
// whatever the declared type (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/; @pulumi/pulumi `runtime/rpc.js` `unknownValue`). Validators skip it.
export const UNKNOWN = '04da6b54-80e4-46f7-96ec-b56ff0331ba9';

export function isUnknown(value: unknown): boolean {
  return value === UNKNOWN;
}

/** True when the value, or anything nested in it, is still unknown. */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === 'object') return Object.values(value).some(containsUnknown);
  return false;
}
