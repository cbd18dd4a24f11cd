// The baseline program (examples/baseline, what `npm run up` applies) through the real Pulumi CLI against
// the emulator: create, no-op checks, out-of-band drift (CLI exit 7 and walletinfra-drift exit 2), repair,
// secrets in state, destroy. The steps build
// on each other and share one stack, so they run in order.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runDrift } from '../support/e2e/drift';
import { ONRAMP_SECRET, WEBHOOK_URL } from '../support/e2e/organization';
import { stepsByName } from '../support/e2e/project';
import { useTestStack } from '../support/e2e/stack';

jest.setTimeout(300_000);

const SIGNING = 'Signing needs approvals';
const DENY = 'Deny private key exports';
const NOTES = 'Managed by Pulumi (examples/baseline)';

const e2e = useTestStack('lifecycle');

async function ourPolicies() {
  const { policies } = await e2e.org.client.listPolicies();
  return policies.filter((p) => !e2e.seedPolicyIds.includes(p.policyId)).sort((a, b) => a.policyName.localeCompare(b.policyName));
}

/** Every file under the project directory (state backend, stack config, Pulumi home) as text. */
function everyFileText(dir: string): string {
  let text = '';
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (entry === 'node_modules') continue;
    if (statSync(path).isDirectory()) text += everyFileText(path);
    else text += readFileSync(path, 'latin1');
  }
  return text;
}

test('1. up creates every object with the declared values', async () => {
  await e2e.project.up();
  const outputs = await e2e.project.outputs();

  const policies = await ourPolicies();
  expect(
    policies.map(({ policyId, policyName, effect, condition, consensus, notes }) => ({
      policyId,
      policyName,
      effect,
      condition,
      consensus,
      notes,
    })),
  ).toEqual([
    {
      policyId: (outputs.policyIds as Record<string, string>).approversApprovePolicyChanges,
      policyName: 'Approvers approve policy changes',
      effect: 'EFFECT_ALLOW',
      condition: "activity.resource == 'POLICY'",
      consensus: `approvers.filter(user, user.tags.contains('${outputs.approversTagId as string}')).count() >= 2`,
      notes: NOTES,
    },
    {
      policyId: (outputs.policyIds as Record<string, string>).denyPrivateKeyExports,
      policyName: DENY,
      effect: 'EFFECT_DENY',
      condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'EXPORT'",
      consensus: '',
      notes: NOTES,
    },
    {
      policyId: (outputs.policyIds as Record<string, string>).signingNeedsApprovals,
      policyName: SIGNING,
      effect: 'EFFECT_ALLOW',
      condition: "activity.action == 'SIGN'",
      consensus: 'approvers.count() >= 2',
      notes: NOTES,
    },
  ]);

  const { webhookEndpoints } = await e2e.org.client.listWebhookEndpoints();
  expect(webhookEndpoints).toHaveLength(1);
  const hook = webhookEndpoints[0]!;
  expect([hook.endpointId, hook.url, hook.name, hook.isActive]).toEqual([outputs.webhookEndpointId, WEBHOOK_URL, 'Activity updates', true]);
  expect(hook.subscriptions?.map((s) => s.eventType)).toEqual(['ACTIVITY_UPDATES']);

  const { fiatOnRampCredentials } = await e2e.org.client.listFiatOnRampCredentials();
  expect(fiatOnRampCredentials.map((c) => [c.fiatOnrampCredentialId, c.onrampProvider, c.publishableApiKey, c.sandboxMode])).toEqual([
    [outputs.fiatOnRampCredentialId, 'FIAT_ON_RAMP_PROVIDER_MOONPAY', 'pk_test_walletinfra_baseline', true],
  ]);
  // The service got ciphertext (the emulator rejects what it cannot decrypt with its key), never the secret.
  expect(fiatOnRampCredentials[0]!.encryptedSecretApiKey).not.toContain(ONRAMP_SECRET);

  // The read-only lookups report what the organization holds.
  const { wallets } = await e2e.org.client.listWallets();
  expect(outputs.wallets).toEqual(wallets.map((w) => ({ id: w.walletId, name: w.walletName })));
  expect(wallets.length).toBeGreaterThan(0);
  const { privateKeyTags } = await e2e.org.client.listPrivateKeyTags();
  expect(outputs.privateKeyTags).toEqual(privateKeyTags.map((t) => ({ id: t.tagId, name: t.tagName, type: t.tagType })));
  const { allowlist } = await e2e.org.client.getIpAllowlist();
  expect(outputs.ipAllowlist).toEqual({
    enabled: allowlist.enabled ?? false,
    rules: allowlist.rules.map((r) => ({ cidr: r.cidr, label: r.label ?? '' })),
  });
  const { sessionProfiles } = await e2e.org.client.getSessionProfiles();
  expect(outputs.sessionProfiles).toEqual(
    sessionProfiles.map((p) => ({ id: p.sessionProfileId, name: p.sessionProfileName, scope: p.scope })),
  );
});

