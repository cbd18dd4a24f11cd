// `new ApiKey(name, args)`: type token pulumi-nodejs:dynamic/walletinfra:ApiKey.
import type { AdoptArgOf, ArgsOf, InputsOf, OutputsOf } from '../kind';
import { resourceClass } from '../../program/resource-class';
import { apiKeyProvider } from './provider';
import { apiKey } from './spec';

export const ApiKey = resourceClass(apiKey, apiKeyProvider);
export type ApiKey = InstanceType<typeof ApiKey>;

/** What `new ApiKey(name, args)` takes. */
export type ApiKeyArgs = ArgsOf<typeof apiKey>;
/** The inputs after `check`, in normal form. */
export type ApiKeyInputs = InputsOf<typeof apiKey>;
/** The resource's outputs. */
export type ApiKeyOutputs = OutputsOf<typeof apiKey>;
/** `adopt`: an existing object's id, or the natural-key flag. */
export type ApiKeyAdopt = AdoptArgOf<typeof apiKey>;
