// Upgrading @walletinfra/pulumi between two `up`s. The state stores only a tiny
// provider that loads the INSTALLED package (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/ "Which code version runs where"), so a new version
// must show no spurious diff, and refresh and destroy must run the new version's code, not a copy frozen in
// the state. The upgrade is simulated by installing a copy of the built provider with a bumped version into
// the project's own node_modules; that copy writes a marker line whenever its read or delete runs.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/e2e/process';
import { configureStack, startOrganization, type TestOrganization } from '../support/e2e/organization';
import { PulumiProject } from '../support/e2e/project';

// A cap, not a wait: the tests wait on pulumi's exit. The slowest test here took 43 s at load 4-6; a full
// `npm test` on 2 cores runs e2e files 2-3x slower than that, and a load of 10 more, so 300 s was too close.
jest.setTimeout(900_000);

const UPGRADED_VERSION = '0.2.0-e2e';

let org: TestOrganization;
let project: PulumiProject;
let marker: string;

/** The `__provider` text of every resource in the stack's state, by resource name. */
async function storedProviders(): Promise<Record<string, string>> {
  const exported = await project.pulumi(['stack', 'export', '--stack', project.stack]);
  const resources =
    (JSON.parse(exported.stdout) as { deployment: { resources?: Array<{ urn: string; outputs?: Record<string, unknown> }> } }).deployment
      .resources ?? [];
  const out: Record<string, string> = {};
  for (const r of resources) {
    const text = r.outputs?.__provider;
    if (typeof text === 'string') out[r.urn.split('::').pop() ?? r.urn] = text;
  }
  return out;
}

/** Installs a copy of provider/dist as version UPGRADED_VERSION, instrumented to log read and delete calls. */
function installUpgradedProvider(dir: string): void {
  const target = join(dir, 'node_modules', '@walletinfra', 'pulumi');
  mkdirSync(target, { recursive: true });
  cpSync(join(REPO_ROOT, 'provider', 'dist'), join(target, 'dist'), { recursive: true });
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'provider', 'package.json'), 'utf8')) as { version: string };
  writeFileSync(join(target, 'package.json'), JSON.stringify({ ...pkg, version: UPGRADED_VERSION }, null, 2));
  const runtime = join(target, 'dist', 'runtime', 'index.js');
  writeFileSync(
    runtime,
    `${readFileSync(runtime, 'utf8')}
// e2e instrumentation: record which installed version served read and delete.
for (const kind of ['policy', 'webhookEndpoint', 'fiatOnRampCredential']) {
  const original = exports[kind];
  const version = require('../../package.json').version;
  const log = (method, id) => require('fs').appendFileSync(process.env.E2E_PROVIDER_MARKER, version + ' ' + kind + '.' + method + ' ' + id + '\\n');
  exports[kind] = {
    ...original,
    read: (id, props) => { log('read', id); return original.read(id, props); },
    delete: (id, props) => { log('delete', id); return original.delete(id, props); },
  };
}
`,
  );
}

function markerLines(): string[] {
  return existsSync(marker) ? readFileSync(marker, 'utf8').trim().split('\n').sort() : [];
}

beforeAll(async () => {
  org = await startOrganization();
  project = await PulumiProject.create('upgrade');
  marker = join(project.dir, 'provider-calls.log');
  project.env.E2E_PROVIDER_MARKER = marker;
  await configureStack(project, org);
});

afterAll(async () => {
  project?.remove();
  await org?.close();
});

test('8. a new provider version shows no changes, and refresh and destroy run the installed code', async () => {
  // First up with the workspace's provider.
  await project.up();
  const outputs = await project.outputs();
  const ids = {
    signing: (outputs.policyIds as Record<string, string>).signingNeedsApprovals!,
    deny: (outputs.policyIds as Record<string, string>).denyPrivateKeyExports!,
    hook: outputs.webhookEndpointId as string,
    credential: outputs.fiatOnRampCredentialId as string,
  };
  const before = await storedProviders();
  expect(Object.keys(before).sort()).toEqual([
    'activity-updates',
    'deny-private-key-exports',
    'moonpay-sandbox',
    'organization-ip-allowlist',
    'signing-needs-approvals',
  ]);

  // Upgrade, then the second up: nothing to change, and the stored provider text is the same.
  installUpgradedProvider(project.dir);
  await project.pulumi(['preview', '--expect-no-changes', '--stack', project.stack]);
  await project.pulumi(['up', '--yes', '--expect-no-changes', '--stack', project.stack]);
  expect(await storedProviders()).toEqual(before);
  expect(markerLines()).toEqual([]);

  // refresh reads through the installed (upgraded) code...
  await project.pulumi(['refresh', '--yes', '--skip-preview', '--expect-no-changes', '--stack', project.stack]);
  expect(markerLines()).toEqual(
    [
      `${UPGRADED_VERSION} fiatOnRampCredential.read ${ids.credential}`,
      `${UPGRADED_VERSION} policy.read ${ids.deny}`,
      `${UPGRADED_VERSION} policy.read ${ids.signing}`,
      `${UPGRADED_VERSION} webhookEndpoint.read ${ids.hook}`,
    ].sort(),
  );

  // ...and so does destroy, which does not even run the program.
  writeFileSync(marker, '');
  await project.pulumi(['destroy', '--yes', '--skip-preview', '--stack', project.stack]);
  expect(markerLines()).toEqual(
    [
      `${UPGRADED_VERSION} fiatOnRampCredential.delete ${ids.credential}`,
      `${UPGRADED_VERSION} policy.delete ${ids.deny}`,
      `${UPGRADED_VERSION} policy.delete ${ids.signing}`,
      `${UPGRADED_VERSION} webhookEndpoint.delete ${ids.hook}`,
    ].sort(),
  );
  expect((await org.client.listWebhookEndpoints()).webhookEndpoints).toEqual([]);
  expect((await org.client.listFiatOnRampCredentials()).fiatOnRampCredentials).toEqual([]);
  const remaining = (await org.client.listPolicies()).policies.map((p) => p.policyId);
  expect(remaining).not.toContain(ids.signing);
  expect(remaining).not.toContain(ids.deny);
});
