// Every operation of the sdk's registry, and what the run does with it: a call in the sdk step below (reads
// of the organization and of the run's own objects, writes only to objects named with the run prefix), the
// lifecycle that sends it, or why the run never sends it. An operation without an entry fails
// tests/unit/acceptance/coverage.test.ts, so a new operation is a decision, not an omission.
import type { WalletInfraClient } from '@walletinfra/sdk';
import { generateApiKeyPair } from '@walletinfra/sdk/crypto';
import type { RunFacts } from './context';
import { ERC20_TRANSFER } from '../support/erc20-abi';

/** What the run does with one operation. */
export type OperationUse = { sdk: true } | { covered: string } | { skip: string };

const LIFECYCLE = (kind: string): OperationUse => ({ covered: `the ${kind} lifecycle (through Pulumi)` });
const FIXTURES: OperationUse = { covered: 'the fixtures (a user and API keys named with the run prefix, deleted at the end)' };

export const OPERATIONS: Readonly<Record<string, OperationUse>> = {
  get_wallet_kit_config: { sdk: true },
  init_otp_v2: { skip: 'sends a one-time code to a real email address or phone number' },
  get_api_key: { sdk: true },
  get_api_keys: { sdk: true },
  get_session_profile: { sdk: true },
  get_session_profiles: { sdk: true },
  get_mfa_policies: { sdk: true },
  get_policy: { sdk: true },
  get_ip_allowlist: { sdk: true },
  list_wallets: { sdk: true },
  list_private_key_tags: { sdk: true },
  list_private_keys: { sdk: true },
  list_webhook_endpoints: { sdk: true },
  list_fiat_on_ramp_credentials: { sdk: true },
  list_suborgs: { sdk: true },
  list_verified_suborgs: { sdk: true },
  list_sol_transaction_history: { sdk: true },
  list_policies: { sdk: true },
  get_activity: { sdk: true },
  list_activities: { sdk: true },
  get_policy_evaluations: { sdk: true },
  get_active_policies: { sdk: true },
  list_wallet_accounts: { sdk: true },
  list_users: { sdk: true },
  get_user: { sdk: true },
  list_user_tags: { sdk: true },
  get_organization_configs: { sdk: true },
  whoami: { sdk: true },
  get_webhook_jwks: { sdk: true },
  create_users: { sdk: true },
  create_api_only_users: FIXTURES,
  update_user: { sdk: true },
  update_user_name: { sdk: true },
  update_user_email: { sdk: true },
  update_user_phone_number: { sdk: true },
  delete_users: { sdk: true },
  create_api_keys: { sdk: true },
  delete_api_keys: { sdk: true },
  create_user_tag: { sdk: true },
  update_user_tag: { sdk: true },
  delete_user_tags: { sdk: true },
  update_root_quorum: {
    skip: "the organization's root quorum carries no prefix, and a wrong quorum can lock the organization out",
  },
  delete_webhook_endpoint: LIFECYCLE('WebhookEndpoint'),
  create_policy: LIFECYCLE('Policy'),
  update_policy: LIFECYCLE('Policy'),
  delete_policy: LIFECYCLE('Policy'),
  create_webhook_endpoint: LIFECYCLE('WebhookEndpoint'),
  update_webhook_endpoint: LIFECYCLE('WebhookEndpoint'),
  create_fiat_on_ramp_credential: LIFECYCLE('FiatOnRampCredential'),
  update_fiat_on_ramp_credential: LIFECYCLE('FiatOnRampCredential'),
  delete_fiat_on_ramp_credential: LIFECYCLE('FiatOnRampCredential'),
  set_ip_allowlist: LIFECYCLE('IpAllowlist'),
  remove_ip_allowlist: LIFECYCLE('IpAllowlist'),
  create_session_profile: LIFECYCLE('SessionProfile'),
  create_private_key_tag: LIFECYCLE('PrivateKeyTag'),
  update_private_key_tag: LIFECYCLE('PrivateKeyTag'),
  delete_private_key_tags: LIFECYCLE('PrivateKeyTag'),
  approve_activity: { skip: 'needs an activity waiting for another approver; the run makes none' },
  reject_activity: { skip: 'needs an activity waiting for another approver; the run makes none' },
  init_import_secrets: { skip: 'starts an import of secrets into the organization, which the run has none to make' },
  earn_deposit: { skip: 'moves funds' },
  earn_withdraw: { skip: 'moves funds' },
  create_wallet: { skip: 'the sdk cannot delete a wallet, so it would stay in the organization' },
  list_smart_contract_interfaces: { sdk: true },
  get_smart_contract_interface: { sdk: true },
  create_smart_contract_interface: { sdk: true },
  delete_smart_contract_interface: { sdk: true },
  list_velocity_controls: { sdk: true },
  get_velocity_control: { sdk: true },
  create_velocity_control: { sdk: true },
  delete_velocity_control: { sdk: true },
  sign_transaction: { skip: "signs with one of the organization's keys, and the run makes no key of its own (the sdk cannot delete one)" },
  create_sub_organization: {
    skip: "only a root user of the new sub-organization may delete it (the run's key would have to be one), and a run stopped in between leaves a sub-organization the sweep cannot see",
  },
  delete_sub_organization: { skip: 'the run creates no sub-organization, and deleting one it did not create would lose its wallets' },
};

