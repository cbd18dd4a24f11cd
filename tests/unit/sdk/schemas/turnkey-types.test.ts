// Our zod schemas against @turnkey/http's generated types (TYPES), operation by operation.
// The COMPILE-TIME half lives in the type aliases below: drift makes `npm run typecheck` fail with the
// path that differs. Requests must fit INTO TYPES (ours may be narrower, e.g. an enum where TYPES says
// string); responses must accept everything TYPES describes (TYPES fits into ours). Keys and optionality
// must match exactly on both sides, except for the deviations listed with their reasons.
import type { TurnkeyApiTypes as D } from '@turnkey/http';
import type { ProxyTGetWalletKitConfigResponse, ProxyTInitOtpV2Body, ProxyTInitOtpV2Response } from '@turnkey/sdk-types';
import type { z } from 'zod';
import { operations } from '@walletinfra/sdk';
import type { earlierSubmitVersions } from '@walletinfra/sdk';
import type { Operations, QueryName, RequestOf, ResponseOf, SubmitName } from '@walletinfra/sdk';
import type { Assert, Fits } from './turnkey-types.shape';

type Loose = { [k: string]: unknown };

/**
 * Deviation: activity `intent`/`result` are typed per operation by the registry (checked below through
 * `intentKey`/`resultKey`), not as TYPES' union of ~150 optional keys; vote `user` is a user record whose
 * fields the API reference does not show (docs/service-behaviour.md#activities), kept as an open object.
 */
type TheirVote = Omit<D['v1Vote'], 'user'> & { user: Loose };
type TheirActivity = Omit<D['v1Activity'], 'intent' | 'result' | 'votes'> & { intent: Loose; result: Loose; votes: TheirVote[] };

/** query name -> [TYPES request, TYPES response] */
interface QueryTypes {
  get_api_key: [D['v1GetApiKeyRequest'], D['v1GetApiKeyResponse']];
  get_api_keys: [D['v1GetApiKeysRequest'], D['v1GetApiKeysResponse']];
  get_session_profile: [D['v1GetSessionProfileRequest'], D['v1GetSessionProfileResponse']];
  get_session_profiles: [D['v1GetSessionProfilesRequest'], D['v1GetSessionProfilesResponse']];
  get_mfa_policies: [D['v1GetMfaPoliciesRequest'], D['v1GetMfaPoliciesResponse']];
  get_policy: [D['v1GetPolicyRequest'], D['v1GetPolicyResponse']];
  get_ip_allowlist: [D['v1GetIpAllowlistRequest'], D['v1GetIpAllowlistResponse']];
  list_wallets: [D['v1GetWalletsRequest'], D['v1GetWalletsResponse']];
  list_private_key_tags: [D['v1ListPrivateKeyTagsRequest'], D['v1ListPrivateKeyTagsResponse']];
  list_private_keys: [D['v1GetPrivateKeysRequest'], D['v1GetPrivateKeysResponse']];
  list_webhook_endpoints: [D['v1ListWebhookEndpointsRequest'], D['v1ListWebhookEndpointsResponse']];
  list_fiat_on_ramp_credentials: [D['v1ListFiatOnRampCredentialsRequest'], D['v1ListFiatOnRampCredentialsResponse']];
  list_suborgs: [D['v1GetSubOrgIdsRequest'], D['v1GetSubOrgIdsResponse']];
  list_verified_suborgs: [D['v1GetVerifiedSubOrgIdsRequest'], D['v1GetVerifiedSubOrgIdsResponse']];
  list_sol_transaction_history: [D['v1ListSolTransactionHistoryRequest'], D['v1ListSolTransactionHistoryResponse']];
  list_policies: [D['v1GetPoliciesRequest'], D['v1GetPoliciesResponse']];
  get_activity: [D['v1GetActivityRequest'], { activity: TheirActivity }];
  // Deviation: `filterByType` items are checked as ACTIVITY_TYPE_... strings, not against TYPES' list of
  // ~170 activity types, which grows with every service release.
  list_activities: [Omit<D['v1GetActivitiesRequest'], 'filterByType'> & { filterByType?: string[] }, { activities: TheirActivity[] }];
  get_policy_evaluations: [D['v1GetPolicyEvaluationsRequest'], D['v1GetPolicyEvaluationsResponse']];
  get_active_policies: [D['v1GetActivePoliciesRequest'], D['v1GetActivePoliciesResponse']];
  list_wallet_accounts: [D['v1GetWalletAccountsRequest'], D['v1GetWalletAccountsResponse']];
  list_users: [D['v1GetUsersRequest'], D['v1GetUsersResponse']];
  get_user: [D['v1GetUserRequest'], D['v1GetUserResponse']];
  list_user_tags: [D['v1ListUserTagsRequest'], D['v1ListUserTagsResponse']];
  get_organization_configs: [D['v1GetOrganizationConfigsRequest'], D['v1GetOrganizationConfigsResponse']];
  whoami: [D['v1GetWhoamiRequest'], D['v1GetWhoamiResponse']];
  list_smart_contract_interfaces: [D['v1GetSmartContractInterfacesRequest'], D['v1GetSmartContractInterfacesResponse']];
  get_smart_contract_interface: [D['v1GetSmartContractInterfaceRequest'], D['v1GetSmartContractInterfaceResponse']];
  list_velocity_controls: [D['v1ListVelocityControlsRequest'], D['v1ListVelocityControlsResponse']];
  get_velocity_control: [D['v1GetVelocityControlRequest'], D['v1GetVelocityControlResponse']];
}

