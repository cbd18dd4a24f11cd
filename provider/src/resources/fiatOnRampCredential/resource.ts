// `new FiatOnRampCredential(name, args)`: type token pulumi-nodejs:dynamic/walletinfra:FiatOnRampCredential.
// Secret inputs are wrapped in pulumi.secret whatever the caller passed, and every sensitive output is
// listed in additionalSecretOutputs (the kind's `secrets`, ./spec.ts).
import type { AdoptArgOf, ArgsOf, InputsOf, OutputsOf } from '../kind';
import { resourceClass } from '../../program/resource-class';
import { fiatOnRampCredentialProvider } from './provider';
import { fiatOnRampCredential } from './spec';

export const FiatOnRampCredential = resourceClass(fiatOnRampCredential, fiatOnRampCredentialProvider);
export type FiatOnRampCredential = InstanceType<typeof FiatOnRampCredential>;

/** What `new FiatOnRampCredential(name, args)` takes. */
export type FiatOnRampCredentialArgs = ArgsOf<typeof fiatOnRampCredential>;
/** The inputs after `check`, in normal form. */
export type FiatOnRampCredentialInputs = InputsOf<typeof fiatOnRampCredential>;
/** The resource's outputs. */
export type FiatOnRampCredentialOutputs = OutputsOf<typeof fiatOnRampCredential>;
/** `adopt`: an existing object's id, or the natural-key flag. */
export type FiatOnRampCredentialAdopt = AdoptArgOf<typeof fiatOnRampCredential>;
