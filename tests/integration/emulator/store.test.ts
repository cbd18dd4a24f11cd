// The emulator's SQLite store: pages read from the index give exactly what filtering and slicing the whole
// listing gave; per-organization unique keys (policy and wallet names, activity fingerprints) hold under a
// unique index; and a data dir written by the previous schema (a fixture made by that emulator) opens,
// migrates in place and keeps every record.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Store, startEmulator } from '@walletinfra/emulator';
import { pageOf, type PaginationInput } from '@walletinfra/emulator/handlers/pagination';
import { SCHEMA_VERSION } from '@walletinfra/emulator/store/migrations';
import type { ActivityRecord, PolicyRecord } from '@walletinfra/emulator/store/records';
import { stampedPost } from '../../support/emulator';

const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'emulator-data-schema-1');
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'walletinfra-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The listing semantics the store must keep: filter the whole listing, then slice around the cursor. */
function oracle<T>(items: T[], idOf: (t: T) => string, options: PaginationInput): T[] | string {
  const limit = options.limit === undefined ? 10 : Number(options.limit);
  const at = (id: string, field: string): number | string => {
    const i = items.findIndex((t) => idOf(t) === id);
    return i < 0 ? `${field}:${id}` : i;
  };
  if (options.after !== undefined) {
    const i = at(options.after, 'after');
    return typeof i === 'string' ? i : items.slice(i + 1, i + 1 + limit);
  }
  if (options.before !== undefined) {
    const i = at(options.before, 'before');
    return typeof i === 'string' ? i : items.slice(Math.max(0, i - limit), i);
  }
  return items.slice(0, limit);
}

function attempt<T>(fn: () => T[], idOf: (t: T) => string): string[] | string {
  try {
    return fn().map(idOf);
  } catch (e) {
    const m = /paginationOptions\.(after|before): no \w+ with ID (\S+)/.exec((e as Error).message);
    if (m === null) throw e;
    return `${m[1]}:${m[2]}`;
  }
}

function activity(i: number, organizationId: string): ActivityRecord {
  const statuses = ['ACTIVITY_STATUS_COMPLETED', 'ACTIVITY_STATUS_FAILED', 'ACTIVITY_STATUS_CONSENSUS_NEEDED'];
  const types = ['ACTIVITY_TYPE_CREATE_POLICY_V3', 'ACTIVITY_TYPE_DELETE_POLICY'];
  return {
    id: `act-${String(i).padStart(4, '0')}`,
    organizationId,
    operation: 'create_policy',
    type: types[i % 2]!,
    status: statuses[(i * 7) % 3]!,
    parameters: {},
    intentKey: 'createPolicyIntentV3',
    result: {},
    votes: [],
    fingerprint: `sha256:${i}`,
    submittedBy: { userId: 'u', publicKey: 'k' },
    timestampMs: String(i),
    createdAt: i,
    updatedAt: i,
  };
}

describe('pages from the index equal the filtered, sliced listing', () => {
  const store = new Store();
  const all = Array.from({ length: 700 }, (_, i) => activity(i, i % 5 === 4 ? 'org-b' : 'org-a'));
  store.transaction(() => all.forEach((a) => store.activities.insert(a)));
  afterAll(() => store.close());

  const filters: Array<[string, ((a: ActivityRecord) => boolean) | undefined]> = [
    ['no filter', undefined],
    ['one status', (a) => a.status === 'ACTIVITY_STATUS_FAILED'],
    ['status and type', (a) => a.status !== 'ACTIVITY_STATUS_COMPLETED' && a.type === 'ACTIVITY_TYPE_DELETE_POLICY'],
    ['nothing matches', () => false],
  ];

  test.each(filters)('%s, newest and oldest first, every cursor kind', (_label, filter) => {
    for (const newestFirst of [true, false]) {
      const listing = all.filter((a) => a.organizationId === 'org-a' && (filter === undefined || filter(a)));
      if (newestFirst) listing.reverse();
      const cursors = [
        listing[0]?.id,
        listing[1]?.id,
        listing[Math.floor(listing.length / 2)]?.id,
        listing[listing.length - 1]?.id,
        'act-0004',
        'missing',
      ].filter((c): c is string => c !== undefined);
      const cases: PaginationInput[] = [{}, { limit: '1' }, { limit: '100' }];
      for (const c of cursors) for (const limit of ['1', '7', '100']) cases.push({ limit, after: c }, { limit, before: c });
      for (const options of cases) {
        const expected = oracle(listing, (a) => a.id, options);
        const got = attempt(
          () => pageOf(store.activities, 'org-a', options, { newestFirst, ...(filter === undefined ? {} : { filter }) }, 'activity'),
          (a) => a.id,
        );
        expect([options, got]).toEqual([options, typeof expected === 'string' ? expected : expected.map((a) => a.id)]);
      }
    }
  });

  test('a whole listing walked page by page with after-cursors visits every record once, in order', () => {
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = pageOf(
        store.activities,
        'org-b',
        { limit: '33', ...(after === undefined ? {} : { after }) },
        { newestFirst: true },
        'activity',
      );
      if (page.length === 0) break;
      seen.push(...page.map((a) => a.id));
      after = page[page.length - 1]!.id;
    }
    expect(seen).toEqual(
      all
        .filter((a) => a.organizationId === 'org-b')
        .reverse()
        .map((a) => a.id),
    );
  });
});