test('2. preview and refresh preview expect no changes right after up', async () => {
  const preview = await e2e.project.pulumi(['preview', '--expect-no-changes', '--stack', e2e.project.stack]);
  expect(preview.code).toBe(0);
  const refresh = await e2e.project.pulumi(['refresh', '--preview-only', '--expect-no-changes', '--stack', e2e.project.stack]);
  expect(refresh.code).toBe(0);
});

test('walletinfra-drift exits 0 on a clean stack', async () => {
  const drift = await runDrift(e2e.project, ['--stack', e2e.project.stack]);
  expect(drift.code).toBe(0);
  expect(drift.json).toMatchObject({ mode: 'drift', summary: { drifted: 0, deletedOutsideCode: 0, clean: 10 } });
  expect(drift.markdown).toContain(`| \`${e2e.project.stack}\` | no drift | 0 | 0 | 10 |`);
});

describe('3. out-of-band changes', () => {
  let denyId: string;
  let hookId: string;
  let credentialId: string;

  beforeAll(async () => {
    const outputs = await e2e.project.outputs();
    denyId = (outputs.policyIds as Record<string, string>).denyPrivateKeyExports!;
    hookId = outputs.webhookEndpointId as string;
    credentialId = outputs.fiatOnRampCredentialId as string;
    // Someone edits the organization by hand: a policy condition, a paused endpoint, a deleted credential.
    await e2e.org.client.updatePolicy({ policyId: denyId, policyCondition: "activity.action == 'EXPORT'" });
    await e2e.org.client.updateWebhookEndpoint({ endpointId: hookId, isActive: false });
    await e2e.org.client.deleteFiatOnRampCredential({ fiatOnrampCredentialId: credentialId });
  });

  test('pulumi refresh --preview-only --expect-no-changes exits 7 and its JSON names each resource and property', async () => {
    const { code, digest } = await e2e.project.json(['refresh', '--preview-only', '--expect-no-changes'], 7);
    expect(code).toBe(7);
    const steps = stepsByName(digest);
    expect(Object.fromEntries(Object.entries(steps).map(([name, s]) => [name, [s.op, s.diffReasons ?? []]]))).toEqual({
      'signing-needs-approvals': ['refresh', []],
      'deny-private-key-exports': ['update', ['condition']],
      'activity-updates': ['update', ['isActive']],
      'moonpay-sandbox': ['delete', []],
      'organization-ip-allowlist': ['refresh', []],
      'ci-deployer': ['refresh', []],
      'ci-deployer-key': ['refresh', []],
      approvers: ['refresh', []],
      'root-quorum': ['refresh', []],
      'approvers-approve-policy-changes': ['refresh', []],
    });
    expect(steps['deny-private-key-exports']!.newState!.inputs!.condition).toBe("activity.action == 'EXPORT'");
    expect(steps['activity-updates']!.newState!.inputs!.isActive).toBe(false);
  });

  test('walletinfra-drift exits 2 with a report naming resource and property, secrets redacted', async () => {
    const drift = await runDrift(e2e.project, ['--stack', e2e.project.stack]);
    expect(drift.code).toBe(2);
    const report = drift.json as {
      summary: unknown;
      stacks: Array<{
        status: string;
        remediation: string;
        resources: Array<{ name: string; id: string; op: string; changes: unknown[] }>;
      }>;
    };
    expect(report.summary).toEqual({ drifted: 2, deletedOutsideCode: 1, clean: 7 });
    const stack = report.stacks[0]!;
    expect(stack.status).toBe('drift');
    expect(stack.remediation).toBe(`pulumi up --refresh --stack ${e2e.project.stack} --cwd ${e2e.project.dir}`);
    expect(stack.resources.map((r) => [r.name, r.id, r.op, r.changes])).toEqual([
      ['moonpay-sandbox', credentialId, 'delete', []],
      [
        'deny-private-key-exports',
        denyId,
        'update',
        [
          {
            property: 'condition',
            kind: 'update',
            before: "activity.resource == 'PRIVATE_KEY' && activity.action == 'EXPORT'",
            after: "activity.action == 'EXPORT'",
            forcesReplacement: false,
          },
        ],
      ],
      [
        'activity-updates',
        hookId,
        'update',
        [{ property: 'isActive', kind: 'update', before: true, after: false, forcesReplacement: false }],
      ],
    ]);
    expect(drift.markdown).toContain('#### deny-private-key-exports');
    expect(drift.markdown).toContain(`run \`pulumi up --refresh --stack ${e2e.project.stack} --cwd ${e2e.project.dir}\``);
    for (const text of [JSON.stringify(drift.json), drift.markdown ?? '', drift.stdout, drift.stderr]) {
      expect(text).not.toContain(ONRAMP_SECRET);
      expect(text).not.toContain(e2e.org.apiPrivateKey);
    }
  });

  test('pulumi up --refresh restores the declared state', async () => {
    await e2e.project.up(['--refresh']);
    const policies = await ourPolicies();
    expect(policies.find((p) => p.policyId === denyId)?.condition).toBe(
      "activity.resource == 'PRIVATE_KEY' && activity.action == 'EXPORT'",
    );
    const { webhookEndpoints } = await e2e.org.client.listWebhookEndpoints();
    expect(webhookEndpoints.map((h) => [h.endpointId, h.isActive])).toEqual([[hookId, true]]);
    const { fiatOnRampCredentials } = await e2e.org.client.listFiatOnRampCredentials();
    expect(fiatOnRampCredentials).toHaveLength(1);
    const outputs = await e2e.project.outputs();
    expect(fiatOnRampCredentials[0]!.fiatOnrampCredentialId).toBe(outputs.fiatOnRampCredentialId);
    expect(outputs.fiatOnRampCredentialId).not.toBe(credentialId);
    const clean = await e2e.project.pulumi(['refresh', '--preview-only', '--expect-no-changes', '--stack', e2e.project.stack]);
    expect(clean.code).toBe(0);
  });
});

