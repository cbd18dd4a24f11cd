// The operation registry: every operation the sdk speaks, keyed by its wire name. The client, the
// emulator's router and the tests all read this one table.
import type { z } from 'zod';
import * as A from '../schemas/activities';
import * as Q from '../schemas/queries';
import * as P from '../schemas/proxy';
import { ActivityResponse } from '../schemas/activity';
import { defineDiscovery, defineProxy, defineQuery, defineSubmit } from './define';
import type { AnyOperation, SubmitOperation } from './define';
import { identityQueries, identitySubmits } from './identity';
import { policyDependencyQueries, policyDependencySubmits } from './policy-dependencies';
import { earlierCreateSubOrganization, subOrganizationQueries, subOrganizationSubmits } from './sub-organizations';

export {
  defineDiscovery,
  defineProxy,
  defineQuery,
  defineSubmit,
  type AnyOperation,
  type DiscoveryOperation,
  type OperationKind,
  type ProxyOperation,
  type QueryOperation,
  type SubmitEnvelopeSchema,
  type SubmitOperation,
} from './define';

export const operations = {
  // ---- auth proxy (docs/service-behaviour.md#auth-proxy) ----
  get_wallet_kit_config: defineProxy(
    'get_wallet_kit_config',
    '/v1/wallet_kit_config',
    P.GetWalletKitConfigRequest,
    P.GetWalletKitConfigResponse,
  ),
  init_otp_v2: defineProxy('init_otp_v2', '/v1/otp_init_v2', P.InitOtpV2Request, P.InitOtpV2Response),

  // ---- the queries of docs/service-behaviour.md#transport ----
  get_api_key: defineQuery('get_api_key', Q.GetApiKeyRequest, Q.GetApiKeyResponse),
  get_api_keys: defineQuery('get_api_keys', Q.GetApiKeysRequest, Q.GetApiKeysResponse),
  get_session_profile: defineQuery('get_session_profile', Q.GetSessionProfileRequest, Q.GetSessionProfileResponse),
  get_session_profiles: defineQuery('get_session_profiles', Q.GetSessionProfilesRequest, Q.GetSessionProfilesResponse),
  get_mfa_policies: defineQuery('get_mfa_policies', Q.GetMfaPoliciesRequest, Q.GetMfaPoliciesResponse),
  get_policy: defineQuery('get_policy', Q.GetPolicyRequest, Q.GetPolicyResponse),
  get_ip_allowlist: defineQuery('get_ip_allowlist', Q.GetIpAllowlistRequest, Q.GetIpAllowlistResponse),
  list_wallets: defineQuery('list_wallets', Q.ListWalletsRequest, Q.ListWalletsResponse),
  list_private_key_tags: defineQuery('list_private_key_tags', Q.ListPrivateKeyTagsRequest, Q.ListPrivateKeyTagsResponse),
  list_private_keys: defineQuery('list_private_keys', Q.ListPrivateKeysRequest, Q.ListPrivateKeysResponse),
  list_webhook_endpoints: defineQuery('list_webhook_endpoints', Q.ListWebhookEndpointsRequest, Q.ListWebhookEndpointsResponse),
  list_fiat_on_ramp_credentials: defineQuery(
    'list_fiat_on_ramp_credentials',
    Q.ListFiatOnRampCredentialsRequest,
    Q.ListFiatOnRampCredentialsResponse,
  ),
  list_sol_transaction_history: defineQuery(
    'list_sol_transaction_history',
    Q.ListSolTransactionHistoryRequest,
    Q.ListSolTransactionHistoryResponse,
  ),

  // ---- queries the API reference leaves out (docs/service-behaviour.md#approving-and-rejecting, #policies, #wallets) ----
  list_policies: defineQuery('list_policies', Q.ListPoliciesRequest, Q.ListPoliciesResponse),
  get_activity: defineQuery('get_activity', Q.GetActivityRequest, ActivityResponse),
  list_activities: defineQuery('list_activities', Q.ListActivitiesRequest, Q.ListActivitiesResponse),
  get_policy_evaluations: defineQuery('get_policy_evaluations', Q.GetPolicyEvaluationsRequest, Q.GetPolicyEvaluationsResponse),
  get_active_policies: defineQuery('get_active_policies', Q.GetActivePoliciesRequest, Q.GetActivePoliciesResponse),
  list_wallet_accounts: defineQuery('list_wallet_accounts', Q.ListWalletAccountsRequest, Q.ListWalletAccountsResponse),

  // ---- sub-organizations (./sub-organizations.ts; docs/service-behaviour.md#sub-organizations) ----
  ...subOrganizationQueries,
  // ---- users, user tags, the root quorum (./identity.ts; docs/service-behaviour.md#users) ----
  ...identityQueries,
  // ---- what policies depend on (./policy-dependencies.ts; docs/service-behaviour.md#smart-contract-interfaces, #velocity-controls) ----
  ...policyDependencyQueries,

  // ---- the six writes of docs/service-behaviour.md#activities ----
  delete_webhook_endpoint: defineSubmit('delete_webhook_endpoint', {
    activityType: 'ACTIVITY_TYPE_DELETE_WEBHOOK_ENDPOINT',
    intentKey: 'deleteWebhookEndpointIntent',
    resultKey: 'deleteWebhookEndpointResult',
    parameters: A.DeleteWebhookEndpointIntent,
    result: A.DeleteWebhookEndpointResult,
  }),
  create_policy: defineSubmit('create_policy', {
    activityType: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
    intentKey: 'createPolicyIntentV3',
    // V3 intent but unversioned result key (docs/service-behaviour.md#activities)
    resultKey: 'createPolicyResult',
    parameters: A.CreatePolicyIntent,
    result: A.CreatePolicyResult,
  }),
  init_import_secrets: defineSubmit('init_import_secrets', {
    activityType: 'ACTIVITY_TYPE_INIT_IMPORT_SECRETS',
    intentKey: 'initImportSecretsIntent',
    resultKey: 'initImportSecretsResult',
    parameters: A.InitImportSecretsIntent,
    result: A.InitImportSecretsResult,
  }),
  update_fiat_on_ramp_credential: defineSubmit('update_fiat_on_ramp_credential', {
    activityType: 'ACTIVITY_TYPE_UPDATE_FIAT_ON_RAMP_CREDENTIAL',
    intentKey: 'updateFiatOnRampCredentialIntent',
    resultKey: 'updateFiatOnRampCredentialResult',
    parameters: A.UpdateFiatOnRampCredentialIntent,
    result: A.UpdateFiatOnRampCredentialResult,
  }),
  earn_deposit: defineSubmit('earn_deposit', {
    activityType: 'ACTIVITY_TYPE_EARN_DEPOSIT',
    intentKey: 'earnDepositIntent',
    resultKey: 'earnDepositResult',
    parameters: A.EarnDepositIntent,
    result: A.EarnDepositResult,
  }),
  earn_withdraw: defineSubmit('earn_withdraw', {
    activityType: 'ACTIVITY_TYPE_EARN_WITHDRAW',
    intentKey: 'earnWithdrawIntent',
    resultKey: 'earnWithdrawResult',
    parameters: A.EarnWithdrawIntent,
    result: A.EarnWithdrawResult,
  }),

  // ---- writes the provider needs (docs/service-behaviour.md#approving-and-rejecting, #transport) ----
  update_policy: defineSubmit('update_policy', {
    activityType: 'ACTIVITY_TYPE_UPDATE_POLICY_V2',
    intentKey: 'updatePolicyIntentV2',
    resultKey: 'updatePolicyResultV2',
    parameters: A.UpdatePolicyIntent,
    result: A.UpdatePolicyResult,
  }),
  delete_policy: defineSubmit('delete_policy', {
    activityType: 'ACTIVITY_TYPE_DELETE_POLICY',
    intentKey: 'deletePolicyIntent',
    resultKey: 'deletePolicyResult',
    parameters: A.DeletePolicyIntent,
    result: A.DeletePolicyResult,
  }),
  create_webhook_endpoint: defineSubmit('create_webhook_endpoint', {
    activityType: 'ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT',
    intentKey: 'createWebhookEndpointIntent',
    resultKey: 'createWebhookEndpointResult',
    parameters: A.CreateWebhookEndpointIntent,
    result: A.CreateWebhookEndpointResult,
  }),
  update_webhook_endpoint: defineSubmit('update_webhook_endpoint', {
    activityType: 'ACTIVITY_TYPE_UPDATE_WEBHOOK_ENDPOINT',
    intentKey: 'updateWebhookEndpointIntent',
    resultKey: 'updateWebhookEndpointResult',
    parameters: A.UpdateWebhookEndpointIntent,
    result: A.UpdateWebhookEndpointResult,
  }),
  create_fiat_on_ramp_credential: defineSubmit('create_fiat_on_ramp_credential', {
    activityType: 'ACTIVITY_TYPE_CREATE_FIAT_ON_RAMP_CREDENTIAL',
    intentKey: 'createFiatOnRampCredentialIntent',
    resultKey: 'createFiatOnRampCredentialResult',
    parameters: A.CreateFiatOnRampCredentialIntent,
    result: A.CreateFiatOnRampCredentialResult,
  }),
  delete_fiat_on_ramp_credential: defineSubmit('delete_fiat_on_ramp_credential', {
    activityType: 'ACTIVITY_TYPE_DELETE_FIAT_ON_RAMP_CREDENTIAL',
    intentKey: 'deleteFiatOnRampCredentialIntent',
    resultKey: 'deleteFiatOnRampCredentialResult',
    parameters: A.DeleteFiatOnRampCredentialIntent,
    result: A.DeleteFiatOnRampCredentialResult,
  }),
  approve_activity: defineSubmit('approve_activity', {
    activityType: 'ACTIVITY_TYPE_APPROVE_ACTIVITY',
    intentKey: 'approveActivityIntent',
    parameters: A.ApproveActivityIntent,
    result: A.VoteActivityResult,
  }),
  reject_activity: defineSubmit('reject_activity', {
    activityType: 'ACTIVITY_TYPE_REJECT_ACTIVITY',
    intentKey: 'rejectActivityIntent',
    parameters: A.RejectActivityIntent,
    result: A.VoteActivityResult,
  }),
  set_ip_allowlist: defineSubmit('set_ip_allowlist', {
    activityType: 'ACTIVITY_TYPE_SET_IP_ALLOWLIST',
    intentKey: 'setIpAllowlistIntent',
    resultKey: 'setIpAllowlistResult',
    parameters: A.SetIpAllowlistIntent,
    result: A.SetIpAllowlistResult,
  }),
  remove_ip_allowlist: defineSubmit('remove_ip_allowlist', {
    activityType: 'ACTIVITY_TYPE_REMOVE_IP_ALLOWLIST',
    intentKey: 'removeIpAllowlistIntent',
    resultKey: 'removeIpAllowlistResult',
    parameters: A.RemoveIpAllowlistIntent,
    result: A.RemoveIpAllowlistResult,
  }),
  create_session_profile: defineSubmit('create_session_profile', {
    activityType: 'ACTIVITY_TYPE_CREATE_SESSION_PROFILE',
    intentKey: 'createSessionProfileIntent',
    resultKey: 'createSessionProfileResult',
    parameters: A.CreateSessionProfileIntent,
    result: A.CreateSessionProfileResult,
  }),
  create_private_key_tag: defineSubmit('create_private_key_tag', {
    activityType: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
    intentKey: 'createPrivateKeyTagIntent',
    resultKey: 'createPrivateKeyTagResult',
    parameters: A.CreatePrivateKeyTagIntent,
    result: A.CreatePrivateKeyTagResult,
  }),
  update_private_key_tag: defineSubmit('update_private_key_tag', {
    activityType: 'ACTIVITY_TYPE_UPDATE_PRIVATE_KEY_TAG',
    intentKey: 'updatePrivateKeyTagIntent',
    resultKey: 'updatePrivateKeyTagResult',
    parameters: A.UpdatePrivateKeyTagIntent,
    result: A.UpdatePrivateKeyTagResult,
  }),
  delete_private_key_tags: defineSubmit('delete_private_key_tags', {
    activityType: 'ACTIVITY_TYPE_DELETE_PRIVATE_KEY_TAGS',
    intentKey: 'deletePrivateKeyTagsIntent',
    resultKey: 'deletePrivateKeyTagsResult',
    parameters: A.DeletePrivateKeyTagsIntent,
    result: A.DeletePrivateKeyTagsResult,
  }),
  create_wallet: defineSubmit('create_wallet', {
    activityType: 'ACTIVITY_TYPE_CREATE_WALLET',
    intentKey: 'createWalletIntent',
    resultKey: 'createWalletResult',
    parameters: A.CreateWalletIntent,
    result: A.CreateWalletResult,
  }),
  // ---- sub-organizations: create (the newest version; the earlier ones below), delete (./sub-organizations.ts) ----
  ...subOrganizationSubmits,

  // ---- users, API keys, user tags, the root quorum (./identity.ts; docs/service-behaviour.md#users) ----
  ...identitySubmits,
  // ---- what policies depend on, and signing (./policy-dependencies.ts) ----
  ...policyDependencySubmits,

  // ---- discovery (docs/service-behaviour.md#verification-keys) ----
  get_webhook_jwks: defineDiscovery('get_webhook_jwks', '/public/v1/discovery/webhooks/jwks', P.WebhookJwksResponse),
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;

type NamesOfKind<K extends string> = { [N in OperationName]: Operations[N]['kind'] extends K ? N : never }[OperationName];
export type QueryName = NamesOfKind<'query'>;
export type SubmitName = NamesOfKind<'submit'>;
export type ProxyName = NamesOfKind<'proxy'>;
export type DiscoveryName = NamesOfKind<'discovery'>;

/**
 * What a caller passes: the body of a query or proxy call, the `parameters` of a submit (`z.input`, so
 * optional fields may be left out). Discovery takes nothing.
 */
export type RequestOf<N extends OperationName> = Operations[N] extends { request: infer S extends z.ZodType } ? z.input<S> : never;
/** What the service answers (the `{activity}` envelope for a submit), after lenient validation. */
export type ResponseOf<N extends OperationName> = z.output<Operations[N]['response']>;
/** The typed object at `activity.result[resultKey]` of a completed submit. */
export type ResultOf<N extends SubmitName> = z.output<Operations[N]['result']>;
/** The full body of a submit: `{type, timestampMs, organizationId, parameters, generateAppProofs?}`. */
export type EnvelopeOf<N extends SubmitName> = z.output<Operations[N]['envelope']>;

const allOperations: ReadonlyArray<AnyOperation> = Object.values(operations);

/** Every entry, keyed by its path (`/public/v1/query/get_policy`, `/v1/otp_init_v2`, ...), for routers. */
export const operationsByPath: ReadonlyMap<string, AnyOperation> = new Map(allOperations.map((op) => [op.path, op]));

/**
 * Earlier versions of a submit the service still takes on the same path, by operation name: each a
 * SubmitOperation of the same name with its own activity type, intent and result (./sub-organizations.ts).
 */
export const earlierSubmitVersions = {
  create_sub_organization: earlierCreateSubOrganization,
} as const satisfies Partial<Record<SubmitName, readonly SubmitOperation[]>>;

/**
 * Submit entries keyed by activity type (`ACTIVITY_TYPE_CREATE_POLICY_V3` -> create_policy), earlier versions
 * included (`ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7` -> create_sub_organization as V7 has it).
 */
export const operationsByActivityType: ReadonlyMap<string, SubmitOperation> = new Map(
  [...allOperations, ...Object.values(earlierSubmitVersions).flat()].flatMap((op) =>
    op.kind === 'submit' ? [[op.activityType, op] as const] : [],
  ),
);

/**
 * The version of submit `op` a body's `type` asks for: `op` itself for its own type, an earlier version of the
 * same operation for its type, undefined for any other value (the caller answers with the types it takes).
 */
export function submitVersionOf(op: SubmitOperation, type: unknown): SubmitOperation | undefined {
  if (type === op.activityType) return op;
  const earlier = typeof type === 'string' ? operationsByActivityType.get(type) : undefined;
  return earlier?.name === op.name ? earlier : undefined;
}

/** Type guard for names that come from outside (a router, a config file). */
export function isOperationName(name: string): name is OperationName {
  return Object.prototype.hasOwnProperty.call(operations, name);
}
