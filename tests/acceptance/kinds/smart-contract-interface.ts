// SmartContractInterface: an ERC-20 `transfer` ABI uploaded for addresses no contract of the organization uses
// and no policy names, so no decision changes; one address per role (the service keeps one interface per
// address and chain). There is no update: a new ABI for the same address replaces it, deleting the old first.
import type { Scenario } from './types';
import { ERC20_APPROVE, ERC20_TRANSFER } from '../../support/erc20-abi';

const ADDRESS = {
  main: '0x000000000000000000000000000000000000a101',
  replaced: '0x000000000000000000000000000000000000a102',
  adopted: '0x000000000000000000000000000000000000a103',
} as const;

export const smartContractInterfaceScenario: Scenario = {
  name: 'SmartContractInterface',
  stem: 'contract',
  why: 'an ABI for addresses that no policy names, so no decision of the organization changes',
  create: (ctx, role) => ({
    smartContractAddress: ADDRESS[role],
    type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
    smartContractInterface: JSON.stringify([ERC20_TRANSFER]),
    label: ctx.name(`contract-${role}`),
    notes: 'walletinfra acceptance run',
  }),
  // The same address with another ABI: replaced, the old interface deleted first.
  replace: (_ctx, args) => ({ ...args, smartContractInterface: JSON.stringify([ERC20_TRANSFER, ERC20_APPROVE]) }),
  async handMade(ctx, args) {
    const { result } = await ctx.client.createSmartContractInterface({
      smartContractAddress: String(args.smartContractAddress),
      smartContractInterface: String(args.smartContractInterface),
      type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
      label: String(args.label),
      notes: String(args.notes),
    });
    return result.smartContractInterfaceId;
  },
  notApplicable: {
    update: 'an interface has no update: every change replaces it',
    drift: 'an interface has no update, so nothing of it can change outside Pulumi but its deletion',
  },
};