/**
 * Deviation: create_sub_organization keeps to the fields we can honour, in every version: TYPES' email/SMS/OTP
 * switches, verification token, client signature and OIDC claims are left out on purpose
 * (schemas/sub-organizations.ts).
 */
type NotHonoured =
  'disableEmailRecovery' | 'disableEmailAuth' | 'disableSmsAuth' | 'disableOtpEmailAuth' | 'verificationToken' | 'clientSignature';
type WithoutClaims<U> = U extends { oauthProviders: Array<infer O> }
  ? Omit<U, 'oauthProviders'> & { oauthProviders: Array<Omit<O, 'oidcClaims'>> }
  : U;
/** A create intent of any version without what is not honoured. */
type WithoutHonoured<I> = I extends { rootUsers: Array<infer U> }
  ? Omit<I, NotHonoured | 'rootUsers'> & { rootUsers: Array<WithoutClaims<U>> }
  : Omit<I, NotHonoured>;
type TheirSubOrgIntent = WithoutHonoured<D['v1CreateSubOrganizationIntentV8']>;
type WithIntent<R extends { parameters: unknown }, I> = Omit<R, 'parameters'> & { parameters: I };

/** submit name -> TYPES request envelope */
interface SubmitTypes {
  delete_webhook_endpoint: D['v1DeleteWebhookEndpointRequest'];
  create_policy: D['v1CreatePolicyRequest'];
  // Deviation: TYPES has no `generateAppProofs` on these two; ours accepts it (optional) in every envelope.
  init_import_secrets: D['v1InitImportSecretsRequest'] & { generateAppProofs?: boolean };
  update_fiat_on_ramp_credential: D['v1UpdateFiatOnRampCredentialRequest'];
  earn_deposit: D['v1EarnDepositRequest'];
  earn_withdraw: D['v1EarnWithdrawRequest'];
  update_policy: D['v1UpdatePolicyRequest'];
  delete_policy: D['v1DeletePolicyRequest'];
  create_webhook_endpoint: D['v1CreateWebhookEndpointRequest'];
  update_webhook_endpoint: D['v1UpdateWebhookEndpointRequest'];
  create_fiat_on_ramp_credential: D['v1CreateFiatOnRampCredentialRequest'];
  delete_fiat_on_ramp_credential: D['v1DeleteFiatOnRampCredentialRequest'];
  approve_activity: D['v1ApproveActivityRequest'];
  reject_activity: D['v1RejectActivityRequest'];
  set_ip_allowlist: D['v1SetIpAllowlistRequest'];
  remove_ip_allowlist: D['v1RemoveIpAllowlistRequest'];
  create_session_profile: D['v1CreateSessionProfileRequest'] & { generateAppProofs?: boolean };
  create_private_key_tag: D['v1CreatePrivateKeyTagRequest'];
  update_private_key_tag: D['v1UpdatePrivateKeyTagRequest'];
  delete_private_key_tags: D['v1DeletePrivateKeyTagsRequest'];
  create_wallet: D['v1CreateWalletRequest'];
  create_sub_organization: WithIntent<D['v1CreateSubOrganizationRequest'], TheirSubOrgIntent>;
  delete_sub_organization: D['v1DeleteSubOrganizationRequest'];
  create_users: D['v1CreateUsersRequest'];
  create_api_only_users: D['v1CreateApiOnlyUsersRequest'];
  update_user: D['v1UpdateUserRequest'];
  update_user_name: D['v1UpdateUserNameRequest'];
  update_user_email: D['v1UpdateUserEmailRequest'];
  update_user_phone_number: D['v1UpdateUserPhoneNumberRequest'];
  delete_users: D['v1DeleteUsersRequest'];
  create_api_keys: D['v1CreateApiKeysRequest'];
  delete_api_keys: D['v1DeleteApiKeysRequest'];
  create_user_tag: D['v1CreateUserTagRequest'];
  update_user_tag: D['v1UpdateUserTagRequest'];
  delete_user_tags: D['v1DeleteUserTagsRequest'];
  update_root_quorum: D['v1UpdateRootQuorumRequest'];
  create_smart_contract_interface: D['v1CreateSmartContractInterfaceRequest'];
  delete_smart_contract_interface: D['v1DeleteSmartContractInterfaceRequest'];
  create_velocity_control: D['v1CreateVelocityControlRequest'];
  delete_velocity_control: D['v1DeleteVelocityControlRequest'];
  sign_transaction: D['v1SignTransactionRequest'];
}

