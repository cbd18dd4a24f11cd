// Wallets and their accounts: create activity, list queries (docs/service-behaviour.md#wallets). Addresses are derived
// from fresh random keys in the formats the emulator knows (Ethereum, Solana, compressed/uncompressed keys).
import type { QueryHandler, RequestContext, SubmitHandler } from '../context';
import { deriveAddress, SUPPORTED_ADDRESS_FORMATS } from '../crypto/keys';
import { invalidArgument, resourceExhausted } from '../errors';
import type { WalletAccountRecord, WalletRecord } from '../store/records';
import { pageOf } from './pagination';
import { found } from './util';
import { optional } from '../render/optional';
import { renderAccount, renderWallet } from '../render/wallet';

/** docs/service-behaviour.md#limits-and-pagination resource limits: 100 HD wallets per organization. */
export const WALLET_LIMIT = 100;

/** The curve of each address format the emulator derives. */
export const CURVE_OF_FORMAT: Readonly<Record<string, string>> = {
  ADDRESS_FORMAT_ETHEREUM: 'CURVE_SECP256K1',
  ADDRESS_FORMAT_SOLANA: 'CURVE_ED25519',
  ADDRESS_FORMAT_COMPRESSED: 'CURVE_SECP256K1',
  ADDRESS_FORMAT_UNCOMPRESSED: 'CURVE_SECP256K1',
};

const BIP32_PATH = /^m(\/\d+'?)*$/;

export interface AccountParams {
  curve: string;
  pathFormat: string;
  path: string;
  addressFormat: string;
  name?: string | undefined;
}

/** Checks account parameters; `where` is the field path prefix for messages. */
export function validateAccounts(accounts: ReadonlyArray<AccountParams>, where: string): void {
  accounts.forEach((a, i) => {
    const at = `invalid request body: ${where}[${i}]`;
    if (!SUPPORTED_ADDRESS_FORMATS.includes(a.addressFormat)) {
      throw invalidArgument(
        `${at}.addressFormat: ${a.addressFormat} is not supported by the emulator (supported: ${SUPPORTED_ADDRESS_FORMATS.join(', ')})`,
      );
    }
    if (CURVE_OF_FORMAT[a.addressFormat] !== a.curve) {
      throw invalidArgument(`${at}.curve: ${a.addressFormat} needs ${CURVE_OF_FORMAT[a.addressFormat]}`);
    }
    if (!BIP32_PATH.test(a.path)) throw invalidArgument(`${at}.path: must be a BIP-32 path such as m/44'/60'/0'/0/0`);
  });
}

/** Creates a wallet with derived (or, from a seed, given) addresses; returns it and its accounts. */
export function insertWallet(
  ctx: Pick<RequestContext, 'store' | 'env'>,
  orgId: string,
  walletName: string,
  accounts: ReadonlyArray<AccountParams & { address?: string | undefined }>,
): { wallet: WalletRecord; accounts: WalletAccountRecord[] } {
  if (ctx.store.wallets.findUnique(orgId, walletName) !== undefined) throw invalidArgument('wallet label must be unique');
  if (ctx.store.wallets.countByOrg(orgId) >= WALLET_LIMIT)
    throw resourceExhausted(`organization has reached the maximum of ${WALLET_LIMIT} wallets`);
  const now = ctx.env.now();
  const wallet: WalletRecord = {
    walletId: ctx.env.uuid(),
    organizationId: orgId,
    walletName,
    exported: false,
    imported: false,
    createdAt: now,
    updatedAt: now,
  };
  ctx.store.wallets.insert(wallet);
  const records = accounts.map((a) => {
    const derived = deriveAddress(a.addressFormat, ctx.env.randomBytes);
    const record: WalletAccountRecord = {
      walletAccountId: ctx.env.uuid(),
      organizationId: orgId,
      walletId: wallet.walletId,
      curve: a.curve,
      pathFormat: a.pathFormat,
      path: a.path,
      addressFormat: a.addressFormat,
      address: a.address ?? derived?.address ?? '',
      createdAt: now,
      updatedAt: now,
    };
    if (a.address === undefined && derived !== undefined) record.publicKey = derived.publicKey;
    optional(record, 'name', a.name);
    return ctx.store.walletAccounts.insert(record);
  });
  return { wallet, accounts: records };
}

export const createWallet: SubmitHandler<'create_wallet'> = {
  validate(_ctx, p) {
    validateAccounts(p.accounts, 'parameters.accounts');
  },
  execute(ctx, p) {
    const { wallet, accounts } = insertWallet(ctx, ctx.org.organizationId, p.walletName, p.accounts);
    return { walletId: wallet.walletId, addresses: accounts.map((a) => a.address) };
  },
};

export const listWallets: QueryHandler<'list_wallets'> = (ctx) => ({
  wallets: ctx.store.wallets.listByOrg(ctx.org.organizationId).map((w) => renderWallet(w, 'api')),
});

export const listWalletAccounts: QueryHandler<'list_wallet_accounts'> = (ctx, body) => {
  const orgId = ctx.org.organizationId;
  if (body.walletId !== undefined) found(ctx.store.wallets.get(body.walletId), orgId, 'wallet', body.walletId);
  const walletId = body.walletId;
  const filter = walletId === undefined ? undefined : (a: WalletAccountRecord) => a.walletId === walletId;
  const page = pageOf(
    ctx.store.walletAccounts,
    orgId,
    body.paginationOptions,
    { newestFirst: false, ...(filter === undefined ? {} : { filter }) },
    'wallet account',
  );
  return {
    accounts: page.map((a) => renderAccount(a, 'api', body.includeWalletDetails === true ? ctx.store.wallets.get(a.walletId) : undefined)),
  };
};
