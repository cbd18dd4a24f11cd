// The drift `seed-fleet --drift P%` plants in a share of the sub-organizations it makes, one kind per drifted
// sub-organization, each made as its end user would make it by hand (with the activity that does it), and
// described for the manifest: which sub-organization, which kind, which object.
import { operations } from '@walletinfra/sdk';
import { generateP256KeyPair } from '../crypto/keys';
import type { Env } from '../env';
import type { PolicyRecord, TagRecord, UserRecord } from '../store/records';
import type { Store } from '../store/store';
import { recordActivity as record, type Submitter } from './fleet-history';

export const DRIFT_KINDS = [
  'extra-root-user',
  'loosened-policy',
  'missing-tag',
  'tag-member-removed',
  'deleted-delegated-user',
  'extra-api-key',
] as const;
export type DriftKind = (typeof DRIFT_KINDS)[number];

/** A sub-organization as the fleet seed made it: what a drift may change. */
export interface SeededSubOrganization {
  organizationId: string;
  name: string;
  index: string;
  /** every user, as made (the root users and the delegated user) */
  users: UserRecord[];
  rootUserIds: string[];
  threshold: number;
  delegated: UserRecord;
  delegatedApiKeyId: string;
  tags: TagRecord[];
  policies: PolicyRecord[];
  /** who makes the drift: the first end user, who holds no API key (a passkey user in the guide) */
  endUser: Submitter;
}

/** One line of the manifest. */
export type DriftEntry = { subOrganizationId: string; name: string; kind: DriftKind } & Record<string, string>;

/** `history`: record the activity that makes each drift */
type Deps = { store: Store; env: Env; history: boolean };
/** The activity that made a drift, when the seed records history. */
function recordActivity(d: Deps, ...rest: Parameters<typeof record> extends [unknown, ...infer R] ? R : never): void {
  if (d.history) record(d, ...rest);
}

/** A number in [0, n) from the seeded random source. */
type Pick = (n: number) => number;

export function applicableDrifts(sub: SeededSubOrganization, kinds: readonly DriftKind[]): DriftKind[] {
  return kinds.filter((kind) => {
    if (kind === 'loosened-policy') return sub.policies.length > 0;
    if (kind === 'missing-tag') return sub.tags.length > 0;
    if (kind === 'tag-member-removed') return sub.tags.some((t) => membersOf(t, sub).length > 0);
    return true;
  });
}

// membership lives on the users (docs/service-behaviour.md#user-tags), as the seed set it from the shape
function membersOf(tag: TagRecord, sub: SeededSubOrganization): string[] {
  return sub.users.filter((u) => u.userTags.includes(tag.tagId)).map((u) => u.userId);
}

function extraRootUser(d: Deps, sub: SeededSubOrganization): Record<string, string> {
  const now = d.env.now();
  const user: UserRecord = {
    userId: d.env.uuid(),
    organizationId: sub.organizationId,
    userName: `unexpected-root-${sub.index}`,
    userTags: [],
    oauthProviders: [],
    createdAt: now,
    updatedAt: now,
  };
  d.store.users.insert(user);
  const org = d.store.organizations.get(sub.organizationId);
  if (org !== undefined) {
    org.rootQuorum.userIds.push(user.userId);
    d.store.organizations.update(org);
  }
  const params = { users: [{ userName: user.userName, apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] }] };
  recordActivity(d, sub.organizationId, sub.endUser, operations.create_users, params, { userIds: [user.userId] });
  const quorum = { threshold: sub.threshold, userIds: [...sub.rootUserIds, user.userId] };
  recordActivity(d, sub.organizationId, sub.endUser, operations.update_root_quorum, quorum, {});
  return { userId: user.userId, userName: user.userName };
}

function loosenedPolicy(d: Deps, sub: SeededSubOrganization, pick: Pick): Record<string, string> {
  const policy = sub.policies[pick(sub.policies.length)] as PolicyRecord;
  const fields = (['condition', 'consensus'] as const).filter((f) => policy[f] !== '' && policy[f] !== 'true');
  const field = fields.length === 0 ? 'condition' : (fields[pick(fields.length)] as 'condition' | 'consensus');
  const from = policy[field];
  d.store.policies.update({ ...policy, [field]: 'true', updatedAt: d.env.now() });
  const params =
    field === 'condition' ? { policyId: policy.policyId, policyCondition: 'true' } : { policyId: policy.policyId, policyConsensus: 'true' };
  recordActivity(d, sub.organizationId, sub.endUser, operations.update_policy, params, { policyId: policy.policyId });
  return { policyId: policy.policyId, policyName: policy.policyName, field, from, to: 'true' };
}

