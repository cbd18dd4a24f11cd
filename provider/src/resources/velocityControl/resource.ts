// `new VelocityControl(name, args)`: type token pulumi-nodejs:dynamic/walletinfra:VelocityControl.
// Every change replaces it (the service has no update); policies read it as `controls.<identifier>`.
import type { AdoptArgOf, ArgsOf, InputsOf, OutputsOf } from '../kind';
import { resourceClass } from '../../program/resource-class';
import { velocityControlProvider } from './provider';
import { velocityControl } from './spec';

export const VelocityControl = resourceClass(velocityControl, velocityControlProvider);
export type VelocityControl = InstanceType<typeof VelocityControl>;

/** What `new VelocityControl(name, args)` takes. */
export type VelocityControlArgs = ArgsOf<typeof velocityControl>;
/** The inputs after `check`, in normal form. */
export type VelocityControlInputs = InputsOf<typeof velocityControl>;
/** The resource's outputs. */
export type VelocityControlOutputs = OutputsOf<typeof velocityControl>;
/** `adopt`: an existing object's id, or the natural-key flag. */
export type VelocityControlAdopt = AdoptArgOf<typeof velocityControl>;
