// What a policy is evaluated against: the keywords of docs/service-behaviour.md#policy-language as plain data, with the field
// names the language uses (snake_case). A field a policy reads but the context lacks is the
// service's `MissingField` evaluation error, so leave out only what the activity does not have.
import type { PolicyVelocityControlState } from './controls';

/** An integer: a JS safe integer, or a bigint for values beyond 2^53 (wei amounts, u256). */
export type PolicyInt = number | bigint;

/** A value inside `activity.params`, `contract_call_args` or an EIP-712 message. */
export type PolicyValue = boolean | PolicyInt | string | Date | readonly PolicyValue[] | { readonly [key: string]: PolicyValue };

/** An approver (consensus `approvers`). Omitted `tags`, `email`, `alias` read as [] and ''. */
export interface PolicyUser {
  id: string;
  tags?: readonly string[];
  email?: string;
  alias?: string;
}

/** A credential that approved the activity (consensus `credentials`). */
export interface PolicyCredential {
  id: string;
  user_id: string;
  /** `CREDENTIAL_TYPE_…` */
  type: string;
  /** Passkeys only. */
  credential_id?: string;
  public_key: string;
}

/** The activity being authorized (condition `activity`). */
export interface PolicyActivity {
  /** `ACTIVITY_TYPE_…`, with its version suffix. */
  type: string;
  /** Defaults to activityKindOf(type). */
  kind?: string;
  /** Default to resourceAndActionOf(type). */
  resource?: string;
  action?: string;
  /** Only the few fields the service exposes (docs/service-behaviour.md#policy-language, "activity.params"). */
  params?: { readonly [key: string]: PolicyValue };
}

export interface PolicyWallet {
  id: string;
  imported?: boolean;
  exported?: boolean;
  label?: string;
}

export interface PolicyWalletAccount {
  address: string;
  /** The derivation path's indexes (without the hardened bit); EXPORT_WALLET_ACCOUNT only. */
  path_indexes?: readonly PolicyInt[];
  /** Whether each path component is hardened; EXPORT_WALLET_ACCOUNT only. */
  path_hardened?: readonly boolean[];
}

/**
 * The stored secret an activity targets (condition keyword `secret`): its static properties,
 * string to string, as bound at import. A batch export is decided once per secret.
 */
export interface PolicySecret {
  static_properties: { readonly [key: string]: string };
}

export interface PolicyPrivateKey {
  id: string;
  tags?: readonly string[];
  imported?: boolean;
  exported?: boolean;
  label?: string;
}

export interface PolicyEthereumTransaction {
  from?: string;
  to?: string;
  data?: string;
  value?: PolicyInt;
  gas?: PolicyInt;
  gas_price?: PolicyInt;
  chain_id?: PolicyInt;
  nonce?: PolicyInt;
  max_fee_per_gas?: PolicyInt;
  max_priority_fee_per_gas?: PolicyInt;
  max_fee_per_blob_gas?: PolicyInt;
  /** LEGACY, TYPE_1 … TYPE_4 */
  type?: string;
  function_name?: string;
  function_signature?: string;
  contract_call_args?: { readonly [name: string]: PolicyValue };
}

export interface PolicyEip712TypedData {
  primary_type?: string;
  domain?: { name?: string; version?: string; chain_id?: PolicyInt; verifying_contract?: string };
  message?: { readonly [key: string]: PolicyValue };
}

export interface PolicyEip7702Authorization {
  address?: string;
  chain_id?: PolicyInt;
  nonce?: PolicyInt;
}

export interface PolicySolanaAccount {
  account_key: string;
  signer: boolean;
  writable: boolean;
}

export interface PolicySolanaAddressTableLookupReference {
  address_table_key: string;
  index: PolicyInt;
  writable: boolean;
}

export interface PolicySolanaInstruction {
  program_key?: string;
  accounts?: readonly PolicySolanaAccount[];
  instruction_data_hex?: string;
  address_table_lookups?: readonly PolicySolanaAddressTableLookupReference[];
  parsed_instruction_data?: {
    instruction_name?: string;
    discriminator?: string;
    named_accounts?: { readonly [name: string]: PolicyValue };
    program_call_args?: { readonly [name: string]: PolicyValue };
  };
}

/** Either name of an aliased field may be given; the other reads the same value. */
export interface PolicySolanaTransaction {
  static_account_keys?: readonly string[];
  account_keys?: readonly string[];
  top_level_program_keys?: readonly string[];
  program_keys?: readonly string[];
  top_level_instructions?: readonly PolicySolanaInstruction[];
  instructions?: readonly PolicySolanaInstruction[];
  transfers?: readonly { from: string; to: string; amount: PolicyInt }[];
  recent_blockhash?: string;
  spl_transfers?: readonly {
    from: string;
    to: string;
    amount: PolicyInt;
    owner: string;
    signers: readonly string[];
    token_mint: string;
  }[];
  address_table_lookups?: readonly {
    address_table_key: string;
    writable_indexes: readonly PolicyInt[];
    readonly_indexes: readonly PolicyInt[];
  }[];
  address_table_lookup_references?: readonly PolicySolanaAddressTableLookupReference[];
}

