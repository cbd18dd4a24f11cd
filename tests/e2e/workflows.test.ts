// The example CI workflows' own shell steps (examples/drift-ci, examples/gitops), run locally with bash exactly
// as written in the YAML, against the emulator and the real Pulumi CLI. GitHub itself is the only stand-in:
// `gh` is support/fake-gh.js, which keeps issues and pull-request comments in a JSON file.
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configureStack, startOrganization, type TestOrganization } from '../support/e2e/organization';
import { PulumiProject } from '../support/e2e/project';
import { ghState as readGhState, installFakeGh, loadWorkflow, runStep, type Workflow } from '../support/e2e/workflow';
import { isoTime } from '@walletinfra/pulumi/drift/unmanaged/provenance';
import { generateApiKeyPair } from '@walletinfra/sdk';

jest.setTimeout(900_000);

const REPO = 'acme/infra';
const PR = '7';

let org: TestOrganization;
let project: PulumiProject;
let work: string;

const ghState = () => readGhState(work);
const load = loadWorkflow;

/** The expressions this test knows: a run's outputs are filled in by runStep. */
const KNOWN = {
  'github.token': 'fake-token',
  'github.event.pull_request.number': PR,
  'github.server_url': 'https://github.com',
  'github.repository': REPO,
  'github.run_id': '1',
};

/** One step's run script, with the stack and project pointed at the test project. */
function step(wf: Workflow, job: string, name: string, outputs: Record<string, string> = {}) {
  const env = {
    ...project.env,
    STACK: project.stack,
    STACKS: project.stack,
    PROJECT_DIR: '.',
    // The repository's policy test cases (examples/gitops/policy-tests), where the YAML expects them.
    POLICY_TESTS: join(__dirname, '..', '..', 'examples', 'gitops', 'policy-tests'),
    GITHUB_REPOSITORY: REPO,
  };
  return runStep(wf, job, name, { cwd: project.dir, work, env, known: KNOWN }, outputs);
}

const fileIn = (name: string): string => readFileSync(join(project.dir, name), 'utf8');

beforeAll(async () => {
  org = await startOrganization();
  project = await PulumiProject.create('workflows');
  await configureStack(project, org);
  work = mkdtempSync(join(project.dir, 'ci-'));
  installFakeGh(work);
});

afterAll(async () => {
  project?.remove();
  await org?.close();
});

describe('examples/gitops/pulumi-review.yml', () => {
  const wf = load('gitops/pulumi-review.yml');

  test('a failed preview still posts the comment, saying what failed; the fixed preview updates the same comment', async () => {
    await project.setConfig('webhookUrl', 'ftp://hooks.example.com/walletinfra');
    const failed = await step(wf, 'preview', 'Preview');
    expect(failed.code).not.toBe(0);
    expect(failed.outputs['exit-code']).toBe('1');
    const commented = await step(wf, 'preview', 'Comment on the pull request', { 'exit-code': failed.outputs['exit-code'] as string });
    expect(commented.code).toBe(0);
    let comments = ghState().comments;
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body.startsWith(`<!-- walletinfra-preview:${project.stack} -->`)).toBe(true);
    expect(comments[0]?.body).toContain('**The preview failed** (walletinfra-drift exit 1)');
    expect(comments[0]?.body).toMatch(/url/i);

    await project.setConfig('webhookUrl', 'http://127.0.0.1:9/walletinfra-e2e-hooks');
    const ok = await step(wf, 'preview', 'Preview');
    expect([ok.code, ok.outputs['exit-code']]).toEqual([0, '0']);
    await step(wf, 'preview', 'Comment on the pull request', { 'exit-code': '0' });
    comments = ghState().comments;
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body).not.toContain('The preview failed');
    expect(comments[0]?.body).toContain('# Planned changes');
    expect(comments[0]?.body).toContain('create');
  });

  test('apply runs up --refresh, then nothing is left to change; the preview refreshes, so drift shows in review', async () => {
    expect((await step(wf, 'apply', 'Apply')).code).toBe(0);
    expect((await step(wf, 'apply', 'Check nothing is left to change')).code).toBe(0);

    const { policies } = await org.client.listPolicies();
    const deny = policies.find((p) => p.policyName === 'Deny private key exports');
    if (deny === undefined) throw new Error('the baseline policy is missing after apply');
    await org.client.updatePolicy({ policyId: deny.policyId, policyNotes: 'edited in the console' });

    const preview = await step(wf, 'preview', 'Preview');
    expect(preview.code).toBe(0);
    const md = fileIn('preview.md');
    expect(md).toContain('edited in the console');
    expect(md).toMatch(/update/);

    // The merge puts the code's value back, because apply refreshes first.
    expect((await step(wf, 'apply', 'Apply')).code).toBe(0);
    const after = await org.client.listPolicies();
    expect(after.policies.find((p) => p.policyId === deny.policyId)?.notes).not.toBe('edited in the console');
    expect((await step(wf, 'apply', 'Check nothing is left to change')).code).toBe(0);
  });
});

