// Many policies in one program, for the end-to-end tests of a bad day (rate limits, lost responses, a
// forced cancel): `policyCount` policies named `<prefix>-000`, `<prefix>-001`, ..., exported by name.
import * as pulumi from '@pulumi/pulumi';
import * as walletinfra from '@walletinfra/pulumi';

const config = new pulumi.Config();
const count = config.requireNumber('policyCount');
const prefix = config.require('policyPrefix');

export const policyIds: Record<string, pulumi.Output<string>> = {};
for (let i = 0; i < count; i++) {
  const name = `${prefix}-${String(i).padStart(3, '0')}`;
  const policy = new walletinfra.Policy(name, {
    policyName: name,
    effect: 'EFFECT_DENY',
    condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'EXPORT'",
    notes: `policy ${i} of ${count}`,
  });
  policyIds[name] = policy.policyId;
}
