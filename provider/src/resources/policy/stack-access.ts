// The warning a preview gives when the policies this deployment plans would deny this stack's own user an
// activity the plan needs (provider README, "Lock-out rules"): a policy that denies the stack its own writes
// stops the update partway and every later run. Decided with the sdk's evaluator, which knows the root-quorum
// bypass and the implicit permissions (docs/service-behaviour.md#policy-language, #implicit-permissions).
//
// "The plan" is what `check` has seen (../../deployment.ts): each resource says which activities it needs (a new
// resource its create, a changed one its update, a replaced one its create and delete), and each policy of the
// deployment what it will be, and the root quorum too (a stack that drops its own user from the quorum loses
// the bypass). Nothing runs until a policy or the quorum of the deployment changes: with them as they are, the
// service itself already decides. Each policy is evaluated once per needed activity and the outcomes
// combine as the service combines them (deny wins, then allow, then awaiting consensus), so a deployment of
// many policies costs one evaluation per policy and activity.
import {
  evaluatePolicies,
  isRootQuorumOnlyActivity,
  policyUserOf,
  type PolicyContext,
  type PolicyInput,
  type PolicyOutcome,
} from '@walletinfra/sdk/policy';
import type * as Sdk from '@walletinfra/sdk';
import type { Policy as ServicePolicy, User } from '@walletinfra/sdk/schemas';
import type { CheckedResource, Deployment } from '../../deployment';
import type { ProviderContext } from '../../context';
import { containsUnknown } from '../../wire';
import { compareFields } from '../common/diff';
import { readIdentity, userLabel, type IdentityView } from '../common/identity';
import { selectorOf } from '../common/inputs';
import { normalize, type AnyKind } from '../kind';
import { POLICIES } from '../../session/lists';

/** An activity the plan needs this stack's user to be allowed. */
export interface AccessNeed {
  type: string;
  params?: Record<string, string>;
  /** What it is for: `create user tag "approvers"`. */
  why: string;
}

/** A policy as `decide` reads it, with a key that names its content (`live <id> <json>`, `planned <json>`). */
type KeyedPolicy = PolicyInput & { key: string };

interface AccessState {
  needs: Map<string, AccessNeed>;
  /** A policy or the root quorum of the deployment changes: from then on the plan is evaluated. */
  accessChanged: boolean;
  /** Per-policy outcomes, by policy key, then need key. */
  outcomes: Map<string, Map<string, PolicyOutcome>>;
  /**
   * Each planned or live policy as `decide` reads it, built once per checked inputs (the plan records a resource
   * checked again as a new entry) or per list answer: every check evaluates the plan afresh, and building each
   * policy's key afresh made a deployment of N policies cost N² serializations.
   */
  keyed: WeakMap<object, KeyedPolicy | null>;
  /**
   * The organization's policies and identity as the deployment found them, read once per organization: the
   * plan's own policies replace theirs by name, so a read after this deployment's writes would add nothing but
   * one list request per checked resource.
   */
  found: Map<string, Promise<[readonly ServicePolicy[], IdentityView]>>;
  /** The last decision per organization and need (with its quorum), and what the plan held when it was made. */
  decisions: Map<string, Decision>;
  /** The names of each list answer's policies. */
  liveNames: WeakMap<readonly ServicePolicy[], Set<unknown>>;
}

/** What `decide` answers. `early` when the policies played no part (the root quorum's bypass, a root-only activity). */
interface Decided {
  outcome: PolicyOutcome;
  by: KeyedPolicy[];
  rootOnly?: true;
  early?: true;
}

/** A decision with what it was made over: the first `count` declared policies, the plan's re-checks, the live list. */
interface Decision {
  decided: Decided;
  count: number;
  rechecked: number;
  live: readonly ServicePolicy[];
}

const states = new WeakMap<Deployment, AccessState>();

function newState(accessChanged: boolean): AccessState {
  return {
    needs: new Map(),
    accessChanged,
    outcomes: new Map(),
    keyed: new WeakMap(),
    found: new Map(),
    decisions: new Map(),
    liveNames: new WeakMap(),
  };
}

function stateOf(plan: Deployment): AccessState {
  let state = states.get(plan);
  if (state === undefined) states.set(plan, (state = newState(false)));
  return state;
}

