// `walletinfra-emulator seed-fleet` (README "Seeding a fleet"): sub-organizations of the parent organization,
// each with its end users, root quorum, delegated-access user (one backend key pair shared by all, as the
// service's delegated-access guide sets it up), that user's API key, user tags and the policies that limit it,
// all from one shape (./fleet-shape.ts), written in one transaction straight into the store, with the
// activities that would have made them; a seeded share of them drifted (./fleet-drift.ts). Another run adds
// more sub-organizations to the same fleet, numbered on, with the same key.
import { operations, operationsByActivityType, type SubmitOperation } from '@walletinfra/sdk';
import { z } from 'zod';
import { p256 } from '@noble/curves/p256';
import { generateP256KeyPair } from '../crypto/keys';
import { randomUnit, seededRandom, type Env } from '../env';
import type { PolicyEngine } from '../policy-engine';
import type { OrganizationRecord, PolicyRecord, TagRecord, UserRecord } from '../store/records';
import type { Store } from '../store/store';
import { intFrom, parseWith } from '../validation';
import { applicableDrifts, applyDrift, DRIFT_KINDS, type DriftEntry, type DriftKind, type SeededSubOrganization } from './fleet-drift';
import { recordActivity, type Submitter } from './fleet-history';
import { DEFAULT_FLEET_SHAPE, fill, FleetShapeError, parseFleetShape, type FleetShape } from './fleet-shape';

export { DRIFT_KINDS, type DriftEntry, type DriftKind } from './fleet-drift';
export { DEFAULT_FLEET_SHAPE, FleetShapeError, type FleetShape } from './fleet-shape';

export const FleetSeedOptionsSchema = z.strictObject({
  /** how many sub-organizations to add */
  count: intFrom(1, 1_000_000),
  /** the shape (a parsed JSON object); the delegated-access guide's setup when omitted */
  shape: z.unknown().optional(),
  /** the share of the new sub-organizations to drift, in percent */
  driftPercent: z
    .number({ error: 'must be a number from 0 to 100' })
    .min(0, { error: 'must be a number from 0 to 100' })
    .max(100, { error: 'must be a number from 0 to 100' })
    .optional(),
  /** the kinds of drift to plant (default: every kind that applies to the shape) */
  driftKinds: z
    .array(z.enum(DRIFT_KINDS, { error: `must be one of ${DRIFT_KINDS.join(', ')}` }))
    .min(1)
    .optional(),
  /**
   * record the activities that would have made each object (default true): the parent's create, the delegated
   * user's tags, policies and quorum update, the end user's drift; about three times the cost without
   */
  history: z.boolean({ error: 'must be true or false' }).optional(),
  /** seed of the random source choosing which sub-organizations drift and how (default 1) */
  seed: z.int({ error: 'must be an integer' }).optional(),
});
export type FleetSeedOptions = z.input<typeof FleetSeedOptionsSchema>;

export interface FleetSeedResult {
  parentOrganizationId: string;
  seed: number;
  /** the sub-organizations this run made: numbers `fromIndex`..`toIndex`, names `first`..`last` */
  created: { count: number; fromIndex: number; toIndex: number; first: string; last: string };
  /** sub-organizations of the fleet after this run, earlier runs' included */
  fleetSize: number;
  drift: DriftEntry[];
  /** the delegated-access key every sub-organization's delegated user holds; the private key is secret */
  delegatedApiKey: { publicKey: string; privateKey: string };
}

interface Deps {
  store: Store;
  env: Env;
  policy: PolicyEngine;
}

/** What the meta table keeps of a parent's fleet between runs. */
interface FleetState {
  nextIndex: number;
  publicKey: string;
  privateKey: string;
}

const metaKey = (parentId: string) => `fleet ${parentId}`;

/** The create version the delegated-access guide sends (https://docs.turnkey.com/concepts/policies/delegated-access-backend). */
const GUIDE_CREATE_VERSION = 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7';

