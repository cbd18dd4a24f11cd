// The service's policy decision (docs/service-behaviour.md#policy-language, https://docs.turnkey.com/features/policies/overview):
//   root quorum ⇒ ALLOW; else any applicable EFFECT_DENY ⇒ DENY_EXPLICIT; else any applicable
//   EFFECT_ALLOW ⇒ ALLOW; else if an ALLOW policy only lacks approvals ⇒ REQUIRES_CONSENSUS;
//   else an implicit permission (./implicit-permissions.ts) ⇒ ALLOW; else DENY_IMPLICIT.
// A policy applies when its consensus, condition and time all hold (an absent or '' field holds).
import { activityKindOf, isRootQuorumOnlyActivity, resourceAndActionOf } from './activity';
import type { PolicyContext } from './context';
import { controlsRoot } from './controls';
import { PolicyError, PolicyEvaluationError, PolicyInputError, describeInput } from './errors';
import { type EvaluationEnvironment, evaluateParsed } from './evaluator';
import { type ImplicitPermission, implicitPermissionOf, rootQuorumVote } from './implicit-permissions';
import { parsePolicyExpression } from './parser';
import { type PolicyExpressionKind, SOLANA_TRANSACTION_ALIASES } from './schema';
import { PolicyTimestamp } from './values';

export type PolicyOutcome =
  | 'OUTCOME_ALLOW'
  | 'OUTCOME_DENY_EXPLICIT'
  | 'OUTCOME_DENY_IMPLICIT'
  | 'OUTCOME_REQUIRES_CONSENSUS'
  | 'OUTCOME_ERROR'
  | 'OUTCOME_TIME_INACTIVE';

export interface PolicyInput {
  policyId: string;
  policyName?: string;
  effect: 'EFFECT_ALLOW' | 'EFFECT_DENY';
  condition?: string;
  consensus?: string;
  time?: string;
}

/** One field of a policy that failed to evaluate. */
export interface PolicyFieldError {
  field: 'condition' | 'consensus' | 'time';
  /** `line:column: reason` */
  message: string;
  /** For a missing field or map key: the path read, as the expression writes it (`eth.tx.value`, `secret.static_properties['kind']`). */
  missing?: string;
}

export interface PolicyEvaluationResult {
  policyId: string;
  policyName?: string;
  outcome: PolicyOutcome;
  /** Why the outcome is OUTCOME_ERROR: every failing field, e.g. "condition: 1:1: missing field: private_key". */
  error?: string;
  /** The same, one entry per failing field. */
  errors?: PolicyFieldError[];
}

export interface PolicyDecision {
  outcome: PolicyOutcome;
  /** One entry per policy, in input order; empty when the root quorum decided alone. */
  evaluations: PolicyEvaluationResult[];
  /** Set when an exception of the service, not a policy, allowed the request (./implicit-permissions.ts). */
  implicitPermission?: ImplicitPermission;
}

/**
 * Decides a request against an organization's policies, like the service.
 *
 * Per-policy outcomes: ERROR if any field failed to evaluate (every field is evaluated; nothing
 * short-circuits); else TIME_INACTIVE if `time` is false (the policy is skipped, not a deny);
 * else ALLOW / DENY_EXPLICIT if it applies; else REQUIRES_CONSENSUS for an ALLOW policy whose
 * condition and time hold but whose consensus does not yet; else DENY_IMPLICIT (observed for
 * non-matching ALLOW policies; assumed for DENY ones).
 *
 * An erroring policy does not apply: it neither allows nor denies. UNCONFIRMED — the docs only
 * say its outcome is an error; a DENY policy that errors therefore does not block the request.
 *
 * Root-quorum-only activities (docs/service-behaviour.md#policy-language) are decided without policies: ALLOW for the root
 * quorum, DENY_IMPLICIT for anyone else; so are votes on an activity awaiting the root quorum. Where no policy
 * decides, the service's implicit permissions (own credentials, votes of a consensus) allow the request.
 */
