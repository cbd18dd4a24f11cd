// A bad day through the real engine: `pulumi up` of 100 policies while the service drops create responses
// after committing them and answers a third of all calls with 429 (the seeded fault rules below, three
// seeds). Every run completes, leaves exactly the 100 declared policies and no orphan (every policy at the
// service is the one the state records), and `pulumi preview --expect-no-changes` under the same faults
// passes.
import { useTestStack } from '../support/e2e/stack';

jest.setTimeout(900_000);

const COUNT = 100;

function stormRules(seed: number) {
  return {
    seed,
    rules: [
      { path: '/public/v1/submit/create_policy', probability: 0.1, dropResponse: true },
      { path: '/public/v1/*', probability: 0.15, status: 429, retryAfter: 1 },
      { path: '/public/v1/*', probability: 0.18, status: 429 },
    ],
  };
}

describe.each([20261123, 7, 4242])('seed %i', (seed) => {
  const e2e = useTestStack(`bad-day-${seed}`, {
    program: 'many-policies',
    config: { 'walletinfra-baseline:policyCount': String(COUNT), 'walletinfra-baseline:policyPrefix': `storm-${seed}` },
  });

  test('up of 100 policies completes under drops and a 429 storm; exactly 100 policies, none orphaned; preview is clean', async () => {
    e2e.org.emulator.faults.set(stormRules(seed));
    const up = await e2e.project.up();
    const fired = e2e.org.emulator.faults.describe().rules.map((r) => r.fired);
    // the storm happened: responses were dropped after committing, and calls were rate limited
    expect(fired.map((n) => n > 0)).toEqual([true, true, true]);
    // while waiting for the rate limit, the user is told so
    expect(`${up.stdout}\n${up.stderr}`).toMatch(/is rate limiting us; waiting \d+\.\d s before retrying/);

    e2e.org.emulator.faults.set([]);
    const outputs = await e2e.project.outputs();
    const ids = outputs.policyIds as Record<string, string>;
    const ours = (await e2e.org.client.listPolicies()).policies.filter((p) => !e2e.seedPolicyIds.includes(p.policyId));
    const expectedNames = Array.from({ length: COUNT }, (_, i) => `storm-${seed}-${String(i).padStart(3, '0')}`);
    expect(ours.map((p) => p.policyName).sort()).toEqual(expectedNames);
    // no orphan: each policy at the service is the one the state holds for its name
    expect(Object.fromEntries(ours.map((p) => [p.policyName, p.policyId]))).toEqual(ids);

    e2e.org.emulator.faults.set(stormRules(seed + 1));
    await e2e.project.pulumi(['preview', '--expect-no-changes', '--stack', e2e.project.stack]);
    e2e.org.emulator.faults.set([]);
  });
});