type FirstFailure<T> = [Exclude<T[keyof T], true>] extends [never] ? true : Exclude<T[keyof T], true>;

// Every registry name appears in exactly one table (a new operation without a check fails here).
type _allCovered = Assert<
  [Exclude<QueryName, keyof QueryTypes>, Exclude<SubmitName, keyof SubmitTypes>] extends [never, never] ? true : false
>;

type QueryRequestChecks = { [N in QueryName]: Fits<RequestOf<N>, QueryTypes[N][0], `${N} request`> };
type QueryResponseChecks = { [N in QueryName]: Fits<QueryTypes[N][1], ResponseOf<N>, `${N} response`> };
type _queryRequests = Assert<FirstFailure<QueryRequestChecks>>;
type _queryResponses = Assert<FirstFailure<QueryResponseChecks>>;

type Envelope<N extends SubmitName> = z.input<Operations[N]['envelope']>;
type SubmitEnvelopeChecks = { [N in SubmitName]: Fits<Envelope<N>, SubmitTypes[N], `${N} envelope`> };
type _submitEnvelopes = Assert<FirstFailure<SubmitEnvelopeChecks>>;

// `intentKey`/`resultKey` name real keys of TYPES' v1Intent/v1Result, holding the shapes we validate.
/** TYPES' intent under `K`, with the deviation of create_sub_organization (every version) applied. */
type TheirIntent<K extends keyof D['v1Intent']> = K extends `createSubOrganizationIntent${string}`
  ? WithoutHonoured<NonNullable<D['v1Intent'][K]>>
  : NonNullable<D['v1Intent'][K]>;
type IntentChecks = {
  [N in SubmitName]: Operations[N]['intentKey'] extends keyof D['v1Intent']
    ? Fits<z.input<Operations[N]['request']>, TheirIntent<Operations[N]['intentKey']>, `${N} intent`>
    : `${N}: intentKey is not a key of v1Intent`;
};
type _intents = Assert<FirstFailure<IntentChecks>>;
type ResultChecks = {
  [N in SubmitName]: Operations[N]['resultKey'] extends undefined
    ? true // approve/reject: no result key exists (docs/service-behaviour.md#approving-and-rejecting)
    : Operations[N]['resultKey'] extends keyof D['v1Result']
      ? Fits<NonNullable<D['v1Result'][Operations[N]['resultKey']]>, z.output<Operations[N]['result']>, `${N} result`>
      : `${N}: resultKey is not a key of v1Result`;
};
type _results = Assert<FirstFailure<ResultChecks>>;

