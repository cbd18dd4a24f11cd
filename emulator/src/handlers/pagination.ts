// `paginationOptions` of list_activities, list_suborgs and list_wallet_accounts: `limit` 1-100 as a string,
// default 10; `before`/`after` are object ids, exclusive (docs/service-behaviour.md#limits-and-pagination;
// inclusivity is one of its unconfirmed choices). Pages are read from the store's index, never by loading
// the whole listing.
import { invalidArgument } from '../errors';
import type { Collection, PageQuery } from '../store/collection';

export interface PaginationInput {
  limit?: string | undefined;
  before?: string | undefined;
  after?: string | undefined;
}

export const DEFAULT_PAGE_LIMIT = 10;

/**
 * One page of `orgId`'s records in `collection`, in listing order (`newestFirst` or creation order), keeping
 * only those passing `filter`. A cursor must name a record of that listing: otherwise a 400 naming the field.
 */
export function pageOf<T>(
  collection: Collection<T>,
  orgId: string,
  options: PaginationInput | undefined,
  listing: Omit<PageQuery<T>, 'limit'>,
  what: string,
): T[] {
  const limit = options?.limit === undefined ? DEFAULT_PAGE_LIMIT : Number(options.limit);
  if (options?.before !== undefined && options?.after !== undefined) {
    throw invalidArgument('invalid request body: paginationOptions: set at most one of before and after');
  }
  const query: PageQuery<T> = { ...listing, limit };
  const cursor = (field: 'before' | 'after', id: string): number => {
    const at = collection.cursorOf(orgId, id, listing.filter);
    if (at === undefined) throw invalidArgument(`invalid request body: paginationOptions.${field}: no ${what} with ID ${id}`);
    return at;
  };
  if (options?.after !== undefined) return collection.page(orgId, query, cursor('after', options.after));
  if (options?.before !== undefined) return collection.page(orgId, query, cursor('before', options.before), true);
  return collection.page(orgId, query);
}
