// A program for the own-credentials test: the user `opsUserId` may add API keys (to anyone) by an explicit
// policy; `explicit: false` removes that policy, which leaves the user's own keys to the service's implicit
// permission (docs/service-behaviour.md#implicit-permissions). A second policy stays, so the stack is never empty.
import * as pulumi from '@pulumi/pulumi';
import * as walletinfra from '@walletinfra/pulumi';

const config = new pulumi.Config();
const opsUserId = config.require('opsUserId');
const explicit = config.getBoolean('explicit') ?? true;

export const walletsPolicyId = new walletinfra.Policy('ops-wallets', {
  policyName: 'ops create wallets',
  effect: 'EFFECT_ALLOW',
  consensus: `approvers.any(user, user.id == '${opsUserId}')`,
  condition: "activity.resource == 'WALLET' && activity.action == 'CREATE'",
  notes: 'ops create wallets',
}).policyId;

export const apiKeysPolicyId = explicit
  ? new walletinfra.Policy('ops-api-keys', {
      policyName: 'ops add API keys',
      effect: 'EFFECT_ALLOW',
      consensus: `approvers.any(user, user.id == '${opsUserId}')`,
      condition: "activity.type == 'ACTIVITY_TYPE_CREATE_API_KEYS_V2'",
      notes: 'ops add API keys to any user',
    }).policyId
  : undefined;
