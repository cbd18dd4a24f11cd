// One request against one set of policies: the decision in the words test files use (ALLOW, DENY,
// REQUIRES_CONSENSUS), the policies (or the service's implicit permission) that decided it, and the policy
// errors that may hide the service's real decision.
import {
  IMPLICIT_PERMISSION_DESCRIPTIONS,
  evaluatePolicies,
  type ImplicitPermission,
  type PolicyContext,
  type PolicyDecision,
  type PolicyEvaluationResult,
  type PolicyInput,
  unknownControl,
} from '@walletinfra/sdk/policy';

export type Decision = 'ALLOW' | 'DENY' | 'REQUIRES_CONSENSUS';
export const DECISIONS: readonly Decision[] = ['ALLOW', 'DENY', 'REQUIRES_CONSENSUS'];

/** A policy as the tools take it: the service's fields; `policyId` defaults to the name. */
export interface ReviewPolicy {
  policyId?: string;
  policyName: string;
  effect: 'EFFECT_ALLOW' | 'EFFECT_DENY';
  condition?: string;
  consensus?: string;
  time?: string;
  /** Not decided on; the linter reads `lint-ignore: <rule>` here. */
  notes?: string;
}

export interface DecisionResult {
  decision: Decision;
  outcome: PolicyDecision['outcome'];
  evaluations: PolicyEvaluationResult[];
  /** The policies whose outcome made the decision (empty for an implicit deny or an implicit permission). */
  deciding: PolicyEvaluationResult[];
  /** The service's exception that allowed the request, when no policy did. */
  implicitPermission?: ImplicitPermission;
  /** The effect of each policy, by id, for judging its errors. */
  effects: ReadonlyMap<string, ReviewPolicy['effect']>;
}

function decisionOf(outcome: PolicyDecision['outcome']): Decision {
  if (outcome === 'OUTCOME_ALLOW') return 'ALLOW';
  if (outcome === 'OUTCOME_REQUIRES_CONSENSUS') return 'REQUIRES_CONSENSUS';
  return 'DENY';
}

function toPolicyInputs(policies: readonly ReviewPolicy[]): PolicyInput[] {
  return policies.map((p) => {
    const input: PolicyInput = { policyId: p.policyId ?? p.policyName, policyName: p.policyName, effect: p.effect };
    for (const k of ['condition', 'consensus', 'time'] as const) if (p[k] !== undefined) input[k] = p[k];
    return input;
  });
}

/**
 * A policy reading `controls.<identifier>` that neither the declared controls nor the request know is the service's
 * refusal of an unknown identifier; its error says so and names the nearest known one, as preview does
 * (@walletinfra/sdk `unknownControl`, the checker's message).
 */
function withControlSuggestions(e: PolicyEvaluationResult, known: readonly string[]): PolicyEvaluationResult {
  if (e.errors === undefined || !e.errors.some((f) => f.missing?.startsWith('controls.') === true)) return e;
  const errors = e.errors.map((f) => {
    const identifier = f.missing?.startsWith('controls.') === true ? f.missing.slice('controls.'.length) : undefined;
    return identifier === undefined || known.includes(identifier)
      ? f
      : { ...f, message: `${f.message}; ${unknownControl(identifier, known).message}` };
  });
  return { ...e, errors, error: errors.map((f) => `${f.field}: ${f.message}`).join('; ') };
}

/** The decision on one request; `controls` are the identifiers of the velocity controls declared besides the request's. */
export function decide(policies: readonly ReviewPolicy[], context: PolicyContext, controls: readonly string[] = []): DecisionResult {
  const decided = evaluatePolicies(toPolicyInputs(policies), context);
  const known = [...new Set([...controls, ...Object.keys(context.controls ?? {})])];
  const result = { ...decided, evaluations: decided.evaluations.map((e) => withControlSuggestions(e, known)) };
  // An implicit deny or an implicit permission has no deciding policy.
  const deciding =
    result.outcome === 'OUTCOME_DENY_IMPLICIT' || result.implicitPermission !== undefined
      ? []
      : result.evaluations.filter((e) => e.outcome === result.outcome);
  const out: DecisionResult = {
    decision: decisionOf(result.outcome),
    outcome: result.outcome,
    evaluations: result.evaluations,
    deciding,
    effects: new Map(policies.map((p) => [p.policyId ?? p.policyName, p.effect])),
  };
  if (result.implicitPermission !== undefined) out.implicitPermission = result.implicitPermission;
  return out;
}

export const nameOf = (e: PolicyEvaluationResult): string => e.policyName ?? e.policyId;

/** What decided: `by ops manage tags`, `by implicit permission (…)`, or `(no policy allows it)`. */
export function decidedByText(r: DecisionResult): string {
  if (r.implicitPermission !== undefined) return `by implicit permission (${IMPLICIT_PERMISSION_DESCRIPTIONS[r.implicitPermission]})`;
  if (r.deciding.length > 0) return `by ${r.deciding.map(nameOf).join(', ')}`;
  return r.decision === 'DENY' ? '(no policy allows it)' : '';
}

