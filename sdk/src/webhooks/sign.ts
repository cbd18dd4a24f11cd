// Signing side of webhook deliveries, for the emulator (docs/service-behaviour.md#webhook-deliveries): the header set a delivery carries
// and the JWK that publishes the verification key (docs/service-behaviour.md#verification-keys).
import { nobleEd25519 } from '../crypto/noble';
import { InvalidRequestError, type ValidationIssue } from '../errors';
import { base64UrlEncode, fromHex, toHex } from '../crypto/hex';
import { WEBHOOK_SIGNATURE_ALGORITHM, WEBHOOK_SIGNATURE_VERSION, webhookSignedInput, type WebhookBody } from './verify';

export interface SignWebhookDeliveryInput {
  /** 64 hex chars: the Ed25519 secret key (seed). */
  privateKeyHex: string;
  keyId: string;
  timestampMs: number;
  eventId: string;
  body: WebhookBody;
  /** Optional routing headers; not signed (docs/service-behaviour.md#webhook-deliveries). */
  organizationId?: string;
  eventType?: string;
}

/** Header name (canonical case) to value. */
export type WebhookDeliveryHeaders = Record<string, string>;

export interface WebhookSigningKeyPair {
  /** 64 hex chars; keep secret. */
  privateKey: string;
  /** 64 hex chars. */
  publicKey: string;
}

/** The JWKS entry shape the service publishes (docs/service-behaviour.md#verification-keys). */
export interface WebhookJwk {
  kid: string;
  kty: 'OKP';
  crv: 'Ed25519';
  alg: 'EdDSA';
  use: 'sig';
  x: string;
  turnkey_signature_algorithm: 'ed25519';
  turnkey_signature_version: 'v1';
}

const HEADER_SAFE = /^[\x21-\x7e]+$/;

function headerIssue(field: string, value: unknown, issues: ValidationIssue[]): void {
  if (typeof value !== 'string' || value === '') issues.push({ path: field, message: 'required' });
  else if (!HEADER_SAFE.test(value)) issues.push({ path: field, message: 'must be printable ASCII without spaces' });
}

/** Signs a delivery and returns every header it must carry (content type included). */
export function signWebhookDelivery(input: SignWebhookDeliveryInput): WebhookDeliveryHeaders {
  const issues: ValidationIssue[] = [];
  const seed = typeof input.privateKeyHex === 'string' ? fromHex(input.privateKeyHex.trim().toLowerCase()) : undefined;
  if (seed === undefined || seed.length !== 32)
    issues.push({ path: 'privateKeyHex', message: 'must be 64 hex characters (an Ed25519 secret key)' });
  headerIssue('keyId', input.keyId, issues);
  headerIssue('eventId', input.eventId, issues);
  if (!Number.isSafeInteger(input.timestampMs) || input.timestampMs < 0) {
    issues.push({ path: 'timestampMs', message: 'must be a non-negative integer (milliseconds since the epoch)' });
  }
  if (input.organizationId !== undefined) headerIssue('organizationId', input.organizationId, issues);
  if (input.eventType !== undefined) headerIssue('eventType', input.eventType, issues);
  if (issues.length > 0 || seed === undefined) throw InvalidRequestError.fromIssues('signWebhookDelivery', issues);

  const timestamp = String(input.timestampMs);
  const message = webhookSignedInput({
    version: WEBHOOK_SIGNATURE_VERSION,
    algorithm: WEBHOOK_SIGNATURE_ALGORITHM,
    keyId: input.keyId,
    timestampMs: timestamp,
    eventId: input.eventId,
    body: input.body,
  });
  const headers: WebhookDeliveryHeaders = {
    'Content-Type': 'application/json',
    'X-Turnkey-Timestamp': timestamp,
    'X-Turnkey-Webhook-Version': '1',
    'X-Turnkey-Event-Id': input.eventId,
    'X-Turnkey-Signature-Key-Id': input.keyId,
    'X-Turnkey-Signature-Algorithm': WEBHOOK_SIGNATURE_ALGORITHM,
    'X-Turnkey-Signature-Version': WEBHOOK_SIGNATURE_VERSION,
    'X-Turnkey-Signature': toHex(nobleEd25519().sign(message, seed)),
  };
  if (input.organizationId !== undefined) headers['X-Turnkey-Organization-Id'] = input.organizationId;
  if (input.eventType !== undefined) headers['X-Turnkey-Event-Type'] = input.eventType;
  return headers;
}

export function generateWebhookSigningKeyPair(): WebhookSigningKeyPair {
  const seed = nobleEd25519().utils.randomPrivateKey();
  return { privateKey: toHex(seed), publicKey: toHex(nobleEd25519().getPublicKey(seed)) };
}

/** The JWK for a verification key, as served by `GET /public/v1/discovery/webhooks/jwks`. */
export function webhookJwk(input: { keyId: string; publicKey: string }): WebhookJwk {
  const key = typeof input.publicKey === 'string' ? fromHex(input.publicKey.trim().toLowerCase()) : undefined;
  if (key === undefined || key.length !== 32) {
    throw InvalidRequestError.fromIssues('webhookJwk', [
      { path: 'publicKey', message: 'must be 64 hex characters (an Ed25519 public key)' },
    ]);
  }
  return {
    kid: input.keyId,
    kty: 'OKP',
    crv: 'Ed25519',
    alg: 'EdDSA',
    use: 'sig',
    x: base64UrlEncode(key),
    turnkey_signature_algorithm: 'ed25519',
    turnkey_signature_version: 'v1',
  };
}
