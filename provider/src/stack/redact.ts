// Secret handling for reports: nothing secret is ever printed.
// Engine events mark secret values with Pulumi's secret envelope (../wire.ts), while `--json`
// output and masked event payloads carry the string `[secret]`. Both become `[secret]`. As a second line of
// defence, string values under property names that say "secret" or "private" are redacted even when the
// provider forgot to mark them (https://www.pulumi.com/docs/iac/concepts/secrets/: outputs with new names are stored in plaintext unless marked).
import { isSecretEnvelope, PROVIDER_KEY, UNKNOWN } from '../wire';

/** Stand-ins written instead of values that must not (or cannot) be shown. */
export const SECRET_PLACEHOLDER = '[secret]';
export const UNKNOWN_PLACEHOLDER = '[unknown]';
export const PROVIDER_CODE_PLACEHOLDER = '[provider code]';

const SENSITIVE_NAME = /secret|private|password|passphrase|mnemonic|token/i;

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
  if (value === UNKNOWN) return UNKNOWN_PLACEHOLDER;
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