const POLICY_FIELDS = ['policyName', 'effect', 'condition', 'consensus', 'time'] as const;

/** The activity type of a write operation (`create_policy` -> `ACTIVITY_TYPE_CREATE_POLICY_V3`), loaded only when needed. */
function activityTypeOf(operation: string): string | undefined {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the sdk's registry, loaded once a policy changed (see above)
  const { operations } = require('@walletinfra/sdk') as typeof Sdk;
  const op = (operations as Record<string, { activityType?: string } | undefined>)[operation];
  return op?.activityType;
}

/** The write operations a resource needs for the change from `olds` to `inputs` (none when nothing changes). */
function neededOperations(kind: AnyKind, inputs: Record<string, unknown>, olds: Record<string, unknown>): Array<[string, string]> {
  const isNew = Object.keys(olds).length === 0;
  const d = isNew ? undefined : compareFields(normalize(kind, olds), normalize(kind, inputs), kind.diffKeys, kind.replaceKeys);
  if (d !== undefined && d.changed.length === 0) return [];
  if (kind.shape !== 'listed') return (kind.activities ?? []).map((op): [string, string] => [op, `write ${kind.noun}`]);
  const writes = kind.writes;
  const create: Array<[string, string]> = [[writes.create.operation, `create ${kind.noun}`]];
  if (d === undefined) return create;
  if (d.replaces.length > 0)
    return [...create, ...(writes.delete ? [[writes.delete.operation, `replace ${kind.noun}`] as [string, string]] : [])];
  const update = writes.update;
  if (update === undefined) return [];
  const changed = Object.fromEntries(d.changed.filter((f) => kind.table.inPlace.includes(f)).map((f) => [f, inputs[f] ?? '']));
  const split = update.split?.(kind.table.updateParameters('', changed)) ?? [{ operation: update.operation }];
  return split.map((w): [string, string] => [w.operation, `update ${kind.noun}`]);
}

/** The activities a resource needs for the change from `olds` to `inputs` (none when nothing changes); also the fleet rollout's check. */
export function needsOf(kind: AnyKind, inputs: Record<string, unknown>, olds: Record<string, unknown>): AccessNeed[] {
  return neededOperations(kind, inputs, olds).flatMap(([operation, why]) => {
    const type = activityTypeOf(operation);
    if (type === undefined) return [];
    // A credential change names its user: the own-credentials permission reads it (docs/service-behaviour.md#implicit-permissions).
    const userId = inputs.userId;
    return [
      {
        type,
        why,
        ...(kind.type === 'ApiKey' && typeof userId === 'string' && !containsUnknown(userId) ? { params: { user_id: userId } } : {}),
      },
    ];
  });
}

/** Does this resource change who may do what: a new or changed policy, or a new (adopted) or changed root quorum? */
function changesAccess(kind: AnyKind, inputs: Record<string, unknown>, olds: Record<string, unknown>): boolean {
  const fields = kind.type === 'Policy' ? POLICY_FIELDS : kind.type === 'RootQuorum' ? (['threshold', 'userIds'] as const) : undefined;
  if (fields === undefined) return false;
  return Object.keys(olds).length === 0 || fields.some((f) => JSON.stringify(olds[f] ?? '') !== JSON.stringify(inputs[f] ?? ''));
}

/** The root quorum the deployment declares for the organization, when it does and its values are known. */
function plannedQuorum(plan: Deployment, organizationId: string): { threshold: number; userIds: string[] } | undefined {
  const declared = plan.declared('RootQuorum').find((p) => p.inputs.organizationId === organizationId);
  const { threshold, userIds } = declared?.inputs ?? {};
  if (typeof threshold !== 'number' || !Array.isArray(userIds) || containsUnknown(userIds)) return undefined;
  return { threshold, userIds: userIds as string[] };
}

