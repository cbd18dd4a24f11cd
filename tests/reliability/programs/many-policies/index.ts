// The reliability suite's load program: `policyCount` policies, nothing else (R2: `pulumi up` under 429s).
import * as pulumi from '@pulumi/pulumi';
import * as walletinfra from '@walletinfra/pulumi';

const config = new pulumi.Config();
const count = config.requireNumber('policyCount');

export const policyIds = Array.from(
  { length: count },
  (_, i) =>
    new walletinfra.Policy(`policy-${i}`, {
      policyName: `r2 policy ${i}`,
      effect: 'EFFECT_DENY',
      condition: "activity.action == 'EXPORT'",
      notes: 'reliability suite (R2)',
    }).policyId,
);
