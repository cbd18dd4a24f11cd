// Upgrading @walletinfra/pulumi from the previous release to this one under a stack holding every resource
// kind. The state stores only a tiny provider that loads the INSTALLED package (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/
// "Which code version runs where"), so the stack the previous release wrote must preview and refresh without
// changes, update and destroy with the new code, and keep its serialized providers byte for byte. The previous
// release is built from git history (support/e2e/release.ts) and installed with its own sdk into the project's
// node_modules; the upgrade replaces both with a copy of the workspace's built provider under a bumped version.
// Each installed copy writes a marker line whenever its create, read, update or delete runs.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/e2e/process';
import { ONRAMP_SECRET, configureStack, startOrganization, type TestOrganization } from '../support/e2e/organization';
import { PulumiProject, nameOf } from '../support/e2e/project';
import { PREVIOUS_RELEASE, buildRelease, type BuiltRelease } from '../support/e2e/release';

// A cap, not a wait: the tests wait on pulumi's exit. This file took 45-60 s at load 10, plus 45 s the first
// time (building the previous release); a full `npm test` on 2 cores runs e2e files 2-3x slower than that.
jest.setTimeout(900_000);

const UPGRADED_VERSION = '0.2.0-e2e';
const MEMBERS = ['policy', 'webhookEndpoint', 'fiatOnRampCredential', 'ipAllowlist', 'privateKeyTag', 'sessionProfile'];
/** Resource name -> the runtime member serving it, as tests/e2e/programs/all-kinds declares them. */
const KIND_OF: Record<string, string> = {
  'signing-needs-approvals': 'policy',
  'activity-updates': 'webhookEndpoint',
  'moonpay-sandbox': 'fiatOnRampCredential',
  organization: 'ipAllowlist',
  'cold-keys': 'privateKeyTag',
  'read-only': 'sessionProfile',
};

let previous: BuiltRelease;
let org: TestOrganization;
let project: PulumiProject;
let marker: string;
/** The service before the first `up`: the emulator's seed and the two private keys the tag holds. */
let seeded: ServiceObjects;

interface StoredResource {
  id: string;
  outputs: Record<string, unknown>;
}

/**
 * The stack's dynamic resources by name, from `pulumi stack export`. Secret outputs are decrypted, since every
 * write of the state encrypts them anew; they hold the sealed on-ramp key and its fingerprint, never the secret
 * itself (only the inputs do, as a Pulumi secret), so no comparison here can print it.
 */
async function storedResources(): Promise<Record<string, StoredResource>> {
  const exported = await project.pulumi(['stack', 'export', '--show-secrets', '--stack', project.stack]);
  const { resources = [] } = (
    JSON.parse(exported.stdout) as {
      deployment: { resources?: Array<{ urn: string; id?: string; outputs?: Record<string, unknown> }> };
    }
  ).deployment;
  const out: Record<string, StoredResource> = {};
  for (const r of resources) {
    if (!r.urn.includes('pulumi-nodejs:dynamic/')) continue;
    expect(JSON.stringify(r.outputs)).not.toContain(ONRAMP_SECRET);
    out[nameOf(r.urn)] = { id: r.id ?? '', outputs: r.outputs ?? {} };
  }
  return out;
}

function providerTexts(resources: Record<string, StoredResource>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(resources).map(([name, r]) => [name, r.outputs.__provider]));
}

type ServiceObjects = Awaited<ReturnType<typeof serviceObjects>>;

/** Every object the program manages, as the service reports it, and the activities so far (none appear without a write). */
async function serviceObjects() {
  const c = org.client;
  return {
    policies: (await c.listPolicies()).policies,
    webhookEndpoints: (await c.listWebhookEndpoints()).webhookEndpoints,
    fiatOnRampCredentials: (await c.listFiatOnRampCredentials()).fiatOnRampCredentials,
    ipAllowlist: (await c.getIpAllowlist()).allowlist,
    privateKeyTags: (await c.listPrivateKeyTags()).privateKeyTags,
    privateKeys: (await c.listPrivateKeys()).privateKeys,
    sessionProfiles: (await c.getSessionProfiles()).sessionProfiles,
    activities: (await c.listActivities({ paginationOptions: { limit: '100' } })).activities.map((a) => a.id),
  };
}

