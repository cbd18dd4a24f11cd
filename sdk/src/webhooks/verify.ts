// Webhook signature verification, same check order, reasons and result shape as @turnkey/crypto's
// verifyTurnkeyWebhookSignature (docs/service-behaviour.md#webhook-deliveries). The signed message is the ASCII prefix
// `v1.ed25519.<key_id>.<timestamp_ms>.<event_id>.` followed by the exact raw body bytes (docs/service-behaviour.md#webhook-deliveries).
import { nobleEd25519 } from '../crypto/noble';
import { concatBytes, utf8 } from '../crypto/hex';

export const WebhookVerificationFailureReasons = {
  InvalidMaxTimestampAge: 'invalid_max_timestamp_age',
  InvalidNow: 'invalid_now',
  MissingHeader: 'missing_header',
  InvalidTimestamp: 'invalid_timestamp',
  StaleTimestamp: 'stale_timestamp',
  UnsupportedSignatureVersion: 'unsupported_signature_version',
  UnsupportedSignatureAlgorithm: 'unsupported_signature_algorithm',
  MissingKey: 'missing_key',
  InvalidVerificationKeyAlgorithm: 'invalid_verification_key_algorithm',
  InvalidVerificationKey: 'invalid_verification_key',
  InvalidSignature: 'invalid_signature',
} as const;

export type WebhookVerificationFailureReason = (typeof WebhookVerificationFailureReasons)[keyof typeof WebhookVerificationFailureReasons];

/** Lowercase header names of a delivery (docs/service-behaviour.md#webhook-deliveries). */
export const WEBHOOK_HEADERS = {
  organizationId: 'x-turnkey-organization-id',
  eventType: 'x-turnkey-event-type',
  timestamp: 'x-turnkey-timestamp',
  webhookVersion: 'x-turnkey-webhook-version',
  eventId: 'x-turnkey-event-id',
  keyId: 'x-turnkey-signature-key-id',
  algorithm: 'x-turnkey-signature-algorithm',
  signatureVersion: 'x-turnkey-signature-version',
  signature: 'x-turnkey-signature',
} as const;

export const WEBHOOK_SIGNATURE_VERSION = 'v1';
export const WEBHOOK_SIGNATURE_ALGORITHM = 'ed25519';
/** The documented freshness window (docs/service-behaviour.md#webhook-deliveries). */
export const DEFAULT_MAX_TIMESTAMP_AGE_MS = 5 * 60 * 1000;

export interface WebhookVerificationKey {
  keyId: string;
  /** 64 hex chars (32-byte Ed25519 public key). */
  publicKey: string;
  algorithm?: 'ed25519';
}

/** A fetch `Headers` object, or Node's `IncomingHttpHeaders`-like record. */
export type WebhookHeaders = { get(name: string): string | null } | Record<string, string | string[] | undefined>;
export type WebhookBody = string | Uint8Array | ArrayBuffer;

export type WebhookVerificationResult =
  | { ok: true; eventId: string; keyId: string; timestampMs: number }
  | { ok: false; reason: WebhookVerificationFailureReason; headerName?: string };

export interface VerifyWebhookSignatureInput {
  headers: WebhookHeaders;
  /** The exact raw request body (do not re-serialise parsed JSON). */
  body: WebhookBody;
  verificationKeys: WebhookVerificationKey[];
  /** Replay window, symmetric (future timestamps fail too). Default 5 minutes. */
  maxTimestampAgeMs?: number;
  /** Current time; default `Date.now()`. Inject it in tests. */
  nowMs?: number;
}

type Step<T> = { ok: true; value: T } | { ok: false; reason: WebhookVerificationFailureReason; headerName?: string };

function fail(
  reason: WebhookVerificationFailureReason,
  headerName?: string,
): { ok: false; reason: WebhookVerificationFailureReason; headerName?: string } {
  return headerName === undefined ? { ok: false, reason } : { ok: false, reason, headerName };
}

function isHeadersObject(h: WebhookHeaders): h is { get(name: string): string | null } {
  return typeof (h as { get?: unknown }).get === 'function';
}

/** Case-insensitive lookup; arrays give their first element (as @turnkey/crypto does). */
export function getWebhookHeader(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers !== 'object' || headers === null) return undefined;
  if (isHeadersObject(headers)) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' ? first : undefined;
  }
  return undefined;
}

function required(headers: WebhookHeaders, name: string): Step<string> {
  const value = getWebhookHeader(headers, name);
  return value === undefined || value === '' ? fail('missing_header', name) : { ok: true, value };
}

