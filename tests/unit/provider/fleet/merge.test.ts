// `walletinfra-fleet merge`: shard reports back into exactly the report one run gives, and the refusals.
import { reportJson } from '@walletinfra/pulumi/fleet/report/build';
import { renderFleetJunit } from '@walletinfra/pulumi/fleet/report/junit';
import { renderFleetMarkdown } from '@walletinfra/pulumi/fleet/report/markdown';
import { mergeReports, parseReport, type ShardReport } from '@walletinfra/pulumi/fleet/report/merge';
import type { FleetReport } from '@walletinfra/pulumi/fleet/report/schema';
import { oneRun, shards } from './report-fixture';

const files = (reports: FleetReport[]): ShardReport[] => reports.map((report, i) => ({ file: `shard-${i + 1}.json`, report }));
const withoutRun = (r: FleetReport) => ({ ...r, run: undefined });
const lastLine = (text: string) => text.trimEnd().split('\n').slice(0, -1).join('\n');

test.each([1, 2, 3, 7])('%i shards merge into the one-run report: JSON, Markdown and JUnit byte for byte but the run', (count) => {
  const one = oneRun();
  const merged = mergeReports(files(shards(count)));
  expect(JSON.stringify(withoutRun(merged), null, 2)).toBe(JSON.stringify(withoutRun(one), null, 2));
  expect(lastLine(renderFleetMarkdown(merged))).toBe(lastLine(renderFleetMarkdown(one)));
  expect(renderFleetJunit(merged)).toBe(renderFleetJunit(one));
  // the shards given in any order
  expect(reportJson({ ...mergeReports(files(shards(count)).reverse()), run: one.run })).toBe(reportJson({ ...merged, run: one.run }));
});

test('the merged run: from the first start to the last end, each shard named, requests added up', () => {
  const merged = mergeReports(files(shards(3)));
  expect(merged.run).toEqual({
    startedAt: '2026-01-15T12:00:00.000Z',
    finishedAt: '2026-01-15T12:02:30.000Z',
    durationMs: 150_000,
    mergedFrom: [1, 2, 3].map((i) => ({
      index: i,
      count: 3,
      startedAt: `2026-01-15T12:0${i - 1}:00.000Z`,
      finishedAt: `2026-01-15T12:0${i - 1}:30.000Z`,
    })),
    requests: { list_suborgs: 3, list_users: 90, retries: 6 },
    tool: { walletinfraFleet: '0.1.0', node: 'v20.19.0' },
  });
  expect(renderFleetMarkdown(merged)).toContain('· merged from shards 1/3, 2/3, 3/3</sub>');
});

describe('refusals name what is wrong', () => {
  const three = () => files(shards(3));
  const refused = (reports: ShardReport[]) => {
    try {
      mergeReports(reports);
      return 'merged';
    } catch (error) {
      return (error as Error).message;
    }
  };

  test('a missing shard, a shard given twice', () => {
    const [a, b] = three() as [ShardReport, ShardReport, ShardReport];
    expect(refused([a, b])).toBe("shard 3/3 is missing (have 1/3 from shard-1.json, 2/3 from shard-2.json); give every shard's report");
    expect(refused([a, { ...b, file: 'copy.json', report: a.report }, b])).toBe(
      "shard 1/3 is given twice: shard-1.json and copy.json; give each shard's report once",
    );
    expect(refused([a])).toBe("shards 2/3, 3/3 are missing (have 1/3 from shard-1.json); give every shard's report");
    expect(refused([])).toBe('give the shard reports to merge: walletinfra-fleet merge --json-out FILE SHARD.json ...');
  });

  test('shards of different splits, and a report that is no shard', () => {
    const [a] = three() as [ShardReport];
    const ofTwo = files(shards(2))[1] as ShardReport;
    expect(refused([a, { ...ofTwo, file: 'other.json' }])).toBe(
      'shard-1.json is shard 1/3 but other.json is shard 2/2: the reports come from different splits of the fleet; merge the shards of one run',
    );
    expect(refused([{ file: 'whole.json', report: oneRun() }])).toBe(
      "whole.json is not a shard's report (scan ran without --shard); merge combines the reports of scan --shard 1/n ... n/n",
    );
  });

  test('reports of different templates, fleets, selectors', () => {
    const [a, b, c] = three() as [ShardReport, ShardReport, ShardReport];
    const other = (patch: Partial<FleetReport>): ShardReport => ({ file: 'c.json', report: { ...c.report, ...patch } });
    expect(refused([a, b, other({ template: { ...c.report.template, digest: 'sha256:ffff' } })])).toBe(
      `c.json and shard-1.json are reports of different templates (template.digest: "sha256:ffff" and "sha256:${'ab'.repeat(32)}"); merge the shards of one run`,
    );
    expect(refused([a, b, other({ fleet: { ...c.report.fleet, parentOrganizationId: 'org-other' } })])).toBe(
      'c.json and shard-1.json are reports of different fleets (fleet.parentOrganizationId: "org-other" and "org-parent"); merge the shards of one run',
    );
    expect(refused([a, b, other({ selector: {} })])).toBe(
      'c.json and shard-1.json are reports of different selectors (selector.names: nothing and ["customer-*"]); merge the shards of one run',
    );
    expect(refused([a, b, other({ enrollment: { checked: false, orphanStacks: [] } })])).toBe(
      'c.json and shard-1.json are reports of different backends (enrollment.checked: false and true); merge the shards of one run',
    );
  });

  test('a sub-organization in two shards', () => {
    const [a, b, c] = three() as [ShardReport, ShardReport, ShardReport];
    const stolen = { ...c, report: { ...c.report, subOrganizations: [...c.report.subOrganizations, a.report.subOrganizations[0]!] } };
    expect(refused([a, b, stolen])).toBe(
      `sub-organization ${a.report.subOrganizations[0]!.id} is in both shard-1.json and shard-3.json: a shard's report was changed, or comes from another run`,
    );
  });
});

describe('reading a report file', () => {
  const text = reportJson(shards(2)[0] as FleetReport);
  test('reads what scan wrote', () => expect(parseReport('a.json', text)).toEqual(JSON.parse(text)));
  test('refuses other JSON, other versions, and a changed field, naming them', () => {
    expect(() => parseReport('a.json', 'nope')).toThrow('a.json: not JSON; give the files scan wrote with --json-out');
    expect(() => parseReport('a.json', JSON.stringify({ schemaVersion: 2 }))).toThrow(
      'a.json: schemaVersion 2: this walletinfra-fleet reads version 1; is it a walletinfra-fleet report, and written by the same version (run scan and merge with one installed version)?',
    );
    const changed = JSON.parse(text) as { subOrganizations: Array<{ status: string }> };
    changed.subOrganizations[0]!.status = 'fine';
    expect(() => parseReport('a.json', JSON.stringify(changed))).toThrow(
      /^a\.json: subOrganizations\[0\]\.status must be one of "unreachable", /,
    );
  });
});
