// A scan keeps what its reports need, not the fleet: the summary's counts, the Markdown's worst-first entries as
// far as the text can reach, and every entry spilled to a temporary file the JSON and JUnit reports are streamed
// from. What it writes is the same bytes as the whole report held in memory and rendered at once.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { ReportAccumulator } from '@walletinfra/pulumi/fleet/report/accumulate';
import { buildReport, reportHead, reportJsonChunks, summarize } from '@walletinfra/pulumi/fleet/report/build';
import { fleetJunitChunks, renderFleetJunit } from '@walletinfra/pulumi/fleet/report/junit';
import { renderFindingsMarkdown, renderFleetMarkdown } from '@walletinfra/pulumi/fleet/report/markdown';
import type { ReportSubOrganization } from '@walletinfra/pulumi/fleet/report/schema';
import { EntrySpill } from '@walletinfra/pulumi/fleet/report/spill';
import { entries, HEADER, oneRun, run } from './report-fixture';

/** `n` sub-organizations made from the fixture's (one of each finding, the rest conformant), in a scrambled order. */
function fleet(n: number): ReportSubOrganization[] {
  const kinds = entries();
  const out = Array.from({ length: n }, (_, i) => {
    const like = kinds[i % 5 === 0 ? 24 + (i % 6) : i % 24] as ReportSubOrganization;
    const id = `org-${String(i).padStart(6, '0')}`;
    return { ...like, id, name: like.name === '' ? '' : `customer-${String((i * 7919) % n).padStart(6, '0')}` };
  });
  // A fixed permutation: entries finish in any order.
  return out.map((_, i) => out[(i * 7919) % n] as ReportSubOrganization);
}

function accumulated(all: readonly ReportSubOrganization[]): ReportAccumulator {
  const kept = new ReportAccumulator({ spill: true });
  for (const e of all) kept.add(e);
  return kept;
}

const severity = ['unreachable', 'template-error', 'unmanaged', 'drifted', 'unenrolled', 'conformant'];

test('the JSON report written piece by piece is JSON.stringify of the whole report', () => {
  for (const report of [oneRun(), buildReport(HEADER, [], run())]) {
    const { subOrganizations, ...head } = report;
    expect([...reportJsonChunks(head, subOrganizations)].join('')).toBe(`${JSON.stringify(report, null, 2)}\n`);
  }
});

test('what a scan keeps does not grow with the fleet, and its reports are those of the whole report', () => {
  const held: number[] = [];
  for (const n of [1_000, 10_000]) {
    const all = fleet(n);
    const kept = accumulated(all);
    try {
      const whole = buildReport(HEADER, all, run());
      const head = reportHead(HEADER, kept.summary, run());
      expect(kept.summary).toEqual(summarize(all));
      expect([...reportJsonChunks(head, kept.entries())].join('')).toBe(`${JSON.stringify(whole, null, 2)}\n`);
      expect([...fleetJunitChunks(head, kept.entries())].join('')).toBe(renderFleetJunit(whole));
      expect(renderFindingsMarkdown(head, kept.findings)).toBe(renderFleetMarkdown(whole));
      held.push(kept.held);
    } finally {
      kept.close();
    }
  }
  // 200 and 2,000 sub-organizations do not conform: the first keeps them all (and the 10 named in the caution), the
  // second only what 60,000 characters of Markdown can show (its smallest entry, an unreachable one, takes about 100).
  expect(held).toEqual([210, expect.any(Number)]);
  expect(held[1]).toBeLessThan(700);
});

test('the Markdown keeps the worst first as the whole fleet sorted would list them, whatever order they come in', () => {
  const all = fleet(3_000);
  const kept = new ReportAccumulator({ spill: false, maxMarkdownLength: 8_000 });
  for (const e of all) kept.add(e);
  const worst = all
    .filter((e) => e.status !== 'conformant')
    .sort((a, b) => severity.indexOf(a.status) - severity.indexOf(b.status) || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
  const { shown, count } = kept.findings.worstFirst;
  expect(count).toBe(worst.length);
  expect(shown.map((e) => e.id)).toEqual(worst.slice(0, shown.length).map((e) => e.id));
  const md = renderFindingsMarkdown(reportHead(HEADER, kept.summary, run()), kept.findings);
  expect(md.length).toBeLessThanOrEqual(8_000);
  const listed = md.split('\n').filter((l) => l.startsWith('### '));
  expect(listed.length).toBeGreaterThan(0);
  expect(listed.length).toBeLessThanOrEqual(shown.length);
  expect(md).toContain(`… and ${worst.length - listed.length} more sub-organizations`);
  expect(() => kept.entries()).toThrow('the entries were not kept');
  kept.close();
});

test('the spill: the process’s own file, read back by id, removed on close', () => {
  const spill = new EntrySpill();
  const all = fleet(50);
  for (const e of all) spill.add(e);
  expect(statSync(spill.path).mode & 0o777).toBe(0o600);
  expect(readFileSync(spill.path, 'utf8').split('\n').length).toBe(51);
  expect([...spill.byId()]).toEqual([...all].sort((a, b) => (a.id < b.id ? -1 : 1)));
  spill.close();
  expect(existsSync(spill.path)).toBe(false);
});
