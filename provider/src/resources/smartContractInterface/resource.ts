// `new SmartContractInterface(name, args)`: type token pulumi-nodejs:dynamic/walletinfra:SmartContractInterface.
// Every change replaces it (the service has no update).
import type { AdoptArgOf, ArgsOf, InputsOf, OutputsOf } from '../kind';
import { resourceClass } from '../../program/resource-class';
import { smartContractInterfaceProvider } from './provider';
import { smartContractInterface } from './spec';

export const SmartContractInterface = resourceClass(smartContractInterface, smartContractInterfaceProvider);
export type SmartContractInterface = InstanceType<typeof SmartContractInterface>;

/** What `new SmartContractInterface(name, args)` takes. */
export type SmartContractInterfaceArgs = ArgsOf<typeof smartContractInterface>;
/** The inputs after `check`, in normal form. */
export type SmartContractInterfaceInputs = InputsOf<typeof smartContractInterface>;
/** The resource's outputs. */
export type SmartContractInterfaceOutputs = OutputsOf<typeof smartContractInterface>;
/** `adopt`: an existing object's id, or the natural-key flag. */
export type SmartContractInterfaceAdopt = AdoptArgOf<typeof smartContractInterface>;
