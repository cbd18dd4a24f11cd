// `new SessionProfile(name, args)`: type token pulumi-nodejs:dynamic/walletinfra:SessionProfile.
// Every change replaces it, and destroying it leaves it in the service (it cannot be deleted).
import type { AdoptArgOf, ArgsOf, InputsOf, OutputsOf } from '../kind';
import { resourceClass } from '../../program/resource-class';
import { sessionProfileProvider } from './provider';
import { sessionProfile } from './spec';

export const SessionProfile = resourceClass(sessionProfile, sessionProfileProvider);
export type SessionProfile = InstanceType<typeof SessionProfile>;

/** What `new SessionProfile(name, args)` takes. */
export type SessionProfileArgs = ArgsOf<typeof sessionProfile>;
/** The inputs after `check`, in normal form. */
export type SessionProfileInputs = InputsOf<typeof sessionProfile>;
/** The resource's outputs. */
export type SessionProfileOutputs = OutputsOf<typeof sessionProfile>;
/** `adopt`: an existing object's id, or the natural-key flag. */
export type SessionProfileAdopt = AdoptArgOf<typeof sessionProfile>;
