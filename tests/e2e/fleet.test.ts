// A fleet of 48 sub-organizations made by the emulator's seed-fleet with examples/fleet/shape.json (the
// delegated-access guide's setup), a seeded share drifted in every kind it knows and listed in its manifest, stacks
// in a file backend for most (the real Pulumi CLI's layout): the built `walletinfra-fleet` bin finds exactly the
// manifest's drift, the unenrolled sub-organizations and the orphan stack; and examples/fleet/fleet-scan.yml's own
// steps, run with bash for shards 1/3, 2/3 and 3/3 and merged, write the report one run writes (JSON and JUnit byte
// for byte, Markdown but its run line), keep one issue open while the fleet does not conform, and close it when it
// does.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DriftEntry, RunningEmulator } from '@walletinfra/emulator';
import type { FleetReport } from '@walletinfra/pulumi/fleet/report/schema';
import { clientFor, startTestEmulator } from '../support/emulator';
import { cleanEnv, pulumiBinDir, REPO_ROOT, requireBuiltPackages, run, type RunResult } from '../support/e2e/process';
import { ghState, installFakeGh, loadWorkflow, runStep } from '../support/e2e/workflow';
import { fleetOptions } from '../support/fleet';

jest.setTimeout(1_800_000);

const COUNT = 48;
const ORPHAN = '0e7a11c5-0000-4000-8000-0000000000ff';
const BIN = join(REPO_ROOT, 'provider', 'bin', 'walletinfra-fleet.js');

let emu: RunningEmulator;
let dir: string;
let env: NodeJS.ProcessEnv;
let ids: string[];
/** What each drifted or unenrolled sub-organization must show: status, classes, drift (kind resource change), unmanaged (kind name). */
const expected = new Map<string, { status: string; classes: string[]; drift: string[]; unmanaged: string[] }>();

type Finding = { status: string; classes: string[]; drift: string[]; unmanaged: string[] };

/** What examples/fleet's template finds for each kind of drift the seed plants (emulator README, "Seeding a fleet"). */
function findingOf(entry: DriftEntry): Finding {
  const policy = 'Policy delegated-signs-to-recipient changed';
  const management = 'Policy delegated-applies-template changed';
  switch (entry.kind) {
    case 'extra-root-user':
      return {
        status: 'unmanaged',
        classes: ['unmanaged', 'drifted'],
        drift: ['RootQuorum root-quorum changed'],
        unmanaged: [`User ${entry.userName}`],
      };
    case 'loosened-policy':
      return {
        status: 'drifted',
        classes: ['drifted'],
        drift: [entry.policyName === 'Delegated account applies the fleet template' ? management : policy],
        unmanaged: [],
      };
    case 'missing-tag':
      return { status: 'drifted', classes: ['drifted'], drift: ['UserTag backend missing'], unmanaged: [] };
    case 'tag-member-removed':
      return { status: 'drifted', classes: ['drifted'], drift: ['UserTag backend changed'], unmanaged: [] };
    case 'deleted-delegated-user':
      return {
        status: 'drifted',
        classes: ['drifted'],
        drift: ['User delegated missing', policy, management, 'UserTag backend changed', 'ApiKey delegated-key missing'],
        unmanaged: [],
      };
    case 'extra-api-key':
      return { status: 'unmanaged', classes: ['unmanaged'], drift: [], unmanaged: [`ApiKey ${entry.apiKeyName}`] };
  }
}

/**
 * A stack in the template's project for each id, in the file backend: two made by `pulumi stack init` (the CLI's own
 * layout and checkpoint), the others that checkpoint written again under their names, as `pulumi stack init` would
 * (a Pulumi invocation each would cost CI a second apiece and prove nothing more: scan reads the stacks' names).
 */
async function initStacks(ids: string[]): Promise<void> {
  const project = join(dir, 'stacks-project');
  mkdirSync(project, { recursive: true });
  mkdirSync(join(dir, 'state'), { recursive: true });
  writeFileSync(join(project, 'Pulumi.yaml'), 'name: delegated-access\nruntime: nodejs\n');
  const pulumiEnv = {
    ...env,
    PATH: `${pulumiBinDir()}:${env.PATH ?? ''}`,
    PULUMI_HOME: join(dir, '.pulumi-home'),
    PULUMI_BACKEND_URL: `file://${join(dir, 'state')}`,
    PULUMI_CONFIG_PASSPHRASE: 'e2e',
    PULUMI_SKIP_UPDATE_CHECK: 'true',
  };
  const [first, second, ...rest] = ids as [string, string, ...string[]];
  await Promise.all(
    [first, second].map(async (id) => {
      const r = await run('pulumi', ['stack', 'init', id, '--non-interactive'], { cwd: project, env: pulumiEnv });
      if (r.code !== 0) throw new Error(`pulumi stack init ${id}: ${r.stderr}`);
    }),
  );
  const stacks = join(dir, 'state', '.pulumi', 'stacks', 'delegated-access');
  const checkpoint = readFileSync(join(stacks, `${first}.json`), 'utf8');
  expect(checkpoint).toContain(`"stack":"organization/delegated-access/${first}"`);
  for (const id of rest) writeFileSync(join(stacks, `${id}.json`), checkpoint.split(first).join(id));
}

