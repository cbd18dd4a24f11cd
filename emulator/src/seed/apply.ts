// Applies a validated seed to an organization, in one transaction: a seed that fails half way leaves nothing.
import { SolTransaction, toValidationIssues } from '@walletinfra/sdk';
import type { Core } from '../context';
import { isServiceError } from '../errors';
import { addApiKey, addAuthenticator, createOrganization, createUser } from '../handlers/accounts';
import { earnWrapperId } from '../handlers/earn';
import { normalizeRules } from '../handlers/ip-allowlist';
import { solHistoryId } from '../handlers/sol-history';
import { insertWallet, validateAccounts } from '../handlers/wallets';
import type { OrganizationRecord, TagRecord } from '../store/records';
import { applyPolicyDependencies } from './apply-policy-dependencies';
import { parseSeed, SeedError, type Seed } from './schema';

export interface SeedSummary {
  users: number;
  wallets: number;
  policies: number;
  subOrganizations: number;
  solanaTransactions: number;
}

/**
 * Rethrows a handler's refusal (the service's own rule and message) as a SeedError naming where in the seed
 * it happened. The handlers are given the seed path as their field name where they take one.
 */
function at<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (!isServiceError(e)) throw e;
    const message = e.message.replace(/^invalid request body: /, '');
    if (message.startsWith(`${path}`)) throw new SeedError(message);
    if (message.startsWith('parameters.')) throw new SeedError(`${path}${message.slice('parameters'.length)}`);
    throw new SeedError(`${path}: ${message}`);
  }
}

export function applySeed(core: Core, organizationId: string, input: unknown): SeedSummary {
  const seed = parseSeed(input);
  return core.store.transaction(() => apply(core, organizationId, seed));
}