/** Makes `options.count` sub-organizations of `parentOrganizationId`, in one transaction; a refusal leaves nothing. */
export function seedFleet(deps: Deps, parentOrganizationId: string, input: FleetSeedOptions): FleetSeedResult {
  const options = parseWith(FleetSeedOptionsSchema, input, { path: ['fleet'], noun: 'option' }, FleetShapeError);
  const shape = options.shape === undefined ? DEFAULT_FLEET_SHAPE : parseFleetShape(options.shape);
  checkPolicies(deps, shape);
  const seed = options.seed ?? 1;
  return deps.store.transaction(() => {
    const parent = deps.store.organizations.get(parentOrganizationId);
    if (parent === undefined || parent.parentOrganizationId !== undefined) {
      throw new FleetShapeError(`fleet: organization ${parentOrganizationId} is not a parent organization of this emulator`);
    }
    const state = fleetState(deps, parentOrganizationId);
    const creator = parentSubmitter(deps, parent);
    const made: SeededSubOrganization[] = [];
    const history = options.history !== false;
    const passkeys = passkeyKeys(deps.env);
    for (let i = 0; i < options.count; i++) {
      const sub = makeSubOrganization(deps, parent, shape, state, state.nextIndex + i);
      insertPasskeys(deps, shape, sub, passkeys);
      if (history) recordSetup(deps, parent.organizationId, creator, sub, state.publicKey, shape.delegatedUser.apiKeyName);
      made.push(sub);
    }
    const drift = plantDrift({ ...deps, history }, made, options.driftPercent ?? 0, options.driftKinds ?? [...DRIFT_KINDS], seed);
    const fromIndex = state.nextIndex;
    state.nextIndex += options.count;
    deps.store.setMeta(metaKey(parentOrganizationId), JSON.stringify(state));
    return {
      parentOrganizationId,
      seed,
      created: {
        count: made.length,
        fromIndex,
        toIndex: state.nextIndex - 1,
        first: made[0]?.name ?? '',
        last: made[made.length - 1]?.name ?? '',
      },
      fleetSize: deps.store.organizations.countByOrg(parentOrganizationId),
      drift,
      delegatedApiKey: { publicKey: state.publicKey, privateKey: state.privateKey },
    };
  });
}

function fleetState(deps: Deps, parentId: string): FleetState {
  const saved = deps.store.getMeta(metaKey(parentId));
  if (saved !== undefined) return JSON.parse(saved) as FleetState;
  // the backend's key pair, made once per fleet from the emulator's randomness (never from the drift seed)
  const pair = generateP256KeyPair(deps.env.randomBytes);
  return { nextIndex: 1, publicKey: pair.publicKey, privateKey: pair.privateKey };
}

/** Who submitted the parent's create activities: its first root user, with its first API key. */
function parentSubmitter(deps: Deps, parent: OrganizationRecord): Submitter {
  const userId = parent.rootQuorum.userIds[0] ?? '';
  const key = deps.store.apiKeys.listByOrg(parent.organizationId).find((k) => k.userId === userId);
  return { userId, publicKey: key?.publicKey ?? '' };
}

/** Every policy of the shape must be one the service accepts, checked once with its placeholders filled. */
function checkPolicies(deps: Deps, shape: FleetShape): void {
  const id = '00000000-0000-4000-8000-000000000000';
  const vars = sampleVars(shape, id);
  (shape.policies ?? []).forEach((p, i) => {
    const d = deps.policy.check({ condition: fill(p.condition ?? '', vars), consensus: fill(p.consensus ?? '', vars) })[0];
    if (d !== undefined) throw new FleetShapeError(`shape.policies[${i}].${d.field}: ${d.message}`);
  });
}

function sampleVars(shape: FleetShape, id: string) {
  const names = [...shape.rootUsers.map((u) => u.userName), shape.delegatedUser.userName];
  return {
    index: '00001',
    name: 'customer-00001',
    users: new Map(names.map((n) => [n, id])),
    tags: new Map((shape.userTags ?? []).map((t) => [t.userTagName, id])),
  };
}

/**
 * Passkeys' public keys, each a different valid P-256 point (uncompressed, as a passkey's COSE key is): a random
 * one, then each the last plus the generator, a point addition instead of a scalar multiplication per passkey, so
 * 10,000 end users cost milliseconds. Nobody holds their private keys: the records are attestation-free.
 */
