// The fleet report for people (`--md-out`, the CI run's summary and the issue it keeps): the summary first (how
// many sub-organizations in each class, and what to do about each class), then the worst sub-organizations with
// what was found in each, most severe first, until the text would pass what a GitHub issue holds; the JSON report
// has everything. The last line is the run's metadata, the only line that differs between one run and the merge of
// its shards.
import { changedRegion, DEFAULT_MAX_MARKDOWN_LENGTH, formatValue } from '../../drift/markdown';
import { codeSpan, plural } from '../../internal/markdown-text';
import { clockTime } from '../progress';
import type { ReportHead } from './build';
import { REPORT_STATUSES, type FleetReport, type ReportDriftItem, type ReportStatus, type ReportSubOrganization } from './schema';

const cell = (text: string): string => text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');

const LABEL: Record<ReportStatus, string> = {
  unreachable: 'could not be read',
  'template-error': 'template failed',
  unmanaged: 'unmanaged objects',
  drifted: 'drifted',
  unenrolled: 'unenrolled',
  conformant: 'conformant',
};

/** What to do about each class, one line each (docs/fleet.md, "What each classification means"). */
export const FIX: Record<ReportStatus, string> = {
  unreachable:
    'the reason says why: deleted since it was listed (remove its stack), the parent’s key may not read it, or the service kept failing (lower `concurrency`, raise `retryBudgetMs`, run again)',
  'template-error':
    'the template fails for it: run the template for that sub-organization (docs/fleet.md, "Trying the template on one sub-organization") and fix it',
  unmanaged:
    'objects the template does not declare, made outside it: declare them in the template (it adopts them), delete them (a user of the sub-organization must), or acknowledge them in the options’ `unmanaged.ignore` with the reason',
  drifted:
    'objects differ from the template or are missing: `walletinfra-fleet up --only-drifted fleet-report.json` puts the template back there; a missing delegated user only the sub-organization’s root users can restore',
  unenrolled: 'no stack in the rollout’s backend yet (made since the last rollout): `walletinfra-fleet up` enrolls it',
  conformant: '—',
};

function summaryLines(report: ReportHead): string[] {
  const s = report.summary;
  const bad = s.subOrganizations - s.conformant;
  const headline =
    s.subOrganizations === 0
      ? 'No sub-organization was scanned.'
      : bad === 0
        ? `**All ${plural(s.subOrganizations, 'sub-organization')} conform to the template.**`
        : `**${bad} of ${plural(s.subOrganizations, 'sub-organization')} ${bad === 1 ? 'does' : 'do'} not conform to the template**` +
          ` (${s.driftedObjects} drifted ${s.driftedObjects === 1 ? 'object' : 'objects'}, ${s.unmanagedObjects} unmanaged).`;
  const counts: Record<ReportStatus, number> = {
    unreachable: s.unreachable,
    'template-error': s.templateError,
    unmanaged: s.unmanaged,
    drifted: s.drifted,
    unenrolled: s.unenrolled,
    conformant: s.conformant,
  };
  const rows = REPORT_STATUSES.filter((st) => counts[st] > 0 || st === 'conformant').map(
    (st) => `| ${LABEL[st]} | ${counts[st]} | ${cell(FIX[st])} |`,
  );
  const t = report.template;
  const evaluation = t.evaluation === 'shared' ? 'evaluated once for all' : `evaluated per sub-organization: ${t.evaluationReason ?? ''}`;
  const enrollment = report.enrollment.checked ? `stacks in ${codeSpan(report.enrollment.backend ?? '')}` : 'not checked (no backend)';
  return [
    `# Fleet ${codeSpan(report.fleet.name)}`,
    '',
    headline,
    '',
    '| status | sub-organizations | what to do |',
    '| --- | --- | --- |',
    ...rows,
    '',
    `Template ${codeSpan(t.path)} (${t.language}, ${codeSpan(t.digest.slice(0, 19))}, ${evaluation}) · parent organization ${codeSpan(report.fleet.parentOrganizationId)} · ` +
      `selector ${selectorText(report)} · kinds read: ${report.kinds.read.join(', ')} · enrollment: ${enrollment}`,
    '',
  ];
}

