// `new IpAllowlist(name, args)`: type token pulumi-nodejs:dynamic/walletinfra:IpAllowlist.
import * as pulumi from '@pulumi/pulumi';
import { resourceInputs, unsetPlacementOutputs } from '../../program';
import { ipAllowlistProvider } from './provider';
import type { IpAllowlistAdopt, IpAllowlistArgs, IpAllowlistRule, OnEvaluationError } from './types';

export class IpAllowlist extends pulumi.dynamic.Resource {
  /** The API key the list belongs to (lower-case hex); absent for the organization-level list. */
  declare readonly publicKey: pulumi.Output<string | undefined>;
  declare readonly enabled: pulumi.Output<boolean>;
  /** As the service stores them: host bits cleared, '' for no label, sorted. */
  declare readonly rules: pulumi.Output<IpAllowlistRule[]>;
  declare readonly onEvaluationError: pulumi.Output<OnEvaluationError>;
  declare readonly allowLockout: pulumi.Output<boolean>;
  declare readonly organizationId: pulumi.Output<string>;
  declare readonly profile: pulumi.Output<string | undefined>;
  declare readonly adopt: pulumi.Output<IpAllowlistAdopt | undefined>;

  constructor(name: string, args: IpAllowlistArgs, opts?: pulumi.CustomResourceOptions) {
    const props = resourceInputs('IpAllowlist', name, args, ['publicKey', 'enabled', 'onEvaluationError', 'allowLockout']);
    super(ipAllowlistProvider, name, props, opts, 'walletinfra', 'IpAllowlist');
    unsetPlacementOutputs(this, props);
  }
}
