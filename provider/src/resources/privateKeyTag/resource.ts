// `new PrivateKeyTag(name, args)`: type token pulumi-nodejs:dynamic/walletinfra:PrivateKeyTag.
import * as pulumi from '@pulumi/pulumi';
import { resourceInputs, unsetPlacementOutputs } from '../../program';
import { privateKeyTagProvider } from './provider';
import type { PrivateKeyTagAdopt, PrivateKeyTagArgs } from './types';

export class PrivateKeyTag extends pulumi.dynamic.Resource {
  /** The service's id of the tag (also the resource's `id`). */
  declare readonly privateKeyTagId: pulumi.Output<string>;
  declare readonly privateKeyTagName: pulumi.Output<string>;
  /** Sorted, each once. */
  declare readonly privateKeyIds: pulumi.Output<string[]>;
  declare readonly organizationId: pulumi.Output<string>;
  declare readonly profile: pulumi.Output<string | undefined>;
  declare readonly adopt: pulumi.Output<PrivateKeyTagAdopt | undefined>;

  constructor(name: string, args: PrivateKeyTagArgs, opts?: pulumi.CustomResourceOptions) {
    const props = resourceInputs('PrivateKeyTag', name, args, ['privateKeyTagId', 'privateKeyIds']);
    super(privateKeyTagProvider, name, props, opts, 'walletinfra', 'PrivateKeyTag');
    unsetPlacementOutputs(this, props);
  }
}
