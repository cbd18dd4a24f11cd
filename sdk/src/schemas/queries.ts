// Bodies (strict) and responses (loose) of the query operations the sdk, the provider and the emulator use
// (docs/service-behaviour.md). Every body carries `organizationId`.
import { z } from 'zod';
import { Id, PageInfo, Pagination } from './common';
import { boundedArray } from './limits';
import { Activity } from './activity';
import { ACTIVITY_STATUSES, SOL_CAIP2 } from './enums';
import {
  ActivePolicyStatus,
  ApiKey,
  FiatOnRampCredential,
  IpAllowlist,
  MfaPolicy,
  Policy,
  PolicyEvaluationRecord,
  PrivateKey,
  PrivateKeyTag,
  SessionProfile,
  SolTransaction,
  Wallet,
  WalletAccount,
  WebhookEndpoint,
} from './resources';

const OrganizationId = Id;
/** The body of the many queries that take nothing but the organization. */
const OrganizationOnly = z.strictObject({ organizationId: OrganizationId });

export const GetApiKeyRequest = z.strictObject({ organizationId: OrganizationId, apiKeyId: Id });
export const GetApiKeyResponse = z.looseObject({ apiKey: ApiKey });

/** @turnkey/http's generated `v1GetApiKeysRequest`: every API key of the organization, or of one user. */
export const GetApiKeysRequest = z.strictObject({ organizationId: OrganizationId, userId: Id.optional() });
export const GetApiKeysResponse = z.looseObject({ apiKeys: z.array(ApiKey) });

export const GetSessionProfileRequest = z.strictObject({ organizationId: OrganizationId, sessionProfileId: Id });
export const GetSessionProfileResponse = z.looseObject({ sessionProfile: SessionProfile });

export const GetSessionProfilesRequest = OrganizationOnly;
export const GetSessionProfilesResponse = z.looseObject({ sessionProfiles: z.array(SessionProfile) });

export const GetMfaPoliciesRequest = z.strictObject({ organizationId: OrganizationId, userId: Id });
export const GetMfaPoliciesResponse = z.looseObject({ mfaPolicies: z.array(MfaPolicy) });

export const GetPolicyRequest = z.strictObject({ organizationId: OrganizationId, policyId: Id });
export const GetPolicyResponse = z.looseObject({ policy: Policy });

/** No pagination (docs/service-behaviour.md#policies). */
export const ListPoliciesRequest = OrganizationOnly;
export const ListPoliciesResponse = z.looseObject({ policies: z.array(Policy) });

export const GetIpAllowlistRequest = z.strictObject({ organizationId: OrganizationId, publicKey: z.string().optional() });
export const GetIpAllowlistResponse = z.looseObject({ allowlist: IpAllowlist });

export const ListWalletsRequest = OrganizationOnly;
export const ListWalletsResponse = z.looseObject({ wallets: z.array(Wallet) });

/** TYPES `v1GetWalletAccountsRequest` (path `list_wallet_accounts`). */
export const ListWalletAccountsRequest = z.strictObject({
  organizationId: OrganizationId,
  walletId: Id.optional(),
  includeWalletDetails: z.boolean().optional(),
  paginationOptions: Pagination.optional(),
});
export const ListWalletAccountsResponse = z.looseObject({ accounts: z.array(WalletAccount) });

export const ListPrivateKeyTagsRequest = OrganizationOnly;
export const ListPrivateKeyTagsResponse = z.looseObject({ privateKeyTags: z.array(PrivateKeyTag) });

/** TYPES `v1GetPrivateKeysRequest` (path `list_private_keys`): no pagination. */
export const ListPrivateKeysRequest = OrganizationOnly;
export const ListPrivateKeysResponse = z.looseObject({ privateKeys: z.array(PrivateKey) });

export const ListWebhookEndpointsRequest = OrganizationOnly;
export const ListWebhookEndpointsResponse = z.looseObject({ webhookEndpoints: z.array(WebhookEndpoint) });

export const ListFiatOnRampCredentialsRequest = OrganizationOnly;
export const ListFiatOnRampCredentialsResponse = z.looseObject({ fiatOnRampCredentials: z.array(FiatOnRampCredential) });

export const ListSolTransactionHistoryRequest = z.strictObject({
  organizationId: OrganizationId,
  address: z.string().min(1, 'must not be empty'),
  caip2: z.enum(SOL_CAIP2),
  paginationOptions: Pagination.optional(),
});
export const ListSolTransactionHistoryResponse = z.looseObject({
  transactions: z.array(SolTransaction),
  pageInfo: PageInfo.optional(),
});

// ---- activities (docs/service-behaviour.md#approving-and-rejecting) ----

export const GetActivityRequest = z.strictObject({ organizationId: OrganizationId, activityId: Id });
// The response is `ActivityResponse` (schemas/activity.ts).

export const ListActivitiesRequest = z.strictObject({
  organizationId: OrganizationId,
  filterByStatus: boundedArray(z.enum(ACTIVITY_STATUSES), 'activityFilters').optional(),
  paginationOptions: Pagination.optional(),
  /** Activity types are a long, growing list (TYPES `v1ActivityType`); checked by the service. */
  filterByType: boundedArray(
    z.string().regex(/^ACTIVITY_TYPE_[A-Z0-9_]+$/, 'must be an ACTIVITY_TYPE_... value'),
    'activityFilters',
  ).optional(),
});
export const ListActivitiesResponse = z.looseObject({ activities: z.array(Activity) });

export const GetPolicyEvaluationsRequest = z.strictObject({ organizationId: OrganizationId, activityId: Id });
export const GetPolicyEvaluationsResponse = z.looseObject({ policyEvaluations: z.array(PolicyEvaluationRecord) });

export const GetActivePoliciesRequest = OrganizationOnly;
export const GetActivePoliciesResponse = z.looseObject({
  statuses: z.array(ActivePolicyStatus),
  /** milliseconds since the epoch of the enclave's trusted clock */
  evaluatedAtMs: z.string(),
});
