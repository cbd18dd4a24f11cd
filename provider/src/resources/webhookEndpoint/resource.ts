// `new WebhookEndpoint(name, args)`: type token pulumi-nodejs:dynamic/walletinfra:WebhookEndpoint.
import type { AdoptArgOf, ArgsOf, InputsOf, OutputsOf } from '../kind';
import { resourceClass } from '../../program/resource-class';
import { webhookEndpointProvider } from './provider';
import { webhookEndpoint } from './spec';

export const WebhookEndpoint = resourceClass(webhookEndpoint, webhookEndpointProvider);
export type WebhookEndpoint = InstanceType<typeof WebhookEndpoint>;

/** What `new WebhookEndpoint(name, args)` takes. */
export type WebhookEndpointArgs = ArgsOf<typeof webhookEndpoint>;
/** The inputs after `check`, in normal form. */
export type WebhookEndpointInputs = InputsOf<typeof webhookEndpoint>;
/** The resource's outputs. */
export type WebhookEndpointOutputs = OutputsOf<typeof webhookEndpoint>;
/** `adopt`: an existing object's id, or the natural-key flag. */
export type WebhookEndpointAdopt = AdoptArgOf<typeof webhookEndpoint>;
