// Activity fingerprint: "sha256:" + lowercase hex of SHA-256 over the exact body bytes (docs/service-behaviour.md#idempotency-and-fingerprints),
// identical to @turnkey/crypto's computeActivityFingerprint. Byte-sensitive on purpose: a re-serialised
// body is a different activity.
import { sha256 } from './noble';
import { toHex, utf8 } from './hex';

export const ACTIVITY_FINGERPRINT_PREFIX = 'sha256:';

export function activityFingerprint(body: string | Uint8Array): string {
  return ACTIVITY_FINGERPRINT_PREFIX + toHex(sha256(typeof body === 'string' ? utf8(body) : body));
}
