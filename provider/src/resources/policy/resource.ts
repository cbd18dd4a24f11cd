// `new Policy(name, args)`: type token pulumi-nodejs:dynamic/walletinfra:Policy.
import type { AdoptArgOf, ArgsOf, InputsOf, OutputsOf } from '../kind';
import { resourceClass } from '../../program/resource-class';
import { policyProvider } from './provider';
import { policy } from './spec';

export const Policy = resourceClass(policy, policyProvider);
export type Policy = InstanceType<typeof Policy>;

/** What `new Policy(name, args)` takes. */
export type PolicyArgs = ArgsOf<typeof policy>;
/** The inputs after `check`, in normal form. */
export type PolicyInputs = InputsOf<typeof policy>;
/** The resource's outputs. */
export type PolicyOutputs = OutputsOf<typeof policy>;
/** `adopt`: an existing object's id, or the natural-key flag. */
export type PolicyAdopt = AdoptArgOf<typeof policy>;
