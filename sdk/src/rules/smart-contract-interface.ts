// What a smart-contract interface the service accepts looks like, as pure functions the provider's `check` and
// the emulator share (https://docs.turnkey.com/features/policies/smart-contract-interfaces): an Ethereum ABI is
// the Solidity JSON ABI, an array of function/constructor/event/error/fallback/receive descriptions
// (https://docs.soliditylang.org/en/latest/abi-spec.html#json); a Solana IDL is Anchor's JSON IDL with
// `instructions` and a `types` array, which the service requires even when empty. The JSON is "limited to
// 400kb". Ethereum addresses are `0x` + 40 hex digits and compare case-insensitively; Solana program ids are
// base58 public keys (32 bytes) and compare exactly.
import { base58 } from '@scure/base';

/**
 * Limits of an interface. `interfaceBytes`: the docs' "400kb" read as 400,000 bytes of UTF-8, the stricter of
 * the two readings, so a preview never passes what the service refuses. `label` and `notes`: UNCONFIRMED
 * generous bounds of ours, the service documents none (docs/service-behaviour.md#smart-contract-interfaces).
 */
export const SMART_CONTRACT_INTERFACE_LIMITS = { interfaceBytes: 400_000, label: 256, notes: 4096 } as const;

export interface SmartContractInterfaceInput {
  type: string;
  smartContractAddress: string;
  smartContractInterface: string;
  label: string;
  notes?: string | undefined;
}

/** One thing wrong with an interface: the intent field it is about, and what to do. */
export interface SmartContractInterfaceProblem {
  field: 'type' | 'smartContractAddress' | 'smartContractInterface' | 'label' | 'notes';
  message: string;
}

const ETHEREUM = 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM';
const SOLANA = 'SMART_CONTRACT_INTERFACE_TYPE_SOLANA';

/** Every problem of an interface, [] when the service would accept it. Checks the size before parsing. */
export function smartContractInterfaceProblems(input: SmartContractInterfaceInput): SmartContractInterfaceProblem[] {
  const problems: SmartContractInterfaceProblem[] = [];
  if (input.type !== ETHEREUM && input.type !== SOLANA) {
    problems.push({ field: 'type', message: `must be ${ETHEREUM} or ${SOLANA}` });
    return problems;
  }
  const addressProblem = contractAddressProblem(input.type, input.smartContractAddress);
  if (addressProblem !== undefined) problems.push({ field: 'smartContractAddress', message: addressProblem });
  if (input.label.trim() === '') problems.push({ field: 'label', message: 'must not be empty' });
  else if (input.label.length > SMART_CONTRACT_INTERFACE_LIMITS.label) {
    problems.push({ field: 'label', message: `must be at most ${SMART_CONTRACT_INTERFACE_LIMITS.label} characters` });
  }
  if (input.notes !== undefined && input.notes.length > SMART_CONTRACT_INTERFACE_LIMITS.notes) {
    problems.push({ field: 'notes', message: `must be at most ${SMART_CONTRACT_INTERFACE_LIMITS.notes} characters` });
  }
  const interfaceProblem = interfaceJsonProblem(input.type, input.smartContractInterface);
  if (interfaceProblem !== undefined) problems.push({ field: 'smartContractInterface', message: interfaceProblem });
  return problems;
}

/** Why an address is not one of its type, or undefined. */
export function contractAddressProblem(type: string, address: string): string | undefined {
  if (type === ETHEREUM) {
    return /^0x[0-9a-fA-F]{40}$/.test(address) ? undefined : "must be an Ethereum address: '0x' followed by 40 hexadecimal digits";
  }
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(address);
  } catch {
    return 'must be a Solana program id: a base58 public key (32 bytes), e.g. JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
  }
  return bytes.length === 32 ? undefined : `must be a Solana program id of 32 bytes; this one decodes to ${bytes.length} bytes`;
}

/**
 * The form an address is looked up by: lowercase for Ethereum (the docs: "case insensitive with Ethereum"),
 * as written for Solana ("case sensitive with Solana").
 */
export function contractAddressKey(type: string, address: string): string {
  return type === ETHEREUM ? address.toLowerCase() : address;
}

