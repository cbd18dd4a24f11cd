// WalletInfraClient: one typed method per operation of the registry. Each method is a
// one-line call into the generic core, so the registry stays the single place an operation is defined.
import { ClientCore, type CallOptions, type QueryBody, type SubmitOptions, type SubmitResult } from './core';
import {
  paginateSolTransactionHistory,
  paginateSuborgs,
  paginateVelocityControls,
  type ListSolTransactionHistoryBody,
  type ListSuborgsBody,
  type ListVelocityControlsBody,
} from '../pagination';
import type { VelocityControl } from '../schemas/velocity-controls';
import type { RequestOf, ResponseOf } from '../operations';

export type { CallOptions, PreparedSubmit, QueryBody, SubmitOptions, SubmitResult, WaitOptions } from './core';
export {
  ActivityPollingSchema,
  ClientOptionsSchema,
  CLIENT_OPTION_KEYS,
  DEFAULT_ACTIVITY_POLLING,
  DEFAULT_AUTH_PROXY_URL,
  DEFAULT_BASE_URL,
} from './options';
export type { ClientTransport, WalletInfraClientOptions } from './options';

type Q<N extends Parameters<ClientCore['query']>[0]> = Promise<ResponseOf<N>>;

export class WalletInfraClient extends ClientCore {
  // ---- authentication proxy (docs/service-behaviour.md#auth-proxy) ----
  getWalletKitConfig(options?: CallOptions): Promise<ResponseOf<'get_wallet_kit_config'>> {
    return this.proxy('get_wallet_kit_config', {}, options);
  }
  initOtpV2(body: RequestOf<'init_otp_v2'>, options?: CallOptions): Promise<ResponseOf<'init_otp_v2'>> {
    return this.proxy('init_otp_v2', body, options);
  }

  // ---- queries of docs/service-behaviour.md#transport ----
  getApiKey(body: QueryBody<'get_api_key'>, options?: CallOptions): Q<'get_api_key'> {
    return this.query('get_api_key', body, options);
  }
  /** Every API key of the organization (or of one user, with `userId`). */
  getApiKeys(body: QueryBody<'get_api_keys'> = {}, options?: CallOptions): Q<'get_api_keys'> {
    return this.query('get_api_keys', body, options);
  }
  getSessionProfile(body: QueryBody<'get_session_profile'>, options?: CallOptions): Q<'get_session_profile'> {
    return this.query('get_session_profile', body, options);
  }
  getSessionProfiles(body: QueryBody<'get_session_profiles'> = {}, options?: CallOptions): Q<'get_session_profiles'> {
    return this.query('get_session_profiles', body, options);
  }
  getMfaPolicies(body: QueryBody<'get_mfa_policies'>, options?: CallOptions): Q<'get_mfa_policies'> {
    return this.query('get_mfa_policies', body, options);
  }
  getPolicy(body: QueryBody<'get_policy'>, options?: CallOptions): Q<'get_policy'> {
    return this.query('get_policy', body, options);
  }
  getIpAllowlist(body: QueryBody<'get_ip_allowlist'> = {}, options?: CallOptions): Q<'get_ip_allowlist'> {
    return this.query('get_ip_allowlist', body, options);
  }
  listWallets(body: QueryBody<'list_wallets'> = {}, options?: CallOptions): Q<'list_wallets'> {
    return this.query('list_wallets', body, options);
  }
  listPrivateKeyTags(body: QueryBody<'list_private_key_tags'> = {}, options?: CallOptions): Q<'list_private_key_tags'> {
    return this.query('list_private_key_tags', body, options);
  }
  /** Private keys with the ids of their tags (the only place tag membership shows). */
  listPrivateKeys(body: QueryBody<'list_private_keys'> = {}, options?: CallOptions): Q<'list_private_keys'> {
    return this.query('list_private_keys', body, options);
  }
  listWebhookEndpoints(body: QueryBody<'list_webhook_endpoints'> = {}, options?: CallOptions): Q<'list_webhook_endpoints'> {
    return this.query('list_webhook_endpoints', body, options);
  }
  listFiatOnRampCredentials(
    body: QueryBody<'list_fiat_on_ramp_credentials'> = {},
    options?: CallOptions,
  ): Q<'list_fiat_on_ramp_credentials'> {
    return this.query('list_fiat_on_ramp_credentials', body, options);
  }
  /** One page; see `iterateSuborgs` for all of them. */
  listSuborgs(body: QueryBody<'list_suborgs'> = {}, options?: CallOptions): Q<'list_suborgs'> {
    return this.query('list_suborgs', body, options);
  }
  /** One page of the sub-organizations whose user has a verified email or phone number. */
  listVerifiedSuborgs(body: QueryBody<'list_verified_suborgs'> = {}, options?: CallOptions): Q<'list_verified_suborgs'> {
    return this.query('list_verified_suborgs', body, options);
  }
  /** One page; see `iterateSolTransactionHistory` for all of them. */
  listSolTransactionHistory(body: QueryBody<'list_sol_transaction_history'>, options?: CallOptions): Q<'list_sol_transaction_history'> {
    return this.query('list_sol_transaction_history', body, options);
  }

