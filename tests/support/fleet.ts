// A fleet in an emulator, made through the service's own API as the delegated-access guide sets one up
// (https://docs.turnkey.com/concepts/policies/delegated-access-backend): the parent creates each sub-organization
// with two root users, the end user and the delegated account (holding the fleet's delegated key); the end user
// then creates the policy that limits the delegated account, a tag for it, and makes the root quorum the end user
// alone. The end user's own API key stands for its passkey (the emulator takes no passkey attestation), so it acts
// in its sub-organization here. Drift is planted the way a person would make it, through the API.
import { generateApiKeyPair, type WalletInfraClient } from '@walletinfra/sdk';
import type { RunningEmulator } from '@walletinfra/emulator';
import { clientFor, type ApiKey } from './emulator';

/** The template's config in examples/fleet (fleet.yaml): what every sub-organization carries. */
export const RECIPIENT = '0x000000000000000000000000000000000000dead';
export const DELEGATED_USER = 'Delegated Account';
/** The end user's name in a sub-organization: the application names it after the sub-organization. */
export const endUserName = (subOrganizationName: string): string => `${subOrganizationName} owner`;
export const POLICY_NAME = 'Delegated account signs to the allowed recipient';
export const TAG_NAME = 'backend';
/** The policy that lets the delegated user write what the template declares (`walletinfra-fleet up`). */
export const MANAGEMENT_POLICY_NAME = 'Delegated account applies the fleet template';
export const MANAGEMENT_CONDITION = "activity.kind in ['CREATE_POLICY', 'UPDATE_POLICY', 'CREATE_USER_TAG', 'UPDATE_USER_TAG']";

export interface SubOrganization {
  id: string;
  name: string;
  endUserId: string;
  delegatedUserId: string;
  /** A client acting as the end user (a root user) in the sub-organization. */
  endUser: WalletInfraClient;
}

export interface TestFleet {
  /** The delegated key every sub-organization's delegated user holds. */
  delegatedKey: ApiKey;
  subOrganizations: SubOrganization[];
  close(): Promise<void>;
}

/** What the template wants in a sub-organization, as the end user makes it. */
async function configure(sub: Omit<SubOrganization, 'endUser'>, endUser: WalletInfraClient): Promise<void> {
  await endUser.createPolicy({
    policyName: POLICY_NAME,
    effect: 'EFFECT_ALLOW',
    consensus: `approvers.any(user, user.id == '${sub.delegatedUserId}')`,
    condition: `activity.action == 'SIGN' && eth.tx.to == '${RECIPIENT}'`,
    notes: `Managed by walletinfra-fleet for ${sub.name}`,
  });
  await endUser.createPolicy({
    policyName: MANAGEMENT_POLICY_NAME,
    effect: 'EFFECT_ALLOW',
    consensus: `approvers.any(user, user.id == '${sub.delegatedUserId}')`,
    condition: MANAGEMENT_CONDITION,
    notes: 'walletinfra-fleet up writes the template with the delegated key',
  });
  await endUser.createUserTag({ userTagName: TAG_NAME, userIds: [sub.delegatedUserId] });
  await endUser.updateRootQuorum({ threshold: 1, userIds: [sub.endUserId] });
}

/** `count` conformant sub-organizations named `<prefix>-<n>`, made through the parent (the emulator's root key). */
export async function createFleet(emu: RunningEmulator, count: number, prefix = 'customer'): Promise<TestFleet> {
  const parent = clientFor(emu);
  const delegatedKey = generateApiKeyPair();
  const subOrganizations: SubOrganization[] = [];
  const clients: WalletInfraClient[] = [parent];
  for (let n = 1; n <= count; n += 1) {
    const endKey = generateApiKeyPair();
    const name = `${prefix}-${String(n).padStart(3, '0')}`;
    const { result } = await parent.createSubOrganization({
      subOrganizationName: name,
      rootUsers: [
        {
          userName: endUserName(name),
          apiKeys: [{ apiKeyName: 'end-user', publicKey: endKey.publicKey, curveType: 'API_KEY_CURVE_P256' }],
          authenticators: [],
          oauthProviders: [],
        },
        {
          userName: DELEGATED_USER,
          apiKeys: [{ apiKeyName: 'backend', publicKey: delegatedKey.publicKey, curveType: 'API_KEY_CURVE_P256' }],
          authenticators: [],
          oauthProviders: [],
        },
      ],
      rootQuorumThreshold: 1,
    });
    const [endUserId, delegatedUserId] = result.rootUserIds as [string, string];
    const endUser = clientFor(emu, endKey, result.subOrganizationId);
    clients.push(endUser);
    const sub = { id: result.subOrganizationId, name, endUserId, delegatedUserId };
    await configure(sub, endUser);
    subOrganizations.push({ ...sub, endUser });
  }
  return { delegatedKey, subOrganizations, close: async () => void (await Promise.all(clients.map((c) => c.close()))) };
}

/** The options file of a test fleet (examples/fleet's template) whose delegated key is `delegatedPublicKey`, as YAML text. */
export function fleetOptions(delegatedPublicKey: string, template: string, extra = ''): string {
  return [
    'name: customer-wallets',
    `template: ${template}`,
    'delegated:',
    `  apiPublicKey: "${delegatedPublicKey}"`,
    // up reads the private half from WALLETINFRA_PROFILE_DELEGATED_API_PRIVATE_KEY (delegatedEnv)
    '  profile: delegated',
    'config:',
    `  allowedRecipient: "${RECIPIENT}"`,
    `  delegatedApiPublicKey: "${delegatedPublicKey}"`,
    'unmanaged:',
    '  ignore:',
    '    - { kind: ApiKey, name: end-user, reason: "the end user\'s own credential (a passkey in production)" }',
    extra,
  ].join('\n');
}