describe('examples/drift-ci/drift-check.yml', () => {
  const wf = load('drift-ci/drift-check.yml');

  async function scheduledRun() {
    const check = await step(wf, 'drift', 'Check drift');
    const code = check.outputs['exit-code'] as string;
    const issue = await step(wf, 'drift', 'Open, update or close the drift issue', { 'exit-code': code });
    expect(issue.code).toBe(0);
    return { check, code };
  }

  test('one issue while drift persists, updated in place, closed by the first clean run', async () => {
    const clean = await scheduledRun();
    expect([clean.check.code, clean.code]).toEqual([0, '0']);
    expect(ghState().issues).toHaveLength(0);

    const { webhookEndpoints } = await org.client.listWebhookEndpoints();
    const hook = webhookEndpoints.find((w) => w.url === 'http://127.0.0.1:9/walletinfra-e2e-hooks');
    if (hook === undefined) throw new Error('the baseline webhook endpoint is missing');
    await org.client.updateWebhookEndpoint({ endpointId: hook.endpointId, name: 'renamed by hand' });
    const first = await scheduledRun();
    expect(first.code).toBe('2');
    let issues = ghState().issues;
    expect(issues).toHaveLength(1);
    expect(issues[0]?.state).toBe('open');
    expect(issues[0]?.body).toContain('renamed by hand');
    expect((await step(wf, 'drift', 'Fail on drift', { 'exit-code': '2' })).code).toBe(2);

    await org.client.updateWebhookEndpoint({ endpointId: hook.endpointId, name: 'renamed again' });
    const second = await scheduledRun();
    expect(second.code).toBe('2');
    issues = ghState().issues;
    expect(issues).toHaveLength(1);
    expect(issues[0]?.body).toContain('renamed again');
    expect(issues[0]?.body).not.toContain('renamed by hand');

    await project.up(['--refresh']);
    const repaired = await scheduledRun();
    expect(repaired.code).toBe('0');
    issues = ghState().issues;
    expect(issues).toHaveLength(1);
    expect(issues[0]?.state).toBe('closed');
    expect(issues[0]?.comments.join('\n')).toContain('No drift any more');
  });

  test('objects made by hand and a root quorum changed by hand are drift: the issue names them, who made them and when', async () => {
    const policy = await org.client.createPolicy({
      policyName: 'made by hand',
      effect: 'EFFECT_ALLOW',
      condition: "activity.resource == 'WALLET'",
      notes: '',
    });
    const hook = await org.client.createWebhookEndpoint({
      name: 'console hook',
      url: 'http://127.0.0.1:9/console-hook',
      subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }],
    });
    // Who can act, by hand: a user, an API key for it, and the user let into the root quorum.
    const mallory = await org.client.createApiOnlyUsers({ apiOnlyUsers: [{ userName: 'mallory', userTags: [], apiKeys: [] }] });
    const malloryId = mallory.result.userIds[0] as string;
    const key = await org.client.createApiKeys({
      userId: malloryId,
      apiKeys: [{ apiKeyName: 'mallory laptop', publicKey: generateApiKeyPair().publicKey, curveType: 'API_KEY_CURVE_P256' }],
    });
    const keyId = key.result.apiKeyIds[0] as string;
    const rootId = org.emulator.credentials.userId;
    await org.client.updateRootQuorum({ threshold: 1, userIds: [rootId, malloryId] });
    const root = `\`root\` (\`${rootId}\`)`;
    const made = (a: { id: string; type: string; createdAt: unknown }): string => `${isoTime(a.createdAt)}, \`${a.type}\` (\`${a.id}\`)`;

    const found = await scheduledRun();
    expect(found.code).toBe('2');
    expect(found.check.stderr).toContain('[drift] unmanaged 4, acknowledged ');
    const issues = ghState().issues;
    expect(issues.map((i) => i.state)).toEqual(['closed', 'open']);
    const body = issues[1]?.body ?? '';
    expect(body).toContain(
      `> **2 objects that decide who can act were made outside code:** user \`mallory\` (\`${malloryId}\`), API key \`mallory laptop\` (\`${keyId}\`).`,
    );
    expect(body).toContain('**Unmanaged:** 4 objects at the service that no stack declares (see below).');
    expect(body).toContain(`| \`mallory\` | \`${malloryId}\` | ${made(mallory.activity)} | ${root} |`);
    expect(body).toContain(`| \`mallory laptop\` | \`${keyId}\` | ${made(key.activity)} | ${root} |`);
    expect(body).toContain(`| \`made by hand\` | \`${policy.result.policyId}\` | ${made(policy.activity)} | ${root} |`);
    expect(body).toContain(`| \`console hook\` | \`${hook.result.endpointId}\` | ${made(hook.activity)} | ${root} |`);
    expect(body).toContain(`adopt: { id: "${policy.result.policyId}" },`);
    // The stack declares the root quorum: the change by hand is drift of its resource.
    expect(body).toContain(
      '### RootQuorum\n\n#### root-quorum (`rootQuorum`): changed outside code\n\n| Property | In the stack | Live |\n|---|---|---|\n| `userIds[',
    );
    expect(body.slice(body.indexOf('#### root-quorum'), body.indexOf('## Unmanaged objects'))).toContain(`\`"${malloryId}"\` |`);

    // The code's quorum is put back; what stays is acknowledged in the stack's config, with the reason (reviewed
    // like code), and the next run is clean.
    await project.up(['--refresh']);
    expect((await org.client.getOrganizationConfigs({})).configs.quorum).toEqual({ threshold: 1, userIds: [rootId] });
    const current = await project.pulumi(['config', 'get', 'walletinfra-drift:ignore', '--stack', project.stack]);
    const acknowledged = JSON.parse(current.stdout) as unknown[];
    await project.setConfig(
      'walletinfra-drift:ignore',
      JSON.stringify([
        ...acknowledged,
        { id: policy.result.policyId, reason: 'break-glass wallet policy, reviewed in SEC-12' },
        { kind: 'WebhookEndpoint', reason: 'the data team owns webhooks' },
        { id: malloryId, reason: 'the auditor, until 2027-01-31 (SEC-14)' },
        { kind: 'ApiKey', id: keyId, reason: "the auditor's key (SEC-14)" },
      ]),
    );
    const clean = await scheduledRun();
    expect(clean.code).toBe('0');
    expect(ghState().issues.map((i) => i.state)).toEqual(['closed', 'closed']);
  });
});
