// Secret handling for reports: nothing secret is ever printed.
// Engine events mark secret values with Pulumi's secret signature object (`{"4dabf18193072939515e22adb298388d":
// "1b47061264138c4ac30d75fd1eb44270", ...}`, the same sig as the SDK's `specialSigKey`), while `--json`
// output and masked event payloads carry the string `[secret]`. Both become `[secret]`. As a second line of
// defence, string values under property names that say "secret" or "private" are redacted even when the
// provider forgot to mark them (https://www.pulumi.com/docs/iac/concepts/secrets/: outputs with new names are stored in plaintext unless marked).
import { PROVIDER_KEY } from '../ownership';
import { PROVIDER_CODE_PLACEHOLDER, SECRET_PLACEHOLDER, UNKNOWN_PLACEHOLDER } from './types';

const SECRET_SIG_KEY = '4dabf18193072939515e22adb298388d';
const SECRET_SIG_VALUE = '1b47061264138c4ac30d75fd1eb44270';
/** What the engine sends for values not known until apply (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/, `runtime/rpc.js` `unknownValue`). */
export const UNKNOWN_SENTINEL = '04da6b54-80e4-46f7-96ec-b56ff0331ba9';

const SENSITIVE_NAME = /secret|private|password|passphrase|mnemonic|token/i;

export function isSecretEnvelope(value: unknown): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    (value as Record<string, unknown>)[SECRET_SIG_KEY] === SECRET_SIG_VALUE
  );
}

/** True when a property path names something that must never be shown, whatever its marking. */
export function isSensitivePath(path: string): boolean {
  return path.split(/[.[\]"]+/).some((segment) => segment !== '' && SENSITIVE_NAME.test(segment));
}

/**
 * A copy of `value` that is safe to print. `path` is the property path the value sits at; it decides the
 * name-based redaction for plain strings (booleans, numbers and empty strings stay visible: a flag flipping
 * or a value being cleared is what a reviewer needs to see, and neither leaks a secret).
 */
export function redactValue(value: unknown, path = ''): unknown {
  if (value === undefined || value === null) return value;
  if (isSecretEnvelope(value) || value === SECRET_PLACEHOLDER) return SECRET_PLACEHOLDER;
  if (value === UNKNOWN_SENTINEL) return UNKNOWN_PLACEHOLDER;
  if (path === PROVIDER_KEY || path.startsWith(`${PROVIDER_KEY}.`)) return PROVIDER_CODE_PLACEHOLDER;
  if (typeof value === 'string') return value !== '' && isSensitivePath(path) ? SECRET_PLACEHOLDER : value;
  if (Array.isArray(value)) return value.map((item, i) => redactValue(item, `${path}[${i}]`));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = redactValue(v, path === '' ? k : `${path}.${k}`);
    }
    return out;
  }
  return value;
}