function fleetCli(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  return run(process.execPath, [BIN, ...args], { cwd: dir, env: { ...env, ...extraEnv } });
}

const report = (file: string): FleetReport => JSON.parse(readFileSync(join(dir, file), 'utf8')) as FleetReport;
const withoutRun = (text: string): unknown => ({ ...(JSON.parse(text) as FleetReport), run: null });
const withoutLastLine = (text: string): string => text.trimEnd().split('\n').slice(0, -1).join('\n');

beforeAll(async () => {
  requireBuiltPackages();
  emu = await startTestEmulator();
  const shape = JSON.parse(readFileSync(join(REPO_ROOT, 'examples', 'fleet', 'shape.json'), 'utf8')) as unknown;
  const seeded = emu.seedFleet({ count: COUNT, shape, driftPercent: 25, seed: 3 });
  // Seed 3 plants every kind of drift the seed knows (12 sub-organizations, each drifted once).
  expect(new Set(seeded.drift.map((d) => d.kind)).size).toBe(6);
  for (const entry of seeded.drift) expected.set(entry.subOrganizationId, findingOf(entry));
  ids = [];
  for await (const id of clientIds()) ids.push(id);
  dir = join(REPO_ROOT, '.data', 'e2e', `fleet-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(REPO_ROOT, 'examples', 'fleet', 'template'), join(dir, 'template'), { recursive: true });
  env = {
    ...cleanEnv(),
    WALLETINFRA_ORGANIZATION_ID: emu.credentials.organizationId,
    WALLETINFRA_API_PUBLIC_KEY: emu.credentials.apiPublicKey,
    WALLETINFRA_API_PRIVATE_KEY: emu.credentials.apiPrivateKey,
    WALLETINFRA_BASE_URL: emu.baseUrl,
  };
  writeFileSync(
    join(dir, 'fleet.yaml'),
    fleetOptions(seeded.delegatedApiKey.publicKey, './template', `backend: file://${join(dir, 'state')}\n`),
  );
  // Enrolled: all but three conformant ones (made since the last rollout) and one drifted one; plus a stack whose
  // sub-organization is gone.
  const conformant = ids.filter((id) => !expected.has(id));
  const drifted = ids.filter((id) => expected.has(id));
  const unenrolled = [...conformant.slice(-3), drifted[0] as string];
  for (const id of conformant.slice(-3)) expected.set(id, { status: 'unenrolled', classes: ['unenrolled'], drift: [], unmanaged: [] });
  const first = expected.get(drifted[0] as string) as Finding;
  first.classes = [...first.classes, 'unenrolled'];
  await initStacks([ORPHAN, ...ids.filter((id) => !unenrolled.includes(id))]);
});

/** The parent's sub-organization ids, as list_suborgs pages them. */
function clientIds(): AsyncGenerator<string> {
  return clientFor(emu).iterateSuborgs({ paginationOptions: { limit: '100' } });
}

afterAll(async () => {
  await emu?.close();
});

test('one scan finds exactly the planted drift, the unenrolled sub-organizations and the orphan stack', async () => {
  const result = await fleetCli(['scan', '--json-out', 'one.json', '--md-out', 'one.md', '--junit-out', 'one.xml']);
  expect({ code: result.code, stderr: result.stderr }).toMatchObject({ code: 2 });
  expect(result.stderr).toContain('[fleet] template ./template: evaluated once for every sub-organization');
  const n = (status: string) => [...expected.values()].filter((f) => f.status === status).length;
  expect(result.stderr).toContain(
    `[fleet] ${COUNT} sub-organizations: ${COUNT - expected.size} conformant, ${n('drifted')} drifted, ${n('unmanaged')} with unmanaged objects, ` +
      `${n('unenrolled')} unenrolled, 0 unreachable, 0 template errors`,
  );
  const r = report('one.json');
  const found = new Map(
    r.subOrganizations
      .filter((e) => e.status !== 'conformant')
      .map((e) => [
        e.id,
        {
          status: e.status,
          classes: e.classes,
          drift: e.drift.map((d) => `${d.kind} ${d.resource} ${d.change}`),
          unmanaged: e.unmanaged.filter((o) => o.status === 'unmanaged').map((o) => `${o.kind} ${o.name}`),
        },
      ]),
  );
  expect(Object.fromEntries(found)).toEqual(Object.fromEntries(expected));
  expect(r.summary.subOrganizations).toBe(COUNT);
  expect(r.enrollment.orphanStacks).toEqual([ORPHAN]);
  expect(r.run.requests.whoami).toBe(COUNT);
  expect(r.run.requests.list_users).toBe(COUNT);
});