function selectorText(report: ReportHead): string {
  const s = report.selector;
  const parts = [
    ...(s.names !== undefined ? [`names ${s.names.map(codeSpan).join(', ')}`] : []),
    ...(s.ids !== undefined ? [`ids ${s.ids.map(codeSpan).join(', ')}`] : []),
  ];
  const base = parts.length === 0 ? 'all' : parts.join(' or ');
  return s.exclude === undefined ? base : `${base}, excluding ${s.exclude.map(codeSpan).join(', ')}`;
}

/** The caution at the top when objects that decide who can act were made outside the template. */
function identityCallout(findings: MarkdownFindings): string[] {
  const { count, first } = findings.identity;
  if (count === 0) return [];
  const shown = first.map((e) => `${codeSpan(e.name || e.id)}`);
  const more = count > IDENTITY_SHOWN ? ` and ${count - IDENTITY_SHOWN} more` : '';
  return [
    '> [!CAUTION]',
    `> **Users, API keys, user tags or root quorums the template does not declare** are in ${plural(count, 'sub-organization')}: ${shown.join(', ')}${more}.`,
    '',
  ];
}

function value(v: unknown): string {
  return formatValue(v, 80);
}

function driftLine(d: ReportDriftItem): string[] {
  const what = `${d.kind} ${codeSpan(d.resource)}`;
  if (d.change === 'missing') return [`- ${what}: **missing** (no object matches it)`];
  if (d.change === 'ambiguous') return [`- ${what}: **ambiguous**: ${(d.candidates ?? []).map(codeSpan).join(', ')} all match it`];
  const lines = [`- ${what} (${codeSpan(d.objectId ?? '')}):`];
  for (const p of d.properties ?? []) {
    const [live, desired] =
      typeof p.live === 'string' && typeof p.desired === 'string' && (p.live.length > 80 || p.desired.length > 80)
        ? changedRegion(JSON.stringify(p.live), JSON.stringify(p.desired), 80).map((t) => codeSpan(t))
        : [value(p.live), value(p.desired)];
    lines.push(`  - ${codeSpan(p.name)}: ${live} → template ${desired}${p.replaces ? ' (**replaces** the object)' : ''}`);
  }
  return lines;
}

function entryLines(e: ReportSubOrganization): string[] {
  const title = `### ${e.name === '' ? codeSpan(e.id) : `${codeSpan(e.name)} (${codeSpan(e.id)})`}: ${LABEL[e.status]}`;
  const lines = [title, ''];
  if (e.reason !== undefined) lines.push(cell(e.reason));
  if (e.delegatedUser === null)
    lines.push('- **the delegated user is missing**: no user holds the delegated API key, so `up` cannot write here');
  for (const d of e.drift) lines.push(...driftLine(d));
  const unmanaged = e.unmanaged.filter((o) => o.status === 'unmanaged');
  for (const o of unmanaged) lines.push(`- unmanaged ${o.kind} ${codeSpan(o.name)} (${codeSpan(o.id)})`);
  if (e.classes.includes('unenrolled')) lines.push('- no stack in the rollout’s backend');
  lines.push('');
  return lines;
}

const SEVERITY = (e: ReportSubOrganization): number => REPORT_STATUSES.indexOf(e.status);
/** The order of "The worst first": most severe, then by name, then by id. */
const worstFirst = (a: ReportSubOrganization, b: ReportSubOrganization): number =>
  SEVERITY(a) - SEVERITY(b) || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** Sub-organizations named in the caution. */
const IDENTITY_SHOWN = 10;
/** What the text around "The worst first" takes at the least: what is left for the sub-organizations. */
const MARGIN = 200;

/**
 * What the Markdown report needs of the sub-organizations, kept as they come in any order, in memory bounded by the
 * text's length (not by the fleet): the worst first, only as many as the text could show; how many do not conform;
 * and those holding unmanaged objects that decide who can act (the first few by id, and how many).
 */
export class MarkdownFindings {
  private readonly worst: Array<{ entry: ReportSubOrganization; size: number }> = [];
  private notConformant = 0;
  private identityCount = 0;
  private readonly identityFirst: Array<Pick<ReportSubOrganization, 'id' | 'name'>> = [];

  constructor(readonly maxLength = DEFAULT_MAX_MARKDOWN_LENGTH) {}