/**
 * Installs a built provider into the project's node_modules as `version`, instrumented to log its writes and
 * reads, with `sdkDir` as its @walletinfra/sdk (the workspace's when omitted): what npm leaves after an install.
 */
function installProvider(providerDir: string, version: string, sdkDir?: string): void {
  const scope = join(project.dir, 'node_modules', '@walletinfra');
  rmSync(scope, { recursive: true, force: true });
  const target = join(scope, 'pulumi');
  mkdirSync(target, { recursive: true });
  if (sdkDir !== undefined) symlinkSync(sdkDir, join(scope, 'sdk'));
  cpSync(join(providerDir, 'dist'), join(target, 'dist'), { recursive: true });
  const pkg = JSON.parse(readFileSync(join(providerDir, 'package.json'), 'utf8')) as { version: string };
  writeFileSync(join(target, 'package.json'), JSON.stringify({ ...pkg, version }, null, 2));
  const runtime = join(target, 'dist', 'runtime', 'index.js');
  writeFileSync(
    runtime,
    `${readFileSync(runtime, 'utf8')}
// e2e instrumentation: record which installed version served each create, read, update and delete.
for (const kind of ${JSON.stringify(MEMBERS)}) {
  const original = exports[kind];
  const version = require('../../package.json').version;
  const log = (method, id) => require('fs').appendFileSync(process.env.E2E_PROVIDER_MARKER, version + ' ' + kind + '.' + method + ' ' + id + '\\n');
  exports[kind] = Object.assign(Object.create(original), {
    create: async (inputs) => { const result = await original.create(inputs); log('create', result.id); return result; },
    read: (id, props) => { log('read', id); return original.read(id, props); },
    update: (id, olds, news) => { log('update', id); return original.update(id, olds, news); },
    delete: (id, props) => { log('delete', id); return original.delete(id, props); },
  });
}
`,
  );
}

/** The marker lines written since the last call, sorted (resources run concurrently). */
function takeMarkerLines(): string[] {
  const lines = existsSync(marker) ? readFileSync(marker, 'utf8').trim().split('\n').filter(Boolean).sort() : [];
  writeFileSync(marker, '');
  return lines;
}

/** `<version> <member>.<method> <id>` for each resource name, sorted. */
function calls(version: string, method: string, ids: Record<string, string>): string[] {
  return Object.entries(ids)
    .map(([name, id]) => `${version} ${KIND_OF[name]}.${method} ${id}`)
    .sort();
}

beforeAll(async () => {
  previous = await buildRelease(PREVIOUS_RELEASE);
  org = await startOrganization();
  org.emulator.seed({ privateKeys: [{ privateKeyName: 'k1' }, { privateKeyName: 'k2' }] });
  const keyIds = new Map((await org.client.listPrivateKeys({})).privateKeys.map((k) => [k.privateKeyName, k.privateKeyId]));
  project = await PulumiProject.create('upgrade', 'e2e', { programDir: join(REPO_ROOT, 'tests', 'e2e', 'programs', 'all-kinds') });
  marker = join(project.dir, 'provider-calls.log');
  project.env.E2E_PROVIDER_MARKER = marker;
  await configureStack(project, org);
  await project.setConfig('privateKeyIds', JSON.stringify({ k1: keyIds.get('k1'), k2: keyIds.get('k2') }));
  seeded = await serviceObjects();
});

afterAll(async () => {
  project?.remove();
  await org?.close();
});

