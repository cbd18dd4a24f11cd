// The unmanaged-objects report against a real emulator over HTTP, read through the provider's own sessions:
// objects made by hand are reported with their creator and time from the activity history; objects from
// before the history (the emulator's admin API, like a seed) are "unknown": a user, an API key, a velocity
// control, or a change of the root quorum made by hand is named with who made it and when.
import { generateApiKeyPair, WalletInfraClient } from '@walletinfra/sdk';
import { main, type ChangeReport, type CliDeps, type UnmanagedReport } from '@walletinfra/pulumi/drift';
import type { AnyKind } from '@walletinfra/pulumi/resources/kind';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
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
  clock.advance(1000);
  const control = await root.createVelocityControl({
    name: 'signatures per day',
    identifier: 'daily_signatures',
    dataSource: { activityExecution: {} },
    aggregation: {
      method: 'VELOCITY_CONTROL_AGGREGATION_METHOD_COUNT',
      operator: 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL',
      threshold: '100',
      window: { infinite: {} },
      groupBy: { organization: {} },
    },
  });

  const stacks = {
    dev: {
      config: config(),
      state: deployment([resource(POLICY, 'ops-tags-keys', declared.result.policyId, { organizationId: emu.credentials.organizationId })]),
    },
  };

  // The CLI with the provider's kinds: who can act first, then the private-key tag by ops.
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
      '[drift] objects no stack declares, in the organizations of dev...\n[drift] unmanaged 11, acknowledged 0, managed 1 of 12\n',
  ]);
  const report = (JSON.parse(out.files['r.json'] ?? '{}') as ChangeReport).unmanaged as Extract<UnmanagedReport, { status: 'evaluated' }>;
  const kinds = report.organizations[0]!.kinds;
  expect(kinds.map((k) => [k.type, k.managed, k.unmanaged, k.total])).toEqual([
    ['UserTag', 0, 1, 1],
    ['User', 0, 3, 3],
    ['ApiKey', 0, 4, 4],
    ['RootQuorum', 0, 1, 1],
    ['Policy', 1, 0, 1],
    ['PrivateKeyTag', 0, 1, 1],
    ['SmartContractInterface', 0, 0, 0],
    ['VelocityControl', 0, 1, 1],
    ['IpAllowlist', 0, 0, 0],
    ['SessionProfile', 0, 0, 0],
    ['WebhookEndpoint', 0, 0, 0],
    ['FiatOnRampCredential', 0, 0, 0],
  ]);
  const rootUser = { userId: rootId, userName: 'root' };
  const created = (activityId: string, activityType: string, offset: number, by = [rootUser]) => ({
    known: true,
    event: 'created',
    activityId,
    activityType,
    at: at(offset),
    by,
  });
  const unknown = (plural: string) => ({
    known: false,
    reason: `no completed activity that creates ${plural} names it in the organization's history`,
  });
  const kind = (type: string) => kinds.find((k) => k.type === type)!;
  expect(kind('UserTag').objects.map((o) => [o.id, o.name, o.origin])).toEqual([[ops.userTags[0], 'ops', unknown('user tags')]]);
  expect(kind('User').objects.map((o) => [o.name, o.origin])).toEqual([
    ['mallory', created(mallory.activity.id, 'ACTIVITY_TYPE_CREATE_API_ONLY_USERS', 3000)],
    ['ops', unknown('users')],
    ['root', unknown('users')],
  ]);
  expect(kind('ApiKey').objects.map((o) => [o.name, o.origin])).toEqual([
    ['emulator root key', unknown('API keys')],
    // made with its user by create_api_only_users, whose result names only the user
    ['mallory laptop', unknown('API keys')],
    ['ops key', unknown('API keys')],
    ['root spare', created(extraKey.activity.id, 'ACTIVITY_TYPE_CREATE_API_KEYS_V2', 4000)],
  ]);
  expect(kind('RootQuorum').objects).toEqual([
    {
      id: 'rootQuorum',
      name: 'root-quorum',
      status: 'unmanaged',
      origin: { ...created(quorum.activity.id, 'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM', 5000), event: 'changed' },
      declaration: `new walletinfra.RootQuorum("root-quorum", {\n  threshold: 1,\n  userIds: [\n    "${[rootId, malloryId].sort().join('",\n    "')}",\n  ],\n  adopt: { id: "rootQuorum" },\n});`,
    },
  ]);
  expect(kind('PrivateKeyTag').objects.map((o) => [o.id, o.name, o.status, o.origin])).toEqual([
    [
      tag.result.privateKeyTagId,
      'hot',
      'unmanaged',
      created(tag.activity.id, 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', 2000, [{ userId: ops.userId, userName: 'ops' }]),
    ],
  ]);
  expect(kind('VelocityControl').objects.map((o) => [o.id, o.name, o.status, o.origin])).toEqual([
    [
      control.result.velocityControlId,
      'signatures per day',
      'unmanaged',
      created(control.activity.id, 'ACTIVITY_TYPE_CREATE_VELOCITY_CONTROL', 6000),
    ],
  ]);
  const md = out.files['r.md'] ?? '';
  expect(md).toContain(
    `| \`hot\` | \`${tag.result.privateKeyTagId}\` | ${at(2000)}, \`ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG\` (\`${tag.activity.id}\`) | \`ops\` (\`${ops.userId}\`) |`,
  );
  expect(md).toContain(
    `| \`root-quorum\` | \`rootQuorum\` | changed ${at(5000)}, \`ACTIVITY_TYPE_UPDATE_ROOT_QUORUM\` (\`${quorum.activity.id}\`) | \`root\` (\`${rootId}\`) |`,
  );
  await Promise.all([root.close(), opsClient.close()]);
});