/** A planned policy as `decide` reads it; undefined while one of its fields is unknown. Built once per entry. */
function plannedPolicy(state: AccessState, p: CheckedResource): KeyedPolicy | undefined {
  let keyed = state.keyed.get(p);
  if (keyed === undefined) {
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    const policy: PolicyInput = {
      policyId: `planned:${text(p.inputs.policyName)}`,
      policyName: text(p.inputs.policyName),
      effect: p.inputs.effect as PolicyInput['effect'],
      condition: text(p.inputs.condition),
      consensus: text(p.inputs.consensus),
      time: text(p.inputs.time),
    };
    keyed = containsUnknown(POLICY_FIELDS.map((f) => p.inputs[f])) ? null : { ...policy, key: `planned ${JSON.stringify(policy)}` };
    state.keyed.set(p, keyed);
  }
  return keyed ?? undefined;
}

/** A live policy as `decide` reads it, built once per list answer. */
function livePolicy(state: AccessState, p: ServicePolicy): KeyedPolicy {
  let keyed = state.keyed.get(p);
  if (keyed === undefined || keyed === null) {
    keyed = { ...p, effect: p.effect as PolicyInput['effect'], key: `live ${p.policyId} ${JSON.stringify(p)}` };
    state.keyed.set(p, keyed);
  }
  return keyed;
}

/**
 * The policies the organization will have: the live ones, each declared one in place of the live one it names.
 * Runs at every check of a deployment, so it loops rather than chaining `flatMap`s (V8's flatMap costs about a
 * microsecond an element: 90,000 of them for a deployment of 300 policies).
 */
function plannedPolicies(state: AccessState, live: readonly ServicePolicy[], plan: Deployment, organizationId: string): KeyedPolicy[] {
  const planned: KeyedPolicy[] = [];
  const replaced = new Set<unknown>();
  for (const p of plan.declared('Policy')) {
    if (p.inputs.organizationId !== organizationId) continue;
    const policy = plannedPolicy(state, p);
    if (policy === undefined) continue;
    planned.push(policy);
    replaced.add(p.inputs.policyName);
    replaced.add(p.olds.policyName);
  }
  const out: KeyedPolicy[] = [];
  for (const p of live) if (!replaced.has(p.policyName)) out.push(livePolicy(state, p));
  for (const p of planned) out.push(p);
  return out;
}

/** What the policy engine sees when `user`, signing with `publicKey`, submits `need`. */
export function contextFor(
  need: AccessNeed,
  user: User,
  publicKey: string,
  quorum: { threshold: number; userIds: readonly string[] },
  now: number,
): PolicyContext {
  const key = user.apiKeys.find((k) => k.credential.publicKey.toLowerCase() === publicKey);
  return {
    activity: { type: need.type, ...(need.params !== undefined ? { params: need.params } : {}) },
    approvers: [policyUserOf(user)],
    credentials:
      key === undefined
        ? []
        : [{ id: key.apiKeyId, user_id: user.userId, type: key.credential.type, public_key: key.credential.publicKey }],
    now,
    rootQuorum: quorum,
  };
}

/** One policy's outcome for one need, evaluated once (kept by the policy's key itself, then by the need). */
function outcomeOf(state: AccessState, p: KeyedPolicy, needKey: string, context: PolicyContext): PolicyOutcome {
  // keyed by the policy's key itself (one string per policy, its hash computed once), then by the need
  let byNeed = state.outcomes.get(p.key);
  if (byNeed === undefined) state.outcomes.set(p.key, (byNeed = new Map<string, PolicyOutcome>()));
  let outcome = byNeed.get(needKey);
  if (outcome === undefined) {
    const { key: _key, ...policy } = p;
    outcome = evaluatePolicies([policy], context).evaluations[0]?.outcome ?? 'OUTCOME_DENY_IMPLICIT';
    byNeed.set(needKey, outcome);
  }
  return outcome;
}

/** The outcomes that decide, in the order the service combines them: deny wins, then allow, then consensus. */
const DECIDING = ['OUTCOME_DENY_EXPLICIT', 'OUTCOME_ALLOW', 'OUTCOME_REQUIRES_CONSENSUS'] as const;
const DECIDES = new Set<PolicyOutcome>(DECIDING);