// Earlier versions of a submit (`earlierSubmitVersions`): each activity type is one of TYPES' `v1ActivityType`,
// its intent fits TYPES' intent under its intent key (with the deviation above) and its result accepts TYPES'
// result under its result key.
type Earlier = (typeof earlierSubmitVersions)[keyof typeof earlierSubmitVersions][number];
type EarlierChecks = {
  [T in Earlier['activityType']]: Extract<Earlier, { activityType: T }> extends infer V extends Earlier
    ? T extends D['v1ActivityType']
      ? V['intentKey'] extends keyof D['v1Intent']
        ? V['resultKey'] extends keyof D['v1Result']
          ? Fits<z.input<V['request']>, TheirIntent<V['intentKey']>, `${T} intent`> extends true
            ? Fits<NonNullable<D['v1Result'][V['resultKey']]>, z.output<V['result']>, `${T} result`>
            : Fits<z.input<V['request']>, TheirIntent<V['intentKey']>, `${T} intent`>
          : `${T}: resultKey is not a key of v1Result`
        : `${T}: intentKey is not a key of v1Intent`
      : `${T}: not an activity type of TYPES`
    : never;
};
type _earlier = Assert<FirstFailure<EarlierChecks>>;

// Auth proxy: TYPES of @turnkey/sdk-types (the proxy is not in @turnkey/http).
type _proxyConfig = Assert<Fits<ProxyTGetWalletKitConfigResponse, ResponseOf<'get_wallet_kit_config'>>>;
type _proxyOtpBody = Assert<Fits<RequestOf<'init_otp_v2'>, ProxyTInitOtpV2Body>>;
type _proxyOtpResponse = Assert<Fits<ProxyTInitOtpV2Response, ResponseOf<'init_otp_v2'>>>;

