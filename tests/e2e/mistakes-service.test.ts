// Mistakes the service answers, through the real engine: the service not running while the program reads a
// data source, a wrong organization id, a policy name a hand-made policy holds, two resources adopting one
// policy, a webhook endpoint with no subscriptions. Each gets one message naming the setting or field and
// the fix; after the fix, `up` converges and `preview --expect-no-changes` passes with nothing lost.
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
  project = await PulumiProject.create('mistakes-service', 'e2e', { programDir: PROGRAM });
  await configureStack(project, org);
});

afterAll(async () => {
  await project?.pulumi(['destroy', '--yes', '--skip-preview', '--stack', project.stack], [0, 255]);
  project?.remove();
  await org?.close();
});

async function failing(args: readonly string[]): Promise<string> {
  const result = await project.pulumi([...args, '--stack', project.stack], [1, 255]);
  return `${result.stdout}\n${result.stderr}`;
}

function diagnosticsOf(output: string): string {
  const diagnostics = (output.split('\nDiagnostics:\n')[1] ?? '').split(/\n(?:Resources|Outputs):\n/)[0] ?? '';
  return diagnostics.replace(/\n\s+/g, ' ');
}

function expectOnce(output: string, message: string): void {
  const flat = diagnosticsOf(output);
  expect({ count: flat.split(message).length - 1, output }).toEqual({ count: 1, output });
  expect(output).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)|unhandled exception|PromiseRejectionHandledWarning/);
}

async function policies(name: string) {
  return (await org.client.listPolicies()).policies.filter((p) => p.policyName === name);
}

test('the service is not running: the lookup fails in seconds, attributed to it, once', async () => {
  await project.setConfig('lookup', 'true');
  await project.setConfig('walletinfra:baseUrl', 'http://127.0.0.1:9');
  await project.setConfig('walletinfra:maxRetries', '0');
  const output = await failing(['preview']);
  expectOnce(
    output,
    'getPolicies: the service at http://127.0.0.1:9 (walletinfra:baseUrl from stack config walletinfra:baseUrl) could not be reached: ' +
      'check that it is running and that walletinfra:baseUrl is its address (a local emulator prints its own when it starts)',
  );
  await project.setConfig('walletinfra:baseUrl', org.baseUrl);
  await project.removeConfig('walletinfra:maxRetries');
});

test('a wrong organization id names the id, where it came from and what to check', async () => {
  const wrong = '0b7a3c55-1d2e-4f60-8a9b-112233445566';
  await project.setConfig('walletinfra:organizationId', wrong);
  expectOnce(
    await failing(['preview']),
    `getPolicies: organization ${wrong} (from stack config walletinfra:organizationId) does not exist at ${org.baseUrl} ` +
      `(walletinfra:baseUrl from stack config walletinfra:baseUrl): check that the organization id is right`,
  );
  await project.setConfig('walletinfra:organizationId', org.organizationId);
  await project.setConfig('lookup', 'false');
});

test('a name held by a hand-made policy: the id and the adopt line; the line then works', async () => {
  const { policyId } = (await org.client.createPolicy({ policyName: 'by hand', effect: 'EFFECT_DENY', notes: 'hand-made' })).result;
  await project.setConfig('policies', JSON.stringify([{ name: 'hand', policyName: 'by hand' }]));
  expectOnce(
    await failing(['up', '--yes', '--skip-preview']),
    `policyName "by hand" is already taken by policy ${policyId} in organization ${org.organizationId}. This stack does not manage it. ` +
      `To manage that policy with this resource, add \`adopt: { id: '${policyId}' }\` to it`,
  );
  await project.setConfig('policies', JSON.stringify([{ name: 'hand', policyName: 'by hand', adopt: { id: policyId } }]));
  await project.up();
  await project.pulumi(['preview', '--expect-no-changes', '--stack', project.stack]);
  expect((await policies('by hand')).map((p) => p.policyId)).toEqual([policyId]);
});

test('two resources adopting one policy are refused, naming both; nothing is deleted', async () => {
  const [held] = await policies('by hand');
  await project.setConfig(
    'policies',
    JSON.stringify([
      { name: 'hand', policyName: 'by hand', adopt: { id: held!.policyId } },
      { name: 'hand-again', policyName: 'by hand 2', adopt: { id: held!.policyId } },
    ]),
  );
  expectOnce(
    await failing(['preview']),
    `Policy "hand-again" declares adopt.id "${held!.policyId}", which Policy "hand" already declares: an object has one owner in a stack`,
  );
  await project.setConfig('policies', JSON.stringify([{ name: 'hand', policyName: 'by hand', adopt: { id: held!.policyId } }]));
  await project.pulumi(['preview', '--expect-no-changes', '--stack', project.stack]);
  expect((await policies('by hand')).map((p) => p.policyId)).toEqual([held!.policyId]);
});

test('a webhook endpoint with no subscriptions is refused at check with what to subscribe to', async () => {
  await project.setConfig('hooks', JSON.stringify([{ name: 'silent', subscriptions: [] }]));
  expectOnce(
    await failing(['preview']),
    'is empty, so the endpoint would receive no events: subscribe to at least one event type, e.g. [{ eventType: "ACTIVITY_UPDATES" }]',
  );
  await project.setConfig('hooks', JSON.stringify([{ name: 'silent', subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }] }]));
  await project.up();
  await project.pulumi(['preview', '--expect-no-changes', '--stack', project.stack]);
  expect((await org.client.listWebhookEndpoints()).webhookEndpoints.filter((e) => e.name === 'silent').length).toBe(1);
});
