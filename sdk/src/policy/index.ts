// The policy language (docs/service-behaviour.md#policy-language): parse, print, check and evaluate `condition`, `consensus`,
// `time` and session `scope` expressions.
export type { PolicyExpr, PolicyPosition, BinaryOperator, ComparisonOperator } from './ast';
export { withoutPositions } from './ast';
export { closestName, editDistance } from './suggest';
export { PolicyError, PolicySyntaxError, PolicyEvaluationError, PolicyInputError, type PolicyErrorCode } from './errors';
export { parsePolicyExpression } from './parser';
export { printPolicyExpression } from './printer';
export {
  checkPolicyExpression,
  checkPolicy,
  type PolicyDiagnostic,
  type PolicyField,
  type PolicyCheckOptions,
  POLICY_EXPRESSION_KINDS,
} from './checker';
export {
  VELOCITY_CONTROL_READ,
  velocityControlHolds,
  decimalUnits,
  assetUnits,
  unknownControl,
  type PolicyVelocityControlState,
} from './controls';
export type { PolicyExpressionKind } from './schema';
export { readPaths, pathWithin } from './reads';
export { checkContractCalls, type ContractCallDiagnostic, type ContractInterfaceInput } from './contract-calls';
export {
  lintPolicies,
  lintIgnores,
  lintContext,
  POLICY_LINT_RULE_IDS,
  type LintPolicy,
  type LintOptions,
  type OrganizationView,
  type PolicyLintFinding,
  type PolicyLintRuleId,
} from './lint';
export {
  activityParamsFor,
  policyUserOf,
  policyRequestFromActivity,
  type ActivityLike,
  type ActivityUserLike,
  type ActivityRequest,
} from './from-activity';
export {
  activityKindOf,
  resourceAndActionOf,
  isRootQuorumOnlyActivity,
  ACTIVITY_TYPES,
  ACTIVITY_KINDS,
  ACTIVITY_RESOURCES,
  ACTIVITY_ACTIONS,
  ROOT_QUORUM_ONLY_ACTIVITY_TYPES,
  type ActivityResource,
  type ActivityAction,
} from './activity';
export {
  evaluatePolicies,
  evaluatePolicyExpression,
  policyDenialMessage,
  type PolicyInput,
  type PolicyOutcome,
  type PolicyEvaluationResult,
  type PolicyFieldError,
  type PolicyDecision,
} from './evaluate-policies';
export {
  IMPLICIT_PERMISSION_DESCRIPTIONS,
  OWN_CREDENTIAL_ACTIVITY_KINDS,
  VOTE_ACTIVITY_KINDS,
  DECIDED_BY_POLICIES,
  type ImplicitPermission,
} from './implicit-permissions';
export type {
  PolicyInt,
  PolicyValue,
  PolicyUser,
  PolicyCredential,
  PolicyActivity,
  PolicyWallet,
  PolicyWalletAccount,
  PolicySecret,
  PolicyPrivateKey,
  PolicyEthereumTransaction,
  PolicyEip712TypedData,
  PolicyEip7702Authorization,
  PolicySolanaAccount,
  PolicySolanaAddressTableLookupReference,
  PolicySolanaInstruction,
  PolicySolanaTransaction,
  PolicyTronPermission,
  PolicyTronContract,
  PolicyTronTransaction,
  PolicyBitcoinTransaction,
  PolicyTempoTransaction,
  PolicyContext,
} from './context';
