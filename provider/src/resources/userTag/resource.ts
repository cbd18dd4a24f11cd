// `new UserTag(name, args)`: type token pulumi-nodejs:dynamic/walletinfra:UserTag.
import type { AdoptArgOf, ArgsOf, InputsOf, OutputsOf } from '../kind';
import { resourceClass } from '../../program/resource-class';
import { userTagProvider } from './provider';
import { userTag } from './spec';

export const UserTag = resourceClass(userTag, userTagProvider);
export type UserTag = InstanceType<typeof UserTag>;

/** What `new UserTag(name, args)` takes. */
export type UserTagArgs = ArgsOf<typeof userTag>;
/** The inputs after `check`, in normal form. */
export type UserTagInputs = InputsOf<typeof userTag>;
/** The resource's outputs. */
export type UserTagOutputs = OutputsOf<typeof userTag>;
/** `adopt`: an existing object's id, or the natural-key flag. */
export type UserTagAdopt = AdoptArgOf<typeof userTag>;
