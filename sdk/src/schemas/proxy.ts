// The two authentication-proxy operations (docs/service-behaviour.md#auth-proxy) and the discovery GET (docs/service-behaviour.md#verification-keys).
import { z } from 'zod';
import { OTP_TYPES } from './enums';

/** `POST {auth_proxy_url}/v1/wallet_kit_config` takes an empty object. */
export const GetWalletKitConfigRequest = z.strictObject({});
export const GetWalletKitConfigResponse = z.looseObject({
  enabledProviders: z.array(z.string()),
  sessionExpirationSeconds: z.string(),
  organizationId: z.string(),
  oauthClientIds: z.record(z.string(), z.string()).optional(),
  oauthRedirectUrl: z.string().optional(),
  otpAlphanumeric: z.boolean().optional(),
  otpLength: z.string().optional(),
});

/**
 * `POST {auth_proxy_url}/v1/otp_init_v2`. `otpType` is a plain string on the wire; the three channel values
 * come from TYPES' description text (docs/service-behaviour.md#auth-proxy) and are enforced here so a typo fails before sending.
 */
export const InitOtpV2Request = z.strictObject({
  otpType: z.enum(OTP_TYPES),
  contact: z.string().min(1, 'must not be empty'),
  emailCustomization: z.strictObject({ templateId: z.string().optional() }).optional(),
});
export const InitOtpV2Response = z.looseObject({ otpId: z.string(), otpEncryptionTargetBundle: z.string() });

/** One key of the webhook-signing JWKS (docs/service-behaviour.md#verification-keys); the `turnkey_signature_*` members are vendor-specific. */
export const WebhookSigningJwk = z.looseObject({
  kid: z.string(),
  kty: z.string(),
  crv: z.string(),
  alg: z.string(),
  use: z.string(),
  x: z.string(),
  turnkey_signature_algorithm: z.string(),
  turnkey_signature_version: z.string(),
});
export type WebhookSigningJwk = z.infer<typeof WebhookSigningJwk>;

/** `GET {base_url}/public/v1/discovery/webhooks/jwks`, no authentication, no body (docs/service-behaviour.md#verification-keys). */
export const WebhookJwksResponse = z.looseObject({ keys: z.array(WebhookSigningJwk) });
export type WebhookJwksResponse = z.infer<typeof WebhookJwksResponse>;