  // ---- queries the API reference leaves out (docs/service-behaviour.md#approving-and-rejecting, #transport) ----
  listPolicies(body: QueryBody<'list_policies'> = {}, options?: CallOptions): Q<'list_policies'> {
    return this.query('list_policies', body, options);
  }
  getActivity(body: QueryBody<'get_activity'>, options?: CallOptions): Q<'get_activity'> {
    return this.query('get_activity', body, options);
  }
  listActivities(body: QueryBody<'list_activities'> = {}, options?: CallOptions): Q<'list_activities'> {
    return this.query('list_activities', body, options);
  }
  getPolicyEvaluations(body: QueryBody<'get_policy_evaluations'>, options?: CallOptions): Q<'get_policy_evaluations'> {
    return this.query('get_policy_evaluations', body, options);
  }
  getActivePolicies(body: QueryBody<'get_active_policies'> = {}, options?: CallOptions): Q<'get_active_policies'> {
    return this.query('get_active_policies', body, options);
  }
  listWalletAccounts(body: QueryBody<'list_wallet_accounts'> = {}, options?: CallOptions): Q<'list_wallet_accounts'> {
    return this.query('list_wallet_accounts', body, options);
  }

  // ---- what policies depend on (docs/service-behaviour.md#smart-contract-interfaces, #velocity-controls) ----
  listSmartContractInterfaces(
    body: QueryBody<'list_smart_contract_interfaces'> = {},
    options?: CallOptions,
  ): Q<'list_smart_contract_interfaces'> {
    return this.query('list_smart_contract_interfaces', body, options);
  }
  getSmartContractInterface(body: QueryBody<'get_smart_contract_interface'>, options?: CallOptions): Q<'get_smart_contract_interface'> {
    return this.query('get_smart_contract_interface', body, options);
  }
  /** One page; see `iterateVelocityControls` for all of them. */
  listVelocityControls(body: QueryBody<'list_velocity_controls'> = {}, options?: CallOptions): Q<'list_velocity_controls'> {
    return this.query('list_velocity_controls', body, options);
  }
  getVelocityControl(body: QueryBody<'get_velocity_control'>, options?: CallOptions): Q<'get_velocity_control'> {
    return this.query('get_velocity_control', body, options);
  }

  // ---- writes of docs/service-behaviour.md#activities ----
  deleteWebhookEndpoint(p: RequestOf<'delete_webhook_endpoint'>, o?: SubmitOptions): Promise<SubmitResult<'delete_webhook_endpoint'>> {
    return this.submit('delete_webhook_endpoint', p, o);
  }
  createPolicy(p: RequestOf<'create_policy'>, o?: SubmitOptions): Promise<SubmitResult<'create_policy'>> {
    return this.submit('create_policy', p, o);
  }
  initImportSecrets(p: RequestOf<'init_import_secrets'>, o?: SubmitOptions): Promise<SubmitResult<'init_import_secrets'>> {
    return this.submit('init_import_secrets', p, o);
  }
  updateFiatOnRampCredential(
    p: RequestOf<'update_fiat_on_ramp_credential'>,
    o?: SubmitOptions,
  ): Promise<SubmitResult<'update_fiat_on_ramp_credential'>> {
    return this.submit('update_fiat_on_ramp_credential', p, o);
  }
  earnDeposit(p: RequestOf<'earn_deposit'>, o?: SubmitOptions): Promise<SubmitResult<'earn_deposit'>> {
    return this.submit('earn_deposit', p, o);
  }
  earnWithdraw(p: RequestOf<'earn_withdraw'>, o?: SubmitOptions): Promise<SubmitResult<'earn_withdraw'>> {
    return this.submit('earn_withdraw', p, o);
  }

