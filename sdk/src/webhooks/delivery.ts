// Verifying a delivery with keys from the JWKS store: header and timestamp checks run first without any
// network; only a well-formed, fresh delivery causes a key lookup (and, for an unknown kid, one refetch).
import type { WebhookKeyStore } from './jwks';
import {
  verifyWebhookSignature,
  getWebhookHeader,
  WEBHOOK_HEADERS,
  type WebhookBody,
  type WebhookHeaders,
  type WebhookVerificationResult,
} from './verify';

export interface VerifyWebhookDeliveryInput {
  headers: WebhookHeaders;
  /** The exact raw request body. */
  body: WebhookBody;
  keyStore: WebhookKeyStore;
  /** Default `Date.now()`. */
  nowMs?: number;
  /** Default 5 minutes. */
  maxTimestampAgeMs?: number;
  signal?: AbortSignal;
}

/**
 * Verifies a delivery end to end. Returns a failure reason for every problem with the delivery itself
 * (unknown kid after a refetch: `missing_key`). Throws only when no keys can be obtained at all (JWKS
 * unreachable and no usable cached copy): answer such deliveries with a 5xx so the service retries them.
 */
export async function verifyWebhookDelivery(input: VerifyWebhookDeliveryInput): Promise<WebhookVerificationResult> {
  const base = {
    headers: input.headers,
    body: input.body,
    ...(input.nowMs === undefined ? {} : { nowMs: input.nowMs }),
    ...(input.maxTimestampAgeMs === undefined ? {} : { maxTimestampAgeMs: input.maxTimestampAgeMs }),
  };
  const precheck = verifyWebhookSignature({ ...base, verificationKeys: [] });
  if (precheck.ok || precheck.reason !== 'missing_key') return precheck;
  const keyId = getWebhookHeader(input.headers, WEBHOOK_HEADERS.keyId) ?? '';
  const key = await input.keyStore.getKey(keyId, input.signal);
  return verifyWebhookSignature({ ...base, verificationKeys: key === undefined ? [] : [key] });
}