  add(e: ReportSubOrganization): void {
    if (e.unmanaged.some((o) => o.status === 'unmanaged' && o.governs === 'identity')) {
      this.identityCount += 1;
      this.identityFirst.splice(
        insertionPoint(this.identityFirst, e, (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
        0,
        {
          id: e.id,
          name: e.name,
        },
      );
      this.identityFirst.length = Math.min(this.identityFirst.length, IDENTITY_SHOWN);
    }
    if (e.status === 'conformant') return;
    this.notConformant += 1;
    const item = { entry: e, size: entryLines(e).join('\n').length + 1 };
    this.worst.splice(
      insertionPoint(this.worst, item, (a, b) => worstFirst(a.entry, b.entry)),
      0,
      item,
    );
    // An entry the text cannot reach even with nothing before it but those ahead of it is never shown.
    let length = 0;
    const fits = this.worst.findIndex((w) => (length += w.size) > this.maxLength - MARGIN);
    if (fits >= 0) this.worst.length = fits;
  }

  /** The sub-organizations it holds: bounded by the text, whatever the fleet. */
  get held(): number {
    return this.worst.length + this.identityFirst.length;
  }

  /** The worst first, as many as the text could show, and how many do not conform in all. */
  get worstFirst(): { shown: readonly ReportSubOrganization[]; count: number } {
    return { shown: this.worst.map((w) => w.entry), count: this.notConformant };
  }

  get identity(): { count: number; first: ReadonlyArray<Pick<ReportSubOrganization, 'id' | 'name'>> } {
    return { count: this.identityCount, first: this.identityFirst };
  }
}

/** Where `item` goes in `sorted` (after its equals). */
function insertionPoint<T>(sorted: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(sorted[mid] as T, item) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

function runLine(report: ReportHead): string {
  const r = report.run;
  const requests = Object.entries(r.requests)
    .filter(([k]) => k !== 'retries')
    .reduce((n, [, v]) => n + v, 0);
  const shards =
    r.mergedFrom !== undefined
      ? ` · merged from shards ${r.mergedFrom.map((s) => `${s.index}/${s.count}`).join(', ')}`
      : r.shard !== undefined
        ? ` · shard ${r.shard.index}/${r.shard.count}`
        : '';
  return `<sub>Scanned ${r.startedAt} in ${clockTime(r.durationMs)} · ${requests} requests (${r.requests.retries ?? 0} retries) · walletinfra-fleet ${r.tool.walletinfraFleet}${shards}</sub>`;
}

/** The Markdown report, under `maxLength` characters. */
export function renderFleetMarkdown(report: FleetReport, maxLength = DEFAULT_MAX_MARKDOWN_LENGTH): string {
  const { subOrganizations, ...head } = report;
  const findings = new MarkdownFindings(maxLength);
  for (const e of subOrganizations) findings.add(e);
  return renderFindingsMarkdown(head, findings);
}

/** The Markdown report of a run from its head and what `findings` kept, under `findings.maxLength` characters. */
export function renderFindingsMarkdown(report: ReportHead, findings: MarkdownFindings): string {
  const head = [...summaryLines(report), ...identityCallout(findings)];
  const worst = findings.worstFirst;
  const tail = [
    ...(report.enrollment.orphanStacks.length > 0
      ? [
          `## Stacks without a sub-organization (${report.enrollment.orphanStacks.length})`,
          '',
          `Their sub-organizations are gone: ${report.enrollment.orphanStacks.slice(0, 50).map(codeSpan).join(', ')}${report.enrollment.orphanStacks.length > 50 ? ', …' : ''}. ` +
            'Remove each with `pulumi stack rm --force <stack>` once you no longer need its history.',
          '',
        ]
      : []),
    '---',
    runLine(report),
    '',
  ];
  const body: string[] = worst.count > 0 ? ['## The worst first', ''] : [];
  let length = [...head, ...tail].join('\n').length + body.join('\n').length;
  let shown = 0;
  for (const e of worst.shown) {
    const lines = entryLines(e);
    const size = lines.join('\n').length + 1;
    if (length + size > findings.maxLength - MARGIN) break;
    body.push(...lines);
    length += size;
    shown += 1;
  }
  if (shown < worst.count) body.push(`… and ${worst.count - shown} more sub-organizations: the JSON report lists every one.`, '');
  return [...head, ...body, ...tail].join('\n');
}
