// `new RootQuorum(name, args)`: type token pulumi-nodejs:dynamic/walletinfra:RootQuorum.
import type { AdoptArgOf, ArgsOf, InputsOf, OutputsOf } from '../kind';
import { resourceClass } from '../../program/resource-class';
import { rootQuorumProvider } from './provider';
import { rootQuorum } from './spec';

export const RootQuorum = resourceClass(rootQuorum, rootQuorumProvider);
export type RootQuorum = InstanceType<typeof RootQuorum>;

/** What `new RootQuorum(name, args)` takes. */
export type RootQuorumArgs = ArgsOf<typeof rootQuorum>;
/** The inputs after `check`, in normal form. */
export type RootQuorumInputs = InputsOf<typeof rootQuorum>;
/** The resource's outputs. */
export type RootQuorumOutputs = OutputsOf<typeof rootQuorum>;
/** `adopt`: an existing object's id, or the natural-key flag. */
export type RootQuorumAdopt = AdoptArgOf<typeof rootQuorum>;
