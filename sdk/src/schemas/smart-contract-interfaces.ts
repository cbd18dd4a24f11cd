// Smart-contract interfaces: an Ethereum ABI or a Solana (Anchor) IDL uploaded for a contract or program, so
// that policies can read decoded calls (https://docs.turnkey.com/features/policies/smart-contract-interfaces;
// generated types `v1CreateSmartContractInterfaceIntent`, `externaldatav1SmartContractInterface`). There is no
// update activity: a change is a delete and a create. What a well-formed interface is lives in
// ../rules/smart-contract-interface.ts, shared by the provider's check and the emulator.
import { z } from 'zod';
import { Id, Timestamp } from './common';

export const SMART_CONTRACT_INTERFACE_TYPES = ['SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM', 'SMART_CONTRACT_INTERFACE_TYPE_SOLANA'] as const;
export type SmartContractInterfaceType = (typeof SMART_CONTRACT_INTERFACE_TYPES)[number];

/** A stored interface. `type` is a plain string in the generated types (the intent's is an enum). */
export const SmartContractInterface = z.looseObject({
  organizationId: z.string(),
  smartContractInterfaceId: z.string(),
  smartContractAddress: z.string(),
  /** the ABI or IDL as the JSON string that was uploaded */
  smartContractInterface: z.string(),
  type: z.string(),
  label: z.string(),
  notes: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type SmartContractInterface = z.infer<typeof SmartContractInterface>;

/** `createSmartContractInterfaceIntent`: the ABI/IDL travels as a JSON string, "limited to 400kb". */
export const CreateSmartContractInterfaceIntent = z.strictObject({
  smartContractAddress: z.string().min(1, 'must not be empty'),
  smartContractInterface: z.string().min(1, 'must not be empty'),
  type: z.enum(SMART_CONTRACT_INTERFACE_TYPES),
  label: z.string().min(1, 'must not be empty'),
  notes: z.string().optional(),
});
export type CreateSmartContractInterfaceIntent = z.infer<typeof CreateSmartContractInterfaceIntent>;
export const CreateSmartContractInterfaceResult = z.looseObject({ smartContractInterfaceId: z.string() });

export const DeleteSmartContractInterfaceIntent = z.strictObject({ smartContractInterfaceId: Id });
export const DeleteSmartContractInterfaceResult = z.looseObject({ smartContractInterfaceId: z.string() });

export const GetSmartContractInterfaceRequest = z.strictObject({ organizationId: Id, smartContractInterfaceId: Id });
export const GetSmartContractInterfaceResponse = z.looseObject({ smartContractInterface: SmartContractInterface });

/** Generated type `v1GetSmartContractInterfacesRequest` (path `list_smart_contract_interfaces`): no pagination. */
export const ListSmartContractInterfacesRequest = z.strictObject({ organizationId: Id });
export const ListSmartContractInterfacesResponse = z.looseObject({ smartContractInterfaces: z.array(SmartContractInterface) });
