// An unsigned Ethereum transaction as the policy engine reads it (`eth.tx`), and its calldata decoded through an
// uploaded ABI (`function_name`, `function_signature`, `contract_call_args`; https://docs.turnkey.com/features/policies/language
// "EthereumTransaction", https://docs.turnkey.com/features/policies/smart-contract-interfaces). Parsing and ABI decoding
// are viem's (`parseTransaction`, `decodeFunctionData` of `viem/utils`), loaded on first use so that the sdk's other
// entry points never pay for it (about 300 ms and 5 MiB of heap on first load; sdk/README.md#contract-calls).
import type * as ViemUtils from 'viem/utils' with { 'resolution-mode': 'import' };
import type { Abi, AbiParameter } from 'viem' with { 'resolution-mode': 'import' };
import type * as NobleSecp256k1 from '@noble/curves/secp256k1';
import type { PolicyEthereumTransaction, PolicyValue } from '../policy/context';

let viemUtils: typeof ViemUtils | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy: only callers that decode pay for loading viem
const viem = (): typeof ViemUtils => (viemUtils ??= require('viem/utils') as typeof ViemUtils);

/** What an uploaded ABI adds to `eth.tx` for a call it describes. */
export interface DecodedContractCall {
  function_name: string;
  /** the 4-byte selector, lowercase hex with `0x` (the docs compare it as '0xa9059cbb') */
  function_signature: string;
  /** arguments by name; tuples are lists in field order, as the docs access them by position (UNCONFIRMED for unnamed arguments: keyed by position) */
  contract_call_args: Record<string, PolicyValue>;
}

export type ContractCallDecoding = { decoded: true; call: DecodedContractCall } | { decoded: false; reason: string };

/**
 * Decodes calldata through an ABI (a JSON string or the parsed array). Not decodable — no calldata, a
 * selector the ABI lacks, arguments that do not match — is a reason, not an exception: the service then
 * leaves the fields unset (docs/service-behaviour.md#smart-contract-interfaces).
 */
export function decodeContractCall(calldata: string, abi: string | readonly unknown[]): ContractCallDecoding {
  const data = withHexPrefix(calldata).toLowerCase();
  if (!/^0x(?:[0-9a-f]{2})*$/.test(data)) return { decoded: false, reason: 'the calldata is not hexadecimal bytes' };
  if (data.length < 10) return { decoded: false, reason: 'there is no function selector: the calldata is shorter than 4 bytes' };
  let parsed: Abi;
  try {
    parsed = (typeof abi === 'string' ? JSON.parse(abi) : abi) as Abi;
  } catch {
    return { decoded: false, reason: 'the ABI is not valid JSON' };
  }
  const selector = data.slice(0, 10);
  const { decodeFunctionData, toFunctionSelector } = viem();
  const item = parsed.find((i) => i.type === 'function' && safeSelector(toFunctionSelector, i) === selector);
  if (item === undefined || item.type !== 'function') {
    return { decoded: false, reason: `the ABI has no function with selector ${selector}` };
  }
  let args: readonly unknown[];
  try {
    args = decodeFunctionData({ abi: [item], data: data as `0x${string}` }).args ?? [];
  } catch (e) {
    return { decoded: false, reason: `the calldata does not match ${item.name}: ${firstLine(e)}` };
  }
  const contract_call_args: Record<string, PolicyValue> = {};
  item.inputs.forEach((input, i) => {
    contract_call_args[input.name !== undefined && input.name !== '' ? input.name : String(i)] = policyValue(input, args[i]);
  });
  return { decoded: true, call: { function_name: item.name, function_signature: selector, contract_call_args } };
}

export type UnsignedEthereumTransaction = { parsed: true; tx: PolicyEthereumTransaction } | { parsed: false; reason: string };

const TYPE_NAMES: Readonly<Record<string, string>> = {
  legacy: 'LEGACY',
  eip2930: 'TYPE_1',
  eip1559: 'TYPE_2',
  eip4844: 'TYPE_3',
  eip7702: 'TYPE_4',
};

/**
 * `eth.tx` of an unsigned transaction (hex, with or without `0x`: a legacy RLP list or a typed envelope),
 * without the ABI fields. `from` is the signer's address, which an unsigned transaction does not carry.
 * Addresses are EIP-55 checksummed, as the docs' examples write them (UNCONFIRMED,
 * docs/service-behaviour.md#smart-contract-interfaces); `data` is lowercase hex.
 */