describe('registry against TYPES (runtime half)', () => {
  test('every submit path and activity type matches the path @turnkey/http posts to', () => {
    // the compile-time half checks shapes; here the literal values the type checker cannot see through
    const rows = Object.values(operations)
      .filter((op) => op.kind === 'submit')
      .map((op) => [op.name, op.path, op.activityType]);
    expect(rows).toEqual([
      ['delete_webhook_endpoint', '/public/v1/submit/delete_webhook_endpoint', 'ACTIVITY_TYPE_DELETE_WEBHOOK_ENDPOINT'],
      ['create_policy', '/public/v1/submit/create_policy', 'ACTIVITY_TYPE_CREATE_POLICY_V3'],
      ['init_import_secrets', '/public/v1/submit/init_import_secrets', 'ACTIVITY_TYPE_INIT_IMPORT_SECRETS'],
      [
        'update_fiat_on_ramp_credential',
        '/public/v1/submit/update_fiat_on_ramp_credential',
        'ACTIVITY_TYPE_UPDATE_FIAT_ON_RAMP_CREDENTIAL',
      ],
      ['earn_deposit', '/public/v1/submit/earn_deposit', 'ACTIVITY_TYPE_EARN_DEPOSIT'],
      ['earn_withdraw', '/public/v1/submit/earn_withdraw', 'ACTIVITY_TYPE_EARN_WITHDRAW'],
      ['update_policy', '/public/v1/submit/update_policy', 'ACTIVITY_TYPE_UPDATE_POLICY_V2'],
      ['delete_policy', '/public/v1/submit/delete_policy', 'ACTIVITY_TYPE_DELETE_POLICY'],
      ['create_webhook_endpoint', '/public/v1/submit/create_webhook_endpoint', 'ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT'],
      ['update_webhook_endpoint', '/public/v1/submit/update_webhook_endpoint', 'ACTIVITY_TYPE_UPDATE_WEBHOOK_ENDPOINT'],
      [
        'create_fiat_on_ramp_credential',
        '/public/v1/submit/create_fiat_on_ramp_credential',
        'ACTIVITY_TYPE_CREATE_FIAT_ON_RAMP_CREDENTIAL',
      ],
      [
        'delete_fiat_on_ramp_credential',
        '/public/v1/submit/delete_fiat_on_ramp_credential',
        'ACTIVITY_TYPE_DELETE_FIAT_ON_RAMP_CREDENTIAL',
      ],
      ['approve_activity', '/public/v1/submit/approve_activity', 'ACTIVITY_TYPE_APPROVE_ACTIVITY'],
      ['reject_activity', '/public/v1/submit/reject_activity', 'ACTIVITY_TYPE_REJECT_ACTIVITY'],
      ['set_ip_allowlist', '/public/v1/submit/set_ip_allowlist', 'ACTIVITY_TYPE_SET_IP_ALLOWLIST'],
      ['remove_ip_allowlist', '/public/v1/submit/remove_ip_allowlist', 'ACTIVITY_TYPE_REMOVE_IP_ALLOWLIST'],
      ['create_session_profile', '/public/v1/submit/create_session_profile', 'ACTIVITY_TYPE_CREATE_SESSION_PROFILE'],
      ['create_private_key_tag', '/public/v1/submit/create_private_key_tag', 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'],
      ['update_private_key_tag', '/public/v1/submit/update_private_key_tag', 'ACTIVITY_TYPE_UPDATE_PRIVATE_KEY_TAG'],
      ['delete_private_key_tags', '/public/v1/submit/delete_private_key_tags', 'ACTIVITY_TYPE_DELETE_PRIVATE_KEY_TAGS'],
      ['create_wallet', '/public/v1/submit/create_wallet', 'ACTIVITY_TYPE_CREATE_WALLET'],
      ['create_sub_organization', '/public/v1/submit/create_sub_organization', 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8'],
      ['delete_sub_organization', '/public/v1/submit/delete_sub_organization', 'ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION'],
      ['create_users', '/public/v1/submit/create_users', 'ACTIVITY_TYPE_CREATE_USERS_V4'],
      ['create_api_only_users', '/public/v1/submit/create_api_only_users', 'ACTIVITY_TYPE_CREATE_API_ONLY_USERS'],
      ['update_user', '/public/v1/submit/update_user', 'ACTIVITY_TYPE_UPDATE_USER'],
      ['update_user_name', '/public/v1/submit/update_user_name', 'ACTIVITY_TYPE_UPDATE_USER_NAME'],
      ['update_user_email', '/public/v1/submit/update_user_email', 'ACTIVITY_TYPE_UPDATE_USER_EMAIL'],
      ['update_user_phone_number', '/public/v1/submit/update_user_phone_number', 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER'],
      ['delete_users', '/public/v1/submit/delete_users', 'ACTIVITY_TYPE_DELETE_USERS'],
      ['create_api_keys', '/public/v1/submit/create_api_keys', 'ACTIVITY_TYPE_CREATE_API_KEYS_V2'],
      ['delete_api_keys', '/public/v1/submit/delete_api_keys', 'ACTIVITY_TYPE_DELETE_API_KEYS'],
      ['create_user_tag', '/public/v1/submit/create_user_tag', 'ACTIVITY_TYPE_CREATE_USER_TAG'],
      ['update_user_tag', '/public/v1/submit/update_user_tag', 'ACTIVITY_TYPE_UPDATE_USER_TAG'],
      ['delete_user_tags', '/public/v1/submit/delete_user_tags', 'ACTIVITY_TYPE_DELETE_USER_TAGS'],
      ['update_root_quorum', '/public/v1/submit/update_root_quorum', 'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM'],
      [
        'create_smart_contract_interface',
        '/public/v1/submit/create_smart_contract_interface',
        'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE',
      ],
      [
        'delete_smart_contract_interface',
        '/public/v1/submit/delete_smart_contract_interface',
        'ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE',
      ],
      ['create_velocity_control', '/public/v1/submit/create_velocity_control', 'ACTIVITY_TYPE_CREATE_VELOCITY_CONTROL'],
      ['delete_velocity_control', '/public/v1/submit/delete_velocity_control', 'ACTIVITY_TYPE_DELETE_VELOCITY_CONTROL'],
      ['sign_transaction', '/public/v1/submit/sign_transaction', 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2'],
    ]);
  });
});