function untag(d: Deps, userId: string, tagId: string): void {
  const user = d.store.users.get(userId);
  if (user === undefined) return;
  d.store.users.update({ ...user, userTags: user.userTags.filter((t) => t !== tagId), updatedAt: d.env.now() });
}

function missingTag(d: Deps, sub: SeededSubOrganization, pick: Pick): Record<string, string> {
  const tag = sub.tags[pick(sub.tags.length)] as TagRecord;
  const members = membersOf(tag, sub);
  members.forEach((id) => untag(d, id, tag.tagId));
  d.store.tags.delete(tag.tagId);
  recordActivity(
    d,
    sub.organizationId,
    sub.endUser,
    operations.delete_user_tags,
    { userTagIds: [tag.tagId] },
    { userTagIds: [tag.tagId], userIds: members },
  );
  return { userTagId: tag.tagId, userTagName: tag.tagName };
}

function tagMemberRemoved(d: Deps, sub: SeededSubOrganization, pick: Pick): Record<string, string> {
  const withMembers = sub.tags.filter((t) => membersOf(t, sub).length > 0);
  const tag = withMembers[pick(withMembers.length)] as TagRecord;
  const members = membersOf(tag, sub);
  const userId = members[pick(members.length)] as string;
  untag(d, userId, tag.tagId);
  const params = { userTagId: tag.tagId, addUserIds: [], removeUserIds: [userId] };
  recordActivity(d, sub.organizationId, sub.endUser, operations.update_user_tag, params, { userTagId: tag.tagId });
  const userName = d.store.users.get(userId)?.userName ?? '';
  return { userTagId: tag.tagId, userTagName: tag.tagName, userId, userName };
}

function deletedDelegatedUser(d: Deps, sub: SeededSubOrganization): Record<string, string> {
  d.store.apiKeys.delete(sub.delegatedApiKeyId);
  d.store.users.delete(sub.delegated.userId);
  recordActivity(
    d,
    sub.organizationId,
    sub.endUser,
    operations.delete_users,
    { userIds: [sub.delegated.userId] },
    { userIds: [sub.delegated.userId] },
  );
  return { userId: sub.delegated.userId, userName: sub.delegated.userName };
}

function extraApiKey(d: Deps, sub: SeededSubOrganization): Record<string, string> {
  const now = d.env.now();
  // a real key whose private half is thrown away: nobody can sign with it
  const { publicKey } = generateP256KeyPair(d.env.randomBytes);
  const apiKeyId = d.env.uuid();
  const apiKeyName = `unexpected-key-${sub.index}`;
  d.store.apiKeys.insert({
    apiKeyId,
    organizationId: sub.organizationId,
    userId: sub.delegated.userId,
    apiKeyName,
    publicKey,
    type: 'CREDENTIAL_TYPE_API_KEY_P256',
    createdAt: now,
    updatedAt: now,
  });
  const params = { apiKeys: [{ apiKeyName, publicKey, curveType: 'API_KEY_CURVE_P256' }], userId: sub.delegated.userId };
  recordActivity(d, sub.organizationId, sub.endUser, operations.create_api_keys, params, { apiKeyIds: [apiKeyId] });
  return { userId: sub.delegated.userId, userName: sub.delegated.userName, apiKeyId, apiKeyName, publicKey };
}

/** Plants drift `kind` in `sub` (one of `applicableDrifts`) and describes it. */
export function applyDrift(d: Deps, sub: SeededSubOrganization, kind: DriftKind, pick: Pick): DriftEntry {
  const detail = {
    'extra-root-user': () => extraRootUser(d, sub),
    'loosened-policy': () => loosenedPolicy(d, sub, pick),
    'missing-tag': () => missingTag(d, sub, pick),
    'tag-member-removed': () => tagMemberRemoved(d, sub, pick),
    'deleted-delegated-user': () => deletedDelegatedUser(d, sub),
    'extra-api-key': () => extraApiKey(d, sub),
  }[kind]();
  return { subOrganizationId: sub.organizationId, name: sub.name, kind, ...detail };
}
