// The service's resources as returned in responses (spec §2), validated leniently: unknown fields are kept
// (z.looseObject) and enums accept values added later (openEnum). Required/optional follow spec §2 and,
// where the spec does not say, TYPES (@turnkey/http's generated definitions, facts §4).
import { z } from 'zod';
import { openEnum, Timestamp } from './common';
import {
  ADDRESS_FORMATS,
  AUTHENTICATION_TYPES,
  CREDENTIAL_TYPES,
  CURVES,
  EFFECTS,
  FIAT_ON_RAMP_PROVIDERS,
  PATH_FORMATS,
  POLICY_OUTCOMES,
  TAG_TYPES,
} from './enums';

/** spec §2.2 */
export const ApiKey = z.looseObject({
  credential: z.looseObject({
    publicKey: z.string(),
    type: openEnum(CREDENTIAL_TYPES),
    sessionProfileId: z.string().optional(),
  }),
  apiKeyId: z.string(),
  apiKeyName: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  expirationSeconds: z.string().optional(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** spec §2.3 */
export const SessionProfile = z.looseObject({
  sessionProfileId: z.string(),
  sessionProfileName: z.string(),
  scope: z.string(),
  expirationSeconds: z.string().optional(),
  notes: z.string().optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type SessionProfile = z.infer<typeof SessionProfile>;

/** spec §2.4; required-ness from TYPES `v1MfaPolicy` (the spec does not show it). */
export const MfaPolicy = z.looseObject({
  mfaPolicyId: z.string(),
  mfaPolicyName: z.string(),
  condition: z.string(),
  requiredAuthenticationMethods: z.array(
    z.looseObject({
      any: z.array(z.looseObject({ type: openEnum(AUTHENTICATION_TYPES), id: z.string().optional() })),
    }),
  ),
  order: z.number(),
  notes: z.string().optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type MfaPolicy = z.infer<typeof MfaPolicy>;

/** spec §2.5; `notes`, `consensus`, `condition` are always present (empty when unset), `time` is optional (facts §4.1). */
export const Policy = z.looseObject({
  policyId: z.string(),
  policyName: z.string(),
  effect: openEnum(EFFECTS),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  notes: z.string(),
  consensus: z.string(),
  condition: z.string(),
  time: z.string().optional(),
});
export type Policy = z.infer<typeof Policy>;

/** spec §2.6: rule `createdAt` is a plain string (milliseconds since the epoch, facts §4.4). */
export const IpAllowlist = z.looseObject({
  organizationId: z.string(),
  rules: z.array(z.looseObject({ cidr: z.string(), label: z.string().optional(), createdAt: z.string().optional() })),
  publicKey: z.string().optional(),
  enabled: z.boolean().optional(),
  onEvaluationError: z.string().optional(),
});
export type IpAllowlist = z.infer<typeof IpAllowlist>;

/** spec §2.7 */
export const Wallet = z.looseObject({
  walletId: z.string(),
  walletName: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  exported: z.boolean(),
  imported: z.boolean(),
});
export type Wallet = z.infer<typeof Wallet>;

/** Not in the spec (§2.7 says accounts are not shown); TYPES `v1WalletAccount`, for `list_wallet_accounts`. */
export const WalletAccount = z.looseObject({
  walletAccountId: z.string(),
  organizationId: z.string(),
  walletId: z.string(),
  curve: openEnum(CURVES),
  pathFormat: openEnum(PATH_FORMATS),
  path: z.string(),
  addressFormat: openEnum(ADDRESS_FORMATS),
  address: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  publicKey: z.string().optional(),
  walletDetails: Wallet.optional(),
  name: z.string().optional(),
  caip2Prefix: z.string().optional(),
});
export type WalletAccount = z.infer<typeof WalletAccount>;

/** spec §2.8 */
export const PrivateKeyTag = z.looseObject({
  tagId: z.string(),
  tagName: z.string(),
  tagType: openEnum(TAG_TYPES),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type PrivateKeyTag = z.infer<typeof PrivateKeyTag>;

/** spec §2.9 `subscriptions[]` */
export const WebhookSubscription = z.looseObject({
  eventType: z.string(),
  filtersJson: z.string().optional(),
  isActive: z.boolean().optional(),
});
export type WebhookSubscription = z.infer<typeof WebhookSubscription>;

/** spec §2.9 (no createdAt/updatedAt on the wire, facts §4.2). */
export const WebhookEndpoint = z.looseObject({
  endpointId: z.string(),
  organizationId: z.string(),
  url: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  subscriptions: z.array(WebhookSubscription).optional(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** spec §2.10. Note the lower-case "r" in `fiatOnrampCredentialId` (facts §4.3 casing trap). */
export const FiatOnRampCredential = z.looseObject({
  fiatOnrampCredentialId: z.string(),
  organizationId: z.string(),
  onrampProvider: openEnum(FIAT_ON_RAMP_PROVIDERS),
  projectId: z.string().optional(),
  publishableApiKey: z.string(),
  encryptedSecretApiKey: z.string(),
  encryptedPrivateApiKey: z.string().optional(),
  sandboxMode: z.boolean().optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type FiatOnRampCredential = z.infer<typeof FiatOnRampCredential>;

/** spec §2.11; the `<VENDOR>` object is `turnkey` on the wire (facts intro). */
export const SolTransaction = z.looseObject({
  signature: z.string(),
  block: z.looseObject({ number: z.string(), hash: z.string(), timestamp: z.string() }),
  status: openEnum(['CONFIRMED', 'FINALIZED'] as const),
  origin: z.string(),
  feePayer: z.string(),
  signers: z.array(z.looseObject({ address: z.string(), writable: z.boolean() })),
  fee: z.looseObject({ amount: z.string(), caip19: z.string() }),
  transfers: z.array(
    z.looseObject({
      direction: openEnum(['IN', 'OUT'] as const),
      asset: z
        .looseObject({ caip19: z.string(), symbol: z.string(), name: z.string(), decimals: z.number() })
        .optional(),
      amount: z.string(),
      counterparty: z.string(),
      display: z.looseObject({ crypto: z.string().optional(), usd: z.string().optional() }).optional(),
    }),
  ),
  turnkey: z
    .looseObject({
      sponsored: z.boolean(),
      activityFingerprint: z.string().optional(),
      submittedAt: z.string().optional(),
    })
    .optional(),
  executionFailed: z.boolean().optional(),
});
export type SolTransaction = z.infer<typeof SolTransaction>;

/** facts §3.4 `get_policy_evaluations` item. */
export const PolicyEvaluationRecord = z.looseObject({
  id: z.string(),
  activityId: z.string(),
  organizationId: z.string(),
  voteId: z.string(),
  policyEvaluations: z.array(
    z.looseObject({ policyId: z.string().optional(), outcome: openEnum(POLICY_OUTCOMES).optional() }),
  ),
  createdAt: Timestamp,
});
export type PolicyEvaluationRecord = z.infer<typeof PolicyEvaluationRecord>;

/** facts §4.1 `get_active_policies` status. */
export const ActivePolicyStatus = z.looseObject({
  organizationId: z.string(),
  policyId: z.string(),
  active: z.boolean(),
  timeExpr: z.string().optional(),
  error: z.string().optional(),
});
export type ActivePolicyStatus = z.infer<typeof ActivePolicyStatus>;