const NOT_APPLYING = new Set(['OUTCOME_DENY_IMPLICIT', 'OUTCOME_TIME_INACTIVE']);

/**
 * Each policy's outcome for failure messages: the deciding policies first, then the others that apply or
 * could not be evaluated, then those that do not apply folded into one line.
 */
export function outcomeLines(r: Pick<DecisionResult, 'evaluations' | 'deciding'>): string[] {
  const line = (e: PolicyEvaluationResult): string => `${nameOf(e)}: ${e.outcome}${e.error !== undefined ? ` (${e.error})` : ''}`;
  const notApplying = r.evaluations.filter((e) => NOT_APPLYING.has(e.outcome) && !r.deciding.includes(e));
  const others = r.evaluations.filter((e) => !r.deciding.includes(e) && !notApplying.includes(e));
  return [
    ...r.deciding.map((e) => `${line(e)} (decides)`),
    ...others.map(line),
    ...(notApplying.length > 0 ? [`do not apply: ${notApplying.map(nameOf).join(', ')}`] : []),
  ];
}

/** Only the policies that could not be evaluated, for passing cases. */
export function errorLines(r: Pick<DecisionResult, 'evaluations'>): string[] {
  return r.evaluations.filter((e) => e.outcome === 'OUTCOME_ERROR').map((e) => `${nameOf(e)}: ${e.outcome} (${e.error ?? ''})`);
}

const CHAINS = new Set(['eth', 'solana', 'tron', 'bitcoin', 'tempo']);

/**
 * A keyword the request leaves out entirely — `secret`, `wallet`, `eth.tx`, `activity.resource`, an
 * `activity.params` field — which the service cannot read either for such an activity. Anything deeper
 * (`eth.tx.value`, `secret.static_properties['kind']`) is missing inside a value the request gives.
 */
export function isWholeKeyword(path: string): boolean {
  const parts = path.split(/\.|\[/).map((p) => p.replace(/\]$/, '').replace(/^'(.*)'$/, '$1'));
  const [root, second] = parts;
  if (parts.length === 1) return true;
  if (root !== undefined && CHAINS.has(root)) return parts.length === 2;
  if (root === 'activity') return parts.length === 2 || (second === 'params' && parts.length === 3);
  return false;
}

/** A policy error that may hide the service's decision, and why. */
export interface RiskyError {
  policy: string;
  error: string;
  /** `deny`: an EFFECT_DENY policy that might have denied a request decided otherwise; `request`: the request is probably not what the case means. */
  why: 'deny' | 'request';
}

/**
 * The errors a test cannot pass over: every error except reading a keyword the request leaves out entirely,
 * which the service meets too for such an activity (a policy about secrets, evaluated on a wallet creation).
 * A type mismatch, an index out of range or a field missing inside a value the request gives means the
 * request is not what the service would see. `expected` lists the policies (names or ids) the caller expects
 * to fail.
 */
export function riskyErrors(r: DecisionResult, expected: readonly string[]): RiskyError[] {
  const out: RiskyError[] = [];
  for (const e of r.evaluations) {
    if (e.outcome !== 'OUTCOME_ERROR' || expected.includes(e.policyId) || (e.policyName !== undefined && expected.includes(e.policyName)))
      continue;
    if (e.errors !== undefined && e.errors.every((f) => f.missing !== undefined && isWholeKeyword(f.missing))) continue;
    const deny = r.effects.get(e.policyId) === 'EFFECT_DENY' && r.decision !== 'DENY';
    out.push({ policy: nameOf(e), error: e.error ?? '', why: deny ? 'deny' : 'request' });
  }
  return out;
}

/** How a risky error reads; `fix` ends the sentence (how to expect it in a file or in code). */
export function riskyErrorText(risk: RiskyError, fix: string): string {
  return risk.why === 'deny'
    ? `${risk.policy} could not be evaluated, and as an EFFECT_DENY policy it might have denied the request (${risk.error}); give the request what the policy reads, or ${fix}`
    : `${risk.policy} could not be evaluated (${risk.error}), so the request is probably not what the case means; fix the request or the policy, or ${fix}`;
}

/** The expected errors that did not happen: `expected X to fail to evaluate, but it evaluated to OUTCOME_…`. */
export function missedErrors(r: DecisionResult, expected: readonly string[]): string[] {
  return expected.flatMap((want) => {
    const e = r.evaluations.find((x) => x.policyId === want || x.policyName === want);
    if (e === undefined) return [`expected ${want} to fail to evaluate, but no policy has that name or id`];
    return e.outcome === 'OUTCOME_ERROR' ? [] : [`expected ${want} to fail to evaluate, but it evaluated to ${e.outcome}`];
  });
}
