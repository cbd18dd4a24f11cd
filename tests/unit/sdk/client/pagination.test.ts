// Page walking and the capped collector, with scripted page fetchers (the HTTP path is covered in
// tests/integration/sdk/client.test.ts).
import {
  collectAll,
  paginateSolTransactionHistory,
  paginateSuborgs,
  type ListSolTransactionHistoryBody,
  type ListSuborgsBody,
  type SolTransactionItem,
} from '@walletinfra/sdk';
import { ListSuborgsRequest, ListSolTransactionHistoryRequest } from '@walletinfra/sdk/schemas';

async function caught(p: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await p;
  } catch (e) {
    return e as Error & Record<string, unknown>;
  }
  throw new Error('expected a rejection');
}

function suborgPages(...pages: string[][]) {
  const bodies: ListSuborgsBody[] = [];
  const fetchPage = async (body: ListSuborgsBody) => {
    bodies.push(body);
    const ids = pages.shift();
    if (ids === undefined) throw new Error('no more pages scripted');
    return { organizationIds: ids };
  };
  return { bodies, fetchPage };
}

function tx(signature: string): SolTransactionItem {
  return {
    signature,
    block: { number: '1', hash: 'h', timestamp: '2026-01-01T00:00:00Z' },
    status: 'FINALIZED',
    origin: 'TURNKEY',
    feePayer: 'payer',
    signers: [{ address: 'payer', writable: true }],
    fee: { amount: '5000', caip19: 'solana:mainnet/slip44:501' },
    transfers: [],
  };
}

describe('paginateSuborgs', () => {
  test('walks pages with the last id as the next cursor until a short page', async () => {
    const script = suborgPages(['a', 'b'], ['c', 'd'], ['e']);
    const ids = await collectAll(
      paginateSuborgs(script.fetchPage, { filterType: 'NAME', filterValue: 'x', paginationOptions: { limit: '2' } }),
      { max: 100 },
    );
    expect(ids).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(script.bodies).toEqual([
      { filterType: 'NAME', filterValue: 'x', paginationOptions: { limit: '2' } },
      { filterType: 'NAME', filterValue: 'x', paginationOptions: { limit: '2', after: 'b' } },
      { filterType: 'NAME', filterValue: 'x', paginationOptions: { limit: '2', after: 'd' } },
    ]);
  });

  test('without a limit the service default of 10 decides when a page is the last', async () => {
    const full = Array.from({ length: 10 }, (_, i) => `org-${i}`);
    const script = suborgPages(full, []);
    expect(await collectAll(paginateSuborgs(script.fetchPage), { max: 100 })).toEqual(full);
    expect(script.bodies).toEqual([{}, { paginationOptions: { after: 'org-9' } }]);
  });

  test("a caller's after is the starting cursor", async () => {
    const script = suborgPages(['c']);
    await collectAll(paginateSuborgs(script.fetchPage, { paginationOptions: { after: 'b', limit: '5' } }), { max: 10 });
    expect(script.bodies).toEqual([{ paginationOptions: { after: 'b', limit: '5' } }]);
  });

  test('a service that hands back the same cursor is stopped, not followed forever', async () => {
    const script = suborgPages(['a', 'b'], ['b']);
    const error = await caught(
      collectAll(paginateSuborgs(script.fetchPage, { paginationOptions: { limit: '2', after: 'b' } }), { max: 100 }),
    );
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'UNEXPECTED_RESPONSE',
      message: 'list_suborgs returned the cursor it was given (b) again; stopping',
    });
  });

  test('before is refused: iteration moves forward', async () => {
    const script = suborgPages();
    const error = await caught(collectAll(paginateSuborgs(script.fetchPage, { paginationOptions: { before: 'z' } }), { max: 10 }));
    expect({ code: error.code, message: error.message, issues: error.issues }).toEqual({
      code: 'INVALID_REQUEST',
      message:
        'invalid request for list_suborgs: paginationOptions.before: is not supported when iterating (pages are walked forward with after)',
      issues: [{ path: 'paginationOptions.before', message: 'is not supported when iterating (pages are walked forward with after)' }],
    });
    expect(script.bodies).toEqual([]);
  });
});

