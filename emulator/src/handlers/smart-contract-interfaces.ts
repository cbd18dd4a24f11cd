// Smart-contract interfaces: create/delete activities and the get/list queries
// (docs/service-behaviour.md#smart-contract-interfaces). What a well-formed ABI or IDL is comes from the sdk's
// rules, the same the provider's preview applies; an address holds one interface per chain.
import { contractAddressKey, smartContractInterfaceProblems, type SmartContractInterfaceInput } from '@walletinfra/sdk/rules';
import type { QueryHandler, RequestContext, SubmitHandler } from '../context';
import { invalidArgument } from '../errors';
import type { SmartContractInterfaceRecord } from '../store/records';
import { renderSmartContractInterface } from '../render/smart-contract-interface';
import { found } from './util';

/** The interface's lookup key: its type and its address in the form the service compares it. */
export function interfaceKey(type: string, address: string): string {
  return `${type}|${contractAddressKey(type, address)}`;
}

/** 400 with the first problem, named by its field (the refusal a preview predicts). */
export function checkInterface(input: SmartContractInterfaceInput): void {
  const problem = smartContractInterfaceProblems(input)[0];
  if (problem !== undefined) throw invalidArgument(`invalid request body: parameters.${problem.field}: ${problem.message}`);
}

/** Stores an interface; refuses a second one for the same contract (UNCONFIRMED, docs/service-behaviour.md#smart-contract-interfaces). */
export function insertInterface(
  ctx: Pick<RequestContext, 'store' | 'env'>,
  organizationId: string,
  p: SmartContractInterfaceInput,
): SmartContractInterfaceRecord {
  const addressKey = interfaceKey(p.type, p.smartContractAddress);
  if (ctx.store.smartContractInterfaces.findUnique(organizationId, addressKey) !== undefined) {
    throw invalidArgument(
      `a smart contract interface already exists for ${p.smartContractAddress}; delete it first to upload another (interfaces cannot be updated)`,
    );
  }
  const now = ctx.env.now();
  return ctx.store.smartContractInterfaces.insert({
    smartContractInterfaceId: ctx.env.uuid(),
    organizationId,
    smartContractAddress: p.smartContractAddress,
    addressKey,
    smartContractInterface: p.smartContractInterface,
    type: p.type,
    label: p.label,
    notes: p.notes ?? '',
    createdAt: now,
    updatedAt: now,
  });
}

/** The Ethereum interface uploaded for a contract address, if any. */
export function ethereumInterfaceFor(ctx: RequestContext, address: string): SmartContractInterfaceRecord | undefined {
  return ctx.store.smartContractInterfaces.findUnique(
    ctx.org.organizationId,
    interfaceKey('SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM', address),
  );
}

export const createSmartContractInterface: SubmitHandler<'create_smart_contract_interface'> = {
  validate: (_ctx, p) => checkInterface(p),
  execute: (ctx, p) => ({ smartContractInterfaceId: insertInterface(ctx, ctx.org.organizationId, p).smartContractInterfaceId }),
};

export const deleteSmartContractInterface: SubmitHandler<'delete_smart_contract_interface'> = {
  execute(ctx, p) {
    found(
      ctx.store.smartContractInterfaces.get(p.smartContractInterfaceId),
      ctx.org.organizationId,
      'smart contract interface',
      p.smartContractInterfaceId,
    );
    ctx.store.smartContractInterfaces.delete(p.smartContractInterfaceId);
    return { smartContractInterfaceId: p.smartContractInterfaceId };
  },
};

export const getSmartContractInterface: QueryHandler<'get_smart_contract_interface'> = (ctx, body) => ({
  smartContractInterface: renderSmartContractInterface(
    found(
      ctx.store.smartContractInterfaces.get(body.smartContractInterfaceId),
      ctx.org.organizationId,
      'smart contract interface',
      body.smartContractInterfaceId,
    ),
    'api',
  ),
});

export const listSmartContractInterfaces: QueryHandler<'list_smart_contract_interfaces'> = (ctx) => ({
  smartContractInterfaces: ctx.store.smartContractInterfaces
    .listByOrg(ctx.org.organizationId)
    .map((r) => renderSmartContractInterface(r, 'api')),
});
