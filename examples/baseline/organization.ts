// The baseline organization as a reusable function: the main job (index.ts) declares it with settings from
// stack config, and the end-to-end tests drive program edits through the same settings.
import * as pulumi from '@pulumi/pulumi';
import * as walletinfra from '@walletinfra/pulumi';

/** The public half of the CI machine user's API key; the CI system that made the pair keeps the private half. */
export const CI_API_PUBLIC_KEY = '0250a5c38dde91d157b793cfaf31b24b12e9b4faf46e001e609bdd0003144efc31';

export interface BaselineSettings {
  /** Where activity webhooks go (HTTPS; the local emulator also accepts loopback http when started so). */
  webhookUrl: string;
  /** Event types the webhook endpoint subscribes to; changing them replaces the endpoint (docs/service-behaviour.md#webhook-endpoints). */
  webhookEventTypes: string[];
  /** How many approvers a signature needs; changing it updates the policy in place. */
  signingApprovals: number;
  onRampPublishableApiKey: string;
  /** The on-ramp provider's secret API key, a Pulumi secret; encrypted to the service's key before sending. */
  onRampSecretApiKey: pulumi.Input<string>;
  /** Take over objects that already exist under the same natural key instead of creating duplicates. */
  adoptExisting: boolean;
  /** The organization-level IP allowlist: the whole list, as the service stores it. */
  ipAllowlist: { enabled: boolean; rules: Array<{ cidr: string; label?: string }> };
  /** The users in the approvers tag (ids; see userIdsNamed), which a policy names by the tag's id. */
  approverIds: pulumi.Input<string[]>;
  /** The public key of the CI machine user's API key; the CI system keeps the private key, which never reaches Pulumi. */
  ciApiPublicKey: string;
  /** The root quorum: its users (ids) and how many of them must approve. */
  rootQuorum: { userIds: pulumi.Input<string[]>; threshold: number };
}

export interface Baseline {
  signingApproval: walletinfra.Policy;
  denyKeyExports: walletinfra.Policy;
  activityWebhook: walletinfra.WebhookEndpoint;
  moonpay: walletinfra.FiatOnRampCredential;
  ipAllowlist: walletinfra.IpAllowlist;
  ciDeployer: walletinfra.User;
  ciDeployerKey: walletinfra.ApiKey;
  approvers: walletinfra.UserTag;
  rootQuorum: walletinfra.RootQuorum;
  approversApprovePolicies: walletinfra.Policy;
}

/** The ids of users named `names`, from the organization's users (a lookup on every preview and up). */
export function userIdsNamed(names: readonly string[]): pulumi.Output<string[]> {
  return walletinfra.getUsersOutput().apply((r) =>
    names.map((name) => {
      const user = r.users.find((u) => u.userName === name);
      if (user === undefined) throw new pulumi.RunError(`no user named "${name}" in organization ${r.organizationId}`);
      return user.userId;
    }),
  );
}

