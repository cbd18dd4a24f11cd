// The keywords and struct fields of the policy language, as data (docs/service-behaviour.md#policy-language; field types from
// https://docs.turnkey.com/features/policies/language "Struct" and "Nested structs" tables).
import { CONTROLS_TYPE } from './controls';
import type { PolicyType } from './types';
import { BOOL, INT, MAP, STRING, TIMESTAMP, listOf, mapOf } from './types';

export type PolicyExpressionKind = 'condition' | 'consensus' | 'time' | 'scope';

type Fields = Record<string, PolicyType>;
const struct = (name: string, fields: Fields, aliases?: Record<string, string>): PolicyType =>
  aliases ? { k: 'struct', name, fields, aliases } : { k: 'struct', name, fields };
const strings = (...names: string[]): Fields => Object.fromEntries(names.map((n) => [n, STRING]));
const ints = (...names: string[]): Fields => Object.fromEntries(names.map((n) => [n, INT]));

export const USER = struct('User', { id: STRING, tags: listOf(STRING), email: STRING, alias: STRING });
export const CREDENTIAL = struct('Credential', strings('id', 'user_id', 'type', 'credential_id', 'public_key'));
export const ACTIVITY = struct('Activity', {
  type: { k: 'string', enumOf: 'activity.type' },
  kind: { k: 'string', enumOf: 'activity.kind' },
  resource: { k: 'string', enumOf: 'activity.resource' },
  action: { k: 'string', enumOf: 'activity.action' },
  params: MAP,
});
export const WALLET = struct('Wallet', { id: STRING, imported: BOOL, exported: BOOL, label: STRING });
// path_indexes/path_hardened: the derivation path, set for EXPORT_WALLET_ACCOUNT only
// (https://docs.turnkey.com/features/policies/examples/spark "Key exports").
const WALLET_ACCOUNT = struct('WalletAccount', { address: STRING, path_indexes: listOf(INT), path_hardened: listOf(BOOL) });
export const PRIVATE_KEY = struct('PrivateKey', { id: STRING, tags: listOf(STRING), imported: BOOL, exported: BOOL, label: STRING });

// A stored secret's policy-visible static properties, string to string, bound at import
// (https://docs.turnkey.com/features/secrets "Static properties"). The language reference's keyword
// table does not list `secret` yet; the docs give it no other field.
export const SECRET = struct('Secret', { static_properties: mapOf(STRING) });

const ETHEREUM_TRANSACTION = struct('EthereumTransaction', {
  ...strings('from', 'to', 'data', 'type', 'function_name', 'function_signature'),
  ...ints('value', 'gas', 'gas_price', 'chain_id', 'nonce', 'max_fee_per_gas', 'max_priority_fee_per_gas', 'max_fee_per_blob_gas'),
  contract_call_args: MAP,
});
const EIP712_DOMAIN = struct('Eip712Domain', { name: STRING, version: STRING, chain_id: INT, verifying_contract: STRING });
const EIP712_TYPED_DATA = struct('Eip712TypedData', { primary_type: STRING, domain: EIP712_DOMAIN, message: MAP });
const EIP7702_AUTHORIZATION = struct('Eip7702Authorization', { address: STRING, chain_id: INT, nonce: INT });

const SOLANA_ACCOUNT = struct('Account', { account_key: STRING, signer: BOOL, writable: BOOL });
const ADDRESS_TABLE_LOOKUP = struct('AddressTableLookup', {
  address_table_key: STRING,
  writable_indexes: listOf(INT),
  readonly_indexes: listOf(INT),
});
const ADDRESS_TABLE_LOOKUP_REFERENCE = struct('AddressTableLookupReference', { address_table_key: STRING, index: INT, writable: BOOL });
// The docs table says `named_account`, its prose `named_accounts` [CONFLICT]: both names are accepted.
const PARSED_INSTRUCTION_DATA = struct(
  'SolanaParsedInstructionData',
  { instruction_name: STRING, discriminator: STRING, named_accounts: MAP, program_call_args: MAP },
  { named_account: 'named_accounts' },
);
const SOLANA_INSTRUCTION = struct('Instruction', {
  program_key: STRING,
  accounts: listOf(SOLANA_ACCOUNT),
  instruction_data_hex: STRING,
  address_table_lookups: listOf(ADDRESS_TABLE_LOOKUP_REFERENCE),
  parsed_instruction_data: PARSED_INSTRUCTION_DATA,
});
const SOLANA_TRANSFER = struct('Transfer', { from: STRING, to: STRING, amount: INT });
const SPL_TRANSFER = struct('SPLTransfer', { ...strings('from', 'to', 'owner', 'token_mint'), amount: INT, signers: listOf(STRING) });
/** Aliases are the backward-compatible names of docs/service-behaviour.md#policy-language. */
export const SOLANA_TRANSACTION_ALIASES = {
  account_keys: 'static_account_keys',
  program_keys: 'top_level_program_keys',
  instructions: 'top_level_instructions',
} as const;
const SOLANA_TRANSACTION = struct(
  'SolanaTransaction',
  {
    static_account_keys: listOf(STRING),
    top_level_program_keys: listOf(STRING),
    top_level_instructions: listOf(SOLANA_INSTRUCTION),
    transfers: listOf(SOLANA_TRANSFER),
    recent_blockhash: STRING,
    spl_transfers: listOf(SPL_TRANSFER),
    address_table_lookups: listOf(ADDRESS_TABLE_LOOKUP),
    address_table_lookup_references: listOf(ADDRESS_TABLE_LOOKUP_REFERENCE),
  },
  SOLANA_TRANSACTION_ALIASES,
);

