// `parameters` (intent) and result of every activity the sdk submits (docs/service-behaviour.md#activities, #transport).
// Intents are requests: strict, every unknown key is an error. Results are responses: loose.
import { z } from 'zod';
import { Id, Uint64String } from './common';
import { boundedArray, boundedString } from './limits';
import {
  ADDRESS_FORMATS,
  CURVES,
  EARN_CHAIN_CAIP2,
  EFFECTS,
  FIAT_ON_RAMP_PROVIDERS,
  IP_ALLOWLIST_ON_EVALUATION_ERROR,
  PATH_FORMATS,
  TRANSPORT_ENCRYPTION_SUITES,
} from './enums';
import { WebhookEndpoint } from './resources';

// ---- policies (docs/service-behaviour.md#activities, #policies) ----

/** `createPolicyIntentV3`: `notes` is required by TYPES even though it may be empty. */
export const CreatePolicyIntent = z.strictObject({
  policyName: z.string(),
  effect: z.enum(EFFECTS),
  condition: z.string().optional(),
  consensus: z.string().optional(),
  notes: z.string(),
  time: z.string().optional(),
});
export const CreatePolicyResult = z.looseObject({ policyId: z.string() });

/**
 * `updatePolicyIntentV2`: the V2 names (`policyEffect`, `policyCondition`, ...) differ from create's.
 * [UNCONFIRMED] docs/service-behaviour.md#policies, #unconfirmed-choices: an omitted field is taken to mean "keep", an empty string "clear".
 */
export const UpdatePolicyIntent = z.strictObject({
  policyId: Id,
  policyName: z.string().optional(),
  policyEffect: z.enum(EFFECTS).optional(),
  policyCondition: z.string().optional(),
  policyConsensus: z.string().optional(),
  policyNotes: z.string().optional(),
  time: z.string().optional(),
});
export const UpdatePolicyResult = z.looseObject({ policyId: z.string() });

export const DeletePolicyIntent = z.strictObject({ policyId: Id });
export const DeletePolicyResult = z.looseObject({ policyId: z.string() });

// ---- webhook endpoints (docs/service-behaviour.md#activities, #webhook-endpoints) ----

export const WebhookSubscriptionParams = z.strictObject({
  eventType: z.string().min(1, 'must not be empty'),
  filtersJson: z.string().optional(),
  isActive: z.boolean().optional(),
});

export const CreateWebhookEndpointIntent = z.strictObject({
  url: z.string().min(1, 'must not be empty'),
  name: z.string(),
  subscriptions: boundedArray(WebhookSubscriptionParams, 'webhookSubscriptions').optional(),
});
export const CreateWebhookEndpointResult = z.looseObject({ endpointId: z.string(), webhookEndpoint: WebhookEndpoint });

/** Subscriptions cannot be changed by update (docs/service-behaviour.md#webhook-endpoints). */
export const UpdateWebhookEndpointIntent = z.strictObject({
  endpointId: Id,
  url: z.string().min(1, 'must not be empty').optional(),
  name: z.string().optional(),
  isActive: z.boolean().optional(),
});
export const UpdateWebhookEndpointResult = z.looseObject({ endpointId: z.string(), webhookEndpoint: WebhookEndpoint });

export const DeleteWebhookEndpointIntent = z.strictObject({ endpointId: Id });
export const DeleteWebhookEndpointResult = z.looseObject({ endpointId: z.string() });

// ---- fiat on-ramp credentials (docs/service-behaviour.md#activities, #fiat-on-ramp-credentials) ----
// Casing trap: intents say `fiatOnrampCredentialId`, results say `fiatOnRampCredentialId`.

export const CreateFiatOnRampCredentialIntent = z.strictObject({
  onrampProvider: z.enum(FIAT_ON_RAMP_PROVIDERS),
  projectId: z.string().optional(),
  publishableApiKey: z.string(),
  encryptedSecretApiKey: boundedString('onRampCiphertext').min(1, 'must not be empty'),
  encryptedPrivateApiKey: boundedString('onRampCiphertext').optional(),
  sandboxMode: z.boolean().optional(),
});
export const CreateFiatOnRampCredentialResult = z.looseObject({ fiatOnRampCredentialId: z.string() });

/** A full re-send: provider and keys are required, `sandboxMode` cannot be changed (docs/service-behaviour.md#fiat-on-ramp-credentials). */
export const UpdateFiatOnRampCredentialIntent = z.strictObject({
  fiatOnrampCredentialId: Id,
  onrampProvider: z.enum(FIAT_ON_RAMP_PROVIDERS),
  projectId: z.string().optional(),
  publishableApiKey: z.string(),
  encryptedSecretApiKey: boundedString('onRampCiphertext').min(1, 'must not be empty'),
  encryptedPrivateApiKey: boundedString('onRampCiphertext').optional(),
});
export const UpdateFiatOnRampCredentialResult = z.looseObject({ fiatOnRampCredentialId: z.string() });

export const DeleteFiatOnRampCredentialIntent = z.strictObject({ fiatOnrampCredentialId: Id });
export const DeleteFiatOnRampCredentialResult = z.looseObject({ fiatOnRampCredentialId: z.string() });

// ---- import, Earn (docs/service-behaviour.md#activities) ----

