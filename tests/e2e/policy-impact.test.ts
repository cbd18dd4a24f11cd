// Policy review end to end, with the real Pulumi CLI and the emulator: a non-root user works under a
// policy; a change that tightens the policy shows, in `walletinfra-drift --preview`, the activities it
// would now deny (callout on top, exit 2 with --fail-on-impact, nothing secret), and
// `walletinfra-policy test --stack` tests the planned policies merged with the live ones.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WalletInfraClient } from '@walletinfra/sdk';
import type { PolicyImpact } from '@walletinfra/pulumi/policy-review/impact';
import { runDrift } from '../support/e2e/drift';
import { ONRAMP_SECRET, configureStack, startOrganization, type TestOrganization } from '../support/e2e/organization';
import { REPO_ROOT, run } from '../support/e2e/process';
import { PulumiProject } from '../support/e2e/project';

// A cap, not a wait: the tests wait on pulumi's exit. The slowest test here took 61 s at load 4-6; a full
// `npm test` on 2 cores runs e2e files 2-3x slower than that, and a load of 10 more, so 300 s was too close.
jest.setTimeout(900_000);

let org: TestOrganization;
let project: PulumiProject;
let ops: WalletInfraClient;
let opsUserId: string;
let opsPrivateKey: string;
let opsTagId: string;

beforeAll(async () => {
  org = await startOrganization();
  const user = await org.admin('POST', '/users', { userName: 'ops-bot', userTags: ['ops'], generateApiKey: true });
  expect(user.status).toBe(200);
  const made = user.json as { userId: string; userTags: string[]; apiKeys: Array<{ publicKey: string; privateKey: string }> };
  opsUserId = made.userId;
  const key = made.apiKeys[0]!;
  opsPrivateKey = key.privateKey;
  opsTagId = made.userTags[0]!;
  ops = new WalletInfraClient({
    baseUrl: org.baseUrl,
    organizationId: org.organizationId,
    apiPublicKey: key.publicKey,
    apiPrivateKey: key.privateKey,
  });
  project = await PulumiProject.create('policy-impact', 'e2e', {
    programDir: join(REPO_ROOT, 'tests', 'e2e', 'programs', 'policy-impact'),
  });
  await configureStack(project, org);
  await project.setConfig('opsTagId', opsTagId);
  await project.up();
});

afterAll(async () => {
  await ops?.close();
  await org?.close();
  project?.remove();
});

test('a preview that tightens a policy lists the activities it would now deny', async () => {
  // The ops user works under the current policy; the root user's own work is not policy-governed.
  const first = await ops.createPrivateKeyTag({ privateKeyTagName: 'hot-keys', privateKeyIds: [] });
  const second = await ops.createPrivateKeyTag({ privateKeyTagName: 'cold-keys', privateKeyIds: [] });
  await org.client.createPrivateKeyTag({ privateKeyTagName: 'root-keys', privateKeyIds: [] });
  const opsActivities = [first.activity.id, second.activity.id].sort();

  // Unchanged program: no Policy change, no impact section.
  const unchanged = await runDrift(project, ['--preview', '--fail-on-impact', '--stack', project.stack]);
  expect(unchanged.code).toBe(0);
  expect((unchanged.json as { stacks: Array<{ policyImpact?: unknown }> }).stacks[0]!.policyImpact).toBeUndefined();

  await project.setConfig('tightened', 'true');
  const summary = await runDrift(project, ['--preview', '--fail-on-impact', '--stack', project.stack]);
  expect(summary.code).toBe(2);
  const impact = (summary.json as { stacks: Array<{ policyImpact: { status: string; policyChanges: string[]; impact: PolicyImpact } }> })
    .stacks[0]!.policyImpact;
  expect(impact.status).toBe('evaluated');
  expect(impact.policyChanges).toEqual(['ops-private-key-tags']);
  const changed = impact.impact.changed;
  expect(changed.map((c) => c.activityId).sort()).toEqual(opsActivities);
  expect(changed.every((c) => c.transition === 'ALLOW → DENY' && c.approvers[0] === opsUserId)).toBe(true);
  expect(impact.impact.newlyDenied).toBe(2);
  const md = summary.markdown ?? '';
  expect(md.split('\n').slice(2, 4)).toEqual([
    '> [!CAUTION]',
    '> Stack `e2e`: the planned policies would **deny 2 activities** the organization performed in the last 7 days.',
  ]);
  expect(md).toContain('### Policy impact');
  expect(md).toContain(
    `| \`ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG\` \`${first.activity.id}\` by \`${opsUserId}\` | **ALLOW → DENY** | ALLOW: ops manage private key tags (OUTCOME_ALLOW) | DENY: no policy allows it |`,
  );
  for (const text of [JSON.stringify(summary.json), md, summary.stdout, summary.stderr]) {
    expect(text).not.toContain(ONRAMP_SECRET);
    expect(text).not.toContain(org.apiPrivateKey);
    expect(text).not.toContain(opsPrivateKey);
  }

  // The same planned policies under test: the repository's cases through `walletinfra-policy test --stack`.
  const dir = mkdtempSync(join(project.dir, 'policy-tests-'));
  writeFileSync(
    join(dir, 'ops.yaml'),
    `cases:
  - name: ops may no longer create tags
    request:
      activity: { type: ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG }
      approvers: [{ id: ${opsUserId}, tags: [${opsTagId}] }]
    expect: DENY
`,
  );
  const bin = join(REPO_ROOT, 'provider', 'dist', 'policy-review', 'cli.js');
  const tested = await run(
    process.execPath,
    [bin, 'test', dir, '--stack', project.stack, '--cwd', project.dir, '--junit', join(dir, 'junit.xml')],
    { cwd: project.dir, env: project.env },
  );
  expect([tested.code, tested.stdout]).toEqual([
    0,
    `PASS ${join(dir, 'ops.yaml')}:2 ops may no longer create tags: DENY (no policy allows it)\n1 case: 1 passed, 0 failed\n`,
  ]);

  // With the impact accepted, the preview applies cleanly and the next preview has nothing to say.
  await project.up();
  const after = await runDrift(project, ['--preview', '--fail-on-impact', '--stack', project.stack]);
  expect(after.code).toBe(0);
});
