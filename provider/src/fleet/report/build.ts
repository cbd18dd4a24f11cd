// A report from what a run found: each sub-organization's status (its most severe class), the summary, and the
// entries in one order (by id), whatever order they finished in, so that one run and the merge of its shards give
// the same bytes. The exit code follows from the summary.
import {
  FLEET_REPORT_SCHEMA_VERSION,
  REPORT_STATUSES,
  type FleetReport,
  type ReportRun,
  type ReportStatus,
  type ReportSubOrganization,
  type ReportSummary,
} from './schema';

/** Everything in a report but the sub-organizations, the summary and the run. */
export type ReportHeader = Omit<FleetReport, 'schemaVersion' | 'summary' | 'subOrganizations' | 'run'>;

/** The status of a reachable sub-organization: its most severe class, or conformant. */
export function statusOf(classes: readonly ReportSubOrganization['classes'][number][]): ReportStatus {
  return REPORT_STATUSES.find((s) => (classes as readonly string[]).includes(s)) ?? 'conformant';
}

const STATUS_FIELD: Record<ReportStatus, Exclude<keyof ReportSummary, 'subOrganizations' | 'driftedObjects' | 'unmanagedObjects'>> = {
  conformant: 'conformant',
  drifted: 'drifted',
  unmanaged: 'unmanaged',
  unenrolled: 'unenrolled',
  unreachable: 'unreachable',
  'template-error': 'templateError',
};

/** The summary, counted one sub-organization at a time (a scan keeps the counts, not the entries). */
export class SummaryCount {
  private readonly counts: ReportSummary = {
    subOrganizations: 0,
    conformant: 0,
    drifted: 0,
    unmanaged: 0,
    unenrolled: 0,
    unreachable: 0,
    templateError: 0,
    driftedObjects: 0,
    unmanagedObjects: 0,
  };

  add(e: ReportSubOrganization): void {
    this.counts.subOrganizations += 1;
    this.counts[STATUS_FIELD[e.status]] += 1;
    this.counts.driftedObjects += e.drift.length;
    this.counts.unmanagedObjects += e.unmanaged.filter((o) => o.status === 'unmanaged').length;
  }

  get summary(): ReportSummary {
    return { ...this.counts };
  }
}

export function summarize(entries: readonly ReportSubOrganization[]): ReportSummary {
  const count = new SummaryCount();
  for (const e of entries) count.add(e);
  return count.summary;
}

export const byId = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A report without its sub-organizations: what is known once the scan is done, without holding every entry. */
export type ReportHead = Omit<FleetReport, 'subOrganizations'>;

/** The report's fields but the sub-organizations, in the report's order. */
export function reportHead(header: ReportHeader, summary: ReportSummary, run: ReportRun): ReportHead {
  return {
    schemaVersion: FLEET_REPORT_SCHEMA_VERSION,
    fleet: header.fleet,
    template: header.template,
    selector: header.selector,
    kinds: header.kinds,
    enrollment: { ...header.enrollment, orphanStacks: [...header.enrollment.orphanStacks].sort() },
    summary,
    run,
  };
}

/** The report: fields in one order, sub-organizations by id. */
export function buildReport(header: ReportHeader, entries: readonly ReportSubOrganization[], run: ReportRun): FleetReport {
  const sorted = [...entries].sort(byId);
  const { run: ran, ...before } = reportHead(header, summarize(sorted), run);
  return { ...before, subOrganizations: sorted, run: ran };
}

/** 0 every sub-organization conformant; 2 drift, unmanaged objects or unenrolled ones; 1 some could not be scanned. */
export function exitCodeOf(report: Pick<FleetReport, 'summary'>): 0 | 1 | 2 {
  const s = report.summary;
  if (s.unreachable > 0 || s.templateError > 0) return 1;
  return s.conformant === s.subOrganizations ? 0 : 2;
}

/** `value` as `JSON.stringify(value, null, 2)` writes it `depth` levels into a document. */
function nested(value: unknown, depth: number): string {
  return JSON.stringify(value, null, 2).replace(/\n/g, `\n${'  '.repeat(depth)}`);
}

/**
 * The report as its JSON file holds it, piece by piece: the head's fields, then one piece per sub-organization as
 * `entries` yields them (by id), then the run. The same bytes as `JSON.stringify(report, null, 2)` and a line end.
 */
export function* reportJsonChunks(head: ReportHead, entries: Iterable<ReportSubOrganization>): Generator<string> {
  const { run, ...before } = head;
  const field = (key: string, value: unknown): string => `  ${JSON.stringify(key)}: ${nested(value, 1)}`;
  const fields = Object.entries(before).filter(([, v]) => v !== undefined);
  yield `{\n${fields.map(([k, v]) => field(k, v)).join(',\n')},\n  "subOrganizations": [`;
  let first = true;
  for (const e of entries) {
    yield `${first ? '' : ','}\n    ${nested(e, 2)}`;
    first = false;
  }
  yield `${first ? '' : '\n  '}],\n${field('run', run)}\n}\n`;
}

/** The report as its JSON file holds it. */
export function reportJson(report: FleetReport): string {
  const { subOrganizations, ...head } = report;
  return [...reportJsonChunks(head, subOrganizations)].join('');
}
