// The fleet report as JUnit XML (`--junit-out`), for CI systems that show test results: one test case per
// sub-organization, a failure for one that does not conform (drifted, unmanaged objects, unenrolled), an error for
// one that could not be scanned. No times or timestamps: the XML of one run and of its merged shards are the same
// bytes. Schema: https://github.com/testmoapp/junitxml (the common subset of the JUnit XML format CI systems read).
import type { FleetReport, ReportSubOrganization } from './schema';

/** Text as XML character data or an attribute value; characters XML 1.0 cannot hold are dropped. */
export function xmlText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- the characters XML 1.0 allows are named by their code points
      .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

function details(e: ReportSubOrganization): string {
  const lines: string[] = [];
  if (e.reason !== undefined) lines.push(e.reason);
  if (e.delegatedUser === null) lines.push('the delegated user is missing: no user holds the delegated API key');
  for (const d of e.drift) {
    if (d.change === 'changed') {
      for (const p of d.properties ?? []) {
        lines.push(
          `${d.kind} ${d.resource} (${d.objectId ?? ''}): ${p.name}: ${JSON.stringify(p.live)} -> template ${JSON.stringify(p.desired)}`,
        );
      }
    } else lines.push(`${d.kind} ${d.resource}: ${d.change}${d.candidates !== undefined ? ` (${d.candidates.join(', ')})` : ''}`);
  }
  for (const o of e.unmanaged) if (o.status === 'unmanaged') lines.push(`unmanaged ${o.kind} ${o.name} (${o.id})`);
  if (e.classes.includes('unenrolled')) lines.push('unenrolled: no stack in the rollout backend');
  return lines.join('\n');
}

function message(e: ReportSubOrganization): string {
  const parts = e.classes.map((c) =>
    c === 'drifted'
      ? `drifted (${e.drift.length + (e.delegatedUser === null ? 1 : 0)})`
      : c === 'unmanaged'
        ? `unmanaged objects (${e.unmanaged.filter((o) => o.status === 'unmanaged').length})`
        : c,
  );
  return e.status === 'unreachable' || e.status === 'template-error' ? `${e.status}: ${e.reason ?? ''}` : parts.join(', ');
}

function testCase(suite: string, e: ReportSubOrganization): string[] {
  const open = `    <testcase classname="${xmlText(suite)}" name="${xmlText(e.name === '' ? e.id : `${e.name} (${e.id})`)}"`;
  if (e.status === 'conformant') return [`${open}/>`];
  const tag = e.status === 'unreachable' || e.status === 'template-error' ? 'error' : 'failure';
  return [
    `${open}>`,
    `      <${tag} type="${e.status}" message="${xmlText(message(e))}">${xmlText(details(e))}</${tag}>`,
    '    </testcase>',
  ];
}

/** The JUnit XML piece by piece: the suite's counts, then one test case per sub-organization as `entries` yields them (by id). */
export function* fleetJunitChunks(
  head: Pick<FleetReport, 'fleet' | 'summary'>,
  entries: Iterable<ReportSubOrganization>,
): Generator<string> {
  const s = head.summary;
  const errors = s.unreachable + s.templateError;
  const failures = s.subOrganizations - s.conformant - errors;
  const suite = `fleet ${head.fleet.name}`;
  const counts = `tests="${s.subOrganizations}" failures="${failures}" errors="${errors}"`;
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="walletinfra-fleet" ${counts}>\n  <testsuite name="${xmlText(suite)}" ${counts} skipped="0">\n`;
  for (const e of entries) yield `${testCase(head.fleet.name, e).join('\n')}\n`;
  yield '  </testsuite>\n</testsuites>\n';
}

export function renderFleetJunit(report: FleetReport): string {
  return [...fleetJunitChunks(report, report.subOrganizations)].join('');
}