function passkeyKeys(env: Env): () => string {
  let point = p256.Point.fromHex(generateP256KeyPair(env.randomBytes).publicKey);
  return () => {
    point = point.add(p256.Point.BASE);
    return point.toHex(false);
  };
}

/** The passkey of each root user whose shape asks for one, with its own credential id. */
function insertPasskeys(deps: Deps, shape: FleetShape, sub: SeededSubOrganization, nextKey: () => string): void {
  const now = deps.env.now();
  const vars = { index: sub.index, name: sub.name, users: new Map<string, string>(), tags: new Map<string, string>() };
  shape.rootUsers.forEach((u, i) => {
    if (u.passkey === undefined) return;
    deps.store.authenticators.insert({
      authenticatorId: deps.env.uuid(),
      organizationId: sub.organizationId,
      userId: sub.rootUserIds[i] as string,
      authenticatorName: fill(u.passkey.authenticatorName, vars),
      credentialId: Buffer.from(deps.env.randomBytes(32)).toString('base64url'),
      publicKey: nextKey(),
      createdAt: now,
    });
  });
}

/** `1` -> `00001`: names sort as numbers up to 99,999 sub-organizations. */
const padded = (index: number) => String(index).padStart(5, '0');

function makeSubOrganization(
  deps: Deps,
  parent: OrganizationRecord,
  shape: FleetShape,
  state: FleetState,
  index: number,
): SeededSubOrganization {
  const { store, env } = deps;
  const now = env.now();
  const organizationId = env.uuid();
  const name = fill(shape.name ?? 'customer-{index}', { index: padded(index), name: '', users: new Map(), tags: new Map() });
  const userIds = new Map([...shape.rootUsers.map((u) => u.userName), shape.delegatedUser.userName].map((n) => [n, env.uuid()]));
  const tagIds = new Map((shape.userTags ?? []).map((t) => [t.userTagName, env.uuid()]));
  const vars = { index: padded(index), name, users: userIds, tags: tagIds };
  const tagsOf = (userName: string) =>
    (shape.userTags ?? []).filter((t) => t.members.includes(userName)).map((t) => tagIds.get(t.userTagName) as string);
  const user = (userName: string, filledName: string): UserRecord => ({
    userId: userIds.get(userName) as string,
    organizationId,
    userName: filledName,
    userTags: tagsOf(userName),
    oauthProviders: [],
    createdAt: now,
    updatedAt: now,
  });
  const roots = shape.rootUsers.map((u) => {
    const record = user(u.userName, fill(u.userName, vars));
    if (u.userEmail !== undefined) record.userEmail = fill(u.userEmail, vars);
    if (u.userPhoneNumber !== undefined) record.userPhoneNumber = fill(u.userPhoneNumber, vars);
    if (u.verified === true) {
      if (record.userEmail !== undefined) record.userEmailVerified = true;
      if (record.userPhoneNumber !== undefined) record.userPhoneNumberVerified = true;
    }
    return record;
  });
  const delegated = user(shape.delegatedUser.userName, shape.delegatedUser.userName);
  const rootUserIds = roots.map((u) => u.userId);
  const threshold = shape.rootQuorumThreshold ?? 1;
  store.organizations.insert({
    organizationId,
    name,
    parentOrganizationId: parent.organizationId,
    rootQuorum: { userIds: rootUserIds, threshold },
    timePoliciesEnabled: true,
    createdAt: now,
    updatedAt: now,
  });
  for (const u of [...roots, delegated]) store.users.insert(u);
  const delegatedApiKeyId = env.uuid();
  store.apiKeys.insert({
    apiKeyId: delegatedApiKeyId,
    organizationId,
    userId: delegated.userId,
    apiKeyName: shape.delegatedUser.apiKeyName,
    publicKey: state.publicKey,
    type: 'CREDENTIAL_TYPE_API_KEY_P256',
    createdAt: now,
    updatedAt: now,
  });
  const tags = (shape.userTags ?? []).map((t): TagRecord =>
    store.tags.insert({
      tagId: tagIds.get(t.userTagName) as string,
      organizationId,
      tagName: t.userTagName,
      tagType: 'TAG_TYPE_USER',
      privateKeyIds: [],
      createdAt: now,
      updatedAt: now,
    }),
  );
  const policies = (shape.policies ?? []).map((p): PolicyRecord =>
    store.policies.insert({
      policyId: env.uuid(),
      organizationId,
      policyName: fill(p.policyName, vars),
      effect: p.effect,
      condition: fill(p.condition ?? '', vars),
      consensus: fill(p.consensus ?? '', vars),
      notes: fill(p.notes ?? '', vars),
      createdAt: now,
      updatedAt: now,
    }),
  );
  const sub: SeededSubOrganization = {
    organizationId,
    name,
    index: padded(index),
    users: [...roots, delegated],
    rootUserIds,
    threshold,
    delegated,
    delegatedApiKeyId,
    tags,
    policies,
    endUser: { userId: rootUserIds[0] as string, publicKey: '' },
  };
  return sub;
}