const TRON_KEY = struct('TronKey', { address: STRING, weight: INT });
const TRON_PERMISSION = struct('TronPermission', {
  ...strings('type', 'permission_name', 'operations'),
  ...ints('id', 'threshold', 'parent_id'),
  keys: listOf(TRON_KEY),
});
const TRON_CONTRACT = struct('TronContract', {
  ...strings('type', 'owner_address', 'to_address', 'contract_address', 'data', 'resource', 'receiver_address'),
  ...ints(
    'permission_id',
    'amount',
    'call_value',
    'call_token_value',
    'token_id',
    'balance',
    'lock_period',
    'frozen_balance',
    'unfreeze_balance',
  ),
  lock: BOOL,
  owner: TRON_PERMISSION,
  witness: TRON_PERMISSION,
  actives: listOf(TRON_PERMISSION),
});
const TRON_TRANSACTION = struct('TronTransaction', {
  ...strings('ref_block_bytes', 'ref_block_hash', 'data'),
  ...ints('expiration', 'timestamp', 'fee_limit'),
  contract: listOf(TRON_CONTRACT),
});

const BITCOIN_INPUT = struct('BitcoinTxInput', { tx_id: STRING, vout: INT, sequence: INT });
const BITCOIN_OUTPUT = struct('BitcoinTxOutput', { value: INT, ...strings('script_pubkey', 'address', 'address_type') });
const BITCOIN_LOCKTIME = struct('BitcoinTxLocktime', { amount: INT, type: STRING });
const BITCOIN_TRANSACTION = struct('BitcoinTransaction', {
  version: STRING,
  inputs: listOf(BITCOIN_INPUT),
  outputs: listOf(BITCOIN_OUTPUT),
  locktime: BITCOIN_LOCKTIME,
  fee: INT,
});

const TEMPO_CALL = struct('TempoCall', strings('to', 'input', 'function_signature'));
const TEMPO_TRANSACTION = struct('TempoTransaction', {
  ...strings('from', 'fee_token'),
  ...ints('chain_id', 'nonce', 'gas_limit', 'max_fee_per_gas', 'max_priority_fee_per_gas', 'valid_before', 'valid_after'),
  calls: listOf(TEMPO_CALL),
});

const CONDITION_ROOTS: Fields = {
  activity: ACTIVITY,
  eth: struct('eth', { tx: ETHEREUM_TRANSACTION, eip_712: EIP712_TYPED_DATA, eip_7702_authorization: EIP7702_AUTHORIZATION }),
  solana: struct('solana', { tx: SOLANA_TRANSACTION }),
  tron: struct('tron', { tx: TRON_TRANSACTION }),
  bitcoin: struct('bitcoin', { tx: BITCOIN_TRANSACTION }),
  tempo: struct('tempo', { tx: TEMPO_TRANSACTION }),
  wallet: WALLET,
  wallets: listOf(WALLET),
  private_key: PRIVATE_KEY,
  wallet_account: WALLET_ACCOUNT,
  secret: SECRET,
  // velocity controls by identifier; what each one reads as is ./controls.ts's VELOCITY_CONTROL_READ
  controls: CONTROLS_TYPE,
};

/** The keywords each kind of expression may use (docs/service-behaviour.md#policy-language); scope and MFA conditions are conditions. */
export const ROOTS: Readonly<Record<PolicyExpressionKind, Fields>> = {
  consensus: { approvers: listOf(USER), credentials: listOf(CREDENTIAL) },
  condition: CONDITION_ROOTS,
  scope: CONDITION_ROOTS,
  time: { time: struct('time', { now: TIMESTAMP }) },
};

/** The functions of time expressions (https://docs.turnkey.com/features/policies/time-based-policies). */
export const FUNCTIONS = {
  Timestamp: { params: ['an RFC 3339 timestamp'], returns: TIMESTAMP, usage: "Timestamp('2026-03-01T00:00:00Z')" },
  CronSpan: {
    params: ['a cron expression', 'a duration', 'a time zone'],
    returns: BOOL,
    usage: "CronSpan('0 9 * * 1-5', '8h', 'America/New_York')",
  },
} as const;
export type PolicyFunctionName = keyof typeof FUNCTIONS;

/** Which kind of expression a root keyword belongs to, for "only available in …" messages. */
export function kindOfRoot(name: string): 'condition' | 'consensus' | 'time' | undefined {
  for (const kind of ['condition', 'consensus', 'time'] as const) {
    if (Object.hasOwn(ROOTS[kind], name)) return kind;
  }
  return undefined;
}

/** How each list method is called, for messages. */
export const METHOD_USAGE: Readonly<Record<string, string>> = {
  all: '.all(item, predicate)',
  any: '.any(item, predicate)',
  contains: '.contains(value)',
  count: '.count()',
  filter: '.filter(item, predicate)',
};

/** The message for a list method called with the wrong number of arguments. */
export function methodArityMessage(name: string): string {
  if (name === 'count') return 'count() takes no arguments';
  if (name === 'contains') return `contains() takes exactly one argument, the value to look for: ${METHOD_USAGE.contains}`;
  return `${name}() takes two arguments, a name for each item and a predicate: ${METHOD_USAGE[name] ?? ''}`;
}

/** The first argument of all, any and filter names each item. */
export function binderMessage(name: string): string {
  return `the first argument of ${name}() must be a name for each item, like 'user' in approvers.any(user, user.id == '…')`;
}

/** The message for Timestamp or CronSpan called with the wrong number of arguments. */
export function functionArityMessage(name: PolicyFunctionName): string {
  const fn = FUNCTIONS[name];
  const count = fn.params.length === 1 ? 'one argument' : `${fn.params.length} arguments`;
  return `${name}() takes ${count} (${fn.params.join(', ')}), like ${fn.usage}`;
}