  // ---- writes the provider needs (docs/service-behaviour.md#approving-and-rejecting, #transport) ----
  updatePolicy(p: RequestOf<'update_policy'>, o?: SubmitOptions): Promise<SubmitResult<'update_policy'>> {
    return this.submit('update_policy', p, o);
  }
  deletePolicy(p: RequestOf<'delete_policy'>, o?: SubmitOptions): Promise<SubmitResult<'delete_policy'>> {
    return this.submit('delete_policy', p, o);
  }
  createWebhookEndpoint(p: RequestOf<'create_webhook_endpoint'>, o?: SubmitOptions): Promise<SubmitResult<'create_webhook_endpoint'>> {
    return this.submit('create_webhook_endpoint', p, o);
  }
  updateWebhookEndpoint(p: RequestOf<'update_webhook_endpoint'>, o?: SubmitOptions): Promise<SubmitResult<'update_webhook_endpoint'>> {
    return this.submit('update_webhook_endpoint', p, o);
  }
  createFiatOnRampCredential(
    p: RequestOf<'create_fiat_on_ramp_credential'>,
    o?: SubmitOptions,
  ): Promise<SubmitResult<'create_fiat_on_ramp_credential'>> {
    return this.submit('create_fiat_on_ramp_credential', p, o);
  }
  deleteFiatOnRampCredential(
    p: RequestOf<'delete_fiat_on_ramp_credential'>,
    o?: SubmitOptions,
  ): Promise<SubmitResult<'delete_fiat_on_ramp_credential'>> {
    return this.submit('delete_fiat_on_ramp_credential', p, o);
  }
  /** Votes for the activity with this fingerprint (docs/service-behaviour.md#approving-and-rejecting: votes target fingerprints, not ids). */
  approveActivity(p: RequestOf<'approve_activity'>, o?: SubmitOptions): Promise<SubmitResult<'approve_activity'>> {
    return this.submit('approve_activity', p, o);
  }
  rejectActivity(p: RequestOf<'reject_activity'>, o?: SubmitOptions): Promise<SubmitResult<'reject_activity'>> {
    return this.submit('reject_activity', p, o);
  }
  /** Replaces the whole rule set of the org (or of one API key with `publicKey`), docs/service-behaviour.md#ip-allowlist. */
  setIpAllowlist(p: RequestOf<'set_ip_allowlist'>, o?: SubmitOptions): Promise<SubmitResult<'set_ip_allowlist'>> {
    return this.submit('set_ip_allowlist', p, o);
  }
  removeIpAllowlist(p: RequestOf<'remove_ip_allowlist'> = {}, o?: SubmitOptions): Promise<SubmitResult<'remove_ip_allowlist'>> {
    return this.submit('remove_ip_allowlist', p, o);
  }
  createSessionProfile(p: RequestOf<'create_session_profile'>, o?: SubmitOptions): Promise<SubmitResult<'create_session_profile'>> {
    return this.submit('create_session_profile', p, o);
  }
  createPrivateKeyTag(p: RequestOf<'create_private_key_tag'>, o?: SubmitOptions): Promise<SubmitResult<'create_private_key_tag'>> {
    return this.submit('create_private_key_tag', p, o);
  }
  /** Rename a tag and/or add and remove member private keys in one activity. */
  updatePrivateKeyTag(p: RequestOf<'update_private_key_tag'>, o?: SubmitOptions): Promise<SubmitResult<'update_private_key_tag'>> {
    return this.submit('update_private_key_tag', p, o);
  }
  deletePrivateKeyTags(p: RequestOf<'delete_private_key_tags'>, o?: SubmitOptions): Promise<SubmitResult<'delete_private_key_tags'>> {
    return this.submit('delete_private_key_tags', p, o);
  }
  createWallet(p: RequestOf<'create_wallet'>, o?: SubmitOptions): Promise<SubmitResult<'create_wallet'>> {
    return this.submit('create_wallet', p, o);
  }
  createSubOrganization(p: RequestOf<'create_sub_organization'>, o?: SubmitOptions): Promise<SubmitResult<'create_sub_organization'>> {
    return this.submit('create_sub_organization', p, o);
  }
  /**
   * Deletes the sub-organization `o.organizationId` names (or the client's): submitted by one of its own root
   * users, never by the parent (docs/service-behaviour.md#sub-organizations).
   */
  deleteSubOrganization(p: RequestOf<'delete_sub_organization'> = {}, o?: SubmitOptions): Promise<SubmitResult<'delete_sub_organization'>> {
    return this.submit('delete_sub_organization', p, o);
  }
  /** Uploads an ABI (Ethereum) or IDL (Solana) for a contract; there is no update (docs/service-behaviour.md#smart-contract-interfaces). */
  createSmartContractInterface(
    p: RequestOf<'create_smart_contract_interface'>,
    o?: SubmitOptions,
  ): Promise<SubmitResult<'create_smart_contract_interface'>> {
    return this.submit('create_smart_contract_interface', p, o);
  }
  deleteSmartContractInterface(
    p: RequestOf<'delete_smart_contract_interface'>,
    o?: SubmitOptions,
  ): Promise<SubmitResult<'delete_smart_contract_interface'>> {
    return this.submit('delete_smart_contract_interface', p, o);
  }
  /** A limit policies read as `controls.<identifier>`; there is no update (docs/service-behaviour.md#velocity-controls). */
  createVelocityControl(p: RequestOf<'create_velocity_control'>, o?: SubmitOptions): Promise<SubmitResult<'create_velocity_control'>> {
    return this.submit('create_velocity_control', p, o);
  }
  deleteVelocityControl(p: RequestOf<'delete_velocity_control'>, o?: SubmitOptions): Promise<SubmitResult<'delete_velocity_control'>> {
    return this.submit('delete_velocity_control', p, o);
  }
  signTransaction(p: RequestOf<'sign_transaction'>, o?: SubmitOptions): Promise<SubmitResult<'sign_transaction'>> {
    return this.submit('sign_transaction', p, o);
  }

