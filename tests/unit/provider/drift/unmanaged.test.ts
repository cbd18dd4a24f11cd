// The unmanaged-objects report of walletinfra-drift, from fixed stack states and organizations: the JSON and
// the Markdown as wholes, exit codes, the order of kinds (who can act first), the share managed as code, the
// service's own objects and the ignore options.
import {
  main,
  renderChangesMarkdown,
  unmanagedReport,
  type ChangeReport,
  type CliDeps,
  type KindInventoryReport,
  type UnmanagedReport,
} from '@walletinfra/pulumi/drift';
import { parseArgs } from '@walletinfra/pulumi/drift/args';
import type { AnyKind } from '@walletinfra/pulumi/resources/kind';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  activity,
  apiKeys,
  deployment,
  fakeReaders,
  ORG,
  policy,
  PUBLIC_KEY,
  privateKeyTag,
  resource,
  sessionProfile,
  stackConfig,
  stateRunner,
  user,
  type FakeOrganization,
} from '../../../support/drift-inventory';

const VERSION = (
  JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'provider', 'package.json'), 'utf8')) as { version: string }
).version;
const kind = (type: string): AnyKind => KINDS.find((k) => k.type === type) as AnyKind;
const POLICY = kind('Policy');
/** Every kind's type, as the messages list them. */
const TYPES = KINDS.map((k) => k.type).join(', ');

let project: string;
beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'drift-unmanaged-'));
  writeFileSync(join(project, 'Pulumi.yaml'), 'name: baseline\nruntime: nodejs\n');
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

const ALICE: [string, string] = ['u-alice', 'alice'];
const BOB: [string, string] = ['u-bob', 'bob'];

/** One declared policy, one made by hand (alice, approved by bob), one from before the history; a profile and a tag. */
function organization(): FakeOrganization {
  return {
    objects: {
      Policy: [policy('p-managed', 'allow signing'), policy('p-hand', 'allow exports'), policy('p-seed', 'seeded policy')],
      SessionProfile: [sessionProfile('sp-1', 'console login')],
      PrivateKeyTag: [privateKeyTag('tag-1', 'cold-storage')],
    },
    activities: [
      activity('act-3', 'ACTIVITY_TYPE_CREATE_POLICY_V3', '2026-11-20T14:03:00Z', { createPolicyResult: { policyId: 'p-hand' } }, [
        ALICE,
        BOB,
      ]),
      activity('act-2', 'ACTIVITY_TYPE_DELETE_POLICY', '2026-11-10T10:00:00Z', { deletePolicyResult: { policyId: 'p-seed' } }, [ALICE]),
      activity('act-1', 'ACTIVITY_TYPE_CREATE_POLICY_V3', '2026-11-01T09:00:00Z', { createPolicyResult: { policyId: 'p-managed' } }, [
        ['u-ci', 'ci'],
      ]),
    ],
  };
}

type Stacks = Parameters<typeof stateRunner>[0];