describe('unique keys per organization', () => {
  const policy = (policyId: string, organizationId: string, policyName: string): PolicyRecord => ({
    policyId,
    organizationId,
    policyName,
    effect: 'EFFECT_ALLOW',
    condition: '',
    consensus: '',
    notes: '',
    createdAt: 1,
    updatedAt: 1,
  });

  test('a name is found by the index, taken once per organization, free again after delete or rename', () => {
    const store = new Store();
    try {
      store.policies.insert(policy('p1', 'org-a', 'ops'));
      store.policies.insert(policy('p2', 'org-b', 'ops'));
      expect(store.policies.findUnique('org-a', 'ops')?.policyId).toBe('p1');
      expect(store.policies.findUnique('org-b', 'ops')?.policyId).toBe('p2');
      expect(() => store.policies.insert(policy('p3', 'org-a', 'ops'))).toThrow(/UNIQUE constraint failed/);
      store.policies.update({ ...policy('p1', 'org-a', 'ops renamed') });
      expect(store.policies.findUnique('org-a', 'ops')).toBeUndefined();
      store.policies.insert(policy('p3', 'org-a', 'ops'));
      store.policies.delete('p3');
      expect(store.policies.findUnique('org-a', 'ops')).toBeUndefined();
      expect(store.policies.countByOrg('org-a')).toBe(1);
    } finally {
      store.close();
    }
  });

  test('a memo is reused until a collection it reads is written (a rolled-back write too), is frozen, and is never kept inside a transaction', () => {
    const store = new Store();
    try {
      let computed = 0;
      const lookup = () => store.memo('p1', ['policies'], () => (computed++, store.policies.get('p1')));
      expect(lookup()).toBeUndefined();
      expect(lookup()).toBeUndefined();
      expect(computed).toBe(2); // undefined is never kept
      store.policies.insert(policy('p1', 'org-a', 'ops'));
      const first = lookup();
      expect(lookup()).toBe(first);
      expect(computed).toBe(3);
      expect(Object.isFrozen(first)).toBe(true);
      expect(() => {
        (first as { policyName: string }).policyName = 'changed';
      }).toThrow(TypeError);
      store.activities.insert(activity(1, 'org-a')); // a collection the memo does not read
      expect(lookup()).toBe(first);
      store.policies.update({ ...policy('p1', 'org-a', 'renamed') });
      expect(lookup()?.policyName).toBe('renamed');
      expect(computed).toBe(4);
      expect(() =>
        store.transaction(() => {
          store.policies.update({ ...policy('p1', 'org-a', 'inside') });
          expect(lookup()?.policyName).toBe('inside');
          expect(lookup()?.policyName).toBe('inside');
          throw new Error('rolled back');
        }),
      ).toThrow('rolled back');
      expect(computed).toBe(6); // not kept inside the transaction
      expect(lookup()?.policyName).toBe('renamed');
      expect(computed).toBe(7); // the rolled-back write moved the version
      expect(() => store.policies.insert(policy('p1', 'org-a', 'twin'))).toThrow(/UNIQUE constraint failed/);
      lookup();
      expect(computed).toBe(8); // so does a failed one
      store.reset();
      expect(lookup()).toBeUndefined();
    } finally {
      store.close();
    }
  });

  test('activity fingerprints are unique per organization; a failed write leaves no key behind', () => {
    const store = new Store();
    try {
      store.activities.insert(activity(1, 'org-a'));
      expect(() => store.activities.insert({ ...activity(1, 'org-a'), id: 'other' })).toThrow(/UNIQUE constraint failed/);
      store.activities.insert({ ...activity(1, 'org-b'), id: 'in-b' });
      expect(store.activities.findUnique('org-a', 'sha256:1')?.id).toBe('act-0001');
      expect(() =>
        store.transaction(() => {
          store.activities.insert(activity(2, 'org-a'));
          throw new Error('rolled back');
        }),
      ).toThrow('rolled back');
      expect(store.activities.findUnique('org-a', 'sha256:2')).toBeUndefined();
    } finally {
      store.close();
    }
  });
});

