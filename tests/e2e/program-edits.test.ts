// Program edits through the real engine: an in-place update and a
// replacement each show the expected operation counts and per-property diff in `pulumi preview --json`
// (which property changed, which forced the replacement) and in the pull-request summary of
// `walletinfra-drift --preview`; adopting objects that already exist creates no duplicates. Edits go through
// the baseline program's own stack config (`signingApprovals`, `webhookEventTypes`, `adoptExisting`).
import { encryptOnRampSecret } from '@walletinfra/sdk';
import { CI_API_PUBLIC_KEY as CI_KEY } from '../../examples/baseline/organization';
import { runDrift } from '../support/e2e/drift';
import { ONRAMP_SECRET, WEBHOOK_URL, configureStack, startOrganization, type TestOrganization } from '../support/e2e/organization';
import { PulumiProject, stepsByName } from '../support/e2e/project';

// A cap, not a wait: the tests wait on pulumi's exit. The slowest test here took 45 s at load 4-6; a full
// `npm test` on 2 cores runs e2e files 2-3x slower than that, and a load of 10 more, so 300 s was too close.
jest.setTimeout(900_000);

let org: TestOrganization;
let seedPolicyIds: string[];

beforeAll(async () => {
  org = await startOrganization();
  seedPolicyIds = (await org.client.listPolicies()).policies.map((p) => p.policyId);
});

afterAll(async () => {
  await org?.close();
});

async function ourPolicies() {
  const { policies } = await org.client.listPolicies();
  return policies.filter((p) => !seedPolicyIds.includes(p.policyId));
}

