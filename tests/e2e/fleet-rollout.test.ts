// `walletinfra-fleet up` through the real Pulumi engine (the Automation API, the CLI on PATH, Pulumi's Node.js host),
// on a fleet of 10 sub-organizations the emulator's seed-fleet made with examples/fleet/shape.json, four of them
// drifted in the ways the delegated user may put back (a loosened policy, a tag's member removed, two tags deleted),
// each with a stack in a file backend: the built bin's scan finds exactly the planted drift; `up --only-drifted`,
// killed with SIGKILL (its whole process tree, as a cancelled CI job is) while the engine's write in the third
// drifted sub-organization is in flight at the service, is run again and resumes: the ones done are not run again,
// the interrupted one's lock is recovered and its write, which landed after the kill, adopted (not made twice), the
// last one runs; every write was the delegated user's; nothing else was written. Then an 11th sub-organization with a
// tag missing: `up`, with only the walletinfra-fleet process SIGKILLed (not its process tree) while the tag's create
// is held: the stack's engine lives on under its guard holding the lock (a live process's: not recovered), and once
// the write lands records it, releases the lock and ends with its plugins; the tag is made once, the state has it
// with nothing pending. And the scan is clean.
//
// Nothing here waits on time: the emulator holds the interrupted write at a gate (its injectable wait for a fault's
// delay), the kill goes when the write is held, and the gate opens once every process of the run is gone (after the
// second kill, the engine's processes, which are not ours to wait on, are looked for until gone, bounded).
import { spawn, spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DriftEntry, RunningEmulator } from '@walletinfra/emulator';
import type { FleetReport } from '@walletinfra/pulumi/fleet/report/schema';
import { fileBackendLocks, lockIsDead, processIsAlive } from '@walletinfra/pulumi/fleet/up/locks';
import type { RolloutReport } from '@walletinfra/pulumi/fleet/up/report/schema';
import { startTestEmulator } from '../support/emulator';
import {
  cleanEnv,
  killTree,
  processTree,
  pulumiBinDir,
  REPO_ROOT,
  requireBuiltPackages,
  run,
  running,
  type RunResult,
} from '../support/e2e/process';
import type { ProcessEntry } from '../acceptance/processes';
import { fleetOptions, parentEnv } from '../support/fleet';

jest.setTimeout(1_200_000);

const BIN = join(REPO_ROOT, 'provider', 'bin', 'walletinfra-fleet.js');
const PROJECT = 'delegated-access';

/** The emulator's wait for a fault's delay: holds every call (only the interrupted write has a delay) until `open()`. */
class Gate {
  private readonly waiting: Array<() => void> = [];
  private opened = false;
  onHold: () => void = () => {};
  readonly wait = (): Promise<void> => {
    if (this.opened) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.onHold();
    });
  };
  open(): void {
    this.opened = true;
    for (const release of this.waiting.splice(0)) release();
  }
  /** Holds calls again (the next fault's delay). */
  close(): void {
    this.opened = false;
  }
}

const gate = new Gate();
let emu: RunningEmulator;
let dir: string;
let env: NodeJS.ProcessEnv;
let drift: DriftEntry[];
/** The drifted sub-organizations in the order a rollout runs them (by id). */
let targets: string[];
/** The one whose write the kill interrupts: a deleted tag (a create), not the first target. */
let victim: string;
/** The delegated key's public half: every write must be signed with it. */
let delegatedPublicKey: string;
/** The activities the seed made: everything after them is the rollouts'. */
let seeded: Set<string>;

function fleetCli(args: string[]): Promise<RunResult> {
  return run(process.execPath, [BIN, ...args], { cwd: dir, env });
}

/**
 * `walletinfra-fleet up ARGS` in a process group of its own; `kill(pid)` is called once the faulted write is held
 * at the gate. `exited`: its exit code (null when killed by a signal).
 */
function upKilledMidWrite(args: string[], kill: (pid: number) => void): { exited: Promise<number | null>; stderr: () => string } {
  const child = spawn(process.execPath, [BIN, 'up', ...args], { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdout.resume();
  gate.onHold = () => kill(child.pid as number);
  return { exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))), stderr: () => stderr };
}

const json = <T>(file: string): T => JSON.parse(readFileSync(join(dir, file), 'utf8')) as T;

/** What a scan reports of each drift the seed planted (examples/fleet's template). */
function findingOf(entry: DriftEntry): string[] {
  switch (entry.kind) {
    case 'loosened-policy':
      return [
        `Policy ${entry.policyName === 'Delegated account applies the fleet template' ? 'delegated-applies-template' : 'delegated-signs-to-recipient'} changed`,
      ];
    case 'missing-tag':
      return ['UserTag backend missing'];
    case 'tag-member-removed':
      return ['UserTag backend changed'];
    default:
      throw new Error(`not planted here: ${entry.kind}`);
  }
}

