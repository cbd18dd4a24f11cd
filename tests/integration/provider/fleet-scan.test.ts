// `walletinfra-fleet scan` against the emulator: a small fleet made as the delegated-access guide sets one up,
// drift of every kind planted through the API, and the report that finds exactly that drift, nothing else. The
// template is examples/fleet's (its TypeScript program evaluated with Pulumi's mocks in child processes: build first).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main, type CliDeps } from '@walletinfra/pulumi/fleet/cli';
import { writeChunksWhole } from '@walletinfra/pulumi/fleet/cli-output';
import { reportJson } from '@walletinfra/pulumi/fleet/report/build';
import { renderFleetJunit } from '@walletinfra/pulumi/fleet/report/junit';
import { renderFleetMarkdown } from '@walletinfra/pulumi/fleet/report/markdown';
import type { FleetReport, ReportSubOrganization } from '@walletinfra/pulumi/fleet/report/schema';
import { useTestEmulator } from '../../support/emulator';
import { createFleet, fleetOptions, parentEnv, plantDrift, RECIPIENT, type PlantedDrift, type TestFleet } from '../../support/fleet';
import { fleetCliDeps, fleetWorkDir, type TestCliDeps } from '../../support/fleet-cli';
import { REPO_ROOT } from '../../support/e2e/process';

jest.setTimeout(300_000);

const emu = useTestEmulator();
const TEMPLATE = join(REPO_ROOT, 'examples', 'fleet', 'template');
let fleet: TestFleet;
let dir: string;
let planted: PlantedDrift;

function deps(overrides: Partial<CliDeps> = {}): TestCliDeps {
  return fleetCliDeps(dir, parentEnv(emu), overrides);
}

function byName(report: FleetReport): Record<string, ReportSubOrganization> {
  return Object.fromEntries(report.subOrganizations.map((e) => [e.name, e]));
}

beforeAll(async () => {
  fleet = await createFleet(emu, 6);
  planted = await plantDrift(fleet.subOrganizations);
  dir = fleetWorkDir('fleet-scan-');
  writeFileSync(join(dir, 'fleet.yaml'), fleetOptions(fleet.delegatedKey.publicKey, TEMPLATE));
});

afterAll(async () => {
  await fleet?.close();
});

