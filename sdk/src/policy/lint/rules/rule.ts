// What every lint rule takes and gives: one policy (with the others and the organization for context) in, findings
// about it out. Each rule is a pure function in its own file, named by its id (docs/policy-lint.md#rules).
import type { PolicyPosition } from '../../ast';
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
