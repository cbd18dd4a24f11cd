// `walletinfra-fleet up` against the emulator, its stacks run by a stand-in for the engine (the real engine's runs
// are in tests/e2e/fleet-rollout.test.ts): the refusals before any stack starts (the parent's key, a report of
// another template or selector, missing options), the check of each sub-organization just before its stack (its
// delegated user missing or not allowed, a root-only change, a sub-organization that is gone), which ones a rollout
// selects and leaves alone, the waves and the failure tolerance as the terminal and the reports tell them, and a
// killed rollout's journal resumed.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect } from '@jest/globals';
import { join } from 'node:path';
import { generateApiKeyPair } from '@walletinfra/sdk';
import { main } from '@walletinfra/pulumi/fleet/cli';
import type { FleetReport } from '@walletinfra/pulumi/fleet/report/schema';
import type { RolloutReport } from '@walletinfra/pulumi/fleet/up/report/schema';
import type { StackRun, StackRunner } from '@walletinfra/pulumi/fleet/up/stacks';
import type { TemplateStackConfig } from '@walletinfra/pulumi/fleet';
import { admin, AdminUser, generatedKey, useTestEmulator } from '../../support/emulator';
import {
  createFleet,
  deleteTag,
  delegatedEnv,
  fleetOptions,
  parentEnv,
  plantDrift,
  MANAGEMENT_POLICY_NAME,
  type SubOrganization,
  type TestFleet,
} from '../../support/fleet';
import { fleetCliDeps, fleetWorkDir, type TestCliDeps } from '../../support/fleet-cli';
import { REPO_ROOT } from '../../support/e2e/process';

jest.setTimeout(300_000);

const emu = useTestEmulator();
// The example's template in YAML: scan and the check before each stack evaluate it in process (a TypeScript
// template costs a Node.js process per evaluation); tests/e2e/fleet-rollout.test.ts runs the TypeScript one.
const TEMPLATE = join(REPO_ROOT, 'examples', 'fleet', 'template-yaml');
let fleet: TestFleet;
let dir: string;
let subs: SubOrganization[];
let rollouts = 0;
const sub = (n: number): SubOrganization => subs[n - 1] as SubOrganization;

/**
 * A stand-in for the engine: records each stack it is asked to run, leaves the stack's file in the backend as a
 * first `pulumi up` does (so scans see it enrolled), and answers from `outcomes` (default succeeded, 1 updated).
 */
class FakeStacks implements StackRunner {
  readonly ran: string[] = [];
  readonly configs: TemplateStackConfig[] = [];
  /** The stacks it was told a killed rollout was running. */
  readonly interrupted: string[] = [];
  constructor(private readonly outcomes: Record<string, StackRun> = {}) {}
  async run(id: string, config: TemplateStackConfig, log: (text: string) => void, options?: { interrupted?: boolean }): Promise<StackRun> {
    this.ran.push(id);
    if (options?.interrupted === true) this.interrupted.push(id);
    this.configs.push(config);
    log(`pulumi up of ${id}\n`);
    const stacks = join(dir, 'state', '.pulumi', 'stacks', 'delegated-access');
    mkdirSync(stacks, { recursive: true });
    writeFileSync(join(stacks, `${id}.json`), '{}');
    return this.outcomes[id] ?? { status: 'succeeded', changes: { update: 1, same: 6 } };
  }
}

function deps(stacks: StackRunner | undefined, env: Record<string, string> = {}): TestCliDeps {
  let clock = Date.parse('2026-03-01T10:00:00.000Z');
  return fleetCliDeps(
    dir,
    { ...parentEnv(emu), ...delegatedEnv(fleet), ...env },
    {
      now: () => (clock += 1000),
      ...(stacks !== undefined ? { stackRunner: () => stacks } : {}),
      probe: { host: 'test-host', pid: 4242, isAlive: () => false },
      rolloutId: () => `r-${(rollouts += 1)}`,
    },
  );
}

const json = <T>(file: string): T => JSON.parse(readFileSync(join(dir, file), 'utf8')) as T;
const byName = (report: RolloutReport) => Object.fromEntries(report.subOrganizations.map((e) => [e.name, e]));

