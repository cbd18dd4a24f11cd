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
import { collectAll } from '@walletinfra/sdk/pagination';
import { serviceList } from './object-lists';

/** Every policy of the organization (list_policies). */
export const POLICIES = serviceList<Policy>('policies', async (c) => (await c.listPolicies({})).policies);

/** Every user of the organization, each with its API keys, passkeys and tag ids (list_users, not paginated). */
export const USERS = serviceList<User>('users', async (c) => (await c.listUsers({})).users);

/** Every user tag, without members (list_user_tags): membership shows on the users. */
export const USER_TAGS = serviceList<UserTag>('userTags', async (c) => (await c.listUserTags({})).userTags);

/** The organization's root quorum, as a list of one (get_organization_configs; no quorum reads as none). */
export const ROOT_QUORUM = serviceList<RootQuorum>('rootQuorum', async (c) => {
  const { quorum } = (await c.getOrganizationConfigs({})).configs;
  return [quorum ?? { threshold: 0, userIds: [] }];
});

/** Every tag of the organization, private-key tags and user tags alike (list_private_key_tags). */
export const PRIVATE_KEY_TAGS = serviceList<PrivateKeyTag>('privateKeyTags', async (c) => (await c.listPrivateKeyTags({})).privateKeyTags);

/** Every private key: each carries the ids of its tags, the only place tag membership shows. */
export const PRIVATE_KEYS = serviceList<PrivateKey>('privateKeys', async (c) => (await c.listPrivateKeys({})).privateKeys);

/** Every webhook endpoint of the organization (list_webhook_endpoints). */
export const WEBHOOK_ENDPOINTS = serviceList<WebhookEndpoint>(
  'webhookEndpoints',
  async (c) => (await c.listWebhookEndpoints({})).webhookEndpoints,
);

/** Every fiat on-ramp credential of the organization (list_fiat_on_ramp_credentials). */
export const FIAT_ON_RAMP_CREDENTIALS = serviceList<FiatOnRampCredential>(
  'fiatOnRampCredentials',
  async (c) => (await c.listFiatOnRampCredentials({})).fiatOnRampCredentials,
);

/** Every session profile the organization can use, its parent's included (get_session_profiles). */
export const SESSION_PROFILES = serviceList<SessionProfile>(
  'sessionProfiles',
  async (c) => (await c.getSessionProfiles({})).sessionProfiles,
);

/** Every smart-contract interface of the organization (list_smart_contract_interfaces; not paginated). */
export const SMART_CONTRACT_INTERFACES = serviceList<SmartContractInterface>(
  'smartContractInterfaces',
  async (c) => (await c.listSmartContractInterfaces({})).smartContractInterfaces,
);

/** More than any organization holds; the list is read to the end in pages. */
const MAX_VELOCITY_CONTROLS = 10_000;

/** Every velocity control of the organization, across pages (list_velocity_controls). */
export const VELOCITY_CONTROLS = serviceList<VelocityControl>('velocityControls', (c) =>
  collectAll(c.iterateVelocityControls({}), { max: MAX_VELOCITY_CONTROLS }),
);
