// `walletinfra-emulator seed-fleet` (emulator README "Seeding a fleet"): sub-organizations of the delegated-access
// guide's shape, read back through real HTTP with the parent's key and with the shared delegated key; the drift
// manifest against what the emulator holds; determinism with a seed; adding to a fleet; bad shapes; the command.
import { expect } from '@jest/globals';
import { spawn } from 'node:child_process';
import { p256 } from '@noble/curves/p256';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QueryName } from '@walletinfra/sdk';
import { DRIFT_KINDS, startEmulator, type DriftEntry, type FleetSeedResult, type RunningEmulator } from '@walletinfra/emulator';
import { runSeedFleet } from '@walletinfra/emulator/seed/fleet-cli';
import { FIXED_NOW, rootKey, stampedPost, startTestEmulator, type ApiKey } from '../../support/emulator';

const ROOT = join(__dirname, '..', '..', '..');

const query = (
  emu: RunningEmulator,
  name: QueryName,
  organizationId: string,
  key: ApiKey = rootKey(emu),
  extra: Record<string, unknown> = {},
) => stampedPost(emu, `/public/v1/query/${name}`, { organizationId, ...extra }, key);

/** The parent's sub-organizations by name, through list_suborgs and the NAME filter. */
async function subOrganizationIds(emu: RunningEmulator): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = (
      await query(emu, 'list_suborgs', emu.credentials.organizationId, rootKey(emu), {
        paginationOptions: { limit: '100', ...(after === undefined ? {} : { after }) },
      })
    ).as('list_suborgs').organizationIds;
    ids.push(...page);
    if (page.length < 100) return ids;
    after = page[page.length - 1];
  }
}