beforeAll(async () => {
  fleet = await createFleet(emu, 8);
  subs = fleet.subOrganizations.sort((a, b) => (a.id < b.id ? -1 : 1));
  dir = fleetWorkDir('fleet-up-');
  writeFileSync(
    join(dir, 'fleet.yaml'),
    fleetOptions(fleet.delegatedKey.publicKey, TEMPLATE, `backend: file://${join(dir, 'state')}\nretryBudgetMs: 1000`),
  );
  mkdirSync(join(dir, 'state', '.pulumi'), { recursive: true });
  writeFileSync(join(dir, 'state', '.pulumi', 'meta.yaml'), 'version: 1\n');
});

afterAll(async () => {
  await fleet?.close();
});

describe('refused before any stack starts (exit 2, nothing run)', () => {
  test("the parent's own key as the delegated key", async () => {
    writeFileSync(
      join(dir, 'parent-as-delegated.yaml'),
      fleetOptions(emu.credentials.apiPublicKey, TEMPLATE, `backend: file://${join(dir, 'state')}`),
    );
    const stacks = new FakeStacks();
    const run = deps(stacks, { WALLETINFRA_PROFILE_DELEGATED_API_PRIVATE_KEY: emu.credentials.apiPrivateKey });
    expect(await main(['up', '--options', 'parent-as-delegated.yaml'], run)).toBe(2);
    expect(run.err.join('')).toBe(
      `walletinfra-fleet: refusing to roll out: the delegated key ${emu.credentials.apiPublicKey} is the parent's own key (the parent credentials' API key, organization ${emu.credentials.organizationId}); ` +
        "up writes in each sub-organization as its delegated user, never with a key of the parent (the parent may only read its sub-organizations); set WALLETINFRA_PROFILE_DELEGATED_API_PRIVATE_KEY and delegated.apiPublicKey to the delegated key each sub-organization's delegated user holds\n",
    );
    expect(stacks.ran).toEqual([]);
  });

  test('a key another user of the parent holds', async () => {
    const created = AdminUser.parse((await admin(emu, 'POST', '/users', { userName: 'backend-ci', generateApiKey: true })).json);
    const other = generatedKey(created);
    writeFileSync(join(dir, 'parent-user.yaml'), fleetOptions(other.publicKey, TEMPLATE, `backend: file://${join(dir, 'state')}`));
    const run = deps(new FakeStacks(), { WALLETINFRA_PROFILE_DELEGATED_API_PRIVATE_KEY: other.privateKey });
    expect(await main(['up', '--options', 'parent-user.yaml'], run)).toBe(2);
    expect(run.err.join('')).toMatch(
      new RegExp(
        `^walletinfra-fleet: refusing to roll out: the delegated key ${other.publicKey} belongs to user "backend-ci" \\([0-9a-f-]+\\) of the parent organization ${emu.credentials.organizationId}; up writes`,
      ),
    );
  });

  test('no private half, or one of another key; no backend', async () => {
    const missing = deps(new FakeStacks(), { WALLETINFRA_PROFILE_DELEGATED_API_PRIVATE_KEY: '' });
    expect(await main(['up'], missing)).toBe(2);
    expect(missing.err.join('')).toBe(
      'walletinfra-fleet: WALLETINFRA_PROFILE_DELEGATED_API_PRIVATE_KEY is not set (delegated.profile "delegated", fleet.yaml:5): up writes in each sub-organization with the delegated key; set that variable to the key\'s private half (hex)\n',
    );
    const wrong = deps(new FakeStacks(), { WALLETINFRA_PROFILE_DELEGATED_API_PRIVATE_KEY: generateApiKeyPair().privateKey });
    expect(await main(['up'], wrong)).toBe(2);
    expect(wrong.err.join('')).toMatch(
      /^walletinfra-fleet: WALLETINFRA_PROFILE_DELEGATED_API_PRIVATE_KEY is not the private half of the delegated key 0[23][0-9a-f]{64} \(invalid API key: publicKey 0[23][0-9a-f]{64} does not belong to privateKey \(the private key derives 0[23][0-9a-f]{64}\)\); set it to/,
    );
    expect(wrong.err.join('')).not.toContain(fleet.delegatedKey.privateKey);
    writeFileSync(join(dir, 'no-backend.yaml'), fleetOptions(fleet.delegatedKey.publicKey, TEMPLATE));
    const noBackend = deps(new FakeStacks());
    expect(await main(['up', '--options', 'no-backend.yaml'], noBackend)).toBe(2);
    expect(noBackend.err.join('')).toContain(
      'walletinfra-fleet: no-backend.yaml: up keeps one stack per sub-organization in a Pulumi backend, and none is given; set backend in the options',
    );
  });

  test('flags: --from-report needs --only-drifted; up flags are up’s', async () => {
    const run = deps(new FakeStacks());
    expect(await main(['up', '--from-report', 'r.json'], run)).toBe(1);
    expect(run.err[0]).toMatch(/^walletinfra-fleet: --from-report FILE names which sub-organizations drifted: give it with --only-drifted/);
    const scan = deps(undefined);
    expect(await main(['scan', '--max-concurrent', '2'], scan)).toBe(1);
    expect(scan.err[0]).toMatch(/^walletinfra-fleet: --max-concurrent is an up flag; scan does not take it/);
  });
});

