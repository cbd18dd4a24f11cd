// A fleet of 48 sub-organizations in the emulator, made as the delegated-access guide sets them up, drift of every
// kind planted in some, stacks in a file backend for most (made by the real Pulumi CLI): the built
// `walletinfra-fleet` bin finds exactly the planted drift, the unenrolled sub-organizations and the orphan stack;
// and examples/fleet/fleet-scan.yml's own steps, run with bash for shards 1/3, 2/3 and 3/3 and merged, write the
// report one run writes (JSON and JUnit byte for byte, Markdown but its run line), keep one issue open while the
// fleet does not conform, and close it when it does.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningEmulator } from '@walletinfra/emulator';
import type { FleetReport } from '@walletinfra/pulumi/fleet/report/schema';
import { startTestEmulator } from '../support/emulator';
import { cleanEnv, pulumiBinDir, REPO_ROOT, requireBuiltPackages, run, type RunResult } from '../support/e2e/process';
import { ghState, installFakeGh, loadWorkflow, runStep } from '../support/e2e/workflow';
import {
  addDelegatedKey,
  addPolicy,
  addRootUser,
  createFleet,
  deleteDelegatedUser,
  deleteTag,
  fleetOptions,
  loosenPolicy,
  removeTagMember,
  type SubOrganization,
  type TestFleet,
} from '../support/fleet';

jest.setTimeout(1_800_000);

const COUNT = 48;
const ORPHAN = '0e7a11c5-0000-4000-8000-0000000000ff';
const BIN = join(REPO_ROOT, 'provider', 'bin', 'walletinfra-fleet.js');

let emu: RunningEmulator;
let fleet: TestFleet;
let dir: string;
let env: NodeJS.ProcessEnv;
/** What each planted sub-organization must show: status, classes, drift (kind resource change), unmanaged (kind name). */
const expected = new Map<string, { status: string; classes: string[]; drift: string[]; unmanaged: string[] }>();
const unenrolled: string[] = [];

function expect_(sub: SubOrganization, status: string, classes: string[], drift: string[], unmanaged: string[] = []): void {
  expected.set(sub.id, { status, classes, drift, unmanaged });
}

async function plant(subs: SubOrganization[]): Promise<void> {
  const [a, b, c, d, e, f, g, h] = subs as [SubOrganization, ...SubOrganization[]];
  await addRootUser(a, 'intruder-a');
  expect_(a, 'unmanaged', ['unmanaged', 'drifted'], ['RootQuorum root-quorum changed'], ['User intruder-a', 'ApiKey intruder-a']);
  await loosenPolicy(b!);
  expect_(b!, 'drifted', ['drifted'], ['Policy delegated-signs-to-recipient changed']);
  await deleteTag(c!);
  expect_(c!, 'drifted', ['drifted'], ['UserTag backend missing']);
  await removeTagMember(d!);
  expect_(d!, 'drifted', ['drifted'], ['UserTag backend changed']);
  await addPolicy(e!, 'Allow everything');
  expect_(e!, 'unmanaged', ['unmanaged'], [], ['Policy Allow everything']);
  await addDelegatedKey(f!);
  expect_(f!, 'unmanaged', ['unmanaged'], [], ['ApiKey spare']);
  await deleteDelegatedUser(g!);
  expect_(
    g!,
    'drifted',
    ['drifted'],
    ['User delegated missing', 'Policy delegated-signs-to-recipient changed', 'UserTag backend changed', 'ApiKey delegated-key missing'],
  );
  // Drifted and unenrolled at once.
  await loosenPolicy(h!);
  expect_(h!, 'drifted', ['drifted', 'unenrolled'], ['Policy delegated-signs-to-recipient changed']);
}

/** `pulumi stack init` in the template's project for each id, four at a time, in the file backend. */
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
  const queue = [...ids];
  const worker = async (): Promise<void> => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const r = await run('pulumi', ['stack', 'init', id, '--non-interactive'], { cwd: project, env: pulumiEnv });
      if (r.code !== 0) throw new Error(`pulumi stack init ${id}: ${r.stderr}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
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
  fleet = await createFleet(emu, COUNT);
  await plant(fleet.subOrganizations.slice(0, 8));
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
  writeFileSync(join(dir, 'fleet.yaml'), fleetOptions(fleet, './template', `backend: file://${join(dir, 'state')}\n`));
  // Enrolled: all but the last three (made since the last rollout) and the eighth (drifted too); plus a stack
  // whose sub-organization is gone.
  const subs = fleet.subOrganizations;
  unenrolled.push(...subs.slice(-3).map((s) => s.id), (subs[7] as SubOrganization).id);
  await initStacks([...subs.map((s) => s.id).filter((id) => !unenrolled.includes(id)), ORPHAN]);
  for (const s of subs.slice(-3)) expect_(s, 'unenrolled', ['unenrolled'], []);
});

afterAll(async () => {
  await fleet?.close();
  await emu?.close();
});

test('one scan finds exactly the planted drift, the unenrolled sub-organizations and the orphan stack', async () => {
  const result = await fleetCli(['scan', '--json-out', 'one.json', '--md-out', 'one.md', '--junit-out', 'one.xml']);
  expect({ code: result.code, stderr: result.stderr }).toMatchObject({ code: 2 });
  expect(result.stderr).toContain('[fleet] template ./template: evaluated once for every sub-organization');
  expect(result.stderr).toContain(
    `[fleet] ${COUNT} sub-organizations: ${COUNT - 11} conformant, 5 drifted, 3 with unmanaged objects, 3 unenrolled, 0 unreachable, 0 template errors`,
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

  /** The nightly run: each shard's scan step, then the report job's merge and issue steps. */
  async function nightly(options: string): Promise<{ merge: RunResult & { outputs: Record<string, string> } }> {
    for (const f of ['fleet-report-1.json', 'fleet-report-2.json', 'fleet-report-3.json', 'fleet-report.json'])
      rmSync(join(dir, f), { force: true });
    for (const shard of ['1', '2', '3']) {
      const step = await runStep(wf, 'scan', 'Scan the shard', {
        ...ctx({ 'matrix.shard': shard }),
        env: { ...ctx().env, FLEET_OPTIONS: options },
      });
      expect({ shard, code: step.code, stderr: step.stderr.slice(-2000) }).toMatchObject({ code: 0 });
      expect(step.stderr).toContain(`(shard ${shard}/3)`);
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
    const first = await nightly('fleet.yaml');
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
    expect(issues[0]?.body).toContain('**11 of 48 sub-organizations do not conform to the template**');
    expect((await runStep(wf, 'report', 'Fail unless the fleet conforms', ctx(), first.merge.outputs)).code).toBe(2);

    // The same findings next night: the same issue, updated in place.
    await nightly('fleet.yaml');
    issues = ghState(work).issues;
    expect(issues).toHaveLength(1);

    // Every sub-organization conforms (the planted ones left out of the fleet, the rest enrolled): closed.
    const planted = [...expected.keys()];
    writeFileSync(
      join(dir, 'clean.yaml'),
      `${readFileSync(join(dir, 'fleet.yaml'), 'utf8')}selector:\n  exclude: [${planted.map((id) => `"${id}"`).join(', ')}]\n`,
    );
    const clean = await nightly('clean.yaml');
    expect(clean.merge.outputs['exit-code']).toBe('0');
    issues = ghState(work).issues;
    expect(issues.map((i) => i.state)).toEqual(['closed']);
    expect(issues[0]?.comments.join('\n')).toContain('Every sub-organization conforms again');
  });
});