export function evaluatePolicies(policies: readonly PolicyInput[], context: PolicyContext): PolicyDecision {
  validatePolicies(policies);
  const nowMs = validateContext(context);
  if (isRootQuorum(context)) return { outcome: 'OUTCOME_ALLOW', evaluations: [], implicitPermission: 'ROOT_QUORUM' };
  if (isRootQuorumOnlyActivity(context.activity.type)) return { outcome: 'OUTCOME_DENY_IMPLICIT', evaluations: [] };
  const rootVote = rootQuorumVote(context);
  if (rootVote !== undefined) {
    return rootVote
      ? { outcome: 'OUTCOME_ALLOW', evaluations: [], implicitPermission: 'ROOT_QUORUM' }
      : { outcome: 'OUTCOME_DENY_IMPLICIT', evaluations: [] };
  }

  const environments = environmentsFor(context, nowMs);
  const evaluations = policies.map((policy) => evaluatePolicy(policy, environments));
  const has = (outcome: PolicyOutcome): boolean => evaluations.some((e) => e.outcome === outcome);
  const outcome: PolicyOutcome = has('OUTCOME_DENY_EXPLICIT')
    ? 'OUTCOME_DENY_EXPLICIT'
    : has('OUTCOME_ALLOW')
      ? 'OUTCOME_ALLOW'
      : has('OUTCOME_REQUIRES_CONSENSUS')
        ? 'OUTCOME_REQUIRES_CONSENSUS'
        : 'OUTCOME_DENY_IMPLICIT';
  const implicitPermission = implicitPermissionOf(context, outcome);
  return implicitPermission === undefined ? { outcome, evaluations } : { outcome: 'OUTCOME_ALLOW', evaluations, implicitPermission };
}

/**
 * The message the service puts in its PolicyEnginePermissionError detail for a refused request
 * (docs/service-behaviour.md#errors; the separator between several ids is UNCONFIRMED).
 */
export function policyDenialMessage(decision: PolicyDecision): string {
  const denying = decision.evaluations.filter((e) => e.outcome === 'OUTCOME_DENY_EXPLICIT').map((e) => e.policyId);
  return denying.length > 0
    ? `The following policies denied this action: ${denying.join(', ')}`
    : 'No policies evaluated to outcome: Allow';
}

/** Evaluates one expression of the given kind against a context; throws PolicySyntaxError or PolicyEvaluationError. */
export function evaluatePolicyExpression(source: string, kind: PolicyExpressionKind, context: PolicyContext): boolean {
  const nowMs = validateContext(context);
  const env = environmentsFor(context, nowMs)[kind];
  return evaluateParsed(parsePolicyExpression(source), source, env);
}

type Field = 'consensus' | 'condition' | 'time';

function evaluatePolicy(policy: PolicyInput, environments: Record<PolicyExpressionKind, EvaluationEnvironment>): PolicyEvaluationResult {
  const results: Partial<Record<Field, boolean>> = {};
  const errors: PolicyFieldError[] = [];
  for (const field of ['consensus', 'condition', 'time'] as const) {
    const source = policy[field];
    if (source === undefined || source === '') {
      results[field] = true;
      continue;
    }
    try {
      results[field] = evaluateParsed(parsePolicyExpression(source), source, environments[field]);
    } catch (error) {
      if (!(error instanceof PolicyError)) throw error;
      const failure: PolicyFieldError = { field, message: error.message };
      if (error instanceof PolicyEvaluationError && error.missing !== undefined) failure.missing = error.missing;
      errors.push(failure);
    }
  }
  const evaluation: PolicyEvaluationResult = { policyId: policy.policyId, outcome: outcomeOf(policy, results, errors) };
  if (policy.policyName !== undefined) evaluation.policyName = policy.policyName;
  if (errors.length > 0) {
    evaluation.error = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
    evaluation.errors = errors;
  }
  return evaluation;
}