export function declareBaseline(s: BaselineSettings): Baseline {
  // Allow with a consensus rule: signing needs approvals from several users (policy language, docs/service-behaviour.md#policy-language).
  const signingApproval = new walletinfra.Policy('signing-needs-approvals', {
    policyName: 'Signing needs approvals',
    effect: 'EFFECT_ALLOW',
    condition: "activity.action == 'SIGN'",
    consensus: `approvers.count() >= ${s.signingApprovals}`,
    notes: 'Managed by Pulumi (examples/baseline)',
    ...(s.adoptExisting ? { adopt: { byName: true } } : {}),
  });

  // Deny with a condition: nobody exports private keys, whatever else allows it (deny wins, docs/service-behaviour.md#policy-language).
  const denyKeyExports = new walletinfra.Policy('deny-private-key-exports', {
    policyName: 'Deny private key exports',
    effect: 'EFFECT_DENY',
    condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'EXPORT'",
    notes: 'Managed by Pulumi (examples/baseline)',
    ...(s.adoptExisting ? { adopt: { byName: true } } : {}),
  });

  const activityWebhook = new walletinfra.WebhookEndpoint('activity-updates', {
    name: 'Activity updates',
    url: s.webhookUrl,
    isActive: true,
    subscriptions: s.webhookEventTypes.map((eventType) => ({ eventType })),
    ...(s.adoptExisting ? { adopt: { byUrlAndName: true } } : {}),
  });

  const moonpay = new walletinfra.FiatOnRampCredential('moonpay-sandbox', {
    onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
    publishableApiKey: s.onRampPublishableApiKey,
    secretApiKey: s.onRampSecretApiKey,
    sandboxMode: true,
    ...(s.adoptExisting ? { adopt: { byPublishableApiKey: true } } : {}),
  });

  // The organization always has exactly one list (empty until set), so it is always adopted: `adopt`
  // takes over the list someone wrote by hand, and the declared rules then replace it as a whole.
  // Enabling it with rules that miss the address `pulumi` runs from would lock this stack out.
  const ipAllowlist = new walletinfra.IpAllowlist('organization-ip-allowlist', {
    enabled: s.ipAllowlist.enabled,
    rules: s.ipAllowlist.rules,
    adopt: { byScope: true },
  });

  // Who can act, as code. A machine user for CI with the public half of its API key (the CI system keeps the
  // private key); the approvers tag, which owns its membership (the users' own resources never list tags);
  // the root quorum, which `create` takes over (an organization always has one); and a policy that names the
  // tag by its id output, so the tag is created (or adopted) before the policy and never hard-coded: two of its
  // members approve each policy change.
  const ciDeployer = new walletinfra.User('ci-deployer', {
    userName: 'ci-deployer',
    ...(s.adoptExisting ? { adopt: { byName: true } } : {}),
  });
  const ciDeployerKey = new walletinfra.ApiKey('ci-deployer-key', {
    userId: ciDeployer.id,
    apiKeyName: 'ci-deployer',
    publicKey: s.ciApiPublicKey,
    curveType: 'API_KEY_CURVE_P256',
    ...(s.adoptExisting ? { adopt: { byPublicKey: true } } : {}),
  });
  // The seed already has an "approvers" tag: adopted by name (created when absent), its members then declared here.
  const approvers = new walletinfra.UserTag('approvers', {
    userTagName: 'approvers',
    userIds: s.approverIds,
    adopt: { byName: true },
  });
  const rootQuorum = new walletinfra.RootQuorum('root-quorum', {
    threshold: s.rootQuorum.threshold,
    userIds: s.rootQuorum.userIds,
  });
  const approversApprovePolicies = new walletinfra.Policy('approvers-approve-policy-changes', {
    policyName: 'Approvers approve policy changes',
    effect: 'EFFECT_ALLOW',
    condition: "activity.resource == 'POLICY'",
    // two approvers: one compromised approver credential cannot rewrite the policies alone (docs/policy-lint.md#management-without-consensus)
    consensus: pulumi.interpolate`approvers.filter(user, user.tags.contains('${approvers.id}')).count() >= 2`,
    notes: 'Managed by Pulumi (examples/baseline)',
    ...(s.adoptExisting ? { adopt: { byName: true } } : {}),
  });

  return {
    signingApproval,
    denyKeyExports,
    activityWebhook,
    moonpay,
    ipAllowlist,
    ciDeployer,
    ciDeployerKey,
    approvers,
    rootQuorum,
    approversApprovePolicies,
  };
}

/** Read-only lookups reported as stack outputs (data sources run on every preview and up, docs/service-behaviour.md#activities). */
export function describeOrganization() {
  return {
    wallets: walletinfra.getWalletsOutput().apply((r) => r.wallets.map((w) => ({ id: w.walletId, name: w.walletName }))),
    privateKeyTags: walletinfra
      .getPrivateKeyTagsOutput()
      .apply((r) => r.privateKeyTags.map((t) => ({ id: t.tagId, name: t.tagName, type: t.tagType }))),
    ipAllowlist: walletinfra.getIpAllowlistOutput().apply((r) => ({
      enabled: r.allowlist.enabled ?? false,
      rules: r.allowlist.rules.map((rule) => ({ cidr: rule.cidr, label: rule.label ?? '' })),
    })),
    sessionProfiles: walletinfra
      .getSessionProfilesOutput()
      .apply((r) => r.sessionProfiles.map((p) => ({ id: p.sessionProfileId, name: p.sessionProfileName, scope: p.scope }))),
  };
}
