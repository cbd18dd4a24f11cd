// Ctrl-C twice (force cancel) while `pulumi up` creates 30 policies: creates in flight at the service
// commit after the engine is gone, so the service holds policies the state does not (the engine records
// them as pending operations). The next `pulumi up` reconciles: each interrupted create adopts the policy
// its earlier attempt committed (every declared value matching, submitted with this stack's key), says so,
// and nothing is duplicated or orphaned.
//
// Nothing here depends on timing: the emulator lets the first five creates through and holds every later one
// at a gate (its injectable wait for a fault's delay). The first Ctrl-C goes once five creates are reported and
// one is held, the second once the engine says it is cancelling (it waits for the held creates, which never
// answer), and the gate opens only after the engine has exited, so the held creates commit with nobody there.
import { spawn } from 'node:child_process';
import { useTestStack } from '../support/e2e/stack';

jest.setTimeout(600_000);

const COUNT = 30;
const PASSED = 5;
const CREATE_POLICY_V3 = 'ACTIVITY_TYPE_CREATE_POLICY_V3';
/**
 * What the engine prints once it has taken the first Ctrl-C (pulumi's backend/cancellation_scope.go). Only then
 * is a second one certain to terminate: the engine keeps one pending signal, so a second sent before it took the
 * first is dropped, and the engine would wait for the held creates. (Any "cancel" would not do: the policies are
 * named `cancelled-NNN`.)
 */
const CANCELLING = /\^C received; cancelling/;

/** The emulator's wait for a fault's delay: the first `PASSED` calls return at once, later ones wait for `open()`. */
class Gate {
  private passed = 0;
  private opened = false;
  private readonly waiting: Array<() => void> = [];
  /** called whenever a request starts waiting */
  onHold: () => void = () => {};

  readonly wait = (): Promise<void> => {
    if (this.opened || this.passed < PASSED) {
      this.passed += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.onHold();
    });
  };

  get held(): number {
    return this.waiting.length;
  }

  open(): void {
    this.opened = true;
    for (const release of this.waiting.splice(0)) release();
  }
}

const gate = new Gate();
const e2e = useTestStack('force-cancel', {
  program: 'many-policies',
  config: { 'walletinfra-baseline:policyCount': String(COUNT), 'walletinfra-baseline:policyPrefix': 'cancelled' },
  emulator: { sleep: gate.wait },
});

/**
 * `pulumi up`, interrupted twice: SIGINT once `PASSED` creates are reported and a later one is held at the
 * gate, again when the engine says it is cancelling.
 */
function upInterruptedTwice(): Promise<{ code: number | null; output: string; heldAtExit: number }> {
  return new Promise((resolve, reject) => {
    const args = ['up', '--yes', '--skip-preview', '--non-interactive', '--stack', e2e.project.stack];
    const child = spawn('pulumi', args, { cwd: e2e.project.dir, env: e2e.project.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let signals = 0;
    let firstAt = 0;
    const step = () => {
      const created = (output.match(/^\s*\+\s+\S+\s+\S+\s+created\b/gm) ?? []).length;
      if (signals === 0 && created >= PASSED && gate.held > 0) {
        signals = 1;
        firstAt = output.length;
        child.kill('SIGINT');
      } else if (signals === 1 && CANCELLING.test(output.slice(firstAt))) {
        signals = 2;
        child.kill('SIGINT');
      }
    };
    const onText = (text: string) => {
      output += text;
      step();
    };
    gate.onHold = step;
    child.stdout.setEncoding('utf8').on('data', onText);
    child.stderr.setEncoding('utf8').on('data', onText);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output, heldAtExit: gate.held }));
  });
}

async function createActivities(): Promise<number> {
  const { activities } = await e2e.org.client.listActivities({ filterByType: [CREATE_POLICY_V3], paginationOptions: { limit: '100' } });
  return activities.length;
}

async function ourPolicies() {
  return (await e2e.org.client.listPolicies()).policies.filter((p) => !e2e.seedPolicyIds.includes(p.policyId));
}

test('after a forced cancel, the next up adopts what the interrupted creates committed: 30 policies, no duplicate, no orphan', async () => {
  e2e.org.emulator.faults.set([{ path: '/public/v1/submit/create_policy', delayMs: 1 }]);
  const interrupted = await upInterruptedTwice();
  expect(interrupted.code).not.toBe(0);
  // the engine was gone while creates were still held at the service
  expect(interrupted.heldAtExit).toBeGreaterThan(0);

  // The held creates commit now; wait until each create that reached the service has its activity.
  gate.open();
  const arrived = e2e.org.emulator.faults.describe().rules[0]!.fired;
  for (let n = await createActivities(); n < arrived; n = await createActivities()) await new Promise((r) => setImmediate(r));
  e2e.org.emulator.faults.set([]);

  const state = JSON.parse((await e2e.project.pulumi(['stack', 'export', '--stack', e2e.project.stack])).stdout) as {
    deployment: { resources?: Array<{ id?: string; outputs?: { policyId?: string } }>; pending_operations?: unknown[] };
  };
  const recorded = new Set(
    (state.deployment.resources ?? []).map((r) => r.outputs?.policyId).filter((id): id is string => id !== undefined),
  );
  const before = await ourPolicies();
  const orphans = before.filter((p) => !recorded.has(p.policyId));
  // the situation the issue describes: policies at the service the state does not hold, and pending operations
  expect(orphans.length).toBeGreaterThan(0);
  expect((state.deployment.pending_operations ?? []).length).toBeGreaterThan(0);

  const up = await e2e.project.up();
  const text = `${up.stdout}\n${up.stderr}`;
  // each orphan's create says what it did instead of failing on the name (the engine prints the line inline
  // and again in its summary, so count distinct activities)
  const adopted = [
    ...text.matchAll(
      /create policy "([^"]+)": an earlier run already did it \(activity ([^,]+), completed, every declared value matches\); adopting its object instead of creating a second one/g,
    ),
  ];
  expect(new Set(adopted.map((m) => m[1])).size).toBe(orphans.length);
  expect([...new Set(adopted.map((m) => m[1]))].sort()).toEqual(orphans.map((o) => o.policyName).sort());

  const outputs = await e2e.project.outputs();
  const ids = outputs.policyIds as Record<string, string>;
  const after = await ourPolicies();
  expect(after.map((p) => p.policyName).sort()).toEqual(Array.from({ length: COUNT }, (_, i) => `cancelled-${String(i).padStart(3, '0')}`));
  expect(Object.fromEntries(after.map((p) => [p.policyName, p.policyId]))).toEqual(ids);
  // the orphans were adopted, not recreated
  for (const o of orphans) expect(ids[o.policyName]).toBe(o.policyId);

  await e2e.project.pulumi(['preview', '--expect-no-changes', '--stack', e2e.project.stack]);
});
