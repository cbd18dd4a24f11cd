// The report that `walletinfra-drift` writes (`--json-out`) and renders (`--md-out`). One shape serves both
// modes: `drift` (a refresh preview: what changed in the organization behind Pulumi's back) and `preview`
// (a program preview: what a pull request would change). Field names follow the usual drift-report layout
// (https://www.pulumi.com/docs/iac/packages-and-automation/automation-api/, "What a scheduled drift report usually contains").
import type { StackPolicyImpact } from '../policy-review/impact-report';
import type { UnmanagedReport } from './unmanaged/types';

export type ReportMode = 'drift' | 'preview';

/** Bumped when a field is renamed or removed; new optional fields do not bump it. */
export const REPORT_SCHEMA_VERSION = 1;

export interface PropertyChange {
  /** Property path as the engine reports it, e.g. `condition` or `subscriptions[1].eventType`. */
  property: string;
  /** `add`, `update` or `delete` (the engine's diff kind without the `-replace` suffix). */
  kind: 'add' | 'update' | 'delete';
  /** Drift: the value recorded in the stack. Preview: the current value. Absent when there was none. */
  before?: unknown;
  /** Drift: the live value. Preview: the value the program declares. Absent when removed. */
  after?: unknown;
  /** True when changing this property replaces the object (it cannot be changed in place). */
  forcesReplacement: boolean;
}

export interface ResourceChange {
  /** Full type token, e.g. `pulumi-nodejs:dynamic/walletinfra:Policy`. */
  type: string;
  /** The last segment of the type token, e.g. `Policy`; reports group by it. */
  typeName: string;
  /** The resource's name in the program (the last URN segment). */
  name: string;
  urn: string;
  /** The service's id of the object; absent for objects that do not exist yet. */
  id?: string;
  /**
   * Drift: `update` (changed outside code) or `delete` (deleted outside code).
   * Preview: `create`, `update`, `replace` or `delete`.
   */
  op: string;
  changes: PropertyChange[];
  replaceRequired: boolean;
}

export interface DriftCounts {
  drifted: number;
  deletedOutsideCode: number;
  clean: number;
}

export interface PreviewCounts {
  create: number;
  update: number;
  replace: number;
  delete: number;
  same: number;
}

export type StackStatus = 'clean' | 'drift' | 'changes' | 'error';

export interface StackReport {
  stack: string;
  /** The Pulumi project directory (`--cwd`), as given. */
  workDir: string;
  status: StackStatus;
  summary: DriftCounts | PreviewCounts;
  resources: ResourceChange[];
  /** The command that brings this stack back to the code (drift) or applies the changes (preview). */
  remediation: string;
  /** Present when status is `error`: what went wrong, without secrets. */
  error?: string;
  /** Preview mode, when the stack's planned changes touch Policy resources: what the change would allow or deny. */
  policyImpact?: StackPolicyImpact;
}

export interface ToolVersions {
  walletinfraDrift: string;
  pulumiCli?: string;
  pulumiSdk: string;
  node: string;
}

export interface ChangeReport {
  schemaVersion: number;
  mode: ReportMode;
  /** ISO-8601 time the run started. */
  runAt: string;
  tools: ToolVersions;
  /** Totals over all stacks. */
  summary: DriftCounts | PreviewCounts;
  stacks: StackReport[];
  /** Drift mode (unless `--no-unmanaged`): the objects at the service that no given stack declares. */
  unmanaged?: UnmanagedReport;
}