describe('scan', () => {
  let report: FleetReport;
  let code: number;
  let run: ReturnType<typeof deps>;
  /** The pieces each streamed report was written in. */
  const pieces: Record<string, number> = {};

  beforeAll(async () => {
    function* counted(file: string, chunks: Iterable<string>): Generator<string> {
      for (const chunk of chunks) {
        pieces[file] = (pieces[file] ?? 0) + 1;
        yield chunk;
      }
    }
    run = deps({ writeChunks: (p, chunks) => writeChunksWhole(p, counted(p.slice(dir.length + 1), chunks)) });
    code = await main(['scan', '--json-out', 'report.json', '--md-out', 'report.md', '--junit-out', 'report.xml'], run);
    report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as FleetReport;
  });

  test('exits 2 and classifies each sub-organization as planted', () => {
    expect({ code, err: run.err.join('') }).toMatchObject({ code: 2 });
    const s = byName(report);
    expect(Object.fromEntries(Object.entries(s).map(([n, e]) => [n, [e.status, e.classes]]))).toEqual({
      'customer-001': ['unmanaged', ['unmanaged', 'drifted']],
      'customer-002': ['drifted', ['drifted']],
      'customer-003': ['drifted', ['drifted']],
      'customer-004': ['unmanaged', ['unmanaged']],
      'customer-005': ['drifted', ['drifted']],
      'customer-006': ['conformant', []],
    });
    expect(report.summary).toEqual({
      subOrganizations: 6,
      conformant: 1,
      drifted: 3,
      unmanaged: 2,
      unenrolled: 0,
      unreachable: 0,
      templateError: 0,
      // one each, and the five of a sub-organization without its delegated user
      driftedObjects: 8,
      unmanagedObjects: 3,
    });
  });

  test('an extra root user: the user and its key are unmanaged, and the root quorum drifts', () => {
    const e = byName(report)['customer-001'] as ReportSubOrganization;
    expect(e.unmanaged.filter((o) => o.status === 'unmanaged').map((o) => [o.kind, o.name])).toEqual([
      ['User', 'intruder'],
      ['ApiKey', 'intruder'],
    ]);
    expect(e.drift).toEqual([
      {
        kind: 'RootQuorum',
        resource: 'root-quorum',
        change: 'changed',
        objectId: 'rootQuorum',
        properties: [
          {
            name: 'userIds',
            desired: [fleet.subOrganizations[0]!.endUserId],
            live: [fleet.subOrganizations[0]!.endUserId, planted.rootUser].sort(),
            replaces: false,
          },
        ],
      },
    ]);
  });

  test('a loosened policy: its condition, live and as the template has it', () => {
    const e = byName(report)['customer-002'] as ReportSubOrganization;
    expect(e.drift).toEqual([
      {
        kind: 'Policy',
        resource: 'delegated-signs-to-recipient',
        change: 'changed',
        objectId: planted.policy,
        properties: [
          {
            name: 'condition',
            live: "activity.action == 'SIGN'",
            desired: `activity.action == 'SIGN' && eth.tx.to == '${RECIPIENT}'`,
            replaces: false,
          },
        ],
      },
    ]);
    expect(e.unmanaged.filter((o) => o.status === 'unmanaged')).toEqual([]);
  });

  test('a deleted tag is missing; a hand-made policy is unmanaged', () => {
    expect(byName(report)['customer-003']?.drift).toEqual([{ kind: 'UserTag', resource: 'backend', change: 'missing' }]);
    expect(byName(report)['customer-004']?.unmanaged.filter((o) => o.status === 'unmanaged')).toEqual([
      { kind: 'Policy', id: planted.handMade, name: 'Made by hand', governs: 'policy', status: 'unmanaged' },
    ]);
  });

  test('a deleted delegated user: it is missing, and so is everything that names it', () => {
    const e = byName(report)['customer-005'] as ReportSubOrganization;
    expect(e.delegatedUser).toBeNull();
    expect(e.drift.map((d) => [d.kind, d.resource, d.change])).toEqual([
      ['User', 'delegated', 'missing'],
      ['Policy', 'delegated-signs-to-recipient', 'changed'],
      ['Policy', 'delegated-applies-template', 'changed'],
      ['UserTag', 'backend', 'changed'],
      ['ApiKey', 'delegated-key', 'missing'],
    ]);
  });

  test('the end user’s key is acknowledged, with the reason, everywhere', () => {
    for (const e of report.subOrganizations) {
      expect(e.unmanaged.filter((o) => o.status === 'acknowledged').map((o) => [o.kind, o.name, o.reason])).toEqual([
        ['ApiKey', 'end-user', "the end user's own credential (a passkey in production)"],
      ]);
    }
  });

  test('the Markdown puts the summary first, then the worst, with a fix per class', () => {
    const md = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(md.split('\n').slice(0, 3)).toEqual([
      '# Fleet `customer-wallets`',
      '',
      expect.stringContaining('**5 of 6 sub-organizations do not conform'),
    ]);
    expect(md).toContain('| drifted | 3 |');
    expect(md.indexOf('customer-001')).toBeLessThan(md.indexOf('customer-002'));
    expect(md).toContain(`- Policy \`delegated-signs-to-recipient\` (\`${planted.policy}\`):`);
    expect(md).toContain('**the delegated user is missing**');
  });

  test('the JUnit report has one test case per sub-organization', () => {
    const xml = readFileSync(join(dir, 'report.xml'), 'utf8');
    expect(xml.match(/<testcase /g)?.length).toBe(6);
    expect(xml).toContain('tests="6" failures="5" errors="0"');
  });

  test('the JSON and JUnit reports are written a sub-organization at a time, the same bytes as the whole report rendered at once', () => {
    // The head, one piece per sub-organization, the end: the scan streams its entries back from disk, not from memory.
    expect(pieces).toEqual({ 'report.json': 6 + 2, 'report.xml': 6 + 2 });
    expect(readFileSync(join(dir, 'report.json'), 'utf8')).toBe(`${JSON.stringify(report, null, 2)}\n`);
    expect(readFileSync(join(dir, 'report.json'), 'utf8')).toBe(reportJson(report));
    expect(readFileSync(join(dir, 'report.xml'), 'utf8')).toBe(renderFleetJunit(report));
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toBe(renderFleetMarkdown(report));
  });

  test('requests: whoami and one per list, per sub-organization, plus the listing', () => {
    const lists = [
      'get_organization_configs',
      'list_policies',
      'list_private_key_tags',
      'list_private_keys',
      'list_smart_contract_interfaces',
      'list_user_tags',
      'list_users',
      'list_velocity_controls',
      'whoami',
    ];
    expect(report.run.requests).toEqual({ ...Object.fromEntries(lists.map((l) => [l, 6])), list_suborgs: 1 });
  });
});