function apply(core: Core, organizationId: string, seed: Seed): SeedSummary {
  const { store, env } = core;
  const org = store.organizations.get(organizationId) as OrganizationRecord;
  const now = env.now();
  if (seed.organization?.name !== undefined) org.name = seed.organization.name;
  if (seed.organization?.timePoliciesEnabled !== undefined) org.timePoliciesEnabled = seed.organization.timePoliciesEnabled;
  store.organizations.update(org);

  if (seed.authProxy !== undefined) {
    const config = store.authProxyConfigs.listByOrg(organizationId)[0];
    if (config !== undefined) store.authProxyConfigs.update({ ...config, ...seed.authProxy });
  }

  const tag = (tagName: string, tagType: TagRecord['tagType']): TagRecord =>
    store.tags.insert({ tagId: env.uuid(), organizationId, tagName, tagType, privateKeyIds: [], createdAt: now, updatedAt: now });
  const userTagIds = new Map((seed.userTags ?? []).map((t) => [t, tag(t, 'TAG_TYPE_USER').tagId]));
  const keyTags = new Map((seed.privateKeyTags ?? []).map((t) => [t, tag(t, 'TAG_TYPE_PRIVATE_KEY')]));
  (seed.privateKeys ?? []).forEach((k) => {
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

  (seed.users ?? []).forEach((u, i) => {
    const path = `seed.users[${i}]`;
    const tags = (u.tags ?? []).map((t) => userTagIds.get(t) as string);
    const user = createUser(core, org, { ...u, userTags: tags, isRoot: u.root === true });
    (u.apiKeys ?? []).forEach((k, j) => at(`${path}.apiKeys[${j}]`, () => addApiKey(core, user, k, `${path}.apiKeys[${j}]`)));
    (u.authenticators ?? []).forEach((a, j) =>
      at(`${path}.authenticators[${j}]`, () => addAuthenticator(core, user, a, `${path}.authenticators[${j}]`)),
    );
    (u.mfaPolicies ?? []).forEach((m) => {
      store.mfaPolicies.insert({ mfaPolicyId: env.uuid(), organizationId, userId: user.userId, ...m, createdAt: now, updatedAt: now });
    });
  });
  const rootCount = store.organizations.get(organizationId)?.rootQuorum.userIds.length ?? 1;
  if (seed.organization?.requiredApprovals !== undefined) {
    if (seed.organization.requiredApprovals > rootCount) {
      throw new SeedError(
        `seed.organization.requiredApprovals must be at most the number of root users (${rootCount}, the bootstrap user and seed.users with root: true), got ${seed.organization.requiredApprovals}`,
      );
    }
    const current = store.organizations.get(organizationId) as OrganizationRecord;
    current.rootQuorum.threshold = seed.organization.requiredApprovals;
    store.organizations.update(current);
  }

  const wallets = (target: string, list: Seed['wallets'], path: string) =>
    (list ?? []).forEach((w, i) => {
      at(`${path}[${i}]`, () => validateAccounts(w.accounts, `${path}[${i}].accounts`));
      at(`${path}[${i}]`, () => insertWallet(core, target, w.walletName, w.accounts));
    });
  wallets(organizationId, seed.wallets, 'seed.wallets');

  (seed.sessionProfiles ?? []).forEach((s, i) => {
    const d = core.policy.check({ scope: s.scope })[0];
    if (d !== undefined) throw new SeedError(`seed.sessionProfiles[${i}].scope: ${d.message}`);
    store.sessionProfiles.insert({ sessionProfileId: env.uuid(), organizationId, ...s, createdAt: now, updatedAt: now });
  });

  applyPolicyDependencies(core, organizationId, seed);
  const controls = store.velocityControls.listByOrg(organizationId).map((c) => c.identifier);
  (seed.policies ?? []).forEach((p, i) => {
    const d = core.policy.check({ condition: p.condition, consensus: p.consensus, time: p.time }, controls)[0];
    if (d !== undefined) throw new SeedError(`seed.policies[${i}].${d.field}: ${d.message}`);
    if (store.policies.findUnique(organizationId, p.policyName) !== undefined) {
      throw new SeedError(
        `seed.policies[${i}].policyName: ${JSON.stringify(p.policyName)} is already taken; policy names are unique in an organization`,
      );
    }
    store.policies.insert({ policyId: env.uuid(), organizationId, condition: '', consensus: '', ...p, createdAt: now, updatedAt: now });
  });

  if (seed.ipAllowlist !== undefined) {
    const rules = at('seed.ipAllowlist', () => normalizeRules(seed.ipAllowlist?.rules ?? []));
    store.ipAllowlists.put({
      id: `${organizationId}|`,
      organizationId,
      enabled: seed.ipAllowlist.enabled ?? false,
      onEvaluationError: seed.ipAllowlist.onEvaluationError ?? 'DENY',
      rules: rules.map((r) => ({ ...r, createdAt: now })),
    });
  }

  (seed.subOrganizations ?? []).forEach((s, i) => {
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
    const threshold = s.rootQuorumThreshold ?? 1;
    const stored = store.organizations.get(sub.organizationId) as OrganizationRecord;
    stored.rootQuorum.threshold = threshold;
    store.organizations.update(stored);
    wallets(sub.organizationId, s.wallets, `${path}.wallets`);
  });

  let solCount = 0;
  (seed.solanaTransactions ?? []).forEach((h, i) => {
    const path = `seed.solanaTransactions[${i}]`;
    const account = store.walletAccounts
      .findByKey(h.address.toLowerCase())
      .find((a) => a.organizationId === organizationId && a.address === h.address);
    if (account?.addressFormat !== 'ADDRESS_FORMAT_SOLANA') {
      throw new SeedError(`${path}.address must be the address of a Solana account in seed.wallets, got ${JSON.stringify(h.address)}`);
    }
    h.transactions.forEach((t, j) => {
      const parsed = SolTransaction.safeParse(t);
      if (!parsed.success) {
        const issue = toValidationIssues(parsed.error)[0];
        throw new SeedError(
          `${path}.transactions[${j}]${issue?.path ? `.${issue.path}` : ''}: ${issue?.message ?? 'is not a transaction'}`,
        );
      }
    });
    store.solHistory.put({
      id: solHistoryId(organizationId, h.address, h.caip2),
      organizationId,
      address: h.address,
      caip2: h.caip2,
      transactions: h.transactions as Array<Record<string, unknown>>,
    });
    solCount += h.transactions.length;
  });

  (seed.earnWrappers ?? []).forEach((w) => {
    store.earnWrappers.put({ id: earnWrapperId(organizationId, w.chainCaip2, w.wrapperAddress), organizationId, ...w });
  });

  return {
    users: seed.users?.length ?? 0,
    wallets: seed.wallets?.length ?? 0,
    policies: seed.policies?.length ?? 0,
    subOrganizations: seed.subOrganizations?.length ?? 0,
    solanaTransactions: solCount,
  };
}