function harness(stacks: Stacks, orgs: Record<string, FakeOrganization> = { [ORG]: organization() }) {
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

const IGNORE_TAGS = JSON.stringify([{ kind: 'PrivateKeyTag', reason: 'the key team tags keys in the dashboard' }]);
const DEV = {
  config: stackConfig({ 'walletinfra-drift:ignore': IGNORE_TAGS }),
  state: deployment([resource(POLICY, 'signing', 'p-managed')]),
};

/** A kind with no objects, in the JSON. */
function none(type: string, governs: KindInventoryReport['governs'], deletable = true): KindInventoryReport {
  const k = kind(type);
  return {
    type,
    noun: k.noun,
    plural: k.plural,
    governs,
    deletable,
    managed: 0,
    unmanaged: 0,
    acknowledged: 0,
    serviceDefault: 0,
    total: 0,
    managedShare: null,
    objects: [],
  };
}

const UNKNOWN_POLICY = { known: false, reason: "no completed activity that creates policies names it in the organization's history" };

describe('walletinfra-drift: objects no stack declares', () => {
  test('the JSON report: per kind in order, who made each object and when, the acknowledged ones and the share', async () => {
    const { out, deps, reads } = harness({ dev: DEV });
    expect(await main(['--stack', 'dev', '--cwd', project, '--ignore', 'sp-1', '--json-out', 'r.json'], deps)).toBe(2);
    expect(reads).toEqual([`objects ${ORG}`, `activities ${ORG} 19`]);
    const report = JSON.parse(out.files['r.json'] ?? '{}') as ChangeReport;
    const totals = { managed: 1, unmanaged: 2, acknowledged: 2, serviceDefault: 0, total: 5, managedShare: 0.2 };
    expect(report.unmanaged).toEqual({
      status: 'evaluated',
      declarations: { language: 'typescript', provider: 'dynamic', from: "the project's runtime nodejs" },
      totals,
      organizations: [
        {
          organizationId: ORG,
          stacks: ['dev'],
          totals,
          kinds: [
            none('UserTag', 'identity'),
            none('User', 'identity'),
            none('ApiKey', 'identity'),
            none('RootQuorum', 'identity', false),
            {
              type: 'Policy',
              noun: 'policy',
              plural: 'policies',
              governs: 'policy',
              deletable: true,
              managed: 1,
              unmanaged: 2,
              acknowledged: 0,
              serviceDefault: 0,
              total: 3,
              managedShare: 1 / 3,
              objects: [
                {
                  id: 'p-hand',
                  name: 'allow exports',
                  status: 'unmanaged',
                  origin: {
                    known: true,
                    event: 'created',
                    activityId: 'act-3',
                    activityType: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
                    at: '2026-11-20T14:03:00.000Z',
                    by: [
                      { userId: 'u-alice', userName: 'alice' },
                      { userId: 'u-bob', userName: 'bob' },
                    ],
                  },
                  declaration:
                    'new walletinfra.Policy("allow-exports", {\n  policyName: "allow exports",\n  effect: "EFFECT_ALLOW",\n  adopt: { id: "p-hand" },\n});',
                },
                {
                  id: 'p-seed',
                  name: 'seeded policy',
                  status: 'unmanaged',
                  // A later delete names it too, but only an activity that creates policies made it.
                  origin: UNKNOWN_POLICY,
                  declaration:
                    'new walletinfra.Policy("seeded-policy", {\n  policyName: "seeded policy",\n  effect: "EFFECT_ALLOW",\n  adopt: { id: "p-seed" },\n});',
                },
              ],
            },
            {
              type: 'PrivateKeyTag',
              noun: 'private key tag',
              plural: 'private-key tags',
              governs: 'policy',
              deletable: true,
              managed: 0,
              unmanaged: 0,
              acknowledged: 1,
              serviceDefault: 0,
              total: 1,
              managedShare: 0,
              objects: [
                {
                  id: 'tag-1',
                  name: 'cold-storage',
                  status: 'acknowledged',
                  origin: {
                    known: false,
                    reason: "no completed activity that creates private-key tags names it in the organization's history",
                  },
                  acknowledgedBy: { kind: 'PrivateKeyTag', reason: 'the key team tags keys in the dashboard', source: 'stack dev' },
                  declaration:
                    'new walletinfra.PrivateKeyTag("cold-storage", {\n  privateKeyTagName: "cold-storage",\n  adopt: { id: "tag-1" },\n});',
                },
              ],
            },
            none('SmartContractInterface', 'policy'),
            none('VelocityControl', 'policy'),
            none('IpAllowlist', 'access'),
            {
              type: 'SessionProfile',
              noun: 'session profile',
              plural: 'session profiles',
              governs: 'access',
              deletable: false,
              managed: 0,
              unmanaged: 0,
              acknowledged: 1,
              serviceDefault: 0,
              total: 1,
              managedShare: 0,
              objects: [
                {
                  id: 'sp-1',
                  name: 'console login',
                  status: 'acknowledged',
                  origin: {
                    known: false,
                    reason: "no completed activity that creates session profiles names it in the organization's history",
                  },
                  acknowledgedBy: { id: 'sp-1', source: '--ignore' },
                  declaration:
                    '// Session profiles cannot change or be deleted: any edit creates a new profile, destroy leaves it in place.\n' +
                    'new walletinfra.SessionProfile("console-login", {\n  sessionProfileName: "console login",\n' +
                    '  scope: "activity.action != \'EXPORT\'",\n  expirationSeconds: "900",\n  adopt: { id: "sp-1" },\n});',
                },
              ],
            },
            none('WebhookEndpoint', 'integration'),
            none('FiatOnRampCredential', 'integration'),
          ],
        },
      ],
      unusedIgnores: [],
    });
  });

  test('the Markdown report, whole', async () => {
    const { out, deps } = harness({ dev: DEV });
    expect(await main(['--stack', 'dev', '--cwd', project, '--ignore', 'sp-1'], deps)).toBe(2);
    expect(out.stdout).toBe(
      [
        '# Drift report',
        '',
        `Run at 2026-11-22T06:00:00.000Z with walletinfra-drift ${VERSION}, Pulumi CLI 3.248.0.`,
        '',
        '| Stack | Status | Drifted | Deleted outside code | Clean |',
        '|---|---|---:|---:|---:|',
        '| `dev` | no drift | 0 | 0 | 0 |',
        '',
        '**Unmanaged:** 2 objects at the service that no stack declares (see below).',
        '',
        '## Stack `dev`: no drift',
        '',
        'Every resource matches the stack.',
        '',
        '## Unmanaged objects',
        '',
        '**2 objects at the service that no stack declares.** 1 of 5 objects (20%) managed as code.',
        '',
        `Organization \`${ORG}\` (stack \`dev\`).`,
        '',
        '| Kind | Managed | Unmanaged | Acknowledged | Made by the service | Managed as code |',
        '|---|---:|---:|---:|---:|---:|',
        '| User tags | 0 | 0 | 0 | 0 | — |',
        '| Users | 0 | 0 | 0 | 0 | — |',
        '| API keys | 0 | 0 | 0 | 0 | — |',
        '| Root quorums | 0 | 0 | 0 | 0 | — |',
        '| Policies | 1 | 2 | 0 | 0 | 33% |',
        '| Private-key tags | 0 | 0 | 1 | 0 | 0% |',
        '| Smart-contract interfaces | 0 | 0 | 0 | 0 | — |',
        '| Velocity controls | 0 | 0 | 0 | 0 | — |',
        '| IP allowlists | 0 | 0 | 0 | 0 | — |',
        '| Session profiles | 0 | 0 | 1 | 0 | 0% |',
        '| Webhook endpoints | 0 | 0 | 0 | 0 | — |',
        '| Fiat on-ramp credentials | 0 | 0 | 0 | 0 | — |',
        '| **All** | 1 | 2 | 2 | 0 | 20% |',
        '',
        '### Policies',
        '',
        '| Object | Id | Made | By |',
        '|---|---|---|---|',
        '| `allow exports` | `p-hand` | 2026-11-20T14:03:00.000Z, `ACTIVITY_TYPE_CREATE_POLICY_V3` (`act-3`) | `alice` (`u-alice`), approved by `bob` (`u-bob`) |',
        "| `seeded policy` | `p-seed` | unknown: no completed activity that creates policies names it in the organization's history | unknown |",
        '',
        '<details><summary>Declarations that adopt them</summary>',
        '',
        '```ts',
        'new walletinfra.Policy("allow-exports", {',
        '  policyName: "allow exports",',
        '  effect: "EFFECT_ALLOW",',
        '  adopt: { id: "p-hand" },',
        '});',
        '',
        'new walletinfra.Policy("seeded-policy", {',
        '  policyName: "seeded policy",',
        '  effect: "EFFECT_ALLOW",',
        '  adopt: { id: "p-seed" },',
        '});',
        '```',
        '',
        '</details>',
        '',
        '<details><summary>2 acknowledged objects (not drift)</summary>',
        '',
        '- private key tag `cold-storage` (`tag-1`): the key team tags keys in the dashboard (stack `dev` config)',
        '- session profile `console login` (`sp-1`) (`--ignore`)',
        '',
        '</details>',
        '',
        'To manage an object as code, add its declaration to a stack (`adopt: { id }` takes it over; `walletinfra-export` writes them all) and run `pulumi up`. To keep one out of code, acknowledge it with a reason in the stack config `walletinfra-drift:ignore`. Otherwise delete it at the service, where it can be.',
        '',
      ].join('\n'),
    );
    expect(out.stderr).toBe(
      [
        `[drift] refresh preview of stack dev in ${project}...`,
        '[drift] dev: clean (drifted 0, deletedOutsideCode 0, clean 0)',
        '[drift] objects no stack declares, in the organizations of dev...',
        '[drift] unmanaged 2, acknowledged 2, managed 1 of 5',
        '',
      ].join('\n'),
    );
  });
});

describe('exit codes', () => {
  test('0 when everything is declared or acknowledged; the report says so', async () => {
    const { out, deps } = harness({ dev: DEV });
    const argv = [
      '--stack',
      'dev',
      '--cwd',
      project,
      '--ignore',
      'sp-1',
      '--ignore',
      'p-hand',
      '--ignore-kind',
      'Policy',
      '--md-out',
      'r.md',
    ];
    expect(await main(argv, deps)).toBe(0);
    const md = out.files['r.md'] ?? '';
    expect(md).toContain('No drift: the organization matches every stack.\n');
    expect(md).toContain(
      "## Unmanaged objects\n\nEvery object at the service is declared by a stack, acknowledged, or the service's own. 1 of 5 objects (20%) managed as code.\n",
    );
    expect(md).toContain(
      '- policy `allow exports` (`p-hand`) (`--ignore`)\n- policy `seeded policy` (`p-seed`) (kind `Policy`)'.replace(
        '(kind `Policy`)',
        '(`--ignore-kind`)',
      ),
    );
  });

  test('--no-unmanaged leaves the report out and reads no organization', async () => {
    const { out, deps, reads } = harness({ dev: DEV });
    expect(await main(['--stack', 'dev', '--cwd', project, '--no-unmanaged', '--json-out', 'r.json', '--md-out', 'r.md'], deps)).toBe(0);
    expect(reads).toEqual([]);
    expect((JSON.parse(out.files['r.json'] ?? '{}') as ChangeReport).unmanaged).toBeUndefined();
    expect(out.files['r.md']).not.toContain('Unmanaged');
  });

  test('1 when an organization cannot be read, with the reason in both reports; drift alone would have been 2', async () => {
    const { out, deps } = harness({ dev: DEV }, {});
    expect(await main(['--stack', 'dev', '--cwd', project, '--json-out', 'r.json', '--md-out', 'r.md'], deps)).toBe(1);
    const reason = `organization ${ORG}: the test has no organization ${ORG}`;
    expect((JSON.parse(out.files['r.json'] ?? '{}') as ChangeReport).unmanaged).toEqual({ status: 'not-evaluable', reason });
    const md = out.files['r.md'] ?? '';
    expect(md.split('\n').slice(0, 4)).toEqual([
      '# Drift report',
      '',
      '> [!WARNING]',
      `> The unmanaged-objects report could not be made: ${reason}`,
    ]);
    expect(md).not.toContain('No drift');
    expect(md).toContain(`## Unmanaged objects\n\nThe report could not be made: ${reason}\n`);
    expect(out.stderr).toContain(`[drift] the unmanaged-objects report could not be made: ${reason}\n`);
  });

  test('1 when a runner cannot read stack state, or a stack has no credentials for its organization', async () => {
    const bare = harness({ dev: DEV });
    bare.deps.runner = { run: () => Promise.resolve(), pulumiVersion: () => Promise.resolve('3.248.0') };
    expect(await main(['--stack', 'dev', '--cwd', project, '--json-out', 'r.json'], bare.deps)).toBe(1);
    expect((JSON.parse(bare.out.files['r.json'] ?? '{}') as ChangeReport).unmanaged).toEqual({
      status: 'not-evaluable',
      reason: "the stack runner cannot read the stacks' state and configuration (exportStack, stackConfig)",
    });
    const noKey = harness({ dev: { config: { 'walletinfra:organizationId': ORG }, state: deployment([]) } });
    expect(await main(['--stack', 'dev', '--cwd', project, '--json-out', 'r.json'], noKey.deps)).toBe(1);
    const report = JSON.parse(noKey.out.files['r.json'] ?? '{}') as ChangeReport;
    expect(report.unmanaged).toEqual({
      status: 'not-evaluable',
      reason:
        'stack dev: missing walletinfra settings for the default credentials: apiPublicKey (looked in stack config walletinfra:apiPublicKey, ' +
        'environment variable WALLETINFRA_API_PUBLIC_KEY, environment variable TURNKEY_API_PUBLIC_KEY); apiPrivateKey (looked in stack config ' +
        'walletinfra:apiPrivateKey, environment variable WALLETINFRA_API_PRIVATE_KEY, environment variable TURNKEY_API_PRIVATE_KEY); set them with ' +
        '`pulumi config set walletinfra:<key> <value>` (add --secret for apiPrivateKey) or in the environment',
    });
  });
});

/** The kinds that decide who can act, declared after the others here: the report still lists them first. */
const USER = kind('User');
const API_KEY = kind('ApiKey');
const QUORUM = kind('RootQuorum');
const TEST_KINDS = [POLICY, kind('WebhookEndpoint'), USER, API_KEY, QUORUM];
const MALLORY_KEY = `03${'e'.repeat(64)}`;
const SPARE_KEY = `02${'f'.repeat(64)}`;

/**
 * The root user with the bootstrap key the stack signs with and a spare key root added; mallory, added by
 * root with a key; the root quorum as the service made it (root alone) or changed by hand to let mallory in.
 */
function identityOrganization(quorumChanged: boolean): FakeOrganization {
  const users = [
    user('u-root', 'root', [
      ['k-root', 'bootstrap', PUBLIC_KEY],
      ['k-spare', 'root spare', SPARE_KEY],
    ]),
    user('u-mallory', 'mallory', [['k-mallory', 'mallory laptop', MALLORY_KEY]]),
  ];
  return {
    objects: {
      Policy: [policy('p-1', 'allow signing')],
      User: users,
      ApiKey: apiKeys(users),
      RootQuorum: [{ threshold: 1, userIds: quorumChanged ? ['u-mallory', 'u-root'] : ['u-root'] }],
    },
    activities: [
      ...(quorumChanged
        ? [
            activity('act-9', 'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM', '2026-11-21T23:59:00Z', { updateRootQuorumResult: {} }, [
              ['u-mallory', 'mallory'],
            ]),
          ]
        : []),
      activity('act-8', 'ACTIVITY_TYPE_CREATE_API_KEYS_V2', '2026-11-21T23:55:00Z', { createApiKeysResult: { apiKeyIds: ['k-spare'] } }, [
        ['u-root', 'root'],
      ]),
      activity('act-7', 'ACTIVITY_TYPE_CREATE_USERS_V4', '2026-11-21T23:50:00Z', { createUsersResult: { userIds: ['u-mallory'] } }, [
        ['u-root', undefined],
      ]),
    ],
  };
}

async function identityReport(
  quorumChanged: boolean,
  options: { strict?: boolean; declared?: ReturnType<typeof resource>[] } = {},
): Promise<Extract<UnmanagedReport, { status: 'evaluated' }>> {
  const readers = fakeReaders({ [ORG]: identityOrganization(quorumChanged) });
  const report = await unmanagedReport(
    stateRunner({ dev: { config: stackConfig(), state: deployment([resource(POLICY, 'signing', 'p-1'), ...(options.declared ?? [])]) } }),
    { stacks: ['dev'], workDir: project, env: {}, rules: [], strict: options.strict ?? false, kinds: TEST_KINDS, makeReader: readers },
  );
  if (report.status !== 'evaluated') throw new Error(report.reason);
  return report;
}

describe('who can act comes first', () => {
  test('identity kinds lead the report whatever their place in the kinds array; a hand-made user and keys are drift', async () => {
    const report = await identityReport(false);
    const org = report.organizations[0]!;
    expect(org.kinds.map((k) => [k.type, k.governs, k.managed, k.unmanaged, k.serviceDefault])).toEqual([
      ['User', 'identity', 0, 2, 0],
      ['ApiKey', 'identity', 0, 3, 0],
      ['RootQuorum', 'identity', 0, 0, 1],
      ['Policy', 'policy', 1, 0, 0],
      ['WebhookEndpoint', 'integration', 0, 0, 0],
    ]);
    const unknown = (plural: string) => ({
      known: false,
      reason: `no completed activity that creates ${plural} names it in the organization's history`,
    });
    expect(org.kinds[0]!.objects.map((o) => [o.name, o.status, o.origin])).toEqual([
      [
        'mallory',
        'unmanaged',
        {
          known: true,
          event: 'created',
          activityId: 'act-7',
          activityType: 'ACTIVITY_TYPE_CREATE_USERS_V4',
          at: '2026-11-21T23:50:00.000Z',
          by: [{ userId: 'u-root' }],
        },
      ],
      // The organization's first root user predates its history: never exempt, never guessed.
      ['root', 'unmanaged', unknown('users')],
    ]);
    expect(org.kinds[1]!.objects.map((o) => [o.name, o.id, o.origin])).toEqual([
      ['bootstrap', 'k-root', unknown('API keys')],
      // Made with its user by create_users, whose result names only the user.
      ['mallory laptop', 'k-mallory', unknown('API keys')],
      [
        'root spare',
        'k-spare',
        {
          known: true,
          event: 'created',
          activityId: 'act-8',
          activityType: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
          at: '2026-11-21T23:55:00.000Z',
          by: [{ userId: 'u-root', userName: 'root' }],
        },
      ],
    ]);
    // Adopting the root user keeps it when the stack goes (as walletinfra-export declares it).
    expect(org.kinds[0]!.objects[1]!.declaration).toBe(
      '// Tag membership is declared on the user tags, API keys as ApiKey resources; passkeys and OAuth identities stay with the person.\n' +
        '// A root user: `pulumi destroy` and removing it from the program leave it in the organization.\n' +
        'new walletinfra.User("root", {\n  userName: "root",\n  adopt: { id: "u-root" },\n}, { retainOnDelete: true });',
    );
    const md = renderChangesMarkdown({ ...emptyReport(), unmanaged: report });
    expect(md.split('\n').slice(0, 5)).toEqual([
      '# Drift report',
      '',
      '> [!CAUTION]',
      '> **5 objects that decide who can act were made outside code:** user `mallory` (`u-mallory`), user `root` (`u-root`), ' +
        'API key `bootstrap` (`k-root`), API key `mallory laptop` (`k-mallory`), API key `root spare` (`k-spare`).',
      '',
    ]);
    expect(md).toContain(
      '| Kind | Managed | Unmanaged | Acknowledged | Made by the service | Managed as code |\n|---|---:|---:|---:|---:|---:|\n' +
        '| Users | 0 | 2 | 0 | 0 | 0% |\n| API keys | 0 | 3 | 0 | 0 | 0% |\n| Root quorums | 0 | 0 | 0 | 1 | 0% |\n' +
        '| Policies | 1 | 0 | 0 | 0 | 100% |\n| Webhook endpoints | 0 | 0 | 0 | 0 | — |\n| **All** | 1 | 5 | 0 | 1 | 14% |\n',
    );
    expect(md).toContain(
      '### Users\n\n| Object | Id | Made | By |\n|---|---|---|---|\n' +
        '| `mallory` | `u-mallory` | 2026-11-21T23:50:00.000Z, `ACTIVITY_TYPE_CREATE_USERS_V4` (`act-7`) | `u-root` |\n' +
        "| `root` | `u-root` | unknown: no completed activity that creates users names it in the organization's history | unknown |\n\n" +
        '### API keys\n\n| Object | Id | Made | By |\n|---|---|---|---|\n' +
        "| `bootstrap` | `k-root` | unknown: no completed activity that creates API keys names it in the organization's history | unknown |\n" +
        "| `mallory laptop` | `k-mallory` | unknown: no completed activity that creates API keys names it in the organization's history | unknown |\n" +
        '| `root spare` | `k-spare` | 2026-11-21T23:55:00.000Z, `ACTIVITY_TYPE_CREATE_API_KEYS_V2` (`act-8`) | `root` (`u-root`) |\n\n',
    );
  });

  test("the service's own object: listed but not drift while unchanged; drift once changed by hand, with who and when", async () => {
    const unchanged = await identityReport(false);
    const quorum = unchanged.organizations[0]!.kinds[2]!;
    expect(quorum).toEqual({
      type: 'RootQuorum',
      noun: 'root quorum',
      plural: 'root quorums',
      governs: 'identity',
      deletable: false,
      managed: 0,
      unmanaged: 0,
      acknowledged: 0,
      serviceDefault: 1,
      total: 1,
      managedShare: 0,
      objects: [
        {
          id: 'rootQuorum',
          name: 'root-quorum',
          status: 'service-default',
          origin: {
            known: false,
            reason: 'made by the service with the organization; no ACTIVITY_TYPE_UPDATE_ROOT_QUORUM activity has changed it',
          },
          declaration:
            'new walletinfra.RootQuorum("root-quorum", {\n  threshold: 1,\n  userIds: [\n    "u-root",\n  ],\n  adopt: { id: "rootQuorum" },\n});',
        },
      ],
    });
    const md = renderChangesMarkdown({ ...emptyReport(), unmanaged: unchanged });
    expect(md).toContain('| Root quorums | 0 | 0 | 0 | 1 | 0% |\n');
    expect(md).toContain(
      'Made by the service with the organization and unchanged since (not drift):\n\n- root quorum `root-quorum` (`rootQuorum`)\n',
    );

    const changed = await identityReport(true);
    const object = changed.organizations[0]!.kinds[2]!.objects[0]!;
    expect([object.status, object.origin]).toEqual([
      'unmanaged',
      {
        known: true,
        event: 'changed',
        activityId: 'act-9',
        activityType: 'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM',
        at: '2026-11-21T23:59:00.000Z',
        by: [{ userId: 'u-mallory', userName: 'mallory' }],
      },
    ]);
    const changedMd = renderChangesMarkdown({ ...emptyReport(), unmanaged: changed });
    expect(changedMd).toContain(
      '### Root quorums\n\n| Object | Id | Made | By |\n|---|---|---|---|\n' +
        '| `root-quorum` | `rootQuorum` | changed 2026-11-21T23:59:00.000Z, `ACTIVITY_TYPE_UPDATE_ROOT_QUORUM` (`act-9`) | `mallory` (`u-mallory`) |\n\n' +
        'The service cannot delete root quorums: declare it, or acknowledge it.\n',
    );
    expect(changedMd).toContain(', root quorum `root-quorum` (`rootQuorum`).\n');
  });

  test('--strict counts the unchanged one; a stack declaring it manages it; declared users and keys are managed', async () => {
    const strict = await identityReport(false, { strict: true });
    expect(strict.organizations[0]!.kinds[2]!.objects[0]!.status).toBe('unmanaged');
    const declared = await identityReport(true, {
      declared: [resource(QUORUM, 'quorum', 'rootQuorum'), resource(USER, 'root', 'u-root'), resource(API_KEY, 'bootstrap', 'k-root')],
    });
    expect(declared.organizations[0]!.kinds.slice(0, 3).map((k) => [k.type, k.managed, k.unmanaged, k.total, k.managedShare])).toEqual([
      ['User', 1, 1, 2, 0.5],
      ['ApiKey', 1, 2, 3, 1 / 3],
      ['RootQuorum', 1, 0, 1, 1],
    ]);
    expect(declared.organizations[0]!.kinds[2]!.objects).toEqual([]);
  });
});

function emptyReport(): ChangeReport {
  return {
    schemaVersion: 1,
    mode: 'drift',
    runAt: '2026-11-22T06:00:00.000Z',
    tools: { walletinfraDrift: '0.1.0', pulumiSdk: '3.248.0', node: 'v20' },
    summary: { drifted: 0, deletedOutsideCode: 0, clean: 0 },
    stacks: [],
  };
}

describe('the share managed as code, over several stacks and organizations', () => {
  const OTHER = 'c4e3d2b1-0000-4000-8000-000000000002';
  test('each organization once, with the stacks that point at it; per kind, per organization and overall', async () => {
    const profiles = JSON.stringify({
      treasury: { organizationId: OTHER, apiPublicKey: `03${'c'.repeat(64)}`, apiPrivateKey: 'd'.repeat(64) },
    });
    const { out, deps, reads } = harness(
      {
        dev: DEV,
        prod: {
          config: stackConfig({ 'walletinfra:profiles': profiles }),
          state: deployment([
            resource(POLICY, 'exports', 'p-hand'),
            resource(POLICY, 'treasury', 'p-t1', { organizationId: OTHER, profile: 'treasury' }),
          ]),
        },
      },
      {
        [ORG]: organization(),
        [OTHER]: { objects: { Policy: [policy('p-t1', 'treasury'), policy('p-t2', 'treasury spare')] }, activities: [] },
      },
    );
    const argv = ['--stack', 'dev', '--stack', 'prod', '--cwd', project, '--json-out', 'r.json', '--md-out', 'r.md'];
    expect(await main(argv, deps)).toBe(2);
    expect(reads).toEqual([`objects ${ORG}`, `activities ${ORG} 19`, `objects ${OTHER}`, `activities ${OTHER} 19`]);
    const report = (JSON.parse(out.files['r.json'] ?? '{}') as ChangeReport).unmanaged as Extract<UnmanagedReport, { status: 'evaluated' }>;
    expect(report.organizations.map((o) => [o.organizationId, o.stacks, o.totals])).toEqual([
      [ORG, ['dev', 'prod'], { managed: 2, unmanaged: 2, acknowledged: 1, serviceDefault: 0, total: 5, managedShare: 0.4 }],
      [OTHER, ['prod'], { managed: 1, unmanaged: 1, acknowledged: 0, serviceDefault: 0, total: 2, managedShare: 0.5 }],
    ]);
    expect(report.totals).toEqual({ managed: 3, unmanaged: 3, acknowledged: 1, serviceDefault: 0, total: 7, managedShare: 3 / 7 });
    const md = out.files['r.md'] ?? '';
    expect(md).toContain('**3 objects at the service that no stack declares.** 3 of 7 objects (42%) managed as code.\n');
    expect(md).toContain(
      `### Organization \`${ORG}\`\n\nOrganization \`${ORG}\` (stacks \`dev\`, \`prod\`). 2 of 5 objects (40%) managed as code.\n`,
    );
    expect(md).toContain(
      `### Organization \`${OTHER}\`\n\nOrganization \`${OTHER}\` (stack \`prod\`). 1 of 2 objects (50%) managed as code.\n`,
    );
    expect(md).toContain('#### Policies\n\n| Object | Id | Made | By |\n|---|---|---|---|\n| `treasury spare` | `p-t2` |');
  });
});

describe('acknowledging objects', () => {
  test('rules that match nothing are listed for removal: the object is gone, or a stack declares it', async () => {
    const config = stackConfig({
      'walletinfra-drift:ignore': JSON.stringify([
        { id: 'p-managed', reason: 'adopted since' },
        { id: 'gone', kind: 'Policy', reason: 'deleted last week' },
        { kind: 'PrivateKeyTag', reason: 'the key team' },
      ]),
    });
    const { out, deps } = harness({ dev: { config, state: DEV.state } });
    expect(
      await main(
        ['--stack', 'dev', '--cwd', project, '--ignore', 'sp-1', '--ignore', 'sp-1', '--json-out', 'r.json', '--md-out', 'r.md'],
        deps,
      ),
    ).toBe(2);
    const report = (JSON.parse(out.files['r.json'] ?? '{}') as ChangeReport).unmanaged as Extract<UnmanagedReport, { status: 'evaluated' }>;
    expect(report.unusedIgnores).toEqual([
      { id: 'p-managed', reason: 'adopted since', source: 'stack dev' },
      { id: 'gone', kind: 'Policy', reason: 'deleted last week', source: 'stack dev' },
    ]);
    expect(out.files['r.md']).toContain(
      '**2 acknowledgements that match nothing** (the object is gone or a stack declares it; remove them): ' +
        'id `p-managed` (stack `dev` config); kind `Policy`, id `gone` (stack `dev` config).\n',
    );
  });

  test.each([
    [
      'not JSON',
      'ids: [a]',
      'expected a list of { id, kind, reason } (set it as a YAML list in Pulumi.dev.yaml), e.g. [{ "id": "<object id>", "reason": "break-glass key, held in the vault" }]',
    ],
    [
      'not a list',
      '{"id":"a","reason":"r"}',
      'expected a list of { id, kind, reason }, e.g. [{ "id": "<object id>", "reason": "break-glass key, held in the vault" }]',
    ],
    ['an unknown field', '[{"id":"a","reason":"r","why":"x"}]', '[0]: unknown field "why"; known: id, kind, reason'],
    ['no reason', '[{"id":"a"}]', '[0].reason: Invalid input: expected string, received undefined'],
    ['an empty reason', '[{"id":"a","reason":" "}]', '[0].reason: must say why the object stays out of code'],
    ['an entry naming nothing', '[{"reason":"r"}]', `[0]: names nothing; give the object's "id", a "kind" (${TYPES}), or both`],
    ['an unknown kind', '[{"kind":"Apikey","reason":"r"}]', `[0].kind: "Apikey" is no resource kind; known: ${TYPES}`],
  ])('a stack config walletinfra-drift:ignore with %s: exit 1, naming the entry', async (_what, value, message) => {
    const { out, deps } = harness({ dev: { config: stackConfig({ 'walletinfra-drift:ignore': value }), state: DEV.state } });
    expect(await main(['--stack', 'dev', '--cwd', project, '--json-out', 'r.json'], deps)).toBe(1);
    expect((JSON.parse(out.files['r.json'] ?? '{}') as ChangeReport).unmanaged).toEqual({
      status: 'not-evaluable',
      reason: `stack dev: walletinfra-drift:ignore${message}`.replace('ignoreexpected', 'ignore: expected'),
    });
  });

  test.each([
    [['--ignore-kind', 'ApiKeys'], `--ignore-kind: "ApiKeys" is no resource kind; known: ${TYPES}`],
    [['--preview', '--ignore', 'x'], '--ignore only applies to drift checks (a preview shows what a pull request changes)'],
    [['--preview', '--strict'], '--strict only applies to drift checks (a preview shows what a pull request changes)'],
    [
      ['--no-unmanaged', '--strict'],
      '--no-unmanaged turns the unmanaged-objects report off; --ignore, --ignore-kind and --strict refine it',
    ],
  ])('%j is refused with a clear message', (argv, message) => {
    expect(() => parseArgs(['--stack', 'dev', ...argv])).toThrow(message);
  });
});
