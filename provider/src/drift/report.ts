// Builds the drift / preview report from collected steps. Pure: the run time and tool versions come in as
// arguments (injectable clock), so recorded events always give the same report.
import { PROVIDER_KEY } from '../wire';
import { kindOfToken } from '../resources/kinds';
import type { CollectedStep } from '../stack/collect';
import { nameFromUrn, type StepMetadataLike, type StepStateLike } from '../stack/events';
import { getAtPath, topLevelKey } from './paths';
import { redactValue } from '../stack/redact';
import { hasImpact } from '../policy-review/impact-report';
import type { UnmanagedReport } from './unmanaged/types';
import {
  REPORT_SCHEMA_VERSION,
  type ChangeReport,
  type DriftCounts,
  type PreviewCounts,
  type PropertyChange,
  type ReportMode,
  type ResourceChange,
  type StackReport,
  type ToolVersions,
} from './types';

/** Quotes a word for a POSIX shell when it needs it. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:@=-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Drift is fixed by applying the code again; a preview is applied with `up`, refreshing first either way. */
export function remediationCommand(mode: ReportMode, stack: string, workDir: string): string {
  const cwd = workDir === '' || workDir === '.' ? '' : ` --cwd ${shellQuote(workDir)}`;
  return mode === 'drift'
    ? `pulumi up --refresh --stack ${shellQuote(stack)}${cwd}`
    : `pulumi up --refresh --stack ${shellQuote(stack)}${cwd}`;
}

/** Inputs when the state has the property there (what the program declared), else outputs. */
function valueAt(state: StepStateLike | null | undefined, path: string): unknown {
  if (state === null || state === undefined) return undefined;
  const key = topLevelKey(path);
  const inputs = state.inputs ?? undefined;
  if (inputs !== undefined && Object.prototype.hasOwnProperty.call(inputs, key)) return getAtPath(inputs, path);
  return getAtPath(state.outputs ?? undefined, path);
}

function kindOf(before: unknown, after: unknown): PropertyChange['kind'] {
  if (before === undefined && after !== undefined) return 'add';
  if (before !== undefined && after === undefined) return 'delete';
  return 'update';
}

function propertyChange(path: string, before: unknown, after: unknown, forcesReplacement: boolean): PropertyChange {
  const change: PropertyChange = { property: path, kind: kindOf(before, after), forcesReplacement };
  if (before !== undefined) change.before = redactValue(before, path);
  if (after !== undefined) change.after = redactValue(after, path);
  return change;
}

/** The changed properties of one step, from `detailedDiff` when present, else from `diffs`. */
function propertyChanges(m: StepMetadataLike): PropertyChange[] {
  const replaceKeys = new Set(m.keys ?? []);
  const detailed = m.detailedDiff ?? {};
  const paths = Object.keys(detailed).length > 0 ? Object.keys(detailed) : [...(m.diffs ?? [])];
  const changes = paths.map((path) => {
    const engineKind = detailed[path]?.diffKind ?? detailed[path]?.kind ?? '';
    const forces = engineKind.endsWith('-replace') || replaceKeys.has(topLevelKey(path)) || replaceKeys.has(path);
    return propertyChange(path, valueAt(m.old, path), valueAt(m.new, path), forces);
  });
  return changes.sort((a, b) => (a.property < b.property ? -1 : a.property > b.property ? 1 : 0));
}

/** Every declared input of a resource about to be created, so reviewers see what it will be. */
function creationChanges(m: StepMetadataLike): PropertyChange[] {
  const inputs = m.new?.inputs ?? {};
  return Object.keys(inputs)
    .filter((k) => k !== PROVIDER_KEY)
    .sort()
    .map((k) => propertyChange(k, undefined, inputs[k], false));
}

function resourceChange(step: CollectedStep): ResourceChange {
  const m = step.metadata;
  const id = m.old?.id || m.new?.id || undefined;
  const typeSegments = step.type.split(':');
  // Our kinds by their name (dynamic and native tokens alike); anything else by its token's last segment.
  const out: ResourceChange = {
    type: step.type,
    typeName: kindOfToken(step.type)?.type ?? typeSegments[typeSegments.length - 1] ?? step.type,
    name: nameFromUrn(step.urn),
    urn: step.urn,
    op: step.op,
    changes: step.op === 'create' ? creationChanges(m) : step.op === 'delete' ? [] : propertyChanges(m),
    replaceRequired: step.op === 'replace',
  };
  if (id !== undefined) out.id = id;
  return out;
}

