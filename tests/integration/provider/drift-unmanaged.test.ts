// The unmanaged-objects report against a real emulator over HTTP, read through the provider's own sessions:
// objects made by hand are reported with their creator and time from the activity history; objects from
// before the history (the emulator's admin API, like a seed) are "unknown". Users, API keys and the root
// quorum are read through stand-in kinds until the identity kinds are declared (the report maps over any
// kinds array): they prove the history names who added a user, a key, or changed the quorum.
import { generateApiKeyPair, WalletInfraClient, type ApiKey, type RootQuorum, type User } from '@walletinfra/sdk';
import { main, unmanagedReport, type ChangeReport, type CliDeps, type UnmanagedReport } from '@walletinfra/pulumi/drift';
import type { AnyKind } from '@walletinfra/pulumi/resources/kind';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import type { OrgSession } from '@walletinfra/pulumi/session';
import { serviceList } from '@walletinfra/pulumi/session/object-lists';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deployment, resource, stateRunner } from '../../support/drift-inventory';
import { admin, FIXED_NOW, manualClock, useTestEmulator } from '../../support/emulator';

const clock = manualClock();
const emu = useTestEmulator({ clock: clock.now });
const POLICY = KINDS.find((k) => k.type === 'Policy') as AnyKind;

let project: string;
beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'drift-unmanaged-'));
  writeFileSync(join(project, 'Pulumi.yaml'), 'name: baseline\nruntime: nodejs\n');
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

const USERS = serviceList<User>('test-users', async (c) => (await c.listUsers({})).users);
const STAND_INS: AnyKind[] = [
  {
    ...POLICY,
    type: 'User',
    noun: 'user',
    plural: 'users',
    dynamicToken: 'pulumi-nodejs:dynamic/walletinfra:User',
    nativeToken: 'walletinfra:index:User',
    inventory: { governs: 'identity', createdBy: ['ACTIVITY_TYPE_CREATE_USERS_V4', 'ACTIVITY_TYPE_CREATE_API_ONLY_USERS'] },
    export: { name: (u: User) => u.userName, fallback: 'user', properties: (u: User) => [['userName', u.userName]] },
    listing: { list: USERS, idOf: (u: User) => u.userId },
  },
  {
    ...POLICY,
    type: 'ApiKey',
    noun: 'API key',
    plural: 'API keys',
    dynamicToken: 'pulumi-nodejs:dynamic/walletinfra:ApiKey',
    nativeToken: 'walletinfra:index:ApiKey',
    inventory: { governs: 'identity', createdBy: ['ACTIVITY_TYPE_CREATE_API_KEYS', 'ACTIVITY_TYPE_CREATE_API_KEYS_V2'] },
    export: {
      read: async (s: OrgSession) => (await s.client.getApiKeys({})).apiKeys,
      name: (k: ApiKey) => k.apiKeyName,
      fallback: 'api-key',
      id: (k: ApiKey) => k.apiKeyId,
      properties: (k: ApiKey) => [['publicKey', k.credential.publicKey]],
    },
  },
  {
    ...POLICY,
    type: 'RootQuorum',
    noun: 'root quorum',
    plural: 'root quorums',
    dynamicToken: 'pulumi-nodejs:dynamic/walletinfra:RootQuorum',
    nativeToken: 'walletinfra:index:RootQuorum',
    inventory: { governs: 'identity', createdBy: ['ACTIVITY_TYPE_UPDATE_ROOT_QUORUM'], serviceSingleton: true },
    export: {
      read: async (s: OrgSession) => [(await s.client.getOrganizationConfigs({})).configs.quorum as RootQuorum],
      name: () => 'root quorum',
      fallback: 'root-quorum',
      id: () => 'root-quorum',
      properties: (q: RootQuorum) => [
        ['threshold', q.threshold],
        ['userIds', q.userIds],
      ],
    },
    listing: undefined,
    writes: undefined,
    ownSteps: ['create', 'read', 'update', 'delete'],
  },
];

function config(): Record<string, string> {
  return {
    'walletinfra:organizationId': emu.credentials.organizationId,
    'walletinfra:apiPublicKey': emu.credentials.apiPublicKey,
    'walletinfra:apiPrivateKey': emu.credentials.apiPrivateKey,
    'walletinfra:baseUrl': emu.baseUrl,
  };
}

const at = (offsetMs: number): string => new Date(FIXED_NOW + offsetMs).toISOString();

