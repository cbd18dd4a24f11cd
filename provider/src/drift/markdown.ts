// Markdown for people: the scheduled drift job's summary and the pull-request preview comment share this
// renderer. Input is an already-redacted report.
import {
  PROVIDER_CODE_PLACEHOLDER,
  SECRET_PLACEHOLDER,
  UNKNOWN_PLACEHOLDER,
  type ChangeReport,
  type DriftCounts,
  type PreviewCounts,
  type PropertyChange,
  type ResourceChange,
  type StackReport,
} from './types';

/** Shown as they are (not as JSON strings), so `[secret]` reads as a marker, not a value. */
const PLACEHOLDERS = new Set([SECRET_PLACEHOLDER, UNKNOWN_PLACEHOLDER, PROVIDER_CODE_PLACEHOLDER]);

export interface MarkdownOptions {
  /** Values longer than this are cut (with an ellipsis) so a comment stays readable. Default 160. */
  maxValueLength?: number;
}

const OP_LABEL: Record<string, string> = {
  create: 'create',
  update: 'update',
  replace: '**replace**',
  delete: 'delete',
};

/** A value as an inline code span; the fence grows past any backticks inside (CommonMark code spans). */
export function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A table cell: pipes escaped, line breaks flattened. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

export function formatValue(value: unknown, maxLength = 160): string {
  if (value === undefined) return '—';
  let text = typeof value === 'string' && PLACEHOLDERS.has(value) ? value : JSON.stringify(value);
  if (text.length > maxLength) text = `${text.slice(0, maxLength - 1)}…`;
  return cell(codeSpan(text));
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function isDrift(counts: DriftCounts | PreviewCounts): counts is DriftCounts {
  return 'drifted' in counts;
}

function statusLabel(s: StackReport, mode: ChangeReport['mode']): string {
  switch (s.status) {
    case 'clean':
      return mode === 'drift' ? 'no drift' : 'no changes';
    case 'drift':
      return 'drift detected';
    case 'changes':
      return 'changes planned';
    default:
      return 'error';
  }
}

function summaryTable(report: ChangeReport): string[] {
  if (report.mode === 'drift') {
    const rows = report.stacks.map((s) => {
      const c = s.summary as DriftCounts;
      return `| ${cell(codeSpan(s.stack))} | ${statusLabel(s, report.mode)} | ${c.drifted} | ${c.deletedOutsideCode} | ${c.clean} |`;
    });
    return ['| Stack | Status | Drifted | Deleted outside code | Clean |', '|---|---|---:|---:|---:|', ...rows];
  }
  const rows = report.stacks.map((s) => {
    const c = s.summary as PreviewCounts;
    return `| ${cell(codeSpan(s.stack))} | ${statusLabel(s, report.mode)} | ${c.create} | ${c.update} | ${c.replace} | ${c.delete} | ${c.same} |`;
  });
  return ['| Stack | Status | Create | Update | Replace | Delete | Unchanged |', '|---|---|---:|---:|---:|---:|---:|', ...rows];
}

function resourceHeading(mode: ChangeReport['mode'], r: ResourceChange): string {
  const id = r.id !== undefined ? ` (${codeSpan(r.id)})` : '';
  if (mode === 'drift') {
    return r.op === 'delete'
      ? `#### ${r.name}${id}: deleted outside code`
      : `#### ${r.name}${id}: changed outside code`;
  }
  const forced = r.changes.filter((c) => c.forcesReplacement).map((c) => codeSpan(c.property));
  const why = r.op === 'replace' && forced.length > 0 ? ` (forced by ${forced.join(', ')})` : '';
  return `#### ${r.name}${id}: ${OP_LABEL[r.op] ?? r.op}${why}`;
}

function changeTable(mode: ChangeReport['mode'], changes: readonly PropertyChange[], max: number): string[] {
  if (changes.length === 0) return [];
  const [beforeLabel, afterLabel] = mode === 'drift' ? ['In the stack', 'Live'] : ['Before', 'After'];
  const withReplace = changes.some((c) => c.forcesReplacement);
  const header = withReplace ? `| Property | ${beforeLabel} | ${afterLabel} | Note |` : `| Property | ${beforeLabel} | ${afterLabel} |`;
  const rule = withReplace ? '|---|---|---|---|' : '|---|---|---|';
  const rows = changes.map((c) => {
    const base = `| ${cell(codeSpan(c.property))} | ${formatValue(c.before, max)} | ${formatValue(c.after, max)} |`;
    return withReplace ? `${base} ${c.forcesReplacement ? 'forces replacement' : ''} |` : base;
  });
  return [header, rule, ...rows];
}

function stackSection(mode: ChangeReport['mode'], s: StackReport, max: number): string[] {
  const lines: string[] = [`## Stack ${codeSpan(s.stack)}: ${statusLabel(s, mode)}`, ''];
  if (s.status === 'error') {
    lines.push('The run failed, so this stack was not fully checked:', '', '```text', s.error ?? 'unknown error', '```', '');
  }
  if (s.resources.length === 0) {
    if (s.status !== 'error') lines.push(mode === 'drift' ? 'Every resource matches the stack.' : 'Nothing to change.', '');
    return lines;
  }
  if (mode === 'drift') {
    const c = s.summary as DriftCounts;
    lines.push(
      `${plural(c.drifted, 'resource')} changed and ${plural(c.deletedOutsideCode, 'resource')} deleted outside code.`,
      '',
      `To restore what the code declares, run ${codeSpan(s.remediation)}. To keep a change instead, edit the program to match, then run ${codeSpan(s.remediation.replace('pulumi up --refresh', 'pulumi refresh'))}.`,
      '',
    );
  } else {
    lines.push(`Applied on merge with ${codeSpan(s.remediation)}.`, '');
  }
  const groups = new Map<string, ResourceChange[]>();
  for (const r of s.resources) groups.set(r.typeName, [...(groups.get(r.typeName) ?? []), r]);
  for (const [typeName, resources] of groups) {
    lines.push(`### ${typeName}`, '');
    for (const r of resources) {
      lines.push(resourceHeading(mode, r), '');
      const table = changeTable(mode, r.changes, max);
      if (table.length > 0) lines.push(...table, '');
    }
  }
  return lines;
}

/** Renders a report as Markdown (GitHub-flavoured tables). Deterministic for a given report. */
export function renderChangesMarkdown(report: ChangeReport, options: MarkdownOptions = {}): string {
  const max = options.maxValueLength ?? 160;
  const title = report.mode === 'drift' ? '# Drift report' : '# Planned changes';
  const tools = [`walletinfra-drift ${report.tools.walletinfraDrift}`];
  if (report.tools.pulumiCli !== undefined) tools.push(`Pulumi CLI ${report.tools.pulumiCli}`);
  const lines: string[] = [title, '', `Run at ${report.runAt} with ${tools.join(', ')}.`, '', ...summaryTable(report), ''];
  const failed = report.stacks.filter((s) => s.status === 'error').length;
  if (isDrift(report.summary)) {
    const t = report.summary;
    if (t.drifted + t.deletedOutsideCode > 0) {
      lines.push(`**Drift:** ${plural(t.drifted, 'resource')} changed and ${plural(t.deletedOutsideCode, 'resource')} deleted outside code.`, '');
    } else if (failed === 0) {
      lines.push('No drift: the organization matches every stack.', '');
    }
  }
  if (failed > 0) lines.push(`**Incomplete:** ${plural(failed, 'stack')} could not be checked (see below).`, '');
  for (const s of report.stacks) lines.push(...stackSection(report.mode, s, max));
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}
