// Wallets and wallet accounts on the wire (`v1Wallet`, `v1WalletAccount`).
import type { WalletAccountRecord, WalletRecord } from '../store/records';
import { renderFields } from './fields';
import type { TimeFormat } from './time';

export function renderWallet(w: WalletRecord, format: TimeFormat): Record<string, unknown> {
  return renderFields(w, ['walletId', 'walletName', 'createdAt', 'updatedAt', 'exported', 'imported'], format);
}

export function renderAccount(a: WalletAccountRecord, format: TimeFormat, wallet?: WalletRecord): Record<string, unknown> {
  const out = renderFields(
    a,
    [
      'walletAccountId',
      'organizationId',
      'walletId',
      'curve',
      'pathFormat',
      'path',
      'addressFormat',
      'address',
      'createdAt',
      'updatedAt',
      'publicKey',
      'name',
    ],
    format,
  );
  if (wallet !== undefined) out.walletDetails = renderWallet(wallet, format);
  return out;
}
