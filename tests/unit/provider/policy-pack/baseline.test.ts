// The shipped policy pack over the project's own baseline (examples/baseline, the root Pulumi.yaml's program): run
// under Pulumi's mocks (https://www.pulumi.com/docs/iac/guides/testing/unit/) with the settings of its index.ts
// defaults, every rule of the pack validates the registered stack against the organization of the emulator's seed
// (emulator/seeds/example.json: its users, tags and policies) — mandatory by default, so any violation would fail
// `pulumi preview --policy-pack`. (The real engine runs the pack in tests/e2e/policy-dependencies.test.ts.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as pulumi from '@pulumi/pulumi';
import type { PolicyResource, StackValidationArgs } from '@pulumi/policy';
import type { LintPolicy } from '@walletinfra/sdk/policy';
import { packPolicies, type LiveOrganization } from '@walletinfra/pulumi/policy-pack';
import { declareBaseline } from '../../../../examples/baseline/organization';
import { REPO_ROOT } from '../../../support/e2e/process';

interface Registered {
  type: string;
  urn: string;
  props: Record<string, unknown>;
}
const registered: Registered[] = [];

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        const inputs = args.inputs as Record<string, unknown>;
        const props = { ...inputs, organizationId: 'org-seed' };
        registered.push({ type: args.type, urn: `urn:pulumi:local::walletinfra-baseline::${args.type}::${args.name}`, props });
        // a tag's id is what policies name
        return { id: `${args.name}-id`, state: args.type.endsWith(':UserTag') ? { ...props, userTagId: `${args.name}-id` } : props };
      },
      call: () => ({}),
    },
    'walletinfra-baseline',
    'local',
    true,
  );
});

/** The seed's organization as the pack reads it: its users with their tags, the root user, its policies. */
function seedOrganization(): LiveOrganization {
  const seed = JSON.parse(readFileSync(join(REPO_ROOT, 'emulator', 'seeds', 'example.json'), 'utf8')) as {
    userTags: string[];
    users: Array<{ userName: string; tags?: string[] }>;
    policies: LintPolicy[];
  };
  const tagId = (name: string) => `${name}-id`;
  return {
    organizationId: 'org-seed',
    policies: seed.policies,
    facts: {
      users: [
        ...seed.users.map((u) => ({ userId: `user-${u.userName}`, userName: u.userName, userTags: (u.tags ?? []).map(tagId) })),
        { userId: 'user-root', userName: 'root', userTags: [] },
      ],
      userTags: seed.userTags.map((t) => ({ tagId: tagId(t), tagName: t })),
      rootQuorum: { userIds: ['user-root'], threshold: 1 },
      smartContractInterfaces: [],
      velocityControls: [],
    },
  };
}

/** Every violation of every policy of the pack, as `<rule>: <resource>: <message>`. */
async function violations(): Promise<string[]> {
  const out: string[] = [];
  const args = { resources: registered as unknown as PolicyResource[] } as StackValidationArgs;
  for (const policy of packPolicies({ read: () => Promise.resolve(seedOrganization()) })) {
    await policy.validateStack(args, (message, urn) => out.push(`${policy.name}: ${urn?.split('::').pop() ?? ''}: ${message}`));
  }
  return out;
}

test('the baseline with its default settings passes every rule of the mandatory pack', async () => {
  const baseline = declareBaseline({
    webhookUrl: 'https://hooks.example.com/walletinfra',
    webhookEventTypes: ['ACTIVITY_UPDATES'],
    signingApprovals: 2,
    onRampPublishableApiKey: 'pk_test_walletinfra_baseline',
    onRampSecretApiKey: pulumi.secret('sk_test_baseline_pack'),
    adoptExisting: false,
    ipAllowlist: { enabled: false, rules: [] },
    approverIds: ['user-alice', 'user-bob'],
    ciApiPublicKey: '0250a5c38dde91d157b793cfaf31b24b12e9b4faf46e001e609bdd0003144efc31',
    rootQuorum: { userIds: ['user-root'], threshold: 1 },
  });
  await Promise.all(Object.values(baseline).map((r: pulumi.CustomResource) => new Promise((resolve) => r.urn.apply(resolve))));
  expect(
    registered
      .filter((r) => r.type.endsWith(':Policy'))
      .map((r) => String(r.props.policyName))
      .sort(),
  ).toEqual(['Approvers approve policy changes', 'Deny private key exports', 'Signing needs approvals']);
  expect(await violations()).toEqual([]);
});
