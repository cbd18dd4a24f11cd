// Applies a validated seed to an organization, in one transaction: a seed that fails half way leaves nothing.
// One function per collection of the seed, called in the order `apply` lists: tags before the users and keys that
// carry them, root users before the quorum's threshold, wallets before the Solana history that names their
// accounts, what policies depend on before the policies.
import { SolTransaction, toValidationIssues } from '@walletinfra/sdk/schemas';
import type { Core } from '../context';
import { addApiKey, addAuthenticator, createOrganization, createUser } from '../handlers/accounts';
import { earnWrapperId } from '../handlers/earn';
import { normalizeRules } from '../handlers/ip-allowlist';
import { solHistoryId } from '../handlers/sol-history';
import { insertWallet, validateAccounts } from '../handlers/wallets';
import type { OrganizationRecord, TagRecord } from '../store/records';
import { applyPolicyDependencies } from './apply-policy-dependencies';
import { at } from './refusal';
import { parseSeed, SeedError, type Seed } from './schema';

export interface SeedSummary {
  users: number;
  wallets: number;
  policies: number;
  subOrganizations: number;
  solanaTransactions: number;
}

/** What every collection's step needs: the emulator, the organization seeded, and one time for every record written. */
interface Target {
  core: Core;
  organizationId: string;
  now: number;
}

export function applySeed(core: Core, organizationId: string, input: unknown): SeedSummary {
  const seed = parseSeed(input);
  return core.store.transaction(() => apply({ core, organizationId, now: core.env.now() }, seed));
}

function apply(target: Target, seed: Seed): SeedSummary {
  applyOrganization(target, seed.organization);
  applyAuthProxy(target, seed.authProxy);
  const userTagIds = applyUserTags(target, seed.userTags);
  applyPrivateKeys(target, seed.privateKeyTags, seed.privateKeys);
  applyUsers(target, seed.users, userTagIds);
  applyRequiredApprovals(target, seed.organization?.requiredApprovals);
  applyWallets(target.core, target.organizationId, seed.wallets, 'seed.wallets');
  applySessionProfiles(target, seed.sessionProfiles);
  applyPolicyDependencies(target.core, target.organizationId, seed);
  applyPolicies(target, seed.policies);
  applyIpAllowlist(target, seed.ipAllowlist);
  applySubOrganizations(target, seed.subOrganizations);
  const solanaTransactions = applySolanaTransactions(target, seed.solanaTransactions);
  applyEarnWrappers(target, seed.earnWrappers);
  return {
    users: seed.users?.length ?? 0,
    wallets: seed.wallets?.length ?? 0,
    policies: seed.policies?.length ?? 0,
    subOrganizations: seed.subOrganizations?.length ?? 0,
    solanaTransactions,
  };
}

function organizationOf({ core, organizationId }: Target): OrganizationRecord {
  // the organization seeded exists: the emulator created it before seeding
  return core.store.organizations.get(organizationId) as OrganizationRecord;
}

/** The organization's name and time policies; its quorum's threshold waits for the root users (applyRequiredApprovals). */
function applyOrganization(target: Target, organization: Seed['organization']): void {
  const org = organizationOf(target);
  if (organization?.name !== undefined) org.name = organization.name;
  if (organization?.timePoliciesEnabled !== undefined) org.timePoliciesEnabled = organization.timePoliciesEnabled;
  target.core.store.organizations.update(org);
}

/** The Auth Proxy's settings, over the configuration the organization was created with. */
function applyAuthProxy({ core, organizationId }: Target, authProxy: Seed['authProxy']): void {
  if (authProxy === undefined) return;
  const config = core.store.authProxyConfigs.listByOrg(organizationId)[0];
  if (config !== undefined) core.store.authProxyConfigs.update({ ...config, ...authProxy });
}

function insertTag({ core, organizationId, now }: Target, tagName: string, tagType: TagRecord['tagType']): TagRecord {
  return core.store.tags.insert({
    tagId: core.env.uuid(),
    organizationId,
    tagName,
    tagType,
    privateKeyIds: [],
    createdAt: now,
    updatedAt: now,
  });
}

/** The user tags, as their ids by name (users carry the ids). */
function applyUserTags(target: Target, userTags: Seed['userTags']): Map<string, string> {
  return new Map((userTags ?? []).map((t) => [t, insertTag(target, t, 'TAG_TYPE_USER').tagId]));
}

