// Walking every page of the two paginated queries of docs/service-behaviour.md#transport, and collecting with a hard cap (
// "pagination is an async iterable plus a collector with a hard cap", stripe-node autoPagination).
import { InvalidRequestError, UnexpectedResponseError } from './errors';
import type { RequestOf, ResponseOf } from './operations';

type WithOptionalOrg<T> = Omit<T, 'organizationId'> & { organizationId?: string };
export type ListSuborgsBody = WithOptionalOrg<RequestOf<'list_suborgs'>>;
export type ListSolTransactionHistoryBody = WithOptionalOrg<RequestOf<'list_sol_transaction_history'>>;
export type SolTransactionItem = ResponseOf<'list_sol_transaction_history'>['transactions'][number];
export type ListVelocityControlsBody = WithOptionalOrg<RequestOf<'list_velocity_controls'>>;
export type VelocityControlItem = ResponseOf<'list_velocity_controls'>['velocityControls'][number];

/** docs/service-behaviour.md#limits-and-pagination: `limit` defaults to 10 when not sent. */
const DEFAULT_PAGE_LIMIT = 10;

function rejectBefore(operationName: string, operationPath: string, before: string | undefined): void {
  if (before === undefined) return;
  throw InvalidRequestError.fromIssues(
    operationName,
    [{ path: 'paginationOptions.before', message: 'is not supported when iterating (pages are walked forward with after)' }],
    { operation: operationPath },
  );
}

/** The body with `paginationOptions.after` set; no empty `paginationOptions` object is added. */
function withCursor<B extends { paginationOptions?: { limit?: string; after?: string } }>(body: B, after: string | undefined): B {
  const paginationOptions = { ...body.paginationOptions, ...(after !== undefined ? { after } : {}) };
  return Object.keys(paginationOptions).length === 0 ? body : { ...body, paginationOptions };
}

/**
 * Every sub-organization id under the parent, page by page. The cursor of the next page is the last id of
 * the previous one (`paginationOptions.after`, docs/service-behaviour.md#transport: "object-id cursor"); a page shorter than the limit
 * is the last. A caller's `after` is the starting point.
 */
export async function* paginateSuborgs(
  fetchPage: (body: ListSuborgsBody) => Promise<ResponseOf<'list_suborgs'>>,
  body: ListSuborgsBody = {},
): AsyncGenerator<string, void, undefined> {
  rejectBefore('list_suborgs', '/public/v1/query/list_suborgs', body.paginationOptions?.before);
  const limit = body.paginationOptions?.limit;
  const pageSize = limit === undefined ? DEFAULT_PAGE_LIMIT : Number(limit);
  let after = body.paginationOptions?.after;
  for (;;) {
    const page = await fetchPage(withCursor(body, after));
    yield* page.organizationIds;
    const last = page.organizationIds[page.organizationIds.length - 1];
    if (last === undefined || page.organizationIds.length < pageSize) return;
    if (last === after) {
      throw new UnexpectedResponseError(`list_suborgs returned the cursor it was given (${last}) again; stopping`, {
        operation: '/public/v1/query/list_suborgs',
      });
    }
    after = last;
  }
}

/**
 * Every Solana transaction of an address, newest first, following `pageInfo.endCursor` while
 * `pageInfo.hasNextPage` (docs/service-behaviour.md#transport). The end cursor is sent back as `paginationOptions.after`: v1Pagination
 * is the only cursor input TYPES offers [UNCONFIRMED that the service reads it there for this query].
 */
export async function* paginateSolTransactionHistory(
  fetchPage: (body: ListSolTransactionHistoryBody) => Promise<ResponseOf<'list_sol_transaction_history'>>,
  body: ListSolTransactionHistoryBody,
): AsyncGenerator<SolTransactionItem, void, undefined> {
  const operation = '/public/v1/query/list_sol_transaction_history';
  rejectBefore('list_sol_transaction_history', operation, body.paginationOptions?.before);
  let after = body.paginationOptions?.after;
  for (;;) {
    const page = await fetchPage(withCursor(body, after));
    yield* page.transactions;
    if (page.pageInfo?.hasNextPage !== true) return;
    const next = page.pageInfo.endCursor;
    if (next === undefined || next === '') {
      throw new UnexpectedResponseError('list_sol_transaction_history said hasNextPage but gave no endCursor', { operation });
    }
    if (next === after) {
      throw new UnexpectedResponseError('list_sol_transaction_history returned the cursor it was given again; stopping', {
        operation,
      });
    }
    after = next;
  }
}

/**
 * Every velocity control, page by page, while `pageInfo.hasNextPage`. The next page starts after
 * `pageInfo.endCursor`, or after the last control's id when the service sends no cursor (object-id cursors,
 * docs/service-behaviour.md#limits-and-pagination) [UNCONFIRMED which one the service fills].
 */
export async function* paginateVelocityControls(
  fetchPage: (body: ListVelocityControlsBody) => Promise<ResponseOf<'list_velocity_controls'>>,
  body: ListVelocityControlsBody = {},
): AsyncGenerator<VelocityControlItem, void, undefined> {
  const operation = '/public/v1/query/list_velocity_controls';
  rejectBefore('list_velocity_controls', operation, body.paginationOptions?.before);
  let after = body.paginationOptions?.after;
  for (;;) {
    const page = await fetchPage(withCursor(body, after));
    yield* page.velocityControls;
    if (page.pageInfo.hasNextPage !== true) return;
    const next = page.pageInfo.endCursor || page.velocityControls[page.velocityControls.length - 1]?.velocityControlId;
    if (next === undefined || next === after) {
      throw new UnexpectedResponseError('list_velocity_controls said hasNextPage but did not move the cursor; stopping', { operation });
    }
    after = next;
  }
}

export interface CollectAllOptions {
  /** Hard cap: more items than this is an error, never a silent truncation. */
  max: number;
}

/**
 * Gathers an async iterable into an array, failing as soon as it would hold more than `max` items (the
 * error names the cap). Stops the underlying iteration when it fails.
 */
export async function collectAll<T>(iterable: AsyncIterable<T>, options: CollectAllOptions): Promise<T[]> {
  const { max } = options;
  if (!Number.isSafeInteger(max) || max < 1) {
    throw InvalidRequestError.fromIssues('collectAll', [{ path: 'max', message: 'must be a positive integer' }]);
  }
  const items: T[] = [];
  for await (const item of iterable) {
    if (items.length === max) {
      throw InvalidRequestError.fromIssues('collectAll', [
        { path: 'max', message: `more than ${max} items; raise max or narrow the query` },
      ]);
    }
    items.push(item);
  }
  return items;
}
