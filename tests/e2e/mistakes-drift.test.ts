// `walletinfra-drift` (the built bin, through the real Pulumi CLI) on a stack whose service answers a
// mistake: an API key that expired at the service, and a service nobody answers at. A drift check is a
// refresh preview, which reads with the configuration the last `up` recorded (a setting changed since is
// not seen; tests/integration/provider/drift-mistakes.test.ts covers configuration mistakes of the impact reader).
// Each is reported on stderr once, as the provider words it, without a stack trace, with exit code 1 (the
// drift CLI's code for a stack it could not check).
import { join } from 'node:path';
import { generateApiKeyPair } from '@walletinfra/sdk';
import { runDrift } from '../support/e2e/drift';
import { occurrences, TRACE } from '../support/e2e/diagnostics';
import { REPO_ROOT } from '../support/e2e/process';
import { configureStack, startOrganization, type TestOrganization } from '../support/e2e/organization';
import { PulumiProject } from '../support/e2e/project';

// Generous: on a loaded 2-core machine one refresh preview can take minutes; nothing here waits on a timer.
jest.setTimeout(1_200_000);

let org: TestOrganization;
let project: PulumiProject;
/** How far the service's clock runs ahead of the system's. */
let skewMs = 0;
const expiring = generateApiKeyPair();

beforeAll(async () => {
  org = await startOrganization({ clock: () => Date.now() + skewMs });
  project = await PulumiProject.create('mistakes-drift', 'e2e', { programDir: join(REPO_ROOT, 'tests', 'e2e', 'programs', 'mistakes') });
  // A root user whose key lives an hour signs this stack's up, which records it for refresh. Made before the
  // stack is configured, so walletinfra-drift counts it with the seed (acknowledged), not as made by hand.
  const added = await org.admin('POST', '/users', {
    userName: 'expiring',
    root: true,
    apiKeys: [{ apiKeyName: 'an hour', publicKey: expiring.publicKey, expirationSeconds: '3600' }],
  });
  if (added.status !== 200) throw new Error(`admin users: ${JSON.stringify(added.json)}`);
  await configureStack(project, org);
  await project.setConfig('walletinfra:apiPublicKey', expiring.publicKey);
  await project.setConfig('walletinfra:apiPrivateKey', expiring.privateKey, true);
  await project.setConfig('policies', JSON.stringify([{ name: 'watched', policyName: 'drift: deny exports' }]));
  await project.up();
});

afterAll(async () => {
  project?.remove();
  await org?.close();
});

/** Runs the drift check; it must fail with exit 1 and print `message` once on stderr, nothing like a trace. */
async function expectDriftError(message: string): Promise<void> {
  const drift = await runDrift(project, ['--stack', project.stack]);
  const seen = { code: drift.code, count: occurrences(drift.stderr, message), stderr: drift.stderr };
  expect(seen).toEqual({ code: 1, count: 1, stderr: drift.stderr });
  expect(drift.stderr).toContain(`[drift] ${project.stack}: error: `);
  expect(`${drift.stdout}\n${drift.stderr}`).not.toMatch(TRACE);
}

test('the stack checks clean with a live key', async () => {
  const drift = await runDrift(project, ['--stack', project.stack]);
  expect([drift.code, drift.json]).toMatchObject([0, { mode: 'drift', summary: { drifted: 0, deletedOutsideCode: 0, clean: 1 } }]);
});

test('a key that expired at the service names the key, the organization and both key settings', async () => {
  skewMs = 3_601_000;
  await expectDriftError(
    `API key ${expiring.publicKey} (from stack config walletinfra:apiPublicKey) is not accepted by organization ${org.organizationId} ` +
      `(from stack config walletinfra:organizationId) at ${org.baseUrl} (walletinfra:baseUrl from stack config walletinfra:baseUrl): ` +
      'the key may have been deleted, revoked or expired',
  );
  skewMs = 0;
});

test('a service nobody answers at names the endpoint and the setting', async () => {
  const { baseUrl } = org;
  await org.close();
  await expectDriftError(
    `the service at ${baseUrl} (walletinfra:baseUrl from stack config walletinfra:baseUrl) could not be reached: check that ` +
      'it is running and that walletinfra:baseUrl is its address (a local emulator prints its own when it starts)',
  );
});