export const InitImportSecretsIntent = z.strictObject({
  encryptionSuite: z.enum(TRANSPORT_ENCRYPTION_SUITES),
  numSecrets: z
    .number()
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(2 ** 31 - 1, 'must fit in int32'),
});
export const InitImportSecretsResult = z.looseObject({ enclaveTargetMessages: z.array(z.string()) });

export const EarnDepositIntent = z.strictObject({
  wrapperAddress: z.string().min(1, 'must not be empty'),
  signWith: z.string().min(1, 'must not be empty'),
  /** raw on-chain units (docs/service-behaviour.md#activities) */
  assets: Uint64String,
  chainCaip2: z.enum(EARN_CHAIN_CAIP2),
  sponsor: z.boolean().optional(),
});
export const EarnDepositResult = z.looseObject({ depositRequestId: z.string() });

export const EarnWithdrawIntent = z.strictObject({
  wrapperAddress: z.string().min(1, 'must not be empty'),
  signWith: z.string().min(1, 'must not be empty'),
  chainCaip2: z.enum(EARN_CHAIN_CAIP2),
  sponsor: z.boolean().optional(),
  /** raw on-chain units, or the literal `MAX` for the whole position (docs/service-behaviour.md#activities) */
  amountValue: z.string().regex(/^(?:[0-9]+|MAX)$/, "must be a string of decimal digits or 'MAX'"),
});
export const EarnWithdrawResult = z.looseObject({ withdrawRequestId: z.string() });

// ---- consensus (docs/service-behaviour.md#approving-and-rejecting): approve/reject target an activity by fingerprint and have no result key ----

export const ApproveActivityIntent = z.strictObject({ fingerprint: z.string().min(1, 'must not be empty') });
export const RejectActivityIntent = z.strictObject({ fingerprint: z.string().min(1, 'must not be empty') });
/** The whole `activity.result` object (no `approveActivityResult` key exists, docs/service-behaviour.md#approving-and-rejecting). */
export const VoteActivityResult = z.record(z.string(), z.unknown());

// ---- IP allowlist (docs/service-behaviour.md#ip-allowlist): set replaces the whole rule set of its scope ----

export const SetIpAllowlistIntent = z.strictObject({
  publicKey: z.string().optional(),
  enabled: z.boolean().optional(),
  rules: boundedArray(
    z.strictObject({ cidr: z.string().min(1, 'must not be empty'), label: z.string().optional() }),
    'ipAllowlistRules',
  ).optional(),
  onEvaluationError: z.enum(IP_ALLOWLIST_ON_EVALUATION_ERROR).optional(),
});
/** An empty object on the wire (docs/service-behaviour.md#activities). */
export const SetIpAllowlistResult = z.looseObject({});
export const RemoveIpAllowlistIntent = z.strictObject({ publicKey: z.string().optional() });
export const RemoveIpAllowlistResult = z.looseObject({});

// ---- session profiles and private-key tags (docs/service-behaviour.md#private-key-tags, #session-profiles) ----

export const CreateSessionProfileIntent = z.strictObject({
  sessionProfileName: z.string().min(1, 'must not be empty'),
  scope: z.string().min(1, 'must not be empty'),
  expirationSeconds: Uint64String.optional(),
  notes: z.string().optional(),
});
export const CreateSessionProfileResult = z.looseObject({ sessionProfileId: z.string() });

export const CreatePrivateKeyTagIntent = z.strictObject({
  privateKeyTagName: z.string().min(1, 'must not be empty'),
  privateKeyIds: boundedArray(Id, 'privateKeyIds'),
});
export const CreatePrivateKeyTagResult = z.looseObject({ privateKeyTagId: z.string(), privateKeyIds: z.array(z.string()) });
/** Rename and membership in one write: both id arrays are required (empty when nothing changes). */
export const UpdatePrivateKeyTagIntent = z.strictObject({
  privateKeyTagId: Id,
  newPrivateKeyTagName: z.string().min(1, 'must not be empty').optional(),
  addPrivateKeyIds: z.array(Id),
  removePrivateKeyIds: z.array(Id),
});
export const UpdatePrivateKeyTagResult = z.looseObject({ privateKeyTagId: z.string() });
export const DeletePrivateKeyTagsIntent = z.strictObject({ privateKeyTagIds: z.array(Id).min(1, 'must name at least one tag') });
export const DeletePrivateKeyTagsResult = z.looseObject({ privateKeyTagIds: z.array(z.string()), privateKeyIds: z.array(z.string()) });

// ---- wallets and sub-organizations (for seeding an organization through the API) ----

export const WalletAccountParams = z.strictObject({
  curve: z.enum(CURVES),
  pathFormat: z.enum(PATH_FORMATS),
  path: z.string().min(1, 'must not be empty'),
  addressFormat: z.enum(ADDRESS_FORMATS),
  name: z.string().optional(),
});

const MnemonicLength = z
  .number()
  .int('must be an integer')
  .refine((n) => [12, 15, 18, 21, 24].includes(n), 'must be 12, 15, 18, 21 or 24');

export const CreateWalletIntent = z.strictObject({
  walletName: z.string().min(1, 'must not be empty'),
  accounts: boundedArray(WalletAccountParams, 'walletAccounts'),
  mnemonicLength: MnemonicLength.optional(),
});
export const CreateWalletResult = z.looseObject({ walletId: z.string(), addresses: z.array(z.string()) });
