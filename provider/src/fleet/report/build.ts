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

export function summarize(entries: readonly ReportSubOrganization[]): ReportSummary {
  const count = (status: ReportStatus) => entries.filter((e) => e.status === status).length;
  return {
    subOrganizations: entries.length,
    conformant: count('conformant'),
    drifted: count('drifted'),
    unmanaged: count('unmanaged'),
    unenrolled: count('unenrolled'),
    unreachable: count('unreachable'),
    templateError: count('template-error'),
    driftedObjects: entries.reduce((n, e) => n + e.drift.length, 0),
    unmanagedObjects: entries.reduce((n, e) => n + e.unmanaged.filter((o) => o.status === 'unmanaged').length, 0),
  };
}

const byId = (a: ReportSubOrganization, b: ReportSubOrganization): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The report: fields in one order, sub-organizations by id. */
export function buildReport(header: ReportHeader, entries: readonly ReportSubOrganization[], run: ReportRun): FleetReport {
  const sorted = [...entries].sort(byId);
  return {
    schemaVersion: FLEET_REPORT_SCHEMA_VERSION,
    fleet: header.fleet,
    template: header.template,
    selector: header.selector,
    kinds: header.kinds,
    enrollment: { ...header.enrollment, orphanStacks: [...header.enrollment.orphanStacks].sort() },
    summary: summarize(sorted),
    subOrganizations: sorted,
    run,
  };
}

/** 0 every sub-organization conformant; 2 drift, unmanaged objects or unenrolled ones; 1 some could not be scanned. */
export function exitCodeOf(report: FleetReport): 0 | 1 | 2 {
  const s = report.summary;
  if (s.unreachable > 0 || s.templateError > 0) return 1;
  return s.conformant === s.subOrganizations ? 0 : 2;
}

/** The report as its JSON file holds it. */
export function reportJson(report: FleetReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
