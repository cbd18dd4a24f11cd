// Paginated lookups (docs/service-behaviour.md#transport, #limits-and-pagination): one page as the service returns it, or every page (`all: true`)
// collected up to `maxItems` (more is an error, never a silent truncation).
import type { Pagination, SolTransactionItem } from '@walletinfra/sdk';
import { collectAll } from '@walletinfra/sdk/pagination';
import type { ProviderContext } from '../runtime/context';
import { define, selectorOfArgs, type LookupSelector } from './define';

export const DEFAULT_MAX_ITEMS = 1000;

export type SuborgFilterType =
  'CREDENTIAL_ID' | 'NAME' | 'USERNAME' | 'EMAIL' | 'PHONE_NUMBER' | 'OIDC_TOKEN' | 'WALLET_ACCOUNT_ADDRESS' | 'PUBLIC_KEY';

export interface GetSubOrganizationsArgs extends LookupSelector {
  filterType?: SuborgFilterType;
  filterValue?: string;
  /** One page: `{limit: '1'..'100', before?, after?}` (object-id cursors). */
  paginationOptions?: Pagination;
  /** Every page instead of one. */
  all?: boolean;
  /** Cap for `all` (default 1000). */
  maxItems?: number;
}
export interface GetSubOrganizationsResult {
  organizationId: string;
  organizationIds: string[];
}

export interface GetSolTransactionHistoryArgs extends LookupSelector {
  /** A wallet-account address (private-key addresses are not supported, docs/service-behaviour.md#solana-transaction-history). */
  address: string;
  caip2: 'solana:mainnet' | 'solana:devnet' | 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' | 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';
  paginationOptions?: Pagination;
  all?: boolean;
  maxItems?: number;
}
export interface GetSolTransactionHistoryResult {
  organizationId: string;
  /** Newest first. */
  transactions: SolTransactionItem[];
  /** Present for a single page. */
  pageInfo?: { hasNextPage?: boolean; hasPreviousPage?: boolean; startCursor?: string; endCursor?: string };
}

export function pagedLookups(context: () => ProviderContext) {
  return {
    subOrganizations: define<GetSubOrganizationsArgs, GetSubOrganizationsResult>(
      'getSubOrganizations',
      ['filterType', 'filterValue', 'paginationOptions', 'all', 'maxItems'],
      context,
      async (ctx, a) => {
        const session = ctx.session(selectorOfArgs(a));
        const body = {
          ...(a.filterType !== undefined ? { filterType: a.filterType } : {}),
          ...(a.filterValue !== undefined ? { filterValue: a.filterValue } : {}),
          ...(a.paginationOptions !== undefined ? { paginationOptions: a.paginationOptions } : {}),
        };
        const organizationIds =
          a.all === true
            ? await collectAll(session.client.iterateSuborgs(body), { max: a.maxItems ?? DEFAULT_MAX_ITEMS })
            : (await session.client.listSuborgs(body)).organizationIds;
        return { organizationId: session.organizationId, organizationIds };
      },
    ),
    solTransactionHistory: define<GetSolTransactionHistoryArgs, GetSolTransactionHistoryResult>(
      'getSolTransactionHistory',
      ['address', 'caip2', 'paginationOptions', 'all', 'maxItems'],
      context,
      async (ctx, a) => {
        const session = ctx.session(selectorOfArgs(a));
        const body = {
          address: a.address,
          caip2: a.caip2,
          ...(a.paginationOptions !== undefined ? { paginationOptions: a.paginationOptions } : {}),
        };
        if (a.all === true) {
          const transactions = await collectAll(session.client.iterateSolTransactionHistory(body), {
            max: a.maxItems ?? DEFAULT_MAX_ITEMS,
          });
          return { organizationId: session.organizationId, transactions };
        }
        const page = await session.client.listSolTransactionHistory(body);
        return {
          organizationId: session.organizationId,
          transactions: page.transactions,
          ...(page.pageInfo !== undefined ? { pageInfo: page.pageInfo } : {}),
        };
      },
    ),
  };
}