/** The private-key tags, then the private keys (random public keys), each added to its tags. */
function applyPrivateKeys(target: Target, privateKeyTags: Seed['privateKeyTags'], privateKeys: Seed['privateKeys']): void {
  const { core, organizationId, now } = target;
  const { store, env } = core;
  const keyTags = new Map((privateKeyTags ?? []).map((t) => [t, insertTag(target, t, 'TAG_TYPE_PRIVATE_KEY')]));
  (privateKeys ?? []).forEach((k) => {
    const privateKeyId = env.uuid();
    const publicKey = Buffer.from(env.randomBytes(33)).toString('hex');
    store.privateKeys.insert({
      privateKeyId,
      organizationId,
      privateKeyName: k.privateKeyName,
      curve: k.curve ?? 'CURVE_SECP256K1',
      publicKey,
      createdAt: now,
      updatedAt: now,
    });
    // SeedSchema checked that every tag is declared
    (k.tags ?? []).forEach((t) => {
      const record = keyTags.get(t) as TagRecord;
      record.privateKeyIds.push(privateKeyId);
      store.tags.update(record);
    });
  });
}

/** The users with their API keys, passkeys and MFA policies; a root user joins the root quorum. */
function applyUsers(target: Target, users: Seed['users'], userTagIds: ReadonlyMap<string, string>): void {
  const { core, organizationId, now } = target;
  const org = organizationOf(target);
  (users ?? []).forEach((u, i) => {
    const path = `seed.users[${i}]`;
    // SeedSchema checked that every tag is declared
    const tags = (u.tags ?? []).map((t) => userTagIds.get(t) as string);
    const user = createUser(core, org, { ...u, userTags: tags, isRoot: u.root === true });
    (u.apiKeys ?? []).forEach((k, j) => at(`${path}.apiKeys[${j}]`, () => addApiKey(core, user, k, `${path}.apiKeys[${j}]`)));
    (u.authenticators ?? []).forEach((a, j) =>
      at(`${path}.authenticators[${j}]`, () => addAuthenticator(core, user, a, `${path}.authenticators[${j}]`)),
    );
    (u.mfaPolicies ?? []).forEach((m) => {
      core.store.mfaPolicies.insert({
        mfaPolicyId: core.env.uuid(),
        organizationId,
        userId: user.userId,
        ...m,
        createdAt: now,
        updatedAt: now,
      });
    });
  });
}

/** The root quorum's threshold, at most the number of root users (the bootstrap user and the seed's root users). */
function applyRequiredApprovals(target: Target, requiredApprovals: number | undefined): void {
  if (requiredApprovals === undefined) return;
  const rootCount = target.core.store.organizations.get(target.organizationId)?.rootQuorum.userIds.length ?? 1;
  if (requiredApprovals > rootCount) {
    throw new SeedError(
      `seed.organization.requiredApprovals must be at most the number of root users (${rootCount}, the bootstrap user and seed.users with root: true), got ${requiredApprovals}`,
    );
  }
  const org = organizationOf(target);
  org.rootQuorum.threshold = requiredApprovals;
  target.core.store.organizations.update(org);
}

/** Wallets of the organization `organizationId` (the seeded one or a sub-organization), their accounts checked as create_wallet checks them. */
function applyWallets(core: Core, organizationId: string, wallets: Seed['wallets'], path: string): void {
  (wallets ?? []).forEach((w, i) => {
    at(`${path}[${i}]`, () => validateAccounts(w.accounts, `${path}[${i}].accounts`));
    at(`${path}[${i}]`, () => insertWallet(core, organizationId, w.walletName, w.accounts));
  });
}

/** Session profiles, each scope checked by the policy engine. */
function applySessionProfiles({ core, organizationId, now }: Target, sessionProfiles: Seed['sessionProfiles']): void {
  (sessionProfiles ?? []).forEach((s, i) => {
    const d = core.policy.check({ scope: s.scope })[0];
    if (d !== undefined) throw new SeedError(`seed.sessionProfiles[${i}].scope: ${d.message}`);
    core.store.sessionProfiles.insert({ sessionProfileId: core.env.uuid(), organizationId, ...s, createdAt: now, updatedAt: now });
  });
}

