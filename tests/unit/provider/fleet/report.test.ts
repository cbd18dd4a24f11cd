// The fleet report: statuses and the exit code, the Markdown (summary first, the worst next, a fix per class,
// within GitHub's limit) and the JUnit XML (one test case per sub-organization, escaped).
import { buildReport, exitCodeOf, statusOf } from '@walletinfra/pulumi/fleet/report/build';
import { renderFleetJunit, xmlText } from '@walletinfra/pulumi/fleet/report/junit';
import { renderFleetMarkdown } from '@walletinfra/pulumi/fleet/report/markdown';
import { FleetReport } from '@walletinfra/pulumi/fleet/report/schema';
import { entries, HEADER, oneRun, run } from './report-fixture';

test('a status is the most severe class; the exit code follows the summary', () => {
  expect(statusOf([])).toBe('conformant');
  expect(statusOf(['drifted', 'unenrolled'])).toBe('drifted');
  expect(statusOf(['unenrolled', 'unmanaged', 'drifted'])).toBe('unmanaged');
  const only = (pick: (e: ReturnType<typeof entries>[number]) => boolean) => exitCodeOf(buildReport(HEADER, entries().filter(pick), run()));
  expect(only((e) => e.status === 'conformant')).toBe(0);
  expect(only((e) => ['conformant', 'unenrolled'].includes(e.status))).toBe(2);
  expect(only((e) => ['conformant', 'drifted'].includes(e.status))).toBe(2);
  expect(only((e) => e.status !== 'template-error')).toBe(1);
  expect(exitCodeOf(oneRun())).toBe(1);
});

test('entries by id whatever order they came in; the JSON validates against its schema', () => {
  const report = buildReport(HEADER, entries().reverse(), run());
  expect(report.subOrganizations.map((e) => e.id)).toEqual([...report.subOrganizations.map((e) => e.id)].sort());
  expect(FleetReport.parse(JSON.parse(JSON.stringify(report)))).toEqual(report);
  expect(report.summary).toEqual({
    subOrganizations: 30,
    conformant: 24,
    drifted: 2,
    unmanaged: 1,
    unenrolled: 1,
    unreachable: 1,
    templateError: 1,
    driftedObjects: 3,
    unmanagedObjects: 1,
  });
});

describe('Markdown', () => {
  const md = renderFleetMarkdown(oneRun());
  const lines = md.split('\n');

  test('the summary first: a headline, a row per class with its fix, what was scanned', () => {
    expect(lines.slice(0, 6)).toEqual([
      '# Fleet `customer-wallets`',
      '',
      '**6 of 30 sub-organizations do not conform to the template** (3 drifted objects, 1 unmanaged).',
      '',
      '| status | sub-organizations | what to do |',
      '| --- | --- | --- |',
    ]);
    expect(
      lines
        .filter((l) => /^\| (could not|template|unmanaged|drifted|unenrolled|conformant)/.test(l))
        .map((l) => l.split(' | ').slice(0, 2)),
    ).toEqual([
      ['| could not be read', '1'],
      ['| template failed', '1'],
      ['| unmanaged objects', '1'],
      ['| drifted', '2'],
      ['| unenrolled', '1'],
      ['| conformant', '24'],
    ]);
    expect(md).toContain(
      'Template `./template` (typescript, `sha256:abababababab`, evaluated once for all) · parent organization `org-parent` · selector names `customer-*` · kinds read: User, ApiKey, Policy · enrollment: stacks in `file:///srv/state`',
    );
  });

  test('a caution when who can act changed outside the template', () => {
    expect(md).toContain(
      '> [!CAUTION]\n> **Users, API keys, user tags or root quorums the template does not declare** are in 1 sub-organization: `customer-intruder`.',
    );
  });

  test('then the worst first, each with what was found', () => {
    const headings = lines.filter((l) => l.startsWith('### '));
    expect(headings).toEqual([
      '### `org-gone`: could not be read',
      '### `customer-broken` (`org-broken`): template failed',
      '### `customer-intruder` (`org-intruder`): unmanaged objects',
      '### `customer-drift` (`org-drift`): drifted',
      '### `customer-nodelegate` (`org-nodelegate`): drifted',
      '### `customer-new` (`org-new`): unenrolled',
    ]);
    expect(md).toContain(
      [
        '### `customer-drift` (`org-drift`): drifted',
        '',
        '- Policy `delegated-policy` (`pol-1`):',
        '  - `condition`: `"true"` → template `"eth.tx.to == \'0xdead\'"`',
        '- UserTag `backend`: **missing** (no object matches it)',
        '',
      ].join('\n'),
    );
    expect(md).toContain('- unmanaged User `intruder <&>` (`u-x`)');
    expect(md).toContain('- **the delegated user is missing**: no user holds the delegated API key, so `up` cannot write here');
    expect(md).toContain('Their sub-organizations are gone: `org-gone-1`, `org-gone-2`.');
  });

  test('the run on the last line', () => {
    expect(lines.filter((l) => l !== '').slice(-1)).toEqual([
      '<sub>Scanned 2026-01-15T12:00:00.000Z in 1:05 · 31 requests (2 retries) · walletinfra-fleet 0.1.0</sub>',
    ]);
  });

  test('a fleet too big for one issue: the worst that fit, then a pointer to the JSON report', () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({
      ...(entries()[24] as ReturnType<typeof entries>[number]),
      id: `org-${i}`,
      name: `c-${i}`,
    }));
    const big = renderFleetMarkdown(buildReport(HEADER, many, run()));
    expect(big.length).toBeLessThanOrEqual(60_000);
    expect(big).toMatch(/… and \d+ more sub-organizations: the JSON report lists every one\./);
  });

  test('all conformant', () => {
    const clean = renderFleetMarkdown(
      buildReport(
        HEADER,
        entries().filter((e) => e.status === 'conformant'),
        run(),
      ),
    );
    expect(clean.split('\n')[2]).toBe('**All 24 sub-organizations conform to the template.**');
    expect(clean).not.toContain('## The worst first');
  });
});

describe('JUnit', () => {
  const xml = renderFleetJunit(oneRun());
  test('one test case per sub-organization: failures for findings, errors for what could not be scanned', () => {
    expect(xml.split('\n').slice(0, 3)).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites name="walletinfra-fleet" tests="30" failures="4" errors="2">',
      '  <testsuite name="fleet customer-wallets" tests="30" failures="4" errors="2" skipped="0">',
    ]);
    expect(xml.match(/<testcase /g)).toHaveLength(30);
    expect(xml).toContain('    <testcase classname="customer-wallets" name="customer-00 (org-00)"/>');
    expect(xml).toContain(
      '<error type="unreachable" message="unreachable: deleted since it was listed (404 no organization found with the given ID)">',
    );
    expect(xml).toContain(
      '<failure type="unmanaged" message="unmanaged objects (1), drifted (1)">RootQuorum root-quorum (rootQuorum): userIds: [&quot;u-end&quot;,&quot;u-x&quot;] -&gt; template [&quot;u-end&quot;]\nunmanaged User intruder &lt;&amp;&gt; (u-x)</failure>',
    );
    expect(xml).not.toMatch(/time=|timestamp=/);
  });

  test('text XML cannot hold is dropped, the rest escaped', () => {
    expect(xmlText('a\u0000b\u0007c<d>&"e\u{1F600}\n')).toBe('abc&lt;d&gt;&amp;&quot;e\u{1F600}\n');
  });
});