test('walletinfra-drift exits 1 for a stack that does not exist, with a clear message', async () => {
  const drift = await runDrift(e2e.project, ['--stack', 'no-such-stack']);
  expect(drift.code).toBe(1);
  const report = drift.json as { stacks: Array<{ stack: string; status: string; error: string }> };
  expect(report.stacks.map((s) => [s.stack, s.status])).toEqual([['no-such-stack', 'error']]);
  expect(report.stacks[0]!.error).toMatch(/no-such-stack/);
  expect(drift.stderr).toContain('[drift] no-such-stack: error:');
});

test('7. neither the stack export nor any state or config file holds a plaintext private key or on-ramp secret', async () => {
  const exported = await e2e.project.pulumi(['stack', 'export', '--stack', e2e.project.stack]);
  // Secrets are there, encrypted with the stack's passphrase (the secret signature plus a ciphertext).
  expect(exported.stdout).toContain('"4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270"');
  for (const text of [exported.stdout, everyFileText(e2e.project.dir)]) {
    expect(text).not.toContain(ONRAMP_SECRET);
    expect(text).not.toContain(e2e.org.apiPrivateKey);
  }
});

test('6. destroy removes every object from the emulator', async () => {
  await e2e.project.pulumi(['destroy', '--yes', '--skip-preview', '--stack', e2e.project.stack]);
  expect(await ourPolicies()).toEqual([]);
  expect((await e2e.org.client.listWebhookEndpoints()).webhookEndpoints).toEqual([]);
  expect((await e2e.org.client.listFiatOnRampCredentials()).fiatOnRampCredentials).toEqual([]);
  expect((await e2e.org.client.getIpAllowlist()).allowlist.rules).toEqual([]);
  const after = await e2e.project.pulumi(['stack', 'export', '--stack', e2e.project.stack]);
  expect((JSON.parse(after.stdout) as { deployment: { resources?: unknown[] } }).deployment.resources ?? []).toEqual([]);
});
