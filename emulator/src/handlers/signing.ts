// sign_transaction (`ACTIVITY_TYPE_SIGN_TRANSACTION_V2`) for Ethereum: the request the policy engine reads `eth.tx`,
// `wallet` and `wallet_account` from. When a smart-contract interface is uploaded for `eth.tx.to`, the calldata
// is decoded through it into `function_name`, `function_signature` and `contract_call_args`
// (https://docs.turnkey.com/features/policies/smart-contract-interfaces). The emulator holds no wallet keys: it signs
// with a key derived from its own enclave key and the account, so the signature is well formed but does not
// recover to the account's address (docs/service-behaviour.md#smart-contract-interfaces, emulator/README.md).
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha256';
import { secp256k1 } from '@noble/curves/secp256k1';
import type { RequestOf } from '@walletinfra/sdk';
import {
  decodeContractCall,
  ethereumTransactionForPolicy,
  parseUnsignedEthereumTransaction,
  signEthereumTransaction,
} from '@walletinfra/sdk/contracts';
import type { PolicyEthereumTransaction } from '@walletinfra/sdk/policy';
import type { PolicyRequest, RequestContext, SubmitHandler } from '../context';
import { invalidArgument } from '../errors';
import type { WalletAccountRecord } from '../store/records';
import { ethereumInterfaceFor } from './smart-contract-interfaces';
import { sameAddress } from './util';

type Params = RequestOf<'sign_transaction'>;

// transfer(address,uint256) and transferFrom(address,address,uint256): the ERC-20 moves a velocity control measures.
const ERC20_MOVES = JSON.stringify([
  {
    type: 'function',
    name: 'transfer',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  {
    type: 'function',
    name: 'transferFrom',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
  },
]);

function signer(ctx: RequestContext, p: Params): WalletAccountRecord {
  if (p.type !== 'TRANSACTION_TYPE_ETHEREUM') {
    throw invalidArgument(`invalid request body: parameters.type: the emulator signs TRANSACTION_TYPE_ETHEREUM only, not ${p.type}`);
  }
  const account = ctx.store.walletAccounts
    .findByKeyIn(ctx.org.organizationId, p.signWith.toLowerCase())
    .find((a) => sameAddress(a.address, p.signWith));
  if (account === undefined || account.addressFormat !== 'ADDRESS_FORMAT_ETHEREUM') {
    throw invalidArgument(
      'invalid request body: parameters.signWith: must be an Ethereum wallet-account address of this organization (private keys are not supported by the emulator)',
    );
  }
  return account;
}

function parsed(p: Params, from: string): PolicyEthereumTransaction {
  const tx = parseUnsignedEthereumTransaction(p.unsignedTransaction, from);
  if (!tx.parsed) throw invalidArgument(`invalid request body: parameters.unsignedTransaction: ${tx.reason}`);
  return tx.tx;
}

/** Ether moved by `value` and ERC-20 tokens moved by a transfer call, as CAIP-19 assets of the transaction's chain. */
function transfersOf(tx: PolicyEthereumTransaction): Array<{ caip19: string; amount: string }> {
  const chain = `eip155:${String(tx.chain_id ?? 1n)}`;
  const out: Array<{ caip19: string; amount: string }> = [];
  if (typeof tx.value === 'bigint' && tx.value > 0n) out.push({ caip19: `${chain}/slip44:60`, amount: tx.value.toString() });
  if (tx.to !== undefined && tx.data !== undefined && tx.data.length > 2) {
    const move = decodeContractCall(tx.data, ERC20_MOVES);
    const amount = move.decoded ? move.call.contract_call_args.amount : undefined;
    if (typeof amount === 'bigint') out.push({ caip19: `${chain}/erc20:${tx.to.toLowerCase()}`, amount: amount.toString() });
  }
  return out;
}

/** The account's signing key: HMAC of the emulator's enclave key over the account id, reduced to a valid scalar. */
function signingKey(ctx: RequestContext, account: WalletAccountRecord): string {
  let k = hmac(
    sha256,
    Buffer.from(ctx.keys.enclave.privateKey, 'hex'),
    new TextEncoder().encode(`wallet-account:${account.walletAccountId}`),
  );
  while (!secp256k1.utils.isValidPrivateKey(k)) k = sha256(k);
  return Buffer.from(k).toString('hex');
}

export const signTransaction: SubmitHandler<'sign_transaction'> = {
  validate(ctx, p) {
    parsed(p, signer(ctx, p).address);
  },
  policyRequest(ctx, p): PolicyRequest {
    const account = signer(ctx, p);
    const tx = parsed(p, account.address);
    const iface = tx.to === undefined ? undefined : ethereumInterfaceFor(ctx, tx.to);
    const decoded =
      iface === undefined
        ? undefined
        : ethereumTransactionForPolicy(p.unsignedTransaction, { from: account.address, abi: iface.smartContractInterface });
    const wallet = ctx.store.wallets.get(account.walletId);
    const request: PolicyRequest = {
      context: {
        eth: { tx: decoded?.parsed === true ? decoded.tx : tx },
        wallet_account: { address: account.address },
        ...(wallet === undefined
          ? {}
          : { wallet: { id: wallet.walletId, imported: wallet.imported, exported: wallet.exported, label: wallet.walletName } }),
      },
      transfers: transfersOf(tx),
    };
    if (wallet !== undefined) request.walletId = wallet.walletId;
    return request;
  },
  execute(ctx, p) {
    const account = signer(ctx, p);
    return { signedTransaction: signEthereumTransaction(p.unsignedTransaction, signingKey(ctx, account)) };
  },
};