const PREVIEW_OPS = ['create', 'update', 'replace', 'delete'] as const;

function isChange(mode: ReportMode, op: string): boolean {
  return mode === 'drift' ? op === 'update' || op === 'delete' : (PREVIEW_OPS as readonly string[]).includes(op);
}

function sortResources(a: ResourceChange, b: ResourceChange): number {
  return a.typeName.localeCompare(b.typeName) || a.name.localeCompare(b.name) || a.urn.localeCompare(b.urn);
}

function emptyCounts(mode: ReportMode): DriftCounts | PreviewCounts {
  return mode === 'drift' ? { drifted: 0, deletedOutsideCode: 0, clean: 0 } : { create: 0, update: 0, replace: 0, delete: 0, same: 0 };
}

function count(mode: ReportMode, steps: readonly CollectedStep[]): DriftCounts | PreviewCounts {
  if (mode === 'drift') {
    const c: DriftCounts = { drifted: 0, deletedOutsideCode: 0, clean: 0 };
    for (const s of steps) {
      if (s.op === 'update') c.drifted += 1;
      else if (s.op === 'delete') c.deletedOutsideCode += 1;
      else c.clean += 1;
    }
    return c;
  }
  const c: PreviewCounts = { create: 0, update: 0, replace: 0, delete: 0, same: 0 };
  for (const s of steps) {
    const op = (PREVIEW_OPS as readonly string[]).includes(s.op) ? (s.op as (typeof PREVIEW_OPS)[number]) : 'same';
    c[op] += 1;
  }
  return c;
}

export interface StackInput {
  stack: string;
  workDir: string;
  steps: readonly CollectedStep[];
  /** Set when the run failed; the steps seen so far are still reported. */
  error?: string;
}

export function buildStackReport(mode: ReportMode, input: StackInput): StackReport {
  const resources = input.steps
    .filter((s) => isChange(mode, s.op))
    .map(resourceChange)
    .sort(sortResources);
  const status = input.error !== undefined ? 'error' : resources.length === 0 ? 'clean' : mode === 'drift' ? 'drift' : 'changes';
  const report: StackReport = {
    stack: input.stack,
    workDir: input.workDir,
    status,
    summary: count(mode, input.steps),
    resources,
    remediation: remediationCommand(mode, input.stack, input.workDir),
  };
  if (input.error !== undefined) report.error = input.error;
  return report;
}

export function buildReport(
  mode: ReportMode,
  runAt: Date,
  tools: ToolVersions,
  stacks: readonly StackReport[],
  unmanaged?: UnmanagedReport,
): ChangeReport {
  const total = emptyCounts(mode) as unknown as Record<string, number>;
  for (const s of stacks) {
    for (const [k, v] of Object.entries(s.summary as unknown as Record<string, number>)) total[k] = (total[k] ?? 0) + v;
  }
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    mode,
    runAt: runAt.toISOString(),
    tools,
    summary: total as unknown as DriftCounts | PreviewCounts,
    stacks: [...stacks],
    ...(unmanaged !== undefined ? { unmanaged } : {}),
  };
}

/**
 * 1 when any stack failed or the unmanaged-objects report could not be made (an error outranks drift: the
 * report is incomplete); else 2 on drift or an unmanaged object; else 0.
 * A preview reports planned changes with 2 only when asked (`--detailed-exitcode`, as `terraform plan`
 * does): a pull request that changes something is the normal case, not a failure.
 */
export function exitCodeFor(report: ChangeReport, detailedPreview = false, failOnImpact = false): 0 | 1 | 2 {
  if (report.stacks.some((s) => s.status === 'error') || report.unmanaged?.status === 'not-evaluable') return 1;
  if (failOnImpact) {
    // A gate cannot pass on an impact it could not compute.
    if (report.stacks.some((s) => s.policyImpact?.status === 'not-evaluable')) return 1;
    if (report.stacks.some((s) => hasImpact(s.policyImpact))) return 2;
  }
  if (report.mode === 'preview' && !detailedPreview) return 0;
  if (report.unmanaged?.status === 'evaluated' && report.unmanaged.totals.unmanaged > 0) return 2;
  return report.stacks.some((s) => s.status === 'drift' || s.status === 'changes') ? 2 : 0;
}
