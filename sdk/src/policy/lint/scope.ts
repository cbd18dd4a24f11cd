// Whether a disjunct pins what it acts on to named values: a wallet, key, tag or address for signing and exports
// (`wallet.id == '…'`, `eth.tx.to in […]`, `private_key.tags.contains('…')`, a recipient among the decoded call's
// arguments, every Solana transfer's sender, the key an export is encrypted to). Only a literal that holds
// positively pins: `wallet.id != 'w'` still allows every other wallet. A quantifier pins when its predicate pins in
// every way it can hold.
import { comparisonOf, quantifierOf, NO_BINDERS, type Binders } from './comparisons';
import { disjunctiveNormalForm, type Disjunct, type Literal } from './normal-form';

/** Fields that, compared with a named value, confine signing or exports to it (an item of a list is `[]`). */
const SIGNING_SCOPE = new Set([
  'wallet.id',
  'wallet.label',
  'wallets[].id',
  'wallets[].label',
  'private_key.id',
  'private_key.label',
  'private_key.tags[]',
  'wallet_account.address',
  'activity.params.sign_with',
  // an export encrypted to a named key can only be read by its holder
  'activity.params.target_public_key',
  'eth.tx.to',
  'eth.tx.from',
  'eth.eip_712.domain.verifying_contract',
  'eth.eip_7702_authorization.address',
  'solana.tx.transfers[].to',
  'solana.tx.transfers[].from',
  'solana.tx.spl_transfers[].to',
  'solana.tx.spl_transfers[].from',
  'solana.tx.spl_transfers[].owner',
  'solana.tx.spl_transfers[].token_mint',
  'solana.tx.spl_transfers[].signers[]',
  'solana.tx.static_account_keys[]',
  'solana.tx.top_level_program_keys[]',
  'solana.tx.top_level_instructions[].program_key',
  'solana.tx.top_level_instructions[].accounts[].account_key',
  'tron.tx.contract[].to_address',
  'tron.tx.contract[].contract_address',
  'tron.tx.contract[].owner_address',
  'tron.tx.contract[].receiver_address',
  'bitcoin.tx.outputs[].address',
  'bitcoin.tx.inputs[].tx_id',
  'tempo.tx.from',
  'tempo.tx.calls[].to',
]);

/** Maps whose string values name what a call acts on: a decoded argument, an EIP-712 message field, a secret's properties. */
const SIGNING_SCOPE_MAPS = [
  'secret.static_properties',
  'eth.tx.contract_call_args',
  'eth.eip_712.message',
  'solana.tx.top_level_instructions[].parsed_instruction_data.named_accounts',
  'solana.tx.top_level_instructions[].parsed_instruction_data.program_call_args',
];

/** Whether comparing `path` with named text confines signing or exports to it. */
export function isSigningScope(path: string): boolean {
  return SIGNING_SCOPE.has(path) || SIGNING_SCOPE_MAPS.some((m) => path.startsWith(`${m}.`) || path.startsWith(`${m}[`));
}

/** Whether some literal of the disjunct holds only for named values of a field `scoped` accepts. */
export function pins(d: Disjunct, scoped: (path: string) => boolean, binders: Binders = NO_BINDERS): boolean {
  return d.some((l) => l.positive && literalPins(l, scoped, binders));
}

function literalPins(l: Literal, scoped: (path: string) => boolean, binders: Binders): boolean {
  const c = comparisonOf(l, binders);
  if (c !== undefined) {
    const named = c.values.length > 0 && c.values.every((v) => typeof v === 'string');
    if (c.kind === 'eq') return named && scoped(c.path);
    if (c.kind === 'has') return named && scoped(`${c.path}[]`);
    return false;
  }
  const q = quantifierOf(l.atom, binders);
  if (q === undefined) return false;
  const form = disjunctiveNormalForm(q.predicate);
  return form !== undefined && form.length > 0 && form.every((d) => pins(d, scoped, q.binders));
}

/**
 * The users a disjunct pins the activity's target to (`activity.params.user_id == 'u'`, `'u' in
 * activity.params.user_ids`: https://docs.turnkey.com/features/policies/language, "Activity parameters").
 */
export function targetUsers(d: Disjunct): string[] {
  return d.flatMap((l) => {
    const c = l.positive ? comparisonOf(l) : undefined;
    const pinned =
      (c?.kind === 'eq' && c.path === 'activity.params.user_id') || (c?.kind === 'has' && c.path === 'activity.params.user_ids');
    return pinned ? c.values.filter((v): v is string => typeof v === 'string') : [];
  });
}
