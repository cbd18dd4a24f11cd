// Upper bounds of the arrays a request may carry. Where the service documents a limit the bound is that limit
// (https://docs.turnkey.com/reference/resource-limits, https://docs.turnkey.com/reference/ip-allowlisting);
// where it documents none the bound is a generous sane one, listed in docs/service-behaviour.md#request-limits
// as UNCONFIRMED. A bound keeps one request from costing unbounded validation work or error text.
import { z } from 'zod';

export const REQUEST_ARRAY_LIMITS = {
  /** users per organization (resource-limits: 100) */
  rootUsers: 100,
  /** API keys per user: 10 long-lived + 10 expiring (resource-limits) */
  apiKeys: 20,
  /** authenticators per user (resource-limits: 10) */
  authenticators: 10,
  /** OAuth providers per user (resource-limits: 10) */
  oauthProviders: 10,
  /** WebAuthn transports: one per transport kind at most (the enum has 6 values) */
  transports: 16,
  /** IP allowlist rules per scope: 10 IPv4 + 10 IPv6 CIDRs (ip-allowlisting) */
  ipAllowlistRules: 20,
  /** private keys per organization (resource-limits: 1,000) */
  privateKeyIds: 1000,
  /** wallet accounts in one create request: UNCONFIRMED, no documented limit */
  walletAccounts: 100,
  /** subscriptions of one webhook endpoint: UNCONFIRMED, four event types are documented */
  webhookSubscriptions: 100,
  /** list_activities filters: UNCONFIRMED, no documented limit */
  activityFilters: 100,
  /** users created in one request (resource-limits: 100 users per organization) */
  users: 100,
  /** user ids in one request: tag members, quorum members, users to delete (resource-limits: 100 users) */
  userIds: 100,
  /** user tag ids in one request (resource-limits: 100 tags per organization) */
  userTagIds: 100,
} as const;

type RequestArrayLimit = keyof typeof REQUEST_ARRAY_LIMITS;

/**
 * Upper bounds of strings whose checking costs more than their length: a base58check on-ramp ciphertext
 * takes time quadratic in its length to decode (900 KB took over an hour), so it is refused past the bound
 * before decoding. UNCONFIRMED, no documented limit: 8,192 characters hold a secret of about 5.9 KB.
 */
export const REQUEST_STRING_LIMITS = {
  /** `encryptedSecretApiKey` / `encryptedPrivateApiKey` of on-ramp credentials */
  onRampCiphertext: 8192,
} as const;

/** `z.string()` of at most the named number of characters. */
export function boundedString(limit: keyof typeof REQUEST_STRING_LIMITS) {
  const max = REQUEST_STRING_LIMITS[limit];
  return z.string().max(max, `must be at most ${max} characters`);
}

/** `z.array(item)` of at most the named limit; zod checks the length before it looks at any element. */
export function boundedArray<T extends z.ZodType>(item: T, limit: RequestArrayLimit) {
  const max = REQUEST_ARRAY_LIMITS[limit];
  return z.array(item).max(max, `must have at most ${max} items`);
}
