// Public surface of @walletinfra/pulumi: the resources, the data sources, settings resolution and
// the provider's error. The dynamic-provider runtime lives under ./runtime and is loaded only by the
// serialized providers (see resources/*/provider.ts).
export { Policy } from './resources/policy/resource';
export type { PolicyArgs, PolicyAdopt, PolicyInputs, PolicyOutputs } from './resources/policy/resource';
export type { PolicyEffect } from './resources/policy/spec';
export { WebhookEndpoint } from './resources/webhookEndpoint/resource';
export type {
  WebhookEndpointArgs,
  WebhookEndpointAdopt,
  WebhookEndpointInputs,
  WebhookEndpointOutputs,
} from './resources/webhookEndpoint/resource';
export type { WebhookSubscription, WebhookSubscriptionArgs } from './resources/webhookEndpoint/spec';
export { FiatOnRampCredential } from './resources/fiatOnRampCredential/resource';
export type {
  FiatOnRampCredentialArgs,
  FiatOnRampCredentialAdopt,
  FiatOnRampCredentialInputs,
  FiatOnRampCredentialOutputs,
} from './resources/fiatOnRampCredential/resource';
export type { OnRampProvider } from './resources/fiatOnRampCredential/spec';
export { IpAllowlist } from './resources/ipAllowlist/resource';
export type { IpAllowlistArgs, IpAllowlistAdopt, IpAllowlistInputs, IpAllowlistOutputs } from './resources/ipAllowlist/resource';
export type { IpAllowlistRule, IpAllowlistRuleArgs, OnEvaluationError } from './resources/ipAllowlist/spec';
export { PrivateKeyTag } from './resources/privateKeyTag/resource';
export type { PrivateKeyTagArgs, PrivateKeyTagAdopt, PrivateKeyTagInputs, PrivateKeyTagOutputs } from './resources/privateKeyTag/resource';
export { SessionProfile } from './resources/sessionProfile/resource';
export { SmartContractInterface } from './resources/smartContractInterface/resource';
export type {
  SmartContractInterfaceArgs,
  SmartContractInterfaceAdopt,
  SmartContractInterfaceInputs,
  SmartContractInterfaceOutputs,
} from './resources/smartContractInterface/resource';
export type { SmartContractInterfaceType } from './resources/smartContractInterface/spec';
export { VelocityControl } from './resources/velocityControl/resource';
export type {
  VelocityControlArgs,
  VelocityControlAdopt,
  VelocityControlInputs,
  VelocityControlOutputs,
} from './resources/velocityControl/resource';
export type { VelocityControlAggregation, VelocityControlDataSource } from './resources/velocityControl/spec';
export type {
  SessionProfileArgs,
  SessionProfileAdopt,
  SessionProfileInputs,
  SessionProfileOutputs,
} from './resources/sessionProfile/resource';
export { UserTag } from './resources/userTag/resource';
export type { UserTagArgs, UserTagAdopt, UserTagInputs, UserTagOutputs } from './resources/userTag/resource';
export { User } from './resources/user/resource';
export type { UserArgs, UserAdopt, UserInputs, UserOutputs } from './resources/user/resource';
export { ApiKey } from './resources/apiKey/resource';
export type { ApiKeyArgs, ApiKeyAdopt, ApiKeyInputs, ApiKeyOutputs } from './resources/apiKey/resource';
export type { ApiKeyCurve } from './resources/apiKey/spec';
export { RootQuorum } from './resources/rootQuorum/resource';
export type { RootQuorumArgs, RootQuorumAdopt, RootQuorumInputs, RootQuorumOutputs } from './resources/rootQuorum/resource';
export {
  createDataSources,
  getApiKey,
  getApiKeyOutput,
  getFiatOnRampCredentials,
  getFiatOnRampCredentialsOutput,
  getIpAllowlist,
  getIpAllowlistOutput,
  getMfaPolicies,
  getMfaPoliciesOutput,
  getPolicies,
  getPoliciesOutput,
  getPolicy,
  getPolicyOutput,
  getPrivateKeyTags,
  getPrivateKeyTagsOutput,
  getRootQuorum,
  getRootQuorumOutput,
  getSessionProfile,
  getSessionProfileOutput,
  getSessionProfiles,
  getSessionProfilesOutput,
  getSmartContractInterface,
  getSmartContractInterfaceOutput,
  getSmartContractInterfaces,
  getSmartContractInterfacesOutput,
  getSolTransactionHistory,
  getSolTransactionHistoryOutput,
  getSubOrganizations,
  getSubOrganizationsOutput,
  getUserTags,
  getUserTagsOutput,
  getUsers,
  getUsersOutput,
  getVelocityControl,
  getVelocityControlOutput,
  getVelocityControls,
  getVelocityControlsOutput,
  getWalletKitConfig,
  getWalletKitConfigOutput,
  getWallets,
  getWalletsOutput,
  getWebhookEndpoints,
  getWebhookEndpointsOutput,
  getWebhookJwks,
  getWebhookJwksOutput,
} from './datasources';
export type {
  FiatOnRampCredentialView,
  GetApiKeyArgs,
  GetApiKeyResult,
  GetFiatOnRampCredentialsArgs,
  GetFiatOnRampCredentialsResult,
  GetIpAllowlistArgs,
  GetIpAllowlistResult,
  GetMfaPoliciesArgs,
  GetMfaPoliciesResult,
  GetPoliciesArgs,
  GetPoliciesResult,
  GetPolicyArgs,
  GetPolicyResult,
  GetPrivateKeyTagsArgs,
  GetPrivateKeyTagsResult,
  GetRootQuorumArgs,
  GetRootQuorumResult,
  GetSessionProfileArgs,
  GetSessionProfileResult,
  GetSessionProfilesArgs,
  GetSessionProfilesResult,
  GetSmartContractInterfaceArgs,
  GetSmartContractInterfaceResult,
  GetSmartContractInterfacesArgs,
  GetSmartContractInterfacesResult,
  GetSolTransactionHistoryArgs,
  GetSolTransactionHistoryResult,
  GetSubOrganizationsArgs,
  GetSubOrganizationsResult,
  GetUserTagsArgs,
  GetUserTagsResult,
  GetUsersArgs,
  GetUsersResult,
  GetVelocityControlArgs,
  GetVelocityControlResult,
  GetVelocityControlsArgs,
  GetVelocityControlsResult,
  GetWalletKitConfigArgs,
  GetWalletKitConfigResult,
  GetWalletsArgs,
  GetWalletsResult,
  GetWebhookEndpointsArgs,
  GetWebhookEndpointsResult,
  GetWebhookJwksArgs,
  GetWebhookJwksResult,
  InputArgs,
  LookupSelector,
  ParsedPolicyExpressions,
  PolicyWithExpressions,
  SuborgFilterType,
  UserTagView,
} from './datasources';
export {
  CONFIG_NAMESPACE,
  DEFAULT_AUTH_PROXY_URL,
  DEFAULT_BASE_URL,
  DEFAULT_ON_RAMP_ENCRYPTION_PUBLIC_KEY,
  PROFILE_KEYS,
  resolveEndpoints,
  resolveOrganizationId,
  resolveSettings,
} from './config';
export type { EndpointSettings, ProviderSettings, SettingsSelector, SettingsSources } from './config';
export { PartialFailureError } from './errors';
