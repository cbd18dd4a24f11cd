// Webhooks: verify deliveries (same semantics as @turnkey/crypto), fetch and cache the JWKS, sign deliveries.
export {
  verifyWebhookSignature,
  webhookSignedInput,
  getWebhookHeader,
  WebhookVerificationFailureReasons,
  WEBHOOK_HEADERS,
  WEBHOOK_SIGNATURE_VERSION,
  WEBHOOK_SIGNATURE_ALGORITHM,
  DEFAULT_MAX_TIMESTAMP_AGE_MS,
} from './verify';
export type {
  WebhookVerificationKey,
  WebhookVerificationResult,
  WebhookVerificationFailureReason,
  WebhookHeaders,
  WebhookBody,
  VerifyWebhookSignatureInput,
} from './verify';
export { verifyWebhookDelivery } from './delivery';
export type { VerifyWebhookDeliveryInput } from './delivery';
export { WebhookKeyStore, jwksToVerificationKeys, WEBHOOK_JWKS_PATH, DEFAULT_UNKNOWN_KID_COOLDOWN_MS } from './jwks';
export type { WebhookKeyStoreOptions, FetchJwks, FetchedJwks } from './jwks';
export { parseCacheControl, DEFAULT_JWKS_MAX_AGE_MS } from './cache-control';
export type { CachePolicy } from './cache-control';
export { signWebhookDelivery, generateWebhookSigningKeyPair, webhookJwk } from './sign';
export type { SignWebhookDeliveryInput, WebhookDeliveryHeaders, WebhookSigningKeyPair, WebhookJwk } from './sign';