describe('4. program edits', () => {
  let project: PulumiProject;
  let ids: { signing: string; hook: string };

  beforeAll(async () => {
    project = await PulumiProject.create('edits');
    await configureStack(project, org);
    await project.up();
    const outputs = await project.outputs();
    ids = { signing: (outputs.policyIds as Record<string, string>).signingNeedsApprovals!, hook: outputs.webhookEndpointId as string };
  });

  afterAll(async () => {
    await project?.pulumi(['destroy', '--yes', '--skip-preview', '--stack', project.stack]);
    project?.remove();
  });

  test('an in-place update: one update, naming the changed property', async () => {
    await project.setConfig('signingApprovals', '3');
    const { digest } = await project.json(['preview']);
    expect(digest.changeSummary).toEqual({ update: 1, same: 10 });
    const step = stepsByName(digest)['signing-needs-approvals']!;
    expect([step.op, step.diffReasons, step.replaceReasons ?? [], step.detailedDiff]).toEqual([
      'update',
      ['consensus'],
      [],
      { consensus: { kind: 'update', inputDiff: true } },
    ]);
    expect([step.oldState?.inputs?.consensus, step.newState?.inputs?.consensus]).toEqual([
      'approvers.count() >= 2',
      'approvers.count() >= 3',
    ]);

    await project.up();
    const policy = (await ourPolicies()).find((p) => p.policyName === 'Signing needs approvals');
    expect([policy?.policyId, policy?.consensus]).toEqual([ids.signing, 'approvers.count() >= 3']);
    await project.pulumi(['preview', '--expect-no-changes', '--stack', project.stack]);
  });

  test('a replacement: one replace, naming the property that forced it', async () => {
    await project.setConfig('webhookEventTypes', '["ACTIVITY_UPDATES","BALANCE_CONFIRMED_UPDATES"]');
    const { digest } = await project.json(['preview']);
    expect(digest.changeSummary).toEqual({ replace: 1, same: 10 });
    const step = stepsByName(digest)['activity-updates']!;
    expect([step.op, step.diffReasons, step.replaceReasons]).toEqual(['replace', ['subscriptions'], ['subscriptions']]);
    expect(Object.keys(step.detailedDiff ?? {}).filter((path) => !path.startsWith('subscriptions'))).toEqual([]);
    expect(Object.keys(step.detailedDiff ?? {})).not.toEqual([]);

    // The pull-request summary says the same, for people (it counts organization objects, not the stack).
    const summary = await runDrift(project, ['--preview', '--stack', project.stack]);
    expect(summary.code).toBe(0);
    expect(summary.json).toMatchObject({ mode: 'preview', summary: { create: 0, update: 0, replace: 1, delete: 0, same: 9 } });
    expect(summary.markdown).toContain('### WebhookEndpoint');
    expect(summary.markdown).toMatch(/#### activity-updates \(`[^`]+`\): \*\*replace\*\* \(forced by `subscriptions/);
    expect(summary.markdown).not.toContain(ONRAMP_SECRET);

    await project.up();
    const { webhookEndpoints } = await org.client.listWebhookEndpoints();
    expect(webhookEndpoints).toHaveLength(1);
    expect(webhookEndpoints[0]!.endpointId).not.toBe(ids.hook);
    expect(webhookEndpoints[0]!.subscriptions?.map((s) => s.eventType).sort()).toEqual(['ACTIVITY_UPDATES', 'BALANCE_CONFIRMED_UPDATES']);
    await project.pulumi(['preview', '--expect-no-changes', '--stack', project.stack]);
  });

  test('a pull-request summary of a secret change shows the property, never the value', async () => {
    await project.setConfig('onRampSecretApiKey', `${ONRAMP_SECRET}-rotated`, true);
    const summary = await runDrift(project, ['--preview', '--detailed-exitcode', '--stack', project.stack]);
    expect(summary.code).toBe(2);
    const resources = (
      summary.json as {
        stacks: Array<{
          resources: Array<{ name: string; op: string; changes: Array<{ property: string; before?: unknown; after?: unknown }> }>;
        }>;
      }
    ).stacks[0]!.resources;
    expect(resources.map((r) => [r.name, r.op])).toEqual([['moonpay-sandbox', 'update']]);
    expect(resources[0]!.changes.find((c) => c.property === 'secretApiKey')).toEqual({
      property: 'secretApiKey',
      kind: 'update',
      before: '[secret]',
      after: '[secret]',
      forcesReplacement: false,
    });
    for (const text of [JSON.stringify(summary.json), summary.markdown ?? '', summary.stdout, summary.stderr]) {
      expect(text).not.toContain(ONRAMP_SECRET);
    }
    await project.setConfig('onRampSecretApiKey', ONRAMP_SECRET, true);
  });
});

test('5. adopting objects that already exist creates no duplicates', async () => {
  // The same objects, made by hand before the organization was brought under Pulumi.
  const signing = await org.client.createPolicy({
    policyName: 'Signing needs approvals',
    effect: 'EFFECT_ALLOW',
    condition: "activity.action == 'SIGN'",
    consensus: 'approvers.count() >= 2',
    notes: 'Made by hand',
  });
  const deny = await org.client.createPolicy({
    policyName: 'Deny private key exports',
    effect: 'EFFECT_DENY',
    condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'EXPORT'",
    notes: 'Managed by Pulumi (examples/baseline)',
  });
  const hook = await org.client.createWebhookEndpoint({
    url: WEBHOOK_URL,
    name: 'Activity updates',
    subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }],
  });
  const credential = await org.client.createFiatOnRampCredential({
    onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
    publishableApiKey: 'pk_test_walletinfra_baseline',
    encryptedSecretApiKey: encryptOnRampSecret(ONRAMP_SECRET, org.onRampEncryptionPublicKey),
    sandboxMode: true,
  });
  // Who can act, made by hand too: the CI user with its key, the approvers tag (the seed's, unless an earlier
  // destroy removed it) and the policy that names it.
  const ci = await org.client.createUsers({
    users: [
      {
        userName: 'ci-deployer',
        apiKeys: [{ apiKeyName: 'ci-deployer', publicKey: CI_KEY, curveType: 'API_KEY_CURVE_P256' }],
        authenticators: [],
        oauthProviders: [],
        userTags: [],
      },
    ],
  });
  const tagId =
    (await org.client.listUserTags({})).userTags.find((t) => t.tagName === 'approvers')?.tagId ??
    (await org.client.createUserTag({ userTagName: 'approvers', userIds: [] })).result.userTagId;
  const approvers = await org.client.createPolicy({
    policyName: 'Approvers approve policy changes',
    effect: 'EFFECT_ALLOW',
    condition: "activity.resource == 'POLICY'",
    consensus: `approvers.filter(user, user.tags.contains('${tagId}')).count() >= 2`,
    notes: 'Made by hand',
  });
  const identity = async () => ({
    users: (await org.client.listUsers({})).users.map((u) => u.userId).sort(),
    keys: (await org.client.getApiKeys({})).apiKeys.map((k) => k.apiKeyId).sort(),
    tags: (await org.client.listUserTags({})).userTags.map((t) => t.tagId).sort(),
  });
  const before = {
    policies: (await ourPolicies()).length,
    hooks: (await org.client.listWebhookEndpoints()).webhookEndpoints.length,
    credentials: (await org.client.listFiatOnRampCredentials()).fiatOnRampCredentials.length,
    ...(await identity()),
  };
  expect([before.policies, before.hooks, before.credentials]).toEqual([3, 1, 1]);

  const project = await PulumiProject.create('adopt');
  try {
    await configureStack(project, org);
    await project.setConfig('adoptExisting', 'true');
    await project.up();
    const outputs = await project.outputs();
    expect([
      (outputs.policyIds as Record<string, string>).signingNeedsApprovals,
      (outputs.policyIds as Record<string, string>).denyPrivateKeyExports,
      (outputs.policyIds as Record<string, string>).approversApprovePolicyChanges,
      outputs.webhookEndpointId,
      outputs.fiatOnRampCredentialId,
      (outputs.ciDeployer as { userId: string }).userId,
      outputs.approversTagId,
    ]).toEqual([
      signing.result.policyId,
      deny.result.policyId,
      approvers.result.policyId,
      hook.result.endpointId,
      credential.result.fiatOnRampCredentialId,
      ci.result.userIds[0],
      tagId,
    ]);
    expect({
      policies: (await ourPolicies()).length,
      hooks: (await org.client.listWebhookEndpoints()).webhookEndpoints.length,
      credentials: (await org.client.listFiatOnRampCredentials()).fiatOnRampCredentials.length,
      ...(await identity()),
    }).toEqual(before);
    // Adopted objects now match the program (the hand-written notes were brought in line), and stay so.
    expect((await ourPolicies()).find((p) => p.policyId === signing.result.policyId)?.notes).toBe('Managed by Pulumi (examples/baseline)');
    await project.pulumi(['preview', '--expect-no-changes', '--stack', project.stack]);
    await project.pulumi(['refresh', '--preview-only', '--expect-no-changes', '--stack', project.stack]);
    await project.pulumi(['destroy', '--yes', '--skip-preview', '--stack', project.stack]);
    expect(await ourPolicies()).toEqual([]);
    expect((await org.client.listUsers({})).users.map((u) => u.userName)).not.toContain('ci-deployer');
  } finally {
    project.remove();
  }
});
