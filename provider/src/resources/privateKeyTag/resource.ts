// `new PrivateKeyTag(name, args)`: type token pulumi-nodejs:dynamic/walletinfra:PrivateKeyTag.
import type { AdoptArgOf, ArgsOf, InputsOf, OutputsOf } from '../kind';
import { resourceClass } from '../../program/resource-class';
import { privateKeyTagProvider } from './provider';
import { privateKeyTag } from './spec';

export const PrivateKeyTag = resourceClass(privateKeyTag, privateKeyTagProvider);
export type PrivateKeyTag = InstanceType<typeof PrivateKeyTag>;

/** What `new PrivateKeyTag(name, args)` takes. */
export type PrivateKeyTagArgs = ArgsOf<typeof privateKeyTag>;
/** The inputs after `check`, in normal form. */
export type PrivateKeyTagInputs = InputsOf<typeof privateKeyTag>;
/** The resource's outputs. */
export type PrivateKeyTagOutputs = OutputsOf<typeof privateKeyTag>;
/** `adopt`: an existing object's id, or the natural-key flag. */
export type PrivateKeyTagAdopt = AdoptArgOf<typeof privateKeyTag>;
