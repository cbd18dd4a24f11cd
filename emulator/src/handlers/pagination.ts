// `paginationOptions` of list_activities and list_suborgs (docs/service-behaviour.md#transport, #limits-and-pagination): `limit` 1-100 as a string,
// default 10; `before`/`after` are object ids, exclusive ([UNCONFIRMED] inclusivity, docs/service-behaviour.md#limits-and-pagination).
import { invalidArgument } from '../errors';

export interface PaginationInput {
  limit?: string | undefined;
  before?: string | undefined;
  after?: string | undefined;
}

export const DEFAULT_PAGE_LIMIT = 10;

/** One page of `items` (already in listing order). Unknown cursor ids are a 400 naming the field. */
export function paginate<T>(items: T[], idOf: (item: T) => string, options: PaginationInput | undefined, what: string): T[] {
  const limit = options?.limit === undefined ? DEFAULT_PAGE_LIMIT : Number(options.limit);
  if (options?.before !== undefined && options?.after !== undefined) {
    throw invalidArgument('invalid request body: paginationOptions: set at most one of before and after');
  }
  const indexOf = (id: string, field: string): number => {
    const i = items.findIndex((item) => idOf(item) === id);
    if (i < 0) throw invalidArgument(`invalid request body: paginationOptions.${field}: no ${what} with ID ${id}`);
    return i;
  };
  if (options?.after !== undefined) {
    const start = indexOf(options.after, 'after') + 1;
    return items.slice(start, start + limit);
  }
  if (options?.before !== undefined) {
    const end = indexOf(options.before, 'before');
    return items.slice(Math.max(0, end - limit), end);
  }
  return items.slice(0, limit);
}
