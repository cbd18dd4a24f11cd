// Wallets and wallet accounts on the wire (`v1Wallet`, `v1WalletAccount`).
import type { WalletAccountRecord, WalletRecord } from '../store/records';
import { optional } from './optional';
import { renderTime, type TimeFormat } from './time';

export function renderWallet(w: WalletRecord, format: TimeFormat): Record<string, unknown> {
  return {
    walletId: w.walletId,
    walletName: w.walletName,
    createdAt: renderTime(w.createdAt, format),
    updatedAt: renderTime(w.updatedAt, format),
    exported: w.exported,
    imported: w.imported,
  };
}

export function renderAccount(a: WalletAccountRecord, format: TimeFormat, wallet?: WalletRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {
    walletAccountId: a.walletAccountId,
    organizationId: a.organizationId,
    walletId: a.walletId,
    curve: a.curve,
    pathFormat: a.pathFormat,
    path: a.path,
    addressFormat: a.addressFormat,
    address: a.address,
    createdAt: renderTime(a.createdAt, format),
    updatedAt: renderTime(a.updatedAt, format),
  };
  optional(out, 'publicKey', a.publicKey);
  optional(out, 'name', a.name);
  if (wallet !== undefined) out.walletDetails = renderWallet(wallet, format);
  return out;
}