/** The rollouts' activities: every one the seed did not make. */
function rolloutActivities(): Array<{ organizationId: string; type: string; publicKey: string }> {
  return emu.store.activities
    .all()
    .filter((a) => !seeded.has(a.id))
    .map((a) => ({ organizationId: a.organizationId, type: a.type, publicKey: a.submittedBy.publicKey }));
}

/** No orphan: the service holds one `backend` tag in `id`, the stack's state records it, and nothing is pending. */
async function expectTagRecordedOnce(id: string): Promise<void> {
  const exported = await run('pulumi', ['stack', 'export', '--stack', id], { cwd: join(dir, 'stacks-project'), env });
  const deployment = (
    JSON.parse(exported.stdout) as { deployment: { resources?: Array<{ type: string; id?: string }>; pending_operations?: unknown[] } }
  ).deployment;
  const tags = emu.store.tags.all().filter((t) => t.organizationId === id && t.tagName === 'backend');
  expect(tags).toHaveLength(1);
  expect(deployment.resources?.filter((r) => r.type === 'pulumi-nodejs:dynamic/walletinfra:UserTag').map((r) => r.id)).toEqual([
    tags[0]?.tagId,
  ]);
  expect(deployment.pending_operations ?? []).toEqual([]);
}

/** `pulumi stack init` of each id in a file backend (enrolled: the scan finds a stack for each), four at a time. */
async function initStacks(ids: string[]): Promise<void> {
  const project = join(dir, 'stacks-project');
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'Pulumi.yaml'), `name: ${PROJECT}\nruntime: nodejs\n`);
  const queue = [...ids];
  const worker = async (): Promise<void> => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const r = await run('pulumi', ['stack', 'init', id, '--non-interactive'], { cwd: project, env });
      if (r.code !== 0) throw new Error(`pulumi stack init ${id}: ${r.stderr}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

beforeAll(async () => {
  requireBuiltPackages();
  emu = await startTestEmulator({ sleep: gate.wait });
  const shape = JSON.parse(readFileSync(join(REPO_ROOT, 'examples', 'fleet', 'shape.json'), 'utf8')) as unknown;
  // two seedings (numbered on, one delegated key): the second plants deleted tags only, so two of the four drifted
  // ones have one, and at least one of those is not the first target
  const first = emu.seedFleet({ count: 6, shape, driftPercent: 34, driftKinds: ['loosened-policy', 'tag-member-removed'], seed: 2 });
  const second = emu.seedFleet({ count: 4, shape, driftPercent: 50, driftKinds: ['missing-tag'], seed: 2 });
  expect(second.delegatedApiKey).toEqual(first.delegatedApiKey);
  delegatedPublicKey = first.delegatedApiKey.publicKey;
  drift = [...first.drift, ...second.drift];
  expect([drift.length, drift.filter((d) => d.kind === 'missing-tag').length]).toEqual([4, 2]);
  targets = drift.map((d) => d.subOrganizationId).sort();
  victim = drift.filter((d) => d.kind === 'missing-tag' && d.subOrganizationId !== targets[0]).map((d) => d.subOrganizationId)[0] as string;
  // The end users log in with passkeys (the shape gives each one), so the template's root quorum of them is no lock-out.
  expect(emu.store.authenticators.all()).toHaveLength(10);
  seeded = new Set(emu.store.activities.all().map((a) => a.id));

  dir = join(REPO_ROOT, '.data', 'e2e', `fleet-rollout-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'state'), { recursive: true });
  cpSync(join(REPO_ROOT, 'examples', 'fleet', 'template'), join(dir, 'template'), { recursive: true });
  env = {
    ...cleanEnv(),
    PATH: `${pulumiBinDir()}:${process.env.PATH ?? ''}`,
    PULUMI_HOME: join(dir, '.pulumi-home'),
    PULUMI_CONFIG_PASSPHRASE: 'e2e',
    PULUMI_SKIP_UPDATE_CHECK: 'true',
    PULUMI_BACKEND_URL: `file://${join(dir, 'state')}`,
    ...parentEnv(emu),
    WALLETINFRA_PROFILE_DELEGATED_API_PRIVATE_KEY: first.delegatedApiKey.privateKey,
  };
  writeFileSync(
    join(dir, 'fleet.yaml'),
    fleetOptions(first.delegatedApiKey.publicKey, './template', `backend: file://${join(dir, 'state')}\n`),
  );
  const ids = emu.store.organizations
    .all()
    .map((o) => o.organizationId)
    .filter((id) => id !== emu.credentials.organizationId);
  expect(ids).toHaveLength(10);
  await initStacks(ids);
});

afterAll(async () => {
  gate.open();
  await emu?.close();
});