function outcomeOf(policy: PolicyInput, r: Partial<Record<Field, boolean>>, errors: readonly PolicyFieldError[]): PolicyOutcome {
  if (errors.length > 0) return 'OUTCOME_ERROR';
  if (r.time === false) return 'OUTCOME_TIME_INACTIVE';
  if (r.condition && r.consensus) return policy.effect === 'EFFECT_ALLOW' ? 'OUTCOME_ALLOW' : 'OUTCOME_DENY_EXPLICIT';
  if (r.condition && policy.effect === 'EFFECT_ALLOW') return 'OUTCOME_REQUIRES_CONSENSUS';
  return 'OUTCOME_DENY_IMPLICIT';
}

function isRootQuorum(context: PolicyContext): boolean {
  if (context.isRootQuorum === true) return true;
  const quorum = context.rootQuorum;
  if (!quorum) return false;
  const approving = new Set(context.approvers.map((a) => a.id).filter((id) => quorum.userIds.includes(id)));
  return approving.size >= quorum.threshold;
}

/** The keywords of each kind of expression, with the defaults documented on PolicyContext. */
function environmentsFor(context: PolicyContext, nowMs: number): Record<PolicyExpressionKind, EvaluationEnvironment> {
  const a = context.activity;
  const derived = resourceAndActionOf(a.type);
  const activity = {
    ...a,
    kind: a.kind ?? activityKindOf(a.type),
    resource: a.resource ?? derived?.resource,
    action: a.action ?? derived?.action,
  };
  const approvers = context.approvers.map((u) => ({ ...u, tags: u.tags ?? [], email: u.email ?? '', alias: u.alias ?? '' }));
  const solanaTx = context.solana?.tx;
  const condition = new Map<string, unknown>([
    ['activity', activity],
    // Chain namespaces always exist, so a missing transaction reads as "missing field: eth.tx".
    ['eth', context.eth ?? {}],
    ['solana', solanaTx ? { ...context.solana, tx: withSolanaAliases(solanaTx as Record<string, unknown>) } : (context.solana ?? {})],
    ['tron', context.tron ?? {}],
    ['bitcoin', context.bitcoin ?? {}],
    ['tempo', context.tempo ?? {}],
    ['wallet', context.wallet],
    ['wallets', context.wallets],
    ['private_key', context.private_key],
    ['wallet_account', context.wallet_account],
    ['secret', context.secret],
    ['controls', controlsRoot(context.controls)],
  ]);
  const env = (kind: PolicyExpressionKind, roots: Map<string, unknown>): EvaluationEnvironment => ({ kind, roots, nowMs });
  return {
    consensus: env(
      'consensus',
      new Map<string, unknown>([
        ['approvers', approvers],
        ['credentials', context.credentials ?? []],
      ]),
    ),
    condition: env('condition', condition),
    scope: env('scope', condition),
    time: env('time', new Map<string, unknown>([['time', { now: new PolicyTimestamp(BigInt(nowMs) * 1_000_000n) }]])),
  };
}

/** Fills each backward-compatible alias from its target and the reverse (docs/service-behaviour.md#policy-language). */
function withSolanaAliases(tx: Record<string, unknown>): Record<string, unknown> {
  const out = { ...tx };
  for (const [alias, target] of Object.entries(SOLANA_TRANSACTION_ALIASES)) {
    out[target] ??= tx[alias];
    out[alias] ??= tx[target];
  }
  return out;
}