function hexExact(input: unknown, bytes: number, reason: WebhookVerificationFailureReason): Step<Uint8Array> {
  if (typeof input !== 'string' || input.length !== bytes * 2 || !/^[0-9a-fA-F]+$/.test(input)) return fail(reason);
  return { ok: true, value: new Uint8Array(Buffer.from(input, 'hex')) };
}

export function bodyBytes(body: WebhookBody): Uint8Array {
  if (typeof body === 'string') return utf8(body);
  if (body instanceof Uint8Array) return body;
  return new Uint8Array(body);
}

/** The exact bytes that are signed: `<version>.<algorithm>.<keyId>.<timestampMs>.<eventId>.` + body. */
export function webhookSignedInput(p: {
  version: string;
  algorithm: string;
  keyId: string;
  timestampMs: string;
  eventId: string;
  body: WebhookBody;
}): Uint8Array {
  return concatBytes(utf8(`${p.version}.${p.algorithm}.${p.keyId}.${p.timestampMs}.${p.eventId}.`), bodyBytes(p.body));
}

/**
 * Verifies a webhook delivery against the given keys. Never throws on bad input; returns a reason instead.
 * Check order (docs/service-behaviour.md#webhook-deliveries): options, required headers (timestamp, event id, key id, algorithm, version,
 * signature), timestamp syntax, freshness, version, algorithm, key lookup, key checks, signature.
 */
export function verifyWebhookSignature(input: VerifyWebhookSignatureInput): WebhookVerificationResult {
  const maxAge = input.maxTimestampAgeMs ?? DEFAULT_MAX_TIMESTAMP_AGE_MS;
  const now = input.nowMs ?? Date.now();
  if (typeof maxAge !== 'number' || !Number.isFinite(maxAge) || maxAge < 0) return fail('invalid_max_timestamp_age');
  if (typeof now !== 'number' || !Number.isFinite(now)) return fail('invalid_now');
  const h = input.headers;
  const timestamp = required(h, WEBHOOK_HEADERS.timestamp);
  if (!timestamp.ok) return timestamp;
  const eventId = required(h, WEBHOOK_HEADERS.eventId);
  if (!eventId.ok) return eventId;
  const keyId = required(h, WEBHOOK_HEADERS.keyId);
  if (!keyId.ok) return keyId;
  const algorithm = required(h, WEBHOOK_HEADERS.algorithm);
  if (!algorithm.ok) return algorithm;
  const version = required(h, WEBHOOK_HEADERS.signatureVersion);
  if (!version.ok) return version;
  const signature = required(h, WEBHOOK_HEADERS.signature);
  if (!signature.ok) return signature;

  if (!/^[0-9]+$/.test(timestamp.value) || !Number.isSafeInteger(Number(timestamp.value))) return fail('invalid_timestamp');
  const timestampMs = Number(timestamp.value);
  if (Math.abs(now - timestampMs) > maxAge) return fail('stale_timestamp');
  if (version.value !== WEBHOOK_SIGNATURE_VERSION) return fail('unsupported_signature_version');
  if (algorithm.value !== WEBHOOK_SIGNATURE_ALGORITHM) return fail('unsupported_signature_algorithm');

  const key = (Array.isArray(input.verificationKeys) ? input.verificationKeys : []).find((k) => k?.keyId === keyId.value);
  if (key === undefined) return fail('missing_key');
  if (key.algorithm !== undefined && key.algorithm !== WEBHOOK_SIGNATURE_ALGORITHM) return fail('invalid_verification_key_algorithm');
  const publicKey = hexExact(key.publicKey, 32, 'invalid_verification_key');
  if (!publicKey.ok) return publicKey;
  const sig = hexExact(signature.value, 64, 'invalid_signature');
  if (!sig.ok) return sig;

  let body: Uint8Array;
  try {
    body = bodyBytes(input.body);
  } catch {
    return fail('invalid_signature');
  }
  const message = webhookSignedInput({
    version: version.value,
    algorithm: algorithm.value,
    keyId: keyId.value,
    timestampMs: timestamp.value,
    eventId: eventId.value,
    body,
  });
  let verified: boolean;
  try {
    verified = nobleEd25519().verify(sig.value, message, publicKey.value);
  } catch {
    verified = false;
  }
  if (!verified) return fail('invalid_signature');
  return { ok: true, eventId: eventId.value, keyId: keyId.value, timestampMs };
}