/** The parent's credentials and the emulator's address, as walletinfra-fleet reads them from the environment. */
export function parentEnv(emu: RunningEmulator): Record<string, string> {
  return {
    WALLETINFRA_ORGANIZATION_ID: emu.credentials.organizationId,
    WALLETINFRA_API_PUBLIC_KEY: emu.credentials.apiPublicKey,
    WALLETINFRA_API_PRIVATE_KEY: emu.credentials.apiPrivateKey,
    WALLETINFRA_BASE_URL: emu.baseUrl,
  };
}

/** The environment `walletinfra-fleet up` reads the delegated key's private half from (the options' delegated.profile). */
export function delegatedEnv(fleet: TestFleet): Record<string, string> {
  return { WALLETINFRA_PROFILE_DELEGATED_API_PRIVATE_KEY: fleet.delegatedKey.privateKey };
}

// ---- drift, planted as a person would ----

/** A new root user (with a key), added to the root quorum: unmanaged, and the quorum drifts. */
export async function addRootUser(sub: SubOrganization, userName = 'intruder'): Promise<string> {
  const key = generateApiKeyPair();
  const { result } = await sub.endUser.createUsers({
    users: [
      {
        userName,
        apiKeys: [{ apiKeyName: userName, publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256' }],
        authenticators: [],
        oauthProviders: [],
        userTags: [],
      },
    ],
  });
  const userId = result.userIds[0] as string;
  await sub.endUser.updateRootQuorum({ threshold: 1, userIds: [sub.endUserId, userId] });
  return userId;
}

/** The delegated account's policy, loosened: any transaction. */
export async function loosenPolicy(sub: SubOrganization): Promise<string> {
  const { policies } = await sub.endUser.listPolicies({});
  const policy = policies.find((p) => p.policyName === POLICY_NAME);
  if (policy === undefined) throw new Error(`no policy ${POLICY_NAME} in ${sub.name}`);
  await sub.endUser.updatePolicy({ policyId: policy.policyId, policyCondition: "activity.action == 'SIGN'" });
  return policy.policyId;
}

/** The backend tag, deleted. */
export async function deleteTag(sub: SubOrganization): Promise<void> {
  const { userTags } = await sub.endUser.listUserTags({});
  const tag = userTags.find((t) => t.tagName === TAG_NAME);
  if (tag === undefined) throw new Error(`no tag ${TAG_NAME} in ${sub.name}`);
  await sub.endUser.deleteUserTags({ userTagIds: [tag.tagId] });
}

/** A policy made by hand. */
export async function addPolicy(sub: SubOrganization, policyName = 'Made by hand'): Promise<string> {
  const { result } = await sub.endUser.createPolicy({ policyName, effect: 'EFFECT_ALLOW', condition: 'true', notes: '' });
  return result.policyId;
}

/** The delegated user, deleted with its key. */
export async function deleteDelegatedUser(sub: SubOrganization): Promise<void> {
  await sub.endUser.deleteUsers({ userIds: [sub.delegatedUserId] });
}

/** A second API key for the delegated user: an unmanaged key. */
export async function addDelegatedKey(sub: SubOrganization, apiKeyName = 'spare'): Promise<string> {
  const { result } = await sub.endUser.createApiKeys({
    userId: sub.delegatedUserId,
    apiKeys: [{ apiKeyName, publicKey: generateApiKeyPair().publicKey, curveType: 'API_KEY_CURVE_P256' }],
  });
  return result.apiKeyIds[0] as string;
}

/** The delegated user taken out of the backend tag: the tag's members drift. */
export async function removeTagMember(sub: SubOrganization): Promise<string> {
  const { userTags } = await sub.endUser.listUserTags({});
  const tag = userTags.find((t) => t.tagName === TAG_NAME);
  if (tag === undefined) throw new Error(`no tag ${TAG_NAME} in ${sub.name}`);
  await sub.endUser.updateUserTag({ userTagId: tag.tagId, addUserIds: [], removeUserIds: [sub.delegatedUserId] });
  return tag.tagId;
}

/** What {@link plantDrift} made. */
export interface PlantedDrift {
  /** The root user added in the first. */
  rootUser: string;
  /** The policy loosened in the second. */
  policy: string;
  /** The policy made by hand in the fourth. */
  handMade: string;
}

/**
 * The fleet tests' drift, one kind in each of five sub-organizations, in order: an extra root user (the quorum
 * drifts), a loosened policy, the backend tag deleted, a policy made by hand (unmanaged only), the delegated user
 * deleted.
 */
export async function plantDrift(subs: readonly SubOrganization[]): Promise<PlantedDrift> {
  const [first, second, third, fourth, fifth] = subs;
  if (fifth === undefined || first === undefined || second === undefined || third === undefined || fourth === undefined) {
    throw new Error(`plantDrift needs five sub-organizations, got ${subs.length}`);
  }
  const rootUser = await addRootUser(first);
  const policy = await loosenPolicy(second);
  await deleteTag(third);
  const handMade = await addPolicy(fourth);
  await deleteDelegatedUser(fifth);
  return { rootUser, policy, handMade };
}
