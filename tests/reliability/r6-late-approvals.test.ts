// R6: writes that need two approvals, across repeated `pulumi up`s (new provider runtimes) that each give up
// waiting, with the approval arriving late — after the runs gave up — and a final run. Goals: 0 duplicate
// activities, 0 duplicate objects; every write ends with exactly one object.
import type { ActivityRecord, PolicyRecord } from '@walletinfra/emulator/store/records';
import { requireTwoApprovals, useHarness } from '../support/provider-harness';
import { report, size } from '../support/reliability/measure';

jest.setTimeout(3_600_000);

const RUNS_BEFORE_APPROVAL = 3;
const h = useHarness({ config: { 'walletinfra:consensusTimeoutMs': '5000' } });
let approver: Awaited<ReturnType<typeof requireTwoApprovals>>;

beforeAll(async () => {
  approver = await requireTwoApprovals(h);
});

test('R6: consensus writes across repeated runs with late approvals make no duplicate activities or objects', async () => {
  const count = size(4, 200);
  let gaveUp = 0;
  let finals = 0;
  const problems: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `r6 policy ${i}`;
    const inputs = (
      await h.newRuntime().policy.check({}, { policyName: name, effect: 'EFFECT_DENY', condition: "activity.action == 'EXPORT'" })
    ).inputs;
    for (let run = 0; run < RUNS_BEFORE_APPROVAL; run++) {
      try {
        await h.newRuntime().policy.create(inputs);
        problems.push(`${name}: run ${run} completed without approval`);
      } catch (e) {
        if ((e as { code?: string }).code === 'CONSENSUS_NEEDED') gaveUp += 1;
        else problems.push(`${name}: run ${run}: ${(e as Error).message.split('\n')[0]}`);
      }
    }
    // the approval arrives after every run gave up
    const waiting = (
      await h.client.listActivities({
        filterByStatus: ['ACTIVITY_STATUS_CONSENSUS_NEEDED'],
        filterByType: ['ACTIVITY_TYPE_CREATE_POLICY_V3'],
      })
    ).activities;
    for (const a of waiting) await approver.client.approveActivity({ fingerprint: a.fingerprint });
    try {
      await h.newRuntime().policy.create(inputs);
      finals += 1;
    } catch (e) {
      problems.push(`${name}: final run: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  const dump = h.emulator.store.dump();
  const activities = ((dump.activities ?? []) as ActivityRecord[]).filter(
    (a) => a.organizationId === h.org && a.type === 'ACTIVITY_TYPE_CREATE_POLICY_V3' && String(a.parameters?.policyName).startsWith('r6 '),
  );
  const policies = ((dump.policies ?? []) as PolicyRecord[]).filter((p) => p.policyName.startsWith('r6 '));
  const tally = (names: string[]) => names.reduce((m, n) => m.set(n, (m.get(n) ?? 0) + 1), new Map<string, number>());
  const activityCounts = tally(activities.map((a) => a.parameters.policyName as string));
  const policyCounts = tally(policies.map((p) => p.policyName));
  const duplicateActivities = [...activityCounts.values()].reduce((n, c) => n + c - 1, 0);
  const duplicateObjects = [...policyCounts.values()].reduce((n, c) => n + c - 1, 0);
  const missing = count - policyCounts.size;
  const fig = report({
    id: 'R6',
    what: `${count} writes needing two approvals, each through ${RUNS_BEFORE_APPROVAL} runs that give up waiting, approved late, then one more run`,
    goal: '0 duplicate activities or objects',
    figure: `${duplicateActivities} duplicate activities, ${duplicateObjects} duplicate objects, ${missing} missing; ${gaveUp}/${count * RUNS_BEFORE_APPROVAL} runs gave up waiting as they should, ${finals}/${count} final runs completed`,
    ok: duplicateActivities === 0 && duplicateObjects === 0 && missing === 0 && problems.length === 0,
    count,
    file: 'tests/reliability/r6-late-approvals.test.ts',
    notes: problems.slice(0, 5),
  });
  expect({ duplicateActivities, duplicateObjects, missing, problems: problems.slice(0, 3) }).toEqual({
    duplicateActivities: 0,
    duplicateObjects: 0,
    missing: 0,
    problems: [],
  });
  expect(fig.ok).toBe(true);
});
