// Secret fingerprints. On-ramp secrets are encrypted with randomised HPKE (docs/service-behaviour.md#fiat-on-ramp-credentials),
// so a ciphertext says nothing about whether the secret changed. State keeps an HMAC-SHA256 of the
// plaintext under a random per-resource salt instead; it is marked secret like every sensitive output.
import { createHmac, timingSafeEqual } from 'node:crypto';

const FINGERPRINT_SCHEME = 'hmac-sha256';
/** What `read` records when the live ciphertext is no longer the one Pulumi sent. */
export const CHANGED_OUTSIDE_PULUMI = 'changed-outside-pulumi';

/**
 * What `read` puts in the inputs it returns in place of a plain-text secret it cannot recover: "the secret
 * the state's fingerprint stands for". A later diff against these inputs (a second refresh) is no change,
 * while a secret removed from the program still is.
 */
export const SECRET_KEPT = '[unchanged since the last pulumi up]';

export function secretFingerprint(plaintext: string, salt: Uint8Array): string {
  const mac = createHmac('sha256', salt).update(plaintext, 'utf8').digest('hex');
  return `${FINGERPRINT_SCHEME}:${Buffer.from(salt).toString('hex')}:${mac}`;
}

/** True when `fingerprint` was made from `plaintext`; false for anything else, malformed included. */
export function fingerprintMatches(fingerprint: unknown, plaintext: string): boolean {
  if (typeof fingerprint !== 'string') return false;
  const m = /^hmac-sha256:([0-9a-f]{2,}):([0-9a-f]{64})$/.exec(fingerprint);
  if (m?.[1] === undefined || m[2] === undefined) return false;
  const expected = createHmac('sha256', Buffer.from(m[1], 'hex')).update(plaintext, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(m[2], 'hex'));
}