export function parseUnsignedEthereumTransaction(unsignedTransaction: string, from?: string): UnsignedEthereumTransaction {
  const hex = withHexPrefix(unsignedTransaction.trim());
  if (!/^0x[0-9a-fA-F]+$/.test(hex) || hex.length % 2 !== 0) {
    return { parsed: false, reason: 'must be the hex serialization of an unsigned Ethereum transaction' };
  }
  const { parseTransaction, getAddress } = viem();
  let t: ReturnType<typeof parseTransaction>;
  try {
    t = parseTransaction(hex as `0x${string}`);
  } catch (e) {
    return { parsed: false, reason: `is not an Ethereum transaction: ${firstLine(e)}` };
  }
  const tx: PolicyEthereumTransaction = {
    type: TYPE_NAMES[t.type ?? 'legacy'] ?? String(t.type),
    data: (t.data ?? '0x').toLowerCase(),
    value: t.value ?? 0n,
    nonce: BigInt(t.nonce ?? 0),
  };
  if (from !== undefined) tx.from = from.startsWith('0x') ? getAddress(from) : from;
  if (t.to !== undefined && t.to !== null) tx.to = getAddress(t.to);
  if (t.chainId !== undefined) tx.chain_id = BigInt(t.chainId);
  if (t.gas !== undefined) tx.gas = t.gas;
  if (t.gasPrice !== undefined) tx.gas_price = t.gasPrice;
  if (t.maxFeePerGas !== undefined) tx.max_fee_per_gas = t.maxFeePerGas;
  if (t.maxPriorityFeePerGas !== undefined) tx.max_priority_fee_per_gas = t.maxPriorityFeePerGas;
  if ('maxFeePerBlobGas' in t && t.maxFeePerBlobGas !== undefined) tx.max_fee_per_blob_gas = t.maxFeePerBlobGas;
  return { parsed: true, tx };
}

/**
 * `eth.tx` with the ABI fields when `abi` (the interface uploaded for `eth.tx.to`) decodes the calldata;
 * without them otherwise, as the service does when no interface matches.
 */
export function ethereumTransactionForPolicy(
  unsignedTransaction: string,
  options: { from?: string; abi?: string | readonly unknown[] } = {},
): UnsignedEthereumTransaction {
  const parsed = parseUnsignedEthereumTransaction(unsignedTransaction, options.from);
  if (!parsed.parsed || options.abi === undefined || parsed.tx.data === undefined) return parsed;
  const decoded = decodeContractCall(parsed.tx.data, options.abi);
  return decoded.decoded ? { parsed: true, tx: { ...parsed.tx, ...decoded.call } } : parsed;
}

/**
 * Signs an unsigned transaction with a secp256k1 private key (64 hex digits) and returns the signed
 * serialization, hex without `0x` like the unsigned one (EIP-155 `v` for legacy transactions, `yParity` for typed
 * ones). For local signers such as the emulator; throws on a transaction that does not parse.
 */
export function signEthereumTransaction(unsignedTransaction: string, privateKeyHex: string): string {
  const { parseTransaction, serializeTransaction, keccak256 } = viem();
  const tx = parseTransaction(withHexPrefix(unsignedTransaction.trim()) as `0x${string}`);
  const digest = keccak256(serializeTransaction(tx)).slice(2);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded with viem, only by callers that sign
  const { secp256k1 } = require('@noble/curves/secp256k1') as typeof NobleSecp256k1;
  const signature = secp256k1.sign(digest, privateKeyHex);
  const word = (n: bigint): `0x${string}` => `0x${n.toString(16).padStart(64, '0')}`;
  const yParity = signature.recovery;
  return serializeTransaction(tx, { r: word(signature.r), s: word(signature.s), v: 27n + BigInt(yParity), yParity }).slice(2);
}

/** The policy-language value of one decoded argument: ints as bigints, tuples as lists, bytes as lowercase hex. */
function policyValue(param: AbiParameter, value: unknown): PolicyValue {
  const array = /^(.*)\[\d*\]$/.exec(param.type);
  if (array !== null) {
    const inner: AbiParameter = { ...param, type: array[1] as string };
    return (value as readonly unknown[]).map((v) => policyValue(inner, v));
  }
  if (param.type === 'tuple' && 'components' in param) {
    const components = param.components;
    return components.map((c, i) => {
      const v = Array.isArray(value) ? (value as unknown[])[i] : (value as Record<string, unknown>)[c.name ?? String(i)];
      return policyValue(c, v);
    });
  }
  if (typeof value === 'string' && value.startsWith('0x') && param.type !== 'address') return value.toLowerCase();
  if (typeof value === 'number') return BigInt(value);
  return value as PolicyValue;
}

function safeSelector(toFunctionSelector: (typeof ViemUtils)['toFunctionSelector'], item: Abi[number]): string | undefined {
  try {
    return item.type === 'function' ? toFunctionSelector(item) : undefined;
  } catch {
    return undefined;
  }
}

function withHexPrefix(hex: string): string {
  return hex.startsWith('0x') || hex.startsWith('0X') ? `0x${hex.slice(2)}` : `0x${hex}`;
}

function firstLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';
}
