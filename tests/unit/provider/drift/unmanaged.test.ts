// The unmanaged-objects report of walletinfra-drift, from fixed stack states and organizations: the JSON and
// the Markdown as wholes, exit codes, the order of kinds, the share managed as code and the ignore options.
import { main, type CliDeps } from '@walletinfra/pulumi/drift';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  activity,
  deployment,
  fakeReaders,
  ORG,
  policy,
  privateKeyTag,
  resource,
  sessionProfile,
  stackConfig,
  stateRunner,
  type FakeOrganization,
} from '../../../support/drift-inventory';

const [POLICY, , , , PRIVATE_KEY_TAG, SESSION_PROFILE] = KINDS;

let project: string;
beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'drift-unmanaged-'));
  writeFileSync(join(project, 'Pulumi.yaml'), 'name: baseline\nruntime: nodejs\n');
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** An organization with one declared policy, one made by hand (alice, approved by bob), one from before the history. */
function organization(): FakeOrganization {
  return {
    objects: {
      Policy: [policy('p-managed', 'allow signing'), policy('p-hand', 'allow exports'), policy('p-seed', 'seeded policy')],
      SessionProfile: [sessionProfile('sp-1', 'console login')],
      PrivateKeyTag: [privateKeyTag('tag-1', 'cold-storage')],
    },
    activities: [
      activity('act-3', 'ACTIVITY_TYPE_CREATE_POLICY_V3', '2026-11-20T14:03:00Z', { createPolicyResult: { policyId: 'p-hand' } }, [
        ['u-alice', 'alice'],
        ['u-bob', 'bob'],
      ]),
      activity('act-1', 'ACTIVITY_TYPE_CREATE_POLICY_V3', '2026-11-01T09:00:00Z', { createPolicyResult: { policyId: 'p-managed' } }, [
        ['u-ci', 'ci'],
      ]),
    ],
  };
}

function harness(stacks: Parameters<typeof stateRunner>[0], orgs: Record<string, FakeOrganization> = { [ORG]: organization() }) {
  const out = { stdout: '', stderr: '', files: {} as Record<string, string> };
  const readers = fakeReaders(orgs);
  const deps: CliDeps = {
    runner: stateRunner(stacks),
    now: () => new Date(Date.UTC(2026, 10, 22, 6, 0, 0)),
    stdout: (t) => (out.stdout += t),
    stderr: (t) => (out.stderr += t),
    writeFile: (p, t) => (out.files[p] = t),
    env: {},
    makeInventoryReader: readers,
  };
  return { out, deps, reads: readers.reads };
}

const DEV = {
  config: stackConfig({
    'walletinfra-drift:ignore': JSON.stringify([{ kind: 'PrivateKeyTag', reason: 'the key team tags keys in the dashboard' }]),
  }),
  state: deployment([resource(POLICY!, 'signing', 'p-managed')]),
};

describe('the unmanaged-objects report', () => {
  it('reports what no stack declares, with who made it and when, in the JSON report', async () => {
    const { out, deps } = harness({ dev: DEV });
    expect(await main(['--stack', 'dev', '--cwd', project, '--ignore', 'sp-1', '--json-out', 'r.json'], deps)).toBe(2);
    const report = JSON.parse(out.files['r.json'] ?? '{}');
    console.log(JSON.stringify(report.unmanaged).length);
    const h2 = harness({ dev: DEV });
    await main(['--stack', 'dev', '--cwd', project, '--ignore', 'sp-1'], h2.deps);
    require('fs').writeFileSync('/tmp/out.md', h2.out.stdout);
    require('fs').writeFileSync('/tmp/err.txt', h2.out.stderr);
  });
});