describe('examples/fleet/fleet-scan.yml', () => {
  const wf = loadWorkflow('fleet/fleet-scan.yml');
  let work: string;
  const ctx = (known: Record<string, string> = {}) => ({
    cwd: dir,
    work,
    env: { ...env, PATH: `${join(REPO_ROOT, 'node_modules', '.bin')}:${env.PATH ?? ''}`, FLEET_OPTIONS: 'fleet.yaml', SHARD_COUNT: '3' },
    known: {
      'github.token': 'fake-token',
      'github.server_url': 'https://github.com',
      'github.repository': 'acme/infra',
      'github.run_id': '1',
      ...known,
    },
  });

  /**
   * The nightly run: each shard's scan step (none when `shards` is 0: the last night's shard reports are merged
   * again), then the report job's merge and issue steps.
   */
  async function nightly(options: string, shards: number): Promise<{ merge: RunResult & { outputs: Record<string, string> } }> {
    rmSync(join(dir, 'fleet-report.json'), { force: true });
    if (shards > 0) for (const n of ['1', '2', '3']) rmSync(join(dir, `fleet-report-${n}.json`), { force: true });
    const stepEnv = { ...ctx().env, FLEET_OPTIONS: options, SHARD_COUNT: String(shards || 3) };
    for (let n = 1; n <= shards; n += 1) {
      const shard = String(n);
      const step = await runStep(wf, 'scan', 'Scan the shard', { ...ctx({ 'matrix.shard': shard }), env: stepEnv });
      expect({ shard, code: step.code, stderr: step.stderr.slice(-2000) }).toMatchObject({ code: 0 });
      expect(step.stderr).toContain(`(shard ${shard}/${shards})`);
    }
    const merge = await runStep(wf, 'report', 'Merge the shard reports', ctx());
    expect({ code: merge.code, stderr: merge.stderr }).toMatchObject({ code: 0 });
    const issue = await runStep(wf, 'report', 'Open, update or close the fleet issue', ctx(), merge.outputs);
    expect({ code: issue.code, stderr: issue.stderr }).toMatchObject({ code: 0 });
    return { merge };
  }

  beforeAll(() => {
    work = join(dir, 'ci');
    installFakeGh(work);
  });

  test('shards 1/3, 2/3 and 3/3 merged are the one run’s report; one issue while the fleet does not conform, closed when it does', async () => {
    const first = await nightly('fleet.yaml', 3);
    expect(first.merge.outputs['exit-code']).toBe('2');
    expect(withoutRun(readFileSync(join(dir, 'fleet-report.json'), 'utf8'))).toEqual(
      withoutRun(readFileSync(join(dir, 'one.json'), 'utf8')),
    );
    expect(readFileSync(join(dir, 'fleet-report.xml'), 'utf8')).toBe(readFileSync(join(dir, 'one.xml'), 'utf8'));
    expect(withoutLastLine(readFileSync(join(dir, 'fleet-report.md'), 'utf8'))).toBe(
      withoutLastLine(readFileSync(join(dir, 'one.md'), 'utf8')),
    );
    expect(report('fleet-report.json').run.mergedFrom?.map((s) => `${s.index}/${s.count}`)).toEqual(['1/3', '2/3', '3/3']);
    expect(readFileSync(join(work, 'step-summary.md'), 'utf8')).toContain('# Fleet `customer-wallets`');
    let issues = ghState(work).issues;
    expect(issues.map((i) => [i.title, i.state])).toEqual([['Sub-organizations do not conform to the fleet template', 'open']]);
    expect(issues[0]?.body).toContain(`**${expected.size} of ${COUNT} sub-organizations do not conform to the template**`);
    expect((await runStep(wf, 'report', 'Fail unless the fleet conforms', ctx(), first.merge.outputs)).code).toBe(2);

    // The same findings next night (the same shard reports): the same issue, updated in place.
    await nightly('fleet.yaml', 0);
    issues = ghState(work).issues;
    expect(issues).toHaveLength(1);

    // Every sub-organization conforms (the drifted and unenrolled ones left out of the fleet): closed. One shard
    // (1/1) is enough to prove it; the workflow runs as many as SHARD_COUNT says.
    const planted = [...expected.keys()];
    writeFileSync(
      join(dir, 'clean.yaml'),
      `${readFileSync(join(dir, 'fleet.yaml'), 'utf8')}selector:\n  exclude: [${planted.map((id) => `"${id}"`).join(', ')}]\n`,
    );
    const clean = await nightly('clean.yaml', 1);
    expect(clean.merge.outputs['exit-code']).toBe('0');
    issues = ghState(work).issues;
    expect(issues.map((i) => i.state)).toEqual(['closed']);
    expect(issues[0]?.comments.join('\n')).toContain('Every sub-organization conforms again');
  });
});
