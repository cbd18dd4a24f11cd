// R1: creates through the provider runtime (the code the dynamic provider runs) while the emulator commits
// 20% of create_policy writes and then drops the connection without an answer. The runtime retries as it
// does in production (default retry settings); a create that still fails is run again by a new runtime, as
// the next `pulumi up` would. Goals: 0 duplicates, 0 orphans (objects the program does not know), every
// create converged.
import { DEFAULT_RETRY_OPTIONS } from '@walletinfra/sdk';
import { useHarness } from '../support/provider-harness';
import { report, seedFor, size } from '../support/reliability/measure';

jest.setTimeout(3_600_000);

const RUNS = 3; // one `pulumi up` and two re-runs
const h = useHarness({ config: { 'walletinfra:maxRetries': String(DEFAULT_RETRY_OPTIONS.maxAttempts - 1) } });
const seed = seedFor(1001);

beforeAll(() => {
  h.emulator.faults.set({ seed, rules: [{ path: '/public/v1/submit/create_policy', probability: 0.2, dropResponse: true }] });
});

test('R1: creates with 20% of responses dropped after commit converge with no duplicates and no orphans', async () => {
  const count = size(40, 1000);
  const ids = new Map<string, string>();
  const stillFailing: string[] = [];
  let reruns = 0;
  for (let i = 0; i < count; i++) {
    const name = `r1 policy ${i}`;
    let runtime = h.newRuntime();
    const inputs = (await runtime.policy.check({}, { policyName: name, effect: 'EFFECT_DENY', condition: "activity.action == 'EXPORT'" }))
      .inputs;
    let lastError: unknown;
    for (let run = 0; run < RUNS; run++) {
      if (run > 0) {
        reruns += 1;
        runtime = h.newRuntime();
      }
      try {
        ids.set(name, (await runtime.policy.create(inputs)).id);
        lastError = undefined;
        break;
      } catch (e) {
        lastError = e;
      }
    }
    if (lastError !== undefined) stillFailing.push(`${name}: ${(lastError as Error).message.split('\n')[0]}`);
  }
  const fired = h.emulator.faults.describe();
  const dropped = JSON.stringify(fired).match(/"fired":(\d+)/)?.[1] ?? '?';
  const policies = (await h.client.listPolicies({})).policies.filter((p) => p.policyName.startsWith('r1 '));
  const perName = new Map<string, number>();
  for (const p of policies) perName.set(p.policyName, (perName.get(p.policyName) ?? 0) + 1);
  const duplicates = [...perName.values()].reduce((n, c) => n + (c - 1), 0);
  const known = new Set(ids.values());
  const orphans = policies.filter((p) => !known.has(p.policyId)).length;
  const converged = ids.size;
  const fig = report({
    id: 'R1',
    what: `${count} creates through the provider runtime, 20% of create responses dropped after commit, retried as the provider retries (then up to ${RUNS - 1} re-runs)`,
    goal: '0 duplicates, 0 orphans, all converge',
    figure: `${duplicates} duplicates, ${orphans} orphans, ${converged}/${count} converged (${dropped} responses dropped, ${reruns} re-runs needed)`,
    ok: duplicates === 0 && orphans === 0 && converged === count,
    count,
    seed,
    file: 'tests/reliability/r1-dropped-responses.test.ts',
    notes: stillFailing.slice(0, 5),
  });
  expect({ duplicates, orphans, converged, stillFailing: stillFailing.slice(0, 3) }).toEqual({
    duplicates: 0,
    orphans: 0,
    converged: count,
    stillFailing: [],
  });
  expect(fig.ok).toBe(true);
});
