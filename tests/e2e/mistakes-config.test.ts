// Configuration mistakes of a user's first week, through the real engine: each is answered before any
// request, once, without a stack trace, naming the setting, the value and the fix; after the fix, `up`
// converges and `preview --expect-no-changes` passes with nothing lost or duplicated.
import { join } from 'node:path';
import { REPO_ROOT } from './support/process';
import { configureStack, startOrganization, type TestOrganization } from './support/organization';
import { PulumiProject } from './support/project';

// Generous: on a loaded 2-core machine one `pulumi preview` can take minutes; nothing here waits on a timer.
jest.setTimeout(1_200_000);

const PROGRAM = join(REPO_ROOT, 'tests', 'e2e', 'programs', 'mistakes');

let org: TestOrganization;
let project: PulumiProject;

beforeAll(async () => {
  org = await startOrganization();
  project = await PulumiProject.create('mistakes-config', 'e2e', { programDir: PROGRAM });
  await configureStack(project, org);
  await project.setConfig('policies', JSON.stringify([{ name: 'deny-exports', policyName: 'mistakes: deny exports' }]));
  await project.setConfig('lookup', 'true');
});

afterAll(async () => {
  await project?.pulumi(['destroy', '--yes', '--skip-preview', '--stack', project.stack], [0, 255]);
  project?.remove();
  await org?.close();
});

/** Everything the user sees of a failed command. */
async function failing(args: readonly string[]): Promise<string> {
  const result = await project.pulumi([...args, '--stack', project.stack], [1, 255]);
  return `${result.stdout}\n${result.stderr}`;
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

/**
 * The message appears exactly once among the run's diagnostics (Pulumi also echoes an error on the progress
 * line above them), and nothing looks like a stack trace or an unhandled exception.
 */
function expectOnce(output: string, message: string): void {
  const diagnostics = (output.split('\nDiagnostics:\n')[1] ?? '').split(/\n(?:Resources|Outputs):\n/)[0] ?? '';
  const flat = diagnostics.replace(/\n\s+/g, ' ');
  expect({ count: occurrences(flat, message), output }).toEqual({ count: 1, output });
  expect({ errors: occurrences(flat, 'error: '), output }).toEqual({ errors: 1, output });
  expect(output).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)|unhandled exception|PromiseRejectionHandledWarning/);
}

async function policiesNamed(name: string): Promise<number> {
  return (await org.client.listPolicies()).policies.filter((p) => p.policyName === name).length;
}

test('a typo in a walletinfra:* key is refused before any request, with a did-you-mean', async () => {
  // The endpoint typo that used to fall back to production: the right key is removed, the typo set.
  await project.removeConfig('walletinfra:baseUrl');
  await project.setConfig('walletinfra:baseURL', org.baseUrl);
  const output = await failing(['preview']);
  expectOnce(
    output,
    'walletinfra configuration: unknown stack config key walletinfra:baseURL: did you mean walletinfra:baseUrl? Known keys: ' +
      'organizationId, apiPublicKey, apiPrivateKey, baseUrl, authProxyUrl, authProxyConfigId, onRampEncryptionPublicKey, ' +
      'requestTimeoutMs, maxRetries, retryBudgetMs, consensusTimeoutMs, maxConcurrentRequests, allowLoopbackWebhookUrls, profiles. ' +
      'Rename it: `pulumi config rm walletinfra:baseURL` then `pulumi config set walletinfra:baseUrl <value>`',
  );
  await project.removeConfig('walletinfra:baseURL');
  await project.setConfig('walletinfra:baseUrl', org.baseUrl);
});

test('organizationId set without the walletinfra: namespace is found and named', async () => {
  await project.removeConfig('walletinfra:organizationId');
  await project.setConfig('organizationId', org.organizationId);
  const output = await failing(['preview']);
  expectOnce(
    output,
    'walletinfra configuration: found stack config key walletinfra-baseline:organizationId, which the provider does not read: ' +
      'did you mean walletinfra:organizationId? Move it: `pulumi config rm walletinfra-baseline:organizationId` then ' +
      '`pulumi config set walletinfra:organizationId <value>`',
  );
  await project.removeConfig('organizationId');
  await project.setConfig('walletinfra:organizationId', org.organizationId);
});

test('baseUrl without a scheme, or ending in /public/v1, is refused naming the setting and the value', async () => {
  await project.setConfig('walletinfra:baseUrl', org.baseUrl.replace(/^http:\/\//, ''));
  expectOnce(
    await failing(['preview']),
    `walletinfra configuration: baseUrl from stack config walletinfra:baseUrl must be an absolute URL starting with http:// or https://, ` +
      `got "${org.baseUrl.replace(/^http:\/\//, '')}"; set it with \`pulumi config set walletinfra:baseUrl <value>\``,
  );
  await project.setConfig('walletinfra:baseUrl', `${org.baseUrl}/public/v1`);
  expectOnce(
    await failing(['preview']),
    `walletinfra configuration: baseUrl from stack config walletinfra:baseUrl must not end with /public/v1 (every operation's path ` +
      `starts with it); use ${org.baseUrl}, got "${org.baseUrl}/public/v1"; set it with \`pulumi config set walletinfra:baseUrl <value>\``,
  );
  await project.setConfig('walletinfra:baseUrl', `${org.baseUrl}/`);
});

test('a malformed number is one line naming setting, value and fix', async () => {
  await project.setConfig('walletinfra:requestTimeoutMs', '30s');
  expectOnce(
    await failing(['preview']),
    'walletinfra configuration: requestTimeoutMs from stack config walletinfra:requestTimeoutMs must be an integer >= 1 (milliseconds), ' +
      'got "30s"; set it with `pulumi config set walletinfra:requestTimeoutMs <value>`',
  );
  await project.removeConfig('walletinfra:requestTimeoutMs');
});

test('the API private key in plain config is refused with the exact --secret command', async () => {
  await project.setConfig('walletinfra:apiPrivateKey', org.apiPrivateKey);
  const output = await failing(['preview']);
  expectOnce(
    output,
    'walletinfra configuration: stack config walletinfra:apiPrivateKey holds a secret in plain text (Pulumi.<stack>.yaml is usually ' +
      'committed): encrypt it with `pulumi config set --secret walletinfra:apiPrivateKey <value>`, and rotate the key if the file was ever shared',
  );
  expect(output).not.toContain(org.apiPrivateKey);
  await project.setConfig('walletinfra:apiPrivateKey', org.apiPrivateKey, true);
});

test('after the fixes, up converges and a second preview shows no changes', async () => {
  await project.up();
  await project.pulumi(['preview', '--expect-no-changes', '--stack', project.stack]);
  expect(await policiesNamed('mistakes: deny exports')).toBe(1);
});
