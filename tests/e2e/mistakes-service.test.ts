// Mistakes the service answers, through the real engine: the service not running while the program reads a
// data source, a wrong organization id, a policy name a hand-made policy holds, two resources adopting one
// policy, a webhook endpoint with no subscriptions. Each gets one message naming the setting or field and
// the fix; after the fix, `up` converges and `preview --expect-no-changes` passes with nothing lost.
import { expectOnce, failingOutput } from '../support/e2e/diagnostics';
import { useTestStack } from '../support/e2e/stack';

// Generous: on a loaded 2-core machine one `pulumi preview` can take minutes; nothing here waits on a timer.
jest.setTimeout(1_200_000);

const e2e = useTestStack('mistakes-service', { program: 'mistakes', destroy: true });

async function policies(name: string) {
  return (await e2e.org.client.listPolicies()).policies.filter((p) => p.policyName === name);
}

test('the service is not running: the lookup fails in seconds, attributed to it, once', async () => {
  await e2e.project.setConfig('lookup', 'true');
  await e2e.project.setConfig('walletinfra:baseUrl', 'http://127.0.0.1:9');
  await e2e.project.setConfig('walletinfra:maxRetries', '0');
  const output = await failingOutput(e2e.project, ['preview']);
  expectOnce(
    output,
    'getPolicies: the service at http://127.0.0.1:9 (walletinfra:baseUrl from stack config walletinfra:baseUrl) could not be reached: ' +
      'check that it is running and that walletinfra:baseUrl is its address (a local emulator prints its own when it starts)',
  );
  await e2e.project.setConfig('walletinfra:baseUrl', e2e.org.baseUrl);
  await e2e.project.removeConfig('walletinfra:maxRetries');
});

test('a wrong organization id names the id, where it came from and what to check', async () => {
  const wrong = '0b7a3c55-1d2e-4f60-8a9b-112233445566';
  await e2e.project.setConfig('walletinfra:organizationId', wrong);
  expectOnce(
    await failingOutput(e2e.project, ['preview']),
    `getPolicies: organization ${wrong} (from stack config walletinfra:organizationId) does not exist at ${e2e.org.baseUrl} ` +
      `(walletinfra:baseUrl from stack config walletinfra:baseUrl): check that the organization id is right`,
  );
  await e2e.project.setConfig('walletinfra:organizationId', e2e.org.organizationId);
  await e2e.project.setConfig('lookup', 'false');
});

test('a name held by a hand-made policy: the id and the adopt line; the line then works', async () => {
  const { policyId } = (await e2e.org.client.createPolicy({ policyName: 'by hand', effect: 'EFFECT_DENY', notes: 'hand-made' })).result;
  await e2e.project.setConfig('policies', JSON.stringify([{ name: 'hand', policyName: 'by hand' }]));
  expectOnce(
    await failingOutput(e2e.project, ['up', '--yes', '--skip-preview']),
    `policyName "by hand" is already taken by policy ${policyId} in organization ${e2e.org.organizationId}. This stack does not manage it. ` +
      `To manage that policy with this resource, add \`adopt: { id: '${policyId}' }\` to it`,
  );
  await e2e.project.setConfig('policies', JSON.stringify([{ name: 'hand', policyName: 'by hand', adopt: { id: policyId } }]));
  await e2e.project.up();
  await e2e.project.pulumi(['preview', '--expect-no-changes', '--stack', e2e.project.stack]);
  expect((await policies('by hand')).map((p) => p.policyId)).toEqual([policyId]);
});

test('two resources adopting one policy are refused, naming both; nothing is deleted', async () => {
  const [held] = await policies('by hand');
  await e2e.project.setConfig(
    'policies',
    JSON.stringify([
      { name: 'hand', policyName: 'by hand', adopt: { id: held!.policyId } },
      { name: 'hand-again', policyName: 'by hand 2', adopt: { id: held!.policyId } },
    ]),
  );
  expectOnce(
    await failingOutput(e2e.project, ['preview']),
    `Policy "hand-again" declares adopt.id "${held!.policyId}", which Policy "hand" already declares: an object has one owner in a stack`,
  );
  await e2e.project.setConfig('policies', JSON.stringify([{ name: 'hand', policyName: 'by hand', adopt: { id: held!.policyId } }]));
  await e2e.project.pulumi(['preview', '--expect-no-changes', '--stack', e2e.project.stack]);
  expect((await policies('by hand')).map((p) => p.policyId)).toEqual([held!.policyId]);
});

test('a webhook endpoint with no subscriptions is refused at check with what to subscribe to', async () => {
  await e2e.project.setConfig('hooks', JSON.stringify([{ name: 'silent', subscriptions: [] }]));
  expectOnce(
    await failingOutput(e2e.project, ['preview']),
    'is empty, so the endpoint would receive no events: subscribe to at least one event type, e.g. [{ eventType: "ACTIVITY_UPDATES" }]',
  );
  await e2e.project.setConfig('hooks', JSON.stringify([{ name: 'silent', subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }] }]));
  await e2e.project.up();
  await e2e.project.pulumi(['preview', '--expect-no-changes', '--stack', e2e.project.stack]);
  expect((await e2e.org.client.listWebhookEndpoints()).webhookEndpoints.filter((e) => e.name === 'silent').length).toBe(1);
});

test('names freed by renames in the same update: the create that takes one succeeds, declared before or after the rename', async () => {
  // One update holds both orders: s2 (a create) is declared before s1 (its rename frees the name s2 takes),
  // r1 (a rename) before r2 (the create that takes r1's old name). Every policy declares the same values
  // but its name, so the earlier run's create of the freed name looks like an interrupted create of it.
  await e2e.project.setConfig('hooks', JSON.stringify([]));
  await e2e.project.setConfig(
    'policies',
    JSON.stringify([
      { name: 'r1', policyName: 'swap: one' },
      { name: 's1', policyName: 'swap: three' },
    ]),
  );
  await e2e.project.up();
  const before = (await e2e.project.outputs()).policyIds as Record<string, string>;
  await e2e.project.setConfig(
    'policies',
    JSON.stringify([
      { name: 's2', policyName: 'swap: three' },
      { name: 's1', policyName: 'swap: four' },
      { name: 'r1', policyName: 'swap: two' },
      { name: 'r2', policyName: 'swap: one' },
    ]),
  );
  await e2e.project.up();
  await e2e.project.pulumi(['preview', '--expect-no-changes', '--stack', e2e.project.stack]);
  const after = (await e2e.project.outputs()).policyIds as Record<string, string>;
  expect([after.r1, after.s1]).toEqual([before.r1, before.s1]);
  const live = (await e2e.org.client.listPolicies()).policies.filter((p) => p.policyName.startsWith('swap: '));
  expect(Object.fromEntries(live.map((p) => [p.policyName, p.policyId]))).toEqual({
    'swap: one': after.r2,
    'swap: two': before.r1,
    'swap: three': after.s2,
    'swap: four': before.s1,
  });
  expect(new Set(Object.values(after)).size).toBe(4);
});
