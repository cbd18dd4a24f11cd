// What every lint rule takes and gives: one policy (with the others and the organization for context) in, findings
// about it out. Each rule is a pure function in its own file, named by its id (docs/policy-lint.md#rules).
import type { PolicyPosition } from '../../ast';
import { conditionFacts, type DisjunctFacts } from '../analysis';
import { approvalsOf, type Approvals } from '../consensus';
import type { LintPolicy, OrganizationView, PolicyLintRuleId } from '../types';

export interface RuleFinding {
  rule: PolicyLintRuleId;
  severity: 'warning' | 'error';
  field?: 'condition' | 'consensus';
  message: string;
  position?: PolicyPosition;
}

export interface RuleInput {
  policy: LintPolicy;
  all: readonly LintPolicy[];
  view: OrganizationView | undefined;
}

export const isAllow = (p: LintPolicy): boolean => p.effect === 'EFFECT_ALLOW';

/**
 * An ALLOW a single non-root credential can use: its condition's disjuncts and what its consensus needs. Undefined
 * for a DENY, a condition or consensus the rules cannot read, a consensus that needs two approvers, or one only root
 * users (who bypass policies anyway) can meet.
 */
export function usableByOne({ policy, view }: RuleInput): { disjuncts: DisjunctFacts[]; approvals: Approvals } | undefined {
  if (!isAllow(policy)) return undefined;
  const { disjuncts } = conditionFacts(policy);
  const approvals = approvalsOf(policy.consensus, view);
  if (disjuncts === undefined || approvals === undefined || approvals.needed === 'two' || approvals.onlyRoot) return undefined;
  return { disjuncts, approvals };
}
