// Values Pulumi puts on the wire between the engine, a program and a provider, defined here once: the unknown
// sentinel, the secret envelope's signature, and the property where a dynamic resource's state keeps its
// serialized provider. Type tokens are in ./tokens.ts.

/**
 * During a preview the engine hands every not-yet-known input to `check` and `diff` as this exact string,
 * whatever the declared type (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/; @pulumi/pulumi
 * `runtime/rpc.js` `unknownValue`); engine events show it too. Validators skip it.
 */
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

/**
 * The key of a special property value, and the signature that marks one as a secret: `{ [SIGNATURE_KEY]:
 * SECRET_SIGNATURE, value }` (sdk/go/common/resource/sig/sig.go of github.com/pulumi/pulumi; @pulumi/pulumi
 * `runtime/rpc.js` `specialSigKey`, `specialSecretSig`). The provider protocol, engine events and structured
 * stack config all carry secrets this way.
 */
export const SIGNATURE_KEY = '4dabf18193072939515e22adb298388d';
export const SECRET_SIGNATURE = '1b47061264138c4ac30d75fd1eb44270';

/** A secret envelope: `{ [SIGNATURE_KEY]: SECRET_SIGNATURE, value }`. */
export function isSecretEnvelope(value: unknown): value is { value?: unknown } {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    (value as Record<string, unknown>)[SIGNATURE_KEY] === SECRET_SIGNATURE
  );
}

/** A value wrapped in a secret envelope. */
export function secretEnvelope(value: unknown): Record<string, unknown> {
  return { [SIGNATURE_KEY]: SECRET_SIGNATURE, value };
}

/**
 * The property where a dynamic resource's inputs and outputs keep its serialized provider; the engine re-attaches
 * it after `check` (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/).
 */
export const PROVIDER_KEY = '__provider';
