// Every list the provider reads from the service, each read through the session's coalesced lists
// (./object-lists.ts: one `list_*` per organization answers every reader in flight). A kind names the list its
// objects are in (../resources/kind.ts `listing`); the lock-out rules, a policy's checks, the write pipeline's
// approvers hint and the data sources read the same ones.
import type {
  FiatOnRampCredential,
  Policy,
  PrivateKey,
  PrivateKeyTag,
  RootQuorum,
  SessionProfile,
  SmartContractInterface,
  User,
  UserTag,
  VelocityControl,
  WebhookEndpoint,
} from '@walletinfra/sdk/schemas';
import type { WalletInfraClient } from '@walletinfra/sdk';
import { collectAll } from '@walletinfra/sdk/pagination';
import { serviceList, type ServiceList } from './object-lists';

/** A list the service answers in one response, under the field that names it (`list_policies` -> `policies`). */
function listOf<T, const N extends string>(field: N, read: (client: WalletInfraClient) => Promise<Record<N, T[]>>): ServiceList<T> {
  return serviceList<T>(field, async (c) => (await read(c))[field]);
}

/** Every policy of the organization (list_policies). */
export const POLICIES: ServiceList<Policy> = listOf('policies', (c) => c.listPolicies({}));

/** Every user of the organization, each with its API keys, passkeys and tag ids (list_users, not paginated). */
export const USERS: ServiceList<User> = listOf('users', (c) => c.listUsers({}));

/** Every user tag, without members (list_user_tags): membership shows on the users. */
export const USER_TAGS: ServiceList<UserTag> = listOf('userTags', (c) => c.listUserTags({}));

/** The organization's root quorum, as a list of one (get_organization_configs; no quorum reads as none). */
export const ROOT_QUORUM = serviceList<RootQuorum>('rootQuorum', async (c) => {
  const { quorum } = (await c.getOrganizationConfigs({})).configs;
  return [quorum ?? { threshold: 0, userIds: [] }];
});

/** Every tag of the organization, private-key tags and user tags alike (list_private_key_tags). */
export const PRIVATE_KEY_TAGS: ServiceList<PrivateKeyTag> = listOf('privateKeyTags', (c) => c.listPrivateKeyTags({}));

/** Every private key: each carries the ids of its tags, the only place tag membership shows. */
export const PRIVATE_KEYS: ServiceList<PrivateKey> = listOf('privateKeys', (c) => c.listPrivateKeys({}));

/** Every webhook endpoint of the organization (list_webhook_endpoints). */
export const WEBHOOK_ENDPOINTS: ServiceList<WebhookEndpoint> = listOf('webhookEndpoints', (c) => c.listWebhookEndpoints({}));

/** Every fiat on-ramp credential of the organization (list_fiat_on_ramp_credentials). */
export const FIAT_ON_RAMP_CREDENTIALS: ServiceList<FiatOnRampCredential> = listOf('fiatOnRampCredentials', (c) =>
  c.listFiatOnRampCredentials({}),
);

/** Every session profile the organization can use, its parent's included (get_session_profiles). */
export const SESSION_PROFILES: ServiceList<SessionProfile> = listOf('sessionProfiles', (c) => c.getSessionProfiles({}));

/** Every smart-contract interface of the organization (list_smart_contract_interfaces; not paginated). */
export const SMART_CONTRACT_INTERFACES: ServiceList<SmartContractInterface> = listOf('smartContractInterfaces', (c) =>
  c.listSmartContractInterfaces({}),
);

/** More than any organization holds; the list is read to the end in pages. */
const MAX_VELOCITY_CONTROLS = 10_000;

/** The largest page the service serves (docs/service-behaviour.md#limits-and-pagination; 10 when not asked). */
const PAGE_LIMIT = '100';

/** Every velocity control of the organization, in pages of the largest size (list_velocity_controls). */
export const VELOCITY_CONTROLS = serviceList<VelocityControl>('velocityControls', (c) =>
  collectAll(c.iterateVelocityControls({ paginationOptions: { limit: PAGE_LIMIT } }), { max: MAX_VELOCITY_CONTROLS }),
);