test('8. a stack the previous release wrote previews and refreshes without changes, and updates and destroys with the installed new code', async () => {
  // The previous release writes the stack: its code created every object.
  installProvider(previous.providerDir, previous.version, previous.sdkDir);
  await project.up();
  const written = await storedResources();
  const ids = Object.fromEntries(Object.entries(written).map(([name, r]) => [name, r.id]));
  expect(Object.keys(ids).sort()).toEqual(Object.keys(KIND_OF).sort());
  expect(takeMarkerLines()).toEqual(calls(previous.version, 'create', ids));
  const providers = providerTexts(written);
  for (const text of Object.values(providers)) expect(text).toMatch(/require\('@walletinfra\/pulumi\/dist\/runtime'\)/);
  const service = await serviceObjects();

  // Upgrade: the stack previews without changes and refresh reads every object through the new code, and
  // neither the state nor the service changes.
  installProvider(join(REPO_ROOT, 'provider'), UPGRADED_VERSION);
  await project.pulumi(['preview', '--expect-no-changes', '--stack', project.stack]);
  expect(takeMarkerLines()).toEqual([]);
  await project.pulumi(['refresh', '--yes', '--skip-preview', '--expect-no-changes', '--stack', project.stack]);
  expect(takeMarkerLines()).toEqual(calls(UPGRADED_VERSION, 'read', ids));
  expect(await storedResources()).toEqual(written);
  expect(await serviceObjects()).toEqual(service);

  // The new code writes: one property updated in place, one forcing a replacement. What it stores is the
  // same serialized provider the previous release stored.
  project.editProgram("consensus: 'approvers.count() >= 2'", "consensus: 'approvers.count() >= 3'");
  project.editProgram("subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }]", "subscriptions: [{ eventType: 'BALANCE_CONFIRMED_UPDATES' }]");
  await project.up();
  const updated = await storedResources();
  const hook = updated['activity-updates']!.id;
  expect(hook).not.toBe(ids['activity-updates']);
  expect(takeMarkerLines()).toEqual(
    [
      ...calls(UPGRADED_VERSION, 'update', { 'signing-needs-approvals': ids['signing-needs-approvals']! }),
      ...calls(UPGRADED_VERSION, 'create', { 'activity-updates': hook }),
      ...calls(UPGRADED_VERSION, 'delete', { 'activity-updates': ids['activity-updates']! }),
    ].sort(),
  );
  expect(providerTexts(updated)).toEqual(providers);
  const policy = (await org.client.listPolicies()).policies.find((p) => p.policyId === ids['signing-needs-approvals']);
  expect(policy?.consensus).toBe('approvers.count() >= 3');
  expect(
    (await org.client.listWebhookEndpoints()).webhookEndpoints.map((e) => [e.endpointId, (e.subscriptions ?? []).map((s) => s.eventType)]),
  ).toEqual([[hook, ['BALANCE_CONFIRMED_UPDATES']]]);

  // After the new code's own writes, nothing is left to change.
  const serviceAfterUpdate = await serviceObjects();
  await project.pulumi(['preview', '--expect-no-changes', '--stack', project.stack]);
  expect(takeMarkerLines()).toEqual([]);
  expect(await serviceObjects()).toEqual(serviceAfterUpdate);

  // destroy runs the installed code too, without the program. The organization is then as the seed made it,
  // but for the adopted allowlist, which is removed (docs/service-behaviour.md#ip-allowlist), and the session
  // profile, which the service cannot delete (docs/service-behaviour.md#session-profiles); the run says so.
  const destroyed = await project.pulumi(['destroy', '--yes', '--skip-preview', '--stack', project.stack]);
  expect(takeMarkerLines()).toEqual(calls(UPGRADED_VERSION, 'delete', { ...ids, 'activity-updates': hook }));
  expect(`${destroyed.stdout}\n${destroyed.stderr}`).toContain(
    `session profile ${ids['read-only']} "read-only" was left in place in organization ${org.organizationId}`,
  );
  const left = await serviceObjects();
  const tagsOfKeys = (o: ServiceObjects) => o.privateKeys.map((k) => [k.privateKeyId, k.privateKeyTags]);
  expect({
    ...left,
    sessionProfiles: left.sessionProfiles.filter((p) => p.sessionProfileId !== ids['read-only']),
    privateKeys: tagsOfKeys(left),
    activities: [],
  }).toEqual({ ...seeded, ipAllowlist: { ...seeded.ipAllowlist, rules: [] }, privateKeys: tagsOfKeys(seeded), activities: [] });
  expect(left.sessionProfiles.filter((p) => p.sessionProfileId === ids['read-only'])).toHaveLength(1);
});