/** What the service would decide, from the per-policy outcomes (each evaluated once) and the implicit permissions. */
function decide(state: AccessState, policies: readonly KeyedPolicy[], needKey: string, context: PolicyContext): Decided {
  // Without policies: the root quorum's bypass, an activity only the root quorum may do, or the implicit permissions.
  const bare = evaluatePolicies([], context);
  if (bare.implicitPermission === 'ROOT_QUORUM') return { outcome: 'OUTCOME_ALLOW', by: [], early: true };
  if (isRootQuorumOnlyActivity(context.activity.type)) return { outcome: bare.outcome, by: [], rootOnly: true, early: true };
  const outcomes = policies.map((p) => ({ policy: p, outcome: outcomeOf(state, p, needKey, context) }));
  for (const wanted of DECIDING) {
    const by = outcomes.filter((o) => o.outcome === wanted).map((o) => o.policy);
    if (by.length > 0) return { outcome: wanted, by };
  }
  // No policy decides: an implicit permission (own credentials) or the implicit deny.
  return { outcome: bare.outcome, by: [] };
}

/**
 * The decision an earlier check made for this need, when the plan since then only added policies that decide nothing
 * about it (each new policy's outcome for the need is none of DECIDING, and none takes the place of a live one): the
 * service would decide the same, by the same policies, and the warning, if any, was given then. Undefined otherwise,
 * and the plan is decided afresh: a policy checked again, another list answer, a new policy that denies, allows or
 * asks for consensus, or one named like a live policy. So a deployment of N policies that leave the stack's own
 * writes alone costs one evaluation per policy and need, not N² lookups.
 */
function stillDecided(
  state: AccessState,
  previous: Decision | undefined,
  now: { declared: readonly CheckedResource[]; rechecked: number; live: readonly ServicePolicy[] },
  organizationId: string,
  needKey: string,
  context: PolicyContext,
): Decided | undefined {
  if (previous === undefined || previous.rechecked !== now.rechecked || previous.live !== now.live) return undefined;
  if (previous.count > now.declared.length) return undefined;
  if (previous.decided.early === true) return previous.decided;
  let liveNames = state.liveNames.get(now.live);
  if (liveNames === undefined) state.liveNames.set(now.live, (liveNames = new Set(now.live.map((p) => p.policyName))));
  for (let i = previous.count; i < now.declared.length; i += 1) {
    const p = now.declared[i] as CheckedResource;
    if (p.inputs.organizationId !== organizationId) continue;
    const policy = plannedPolicy(state, p);
    if (policy === undefined) continue;
    if (liveNames.has(p.inputs.policyName) || liveNames.has(p.olds.policyName)) return undefined;
    if (DECIDES.has(outcomeOf(state, policy, needKey, context))) return undefined;
  }
  return previous.decided;
}

function names(policies: ReadonlyArray<PolicyInput>): string {
  return policies.map((p) => `policy ${JSON.stringify(p.policyName ?? p.policyId)}`).join(', ');
}

function warningOf(
  decided: { outcome: PolicyOutcome; by: ReadonlyArray<PolicyInput>; rootOnly?: true },
  need: AccessNeed,
  user: User,
): string | undefined {
  const who = `this stack's own ${userLabel(user)}`;
  const what = `${need.type} (to ${need.why})`;
  const stops = 'the update would stop there, and so would every later run of this stack';
  const fix = 'allow it for this user, or run the stack with credentials of a user the policies allow';
  switch (decided.outcome) {
    case 'OUTCOME_ALLOW':
      return undefined;
    case 'OUTCOME_DENY_EXPLICIT':
      return `warning: with the planned policies, ${who} would be denied ${what}: ${names(decided.by)} denies it; ${stops}. To proceed, ${fix}.`;
    case 'OUTCOME_REQUIRES_CONSENSUS':
      return (
        `warning: with the planned policies, ${what} by ${who} would wait for approvals: ${names(decided.by)} ` +
        `allows it only with its consensus (${decided.by.map((p) => p.consensus).join('; ')}), so unattended runs wait up to ` +
        'walletinfra:consensusTimeoutMs and then fail. To proceed, approve those activities, or change the consensus.'
      );
    default:
      if (decided.rootOnly === true) {
        return (
          `warning: ${who} is not enough of the root quorum for ${what}: only the root quorum may do it, whatever the policies say; ` +
          `${stops}. To proceed, run the stack with a root user's credentials, or have the root quorum approve it.`
        );
      }
      return `warning: with the planned policies, ${who} would be denied ${what}: no policy allows it; ${stops}. To proceed, ${fix}.`;
  }
}

