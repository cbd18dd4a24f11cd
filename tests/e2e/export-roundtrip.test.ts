// walletinfra-export round trip through the real Pulumi CLI: an emulator holding every kind of object is
// exported (twice: identical files), the generated project runs as written (its dependencies resolve from
// the workspace, as `npm install` of the pinned versions would), `pulumi up` adopts everything and creates
// nothing, `pulumi preview --expect-no-changes` passes, and an edit of the generated code previews as an
// update of exactly that object. Destroy then says that session profiles and the root quorum are left in place,
// and keeps the user and key the export signed with (retainOnDelete).
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '@walletinfra/emulator';
import { encryptOnRampSecret, WalletInfraClient } from '@walletinfra/sdk';
import { DISK, runExport } from '@walletinfra/pulumi/export/cli';
import { REPO_ROOT } from '../support/e2e/process';
import { PulumiProject, nameOf } from '../support/e2e/project';

jest.setTimeout(600_000);

const ONRAMP_SECRET = 'sk_test_export_0a1b2c3d4e5f';
const WEBHOOK_URL = 'http://127.0.0.1:9/walletinfra-export-hooks';

let emulator: RunningEmulator;
let client: WalletInfraClient;
let work: string;
let project: PulumiProject;
let env: Record<string, string>;
const stderr: string[] = [];

async function exportTo(dir: string): Promise<Record<string, string>> {
  const code = await runExport(['--out', dir], {
    env,
    stdout: () => undefined,
    stderr: (t) => stderr.push(t),
    ...DISK,
  });
  expect(code).toBe(0);
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
  );
}

/** Every object id the organization holds, by kind. */
async function inventory(): Promise<Record<string, string[]>> {
  const [p, w, f, t, s, k, org] = await Promise.all([
    client.listPolicies({}),
    client.listWebhookEndpoints({}),
    client.listFiatOnRampCredentials({}),
    client.listPrivateKeyTags({}),
    client.getSessionProfiles({}),
    client.listPrivateKeys({}),
    client.getIpAllowlist({}),
  ]);
  return {
    policies: p.policies.map((x) => x.policyId).sort(),
    webhookEndpoints: w.webhookEndpoints.map((x) => x.endpointId).sort(),
    fiat: f.fiatOnRampCredentials.map((x) => x.fiatOnrampCredentialId).sort(),
    tags: t.privateKeyTags.map((x) => x.tagId).sort(),
    sessionProfiles: s.sessionProfiles.map((x) => x.sessionProfileId).sort(),
    privateKeyTagMembers: k.privateKeys.map((x) => `${x.privateKeyId}:${x.privateKeyTags.sort().join(',')}`).sort(),
    ipAllowlist: org.allowlist.rules.map((r) => `${r.cidr} ${r.label ?? ''}`),
    users: (await client.listUsers({})).users
      .map((u) => `${u.userId} ${u.userName} ${u.userEmail ?? ''} ${[...u.userTags].sort().join(',')}`)
      .sort(),
    apiKeys: (await client.getApiKeys({})).apiKeys.map((k) => `${k.apiKeyId} ${k.apiKeyName} ${k.credential.publicKey}`).sort(),
    userTags: (await client.listUserTags({})).userTags.map((t) => `${t.tagId} ${t.tagName}`).sort(),
    rootQuorum: [JSON.stringify((await client.getOrganizationConfigs({})).configs.quorum)],
    keyAllowlists: (
      await Promise.all(
        (await client.getApiKeys({})).apiKeys.map(async (k) => {
          const { allowlist } = await client.getIpAllowlist({ publicKey: k.credential.publicKey });
          return `${k.apiKeyName}: ${allowlist.rules.map((r) => r.cidr).join(',')} ${allowlist.onEvaluationError}`;
        }),
      )
    ).sort(),
  };
}

