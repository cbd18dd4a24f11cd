// Drift detection and change summaries. The `walletinfra-drift` bin is `cli.ts`; these exports let
// other tools build the same report from their own engine events.
export { parseArgs, USAGE, type DriftArgs } from './args';
export { collectSteps, collectFromMetadata, isInfrastructure, type CollectedStep } from '../stack/collect';
export { metadataFromDigest, nameFromUrn, typeFromUrn } from '../stack/events';
export type {
  DeploymentLike,
  EngineEventLike,
  PreviewDigestLike,
  StateResourceLike,
  StepMetadataLike,
  StepStateLike,
} from '../stack/events';
export { renderChangesMarkdown, changedRegion, codeSpan, formatValue, DEFAULT_MAX_MARKDOWN_LENGTH, type MarkdownOptions } from './markdown';
export { getAtPath, parsePropertyPath, topLevelKey } from './paths';
export { isSensitivePath, redactValue } from '../stack/redact';
/** What the engine sends for values not known until apply. */
export { isSecretEnvelope, UNKNOWN as UNKNOWN_SENTINEL } from '../wire';
export { buildReport, buildStackReport, exitCodeFor, remediationCommand, shellQuote, type StackInput } from './report';
export { automationRunner, describeRunError, type StackRunner } from '../stack/run';
export { main, defaultDeps, type CliDeps } from './cli';
export { declaredObjects, type DeclaredObject } from './unmanaged/declared';
export { configRules, IGNORE_CONFIG_KEY, matchingRule } from './unmanaged/ignore';
export { organizationInventory, reportOrder, type InventoryOptions, type OrganizationInput } from './unmanaged/inventory';
export { historyTypes, Provenance } from './unmanaged/provenance';
export { sessionReaders, type InventoryReader, type MakeInventoryReader } from './unmanaged/read';
export { unmanagedReport, type UnmanagedSettings } from './unmanaged/run';
export { unmanagedCallouts, unmanagedSection } from './unmanaged/markdown';
export type {
  ActivityUser,
  DeclarationLanguage,
  IgnoreRule,
  InventoryCounts,
  InventoryObject,
  KindInventoryReport,
  ObjectStatus,
  OrganizationInventoryReport,
  Origin,
  UnmanagedReport,
} from './unmanaged/types';
export { PROVIDER_CODE_PLACEHOLDER, SECRET_PLACEHOLDER, UNKNOWN_PLACEHOLDER } from '../stack/redact';
export {
  REPORT_SCHEMA_VERSION,
  type ChangeReport,
  type DriftCounts,
  type PreviewCounts,
  type PropertyChange,
  type ReportMode,
  type ResourceChange,
  type StackReport,
  type StackStatus,
  type ToolVersions,
} from './types';
