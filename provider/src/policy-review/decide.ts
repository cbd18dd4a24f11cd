// One request against one set of policies: the decision in the words test files use (ALLOW, DENY,
// REQUIRES_CONSENSUS), and the policies that decided it.
import { evaluatePolicies, type PolicyContext, type PolicyDecision, type PolicyEvaluationResult, type PolicyInput } from '@walletinfra/sdk';

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
}

export interface DecisionResult {
  decision: Decision;
  outcome: PolicyDecision['outcome'];
  evaluations: PolicyEvaluationResult[];
  /** The policies whose outcome made the decision (empty for an implicit deny or a root-quorum allow). */
  deciding: PolicyEvaluationResult[];
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

export function decide(policies: readonly ReviewPolicy[], context: PolicyContext): DecisionResult {
  const result = evaluatePolicies(toPolicyInputs(policies), context);
  // An implicit deny has no deciding policy: nothing allowed the request.
  const deciding = result.outcome === 'OUTCOME_DENY_IMPLICIT' ? [] : result.evaluations.filter((e) => e.outcome === result.outcome);
  return { decision: decisionOf(result.outcome), outcome: result.outcome, evaluations: result.evaluations, deciding };
}

/** `name: OUTCOME_X (error)` for each policy, for failure messages. */
export function describeEvaluations(evaluations: readonly PolicyEvaluationResult[]): string[] {
  return evaluations.map((e) => `${e.policyName ?? e.policyId}: ${e.outcome}${e.error !== undefined ? ` (${e.error})` : ''}`);
}