describe('a rollout', () => {
  const planted: Record<string, string> = {};

  let enrollment: { code: number; ran: string[]; err: string };

  beforeAll(async () => {
    // The first rollout enrolls every sub-organization: none has a stack yet, so the scan finds them all unenrolled.
    const stacks = new FakeStacks();
    const run = deps(stacks);
    const code = await main(
      ['up', '--only-drifted', '--max-concurrent', '3', '--failure-tolerance', '2', '--json-out', 'enroll.json'],
      run,
    );
    enrollment = { code, ran: stacks.ran, err: run.err.join('') };
    // Then drift, as people make it. 1: an extra root user (the root quorum drifts: only the root quorum may change it)
    // 2: a loosened policy; 3: a deleted tag (both the delegated user may put back); 4: only an unmanaged policy
    // (left alone); 5: the delegated user removed by hand
    planted.rootUser = (await plantDrift(subs.slice(0, 5))).rootUser;
    // 6: drifted, but the policy that lets the delegated user write was removed
    await deleteTag(sub(6));
    const { policies } = await sub(6).endUser.listPolicies({});
    await sub(6).endUser.deletePolicy({ policyId: policies.find((p) => p.policyName === MANAGEMENT_POLICY_NAME)!.policyId });
    // 7, 8: conformant
  });

  test('the first rollout enrolled every sub-organization (all unenrolled), canary first, then three at a time', () => {
    expect(enrollment.code).toBe(0);
    expect(enrollment.ran).toEqual(subs.map((s) => s.id));
    const report = json<RolloutReport>('enroll.json');
    expect(report.summary).toMatchObject({ targets: 8, succeeded: 8, failed: 0, refused: 0 });
    expect(report.selection).toEqual({ onlyDrifted: true, from: 'scan' });
    expect(report.subOrganizations.map((e) => e.wave)).toEqual(['canary', ...Array<string>(7).fill('main')]);
    expect(enrollment.err).toContain('canary 1, then up to 3 at once; failure tolerance 2');
  });

  test('a scan report of another selector or template is refused, naming what differs', async () => {
    const scan = deps(undefined);
    expect(await main(['scan', '--json-out', 'scan.json', '--select-name', 'customer-00*'], scan)).toBe(2);
    const run = deps(new FakeStacks());
    expect(await main(['up', '--only-drifted', '--from-report', 'scan.json'], run)).toBe(2);
    expect(run.err.join('')).toBe(
      'walletinfra-fleet: scan.json is a report of another selector (selector.names: ["customer-00*"] and nothing, the report\'s and this run\'s); scan this fleet again (walletinfra-fleet scan --json-out …), or run up --only-drifted without --from-report: it scans first\n',
    );
    const report = json<FleetReport>('scan.json');
    writeFileSync(
      join(dir, 'other-template.json'),
      JSON.stringify({ ...report, selector: {}, template: { ...report.template, digest: 'sha256:00' } }),
    );
    const other = deps(new FakeStacks());
    expect(await main(['up', '--only-drifted', '--from-report', 'other-template.json'], other)).toBe(2);
    expect(other.err.join('')).toContain(
      `other-template.json is a report of another template (template.digest: "sha256:00" and "${report.template.digest}"`,
    );
  });

  test('--dry-run: each drifted one checked as before its stack; refusals name the sub-organization, the user and the fix; nothing runs', async () => {
    const stacks = new FakeStacks();
    const run = deps(stacks);
    const journal = readFileSync(join(dir, '.walletinfra-fleet', 'journal.jsonl'), 'utf8');
    expect(await main(['up', '--only-drifted', '--dry-run', '--json-out', 'dry.json'], run)).toBe(1);
    expect(stacks.ran).toEqual([]);
    expect(readFileSync(join(dir, '.walletinfra-fleet', 'journal.jsonl'), 'utf8')).toBe(journal);
    const report = json<RolloutReport>('dry.json');
    const e = byName(report);
    expect(report.rollout.outcome).toBe('planned');
    expect(Object.fromEntries(Object.entries(e).map(([n, x]) => [n, [x.status, x.cause]]))).toEqual({
      [sub(1).name]: ['refused', 'delegated-user-not-allowed'],
      [sub(2).name]: ['planned', undefined],
      [sub(3).name]: ['planned', undefined],
      [sub(5).name]: ['refused', 'delegated-user-missing'],
      [sub(6).name]: ['refused', 'delegated-user-not-allowed'],
    });
    const delegated = (s: SubOrganization) => `"Delegated Account" (${s.delegatedUserId})`;
    expect(e[sub(1).name]?.reason).toBe(
      `${sub(1).name} (${sub(1).id}): refused, nothing written: its delegated user ${delegated(sub(1))} may not ACTIVITY_TYPE_UPDATE_ROOT_QUORUM (to write root quorum "root-quorum"): ` +
        'only the root quorum may do it and the delegated user is not in it; a root user of the sub-organization must make that change by hand, or the template must declare the object as it is',
    );
    expect(e[sub(5).name]?.reason).toBe(
      `${sub(5).name} (${sub(5).id}): refused, nothing written: its delegated user is missing: no user holds the delegated key ${fleet.delegatedKey.publicKey} (removed by hand?), and up writes only as that user; ` +
        'a root user of the sub-organization must restore it (a user holding that API key, and the policy that lets it apply the template: docs/fleet.md, "Quick start", step 2), then run up again',
    );
    expect(e[sub(6).name]?.reason).toBe(
      `${sub(6).name} (${sub(6).id}): refused, nothing written: its delegated user ${delegated(sub(6))} may not ACTIVITY_TYPE_CREATE_POLICY_V3 (to create policy "delegated-applies-template"): ` +
        "no policy of the sub-organization allows it; a root user of the sub-organization must allow it (a policy whose consensus names the delegated user, as the template's own may), or take the resource out of the template",
    );
    expect(report.leftAlone).toEqual([
      {
        id: sub(4).id,
        name: sub(4).name,
        status: 'unmanaged',
        why: 'only unmanaged objects (the template declares none of them, and a rollout never deletes what it did not create): declare them in the template (up then adopts them), delete them by hand (a user of the sub-organization must), or acknowledge them in unmanaged.ignore',
      },
    ]);
    expect(report.summary).toMatchObject({ targets: 5, planned: 2, refused: 3, leftAlone: 1 });
  });

  test('refusals are not failures: a strict rollout goes past them; each stack gets the facts and the config, never a secret', async () => {
    const stacks = new FakeStacks();
    const run = deps(stacks);
    const code = await main(['up', '--only-drifted', '--json-out', 'up.json', '--md-out', 'up.md', '--junit-out', 'up.xml'], run);
    expect(code).toBe(1);
    expect(stacks.ran).toEqual([sub(2).id, sub(3).id].sort());
    const config = stacks.configs[stacks.ran.indexOf(sub(2).id)];
    expect(config).toEqual({
      'delegated-access:allowedRecipient': '0x000000000000000000000000000000000000dead',
      'delegated-access:delegatedApiPublicKey': fleet.delegatedKey.publicKey,
      'walletinfra-fleet:subOrganizationId': sub(2).id,
      'walletinfra-fleet:subOrganizationName': sub(2).name,
      'walletinfra-fleet:delegatedUserId': sub(2).delegatedUserId,
      'walletinfra-fleet:delegatedUserName': 'Delegated Account',
      'walletinfra:organizationId': sub(2).id,
    });
    const report = json<RolloutReport>('up.json');
    expect(report.rollout).toMatchObject({ id: expect.stringMatching(/^r-\d+$/), outcome: 'completed', resumed: false });
    const id = report.rollout.id;
    expect(report.summary).toEqual({
      targets: 5,
      succeeded: 2,
      resumed: 0,
      changed: 2,
      unchanged: 0,
      failed: 0,
      refused: 3,
      notStarted: 0,
      planned: 0,
      leftAlone: 1,
    });
    const err = run.err.join('');
    expect(err).toContain(
      '[fleet] rolling out to 5 sub-organizations (1 left alone, 2 with nothing to do): canary 1, then up to 1 at once; failure tolerance 0\n',
    );
    expect(err).toMatch(new RegExp(`\\[fleet\\] \\d/5 · ${sub(2).name} \\(${sub(2).id}\\): succeeded, 1 updated \\(0:0\\d\\)`));
    for (const text of [err, readFileSync(join(dir, 'up.md'), 'utf8'), readFileSync(join(dir, 'up.json'), 'utf8')]) {
      expect(text).not.toContain(fleet.delegatedKey.privateKey);
      expect(text).not.toContain(emu.credentials.apiPrivateKey);
    }
    const md = readFileSync(join(dir, 'up.md'), 'utf8');
    expect(md.split('\n').slice(0, 3)).toEqual([
      '# Rollout of fleet `customer-wallets`: completed',
      '',
      '**2 of 5 sub-organizations rolled out** (2 changed, 0 unchanged); 0 failed, 3 refused, 0 never started.',
    ]);
    expect(md).toContain('## Refused (nothing written) (3)');
    expect(readFileSync(join(dir, 'up.xml'), 'utf8')).toContain(
      '<testsuite name="rollout customer-wallets" tests="5" failures="0" errors="3" skipped="0">',
    );
    // each stack's log, and the journal
    expect(readFileSync(join(dir, '.walletinfra-fleet', 'logs', id, `${sub(2).id}.log`), 'utf8')).toContain(`pulumi up of ${sub(2).id}`);
    const journal = readFileSync(join(dir, '.walletinfra-fleet', 'journal.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { t: string; rollout: string })
      .filter((r) => r.rollout === id);
    expect(journal.map((r) => r.t)).toEqual(['rollout', 'finish', 'start', 'finish', 'start', 'finish', 'finish', 'finish', 'end']);
  });

  test('strict (the default): the first failure stops the rollout; the summary says what ran, what failed and what never started', async () => {
    const ids = [sub(2).id, sub(3).id, sub(7).id, sub(8).id].sort();
    const stacks = new FakeStacks({
      [ids[1] as string]: { status: 'failed', reason: 'the service answered 500 for 1.0 s (retryBudgetMs)' },
    });
    const run = deps(stacks);
    expect(
      await main(
        [
          'up',
          '--select-id',
          ids.join(' ').split(' ')[0] as string,
          ...ids.slice(1).flatMap((id) => ['--select-id', id]),
          '--json-out',
          'strict.json',
          '--max-concurrent',
          '4',
        ],
        run,
      ),
    ).toBe(1);
    expect(stacks.ran).toEqual(ids.slice(0, 2));
    const report = json<RolloutReport>('strict.json');
    expect(report.rollout).toMatchObject({ outcome: 'stopped', stopReason: 'tolerance-crossed' });
    expect(report.subOrganizations.map((e) => [e.id, e.status, e.wave])).toEqual([
      [ids[1], 'failed', 'main'],
      [ids[2], 'not-started', undefined],
      [ids[3], 'not-started', undefined],
      [ids[0], 'succeeded', 'canary'],
    ]);
    expect(report.subOrganizations[0]?.reason).toBe('the service answered 500 for 1.0 s (retryBudgetMs)');
    expect(report.subOrganizations[0]?.log).toBe(join('.walletinfra-fleet', 'logs', report.rollout.id, `${ids[1]}.log`));
    const err = run.err.join('');
    expect(err).toContain(
      'canary 1, then up to 4 at once (strict failure tolerance 0: at most 1 at once; --failure-tolerance or --concurrency-mode soft for more)',
    );
    expect(err).toContain('[fleet] stopping: more than the failure tolerance (0, strict) failed; 0 running will finish, 2 never start\n');
    expect(err).toContain('**1 of 4 sub-organizations rolled out** (1 changed, 0 unchanged); 1 failed, 0 refused, 2 never started.');
  });

  test('a canary that fails stops the rollout before the first wave, whatever the tolerance', async () => {
    const ids = [sub(7).id, sub(8).id].sort();
    const stacks = new FakeStacks({ [ids[0] as string]: { status: 'failed', reason: 'the template fails' } });
    const run = deps(stacks);
    expect(
      await main(
        ['up', '--select-id', ids[0] as string, '--select-id', ids[1] as string, '--failure-tolerance', '50%', '--json-out', 'canary.json'],
        run,
      ),
    ).toBe(1);
    expect(stacks.ran).toEqual([ids[0]]);
    expect(json<RolloutReport>('canary.json').rollout).toMatchObject({ outcome: 'stopped', stopReason: 'canary-failed' });
    expect(run.err.join('')).toContain('[fleet] stopping: the canary failed: no other stack starts; 0 running will finish, 1 never start');
  });

  test('a sub-organization gone since the scan is refused, and the others go on', async () => {
    const scan = deps(undefined);
    await main(['scan', '--json-out', 'all.json'], scan);
    const report = json<FleetReport>('all.json');
    const gone = '0b5e0b5e-0000-4000-8000-00000000dead';
    const entries = report.subOrganizations.map((e) => (e.id === sub(2).id ? { ...e, id: gone, name: 'customer-gone' } : e));
    writeFileSync(join(dir, 'stale.json'), JSON.stringify({ ...report, subOrganizations: entries }));
    const stacks = new FakeStacks();
    const run = deps(stacks);
    expect(await main(['up', '--only-drifted', '--from-report', 'stale.json', '--json-out', 'stale-up.json'], run)).toBe(1);
    const e = json<RolloutReport>('stale-up.json').subOrganizations.find((x) => x.id === gone);
    expect(e).toMatchObject({ status: 'refused', cause: 'deleted' });
    expect(e?.reason).toMatch(
      new RegExp(
        `^${gone}: refused, nothing written: the sub-organization is gone \\(deleted since it was listed \\(404 no organization found with the given ID\\)\\); its stack is kept: remove it with \`pulumi stack rm --force ${gone}\` once its history is not needed$`,
      ),
    );
    expect(stacks.ran).toEqual([sub(3).id]);
  });

  test('a killed rollout is resumed: what succeeded is not run again; what was running runs again, conformant or not', async () => {
    const ids = [sub(2).id, sub(3).id, sub(7).id, sub(8).id];
    const journalFile = join(dir, '.walletinfra-fleet', 'journal.jsonl');
    const at = '2026-03-01T09:00:00.000Z';
    const template = json<RolloutReport>('canary.json').template.digest;
    // sub 2 (drifted) succeeded as the canary; sub 7 (conformant now: its write may have landed) was running at the kill
    const lines = [
      {
        t: 'rollout',
        rollout: 'r-killed',
        at,
        pid: 999,
        host: 'test-host',
        fleet: 'customer-wallets',
        parent: emu.credentials.organizationId,
        template,
        targets: 3,
      },
      { t: 'start', rollout: 'r-killed', at, subOrganization: sub(2).id, wave: 'canary' },
      { t: 'finish', rollout: 'r-killed', at, subOrganization: sub(2).id, status: 'succeeded', wave: 'canary' },
      { t: 'start', rollout: 'r-killed', at, subOrganization: sub(7).id, wave: 'main' },
    ];
    writeFileSync(journalFile, `${readFileSync(journalFile, 'utf8')}${lines.map((l) => JSON.stringify(l)).join('\n')}\n{"t":"fin`);
    const stacks = new FakeStacks();
    const run = deps(stacks);
    const args = ['up', '--only-drifted', ...ids.flatMap((id) => ['--select-id', id]), '--json-out', 'resumed.json'];
    expect(await main(args, run)).toBe(0);
    // sub 2 is still drifted to the scan (the stand-in changed nothing), yet not run again; sub 8 is conformant
    expect(stacks.ran).toEqual([sub(3).id, sub(7).id].sort());
    // sub 7's stack is told so: its state may hold the pending operations the kill left
    expect(stacks.interrupted).toEqual([sub(7).id]);
    const report = json<RolloutReport>('resumed.json');
    expect(report.rollout).toMatchObject({ id: 'r-killed', resumed: true, outcome: 'completed' });
    expect(report.subOrganizations.find((e) => e.id === sub(2).id)).toEqual({
      id: sub(2).id,
      name: sub(2).name,
      status: 'succeeded',
      resumed: true,
    });
    // the resumed rollout had its canary already: the rest ran as the main wave
    expect(report.subOrganizations.filter((e) => e.id !== sub(2).id).map((e) => e.wave)).toEqual(['main', 'main']);
    expect(run.err.join('')).toContain('[fleet] resuming rollout r-killed: 1 sub-organization already rolled out, not run again');
    expect(run.err.join('')).toContain(
      '**3 of 3 sub-organizations rolled out** (1 before the interruption, 2 changed, 0 unchanged); 0 failed, 0 refused, 0 never started.',
    );
    // ended: the next up starts a new rollout
    const again = deps(new FakeStacks());
    expect(await main([...args.slice(0, -1), 'again.json'], again)).toBe(0);
    expect(json<RolloutReport>('again.json').rollout).toMatchObject({ resumed: false });
  });
});

describe('the lock-out rules in every sub-organization', () => {
  test("a root quorum leaving out the delegated user: refused there with the provider's lock-out message, counted against the tolerance; the others go on as it allows", async () => {
    // As the service's delegated-access guide leaves it before its last step: the delegated user still a root user.
    // The template's quorum (the end user alone) would take the user its stack signs as out of the quorum.
    for (const s of [sub(3), sub(7)]) await s.endUser.updateRootQuorum({ threshold: 1, userIds: [s.endUserId, s.delegatedUserId] });
    const ids = [sub(2).id, sub(3).id, sub(7).id, sub(8).id];
    const select = ids.flatMap((id) => ['--select-id', id]);
    const reason = (s: SubOrganization) =>
      `${s.name} (${s.id}): refused, nothing written: RootQuorum "root-quorum": userIds: userIds leaves out user "Delegated Account" (${s.delegatedUserId}), ` +
      'the user this stack signs as (walletinfra:apiPublicKey (or its profile)), who is in the root quorum now: only the root quorum can change the root quorum, ' +
      'so once this applies no run of this stack could change it again, restoring this program included (lock-out rule: a stack never takes the user it signs as out of the root quorum). ' +
      `Keep ${s.delegatedUserId} in userIds; to hand the quorum over, first switch the stack's credentials to a key of a user who stays in it (set walletinfra:apiPublicKey and walletinfra:apiPrivateKey) ` +
      'and then run `pulumi up`; or set allowLockout: true.';

    // --dry-run checks every one, and the lock-out is a refusal there (nothing ran to fail)
    const dry = deps(new FakeStacks());
    expect(await main(['up', ...select, '--dry-run', '--json-out', 'lockout-dry.json'], dry)).toBe(1);
    expect(json<RolloutReport>('lockout-dry.json').subOrganizations.map((e) => [e.id, e.status, e.cause])).toEqual([
      [sub(3).id, 'refused', 'lockout'],
      [sub(7).id, 'refused', 'lockout'],
      [sub(2).id, 'planned', undefined],
      [sub(8).id, 'planned', undefined],
    ]);

    const stacks = new FakeStacks();
    const run = deps(stacks);
    const args = ['up', ...select, '--failure-tolerance', '1', '--max-concurrent', '1', '--json-out', 'lockout.json'];
    expect(await main(args, run)).toBe(1);
    // no stack started where it would lock out: nothing written there
    expect(stacks.ran).toEqual([sub(2).id]);
    for (const s of [sub(3), sub(7)]) {
      const { configs } = await s.endUser.getOrganizationConfigs({});
      expect(new Set(configs.quorum?.userIds)).toEqual(new Set([s.endUserId, s.delegatedUserId]));
    }
    const report = json<RolloutReport>('lockout.json');
    expect(report.rollout).toMatchObject({ outcome: 'stopped', stopReason: 'tolerance-crossed' });
    expect(report.subOrganizations.map((e) => [e.id, e.status, e.cause])).toEqual([
      [sub(3).id, 'failed', 'lockout'],
      [sub(7).id, 'failed', 'lockout'],
      [sub(8).id, 'not-started', undefined],
      [sub(2).id, 'succeeded', undefined],
    ]);
    expect(report.subOrganizations[0]?.reason).toBe(reason(sub(3)));
    expect(report.summary).toMatchObject({ targets: 4, succeeded: 1, failed: 2, refused: 0, notStarted: 1 });
    const err = run.err.join('');
    expect(err).toContain(`· ${reason(sub(3))}\n`);
    expect(err).toContain('[fleet] stopping: more than the failure tolerance (1, strict) failed; 0 running will finish, 1 never start\n');
  });

  test("the delegated key taken out of the template: its stack's state records it, so the delete is refused before the stack starts, counted as a failure", async () => {
    // The template without its ApiKey "delegated-key": a stack that recorded it would delete the key it signs with.
    const template = join(dir, 'template-without-key');
    cpSync(TEMPLATE, template, { recursive: true });
    const program = readFileSync(join(template, 'Pulumi.yaml'), 'utf8');
    const without = program.replace(/\n {2}delegated-key:\n(?: {4}.*\n)+/, '\n');
    expect(without).not.toContain('delegated-key');
    writeFileSync(join(template, 'Pulumi.yaml'), without);
    writeFileSync(
      join(dir, 'without-key.yaml'),
      fleetOptions(fleet.delegatedKey.publicKey, template, `backend: file://${join(dir, 'state')}\nretryBudgetMs: 1000`),
    );
    // Each one's stack as a `pulumi up` of the full template left it (the file backend's checkpoint): sub(4)'s records
    // the key, sub(8)'s records it with allowLockout: true (its delete is allowed); sub(2)'s records nothing of it.
    const recordKey = async (s: SubOrganization, allowLockout: boolean) => {
      const key = (await s.endUser.getUser({ userId: s.delegatedUserId })).user.apiKeys[0];
      const inputs = { userId: s.delegatedUserId, apiKeyName: 'backend', publicKey: fleet.delegatedKey.publicKey, allowLockout };
      const resource = {
        urn: `urn:pulumi:${s.id}::delegated-access::walletinfra:index:ApiKey::delegated-key`,
        custom: true,
        type: 'walletinfra:index:ApiKey',
        id: key?.apiKeyId,
        inputs,
        outputs: { ...inputs, apiKeyId: key?.apiKeyId },
      };
      const checkpoint = { version: 3, checkpoint: { stack: `organization/delegated-access/${s.id}`, latest: { resources: [resource] } } };
      mkdirSync(join(dir, 'state', '.pulumi', 'stacks', 'delegated-access'), { recursive: true });
      writeFileSync(join(dir, 'state', '.pulumi', 'stacks', 'delegated-access', `${s.id}.json`), JSON.stringify(checkpoint));
      return key?.apiKeyId ?? '';
    };
    const keyId = await recordKey(sub(4), false);
    await recordKey(sub(8), true);
    const stacks = new FakeStacks();
    const run = deps(stacks);
    const select = [sub(2), sub(4), sub(8)].flatMap((s) => ['--select-id', s.id]);
    const args = [
      'up',
      '--options',
      'without-key.yaml',
      ...select,
      '--canary',
      '0',
      '--failure-tolerance',
      '1',
      '--json-out',
      'deletes.json',
    ];
    expect(await main(args, run)).toBe(1);
    // nothing ran where the delete would lock out; the others ran
    expect(stacks.ran.sort()).toEqual([sub(2).id, sub(8).id].sort());
    const report = json<RolloutReport>('deletes.json');
    expect(report.subOrganizations.find((e) => e.id === sub(4).id)).toMatchObject({ status: 'failed', cause: 'lockout' });
    expect(report.summary).toMatchObject({ targets: 3, succeeded: 2, failed: 1 });
    const reason =
      `${sub(4).name} (${sub(4).id}): refused, nothing written: ApiKey "delegated-key": no longer in the template, recorded in its stack: ` +
      `refusing to delete API key ${keyId} ("backend") of user "Delegated Account" (${sub(4).delegatedUserId}): it is the key this stack signs its requests with ` +
      '(walletinfra:apiPublicKey (or its profile)), so the rest of the update and every later run would be refused (lock-out rule: ';
    expect(report.subOrganizations.find((e) => e.id === sub(4).id)?.reason).toContain(reason);
    expect(run.err.join('')).toContain(reason.slice(`${sub(4).name} (${sub(4).id}): `.length));
    expect((await sub(4).endUser.getUser({ userId: sub(4).delegatedUserId })).user.apiKeys.map((k) => k.apiKeyId)).toEqual([keyId]);
  });
});