function validatePolicies(policies: readonly PolicyInput[]): void {
  if (!Array.isArray(policies)) throw new PolicyInputError('policies', `must be an array, got ${describeInput(policies)}`);
  policies.forEach((p: unknown, i) => {
    const at = `policies[${i}]`;
    if (typeof p !== 'object' || p === null) throw new PolicyInputError(at, `must be an object, got ${describeInput(p)}`);
    const policy = p as Record<string, unknown>;
    if (typeof policy.policyId !== 'string' || policy.policyId === '') {
      throw new PolicyInputError(`${at}.policyId`, `must be a non-empty string, got ${describeInput(policy.policyId)}`);
    }
    if (policy.effect !== 'EFFECT_ALLOW' && policy.effect !== 'EFFECT_DENY') {
      throw new PolicyInputError(`${at}.effect`, `must be 'EFFECT_ALLOW' or 'EFFECT_DENY', got ${describeInput(policy.effect)}`);
    }
    for (const field of ['policyName', 'condition', 'consensus', 'time']) {
      const v = policy[field];
      if (v !== undefined && typeof v !== 'string')
        throw new PolicyInputError(`${at}.${field}`, `must be a string when present, got ${describeInput(v)}`);
    }
  });
}

/** Checks the parts of the context every evaluation relies on; returns `now` in ms. */
function validateContext(context: PolicyContext): number {
  if (typeof context !== 'object' || context === null)
    throw new PolicyInputError('context', `must be an object, got ${describeInput(context)}`);
  const activity: unknown = context.activity;
  if (typeof activity !== 'object' || activity === null)
    throw new PolicyInputError('context.activity', `must be an object, got ${describeInput(activity)}`);
  const type = (activity as Record<string, unknown>).type;
  if (typeof type !== 'string' || type === '')
    throw new PolicyInputError('context.activity.type', `must be a non-empty string, got ${describeInput(type)}`);
  if (!Array.isArray(context.approvers))
    throw new PolicyInputError('context.approvers', `must be an array, got ${describeInput(context.approvers)}`);
  context.approvers.forEach((u: unknown, i) => {
    const id = typeof u === 'object' && u !== null ? (u as Record<string, unknown>).id : undefined;
    if (typeof id !== 'string') throw new PolicyInputError(`context.approvers[${i}].id`, `must be a string, got ${describeInput(id)}`);
  });
  const now: unknown = context.now;
  const nowMs = now instanceof Date ? now.getTime() : now;
  if (typeof nowMs !== 'number' || !Number.isFinite(nowMs)) {
    throw new PolicyInputError(
      'context.now',
      `must be a valid Date or a number of milliseconds since the epoch, got ${describeInput(now)}`,
    );
  }
  validateSecret(context.secret);
  const voted: unknown = context.votedActivity;
  if (voted !== undefined) {
    const consensus = typeof voted === 'object' && voted !== null ? (voted as Record<string, unknown>).consensus : undefined;
    if (consensus !== 'POLICY' && consensus !== 'ROOT_QUORUM')
      throw new PolicyInputError('context.votedActivity.consensus', `must be 'POLICY' or 'ROOT_QUORUM', got ${describeInput(consensus)}`);
  }
  const quorum: unknown = context.rootQuorum;
  if (quorum !== undefined) {
    const q = quorum as Record<string, unknown>;
    if (typeof quorum !== 'object' || quorum === null || !Array.isArray(q.userIds) || !q.userIds.every((id) => typeof id === 'string')) {
      throw new PolicyInputError('context.rootQuorum.userIds', 'must be an array of user ids');
    }
    if (typeof q.threshold !== 'number' || !Number.isInteger(q.threshold) || q.threshold < 1) {
      throw new PolicyInputError('context.rootQuorum.threshold', `must be a positive integer, got ${describeInput(q.threshold)}`);
    }
  }
  return Math.floor(nowMs);
}

/** Static properties are strings both ways (https://docs.turnkey.com/features/secrets). */
function validateSecret(secret: unknown): void {
  if (secret === undefined) return;
  const properties = typeof secret === 'object' && secret !== null ? (secret as Record<string, unknown>).static_properties : undefined;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) {
    throw new PolicyInputError('context.secret.static_properties', `must be an object of string values, got ${describeInput(properties)}`);
  }
  for (const [key, value] of Object.entries(properties)) {
    if (typeof value !== 'string')
      throw new PolicyInputError(`context.secret.static_properties.${key}`, `must be a string, got ${describeInput(value)}`);
  }
}