test('the scan finds exactly the planted drift', async () => {
  const r = await fleetCli(['scan', '--json-out', 'before.json']);
  expect({ code: r.code, summary: /\[fleet\] 10 sub-organizations: .*/.exec(r.stderr)?.[0] }).toEqual({
    code: 2,
    summary:
      '[fleet] 10 sub-organizations: 6 conformant, 4 drifted, 0 with unmanaged objects, 0 unenrolled, 0 unreachable, 0 template errors',
  });
  const found = json<FleetReport>('before.json')
    .subOrganizations.filter((e) => e.status !== 'conformant')
    .map((e) => [e.id, e.drift.map((d) => `${d.kind} ${d.resource} ${d.change}`)]);
  expect(Object.fromEntries(found)).toEqual(Object.fromEntries(drift.map((d) => [d.subOrganizationId, findingOf(d)])));
});

test('up --only-drifted, killed (SIGKILL) mid-write, then run again: exactly the drifted ones fixed, each write once, as the delegated user', async () => {
  // The victim's first write waits at the gate; when it does, every process of the run is killed.
  emu.faults.set([{ path: '/public/v1/submit/*', organizationId: victim, delayMs: 1, times: 1 }]);
  let killed: number[] = [];
  const { exited, stderr } = upKilledMidWrite(['--only-drifted', '--json-out', 'killed.json'], (pid) => {
    killed = killTree(pid);
  });
  expect(await exited).toBeNull();
  // The parent's pipes close when it dies, which does not order after its children's end: a SIGKILLed engine may
  // still be tearing down under load. Wait for each killed process to be gone (bounded), then assert it.
  for (let checks = 0; checks < 2_000 && killed.some(running); checks += 1) await new Promise((r) => setImmediate(r));
  expect(killed.filter(running)).toEqual([]);
  // every process is gone: the held write now lands, with nobody there to record it
  const landed = new Promise<void>((resolve) => {
    const check = () => (rolloutActivities().some((a) => a.organizationId === victim) ? resolve() : setImmediate(check));
    check();
  });
  emu.faults.set([]);
  gate.open();
  await landed;

  const victimName = json<FleetReport>('before.json').subOrganizations.find((e) => e.id === victim)?.name ?? '';
  const victimAt = targets.indexOf(victim);
  // the kill left: the targets before the victim done, the victim started, its stack locked; no report
  expect(stderr()).toContain(`${victimAt}/4 · `);
  expect(existsSync(join(dir, 'killed.json'))).toBe(false);
  const journal = readFileSync(join(dir, '.walletinfra-fleet', 'journal.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { t: string; rollout: string; subOrganization?: string; status?: string });
  expect(journal.filter((r) => r.t === 'finish').map((r) => [r.subOrganization, r.status])).toEqual(
    targets.slice(0, victimAt).map((id) => [id, 'succeeded']),
  );
  expect(journal[journal.length - 1]).toMatchObject({ t: 'start', subOrganization: victim });
  const locks = join(dir, 'state', '.pulumi', 'locks', 'organization', PROJECT, victim);
  const lockFiles = () => readdirSync(locks).filter((f) => f.endsWith('.json'));
  expect(lockFiles()).toHaveLength(1);

  // run again: it resumes
  const again = await fleetCli(['up', '--only-drifted', '--json-out', 'resumed.json']);
  expect({ code: again.code, stderr: again.stderr }).toMatchObject({ code: 0 });
  const rolloutId = journal[0]?.rollout ?? '';
  const done = victimAt === 1 ? '1 sub-organization' : `${victimAt} sub-organizations`;
  expect(again.stderr).toContain(`[fleet] resuming rollout ${rolloutId}: ${done} already rolled out, not run again\n`);
  const report = json<RolloutReport>('resumed.json');
  expect(report.rollout).toMatchObject({ resumed: true, outcome: 'completed' });
  expect(report.subOrganizations.map((e) => [e.id, e.status, e.resumed ?? false])).toEqual(
    targets.map((id, n) => [id, 'succeeded', n < victimAt]),
  );
  expect(lockFiles()).toEqual([]);
  const log = readFileSync(join(dir, report.subOrganizations[victimAt]?.log ?? ''), 'utf8');
  expect(log).toContain("[fleet] the stack's lock was left by a run that is gone");
  expect(log).toContain(
    '[fleet] the interrupted run may have left operations pending in the state: pulumi refresh --clear-pending-creates first',
  );
  expect(log).toContain(victimName);

  // every write of both runs: in the drifted sub-organizations only, by the delegated key, one per planted drift
  const writes = rolloutActivities();
  const perOrg = Object.fromEntries(targets.map((id) => [id, writes.filter((a) => a.organizationId === id).map((a) => a.type)]));
  const expectedWrites: Record<string, string[]> = {
    'loosened-policy': ['ACTIVITY_TYPE_UPDATE_POLICY_V2'],
    'missing-tag': ['ACTIVITY_TYPE_CREATE_USER_TAG'],
    'tag-member-removed': ['ACTIVITY_TYPE_UPDATE_USER_TAG'],
  };
  expect(perOrg).toEqual(Object.fromEntries(drift.map((d) => [d.subOrganizationId, expectedWrites[d.kind]])));
  expect(writes.filter((a) => !targets.includes(a.organizationId))).toEqual([]);
  expect(new Set(writes.map((a) => a.publicKey))).toEqual(new Set([delegatedPublicKey]));

  // no orphan: the victim's stack holds the tag the interrupted write made, and nothing pending
  await expectTagRecordedOnce(victim);
});

/** Which of `pids` still run (one `ps` for all; a zombie counts as gone). */
function stillRunning(pids: readonly number[]): number[] {
  const rows = spawnSync('ps', ['-o', 'pid=,stat=', '-p', pids.join(',')], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n');
  return rows
    .map((row) => row.trim().split(/\s+/))
    .filter(([pid, stat]) => pid !== undefined && pid !== '' && stat !== undefined && !stat.startsWith('Z'))
    .map(([pid]) => Number(pid));
}

/**
 * Waits for `pids` (not children of ours: nothing tells us when they end) to be gone, looking every 10 ms, at most
 * 1,000 times; returns those still running.
 */
async function gone(pids: readonly number[]): Promise<number[]> {
  let left = stillRunning(pids);
  for (let checks = 0; checks < 1_000 && left.length > 0; checks += 1) {
    await new Promise((r) => setTimeout(r, 10));
    left = stillRunning(left);
  }
  return left;
}

test('walletinfra-fleet alone killed (kill -9 of its pid) mid-write: its engine lives on holding the lock (a run meanwhile would refuse it), then finishes the write, records it, releases the lock and ends with its plugins', async () => {
  // an 11th sub-organization, a tag missing, no stack yet: its one write (the tag's create) is held at the gate
  const shape = JSON.parse(readFileSync(join(REPO_ROOT, 'examples', 'fleet', 'shape.json'), 'utf8')) as unknown;
  const [planted] = emu.seedFleet({ count: 1, shape, driftPercent: 100, driftKinds: ['missing-tag'], seed: 3 }).drift;
  const id = planted?.subOrganizationId ?? '';
  for (const a of emu.store.activities.all()) seeded.add(a.id);
  gate.close();
  emu.faults.set([{ path: '/public/v1/submit/*', organizationId: id, delayMs: 1, times: 1 }]);
  let tree: ProcessEntry[] = [];
  const killed = upKilledMidWrite(['--select-id', id], (pid) => {
    tree = processTree(pid);
    process.kill(pid, 'SIGKILL');
  });
  expect(await killed.exited).toBeNull();
  const locks = join(dir, 'state', '.pulumi', 'locks', 'organization', PROJECT, id);
  const [lock] = readdirSync(locks).map((f) => JSON.parse(readFileSync(join(locks, f), 'utf8')) as { pid: number });
  // its engine (the stack's lock names it) outlives it, its write held at the service
  expect(tree.map((p) => p.pid)).toContain(lock?.pid);
  expect(running(lock?.pid ?? 0)).toBe(true);

  // what a run meanwhile decides from that lock, with the functions its stack runner calls: a live process's, so it
  // is not recovered and that run refuses the sub-organization as `locked`, nothing written
  const probe = { host: hostname(), isAlive: processIsAlive };
  expect(fileBackendLocks(`file://${join(dir, 'state')}`, PROJECT, id).map((l) => [l.pid, lockIsDead(l, probe)])).toEqual([
    [lock?.pid, false],
  ]);
  expect(rolloutActivities().filter((a) => a.organizationId === id)).toEqual([]);

  // the write lands; the engine records it, releases the lock and ends, its plugins with it
  emu.faults.set([]);
  gate.open();
  expect(await gone(tree.map((p) => p.pid))).toEqual([]);
  expect(readdirSync(locks).filter((f) => f.endsWith('.json'))).toEqual([]);
  expect(rolloutActivities().filter((a) => a.organizationId === id)).toEqual([
    { organizationId: id, type: 'ACTIVITY_TYPE_CREATE_USER_TAG', publicKey: delegatedPublicKey },
  ]);
  await expectTagRecordedOnce(id);
});

test('the scan is clean', async () => {
  const r = await fleetCli(['scan', '--json-out', 'after.json']);
  expect({ code: r.code, summary: /\[fleet\] 11 sub-organizations: .*/.exec(r.stderr)?.[0] }).toEqual({
    code: 0,
    summary:
      '[fleet] 11 sub-organizations: 11 conformant, 0 drifted, 0 with unmanaged objects, 0 unenrolled, 0 unreachable, 0 template errors',
  });
});
