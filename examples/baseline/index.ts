// The main job's program (root Pulumi.yaml): a baseline organization with three policies, an activity
// webhook, a sandbox on-ramp credential, the organization-level IP allowlist, a CI machine user with its API
// key, the approvers tag and the root quorum, plus the organization's wallets, private-key tags, IP allowlist
// (as the service reports it) and session profiles as stack outputs. Provider credentials come from
// `walletinfra:*` stack config (scripts/main-job.sh sets them from the emulator's credentials.json); the knobs
// below come from this project's config (`walletinfra-baseline:*`).
import * as pulumi from '@pulumi/pulumi';
import { CI_API_PUBLIC_KEY, declareBaseline, describeOrganization, userIdsNamed } from './organization';

const config = new pulumi.Config();

const baseline = declareBaseline({
  webhookUrl: config.require('webhookUrl'),
  webhookEventTypes: config.getObject<string[]>('webhookEventTypes') ?? ['ACTIVITY_UPDATES'],
  signingApprovals: config.getNumber('signingApprovals', { min: 1, max: 10 }) ?? 2,
  onRampPublishableApiKey: config.get('onRampPublishableApiKey') ?? 'pk_test_walletinfra_baseline',
  onRampSecretApiKey: config.requireSecret('onRampSecretApiKey'),
  adoptExisting: config.getBoolean('adoptExisting') ?? false,
  ipAllowlist: {
    enabled: config.getBoolean('ipAllowlistEnabled') ?? false,
    rules: config.getObject<Array<{ cidr: string; label?: string }>>('ipAllowlistRules') ?? [
      { cidr: '203.0.113.0/24', label: 'office' },
      { cidr: '2001:db8:1234::/48', label: 'office v6' },
    ],
  },
  approverIds: userIdsNamed(config.getObject<string[]>('approverNames') ?? ['alice', 'bob']),
  // The CI system made this key pair and keeps the private half; only the public key is declared.
  ciApiPublicKey: config.get('ciApiPublicKey') ?? CI_API_PUBLIC_KEY,
  rootQuorum: {
    userIds: userIdsNamed(config.getObject<string[]>('rootUserNames') ?? ['root']),
    threshold: config.getNumber('rootQuorumThreshold', { min: 1 }) ?? 1,
  },
});

const organization = describeOrganization();

export const policyIds = {
  signingNeedsApprovals: baseline.signingApproval.policyId,
  denyPrivateKeyExports: baseline.denyKeyExports.policyId,
  approversApprovePolicyChanges: baseline.approversApprovePolicies.policyId,
};
export const webhookEndpointId = baseline.activityWebhook.endpointId;
export const fiatOnRampCredentialId = baseline.moonpay.fiatOnrampCredentialId;
export const ciDeployer = { userId: baseline.ciDeployer.userId, apiKeyId: baseline.ciDeployerKey.apiKeyId };
export const approversTagId = baseline.approvers.userTagId;
export const rootQuorum = { threshold: baseline.rootQuorum.threshold, userIds: baseline.rootQuorum.userIds };
export const wallets = organization.wallets;
export const privateKeyTags = organization.privateKeyTags;
export const ipAllowlist = organization.ipAllowlist;
export const sessionProfiles = organization.sessionProfiles;
