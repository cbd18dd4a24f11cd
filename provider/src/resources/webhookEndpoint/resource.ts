// `new WebhookEndpoint(name, args)`: type token pulumi-nodejs:dynamic/walletinfra:WebhookEndpoint.
import * as pulumi from '@pulumi/pulumi';
import { resourceInputs, unsetPlacementOutputs } from '../../program';
import { webhookEndpointProvider } from './provider';
import type { WebhookEndpointAdopt, WebhookEndpointArgs, WebhookSubscription } from './types';

export class WebhookEndpoint extends pulumi.dynamic.Resource {
  /** The service's id of the endpoint (also the resource's `id`). */
  declare readonly endpointId: pulumi.Output<string>;
  declare readonly url: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly isActive: pulumi.Output<boolean>;
  /** Normalised: sorted, isActive filled in, filtersJson as canonical JSON. */
  declare readonly subscriptions: pulumi.Output<WebhookSubscription[]>;
  declare readonly organizationId: pulumi.Output<string>;
  declare readonly profile: pulumi.Output<string | undefined>;
  declare readonly adopt: pulumi.Output<WebhookEndpointAdopt | undefined>;

  constructor(name: string, args: WebhookEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    const props = resourceInputs('WebhookEndpoint', name, args, ['endpointId', 'isActive', 'subscriptions']);
    super(webhookEndpointProvider, name, props, opts, 'walletinfra', 'WebhookEndpoint');
    unsetPlacementOutputs(this, props);
  }
}
