// Markdown for people: the scheduled drift job's summary and the pull-request preview comment share this
// renderer. Input is an already-redacted report.
import { PROVIDER_CODE_PLACEHOLDER, SECRET_PLACEHOLDER, UNKNOWN_PLACEHOLDER } from '../stack/redact';
import type { ChangeReport, DriftCounts, PreviewCounts, PropertyChange, ResourceChange, StackReport } from './types';
import { codeSpan, plural } from '../internal/markdown-text';
import { impactCallouts, impactSection } from '../policy-review/impact-report';
import { unmanagedCallouts, unmanagedSection } from './unmanaged/markdown';

export { codeSpan };

/** Shown as they are (not as JSON strings), so `[secret]` reads as a marker, not a value. */
const PLACEHOLDERS = new Set([SECRET_PLACEHOLDER, UNKNOWN_PLACEHOLDER, PROVIDER_CODE_PLACEHOLDER]);

export interface MarkdownOptions {
  /**
   * Longer values show only the region where before and after differ, with some context, in the table; the full
   * values follow in a folded `<details>` block. Default 160.
   */
  maxValueLength?: number;
  /**
   * The whole text stays under this many characters (GitHub refuses comments over 65,536): past it the folded
   * full values go first, then the remaining resources, with a pointer to the JSON report. Default 60,000.
   */
  maxLength?: number;
}

/** GitHub's limit for an issue or pull-request comment body is 65,536 characters; this leaves room for a marker. */
export const DEFAULT_MAX_MARKDOWN_LENGTH = 60_000;
const CONTEXT = 24;

const OP_LABEL: Record<string, string> = {
  create: 'create',
  update: 'update',
  replace: '**replace**',
  delete: 'delete',
};

/** A table cell: pipes escaped, line breaks flattened. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

/** The text a value is shown as: placeholders as they are, everything else as JSON. */
function valueText(value: unknown): string {
  return typeof value === 'string' && PLACEHOLDERS.has(value) ? value : JSON.stringify(value);
}

export function formatValue(value: unknown, maxLength = 160): string {
  if (value === undefined) return '—';
  let text = valueText(value);
  if (text.length > maxLength) text = `${text.slice(0, maxLength - 1)}…`;
  return cell(codeSpan(text));
}

/**
 * The changed region of two long texts: everything from the first differing character to the last, with up to
 * `CONTEXT` characters of common text on each side, cut to `max` characters, and an ellipsis where text is left
 * out. The two excerpts always differ when the texts do (each starts at, or just before, the first difference).
 */
export function changedRegion(before: string, after: string, max: number): [string, string] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let endB = before.length;
  let endA = after.length;
  while (endB > start && endA > start && before[endB - 1] === after[endA - 1]) {
    endB -= 1;
    endA -= 1;
  }
  const from = Math.max(0, start - CONTEXT);
  const excerpt = (text: string, end: number): string => {
    const to = Math.min(text.length, end + CONTEXT);
    let body = text.slice(from, to);
    let tail = to < text.length ? '…' : '';
    const head = from > 0 ? '…' : '';
    if (head.length + body.length + tail.length > max) {
      body = body.slice(0, Math.max(start - from + 1, max - head.length - 1));
      tail = '…';
    }
    return `${head}${body}${tail}`;
  };
  return [excerpt(before, endB), excerpt(after, endA)];
}

/** Both cells of a change; long values as their changed region. */
function changeCells(c: PropertyChange, max: number): [string, string, boolean] {
  if (c.before === undefined || c.after === undefined) return [formatValue(c.before, max), formatValue(c.after, max), valueLong(c, max)];
  const b = valueText(c.before);
  const a = valueText(c.after);
  if (b.length <= max && a.length <= max) return [cell(codeSpan(b)), cell(codeSpan(a)), false];
  const [rb, ra] = changedRegion(b, a, max);
  return [cell(codeSpan(rb)), cell(codeSpan(ra)), true];
}

function valueLong(c: PropertyChange, max: number): boolean {
  return [c.before, c.after].some((v) => v !== undefined && valueText(v).length > max);
}

