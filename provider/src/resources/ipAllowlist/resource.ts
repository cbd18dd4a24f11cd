// `new IpAllowlist(name, args)`: type token pulumi-nodejs:dynamic/walletinfra:IpAllowlist.
import type { AdoptArgOf, ArgsOf, InputsOf, OutputsOf } from '../kind';
import { resourceClass } from '../../program/resource-class';
import { ipAllowlistProvider } from './provider';
import { ipAllowlist } from './spec';

export const IpAllowlist = resourceClass(ipAllowlist, ipAllowlistProvider);
export type IpAllowlist = InstanceType<typeof IpAllowlist>;

/** What `new IpAllowlist(name, args)` takes. */
export type IpAllowlistArgs = ArgsOf<typeof ipAllowlist>;
/** The inputs after `check`, in normal form. */
export type IpAllowlistInputs = InputsOf<typeof ipAllowlist>;
/** The resource's outputs. */
export type IpAllowlistOutputs = OutputsOf<typeof ipAllowlist>;
/** `adopt`: an existing object's id, or the natural-key flag. */
export type IpAllowlistAdopt = AdoptArgOf<typeof ipAllowlist>;