/**
 * The activities of the guide's setup: the parent creates the sub-organization with the end users and the
 * delegated user as root users (V7, threshold 1); the delegated user tags, writes the policies, and leaves the
 * root quorum to the end users.
 */
function recordSetup(
  deps: Deps,
  parentId: string,
  creator: Submitter,
  sub: SeededSubOrganization,
  publicKey: string,
  apiKeyName: string,
): void {
  const roots = sub.users.filter((u) => sub.rootUserIds.includes(u.userId));
  const rootUsers = [
    ...roots.map((u) => ({
      userName: u.userName,
      ...(u.userEmail === undefined ? {} : { userEmail: u.userEmail }),
      ...(u.userPhoneNumber === undefined ? {} : { userPhoneNumber: u.userPhoneNumber }),
      apiKeys: [],
      authenticators: [],
      oauthProviders: [],
    })),
    {
      userName: sub.delegated.userName,
      apiKeys: [{ apiKeyName, publicKey, curveType: 'API_KEY_CURVE_P256' }],
      authenticators: [],
      oauthProviders: [],
    },
  ];
  const create = operationsByActivityType.get(GUIDE_CREATE_VERSION) as SubmitOperation;
  recordActivity(
    deps,
    parentId,
    creator,
    create,
    { subOrganizationName: sub.name, rootUsers, rootQuorumThreshold: 1 },
    { subOrganizationId: sub.organizationId, rootUserIds: [...sub.rootUserIds, sub.delegated.userId] },
  );
  const da: Submitter = { userId: sub.delegated.userId, publicKey };
  for (const tag of sub.tags) {
    const members = sub.users.filter((u) => u.userTags.includes(tag.tagId)).map((u) => u.userId);
    recordActivity(
      deps,
      sub.organizationId,
      da,
      operations.create_user_tag,
      { userTagName: tag.tagName, userIds: members },
      { userTagId: tag.tagId, userIds: members },
    );
  }
  for (const p of sub.policies) {
    const params = { policyName: p.policyName, effect: p.effect, condition: p.condition, consensus: p.consensus, notes: p.notes };
    recordActivity(deps, sub.organizationId, da, operations.create_policy, params, { policyId: p.policyId });
  }
  recordActivity(deps, sub.organizationId, da, operations.update_root_quorum, { threshold: sub.threshold, userIds: sub.rootUserIds }, {});
}

/** Drifts `percent` of `made` (rounded), chosen and varied by a random source seeded with `seed`. */
function plantDrift(
  deps: Deps & { history: boolean },
  made: SeededSubOrganization[],
  percent: number,
  kinds: readonly DriftKind[],
  seed: number,
): DriftEntry[] {
  const random = seededRandom(seed);
  const pick = (n: number) => Math.min(n - 1, Math.floor(randomUnit(random) * n));
  const count = Math.round((made.length * percent) / 100);
  // the first `count` of a seeded shuffle, in creation order
  const order = made.map((_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + pick(order.length - i);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const chosen = order.slice(0, count).sort((a, b) => a - b);
  const out: DriftEntry[] = [];
  for (const i of chosen) {
    const sub = made[i] as SeededSubOrganization;
    const possible = applicableDrifts(sub, kinds);
    if (possible.length === 0) continue;
    out.push(applyDrift(deps, sub, possible[pick(possible.length)] as DriftKind, pick));
  }
  return out;
}
