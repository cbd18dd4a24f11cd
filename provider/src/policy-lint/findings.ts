// The policy linter's findings as users read them, wherever it runs: a Policy's preview (../resources/policy/
// dependencies.ts), `walletinfra-policy lint` (../policy-review/lint-cli.ts) and the Pulumi policy pack
// (./pack.ts). The rules are the sdk's (`lintPolicies`, docs/policy-lint.md); each message says why the pattern is
// dangerous, how to fix it, how to silence it for one policy and where the rule is documented.
import type { PolicyLintFinding, PolicyLintRuleId } from '@walletinfra/sdk/policy';
import type { LintLevel } from '../config/settings';

/** Where a rule is documented, with its example and the guide it comes from. */
export function ruleDocs(rule: PolicyLintRuleId): string {
  return `docs/policy-lint.md#${rule}`;
}

/**
 * The severity of a finding at a level: at `error` every finding is an error; at `warn` a finding keeps the rule's
 * own severity (a function name the uploaded ABI lacks is an error at any level).
 */
export function severityAt(finding: Pick<PolicyLintFinding, 'severity'>, level: Exclude<LintLevel, 'off'>): 'warning' | 'error' {
  return level === 'error' ? 'error' : finding.severity;
}

/** `<rule>: <why and fix> (silence …; docs …)`. */
export function findingText(finding: Pick<PolicyLintFinding, 'rule' | 'message'>): string {
  return (
    `${finding.rule}: ${finding.message} ` +
    `(to accept it for this policy, add 'lint-ignore: ${finding.rule}' to its notes; see ${ruleDocs(finding.rule)})`
  );
}

/** Where in the policy: `condition (line 1, column 30)`, `consensus`, or nothing. */
export function findingPlace(finding: Pick<PolicyLintFinding, 'field' | 'position'>): string {
  if (finding.field === undefined) return '';
  const at = finding.position !== undefined ? ` (line ${finding.position.line}, column ${finding.position.column})` : '';
  return `${finding.field}${at}`;
}

/** One line per rule: what it finds (the policy pack's descriptions, the README's table). */
export const RULE_SUMMARIES: Readonly<Record<PolicyLintRuleId, string>> = {
  'allow-without-condition': 'An EFFECT_ALLOW policy with no condition, or one that is true for every request, allows every activity.',
  'unscoped-signing-or-export':
    'An ALLOW covering signing or exports that names no wallet, private key, tag or address lets one approver use every key.',
  'management-without-consensus':
    'An ALLOW of user, API-key, authenticator or policy management that a single approver can use lets one credential grant itself more.',
  'deny-never-matches': 'A DENY whose condition contradicts itself or compares a field with a value it never takes blocks nothing.',
  'allow-shadowed-by-deny': 'An ALLOW whose every request a broader DENY also matches never takes effect.',
  'unsatisfiable-consensus': "A consensus no set of the organization's users can meet leaves the activities it allows waiting forever.",
  'field-never-carried': 'A condition reading a field its activities never carry fails to evaluate, so the policy never applies.',
  'contract-call-interface':
    'Reading decoded contract calls without an interface uploaded for the contract never matches; a function name the ABI lacks is an error.',
};