test('hand-made objects are reported with their creator and time from the activity history', async () => {
  const root = new WalletInfraClient({
    baseUrl: emu.baseUrl,
    organizationId: emu.credentials.organizationId,
    apiPublicKey: emu.credentials.apiPublicKey,
    apiPrivateKey: emu.credentials.apiPrivateKey,
    clock: { now: clock.now },
  });
  const rootId = emu.credentials.userId;
  // Before any history: a user the emulator's admin API adds, like a seed (and the root user the emulator starts with).
  const ops = (await admin(emu, 'POST', '/users', { userName: 'ops', userTags: ['ops'], generateApiKey: true })).json as {
    userId: string;
    userTags: string[];
    apiKeys: Array<{ publicKey: string; privateKey: string }>;
  };
  const opsKey = ops.apiKeys[0]!;
  const opsClient = new WalletInfraClient({
    baseUrl: emu.baseUrl,
    organizationId: emu.credentials.organizationId,
    apiPublicKey: opsKey.publicKey,
    apiPrivateKey: opsKey.privateKey,
    clock: { now: clock.now },
  });
  // Declared by the stack: a policy that lets ops tag keys.
  clock.advance(1000);
  const declared = await root.createPolicy({
    policyName: 'ops tags keys',
    effect: 'EFFECT_ALLOW',
    condition: "activity.resource == 'PRIVATE_KEY'",
    consensus: `approvers.any(u, u.tags.contains('${ops.userTags[0]!}'))`,
    notes: '',
  });
  // By hand: a private-key tag by ops, a user with a key and another key by root, then the root quorum.
  clock.advance(1000);
  const tag = await opsClient.createPrivateKeyTag({ privateKeyTagName: 'hot', privateKeyIds: [] });
  clock.advance(1000);
  const mallory = await root.createApiOnlyUsers({
    apiOnlyUsers: [
      { userName: 'mallory', userTags: [], apiKeys: [{ apiKeyName: 'mallory laptop', publicKey: generateApiKeyPair().publicKey }] },
    ],
  });
  const malloryId = mallory.result.userIds[0] as string;
  clock.advance(1000);
  const extraKey = await root.createApiKeys({
    userId: rootId,
    apiKeys: [{ apiKeyName: 'root spare', publicKey: generateApiKeyPair().publicKey, curveType: 'API_KEY_CURVE_P256' }],
  });
  clock.advance(1000);
  const quorum = await root.updateRootQuorum({ threshold: 1, userIds: [rootId, malloryId] });

  const stacks = {
    dev: {
      config: config(),
      state: deployment([resource(POLICY, 'ops-tags-keys', declared.result.policyId, { organizationId: emu.credentials.organizationId })]),
    },
  };

  // The CLI with the provider's kinds: the private-key tag, by ops.
  const out = { stdout: '', stderr: '', files: {} as Record<string, string> };
  const deps: CliDeps = {
    runner: stateRunner(stacks),
    now: () => new Date(FIXED_NOW + 10_000),
    stdout: (t) => (out.stdout += t),
    stderr: (t) => (out.stderr += t),
    writeFile: (p, t) => (out.files[p] = t),
    env: {},
  };
  const code = await main(['--stack', 'dev', '--cwd', project, '--json-out', 'r.json', '--md-out', 'r.md'], deps);
  expect([code, out.stderr]).toEqual([
    2,
    `[drift] refresh preview of stack dev in ${project}...\n[drift] dev: clean (drifted 0, deletedOutsideCode 0, clean 0)\n` +
      '[drift] objects no stack declares, in the organizations of dev...\n[drift] unmanaged 1, acknowledged 0, managed 1 of 2\n',
  ]);
  const report = (JSON.parse(out.files['r.json'] ?? '{}') as ChangeReport).unmanaged as Extract<UnmanagedReport, { status: 'evaluated' }>;
  const tags = report.organizations[0]?.kinds.find((k) => k.type === 'PrivateKeyTag');
  expect(tags?.objects.map((o) => [o.id, o.name, o.status, o.origin])).toEqual([
    [
      tag.result.privateKeyTagId,
      'hot',
      'unmanaged',
      {
        known: true,
        event: 'created',
        activityId: tag.activity.id,
        activityType: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
        at: at(2000),
        by: [{ userId: ops.userId, userName: 'ops' }],
      },
    ],
  ]);
  expect(report.organizations[0]?.kinds.find((k) => k.type === 'Policy')).toMatchObject({ managed: 1, unmanaged: 0 });
  expect(out.files['r.md']).toContain(
    `| \`hot\` | \`${tag.result.privateKeyTagId}\` | ${at(2000)}, \`ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG\` (\`${tag.activity.id}\`) | \`ops\` (\`${ops.userId}\`) |`,
  );

  // Users, API keys and the root quorum, first.
  const identity = await unmanagedReport(stateRunner(stacks), {
    stacks: ['dev'],
    workDir: project,
    env: {},
    rules: [],
    strict: false,
    kinds: [...KINDS, ...STAND_INS],
  });
  if (identity.status !== 'evaluated') throw new Error(identity.reason);
  const kinds = identity.organizations[0]!.kinds;
  expect(kinds.slice(0, 3).map((k) => [k.type, k.unmanaged, k.total])).toEqual([
    ['User', 3, 3],
    ['ApiKey', 4, 4],
    ['RootQuorum', 1, 1],
  ]);
  const rootUser = { userId: rootId, userName: 'root' };
  const created = (activityId: string, activityType: string, offset: number) => ({
    known: true,
    event: 'created',
    activityId,
    activityType,
    at: at(offset),
    by: [rootUser],
  });
  const unknown = (plural: string) => ({
    known: false,
    reason: `no completed activity that creates ${plural} names it in the organization's history`,
  });
  expect(kinds[0]!.objects.map((o) => [o.name, o.origin])).toEqual([
    ['mallory', created(mallory.activity.id, 'ACTIVITY_TYPE_CREATE_API_ONLY_USERS', 3000)],
    ['ops', unknown('users')],
    ['root', unknown('users')],
  ]);
  expect(kinds[1]!.objects.map((o) => [o.name, o.origin])).toEqual([
    ['emulator root key', unknown('API keys')],
    // made with its user by create_api_only_users, whose result names only the user
    ['mallory laptop', unknown('API keys')],
    ['ops key', unknown('API keys')],
    ['root spare', created(extraKey.activity.id, 'ACTIVITY_TYPE_CREATE_API_KEYS_V2', 4000)],
  ]);
  expect(kinds[2]!.objects).toEqual([
    {
      id: 'root-quorum',
      name: 'root quorum',
      status: 'unmanaged',
      origin: { ...created(quorum.activity.id, 'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM', 5000), event: 'changed' },
      declaration: `new walletinfra.RootQuorum("root-quorum", {\n  threshold: 1,\n  userIds: [\n    "${rootId}",\n    "${malloryId}",\n  ],\n  adopt: { id: "root-quorum" },\n});`,
    },
  ]);
  await Promise.all([root.close(), opsClient.close()]);
});