/** What the sdk step's calls work with. */
export interface SdkContext {
  client: WalletInfraClient;
  facts: RunFacts;
  /** The fixture user (its API keys serve the per-key IP allowlists). */
  fixtureUserId?: string;
  /** Ids of the run's own objects by program resource name (`policy-adopted`). */
  ids: Readonly<Record<string, string>>;
  /** Throws unless the name carries the run's prefix (the one rule every write of the run obeys). */
  guard(what: string, name: string): void;
  /** Remembers an object the run made through the sdk, so the clean-up deletes it even after a failure. */
  made(object: { what: string; id: string; name: string }): void;
  /** Forgets an object once deleted. */
  gone(id: string): void;
}

/** One call of the sdk step: the operation it sends, and what it checks (returns undefined, or why it is skipped). */
export interface SdkCall {
  operation: string;
  /** An expected failure (a probe of the service's errors), by HTTP status class. */
  expectError?: '4xx';
  call(ctx: SdkContext, state: Record<string, string>): Promise<void | { skip: string }>;
}

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** One ERC-20 function: enough for the service to accept an interface (https://eips.ethereum.org/EIPS/eip-20). */
const TRANSFER_ABI = [ERC20_TRANSFER];

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing (an earlier call failed)`);
  return value;
}

/** The calls, in order: reads, then a user and a user tag named with the run prefix through their lifecycle, then probes. */
export const SDK_CALLS: readonly SdkCall[] = [
  { operation: 'get_organization_configs', call: async ({ client }) => void (await client.getOrganizationConfigs({})) },
  { operation: 'whoami', call: async ({ client }) => void (await client.whoami({})) },
  { operation: 'list_users', call: async ({ client }) => void (await client.listUsers({})) },
  { operation: 'get_user', call: async ({ client, facts }) => void (await client.getUser({ userId: facts.identity.userId })) },
  { operation: 'get_api_keys', call: async ({ client }) => void (await client.getApiKeys({})) },
  { operation: 'get_api_key', call: async ({ client, facts }) => void (await client.getApiKey({ apiKeyId: facts.identity.apiKeyId })) },
  {
    operation: 'get_mfa_policies',
    call: async ({ client, facts }) => void (await client.getMfaPolicies({ userId: facts.identity.userId })),
  },
  { operation: 'list_user_tags', call: async ({ client }) => void (await client.listUserTags({})) },
  { operation: 'list_policies', call: async ({ client }) => void (await client.listPolicies({})) },
  {
    operation: 'get_policy',
    call: async ({ client, ids }) => {
      const id = ids['policy-adopted'] ?? ids['policy-main'];
      if (id === undefined) return { skip: "needs the run's own policy (the Policy scenario is left out)" };
      await client.getPolicy({ policyId: id });
    },
  },
  { operation: 'get_active_policies', call: async ({ client }) => void (await client.getActivePolicies({})) },
  { operation: 'get_ip_allowlist', call: async ({ client }) => void (await client.getIpAllowlist({})) },
  { operation: 'list_webhook_endpoints', call: async ({ client }) => void (await client.listWebhookEndpoints({})) },
  { operation: 'list_fiat_on_ramp_credentials', call: async ({ client }) => void (await client.listFiatOnRampCredentials({})) },
  { operation: 'list_private_key_tags', call: async ({ client }) => void (await client.listPrivateKeyTags({})) },
  { operation: 'list_private_keys', call: async ({ client }) => void (await client.listPrivateKeys({})) },
  { operation: 'get_session_profiles', call: async ({ client }) => void (await client.getSessionProfiles({})) },
  {
    operation: 'get_session_profile',
    call: async ({ client, ids }) => {
      const id = ids['session-profile-adopted'];
      if (id === undefined) return { skip: "needs the run's own session profile (the SessionProfile scenario is left out)" };
      await client.getSessionProfile({ sessionProfileId: id });
    },
  },
  { operation: 'list_wallets', call: async ({ client }) => void (await client.listWallets({})) },
  {
    operation: 'list_wallet_accounts',
    call: async ({ client, facts }) => {
      if (facts.walletId === undefined) return { skip: 'the organization has no wallet (the run creates none: the sdk cannot delete one)' };
      await client.listWalletAccounts({ walletId: facts.walletId, paginationOptions: { limit: '10' } });
    },
  },
  {
    operation: 'list_sol_transaction_history',
    call: async ({ client, facts }) => {
      if (facts.solanaAddress === undefined) return { skip: 'the organization has no Solana wallet account' };
      await client.listSolTransactionHistory({ address: facts.solanaAddress, caip2: 'solana:mainnet', paginationOptions: { limit: '5' } });
    },
  },
  { operation: 'list_suborgs', call: async ({ client }) => void (await client.listSuborgs({ paginationOptions: { limit: '10' } })) },
  {
    operation: 'list_verified_suborgs',
    call: async ({ client }) => void (await client.listVerifiedSuborgs({ paginationOptions: { limit: '10' } })),
  },
  {
    operation: 'list_activities',
    call: async ({ client }, state) => {
      const { activities } = await client.listActivities({ paginationOptions: { limit: '5' } });
      if (activities[0] !== undefined) state.activityId = activities[0].id;
    },
  },
  {
    operation: 'get_activity',
    call: async ({ client }, state) =>
      void (await client.getActivity({ activityId: need(state.activityId, 'an activity id from list_activities') })),
  },
  {
    operation: 'get_policy_evaluations',
    call: async ({ client }, state) =>
      void (await client.getPolicyEvaluations({ activityId: need(state.activityId, 'an activity id from list_activities') })),
  },
  { operation: 'get_webhook_jwks', call: async ({ client }) => void (await client.getWebhookJwks()) },
  {
    operation: 'get_wallet_kit_config',
    call: async ({ client, facts }) => {
      if (facts.authProxyConfigId === undefined) return { skip: 'needs an auth-proxy configuration id (WALLETINFRA_AUTH_PROXY_CONFIG_ID)' };
      await client.getWalletKitConfig();
    },
  },
  // A user named with the run prefix, with an email address and a phone number (example.com and a fictional
  // number, which no recording may show), through its lifecycle; it has no credentials, so it cannot act.
  {
    operation: 'create_users',
    call: async (ctx, state) => {
      const userName = ctx.facts.sample.name('user');
      ctx.guard('user', userName);
      const { result } = await ctx.client.createUsers({
        users: [
          {
            userName,
            userEmail: `${userName}@example.com`,
            userPhoneNumber: '+447700900123',
            apiKeys: [],
            authenticators: [],
            oauthProviders: [],
            userTags: [],
          },
        ],
      });
      state.userId = need(result.userIds[0], 'the created user id');
      ctx.made({ what: 'user', id: state.userId, name: userName });
    },
  },
  {
    operation: 'update_user',
    call: async (ctx, state) => {
      const userName = ctx.facts.sample.name('user-renamed');
      ctx.guard('user', userName);
      await ctx.client.updateUser({ userId: need(state.userId, 'the user'), userName, userEmail: `${userName}@example.com` });
    },
  },
  {
    operation: 'update_user_name',
    call: async (ctx, state) => {
      const userName = ctx.facts.sample.name('user-named');
      ctx.guard('user', userName);
      await ctx.client.updateUserName({ userId: need(state.userId, 'the user'), userName });
    },
  },
  {
    operation: 'update_user_email',
    call: async (ctx, state) =>
      void (await ctx.client.updateUserEmail({
        userId: need(state.userId, 'the user'),
        userEmail: `${ctx.facts.sample.name('user-mail')}@example.com`,
      })),
  },
  {
    operation: 'update_user_phone_number',
    call: async (ctx, state) =>
      void (await ctx.client.updateUserPhoneNumber({ userId: need(state.userId, 'the user'), userPhoneNumber: '+447700900456' })),
  },
  {
    operation: 'create_api_keys',
    call: async (ctx, state) => {
      const apiKeyName = ctx.facts.sample.name('user-key');
      ctx.guard('API key', apiKeyName);
      const { result } = await ctx.client.createApiKeys({
        userId: need(state.userId, 'the user'),
        apiKeys: [{ apiKeyName, publicKey: generateApiKeyPair().publicKey, curveType: 'API_KEY_CURVE_P256' }],
      });
      state.apiKeyId = need(result.apiKeyIds[0], 'the created API key id');
    },
  },
  {
    operation: 'delete_api_keys',
    call: async (ctx, state) =>
      void (await ctx.client.deleteApiKeys({ userId: need(state.userId, 'the user'), apiKeyIds: [need(state.apiKeyId, 'the API key')] })),
  },
  {
    operation: 'create_user_tag',
    call: async (ctx, state) => {
      const userTagName = ctx.facts.sample.name('user-tag');
      ctx.guard('user tag', userTagName);
      const { result } = await ctx.client.createUserTag({ userTagName, userIds: [need(state.userId, 'the user')] });
      state.userTagId = result.userTagId;
      ctx.made({ what: 'user tag', id: result.userTagId, name: userTagName });
    },
  },
  {
    operation: 'update_user_tag',
    call: async (ctx, state) => {
      const newUserTagName = ctx.facts.sample.name('user-tag-renamed');
      ctx.guard('user tag', newUserTagName);
      await ctx.client.updateUserTag({
        userTagId: need(state.userTagId, 'the user tag'),
        newUserTagName,
        addUserIds: [],
        removeUserIds: [need(state.userId, 'the user')],
      });
    },
  },
  {
    operation: 'delete_user_tags',
    call: async (ctx, state) => {
      const id = need(state.userTagId, 'the user tag');
      await ctx.client.deleteUserTags({ userTagIds: [id] });
      ctx.gone(id);
    },
  },
  {
    operation: 'delete_users',
    call: async (ctx, state) => {
      const id = need(state.userId, 'the user');
      await ctx.client.deleteUsers({ userIds: [id] });
      ctx.gone(id);
    },
  },
  // A smart-contract interface and a velocity control named with the run prefix: a policy could decode calls
  // with the one and read the other as `controls.<identifier>`, but no policy names them, so they change nothing.
  { operation: 'list_smart_contract_interfaces', call: async ({ client }) => void (await client.listSmartContractInterfaces({})) },
  {
    operation: 'create_smart_contract_interface',
    call: async (ctx, state) => {
      const label = ctx.facts.sample.name('contract');
      ctx.guard('smart-contract interface', label);
      const { result } = await ctx.client.createSmartContractInterface({
        smartContractAddress: '0x000000000000000000000000000000000000dead',
        smartContractInterface: JSON.stringify(TRANSFER_ABI),
        type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
        label,
        notes: 'walletinfra acceptance run',
      });
      state.smartContractInterfaceId = result.smartContractInterfaceId;
      ctx.made({ what: 'smart-contract interface', id: result.smartContractInterfaceId, name: label });
    },
  },
  {
    operation: 'get_smart_contract_interface',
    call: async ({ client }, state) =>
      void (await client.getSmartContractInterface({ smartContractInterfaceId: need(state.smartContractInterfaceId, 'the interface') })),
  },
  {
    operation: 'delete_smart_contract_interface',
    call: async (ctx, state) => {
      const id = need(state.smartContractInterfaceId, 'the interface');
      await ctx.client.deleteSmartContractInterface({ smartContractInterfaceId: id });
      ctx.gone(id);
    },
  },
  {
    operation: 'list_velocity_controls',
    call: async ({ client }) => void (await client.listVelocityControls({ paginationOptions: { limit: '10' } })),
  },
  {
    operation: 'create_velocity_control',
    call: async (ctx, state) => {
      const name = ctx.facts.sample.name('velocity-control');
      ctx.guard('velocity control', name);
      const { result } = await ctx.client.createVelocityControl({
        name,
        // What policies would write after `controls.`: the run prefix in the language's own form.
        identifier: ctx.facts.sample.prefix.replace(/-/g, '_').replace(/_$/, ''),
        dataSource: { activityExecution: { filter: { activity: [{ activityType: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' }] } } },
        aggregation: {
          method: 'VELOCITY_CONTROL_AGGREGATION_METHOD_COUNT',
          operator: 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL',
          threshold: '1000',
          window: { rolling: { duration: '3600' } },
          groupBy: { user: {} },
        },
      });
      state.velocityControlId = result.velocityControlId;
      ctx.made({ what: 'velocity control', id: result.velocityControlId, name });
    },
  },
  {
    operation: 'get_velocity_control',
    call: async ({ client }, state) =>
      void (await client.getVelocityControl({ velocityControlId: need(state.velocityControlId, 'the control') })),
  },
  {
    operation: 'delete_velocity_control',
    call: async (ctx, state) => {
      const id = need(state.velocityControlId, 'the control');
      await ctx.client.deleteVelocityControl({ velocityControlId: id });
      ctx.gone(id);
    },
  },
  // Probes of the service's errors: what a missing object and an invalid condition answer.
  {
    operation: 'get_policy',
    expectError: '4xx',
    call: async ({ client }) => void (await client.getPolicy({ policyId: NO_SUCH_ID })),
  },
  {
    operation: 'create_policy',
    expectError: '4xx',
    call: async (ctx) => {
      const policyName = ctx.facts.sample.name('probe-invalid-condition');
      ctx.guard('policy', policyName);
      const { result } = await ctx.client.createPolicy({
        policyName,
        effect: 'EFFECT_ALLOW',
        condition: 'activity.resource ==',
        notes: 'probe',
      });
      // Accepted after all: remove it again (the probe then fails: an error was expected).
      await ctx.client.deletePolicy({ policyId: result.policyId });
    },
  },
];