/**
 * The warning for one activity the plan needs, decided afresh from the policies the organization will have, the
 * stack's own user and the root quorum; undefined when the service would allow it.
 */
export function accessWarning(
  policies: readonly PolicyInput[],
  need: AccessNeed,
  user: User,
  ownPublicKey: string,
  quorum: { threshold: number; userIds: readonly string[] },
  now: number,
): string | undefined {
  const state = newState(true);
  const keyed = policies.map((p, i) => ({ ...p, key: String(i) }));
  return warningOf(decide(state, keyed, 'need', contextFor(need, user, ownPublicKey, quorum, now)), need, user);
}

/**
 * Called by `check` for every resource that passed: records what it needs and, once a policy of the deployment
 * changed, warns (once per activity and outcome) when the planned policies would not let this stack's own user
 * do what the plan needs. A warning that cannot be computed (the service unreachable at preview) is left out:
 * the update's own writes then meet the real policies.
 */
export async function stackAccessWarnings(
  kind: AnyKind,
  ctx: ProviderContext,
  inputs: Record<string, unknown>,
  olds: Record<string, unknown>,
): Promise<void> {
  const state = stateOf(ctx.deployment);
  if (changesAccess(kind, inputs, olds)) state.accessChanged = true;
  const waiting = pendingNeeds.get(ctx.deployment) ?? [];
  waiting.push({ kind, inputs, olds });
  pendingNeeds.set(ctx.deployment, waiting);
  if (!state.accessChanged) return;
  const organizationId = inputs.organizationId;
  if (typeof organizationId !== 'string' || containsUnknown(organizationId)) return;
  try {
    // Without credentials (a preview of a program whose settings `check` reports elsewhere) there is nobody to warn about.
    ctx.settings(selectorOf(inputs));
  } catch {
    return;
  }
  try {
    for (const p of waiting.splice(0)) {
      for (const need of needsOf(p.kind, p.inputs, p.olds)) state.needs.set(JSON.stringify([need.type, need.params ?? {}]), need);
    }
    if (state.needs.size === 0) return;
    const session = ctx.session(selectorOf(inputs));
    let found = state.found.get(session.organizationId);
    if (found === undefined) {
      found = Promise.all([session.list(POLICIES), readIdentity(ctx, session)]);
      state.found.set(session.organizationId, found);
      // A failed read is tried again by the next resource's check.
      void found.catch(() => state.found.delete(session.organizationId));
    }
    const [live, view] = await found;
    const user = view.ownUser;
    if (user === undefined) return;
    const now = { declared: ctx.deployment.declared('Policy'), rechecked: ctx.deployment.rechecked('Policy'), live };
    let policies: KeyedPolicy[] | undefined;
    for (const [needKey, need] of state.needs) {
      // A root-only change is approved by the quorum as it is; everything else runs under the planned one.
      const planned = plannedQuorum(ctx.deployment, session.organizationId);
      const quorum = planned === undefined || isRootQuorumOnlyActivity(need.type) ? view.quorum : planned;
      const decisionKey = `${needKey} ${JSON.stringify(quorum)}`;
      const context = contextFor(need, user, view.ownPublicKey, quorum, view.now);
      const decisions = `${session.organizationId} ${decisionKey}`;
      let decided = stillDecided(state, state.decisions.get(decisions), now, session.organizationId, decisionKey, context);
      if (decided === undefined) {
        policies ??= plannedPolicies(state, live, ctx.deployment, session.organizationId);
        decided = decide(state, policies, decisionKey, context);
      }
      state.decisions.set(decisions, { decided, count: now.declared.length, rechecked: now.rechecked, live });
      const warning = warningOf(decided, need, user);
      if (warning !== undefined && ctx.deployment.once(`access ${needKey} ${decided.outcome} ${names(decided.by)}`)) ctx.warn(warning);
    }
  } catch (error) {
    ctx.log(`walletinfra: could not check the planned policies against this stack's own user: ${String(error)}`);
  }
}

/** Resources checked before any policy changed, whose needs are worked out once one does. */
const pendingNeeds = new WeakMap<Deployment, Array<{ kind: AnyKind; inputs: Record<string, unknown>; olds: Record<string, unknown> }>>();
