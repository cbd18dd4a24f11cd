// The service's resources as returned in responses (docs/service-behaviour.md#transport), validated leniently: unknown fields are kept
// (z.looseObject) and enums accept values added later (openEnum). Required/optional follow docs/service-behaviour.md#transport and,
// where the API reference does not say, TYPES (@turnkey/http's generated definitions, docs/service-behaviour.md#transport).
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

/** docs/service-behaviour.md#api-keys */
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

/** docs/service-behaviour.md#session-profiles */
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

/** docs/service-behaviour.md#mfa-policies; required-ness from TYPES `v1MfaPolicy` (the API reference does not show it). */
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

/** docs/service-behaviour.md#policies; `notes`, `consensus`, `condition` are always present (empty when unset), `time` is optional (docs/service-behaviour.md#policies). */
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

/** docs/service-behaviour.md#ip-allowlist: rule `createdAt` is a plain string (milliseconds since the epoch, docs/service-behaviour.md#ip-allowlist). */
export const IpAllowlist = z.looseObject({
  organizationId: z.string(),
  rules: z.array(z.looseObject({ cidr: z.string(), label: z.string().optional(), createdAt: z.string().optional() })),
  publicKey: z.string().optional(),
  enabled: z.boolean().optional(),
  onEvaluationError: z.string().optional(),
});
export type IpAllowlist = z.infer<typeof IpAllowlist>;

/** docs/service-behaviour.md#wallets */
export const Wallet = z.looseObject({
  walletId: z.string(),
  walletName: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  exported: z.boolean(),
  imported: z.boolean(),
});
export type Wallet = z.infer<typeof Wallet>;

/** Not part of the wallet shape (accounts are listed separately); TYPES `v1WalletAccount`, for `list_wallet_accounts`. */
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

/** docs/service-behaviour.md#private-key-tags */
export const PrivateKeyTag = z.looseObject({
  tagId: z.string(),
  tagName: z.string(),
  tagType: openEnum(TAG_TYPES),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type PrivateKeyTag = z.infer<typeof PrivateKeyTag>;

/** @turnkey/http's generated `v1PrivateKey`: membership of private-key tags is visible only here (`privateKeyTags`, tag ids). */
export const PrivateKey = z.looseObject({
  privateKeyId: z.string(),
  publicKey: z.string(),
  privateKeyName: z.string(),
  curve: openEnum(CURVES),
  addresses: z.array(z.looseObject({ format: openEnum(ADDRESS_FORMATS).optional(), address: z.string().optional() })),
  privateKeyTags: z.array(z.string()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  exported: z.boolean(),
  imported: z.boolean(),
});
export type PrivateKey = z.infer<typeof PrivateKey>;

/** docs/service-behaviour.md#webhook-endpoints `subscriptions[]` */
export const WebhookSubscription = z.looseObject({
  eventType: z.string(),
  filtersJson: z.string().optional(),
  isActive: z.boolean().optional(),
});
export type WebhookSubscription = z.infer<typeof WebhookSubscription>;

/** docs/service-behaviour.md#webhook-endpoints (no createdAt/updatedAt on the wire, docs/service-behaviour.md#webhook-endpoints). */
export const WebhookEndpoint = z.looseObject({
  endpointId: z.string(),
  organizationId: z.string(),
  url: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  subscriptions: z.array(WebhookSubscription).optional(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** docs/service-behaviour.md#fiat-on-ramp-credentials. Note the lower-case "r" in `fiatOnrampCredentialId` (docs/service-behaviour.md#fiat-on-ramp-credentials casing trap). */
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

/** docs/service-behaviour.md#solana-transaction-history; `turnkey` holds the service-specific fields. */
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
      asset: z.looseObject({ caip19: z.string(), symbol: z.string(), name: z.string(), decimals: z.number() }).optional(),
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

/** docs/service-behaviour.md#approving-and-rejecting `get_policy_evaluations` item. */
export const PolicyEvaluationRecord = z.looseObject({
  id: z.string(),
  activityId: z.string(),
  organizationId: z.string(),
  voteId: z.string(),
  policyEvaluations: z.array(z.looseObject({ policyId: z.string().optional(), outcome: openEnum(POLICY_OUTCOMES).optional() })),
  createdAt: Timestamp,
});
export type PolicyEvaluationRecord = z.infer<typeof PolicyEvaluationRecord>;

/** docs/service-behaviour.md#policies `get_active_policies` status. */
export const ActivePolicyStatus = z.looseObject({
  organizationId: z.string(),
  policyId: z.string(),
  active: z.boolean(),
  timeExpr: z.string().optional(),
  error: z.string().optional(),
});
export type ActivePolicyStatus = z.infer<typeof ActivePolicyStatus>;