beforeAll(async () => {
  const seed = JSON.parse(readFileSync(join(REPO_ROOT, 'emulator', 'seeds', 'example.json'), 'utf8')) as Record<string, unknown>;
  seed.privateKeys = [
    { privateKeyName: 'cold-1', tags: ['cold-storage'] },
    { privateKeyName: 'hot-1', tags: ['hot-wallet'] },
  ];
  seed.ipAllowlist = { enabled: false, rules: [{ cidr: '203.0.113.0/24', label: 'office' }, { cidr: '2001:db8::/48' }] };
  emulator = await startEmulator({ seed, allowLoopbackWebhooks: true, deliveryMode: 'manual' });
  const c = emulator.credentials;
  client = new WalletInfraClient({
    baseUrl: emulator.baseUrl,
    organizationId: c.organizationId,
    apiPublicKey: c.apiPublicKey,
    apiPrivateKey: c.apiPrivateKey,
  });
  // What the seed format has no place for: a webhook endpoint, an on-ramp credential, a per-key allowlist.
  await client.createWebhookEndpoint({
    url: WEBHOOK_URL,
    name: 'Ops hooks',
    subscriptions: [{ eventType: 'ACTIVITY_UPDATES', filtersJson: '{"b":1, "a":[2]}' }],
  });
  await client.createFiatOnRampCredential({
    onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
    publishableApiKey: 'pk_test_export',
    encryptedSecretApiKey: encryptOnRampSecret(ONRAMP_SECRET, emulator.onRampEncryptionPublicKey),
    sandboxMode: true,
  });
  const keyOf = async (name: string) =>
    (await client.getApiKeys({})).apiKeys.find((k) => k.apiKeyName === name)?.credential.publicKey as string;
  await client.setIpAllowlist({ publicKey: await keyOf('bob ci key'), rules: [{ cidr: '198.51.100.7/32', label: 'ci runner' }] });
  // A list without rules that still reads as one (docs/service-behaviour.md#ip-allowlist).
  await client.setIpAllowlist({ publicKey: await keyOf('alice laptop'), rules: [], onEvaluationError: 'ALLOW' });
  await client.createSessionProfile({ sessionProfileName: 'Read only', scope: "activity.action != 'EXPORT'", expirationSeconds: '1800' });
  env = {
    WALLETINFRA_ORGANIZATION_ID: c.organizationId,
    WALLETINFRA_API_PUBLIC_KEY: c.apiPublicKey,
    WALLETINFRA_API_PRIVATE_KEY: c.apiPrivateKey,
    WALLETINFRA_BASE_URL: emulator.baseUrl,
  };
  work = join(REPO_ROOT, '.data', 'e2e', `export-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
});

afterAll(async () => {
  if (process.env.WALLETINFRA_E2E_KEEP !== '1') rmSync(work, { recursive: true, force: true });
  await client?.close();
  await emulator?.close();
});

let before: Record<string, string[]>;

test('1. exporting twice writes identical files; every kind is declared and adopted; secrets come from config', async () => {
  const first = await exportTo(join(work, 'project'));
  const second = await exportTo(join(work, 'again'));
  expect(second).toEqual(first);
  expect(Object.keys(first)).toEqual(['Pulumi.yaml', 'README.md', 'index.ts', 'package.json', 'tsconfig.json']);
  const index = first['index.ts'] as string;
  for (const type of [
    'Policy',
    'WebhookEndpoint',
    'FiatOnRampCredential',
    'IpAllowlist',
    'PrivateKeyTag',
    'SessionProfile',
    'UserTag',
    'User',
    'ApiKey',
    'RootQuorum',
  ]) {
    expect(index).toContain(`new walletinfra.${type}(`);
  }
  // the export's own user and key, and the root users, outlive the exported stack
  expect(index).toMatch(
    /\/\/ The user this export signed with and a root user: `pulumi destroy` and removing it from the program leave it in the organization\.\nnew walletinfra\.User\("root", \{\n {2}userName: "root",\n {2}adopt: \{ id: "[0-9a-f-]+" \},\n\}, \{ retainOnDelete: true \}\);/,
  );
  expect(index).toMatch(
    /new walletinfra\.RootQuorum\("root-quorum", \{\n {2}threshold: 1,\n {2}userIds: \[\n {4}"[0-9a-f-]+",\n {2}\],\n {2}adopt: \{ id: "rootQuorum" \},\n\}\);/,
  );
  expect(index).toContain('filtersJson: "{\\"b\\":1, \\"a\\":[2]}"');
  expect(index).toMatch(
    /new walletinfra\.IpAllowlist\("api-key-alice-laptop", \{\n {2}publicKey: "[0-9a-f]+",\n {2}rules: \[\],\n {2}onEvaluationError: "ALLOW",\n/,
  );
  expect(index).toContain('secretApiKey: config.requireSecret("moonpayPkTestExportSecretApiKey")');
  expect(index).not.toContain(ONRAMP_SECRET);
  expect(first['README.md']).toContain('pulumi config set --secret moonpayPkTestExportSecretApiKey <secret API key>');
  expect(
    (JSON.parse(first['package.json'] as string) as { dependencies: Record<string, string> }).dependencies['@walletinfra/pulumi'],
  ).toBe('0.1.0');
  expect(stderr.join('')).toContain('1 secret(s) to set before `pulumi up`');
  before = await inventory();
});

test('2. up adopts everything and creates nothing; preview --expect-no-changes passes', async () => {
  project = await PulumiProject.open(join(work, 'project'));
  await project.setConfig('walletinfra:organizationId', env.WALLETINFRA_ORGANIZATION_ID as string);
  await project.setConfig('walletinfra:apiPublicKey', env.WALLETINFRA_API_PUBLIC_KEY as string);
  await project.setConfig('walletinfra:apiPrivateKey', env.WALLETINFRA_API_PRIVATE_KEY as string, true);
  await project.setConfig('walletinfra:baseUrl', emulator.baseUrl);
  await project.setConfig('walletinfra:onRampEncryptionPublicKey', emulator.onRampEncryptionPublicKey);
  await project.setConfig('walletinfra:allowLoopbackWebhookUrls', 'true');
  await project.setConfig('moonpayPkTestExportSecretApiKey', ONRAMP_SECRET, true);
  await project.up();
  expect(await inventory()).toEqual(before);
  await project.pulumi(['preview', '--expect-no-changes', '--stack', project.stack]);
});

test('3. an edit of the generated code previews as an update of exactly that object', async () => {
  project.editProgram('notes: "key material never leaves the service"', 'notes: "edited in code"');
  const { digest } = await project.json(['preview']);
  const changed = digest.steps.filter((s) => s.op !== 'same' && s.urn.includes('pulumi-nodejs:dynamic/'));
  expect(changed.map((s) => [s.op, nameOf(s.urn), s.diffReasons])).toEqual([['update', 'seed-no-exports', ['notes']]]);
});

test('4. destroy deletes what the service can delete and says that session profiles and the root quorum stay; the own credentials and root users are kept', async () => {
  const result = await project.pulumi(['destroy', '--yes', '--skip-preview', '--stack', project.stack]);
  expect(`${result.stdout}\n${result.stderr}`).toMatch(/session profile [0-9a-f-]+ "Read only" was left in place/);
  expect(`${result.stdout}\n${result.stderr}`).toContain('the root quorum of organization');
  expect((await client.listUsers({})).users.map((u) => u.userName)).toEqual(['root']);
  expect((await client.getApiKeys({})).apiKeys.map((k) => k.credential.publicKey)).toEqual([env.WALLETINFRA_API_PUBLIC_KEY]);
  expect((await client.getSessionProfiles({})).sessionProfiles.map((s) => s.sessionProfileId).sort()).toEqual(before.sessionProfiles);
  expect((await client.listPolicies({})).policies).toEqual([]);
});
