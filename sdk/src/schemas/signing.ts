// Signing a transaction (generated types `v1SignTransactionIntentV2`, `v1SignTransactionResult`): the
// request the policy engine reads `eth.tx` (and the other chains' `tx`) from
// (https://docs.turnkey.com/features/policies/language "Activity parameters": `activity.params.type`).
import { z } from 'zod';

export const TRANSACTION_TYPES = [
  'TRANSACTION_TYPE_ETHEREUM',
  'TRANSACTION_TYPE_SOLANA',
  'TRANSACTION_TYPE_TRON',
  'TRANSACTION_TYPE_BITCOIN',
  'TRANSACTION_TYPE_TEMPO',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** `signWith` is a wallet-account address, a private-key address or a private-key id. */
export const SignTransactionIntent = z.strictObject({
  signWith: z.string().min(1, 'must not be empty'),
  /** the raw unsigned transaction, hex (an Ethereum one is the RLP/typed-envelope serialization) */
  unsignedTransaction: z.string().min(1, 'must not be empty'),
  type: z.enum(TRANSACTION_TYPES),
});
export const SignTransactionResult = z.looseObject({ signedTransaction: z.string() });
