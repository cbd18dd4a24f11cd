// Every data source, bound to the program's settings (../program/process.ts): stack config through
// `pulumi.runtime` (no secret warning: the values never reach an output) and the environment.
import { preflight, programContext } from '../program/process';
import type { ProviderContext } from '../context';
import { define, type AnyDataSource } from './define';
import { GET_ROOT_QUORUM, GET_USER_TAGS, GET_USERS, IDENTITY_DATA_SOURCES } from './identity';
import { fiatOnRampCredentialsView, GET_FIAT_ON_RAMP_CREDENTIALS, GET_WEBHOOK_ENDPOINTS, INTEGRATION_DATA_SOURCES } from './integrations';
import {
  GET_API_KEY,
  GET_IP_ALLOWLIST,
  GET_MFA_POLICIES,
  GET_PRIVATE_KEY_TAGS,
  GET_SESSION_PROFILE,
  GET_SESSION_PROFILES,
  GET_WALLETS,
  ORGANIZATION_DATA_SOURCES,
} from './organization';
import { GET_SOL_TRANSACTION_HISTORY, GET_SUB_ORGANIZATIONS, PAGED_DATA_SOURCES } from './paged';
import { GET_POLICIES, GET_POLICY, POLICY_DATA_SOURCES } from './policies';
import {
  GET_SMART_CONTRACT_INTERFACE,
  GET_SMART_CONTRACT_INTERFACES,
  GET_VELOCITY_CONTROL,
  GET_VELOCITY_CONTROLS,
  POLICY_DEPENDENCY_DATA_SOURCES,
} from './policy-dependencies';
import { GET_WALLET_KIT_CONFIG, GET_WEBHOOK_JWKS, PUBLIC_DATA_SOURCES } from './public';

/**
 * Every data source, in the order docs list them: what the native provider serves as functions and its schema
 * declares (../native/). Adding one is declaring it (`dataSource` in ./define.ts) and adding it here and to
 * `createDataSources`.
 */
export const DATA_SOURCES: readonly AnyDataSource[] = [
  ...ORGANIZATION_DATA_SOURCES,
  ...IDENTITY_DATA_SOURCES,
  ...POLICY_DATA_SOURCES,
  ...POLICY_DEPENDENCY_DATA_SOURCES,
  ...INTEGRATION_DATA_SOURCES,
  ...PAGED_DATA_SOURCES,
  ...PUBLIC_DATA_SOURCES,
];

/** Each data source as the program calls it (`getX` and `getXOutput`), on the settings `context` gives. */
export function createDataSources(context: () => ProviderContext) {
  return {
    wallets: define(GET_WALLETS, context),
    privateKeyTags: define(GET_PRIVATE_KEY_TAGS, context),
    ipAllowlist: define(GET_IP_ALLOWLIST, context),
    sessionProfile: define(GET_SESSION_PROFILE, context),
    sessionProfiles: define(GET_SESSION_PROFILES, context),
    apiKey: define(GET_API_KEY, context),
    mfaPolicies: define(GET_MFA_POLICIES, context),
    users: define(GET_USERS, context),
    userTags: define(GET_USER_TAGS, context),
    rootQuorum: define(GET_ROOT_QUORUM, context),
    policy: define(GET_POLICY, context),
    policies: define(GET_POLICIES, context),
    smartContractInterface: define(GET_SMART_CONTRACT_INTERFACE, context),
    smartContractInterfaces: define(GET_SMART_CONTRACT_INTERFACES, context),
    velocityControl: define(GET_VELOCITY_CONTROL, context),
    velocityControls: define(GET_VELOCITY_CONTROLS, context),
    webhookEndpoints: define(GET_WEBHOOK_ENDPOINTS, context),
    fiatOnRampCredentials: define(GET_FIAT_ON_RAMP_CREDENTIALS, context, fiatOnRampCredentialsView),
    subOrganizations: define(GET_SUB_ORGANIZATIONS, context),
    solTransactionHistory: define(GET_SOL_TRANSACTION_HISTORY, context),
    walletKitConfig: define(GET_WALLET_KIT_CONFIG, context),
    webhookJwks: define(GET_WEBHOOK_JWKS, context),
  };
}

// The stack config is checked first, so a config mistake is the one error the program reports, not once
// per lookup (the same RunError object: Pulumi prints an error object once).
const ds = createDataSources(() => {
  preflight();
  return programContext();
});

