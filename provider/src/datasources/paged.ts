// Paginated lookups (docs/service-behaviour.md#transport, #limits-and-pagination): one page as the service returns it, or every page (`all: true`)
// collected up to `maxItems` (more is an error, never a silent truncation).
import { z } from 'zod';
import { collectAll } from '@walletinfra/sdk/pagination';
import {
  ListSolTransactionHistoryRequest,
  ListSolTransactionHistoryResponse,
  ListSuborgsRequest,
  ListSuborgsResponse,
  SUBORG_FILTER_TYPES,
} from '@walletinfra/sdk/schemas';
import { dataSource, selectorOfArgs, type ArgsOfDataSource, type ResultOfDataSource } from './define';

export const DEFAULT_MAX_ITEMS = 1000;

export type SuborgFilterType = (typeof SUBORG_FILTER_TYPES)[number];

const MAX_ITEMS_DOC = `With \`all\`: the most items to read (default ${DEFAULT_MAX_ITEMS}); more is an error, never a silent truncation.`;
const PAGINATION_DOC = "One page: `{ limit: '1'..'100', before?, after? }` (object-id cursors).";

export const GET_SUB_ORGANIZATIONS = dataSource({
  name: 'getSubOrganizations',
  description: "The organization's sub-organizations (list_suborgs), optionally filtered: one page, or every page with `all`.",
  args: ListSuborgsRequest.pick({ filterType: true, filterValue: true, paginationOptions: true }).extend({
    all: z.boolean().optional(),
    maxItems: z.number().int().positive().optional(),
  }),
  result: z.object({ organizationId: z.string(), organizationIds: ListSuborgsResponse.shape.organizationIds }),
  docs: {
    filterType: `What \`filterValue\` matches: ${SUBORG_FILTER_TYPES.join(', ')}.`,
    filterValue: 'The value to match.',
    paginationOptions: PAGINATION_DOC,
    all: 'Every page instead of one.',
    maxItems: MAX_ITEMS_DOC,
    organizationId: 'The organization that was read.',
    organizationIds: 'The ids of the sub-organizations.',
  },
  read: async (ctx, a) => {
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
});

export const GET_SOL_TRANSACTION_HISTORY = dataSource({
  name: 'getSolTransactionHistory',
  description: "A wallet account's Solana transactions, newest first (list_sol_transaction_history): one page, or every page with `all`.",
  args: ListSolTransactionHistoryRequest.pick({ address: true, caip2: true, paginationOptions: true }).extend({
    all: z.boolean().optional(),
    maxItems: z.number().int().positive().optional(),
  }),
  result: z.object({
    organizationId: z.string(),
    transactions: ListSolTransactionHistoryResponse.shape.transactions,
    pageInfo: ListSolTransactionHistoryResponse.shape.pageInfo,
  }),
  docs: {
    address: 'A wallet-account address (private-key addresses are not supported, docs/service-behaviour.md#solana-transaction-history).',
    caip2: 'The Solana network (CAIP-2).',
    paginationOptions: PAGINATION_DOC,
    all: 'Every page instead of one.',
    maxItems: MAX_ITEMS_DOC,
    organizationId: 'The organization that was read.',
    transactions: 'The transactions, newest first.',
    pageInfo: 'Cursors of the page; present for a single page.',
  },
  read: async (ctx, a) => {
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
});

export type GetSubOrganizationsArgs = ArgsOfDataSource<typeof GET_SUB_ORGANIZATIONS>;
export type GetSubOrganizationsResult = ResultOfDataSource<typeof GET_SUB_ORGANIZATIONS>;
export type GetSolTransactionHistoryArgs = ArgsOfDataSource<typeof GET_SOL_TRANSACTION_HISTORY>;
export type GetSolTransactionHistoryResult = ResultOfDataSource<typeof GET_SOL_TRANSACTION_HISTORY>;

export const PAGED_DATA_SOURCES = [GET_SUB_ORGANIZATIONS, GET_SOL_TRANSACTION_HISTORY];
