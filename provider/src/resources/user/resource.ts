// `new User(name, args)`: type token pulumi-nodejs:dynamic/walletinfra:User.
import type { AdoptArgOf, ArgsOf, InputsOf, OutputsOf } from '../kind';
import { resourceClass } from '../../program/resource-class';
import { userProvider } from './provider';
import { user } from './spec';

export const User = resourceClass(user, userProvider);
export type User = InstanceType<typeof User>;

/** What `new User(name, args)` takes. */
export type UserArgs = ArgsOf<typeof user>;
/** The inputs after `check`, in normal form. */
export type UserInputs = InputsOf<typeof user>;
/** The resource's outputs. */
export type UserOutputs = OutputsOf<typeof user>;
/** `adopt`: an existing object's id, or the natural-key flag. */
export type UserAdopt = AdoptArgOf<typeof user>;