export const getWallets = ds.wallets.promise;
export const getWalletsOutput = ds.wallets.output;
export const getPrivateKeyTags = ds.privateKeyTags.promise;
export const getPrivateKeyTagsOutput = ds.privateKeyTags.output;
export const getIpAllowlist = ds.ipAllowlist.promise;
export const getIpAllowlistOutput = ds.ipAllowlist.output;
export const getSessionProfile = ds.sessionProfile.promise;
export const getSessionProfileOutput = ds.sessionProfile.output;
export const getSessionProfiles = ds.sessionProfiles.promise;
export const getSessionProfilesOutput = ds.sessionProfiles.output;
export const getApiKey = ds.apiKey.promise;
export const getApiKeyOutput = ds.apiKey.output;
export const getMfaPolicies = ds.mfaPolicies.promise;
export const getMfaPoliciesOutput = ds.mfaPolicies.output;
export const getPolicy = ds.policy.promise;
export const getPolicyOutput = ds.policy.output;
export const getPolicies = ds.policies.promise;
export const getPoliciesOutput = ds.policies.output;
export const getWebhookEndpoints = ds.webhookEndpoints.promise;
export const getWebhookEndpointsOutput = ds.webhookEndpoints.output;
export const getFiatOnRampCredentials = ds.fiatOnRampCredentials.promise;
export const getFiatOnRampCredentialsOutput = ds.fiatOnRampCredentials.output;
export const getSubOrganizations = ds.subOrganizations.promise;
export const getSubOrganizationsOutput = ds.subOrganizations.output;
export const getSolTransactionHistory = ds.solTransactionHistory.promise;
export const getSolTransactionHistoryOutput = ds.solTransactionHistory.output;
export const getWalletKitConfig = ds.walletKitConfig.promise;
export const getWalletKitConfigOutput = ds.walletKitConfig.output;
export const getUsers = ds.users.promise;
export const getUsersOutput = ds.users.output;
export const getUserTags = ds.userTags.promise;
export const getUserTagsOutput = ds.userTags.output;
export const getRootQuorum = ds.rootQuorum.promise;
export const getRootQuorumOutput = ds.rootQuorum.output;
export const getSmartContractInterface = ds.smartContractInterface.promise;
export const getSmartContractInterfaceOutput = ds.smartContractInterface.output;
export const getSmartContractInterfaces = ds.smartContractInterfaces.promise;
export const getSmartContractInterfacesOutput = ds.smartContractInterfaces.output;
export const getVelocityControl = ds.velocityControl.promise;
export const getVelocityControlOutput = ds.velocityControl.output;
export const getVelocityControls = ds.velocityControls.promise;
export const getVelocityControlsOutput = ds.velocityControls.output;
export const getWebhookJwks = ds.webhookJwks.promise;
export const getWebhookJwksOutput = ds.webhookJwks.output;

export type {
  GetApiKeyArgs,
  GetApiKeyResult,
  GetIpAllowlistArgs,
  GetIpAllowlistResult,
  GetMfaPoliciesArgs,
  GetMfaPoliciesResult,
  GetPrivateKeyTagsArgs,
  GetPrivateKeyTagsResult,
  GetSessionProfileArgs,
  GetSessionProfileResult,
  GetSessionProfilesArgs,
  GetSessionProfilesResult,
  GetWalletsArgs,
  GetWalletsResult,
} from './organization';
export type {
  GetPoliciesArgs,
  GetPoliciesResult,
  GetPolicyArgs,
  GetPolicyResult,
  ParsedPolicyExpressions,
  PolicyWithExpressions,
} from './policies';
export type {
  FiatOnRampCredentialView,
  GetFiatOnRampCredentialsArgs,
  GetFiatOnRampCredentialsResult,
  GetWebhookEndpointsArgs,
  GetWebhookEndpointsResult,
} from './integrations';
export type {
  GetSolTransactionHistoryArgs,
  GetSolTransactionHistoryResult,
  GetSubOrganizationsArgs,
  GetSubOrganizationsResult,
  SuborgFilterType,
} from './paged';
export type {
  GetRootQuorumArgs,
  GetRootQuorumResult,
  GetUserTagsArgs,
  GetUserTagsResult,
  GetUsersArgs,
  GetUsersResult,
  UserTagView,
} from './identity';
export type {
  GetSmartContractInterfaceArgs,
  GetSmartContractInterfaceResult,
  GetSmartContractInterfacesArgs,
  GetSmartContractInterfacesResult,
  GetVelocityControlArgs,
  GetVelocityControlResult,
  GetVelocityControlsArgs,
  GetVelocityControlsResult,
} from './policy-dependencies';
export type { GetWalletKitConfigArgs, GetWalletKitConfigResult, GetWebhookJwksArgs, GetWebhookJwksResult } from './public';
export type { LookupSelector, InputArgs } from './define';
export type { AnyDataSource, DataSource } from './define';
