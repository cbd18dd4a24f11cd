// `new Policy(name, args)`: type token pulumi-nodejs:dynamic/walletinfra:Policy.
import * as pulumi from '@pulumi/pulumi';
import { adoptedId, claim, preflight } from '../../program';
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
    // A stack config mistake stops the program here, once, before anything is registered or requested.
    preflight();
    claim('Policy', 'adopt.id', adoptedId(args.adopt), name, 'an object has one owner in a stack (deleting either resource would delete it under the other); remove one of the two adopt lines');
    claim('Policy', 'policyName', args.policyName, name, 'the service allows one policy per name, so one of them would fail or fight the other; give each its own policyName');
    // Output-only properties are seeded as undefined inputs so the class gets an Output for each (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/, pulumi/pulumi#6587).
    const props: pulumi.Inputs = {
      policyId: undefined,
      condition: undefined,
      consensus: undefined,
      notes: undefined,
      time: undefined,
      organizationId: undefined,
      profile: undefined,
      adopt: undefined,
      ...args,
    };
    super(policyProvider, name, props, opts, 'walletinfra', 'Policy');
  }
}
