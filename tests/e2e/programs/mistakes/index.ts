// A small program for the mistakes users make (tests/e2e/mistakes-*.test.ts): what it declares comes from
// this project's stack config, so one program serves every scenario.
//   lookup: true           read the organization's policies (a data source), as the README's quick start does
//   policies: JSON         [{name, policyName, adopt?}] Policy resources
//   hooks: JSON            [{name, subscriptions}] WebhookEndpoint resources (url from webhookUrl)
//   onRamp: true           one FiatOnRampCredential with secretApiKey from onRampSecretApiKey
import * as pulumi from '@pulumi/pulumi';
import * as walletinfra from '@walletinfra/pulumi';

const config = new pulumi.Config();

interface PolicySpec {
  name: string;
  policyName: string;
  adopt?: { id: string };
}

export const policyCount = config.getBoolean('lookup') ? walletinfra.getPoliciesOutput({}).apply((r) => r.policies.length) : undefined;

export const policyIds = Object.fromEntries(
  (config.getObject<PolicySpec[]>('policies') ?? []).map((spec) => [
    spec.name,
    new walletinfra.Policy(spec.name, {
      policyName: spec.policyName,
      effect: 'EFFECT_DENY',
      condition: "activity.action == 'EXPORT'",
      notes: 'mistakes e2e',
      ...(spec.adopt !== undefined ? { adopt: spec.adopt } : {}),
    }).policyId,
  ]),
);

export const hookIds = Object.fromEntries(
  (config.getObject<Array<{ name: string; subscriptions: Array<{ eventType: string }> }>>('hooks') ?? []).map((spec) => [
    spec.name,
    new walletinfra.WebhookEndpoint(spec.name, {
      url: config.require('webhookUrl'),
      name: spec.name,
      subscriptions: spec.subscriptions,
    }).endpointId,
  ]),
);

export const onRampId = config.getBoolean('onRamp')
  ? new walletinfra.FiatOnRampCredential('moonpay', {
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
      publishableApiKey: 'pk_test_mistakes',
      secretApiKey: config.requireSecret('onRampSecretApiKey'),
      sandboxMode: true,
    }).fiatOnrampCredentialId
  : undefined;