describe('paginateSolTransactionHistory', () => {
  const base: ListSolTransactionHistoryBody = { address: 'addr', caip2: 'solana:devnet' };

  test('follows endCursor while hasNextPage', async () => {
    const bodies: ListSolTransactionHistoryBody[] = [];
    const pages = [
      { transactions: [tx('s1'), tx('s2')], pageInfo: { hasNextPage: true, endCursor: 'c1' } },
      { transactions: [tx('s3')], pageInfo: { hasNextPage: true, endCursor: 'c2' } },
      { transactions: [tx('s4')], pageInfo: { hasNextPage: false, endCursor: 'c3' } },
    ];
    const items = await collectAll(
      paginateSolTransactionHistory(async (b) => (bodies.push(b), pages.shift()!), { ...base, paginationOptions: { limit: '2' } }),
      { max: 10 },
    );
    expect(items.map((t) => t.signature)).toEqual(['s1', 's2', 's3', 's4']);
    expect(bodies.map((b) => b.paginationOptions)).toEqual([{ limit: '2' }, { limit: '2', after: 'c1' }, { limit: '2', after: 'c2' }]);
  });

  test('a response without pageInfo is the only page', async () => {
    let calls = 0;
    const items = await collectAll(
      paginateSolTransactionHistory(async () => (calls++, { transactions: [tx('s1')] }), base),
      { max: 10 },
    );
    expect(items.map((t) => t.signature)).toEqual(['s1']);
    expect(calls).toBe(1);
  });

  test('hasNextPage without an endCursor is an unexpected response', async () => {
    const error = await caught(
      collectAll(
        paginateSolTransactionHistory(async () => ({ transactions: [], pageInfo: { hasNextPage: true } }), base),
        { max: 10 },
      ),
    );
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'UNEXPECTED_RESPONSE',
      message: 'list_sol_transaction_history said hasNextPage but gave no endCursor',
    });
  });

  test('the same cursor twice is stopped', async () => {
    const page = { transactions: [tx('s1')], pageInfo: { hasNextPage: true, endCursor: 'c1' } };
    const error = await caught(
      collectAll(
        paginateSolTransactionHistory(async () => page, base),
        { max: 10 },
      ),
    );
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'UNEXPECTED_RESPONSE',
      message: 'list_sol_transaction_history returned the cursor it was given again; stopping',
    });
  });
});

describe('collectAll', () => {
  async function* counting(n: number, log: string[]) {
    try {
      for (let i = 0; i < n; i++) yield i;
    } finally {
      log.push('closed');
    }
  }

  test('collects up to and including the cap', async () => {
    expect(await collectAll(counting(3, []), { max: 3 })).toEqual([0, 1, 2]);
  });

  test('one item over the cap is an error naming the cap, and closes the source', async () => {
    const log: string[] = [];
    const error = await caught(collectAll(counting(10, log), { max: 3 }));
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'INVALID_REQUEST',
      message: 'invalid request for collectAll: max: more than 3 items; raise max or narrow the query',
    });
    expect(log).toEqual(['closed']);
  });

  test.each([0, -1, 1.5, Number.NaN])('max %p is refused', async (max) => {
    const error = await caught(collectAll(counting(1, []), { max }));
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'INVALID_REQUEST',
      message: 'invalid request for collectAll: max: must be a positive integer',
    });
  });
});

describe('paginationOptions.limit (docs/service-behaviour.md#limits-and-pagination: 1..100 as a string)', () => {
  test.each(['1', '10', '99', '100'])('%p is accepted', (limit) => {
    expect(ListSuborgsRequest.safeParse({ organizationId: 'o', paginationOptions: { limit } }).success).toBe(true);
    expect(
      ListSolTransactionHistoryRequest.safeParse({
        organizationId: 'o',
        address: 'a',
        caip2: 'solana:mainnet',
        paginationOptions: { limit },
      }).success,
    ).toBe(true);
  });

  test.each([
    ['0', 'must be a string of decimal digits from 1 to 100'],
    ['101', 'must be a string of decimal digits from 1 to 100'],
    ['010', 'must be a string of decimal digits from 1 to 100'],
    ['2.5', 'must be a string of decimal digits from 1 to 100'],
    ['ten', 'must be a string of decimal digits from 1 to 100'],
    [10, 'Invalid input: expected string, received number'],
  ])('%p is refused: %s', (limit, message) => {
    const parsed = ListSuborgsRequest.safeParse({ organizationId: 'o', paginationOptions: { limit } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['paginationOptions.limit', message]]);
  });
});
