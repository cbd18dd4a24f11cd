// `new Policy(name, args)`: type token pulumi-nodejs:dynamic/walletinfra:Policy.
import * as pulumi from '@pulumi/pulumi';
import { claim, resourceInputs, unsetPlacementOutputs } from '../../program';
import { policyProvider } from './provider';
import type { PolicyAdopt, PolicyArgs, PolicyEffect } from './types';

export class Policy extends pulumi.dynamic.Resource {
  /** The service's id of the policy (also the resource's `id`). */
  declare readonly policyId: pulumi.Output<string>;
  declare readonly policyName: pulumi.Output<string>;
  declare readonly effect: pulumi.Output<PolicyEffect>;
  /** '' when unset, as the service reports it. */
  declare readonly condition: pulumi.Output<string>;
  declare readonly consensus: pulumi.Output<string>;
  declare readonly notes: pulumi.Output<string>;
  declare readonly time: pulumi.Output<string>;
  /** The organization the policy lives in. */
  declare readonly organizationId: pulumi.Output<string>;
  declare readonly profile: pulumi.Output<string | undefined>;
  declare readonly adopt: pulumi.Output<PolicyAdopt | undefined>;

  constructor(name: string, args: PolicyArgs, opts?: pulumi.CustomResourceOptions) {
    const props = resourceInputs('Policy', name, args, ['policyId', 'condition', 'consensus', 'notes', 'time']);
    claim(
      'Policy',
      'policyName',
      args.policyName,
      name,
      'the service allows one policy per name, so one of them would fail or fight the other; give each its own policyName',
    );
    super(policyProvider, name, props, opts, 'walletinfra', 'Policy');
    unsetPlacementOutputs(this, props);
  }
}
