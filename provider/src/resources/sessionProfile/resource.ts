// `new SessionProfile(name, args)`: type token pulumi-nodejs:dynamic/walletinfra:SessionProfile.
// Every change replaces it, and destroying it leaves it in the service (it cannot be deleted).
import * as pulumi from '@pulumi/pulumi';
import { resourceInputs, unsetPlacementOutputs } from '../../program';
import { sessionProfileProvider } from './provider';
import type { SessionProfileAdopt, SessionProfileArgs } from './types';

export class SessionProfile extends pulumi.dynamic.Resource {
  /** The service's id of the profile (also the resource's `id`); login activities take it. */
  declare readonly sessionProfileId: pulumi.Output<string>;
  declare readonly sessionProfileName: pulumi.Output<string>;
  declare readonly scope: pulumi.Output<string>;
  /** '' when unset (the service then applies its default). */
  declare readonly expirationSeconds: pulumi.Output<string>;
  declare readonly notes: pulumi.Output<string>;
  declare readonly organizationId: pulumi.Output<string>;
  declare readonly profile: pulumi.Output<string | undefined>;
  declare readonly adopt: pulumi.Output<SessionProfileAdopt | undefined>;

  constructor(name: string, args: SessionProfileArgs, opts?: pulumi.CustomResourceOptions) {
    const props = resourceInputs('SessionProfile', name, args, ['sessionProfileId', 'expirationSeconds', 'notes']);
    super(sessionProfileProvider, name, props, opts, 'walletinfra', 'SessionProfile');
    unsetPlacementOutputs(this, props);
  }
}