describe('a data dir from the previous schema', () => {
  const credentials = JSON.parse(readFileSync(join(FIXTURE, 'credentials.json'), 'utf8')) as { organizationId: string };
  const before = JSON.parse(readFileSync(join(FIXTURE, 'dump.json'), 'utf8')) as Record<string, unknown[]>;

  function copyFixture(): void {
    cpSync(join(FIXTURE, 'emulator.db'), join(dir, 'emulator.db'));
    cpSync(join(FIXTURE, 'credentials.json'), join(dir, 'credentials.json'));
  }

  test('opens with every record as it was, migrated to the current schema; the rules hold on the old data', async () => {
    copyFixture();
    const emu = await startEmulator({ dataDir: dir });
    try {
      expect(emu.store.dump()).toEqual(before);
      const org = credentials.organizationId;
      const names = (await stampedPost(emu, '/public/v1/query/list_policies', { organizationId: org }))
        .as('list_policies')
        .policies.map((p) => p.policyName);
      expect(names).toEqual((before.policies as PolicyRecord[]).filter((p) => p.organizationId === org).map((p) => p.policyName));
      const envelope = (parameters: Record<string, unknown>, timestampMs: number) => ({
        type: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
        timestampMs: String(timestampMs),
        organizationId: org,
        parameters,
      });
      const dup = await stampedPost(
        emu,
        '/public/v1/submit/create_policy',
        envelope({ policyName: 'fixture policy 3', effect: 'EFFECT_ALLOW', notes: '' }, Date.now()),
      );
      expect([dup.status, dup.error.message]).toEqual([400, 'policy label must be unique']);
      const created = await stampedPost(
        emu,
        '/public/v1/submit/create_policy',
        envelope({ policyName: 'after the migration', effect: 'EFFECT_ALLOW', notes: '' }, Date.now()),
      );
      expect(created.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
      const oldActivities = (before.activities as ActivityRecord[]).filter((a) => a.organizationId === org).reverse();
      const list = async (paginationOptions: PaginationInput) =>
        (await stampedPost(emu, '/public/v1/query/list_activities', { organizationId: org, paginationOptions }))
          .as('list_activities')
          .activities.map((a) => a.id);
      expect(await list({ limit: '3' })).toEqual([created.activity.id, ...oldActivities.slice(0, 2).map((a) => a.id)]);
      expect(await list({ limit: '2', after: oldActivities[4]!.id })).toEqual(oldActivities.slice(5, 7).map((a) => a.id));
      const wallet = await stampedPost(emu, '/public/v1/submit/create_wallet', {
        type: 'ACTIVITY_TYPE_CREATE_WALLET',
        timestampMs: String(Date.now()),
        organizationId: org,
        parameters: { walletName: 'Fixture wallet', accounts: [] },
      });
      expect([wallet.status, wallet.error.message]).toEqual([400, 'wallet label must be unique']);
    } finally {
      await emu.close();
    }
    const db = new Database(join(dir, 'emulator.db'), { readonly: true });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(db.prepare(`SELECT value FROM meta WHERE key = 'schemaVersion'`).get()).toBeUndefined();
    } finally {
      db.close();
    }
    // and it opens again without migrating twice
    const again = await startEmulator({ dataDir: dir });
    try {
      expect(again.store.policies.countByOrg(credentials.organizationId)).toBe(
        (before.policies as PolicyRecord[]).filter((p) => p.organizationId === credentials.organizationId).length + 1,
      );
    } finally {
      await again.close();
    }
  });

  test('records that broke a uniqueness rule stay readable; the oldest keeps the name', () => {
    copyFixture();
    const db = new Database(join(dir, 'emulator.db'));
    const first = (before.policies as PolicyRecord[])[0]!;
    const twin = { ...first, policyId: 'twin' };
    db.prepare('INSERT INTO documents (collection, id, org_id, alt_key, seq, data) VALUES (?, ?, ?, NULL, 100000, ?)').run(
      'policies',
      'twin',
      twin.organizationId,
      JSON.stringify(twin),
    );
    db.close();
    const store = new Store(dir);
    try {
      expect(store.policies.get('twin')).toEqual(twin);
      expect(store.policies.findUnique(first.organizationId, first.policyName)?.policyId).toBe(first.policyId);
    } finally {
      store.close();
    }
  });

  test('a database from a newer emulator, or of an unknown schema, is refused with what to do', () => {
    copyFixture();
    const db = new Database(join(dir, 'emulator.db'));
    db.pragma('user_version = 99');
    db.close();
    expect(() => new Store(dir)).toThrow(
      `the data dir was written by a newer emulator (database schema 99; this emulator knows up to ${SCHEMA_VERSION}): upgrade @walletinfra/emulator or use another data dir`,
    );
    const legacy = new Database(join(dir, 'emulator.db'));
    legacy.pragma('user_version = 0');
    legacy.prepare(`UPDATE meta SET value = '7' WHERE key = 'schemaVersion'`).run();
    legacy.close();
    expect(() => new Store(dir)).toThrow('unsupported emulator database: schema version 7 is not one this emulator knows');
  });
});
