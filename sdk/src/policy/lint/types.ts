// The linter's inputs and outputs.
import type { PolicyPosition } from '../ast';
import type { ContractInterfaceInput } from '../contract-calls';

export const POLICY_LINT_RULE_IDS = [
  'allow-without-condition',
  'unscoped-signing-or-export',
  'management-without-consensus',
  'deny-never-matches',
  'allow-shadowed-by-deny',
  'unsatisfiable-consensus',
  'field-never-carried',
  'contract-call-interface',
] as const;
export type PolicyLintRuleId = (typeof POLICY_LINT_RULE_IDS)[number];

/** A policy as declared or as the service lists it. */
export interface LintPolicy {
  policyName: string;
  effect: string;
  condition?: string | undefined;
  consensus?: string | undefined;
  /** `lint-ignore: <rule-id>[, <rule-id>…]` here silences those rules for this policy */
  notes?: string | undefined;
}

/** What the linter may know of the organization; each part enables the rules that need it. */
export interface OrganizationView {
  /** users with their tag ids; `isRoot` for members of the root quorum (they bypass policies) */
  users?: ReadonlyArray<{ userId: string; userName?: string; userEmail?: string; tags?: readonly string[]; isRoot?: boolean }>;
  /** user tags, to name tags in messages */
  userTags?: ReadonlyArray<{ tagId: string; tagName: string }>;
  rootQuorum?: { userIds: readonly string[]; threshold: number };
  /** uploaded (or planned) interfaces, for the contract-call rule */
  smartContractInterfaces?: readonly ContractInterfaceInput[];
  /** identifiers of the velocity controls */
  velocityControls?: readonly string[];
}

export interface PolicyLintFinding {
  rule: PolicyLintRuleId;
  /** the default severity: the provider reports warnings at preview and may make them errors */
  severity: 'warning' | 'error';
  policyName: string;
  /** the policy's position in the input */
  policyIndex: number;
  field?: 'condition' | 'consensus';
  /** where in the field, when the rule can say */
  position?: PolicyPosition;
  /** why it is dangerous and how to fix it */
  message: string;
}