export interface PolicyTronPermission {
  type?: string;
  id?: PolicyInt;
  permission_name?: string;
  threshold?: PolicyInt;
  parent_id?: PolicyInt;
  operations?: string;
  keys?: readonly { address: string; weight: PolicyInt }[];
}

/** Fields beyond `type`, `permission_id` and `owner_address` exist only for some contract types. */
export interface PolicyTronContract {
  type?: string;
  permission_id?: PolicyInt;
  owner_address?: string;
  to_address?: string;
  amount?: PolicyInt;
  contract_address?: string;
  call_value?: PolicyInt;
  data?: string;
  call_token_value?: PolicyInt;
  token_id?: PolicyInt;
  resource?: string;
  balance?: PolicyInt;
  receiver_address?: string;
  lock?: boolean;
  lock_period?: PolicyInt;
  frozen_balance?: PolicyInt;
  unfreeze_balance?: PolicyInt;
  owner?: PolicyTronPermission;
  witness?: PolicyTronPermission;
  actives?: readonly PolicyTronPermission[];
}

export interface PolicyTronTransaction {
  ref_block_bytes?: string;
  ref_block_hash?: string;
  expiration?: PolicyInt;
  timestamp?: PolicyInt;
  data?: string;
  fee_limit?: PolicyInt;
  contract?: readonly PolicyTronContract[];
}

export interface PolicyBitcoinTransaction {
  version?: string;
  inputs?: readonly { tx_id: string; vout: PolicyInt; sequence: PolicyInt }[];
  outputs?: readonly { value: PolicyInt; script_pubkey: string; address: string; address_type: string }[];
  locktime?: { amount: PolicyInt; type: string };
  fee?: PolicyInt;
}

export interface PolicyTempoTransaction {
  chain_id?: PolicyInt;
  from?: string;
  nonce?: PolicyInt;
  gas_limit?: PolicyInt;
  max_fee_per_gas?: PolicyInt;
  max_priority_fee_per_gas?: PolicyInt;
  fee_token?: string;
  valid_before?: PolicyInt;
  valid_after?: PolicyInt;
  calls?: readonly { to: string; input: string; function_signature: string }[];
}

/** Everything evaluatePolicies needs about one request. */
export interface PolicyContext {
  /** Condition keyword `activity`. */
  activity: PolicyActivity;
  /** Consensus keyword `approvers`: the users who approved so far (the submitter first). */
  approvers: readonly PolicyUser[];
  /** Consensus keyword `credentials`; defaults to []. */
  credentials?: readonly PolicyCredential[];
  /** Condition keywords; leave out those the activity has no value for. */
  wallet?: PolicyWallet;
  wallets?: readonly PolicyWallet[];
  private_key?: PolicyPrivateKey;
  wallet_account?: PolicyWalletAccount;
  /** The secret an EXPORT_SECRETS (or DELETE_SECRETS) request targets; leave out for other activities. */
  secret?: PolicySecret;
  eth?: { tx?: PolicyEthereumTransaction; eip_712?: PolicyEip712TypedData; eip_7702_authorization?: PolicyEip7702Authorization };
  solana?: { tx?: PolicySolanaTransaction };
  tron?: { tx?: PolicyTronTransaction };
  bitcoin?: { tx?: PolicyBitcoinTransaction };
  tempo?: { tx?: PolicyTempoTransaction };
  /** Time keyword `time.now` and the instant CronSpan is evaluated at: a Date or ms since the epoch. */
  now: Date | number;
  /**
   * Condition keyword `controls`: the velocity controls by identifier, each as its boolean result or as the
   * aggregate of the request's bucket (this request included) with the control's comparison
   * (docs/service-behaviour.md#velocity-controls). A control left out reads as a missing field.
   */
  controls?: { readonly [identifier: string]: PolicyVelocityControlState };
  /** The request is a root quorum action: policies are bypassed (docs/service-behaviour.md#policy-language). */
  isRootQuorum?: boolean;
  /** Alternatively, the root quorum: bypass when at least `threshold` of `userIds` approved. */
  rootQuorum?: { userIds: readonly string[]; threshold: number };
  /**
   * For a vote (ACTIVITY_TYPE_APPROVE_ACTIVITY, ACTIVITY_TYPE_REJECT_ACTIVITY): the consensus the voted-on
   * activity awaits. A user included in it may vote without a policy of its own (docs/service-behaviour.md#implicit-permissions);
   * root-quorum votes are open to the members of `rootQuorum` only, and their votes bypass policies.
   */
  votedActivity?: { consensus: 'POLICY' | 'ROOT_QUORUM' };
}
