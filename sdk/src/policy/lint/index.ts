// A policy linter: the mistakes the service's own guides warn about, found on the parsed policies (the checker's
// types, the activity table and the evaluator), never by matching text. Each rule has a stable id, a message that
// says why it is dangerous and how to fix it, and is silenced for one policy by `lint-ignore: <id>` in its notes
// (docs/policy-lint.md).
import { allowShadowedByDeny } from './rules/allow-shadowed-by-deny';
import { allowWithoutCondition } from './rules/allow-without-condition';
import { contractCallInterface } from './rules/contract-call-interface';
import { denyNeverMatches } from './rules/deny-never-matches';
import { fieldNeverCarried } from './rules/field-never-carried';
import { managementWithoutConsensus } from './rules/management-without-consensus';
import type { RuleFinding, RuleInput } from './rules/rule';
import { unsatisfiableConsensus } from './rules/unsatisfiable-consensus';
import { unscopedSigningOrExport } from './rules/unscoped-signing-or-export';
import { POLICY_LINT_RULE_IDS, type LintPolicy, type OrganizationView, type PolicyLintFinding, type PolicyLintRuleId } from './types';

export { POLICY_LINT_RULE_IDS, type LintPolicy, type OrganizationView, type PolicyLintFinding, type PolicyLintRuleId } from './types';

const RULES: ReadonlyArray<(input: RuleInput) => RuleFinding[]> = [
  allowWithoutCondition,
  unscopedSigningOrExport,
  managementWithoutConsensus,
  denyNeverMatches,
  allowShadowedByDeny,
  unsatisfiableConsensus,
  fieldNeverCarried,
  contractCallInterface,
];

/** The rule ids a policy's notes silence: every `lint-ignore:` marker up to the end of its line (or a ';'), ids separated by commas or spaces. */
export function lintIgnores(notes: string | undefined): Set<PolicyLintRuleId> {
  const out = new Set<PolicyLintRuleId>();
  for (const m of (notes ?? '').matchAll(/lint-ignore:([^\n;]*)/g)) {
    for (const id of (m[1] as string).split(/[\s,]+/)) {
      if ((POLICY_LINT_RULE_IDS as readonly string[]).includes(id)) out.add(id as PolicyLintRuleId);
    }
  }
  return out;
}

/**
 * The policies among `policies` that the rules read when they judge another: a DENY can shadow an ALLOW
 * (allow-shadowed-by-deny); no other rule looks past the policy it judges. Linting a few policies of a large
 * organization, pass these as the context of the subjects: the findings are the same as with every policy, and the
 * cost grows with the DENYs, not with the organization.
 */
export function lintContext<P extends { effect?: unknown }>(policies: readonly P[]): P[] {
  return policies.filter((p) => p.effect === 'EFFECT_DENY');
}

/** Which policies to lint; the others are context only (a DENY that shadows an ALLOW). */
export interface LintOptions {
  /** Positions in `policies` of the policies to report on; default all. */
  subjects?: readonly number[];
}

/**
 * Every finding for every policy, in input order, then rule order. Rules that need the organization (consensus
 * satisfiability, contract interfaces) run only when `view` has what they need.
 */
export function lintPolicies(policies: readonly LintPolicy[], view?: OrganizationView, options: LintOptions = {}): PolicyLintFinding[] {
  const findings: PolicyLintFinding[] = [];
  policies.forEach((policy, policyIndex) => {
    if (options.subjects !== undefined && !options.subjects.includes(policyIndex)) return;
    const ignored = lintIgnores(policy.notes);
    for (const rule of RULES) {
      for (const f of rule({ policy, all: policies, view })) {
        if (ignored.has(f.rule)) continue;
        findings.push({ ...f, policyName: policy.policyName, policyIndex });
      }
    }
  });
  return findings;
}
