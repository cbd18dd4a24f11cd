// The operation table of the emulator: one handler per sdk operation name (resources are data).
// A test asserts every query and submit operation of the sdk registry has an entry here.
import type { QueryName, SubmitName } from '@walletinfra/sdk';
import type { QueryHandler, SubmitHandler } from '../context';
import * as activities from './activities';
import * as apiKeys from './api-keys';
import * as earn from './earn';
import * as fiat from './fiat-credentials';
import * as identity from './identity';
import * as importSecrets from './import-secrets';
import * as ip from './ip-allowlist';
import * as policies from './policies';
import * as privateKeys from './private-keys';
import * as rootQuorum from './root-quorum';
import * as sessions from './session-profiles';
import * as contracts from './smart-contract-interfaces';
import * as signing from './signing';
import * as velocity from './velocity-controls';
import * as sol from './sol-history';
import * as subLists from './sub-organization-lists';
import * as subs from './sub-organizations';
import * as tags from './tags';
import * as userTags from './user-tags';
import * as users from './users';
import * as wallets from './wallets';
import * as webhooks from './webhook-endpoints';

export const queryHandlers: { [N in QueryName]: QueryHandler<N> } = {
  get_api_key: identity.getApiKey,
  get_api_keys: identity.getApiKeys,
  get_session_profile: sessions.getSessionProfile,
  get_session_profiles: sessions.getSessionProfiles,
  get_mfa_policies: identity.getMfaPolicies,
  get_policy: policies.getPolicy,
  get_ip_allowlist: ip.getIpAllowlist,
  list_wallets: wallets.listWallets,
  list_private_key_tags: tags.listPrivateKeyTags,
  list_private_keys: privateKeys.listPrivateKeys,
  list_webhook_endpoints: webhooks.listWebhookEndpoints,
  list_fiat_on_ramp_credentials: fiat.listFiatOnRampCredentials,
  list_suborgs: subLists.listSuborgs,
  list_verified_suborgs: subLists.listVerifiedSuborgs,
  list_sol_transaction_history: sol.listSolTransactionHistory,
  list_policies: policies.listPolicies,
  get_activity: activities.getActivity,
  list_activities: activities.listActivities,
  get_policy_evaluations: activities.getPolicyEvaluations,
  get_active_policies: policies.getActivePolicies,
  list_wallet_accounts: wallets.listWalletAccounts,
  list_users: users.listUsers,
  get_user: users.getUser,
  list_user_tags: userTags.listUserTags,
  get_organization_configs: rootQuorum.getOrganizationConfigs,
  whoami: subs.whoami,
  list_smart_contract_interfaces: contracts.listSmartContractInterfaces,
  get_smart_contract_interface: contracts.getSmartContractInterface,
  list_velocity_controls: velocity.listVelocityControls,
  get_velocity_control: velocity.getVelocityControl,
};

/** Every write except approve/reject, which are votes (activities/votes.ts). */
export const submitHandlers: { [N in Exclude<SubmitName, 'approve_activity' | 'reject_activity'>]: SubmitHandler<N> } = {
  delete_webhook_endpoint: webhooks.deleteWebhookEndpoint,
  create_policy: policies.createPolicy,
  init_import_secrets: importSecrets.initImportSecrets,
  update_fiat_on_ramp_credential: fiat.updateFiatOnRampCredential,
  earn_deposit: earn.earnDeposit,
  earn_withdraw: earn.earnWithdraw,
  update_policy: policies.updatePolicy,
  delete_policy: policies.deletePolicy,
  create_webhook_endpoint: webhooks.createWebhookEndpoint,
  update_webhook_endpoint: webhooks.updateWebhookEndpoint,
  create_fiat_on_ramp_credential: fiat.createFiatOnRampCredential,
  delete_fiat_on_ramp_credential: fiat.deleteFiatOnRampCredential,
  set_ip_allowlist: ip.setIpAllowlist,
  remove_ip_allowlist: ip.removeIpAllowlist,
  create_session_profile: sessions.createSessionProfile,
  create_private_key_tag: tags.createPrivateKeyTag,
  update_private_key_tag: tags.updatePrivateKeyTag,
  delete_private_key_tags: tags.deletePrivateKeyTags,
  create_wallet: wallets.createWallet,
  create_sub_organization: subs.createSubOrganization,
  delete_sub_organization: subs.deleteSubOrganization,
  create_users: users.createUsers,
  create_api_only_users: users.createApiOnlyUsers,
  update_user: users.updateUser,
  update_user_name: users.updateUserName,
  update_user_email: users.updateUserEmail,
  update_user_phone_number: users.updateUserPhoneNumber,
  delete_users: users.deleteUsers,
  create_api_keys: apiKeys.createApiKeys,
  delete_api_keys: apiKeys.deleteApiKeys,
  create_user_tag: userTags.createUserTag,
  update_user_tag: userTags.updateUserTag,
  delete_user_tags: userTags.deleteUserTags,
  update_root_quorum: rootQuorum.updateRootQuorum,
  create_smart_contract_interface: contracts.createSmartContractInterface,
  delete_smart_contract_interface: contracts.deleteSmartContractInterface,
  create_velocity_control: velocity.createVelocityControl,
  delete_velocity_control: velocity.deleteVelocityControl,
  sign_transaction: signing.signTransaction,
};

/** Earlier versions of a write the service still takes on the same path, by activity type (their own intent and result). */
const earlierVersionHandlers: Readonly<Record<string, SubmitHandler<SubmitName>>> = subs.earlierCreateSubOrganization;

/** The handler of write `name`; of the version `activityType` names when that is an earlier one. */
export function submitHandlerFor(name: string, activityType?: string): SubmitHandler<SubmitName> | undefined {
  if (activityType !== undefined && Object.prototype.hasOwnProperty.call(earlierVersionHandlers, activityType)) {
    return earlierVersionHandlers[activityType];
  }
  return Object.prototype.hasOwnProperty.call(submitHandlers, name) ? submitHandlers[name as keyof typeof submitHandlers] : undefined;
}

export function queryHandlerFor(name: string): QueryHandler<QueryName> | undefined {
  return Object.prototype.hasOwnProperty.call(queryHandlers, name) ? queryHandlers[name as QueryName] : undefined;
}