/** A fenced block that no backtick run inside can close. */
function fenced(text: string): string[] {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}json`, text, fence];
}

/** The full values of the long changes of one resource, folded. */
function fullValues(mode: ChangeReport['mode'], changes: readonly PropertyChange[], max: number): string[] {
  const long = changes.filter((c) => valueLong(c, max));
  if (long.length === 0) return [];
  const [beforeLabel, afterLabel] = mode === 'drift' ? ['In the stack', 'Live'] : ['Before', 'After'];
  const lines = ['<details><summary>Full values</summary>', ''];
  for (const c of long) {
    lines.push(
      `${codeSpan(c.property)}, ${beforeLabel.toLowerCase()}:`,
      '',
      ...fenced(c.before === undefined ? '—' : valueText(c.before)),
      '',
    );
    lines.push(
      `${codeSpan(c.property)}, ${afterLabel.toLowerCase()}:`,
      '',
      ...fenced(c.after === undefined ? '—' : valueText(c.after)),
      '',
    );
  }
  lines.push('</details>', '');
  return lines;
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
    return r.op === 'delete' ? `#### ${r.name}${id}: deleted outside code` : `#### ${r.name}${id}: changed outside code`;
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
    const [before, after] = changeCells(c, max);
    const base = `| ${cell(codeSpan(c.property))} | ${before} | ${after} |`;
    return withReplace ? `${base} ${c.forcesReplacement ? 'forces replacement' : ''} |` : base;
  });
  return [header, rule, ...rows];
}

function stackSection(mode: ChangeReport['mode'], s: StackReport, max: number, details: boolean): string[] {
  const lines: string[] = [`## Stack ${codeSpan(s.stack)}: ${statusLabel(s, mode)}`, ''];
  if (s.policyImpact !== undefined) lines.push(...impactSection(s.policyImpact));
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
      if (details) lines.push(...fullValues(mode, r.changes, max));
    }
  }
  return lines;
}

/**
 * Renders a report as Markdown (GitHub-flavoured tables). Deterministic for a given report. The result is never
 * longer than `maxLength`: folded full values are left out first, then trailing lines, with a pointer to the JSON
 * report (which always has everything).
 */
export function renderChangesMarkdown(report: ChangeReport, options: MarkdownOptions = {}): string {
  const limit = options.maxLength ?? DEFAULT_MAX_MARKDOWN_LENGTH;
  const full = renderWith(report, options, true);
  if (full.length <= limit) return full;
  const note = (what: string): string =>
    `\n> **${what}** The full report did not fit (a GitHub comment holds at most 65,536 characters): see the JSON report (\`--json-out\`), uploaded as the workflow run's artifact.\n`;
  const compact = renderWith(report, options, false);
  const foldedNote = note('Full values left out.');
  if (compact.length + foldedNote.length <= limit) return `${compact}${foldedNote}`;
  const cutNote = note('Truncated.');
  let text = compact.slice(0, Math.max(0, limit - cutNote.length));
  text = text.slice(0, Math.max(0, text.lastIndexOf('\n')));
  // An open code fence would swallow the note.
  if ((text.match(/^```/gm) ?? []).length % 2 === 1) text += '\n```';
  return `${text}\n${cutNote}`;
}

function renderWith(report: ChangeReport, options: MarkdownOptions, details: boolean): string {
  const max = options.maxValueLength ?? 160;
  const title = report.mode === 'drift' ? '# Drift report' : '# Planned changes';
  const tools = [`walletinfra-drift ${report.tools.walletinfraDrift}`];
  if (report.tools.pulumiCli !== undefined) tools.push(`Pulumi CLI ${report.tools.pulumiCli}`);
  const lines: string[] = [title, ''];
  // Callouts first: a change that would deny what the organization does, or newly allow something.
  for (const s of report.stacks) if (s.policyImpact !== undefined) lines.push(...impactCallouts(s.stack, s.policyImpact));
  if (report.unmanaged !== undefined) lines.push(...unmanagedCallouts(report.unmanaged));
  lines.push(`Run at ${report.runAt} with ${tools.join(', ')}.`, '', ...summaryTable(report), '');
  const failed = report.stacks.filter((s) => s.status === 'error').length;
  if (isDrift(report.summary)) {
    const t = report.summary;
    const u = report.unmanaged;
    const unmanaged = u?.status === 'evaluated' ? u.totals.unmanaged : 0;
    if (t.drifted + t.deletedOutsideCode > 0) {
      lines.push(
        `**Drift:** ${plural(t.drifted, 'resource')} changed and ${plural(t.deletedOutsideCode, 'resource')} deleted outside code.`,
        '',
      );
    } else if (failed === 0 && unmanaged === 0 && u?.status !== 'not-evaluable') {
      lines.push('No drift: the organization matches every stack.', '');
    }
    if (unmanaged > 0) lines.push(`**Unmanaged:** ${plural(unmanaged, 'object')} at the service that no stack declares (see below).`, '');
  }
  if (failed > 0) lines.push(`**Incomplete:** ${plural(failed, 'stack')} could not be checked (see below).`, '');
  for (const s of report.stacks) lines.push(...stackSection(report.mode, s, max, details));
  if (report.unmanaged !== undefined) lines.push(...unmanagedSection(report.unmanaged, details));
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