  // ---- users, API keys, user tags, the root quorum (docs/service-behaviour.md#users, #api-keys, #user-tags, #root-quorum) ----
  /** Every user with their API keys, passkeys and tag ids (no pagination). */
  listUsers(body: QueryBody<'list_users'> = {}, options?: CallOptions): Q<'list_users'> {
    return this.query('list_users', body, options);
  }
  getUser(body: QueryBody<'get_user'>, options?: CallOptions): Q<'get_user'> {
    return this.query('get_user', body, options);
  }
  /** User tags, without members: a user's tags are its `userTags`. */
  listUserTags(body: QueryBody<'list_user_tags'> = {}, options?: CallOptions): Q<'list_user_tags'> {
    return this.query('list_user_tags', body, options);
  }
  /** The root quorum (`configs.quorum`) and the organization's features. */
  getOrganizationConfigs(body: QueryBody<'get_organization_configs'> = {}, options?: CallOptions): Q<'get_organization_configs'> {
    return this.query('get_organization_configs', body, options);
  }
  /** The target organization's id and name, and the user whose key signed (a parent's key may target a sub-organization). */
  whoami(body: QueryBody<'whoami'> = {}, options?: CallOptions): Q<'whoami'> {
    return this.query('whoami', body, options);
  }
  createUsers(p: RequestOf<'create_users'>, o?: SubmitOptions): Promise<SubmitResult<'create_users'>> {
    return this.submit('create_users', p, o);
  }
  createApiOnlyUsers(p: RequestOf<'create_api_only_users'>, o?: SubmitOptions): Promise<SubmitResult<'create_api_only_users'>> {
    return this.submit('create_api_only_users', p, o);
  }
  /** Name, email, phone number and the whole tag list (`userTagIds`) in one write; omitted fields are kept. */
  updateUser(p: RequestOf<'update_user'>, o?: SubmitOptions): Promise<SubmitResult<'update_user'>> {
    return this.submit('update_user', p, o);
  }
  updateUserName(p: RequestOf<'update_user_name'>, o?: SubmitOptions): Promise<SubmitResult<'update_user_name'>> {
    return this.submit('update_user_name', p, o);
  }
  /** An empty `userEmail` removes the address. */
  updateUserEmail(p: RequestOf<'update_user_email'>, o?: SubmitOptions): Promise<SubmitResult<'update_user_email'>> {
    return this.submit('update_user_email', p, o);
  }
  /** An empty `userPhoneNumber` removes the number. */
  updateUserPhoneNumber(p: RequestOf<'update_user_phone_number'>, o?: SubmitOptions): Promise<SubmitResult<'update_user_phone_number'>> {
    return this.submit('update_user_phone_number', p, o);
  }
  /** Deletes users with their API keys and passkeys; their tag memberships go with them. */
  deleteUsers(p: RequestOf<'delete_users'>, o?: SubmitOptions): Promise<SubmitResult<'delete_users'>> {
    return this.submit('delete_users', p, o);
  }
  /** Registers public keys for a user; the private keys never leave the caller. */
  createApiKeys(p: RequestOf<'create_api_keys'>, o?: SubmitOptions): Promise<SubmitResult<'create_api_keys'>> {
    return this.submit('create_api_keys', p, o);
  }
  deleteApiKeys(p: RequestOf<'delete_api_keys'>, o?: SubmitOptions): Promise<SubmitResult<'delete_api_keys'>> {
    return this.submit('delete_api_keys', p, o);
  }
  createUserTag(p: RequestOf<'create_user_tag'>, o?: SubmitOptions): Promise<SubmitResult<'create_user_tag'>> {
    return this.submit('create_user_tag', p, o);
  }
  /** Rename a tag and/or add and remove member users in one activity. */
  updateUserTag(p: RequestOf<'update_user_tag'>, o?: SubmitOptions): Promise<SubmitResult<'update_user_tag'>> {
    return this.submit('update_user_tag', p, o);
  }
  deleteUserTags(p: RequestOf<'delete_user_tags'>, o?: SubmitOptions): Promise<SubmitResult<'delete_user_tags'>> {
    return this.submit('delete_user_tags', p, o);
  }
  /** Sets the whole root quorum; only the current root quorum can approve it. */
  updateRootQuorum(p: RequestOf<'update_root_quorum'>, o?: SubmitOptions): Promise<SubmitResult<'update_root_quorum'>> {
    return this.submit('update_root_quorum', p, o);
  }

  // ---- discovery (docs/service-behaviour.md#verification-keys) ----
  getWebhookJwks(options?: CallOptions): Promise<ResponseOf<'get_webhook_jwks'>> {
    return this.discover('get_webhook_jwks', options);
  }

  // ---- every page (docs/service-behaviour.md#transport, #limits-and-pagination) ----
  /** Every sub-organization id, across pages. Collect with `collectAll(iterable, {max})`. */
  iterateSuborgs(body: ListSuborgsBody = {}, options?: CallOptions): AsyncGenerator<string, void, undefined> {
    return paginateSuborgs((page) => this.query('list_suborgs', page, options), body);
  }
  /** Every velocity control of the organization, across pages. */
  iterateVelocityControls(body: ListVelocityControlsBody = {}, options?: CallOptions): AsyncGenerator<VelocityControl, void, undefined> {
    return paginateVelocityControls((page) => this.query('list_velocity_controls', page, options), body);
  }
  /** Every Solana transaction of an address, newest first, across pages. */
  iterateSolTransactionHistory(body: ListSolTransactionHistoryBody, options?: CallOptions) {
    return paginateSolTransactionHistory((page) => this.query('list_sol_transaction_history', page, options), body);
  }
}
