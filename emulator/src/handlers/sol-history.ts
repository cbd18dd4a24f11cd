// list_sol_transaction_history (docs/service-behaviour.md#solana-transaction-history, #transport, #solana-transaction-history): seeded history of a wallet-account address,
// newest first, with opaque cursors bound to the address and network.
import type { QueryHandler, RequestContext } from '../context';
import { invalidArgument, notFound } from '../errors';
import { DEFAULT_PAGE_LIMIT } from './pagination';
import { sameAddress } from './util';

/** The aliases name the same networks as the genesis-hash ids (docs/service-behaviour.md#solana-transaction-history). */
const NETWORK_OF: Record<string, string> = {
  'solana:mainnet': 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:devnet': 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
};

export function normalizeSolNetwork(caip2: string): string {
  return NETWORK_OF[caip2] ?? caip2;
}

export function solHistoryId(orgId: string, address: string, caip2: string): string {
  return `${orgId}|${address}|${normalizeSolNetwork(caip2)}`;
}

interface Cursor {
  a: string;
  n: string;
  s: string;
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
}

function decodeCursor(text: string, field: string, address: string, network: string): string {
  let c: Partial<Cursor> | undefined;
  try {
    c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
  } catch {
    c = undefined;
  }
  if (c === undefined || c === null || typeof c.s !== 'string')
    throw invalidArgument(`invalid request body: paginationOptions.${field}: is not a cursor from this endpoint`);
  if (c.a !== address || c.n !== network) {
    throw invalidArgument(`invalid request body: paginationOptions.${field}: cursor belongs to a different address or network`);
  }
  return c.s;
}

function assertWalletAccount(ctx: RequestContext, address: string): void {
  const account = ctx.store.walletAccounts
    .findByKeyIn(ctx.org.organizationId, address.toLowerCase())
    .find((a) => sameAddress(a.address, address));
  if (account === undefined) {
    throw notFound(`no wallet account found with address ${address} (private-key addresses are not supported)`);
  }
}

export const listSolTransactionHistory: QueryHandler<'list_sol_transaction_history'> = (ctx, body) => {
  assertWalletAccount(ctx, body.address);
  const network = normalizeSolNetwork(body.caip2);
  const all = ctx.store.solHistory.get(solHistoryId(ctx.org.organizationId, body.address, body.caip2))?.transactions ?? [];
  const opts = body.paginationOptions;
  if (opts?.before !== undefined && opts?.after !== undefined) {
    throw invalidArgument('invalid request body: paginationOptions: set at most one of before and after');
  }
  const limit = opts?.limit === undefined ? DEFAULT_PAGE_LIMIT : Number(opts.limit);
  const indexOf = (field: 'before' | 'after', cursor: string): number => {
    const signature = decodeCursor(cursor, field, body.address, network);
    const i = all.findIndex((t) => t.signature === signature);
    if (i < 0) throw invalidArgument(`invalid request body: paginationOptions.${field}: cursor points to no transaction`);
    return i;
  };
  let start = 0;
  let end = Math.min(all.length, limit);
  if (opts?.after !== undefined) {
    start = indexOf('after', opts.after) + 1;
    end = Math.min(all.length, start + limit);
  } else if (opts?.before !== undefined) {
    end = indexOf('before', opts.before);
    start = Math.max(0, end - limit);
  }
  const page = all.slice(start, end);
  const cursorOf = (t: Record<string, unknown>) => encodeCursor({ a: body.address, n: network, s: String(t.signature) });
  const pageInfo: Record<string, unknown> = { hasNextPage: end < all.length, hasPreviousPage: start > 0 };
  const first = page[0];
  const last = page[page.length - 1];
  if (first !== undefined && last !== undefined) {
    pageInfo.startCursor = cursorOf(first);
    pageInfo.endCursor = cursorOf(last);
  }
  return { transactions: page, pageInfo };
};
