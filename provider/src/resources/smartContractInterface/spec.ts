// SmartContractInterface (docs/service-behaviour.md#smart-contract-interfaces): an Ethereum ABI or a Solana
// (Anchor) IDL uploaded for a contract, so that policies can read decoded calls (`eth.tx.function_name`,
// `contract_call_args`). There is no update activity, so every change replaces the interface; the service keeps
// one interface per address and chain, so a replacement that keeps the address deletes the old one first. The
// ABI or IDL may be given as a JSON string or as the parsed value: the normal form is its JSON with sorted keys
// and no whitespace, so an object, the same JSON as an indented string, and the service's copy compare equal.
// Preview applies the sdk's rules (the ones the emulator applies): well-formed ABI or IDL, the 400 KB limit,
// the address format of the chain.
import { z } from 'zod';
import { SMART_CONTRACT_INTERFACE_FIELD_TABLE, smartContractInterfaceProblems } from '@walletinfra/sdk/rules';
import {
  CreateSmartContractInterfaceIntent,
  SMART_CONTRACT_INTERFACE_TYPES,
  type SmartContractInterface as ServiceInterface,
} from '@walletinfra/sdk/schemas';
import { sortedJson } from '../../internal/sorted-json';
import { containsUnknown, isUnknown } from '../../wire';
import { describe, type CheckFailure } from '../common/check';
import { placementOf } from '../common/inputs';
import { defineKind, deleteById, type ExportValue, type InputsOf } from '../kind';
import { SMART_CONTRACT_INTERFACES } from '../../session/lists';

/**
 * The interface in normal form: JSON with sorted keys and no whitespace. Text that is not JSON stays as it is
 * (check reports it); unknown values stay unknown.
 */
export function canonicalInterface(value: unknown): unknown {
  if (value === undefined || value === null || containsUnknown(value)) return value;
  if (typeof value !== 'string') return sortedJson(value);
  try {
    return sortedJson(JSON.parse(value));
  } catch {
    return value;
  }
}

/** The ABI or IDL must be JSON text, or a value that is JSON (an array or an object). */
function interfaceShapeFailures(news: Record<string, unknown>): CheckFailure[] {
  const v = news.smartContractInterface;
  if (v === undefined || v === null) return [{ property: 'smartContractInterface', reason: 'required' }];
  if (isUnknown(v) || typeof v === 'string' || (typeof v === 'object' && v !== null)) return [];
  return [
    {
      property: 'smartContractInterface',
      reason: `must be the ABI or IDL as a JSON string or as the parsed value (an array or an object), got ${describe(v)}`,
    },
  ];
}

/** The sdk's rules on the normal form: type, address format per chain, label and notes bounds, the JSON and its size. */
function interfaceFailures(news: Record<string, unknown>): CheckFailure[] {
  const { type, smartContractAddress, label, notes } = news;
  const json = canonicalInterface(news.smartContractInterface);
  const known = [type, smartContractAddress, label, json, notes].every((v) => v === undefined || !containsUnknown(v));
  if (!known || typeof type !== 'string' || typeof smartContractAddress !== 'string' || typeof json !== 'string') return [];
  if (!(SMART_CONTRACT_INTERFACE_TYPES as readonly string[]).includes(type)) return [];
  return smartContractInterfaceProblems({
    type,
    smartContractAddress,
    smartContractInterface: json,
    label: typeof label === 'string' ? label : '',
    notes: typeof notes === 'string' ? notes : undefined,
  }).map((p) => ({ property: p.field, reason: p.message }));
}

/** An ABI is an array of objects, an IDL an object: either is accepted in place of its JSON text. */
const InterfaceValue = z.union([z.string().min(1, 'must not be empty'), z.array(z.unknown()), z.record(z.string(), z.unknown())]);

const args = CreateSmartContractInterfaceIntent.extend({ smartContractInterface: InterfaceValue });

type InterfaceType = (typeof SMART_CONTRACT_INTERFACE_TYPES)[number];

/** The JSON as a value to declare (an object literal reads better than escaped text), or the text when it has nulls or numbers. */
function declaredInterface(json: string): ExportValue {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return json;
  }
  const plain = (v: unknown): boolean =>
    typeof v === 'string' ||
    typeof v === 'boolean' ||
    (Array.isArray(v) && v.every(plain)) ||
    (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every(plain));
  return typeof parsed === 'object' && parsed !== null && plain(parsed) ? (parsed as ExportValue) : json;
}