describe('a fleet of the delegated-access guide', () => {
  let emu: RunningEmulator;
  let fleet: FleetSeedResult;
  beforeAll(async () => {
    emu = await startTestEmulator({ clock: () => FIXED_NOW });
    fleet = emu.seedFleet({ count: 30 });
  });
  afterAll(() => emu.close());

  test('count sub-organizations, named in order, each with its end user as root, the delegated user, its key, tag and policy', async () => {
    expect(fleet.created).toEqual({ count: 30, fromIndex: 1, toIndex: 30, first: 'customer-00001', last: 'customer-00030' });
    const ids = await subOrganizationIds(emu);
    expect(ids).toHaveLength(30);
    const subId = ids[41 % 30] as string;
    const users = (await query(emu, 'list_users', subId)).as('list_users').users;
    expect(users.map((u) => [u.userName, u.userEmail, u.apiKeys.map((k) => k.credential.publicKey)])).toEqual([
      ['end-user-00012', 'end-user-00012@example.com', []],
      ['Delegated Account', undefined, [fleet.delegatedApiKey.publicKey]],
    ]);
    const [endUser, da] = users as [(typeof users)[number], (typeof users)[number]];
    // the end user logs in with a passkey of its own (a valid P-256 key, a credential id no other sub-organization has)
    expect(endUser.authenticators.map((a) => a.authenticatorName)).toEqual(['end-user-00012 passkey']);
    expect(da.authenticators).toEqual([]);
    const passkeys = emu.store.authenticators.all();
    expect(passkeys).toHaveLength(30);
    expect(new Set(passkeys.map((a) => a.credentialId)).size).toBe(30);
    expect(new Set(passkeys.map((a) => a.publicKey)).size).toBe(30);
    for (const a of passkeys) expect(() => p256.Point.fromHex(a.publicKey).assertValidity()).not.toThrow();
    const tags = (await query(emu, 'list_user_tags', subId)).as('list_user_tags').userTags;
    expect(tags.map((t) => t.tagName)).toEqual(['delegated-access']);
    expect(da.userTags).toEqual([tags[0]?.tagId]);
    const policies = (await query(emu, 'list_policies', subId)).as('list_policies').policies;
    expect(policies.map((p) => [p.policyName, p.effect, p.consensus])).toEqual([
      ['Delegated Account may sign to the payout address', 'EFFECT_ALLOW', `approvers.any(user, user.id == '${da.userId}')`],
    ]);
    expect((await query(emu, 'get_organization_configs', subId)).as('get_organization_configs').configs.quorum).toEqual({
      threshold: 1,
      userIds: [endUser.userId],
    });
    const name = (
      await query(emu, 'list_suborgs', emu.credentials.organizationId, rootKey(emu), { filterType: 'NAME', filterValue: 'customer-00012' })
    ).as('list_suborgs');
    expect(name.organizationIds).toEqual([subId]);
  });

  test('the history shows how the guide made them: the parent created it (V7), the delegated user tagged, wrote the policy and left the quorum', async () => {
    const [subId] = (await subOrganizationIds(emu)) as [string];
    const mine = (await query(emu, 'list_activities', subId, rootKey(emu), { paginationOptions: { limit: '100' } })).as(
      'list_activities',
    ).activities;
    expect(mine.map((a) => [a.type, a.status, a.votes[0]?.user.userName])).toEqual([
      ['ACTIVITY_TYPE_UPDATE_ROOT_QUORUM', 'ACTIVITY_STATUS_COMPLETED', 'Delegated Account'],
      ['ACTIVITY_TYPE_CREATE_POLICY_V3', 'ACTIVITY_STATUS_COMPLETED', 'Delegated Account'],
      ['ACTIVITY_TYPE_CREATE_USER_TAG', 'ACTIVITY_STATUS_COMPLETED', 'Delegated Account'],
    ]);
    const parent = (
      await query(emu, 'list_activities', emu.credentials.organizationId, rootKey(emu), { paginationOptions: { limit: '100' } })
    ).as('list_activities').activities;
    const created = parent.filter((a) => a.type === 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7');
    expect(created).toHaveLength(30);
    expect(created.map((a) => a.result.createSubOrganizationResultV7)).toContainEqual(
      expect.objectContaining({ subOrganizationId: subId }),
    );
  });

  test('the delegated key signs as the delegated user of each sub-organization, and is refused in the parent', async () => {
    const ids = await subOrganizationIds(emu);
    const key = fleet.delegatedApiKey;
    for (const subId of [ids[0], ids[17], ids[29]] as string[]) {
      const who = (await query(emu, 'list_users', subId, key)).as('list_users').users.find((u) => u.apiKeys.length > 0);
      // a write its policy does not allow is decided by the policies (403 with evaluations), not refused as an unknown key
      const write = await stampedPost(
        emu,
        '/public/v1/submit/create_private_key_tag',
        {
          type: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
          timestampMs: String(FIXED_NOW),
          organizationId: subId,
          parameters: { privateKeyTagName: 't', privateKeyIds: [] },
        },
        key,
      );
      expect([write.status, write.error.message]).toEqual([403, expect.stringContaining('request not authorized')]);
      expect(who?.userName).toBe('Delegated Account');
    }
    const inParent = await query(emu, 'list_users', emu.credentials.organizationId, key);
    expect([inParent.status, inParent.error.message]).toEqual([
      401,
      'organization mismatch: the public key is not registered in this organization or its parent organization',
    ]);
  });
});

/** What a drift entry says, checked against what the parent reads of that sub-organization. */
async function holds(emu: RunningEmulator, d: DriftEntry): Promise<boolean> {
  const users = (await query(emu, 'list_users', d.subOrganizationId)).as('list_users').users;
  const quorum = (await query(emu, 'get_organization_configs', d.subOrganizationId)).as('get_organization_configs').configs.quorum;
  const tags = (await query(emu, 'list_user_tags', d.subOrganizationId)).as('list_user_tags').userTags;
  const policies = (await query(emu, 'list_policies', d.subOrganizationId)).as('list_policies').policies;
  switch (d.kind) {
    case 'extra-root-user':
      return quorum?.userIds.includes(d.userId as string) === true && users.some((u) => u.userId === d.userId);
    case 'loosened-policy': {
      const p = policies.find((x) => x.policyId === d.policyId);
      return p !== undefined && (p as Record<string, unknown>)[d.field as string] === 'true' && d.from !== 'true';
    }
    case 'missing-tag':
      return !tags.some((t) => t.tagId === d.userTagId) && users.every((u) => !u.userTags.includes(d.userTagId as string));
    case 'tag-member-removed':
      return (
        tags.some((t) => t.tagId === d.userTagId) &&
        users.find((u) => u.userId === d.userId)?.userTags.includes(d.userTagId as string) === false
      );
    case 'deleted-delegated-user':
      return !users.some((u) => u.userId === d.userId);
    case 'extra-api-key':
      return (
        users
          .find((u) => u.userId === d.userId)
          ?.apiKeys.some((k) => k.apiKeyId === d.apiKeyId && k.credential.publicKey === d.publicKey) === true
      );
  }
}

describe('drift', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator({ clock: () => FIXED_NOW });
  });
  afterAll(() => emu.close());

  test('--drift P% drifts that share, every kind appears, and the manifest says exactly what the emulator holds', async () => {
    const fleet = emu.seedFleet({ count: 60, driftPercent: 50, seed: 3 });
    expect(fleet.drift).toHaveLength(30);
    expect(new Set(fleet.drift.map((d) => d.kind))).toEqual(new Set(DRIFT_KINDS));
    for (const d of fleet.drift) expect([d.name, d.kind, await holds(emu, d)]).toEqual([d.name, d.kind, true]);
    // the others are as the shape says: two users, one tag with the delegated user, the policy as written
    const drifted = new Set(fleet.drift.map((d) => d.subOrganizationId));
    const clean = (await subOrganizationIds(emu)).filter((id) => !drifted.has(id));
    expect(clean).toHaveLength(30);
    for (const id of clean) {
      const users = (await query(emu, 'list_users', id)).as('list_users').users;
      expect(users.map((u) => [u.userName.replace(/\d+/, 'N'), u.apiKeys.length, u.userTags.length])).toEqual([
        ['end-user-N', 0, 0],
        ['Delegated Account', 1, 1],
      ]);
      const policy = (await query(emu, 'list_policies', id)).as('list_policies').policies[0];
      expect(policy?.condition).toMatch(/eth\.tx\.to ==/);
    }
  });

  test("each drift was made by the end user, as the sub-organization's history shows", async () => {
    const fleet = emu.seedFleet({ count: 6, driftPercent: 100, seed: 1, driftKinds: ['extra-api-key'] });
    for (const d of fleet.drift) {
      const activities = (await query(emu, 'list_activities', d.subOrganizationId)).as('list_activities').activities;
      const made = activities.find((a) => a.type === 'ACTIVITY_TYPE_CREATE_API_KEYS_V2');
      expect(made?.result).toEqual({ createApiKeysResult: { apiKeyIds: [d.apiKeyId] } });
      expect(made?.votes[0]?.user.userName).toMatch(/^end-user-\d{5}$/);
    }
  });

  test('the same seed drifts the same sub-organizations the same way; another seed does not', async () => {
    const run = async (seed: number) => {
      const fresh = await startEmulator({ randomSeed: 42, clock: () => FIXED_NOW });
      try {
        return fresh.seedFleet({ count: 40, driftPercent: 25, seed });
      } finally {
        await fresh.close();
      }
    };
    const [a, b, c] = [await run(7), await run(7), await run(8)];
    expect(b).toEqual(a);
    const shape = (r: FleetSeedResult) => r.drift.map((d) => `${d.name} ${d.kind}`);
    expect(shape(c)).not.toEqual(shape(a));
    expect(a.drift).toHaveLength(10);
  });

  test('another run adds to the fleet: numbered on, the same delegated key, and the drift share of the new ones only', async () => {
    const before = (await subOrganizationIds(emu)).length;
    const first = emu.seedFleet({ count: 4 });
    const more = emu.seedFleet({ count: 5, driftPercent: 40 });
    expect(more.created).toEqual({
      count: 5,
      fromIndex: first.created.toIndex + 1,
      toIndex: first.created.toIndex + 5,
      first: expect.any(String),
      last: expect.any(String),
    });
    expect(more.created.first).toBe(`customer-${String(first.created.toIndex + 1).padStart(5, '0')}`);
    expect(more.delegatedApiKey).toEqual(first.delegatedApiKey);
    expect(more.fleetSize).toBe(before + 9);
    expect(more.drift.map((d) => d.name).every((n) => n >= more.created.first)).toBe(true);
    expect(more.drift).toHaveLength(2);
  });

  test('a bad shape is refused naming the field, and nothing is made', async () => {
    const before = (await subOrganizationIds(emu)).length;
    const shape = (extra: Record<string, unknown>) => ({
      rootUsers: [{ userName: 'end-user-{index}' }],
      delegatedUser: { userName: 'da', apiKeyName: 'k' },
      ...extra,
    });
    const cases: Array<[unknown, string]> = [
      [{ rootUsers: [] }, 'shape.rootUsers must name at least one root user (the end user), got an empty array'],
      [shape({ delegatedUser: undefined }), 'shape.delegatedUser is required'],
      [
        shape({ userTags: [{ userTagName: 't', members: ['nobody'] }] }),
        'shape.userTags[0].members[0] must be the userName of a user of the shape (end-user-{index}, da), got "nobody"',
      ],
      [
        shape({ policies: [{ policyName: 'p', effect: 'EFFECT_ALLOW', consensus: "approvers.any(user, user.id == '{user:ghost}')" }] }),
        'shape.policies[0].consensus has an unknown placeholder {user:ghost}',
      ],
      [
        shape({ policies: [{ policyName: 'p', effect: 'EFFECT_MAYBE' }] }),
        'shape.policies[0].effect must be one of EFFECT_ALLOW, EFFECT_DENY, got "EFFECT_MAYBE"',
      ],
      [
        shape({ policies: [{ policyName: 'p', effect: 'EFFECT_ALLOW', condition: 'activity.resource ==' }] }),
        'shape.policies[0].condition: ',
      ],
      [shape({ rootQuorumThreshold: 2 }), 'shape.rootQuorumThreshold must be at most the number of rootUsers (1), got 2'],
      [shape({ colour: 'blue' }), 'unknown shape field "colour"'],
    ];
    for (const [input, message] of cases) expect(() => emu.seedFleet({ count: 3, shape: input })).toThrow(message);
    expect(() => emu.seedFleet({ count: 0 })).toThrow('fleet.count must be an integer from 1 to 1000000, got 0');
    expect((await subOrganizationIds(emu)).length).toBe(before);
  });
});

