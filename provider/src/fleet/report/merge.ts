// `walletinfra-fleet merge`: the shard reports of one run (`scan --shard i/n`, i = 1..n) put back together into
// exactly the report one unsharded run would have written (docs/fleet.md, "Sharding over a CI matrix"): every
// field but `run` (when, how long, which shards, requests) is the same, byte for byte. Refused, naming the files:
// a report that is not a shard's, shards of different splits, a shard missing or given twice, and reports of
// different fleets, templates, selectors, kinds or backends.
import { ConfigurationError } from '@walletinfra/sdk/errors';
import { parseOptions } from '@walletinfra/sdk/options';
import { sameValue } from '../../resources/common/diff';
import { buildReport, type ReportHeader } from './build';
import { FLEET_REPORT_SCHEMA_VERSION, FleetReport, type ReportRun } from './schema';

export interface ShardReport {
  /** Where it was read from, for messages. */
  file: string;
  report: FleetReport;
}

/** A report file's text, checked against the schema; errors name the file and the field. */
export function parseReport(file: string, text: string): FleetReport {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ConfigurationError(`${file}: not JSON; give the files scan wrote with --json-out`);
  }
  const version = (json as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (version !== FLEET_REPORT_SCHEMA_VERSION) {
    throw new ConfigurationError(
      `${file}: schemaVersion ${JSON.stringify(version)}: this walletinfra-fleet reads version ${FLEET_REPORT_SCHEMA_VERSION}; ` +
        'is it a walletinfra-fleet report, and written by the same version (run scan and merge with one installed version)?',
    );
  }
  return parseOptions(FleetReport, json, { prefix: `${file}: `, path: [], noun: 'field' });
}

/** What must be the same in every shard's report: the field, and its name in messages. */
const SAME: ReadonlyArray<[keyof FleetReport, string]> = [
  ['fleet', 'fleets'],
  ['template', 'templates'],
  ['selector', 'selectors'],
  ['kinds', 'kinds'],
  ['enrollment', 'backends'],
];

/** Where two values first differ: `template.digest: "sha256:ff" and "sha256:ab"`; undefined when they do not. */
export function firstDifference(a: unknown, b: unknown, path: string): string | undefined {
  if (sameValue(a, b)) return undefined;
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isObject(a) && isObject(b)) {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
      const found = firstDifference(a[key], b[key], `${path}.${key}`);
      if (found !== undefined) return found;
    }
  }
  const shown = (v: unknown): string =>
    v === undefined ? 'nothing' : JSON.stringify(v).length > 80 ? `${JSON.stringify(v).slice(0, 79)}…` : JSON.stringify(v);
  return `${path}: ${shown(a)} and ${shown(b)}`;
}

function checkShards(reports: readonly ShardReport[]): number {
  if (reports.length === 0)
    throw new ConfigurationError('give the shard reports to merge: walletinfra-fleet merge --json-out FILE SHARD.json ...');
  for (const { file, report } of reports) {
    if (report.run.shard === undefined) {
      throw new ConfigurationError(
        `${file} is not a shard's report (scan ran without --shard); merge combines the reports of scan --shard 1/n ... n/n`,
      );
    }
  }
  const [first] = reports as [ShardReport, ...ShardReport[]];
  const count = (first.report.run.shard as { count: number }).count;
  const byIndex = new Map<number, string>();
  for (const { file, report } of reports) {
    const shard = report.run.shard as { index: number; count: number };
    if (shard.count !== count) {
      throw new ConfigurationError(
        `${first.file} is shard ${(first.report.run.shard as { index: number }).index}/${count} but ${file} is shard ${shard.index}/${shard.count}: the reports come from different splits of the fleet; merge the shards of one run`,
      );
    }
    const earlier = byIndex.get(shard.index);
    if (earlier !== undefined)
      throw new ConfigurationError(`shard ${shard.index}/${count} is given twice: ${earlier} and ${file}; give each shard's report once`);
    byIndex.set(shard.index, file);
    for (const [field, what] of SAME) {
      // Each shard reports the orphan stacks of its own ids: they differ by design.
      const pick = (r: FleetReport): unknown => (field === 'enrollment' ? { ...r.enrollment, orphanStacks: undefined } : r[field]);
      const difference = firstDifference(pick(report), pick(first.report), field);
      if (difference !== undefined) {
        throw new ConfigurationError(
          `${file} and ${first.file} are reports of different ${what} (${difference}); merge the shards of one run`,
        );
      }
    }
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0) {
    const have = [...byIndex.entries()]
      .sort(([a], [b]) => a - b)
      .map(([i, f]) => `${i}/${count} from ${f}`)
      .join(', ');
    throw new ConfigurationError(
      `shard${missing.length === 1 ? '' : 's'} ${missing.map((i) => `${i}/${count}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing (have ${have}); give every shard's report`,
    );
  }
  return count;
}

function mergedRun(reports: readonly ShardReport[]): ReportRun {
  const runs = reports.map((r) => r.report.run).sort((a, b) => (a.shard?.index ?? 0) - (b.shard?.index ?? 0));
  const startedAt = runs.map((r) => r.startedAt).sort()[0] as string;
  const finishedAt = runs
    .map((r) => r.finishedAt)
    .sort()
    .slice(-1)[0] as string;
  const requests: Record<string, number> = {};
  for (const r of runs) for (const [k, v] of Object.entries(r.requests)) requests[k] = (requests[k] ?? 0) + v;
  return {
    startedAt,
    finishedAt,
    durationMs: Date.parse(finishedAt) - Date.parse(startedAt),
    mergedFrom: runs.map((r) => ({
      index: r.shard?.index ?? 0,
      count: r.shard?.count ?? 0,
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
    })),
    requests: Object.fromEntries(Object.entries(requests).sort(([a], [b]) => (a < b ? -1 : 1))),
    tool: (runs[0] as ReportRun).tool,
  };
}

/** The merged report; throws a ConfigurationError naming what is wrong with the shard reports. */
export function mergeReports(reports: readonly ShardReport[]): FleetReport {
  checkShards(reports);
  const seen = new Map<string, string>();
  for (const { file, report } of reports) {
    for (const e of report.subOrganizations) {
      const other = seen.get(e.id);
      if (other !== undefined)
        throw new ConfigurationError(
          `sub-organization ${e.id} is in both ${other} and ${file}: a shard's report was changed, or comes from another run`,
        );
      seen.set(e.id, file);
    }
  }
  const first = (reports[0] as ShardReport).report;
  const header: ReportHeader = {
    fleet: first.fleet,
    template: first.template,
    selector: first.selector,
    kinds: first.kinds,
    enrollment: { ...first.enrollment, orphanStacks: reports.flatMap((r) => r.report.enrollment.orphanStacks) },
  };
  const merged = buildReport(
    header,
    reports.flatMap((r) => r.report.subOrganizations),
    mergedRun(reports),
  );
  if (merged.summary.subOrganizations === 0) {
    throw new ConfigurationError(
      `none of the ${reports.length} shards scanned a sub-organization: the selector (${JSON.stringify(first.selector)}) selects nothing in organization ${first.fleet.parentOrganizationId}`,
    );
  }
  return merged;
}