export const smartContractInterface = defineKind({
  type: 'SmartContractInterface',
  member: 'smartContractInterface',
  // Listed by the service: read, adopt, create, update and delete are the shared steps (../common/listed.ts),
  // each write's request built by `writes` below.
  shape: 'listed',
  noun: 'smart-contract interface',
  plural: 'smart-contract interfaces',
  description:
    'An Ethereum ABI or Solana IDL uploaded for a contract, so that policies can read its decoded calls ' +
    '(`eth.tx.function_name`, `eth.tx.contract_call_args`). The service cannot change an interface: every change replaces it.',
  table: SMART_CONTRACT_INTERFACE_FIELD_TABLE,
  args,
  outputs: CreateSmartContractInterfaceIntent.required().extend({ smartContractInterfaceId: z.string() }),
  idProperty: 'smartContractInterfaceId',
  docs: {
    smartContractInterfaceId: "The service's id of the interface (also the resource's `id`).",
    smartContractAddress:
      "The contract: an Ethereum address ('0x' and 40 hex digits, compared case-insensitively) or a Solana program id (base58).",
    smartContractInterface:
      'The Solidity JSON ABI (an array) or the Anchor IDL (an object with `instructions` and `types`), as a JSON string or as ' +
      'the value itself; at most 400,000 bytes. The state holds it as JSON with sorted keys and no whitespace.',
    type: '`SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM` or `SMART_CONTRACT_INTERFACE_TYPE_SOLANA`.',
    label: 'A name for people (at most 256 characters).',
    notes: 'Free text (at most 4,096 characters); empty when unset.',
  },
  defaults: { notes: '' },
  canonical: { smartContractInterface: canonicalInterface },
  adopt: {
    flag: 'byAddress',
    doc: 'Take over the interface uploaded for the same `smartContractAddress` and `type`, or create one.',
  },
  replaceReason: 'no update exists; a replacement that keeps the address deletes the old interface first',
  ownChecks: ['smartContractInterface'],
  check: { early: interfaceShapeFailures, late: interfaceFailures },
  diff: {
    deleteBeforeReplace: (olds, news) =>
      olds.type === news.type && String(olds.smartContractAddress).toLowerCase() === String(news.smartContractAddress).toLowerCase(),
  },
  // what policies can see and decide: decoded calls, velocity limits
  inventory: { governs: 'policy', createdBy: ['ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE'] },
  export: {
    name: (i: ServiceInterface) => i.label,
    fallback: 'smart-contract-interface',
    note: 'Interfaces cannot be changed: an edit replaces the interface (the old one is deleted first when the address stays).',
    properties: (i: ServiceInterface) => [
      ['smartContractAddress', i.smartContractAddress],
      ['type', i.type],
      ['label', i.label],
      ['smartContractInterface', declaredInterface(String(canonicalInterface(i.smartContractInterface)))],
      ['notes', i.notes === '' ? undefined : i.notes],
    ],
  },
  example: {
    name: 'usdc',
    properties: {
      smartContractAddress: '0xA0b86991c6218b36c1d19d4a2e9eB0cE3606eB48',
      type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
      label: 'USDC',
      smartContractInterface: [
        {
          type: 'function',
          name: 'transfer',
          stateMutability: 'nonpayable',
          inputs: [
            { name: 'to', type: 'address' },
            { name: 'value', type: 'uint256' },
          ],
          outputs: [{ name: '', type: 'bool' }],
        },
      ],
    },
  },
  listing: { list: SMART_CONTRACT_INTERFACES, idOf: (i: ServiceInterface) => i.smartContractInterfaceId },
  fromLive: (live: ServiceInterface, state) => ({
    smartContractInterfaceId: live.smartContractInterfaceId,
    smartContractAddress: live.smartContractAddress,
    smartContractInterface: String(canonicalInterface(live.smartContractInterface)),
    type: live.type as InterfaceType,
    label: live.label,
    notes: live.notes ?? '',
    ...placementOf(state as Parameters<typeof placementOf>[0]),
  }),
  writes: {
    create: {
      operation: 'create_smart_contract_interface',
      resultId: (r) => String(r.smartContractInterfaceId),
      resultOf: (i: ServiceInterface) => ({ smartContractInterfaceId: i.smartContractInterfaceId }),
      label: (d) => `${JSON.stringify(d.label)} for ${String(d.smartContractAddress)}`,
    },
    delete: deleteById('delete_smart_contract_interface', 'smartContractInterfaceId'),
  },
});

/** `SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM` or `SMART_CONTRACT_INTERFACE_TYPE_SOLANA`. */
export type SmartContractInterfaceType = InputsOf<typeof smartContractInterface>['type'];