describe('walletinfra-emulator seed-fleet', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'walletinfra-fleet-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runSeedFleet(
      args,
      (l) => out.push(l),
      (l) => err.push(l),
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  test('into a data dir no emulator runs on, then through the emulator running on it: the key file is 0600 and never printed', async () => {
    const first = await cli(['--data-dir', dir, '--count', '25', '--drift', '20%', '--seed', '5']);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(
      /^added 25 sub-organizations \(customer-00001 to customer-00025\) to [0-9a-f-]{36} through the data dir \(no emulator running on it\) in [0-9.]+ s; the fleet has 25\n/,
    );
    const credentialsFile = join(dir, 'fleet-credentials.json');
    expect(statSync(credentialsFile).mode & 0o777).toBe(0o600);
    const credentials = JSON.parse(readFileSync(credentialsFile, 'utf8')) as {
      apiPublicKey: string;
      apiPrivateKey: string;
      parentOrganizationId: string;
    };
    expect(first.out + first.err).not.toContain(credentials.apiPrivateKey);
    const manifest = JSON.parse(readFileSync(join(dir, 'fleet-manifest.json'), 'utf8')) as {
      fleetSize: number;
      drift: DriftEntry[];
      runs: unknown[];
    };
    expect([manifest.fleetSize, manifest.drift.length, manifest.runs.length]).toEqual([25, 5, 1]);
    expect(JSON.stringify(manifest)).not.toContain(credentials.apiPrivateKey);

    const emu = await startEmulator({ dataDir: dir, port: 0, authProxyPort: 0 });
    try {
      expect(emu.credentials.organizationId).toBe(credentials.parentOrganizationId);
      for (const d of manifest.drift) expect(await holds(emu, d)).toBe(true);
      const more = await cli(['--data-dir', dir, '--count', '5', '--json']);
      expect(more.code).toBe(0);
      expect(JSON.parse(more.out)).toMatchObject({
        created: { count: 5, first: 'customer-00026', last: 'customer-00030' },
        fleetSize: 30,
        drifted: 0,
      });
      expect(await subOrganizationIds(emu)).toHaveLength(30);
      const again = JSON.parse(readFileSync(join(dir, 'fleet-manifest.json'), 'utf8')) as { fleetSize: number; runs: unknown[] };
      expect([again.fleetSize, again.runs.length]).toEqual([30, 2]);
      const key = { publicKey: credentials.apiPublicKey, privateKey: credentials.apiPrivateKey };
      const [last] = (await subOrganizationIds(emu)).slice(-1) as [string];
      expect((await query(emu, 'list_users', last, key)).status).toBe(200);
    } finally {
      await emu.close();
    }
  });

  test('bad arguments and a bad shape file: exit 2, the flag or the file and field named, nothing made', async () => {
    const shape = join(dir, 'shape.json');
    writeFileSync(
      shape,
      JSON.stringify({ rootUsers: [{ userName: 'u', userEmail: 'not-an-email' }], delegatedUser: { userName: 'da', apiKeyName: 'k' } }),
    );
    const bad = await cli(['--data-dir', dir, '--count', '3', '--shape', shape]);
    expect([bad.code, bad.err.split('\n')[0]]).toEqual([
      2,
      `walletinfra-emulator seed-fleet: --shape ${shape}: shape.rootUsers[0].userEmail must be an email address, got "not-an-email"`,
    ]);
    expect((await cli(['--data-dir', dir, '--count', 'many'])).err.split('\n')[0]).toBe(
      'walletinfra-emulator seed-fleet: --count must be a positive integer, got "many"',
    );
    expect((await cli(['--data-dir', dir, '--count', '3', '--drift', '101%'])).err.split('\n')[0]).toBe(
      'walletinfra-emulator seed-fleet: --drift must be at most 100%, got "101%"',
    );
    expect((await cli(['--count', '3'])).err.split('\n')[0]).toBe('walletinfra-emulator seed-fleet: --data-dir is required');
    expect((await cli(['--data-dir', dir, '--count', '3', '--shape', join(dir, 'missing.json')])).err.split('\n')[0]).toMatch(
      /--shape must be the path of a readable JSON file \(a fleet shape\), got ".*missing\.json" \(ENOENT\)$/,
    );
    expect(readdirSync(dir).sort()).toEqual(['shape.json']);
  });

  test('the installed command runs it (exit 0, one summary)', async () => {
    const child = spawn(
      process.execPath,
      [
        '-r',
        join(ROOT, 'tests', 'support', 'ts-register-src.js'),
        join(ROOT, 'emulator', 'src', 'cli.ts'),
        'seed-fleet',
        '--data-dir',
        dir,
        '--count',
        '3',
        '--json',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ created: { count: 3 }, fleetSize: 3, credentials: join(dir, 'fleet-credentials.json') });
  });
});
