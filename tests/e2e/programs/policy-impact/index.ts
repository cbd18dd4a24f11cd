// A one-policy program for the policy impact test: users tagged `opsTagId` may create private-key tags;
// `tightened: true` narrows the policy to deletions, so the tags they created would now be denied.
import * as pulumi from '@pulumi/pulumi';
import * as walletinfra from '@walletinfra/pulumi';

const config = new pulumi.Config();
const opsTag = config.require('opsTagId');
const tightened = config.getBoolean('tightened') ?? false;

export const policyId = new walletinfra.Policy('ops-private-key-tags', {
  policyName: 'ops manage private key tags',
  effect: 'EFFECT_ALLOW',
  consensus: `approvers.any(user, user.tags.contains('${opsTag}'))`,
  condition: tightened
    ? "activity.resource == 'PRIVATE_KEY' && activity.action == 'DELETE'"
    : "activity.resource == 'PRIVATE_KEY' && activity.action == 'CREATE'",
  notes: 'ops tag private keys',
}).policyId;
