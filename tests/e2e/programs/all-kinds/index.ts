// Every resource kind once, for the provider-upgrade e2e test: the stack a previous release writes and the
// current release must refresh, preview without changes, update and destroy. Its settings are the main job's
// (webhook URL, on-ramp secret from stack config) plus the ids of two private keys the test seeds. The kinds
// are the previous release's (tests/support/e2e/release.ts): UserTag, User, ApiKey, RootQuorum,
// SmartContractInterface and VelocityControl came after it, so that release could not write them; they join
// when PREVIOUS_RELEASE moves to a commit that has them.
import * as pulumi from '@pulumi/pulumi';
import * as walletinfra from '@walletinfra/pulumi';

const config = new pulumi.Config();
const keys = config.requireObject<{ k1: string; k2: string }>('privateKeyIds');

new walletinfra.Policy('signing-needs-approvals', {
  policyName: 'Signing needs approvals',
  effect: 'EFFECT_ALLOW',
  condition: "activity.action == 'SIGN'",
  consensus: 'approvers.count() >= 2',
  notes: 'Managed by Pulumi',
});

new walletinfra.WebhookEndpoint('activity-updates', {
  name: 'Activity updates',
  url: config.require('webhookUrl'),
  isActive: true,
  subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }],
});

new walletinfra.FiatOnRampCredential('moonpay-sandbox', {
  onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
  publishableApiKey: 'pk_test_walletinfra_upgrade',
  secretApiKey: config.requireSecret('onRampSecretApiKey'),
  sandboxMode: true,
});

new walletinfra.IpAllowlist('organization', {
  enabled: false,
  rules: [{ cidr: '203.0.113.0/24', label: 'office' }],
  adopt: { byScope: true },
});

new walletinfra.PrivateKeyTag('cold-keys', {
  privateKeyTagName: 'cold',
  privateKeyIds: [keys.k1, keys.k2],
});

new walletinfra.SessionProfile('read-only', {
  sessionProfileName: 'read-only',
  scope: "activity.action != 'EXPORT'",
  expirationSeconds: 600,
});