/** The interface as the JSON string the service stores: a string is kept as written, anything else is serialized compactly. */
export function smartContractInterfaceJson(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function interfaceJsonProblem(type: string, json: string): string | undefined {
  const bytes = new TextEncoder().encode(json).length;
  const max = SMART_CONTRACT_INTERFACE_LIMITS.interfaceBytes;
  if (bytes > max) {
    return `is ${bytes.toLocaleString('en-US')} bytes; the service accepts at most ${max.toLocaleString('en-US')} (400 KB): minify the JSON (no indentation) or upload only the functions policies use`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (e) {
    return `is not valid JSON (${(e as Error).message}); give the ${type === ETHEREUM ? 'ABI' : 'IDL'} as a JSON string`;
  }
  return type === ETHEREUM ? abiProblem(parsed) : idlProblem(parsed);
}

// ---- Ethereum ABI ----

const ABI_ITEM_TYPES = ['function', 'constructor', 'receive', 'fallback', 'event', 'error'];
const STATE_MUTABILITIES = ['pure', 'view', 'nonpayable', 'payable'];
const SOLIDITY_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
// Elementary types of the ABI spec, then any number of fixed or dynamic array suffixes.
const ABI_TYPE =
  /^(?:uint(?:8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)?|int(?:8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)?|address|bool|string|bytes(?:[1-9]|[12][0-9]|3[0-2])?|function|u?fixed(?:\d+x\d+)?|tuple)(?:\[\d*\])*$/;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Why a parsed value is not a JSON ABI, or undefined. */
export function abiProblem(abi: unknown): string | undefined {
  if (!Array.isArray(abi)) {
    return 'must be a JSON ABI: an array of function, event and error descriptions (an object was given; a compiler artifact keeps it under "abi")';
  }
  for (const [i, item] of abi.entries()) {
    const at = `item ${i}`;
    if (!isObject(item)) return `${at} must be an object describing a function, event, error, constructor, fallback or receive`;
    const kind = item.type ?? 'function';
    if (typeof kind !== 'string' || !ABI_ITEM_TYPES.includes(kind)) {
      return `${at}: type must be one of ${ABI_ITEM_TYPES.join(', ')}`;
    }
    const named = kind === 'function' || kind === 'event' || kind === 'error';
    const label = named && typeof item.name === 'string' ? `${at} (${kind} ${item.name})` : `${at} (${kind})`;
    if (named && (typeof item.name !== 'string' || !SOLIDITY_NAME.test(item.name))) {
      return `${at} (${kind}): name must be a Solidity identifier`;
    }
    if (item.stateMutability !== undefined && !STATE_MUTABILITIES.includes(item.stateMutability as string)) {
      return `${label}: stateMutability must be one of ${STATE_MUTABILITIES.join(', ')}`;
    }
    for (const list of ['inputs', 'outputs'] as const) {
      if (item[list] === undefined) continue;
      const problem = parametersProblem(item[list], kind === 'event');
      if (problem !== undefined) return `${label}: ${list}${problem}`;
    }
  }
  return undefined;
}

function parametersProblem(params: unknown, event: boolean): string | undefined {
  if (!Array.isArray(params)) return ' must be an array of parameters';
  for (const [j, param] of params.entries()) {
    const at = `[${j}]`;
    if (!isObject(param)) return `${at} must be an object with a type`;
    if (param.name !== undefined && typeof param.name !== 'string') return `${at}.name must be a string`;
    if (typeof param.type !== 'string' || !ABI_TYPE.test(param.type)) {
      const given = typeof param.type === 'string' ? ` '${param.type}'` : '';
      return `${at}.type${given} is not an ABI type (uint256, address, bytes32, string, tuple[], …)`;
    }
    if (event && param.indexed !== undefined && typeof param.indexed !== 'boolean') return `${at}.indexed must be a boolean`;
    if (param.type.startsWith('tuple')) {
      if (param.components === undefined) return `${at} is a ${param.type} and needs components`;
      const inner = parametersProblem(param.components, false);
      if (inner !== undefined) return `${at}.components${inner}`;
    }
  }
  return undefined;
}

/** The names of the functions an ABI declares, in order, without repeats (overloads share a name); [] when it is not an ABI. */
export function abiFunctionNames(abi: unknown): string[] {
  let parsed: unknown = abi;
  if (typeof abi === 'string') {
    try {
      parsed = JSON.parse(abi);
    } catch {
      return [];
    }
  }
  if (abiProblem(parsed) !== undefined) return [];
  const names = (parsed as Array<Record<string, unknown>>)
    .filter((item) => (item.type ?? 'function') === 'function' && typeof item.name === 'string')
    .map((item) => item.name as string);
  return [...new Set(names)];
}

// ---- Solana (Anchor) IDL ----

const IDL_PRIMITIVES = [
  'bool',
  'u8',
  'i8',
  'u16',
  'i16',
  'u32',
  'i32',
  'f32',
  'u64',
  'i64',
  'f64',
  'u128',
  'i128',
  'u256',
  'i256',
  'bytes',
  'string',
  'publicKey',
  'pubkey',
];
const IDL_COMPOSITES = ['vec', 'option', 'coption', 'array', 'defined', 'generic'];

/** Why a parsed value is not an Anchor IDL the service takes, or undefined. */
export function idlProblem(idl: unknown): string | undefined {
  if (!isObject(idl)) return 'must be an Anchor IDL: a JSON object with "instructions" and "types"';
  if (!Array.isArray(idl.instructions)) return 'must have an "instructions" array (Anchor IDL)';
  if (!Array.isArray(idl.types)) {
    return 'must have a "types" array, even an empty one: the service requires it ("types": [])';
  }
  for (const [i, ins] of idl.instructions.entries()) {
    if (!isObject(ins) || typeof ins.name !== 'string' || ins.name === '') return `instructions[${i}] must be an object with a name`;
    const at = `instructions[${i}] (${ins.name})`;
    if (ins.accounts !== undefined && !Array.isArray(ins.accounts)) return `${at}: accounts must be an array`;
    if (ins.args !== undefined && !Array.isArray(ins.args)) return `${at}: args must be an array`;
    for (const [j, arg] of ((ins.args as unknown[] | undefined) ?? []).entries()) {
      if (!isObject(arg) || typeof arg.name !== 'string') return `${at}: args[${j}] must be an object with a name and a type`;
      if (!idlTypeIsValid(arg.type)) {
        return `${at}: args[${j}] (${arg.name}) has type ${JSON.stringify(arg.type) ?? 'undefined'}, which is not an IDL type (u64, publicKey, {"vec": …}, {"defined": …}, …)`;
      }
    }
  }
  for (const [i, t] of idl.types.entries()) {
    if (!isObject(t) || typeof t.name !== 'string' || !isObject(t.type)) return `types[${i}] must be an object with a name and a type`;
  }
  return undefined;
}

function idlTypeIsValid(t: unknown): boolean {
  if (typeof t === 'string') return IDL_PRIMITIVES.includes(t);
  if (!isObject(t)) return false;
  const keys = Object.keys(t);
  return keys.length === 1 && IDL_COMPOSITES.includes(keys[0] as string);
}