/** Policies, checked by the policy engine against the velocity controls already seeded; names unique in the organization. */
function applyPolicies({ core, organizationId, now }: Target, policies: Seed['policies']): void {
  const { store } = core;
  const controls = store.velocityControls.listByOrg(organizationId).map((c) => c.identifier);
  (policies ?? []).forEach((p, i) => {
    const d = core.policy.check({ condition: p.condition, consensus: p.consensus, time: p.time }, controls)[0];
    if (d !== undefined) throw new SeedError(`seed.policies[${i}].${d.field}: ${d.message}`);
    if (store.policies.findUnique(organizationId, p.policyName) !== undefined) {
      throw new SeedError(
        `seed.policies[${i}].policyName: ${JSON.stringify(p.policyName)} is already taken; policy names are unique in an organization`,
      );
    }
    store.policies.insert({
      policyId: core.env.uuid(),
      organizationId,
      condition: '',
      consensus: '',
      ...p,
      createdAt: now,
      updatedAt: now,
    });
  });
}

/** The IP allowlist, its rules checked as set_ip_allowlist checks them; disabled and denying on error unless said. */
function applyIpAllowlist({ core, organizationId, now }: Target, ipAllowlist: Seed['ipAllowlist']): void {
  if (ipAllowlist === undefined) return;
  const rules = at('seed.ipAllowlist', () => normalizeRules(ipAllowlist.rules));
  core.store.ipAllowlists.put({
    id: `${organizationId}|`,
    organizationId,
    enabled: ipAllowlist.enabled ?? false,
    onEvaluationError: ipAllowlist.onEvaluationError ?? 'DENY',
    rules: rules.map((r) => ({ ...r, createdAt: now })),
  });
}

/** Sub-organizations: their root users with API keys, their root quorum's threshold (1 unless said) and their wallets. */
function applySubOrganizations({ core, organizationId }: Target, subOrganizations: Seed['subOrganizations']): void {
  (subOrganizations ?? []).forEach((s, i) => {
    const path = `seed.subOrganizations[${i}]`;
    const sub = createOrganization(core, s.name, organizationId);
    s.rootUsers.forEach((u, j) => {
      const user = createUser(core, sub, { ...u, isRoot: true });
      (u.apiKeys ?? []).forEach((k, n) => {
        const key = `${path}.rootUsers[${j}].apiKeys[${n}]`;
        at(key, () => addApiKey(core, user, k, key));
      });
    });
    // SeedSchema checked that the threshold is at most the number of root users
    const stored = core.store.organizations.get(sub.organizationId) as OrganizationRecord;
    stored.rootQuorum.threshold = s.rootQuorumThreshold ?? 1;
    core.store.organizations.update(stored);
    applyWallets(core, sub.organizationId, s.wallets, `${path}.wallets`);
  });
}

/** Solana transaction history of the seeded Solana accounts, each transaction as the sdk's schema reads it; returns how many. */
function applySolanaTransactions({ core, organizationId }: Target, histories: Seed['solanaTransactions']): number {
  let count = 0;
  (histories ?? []).forEach((h, i) => {
    const path = `seed.solanaTransactions[${i}]`;
    const account = core.store.walletAccounts
      .findByKey(h.address.toLowerCase())
      .find((a) => a.organizationId === organizationId && a.address === h.address);
    if (account?.addressFormat !== 'ADDRESS_FORMAT_SOLANA') {
      throw new SeedError(`${path}.address must be the address of a Solana account in seed.wallets, got ${JSON.stringify(h.address)}`);
    }
    h.transactions.forEach((t, j) => {
      const parsed = SolTransaction.safeParse(t);
      if (parsed.success) return;
      const issue = toValidationIssues(parsed.error)[0];
      throw new SeedError(`${path}.transactions[${j}]${issue?.path ? `.${issue.path}` : ''}: ${issue?.message ?? 'is not a transaction'}`);
    });
    core.store.solHistory.put({
      id: solHistoryId(organizationId, h.address, h.caip2),
      organizationId,
      address: h.address,
      caip2: h.caip2,
      transactions: h.transactions as Array<Record<string, unknown>>,
    });
    count += h.transactions.length;
  });
  return count;
}

/** Earn wrappers (vaults) by chain and address. */
function applyEarnWrappers({ core, organizationId }: Target, earnWrappers: Seed['earnWrappers']): void {
  (earnWrappers ?? []).forEach((w) => {
    core.store.earnWrappers.put({ id: earnWrapperId(organizationId, w.chainCaip2, w.wrapperAddress), organizationId, ...w });
  });
}
