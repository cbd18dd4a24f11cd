// The service's implicit permission to change one's own credentials, end to end with the real Pulumi CLI and
// the emulator: a change that removes a user's explicit permission to add API keys still leaves adding one to
// itself allowed. `walletinfra-policy test --stack` passes the case against the planned policies, the policy
// impact of `walletinfra-drift --preview` agrees (only the keys for another user change, ALLOW → DENY, the
// activity the user performed and the test case alike), and after `pulumi up` the emulator does the same.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PolicyDeniedError, WalletInfraClient, generateApiKeyPair } from '@walletinfra/sdk';
import type { PolicyImpact } from '@walletinfra/pulumi/policy-review/impact';
import { runDrift } from '../support/e2e/drift';
import { configureStack, startOrganization, type TestOrganization } from '../support/e2e/organization';
import { REPO_ROOT, run } from '../support/e2e/process';
import { PulumiProject } from '../support/e2e/project';

// A cap, not a wait: the tests wait on pulumi's exit (see policy-impact.test.ts for the measured times).
jest.setTimeout(900_000);

let org: TestOrganization;
let project: PulumiProject;
let opsUserId: string;
let ops: WalletInfraClient;

beforeAll(async () => {
  org = await startOrganization();
  const user = await org.admin('POST', '/users', { userName: 'ops-bot', generateApiKey: true });
  expect(user.status).toBe(200);
  const made = user.json as { userId: string; apiKeys: Array<{ publicKey: string; privateKey: string }> };
  opsUserId = made.userId;
  ops = new WalletInfraClient({
    baseUrl: org.baseUrl,
    organizationId: org.organizationId,
    apiPublicKey: made.apiKeys[0]!.publicKey,
    apiPrivateKey: made.apiKeys[0]!.privateKey,
  });
  project = await PulumiProject.create('own-credentials', 'e2e', {
    programDir: join(REPO_ROOT, 'tests', 'e2e', 'programs', 'own-credentials'),
  });
  await configureStack(project, org);
  await project.setConfig('opsUserId', opsUserId);
  await project.up();
});

afterAll(async () => {
  await ops?.close();
  await org?.close();
  project?.remove();
});

/** ops adds a fresh API key to `userId` through the emulator. */
const addKey = (userId: string, name: string) =>
  ops.createApiKeys({
    userId,
    apiKeys: [{ apiKeyName: name, publicKey: generateApiKeyPair().publicKey, curveType: 'API_KEY_CURVE_P256' }],
  });

test("removing the explicit permission to add API keys leaves a user's own key allowed; the impact agrees", async () => {
  // Under the explicit policy, ops adds a key to itself and one to the root user.
  const rootUserId = org.emulator.credentials.userId;
  const own = await addKey(opsUserId, 'ops laptop');
  const forRoot = await addKey(rootUserId, 'root spare');
  const dir = mkdtempSync(join(project.dir, 'policy-tests-'));
  const cases = join(dir, 'api-keys.yaml');
  writeFileSync(
    cases,
    `cases:
  - name: ops adds its own API key
    request:
      activity: { type: ACTIVITY_TYPE_CREATE_API_KEYS_V2, params: { user_id: ${opsUserId} } }
      approvers: [{ id: ${opsUserId} }]
    expect: ALLOW
  - name: ops adds an API key to the root user
    request:
      activity: { type: ACTIVITY_TYPE_CREATE_API_KEYS_V2, params: { user_id: ${org.emulator.credentials.userId} } }
      approvers: [{ id: ${opsUserId} }]
    expect: DENY
`,
  );
  const bin = join(REPO_ROOT, 'provider', 'dist', 'policy-review', 'cli.js');
  const policyTest = () =>
    run(process.execPath, [bin, 'test', dir, '--stack', project.stack, '--cwd', project.dir], { cwd: project.dir, env: project.env });

  // Today the explicit policy allows both; the case for the root user's key fails, as it should.
  const before = await policyTest();
  expect([before.code, before.stdout]).toEqual([
    1,
    [
      `PASS ${cases}:2 ops adds its own API key: ALLOW by ops add API keys`,
      `FAIL ${cases}:7 ops adds an API key to the root user: expected DENY, got ALLOW by ops add API keys`,
      '       ops add API keys: OUTCOME_ALLOW (decides)',
      '       do not apply: Seed: no exports, ops create wallets',
      '2 cases: 1 passed, 1 failed',
      '',
    ].join('\n'),
  ]);

  await project.setConfig('explicit', 'false');
  const after = await policyTest();
  expect([after.code, after.stdout]).toEqual([
    0,
    [
      `PASS ${cases}:2 ops adds its own API key: ALLOW by implicit permission (a user may change its own credentials)`,
      `PASS ${cases}:7 ops adds an API key to the root user: DENY (no policy allows it)`,
      '2 cases: 2 passed, 0 failed',
      '',
    ].join('\n'),
  ]);

  const preview = await runDrift(project, ['--preview', '--fail-on-impact', '--stack', project.stack, '--policy-tests', dir]);
  expect(preview.code).toBe(2);
  const impact = (preview.json as { stacks: Array<{ policyImpact: { status: string; policyChanges: string[]; impact: PolicyImpact } }> })
    .stacks[0]!.policyImpact;
  expect(impact.status).toBe('evaluated');
  expect(impact.policyChanges).toEqual(['ops-api-keys']);
  expect(impact.impact.changed).toEqual([
    {
      source: 'activity',
      label: `ACTIVITY_TYPE_CREATE_API_KEYS_V2 ${forRoot.activity.id}`,
      activityType: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
      activityId: forRoot.activity.id,
      status: 'ACTIVITY_STATUS_COMPLETED',
      approvers: [opsUserId],
      before: { decision: 'ALLOW', decidedBy: ['ops add API keys (OUTCOME_ALLOW)'] },
      after: { decision: 'DENY', decidedBy: [] },
      transition: 'ALLOW → DENY',
    },
    {
      source: 'test',
      label: `${cases}:7 ops adds an API key to the root user`,
      activityType: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
      approvers: [opsUserId],
      before: { decision: 'ALLOW', decidedBy: ['ops add API keys (OUTCOME_ALLOW)'] },
      after: { decision: 'DENY', decidedBy: [] },
      transition: 'ALLOW → DENY',
    },
  ]);
  expect([impact.impact.newlyDenied, impact.impact.newlyAllowed]).toEqual([1, 0]);
  expect(impact.impact.changed.map((c) => c.activityId)).not.toContain(own.activity.id);
  const md = preview.markdown ?? '';
  expect(md).toContain(
    `| test \`${cases}:7 ops adds an API key to the root user\` | **ALLOW → DENY** | ALLOW: ops add API keys (OUTCOME_ALLOW) | DENY: no policy allows it |`,
  );
  expect(md).not.toContain('ops adds its own API key');

  // Applied, the next preview has nothing to say, and the emulator decides as the tools said.
  await project.up();
  const settled = await runDrift(project, ['--preview', '--fail-on-impact', '--stack', project.stack, '--policy-tests', dir]);
  expect(settled.code).toBe(0);
  expect((await addKey(opsUserId, 'ops phone')).activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
  await expect(addKey(rootUserId, 'root spare 2')).rejects.toThrow(PolicyDeniedError);
});
