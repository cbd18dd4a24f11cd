// `walletinfra-policy test`: test files (YAML and JSON, one schema, an error per bad field with file,
// case and line), one line per case, a summary, exit 0/1, JUnit XML and JSON; and the jest matchers.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { policyMain, type PolicyCliDeps } from '@walletinfra/pulumi/policy-review/cli';
import { USAGE } from '@walletinfra/pulumi/policy-review/args';
import { policyMatchers, type PolicyMatchers } from '@walletinfra/pulumi/testing';

expect.extend(policyMatchers);
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Matchers<R> extends PolicyMatchers<R> {}
  }
}

const dir = mkdtempSync(join(tmpdir(), 'policy-cli-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const POLICIES = file(
  'policies.yaml',
  `- policyName: ops manage tags
  effect: EFFECT_ALLOW
  consensus: "approvers.any(user, user.tags.contains('ops'))"
  condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'CREATE'"
- policyName: card exports need two
  effect: EFFECT_ALLOW
  consensus: "approvers.count() >= 2"
  condition: "activity.type == 'ACTIVITY_TYPE_EXPORT_SECRETS' && secret.static_properties['kind'] == 'creditCard'"
- policyName: no exports at night
  effect: EFFECT_DENY
  condition: "activity.action == 'EXPORT'"
  time: "CronSpan('0 22 * * *', '8h', 'UTC')"
`,
);

const GOOD = file(
  'good.yaml',
  `cases:
  - name: ops creates a tag
    request:
      activity: { type: ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG }
      approvers: [{ id: u1, tags: [ops] }]
    expect: ALLOW
    decidedBy: ops manage tags
  - name: nobody may create policies
    request:
      activity: { type: ACTIVITY_TYPE_CREATE_POLICY_V3 }
      approvers: [{ id: u2 }]
    expect: DENY
  - name: one approver is not enough for a card
    request:
      activity: { type: ACTIVITY_TYPE_EXPORT_SECRETS }
      approvers: [{ id: u1 }]
      secret: { static_properties: { kind: creditCard } }
      time: "2026-03-02T12:00:00Z"
    expect: REQUIRES_CONSENSUS
`,
);

const GOOD_JSON = file(
  'night.json',
  JSON.stringify(
    {
      cases: [
        {
          name: 'exports at night are denied',
          request: {
            activity: { type: 'ACTIVITY_TYPE_EXPORT_SECRETS' },
            approvers: [{ id: 'u1' }, { id: 'u2' }],
            secret: { static_properties: { kind: 'creditCard' } },
            time: '2026-03-02T23:00:00Z',
          },
          expect: 'DENY',
          decidedBy: ['no exports at night'],
        },
      ],
    },
    null,
    2,
  ),
);

function harness(): { deps: PolicyCliDeps; out: { stdout: string; stderr: string; files: Record<string, string> } } {
  const out = { stdout: '', stderr: '', files: {} as Record<string, string> };
  const deps: PolicyCliDeps = {
    runner: {
      run: async () => {
        throw new Error('no preview in these tests');
      },
      pulumiVersion: async () => undefined,
    },
    now: () => new Date('2026-03-02T12:00:00Z'),
    stdout: (t) => (out.stdout += t),
    stderr: (t) => (out.stderr += t),
    writeFile: (p, t) => (out.files[p] = t),
    env: {},
  };
  return { deps, out };
}

test('passing files: one line per case, a summary, exit 0', async () => {
  const { deps, out } = harness();
  expect(await policyMain(['test', GOOD, GOOD_JSON, '--policies', POLICIES], deps)).toBe(0);
  expect(out.stdout).toBe(
    [
      `PASS ${GOOD}:2 ops creates a tag: ALLOW by ops manage tags`,
      `PASS ${GOOD}:8 nobody may create policies: DENY`,
      `PASS ${GOOD}:13 one approver is not enough for a card: REQUIRES_CONSENSUS by card exports need two`,
      `PASS ${GOOD_JSON}:3 exports at night are denied: DENY by no exports at night`,
      '4 cases: 4 passed, 0 failed',
      '',
    ].join('\n'),
  );
});

test('a failing case shows the decision and every policy outcome; exit 1; JUnit and JSON', async () => {
  const failing = file(
    'failing.yaml',
    `cases:
  - name: stranger expected to pass
    request:
      activity: { type: ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG }
      approvers: [{ id: u2 }]
    expect: ALLOW
  - name: wrong decider
    request:
      activity: { type: ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG }
      approvers: [{ id: u1, tags: [ops] }]
    expect: ALLOW
    decidedBy: [card exports need two]
`,
  );
  const { deps, out } = harness();
  expect(await policyMain(['test', failing, '--policies', POLICIES, '--junit', 'report.xml'], deps)).toBe(1);
  expect(out.stdout).toBe(
    [
      `FAIL ${failing}:2 stranger expected to pass: expected ALLOW, got REQUIRES_CONSENSUS`,
      '       ops manage tags: OUTCOME_REQUIRES_CONSENSUS',
      '       card exports need two: OUTCOME_ERROR (condition: 1:52: missing field: secret)',
      '       no exports at night: OUTCOME_TIME_INACTIVE',
      `FAIL ${failing}:7 wrong decider: expected 'card exports need two' to decide it; decided by 'ops manage tags'`,
      '       ops manage tags: OUTCOME_ALLOW',
      '       card exports need two: OUTCOME_ERROR (condition: 1:52: missing field: secret)',
      '       no exports at night: OUTCOME_TIME_INACTIVE',
      '2 cases: 0 passed, 2 failed',
      '',
    ].join('\n'),
  );
  const xml = out.files['report.xml'] as string;
  expect(xml).toContain('<testsuites name="walletinfra-policy" tests="2" failures="2">');
  expect(xml).toContain(`<testcase classname="${failing}" name="stranger expected to pass" file="${failing}" line="2">`);
  expect(xml).toContain('<failure message="expected ALLOW, got REQUIRES_CONSENSUS">ops manage tags: OUTCOME_REQUIRES_CONSENSUS');

  const json = harness();
  expect(await policyMain(['test', failing, '--policies', POLICIES, '--json'], json.deps)).toBe(1);
  const parsed = JSON.parse(json.out.stdout);
  expect(parsed.summary).toEqual({ cases: 2, failed: 2 });
  expect(parsed.results[0]).toMatchObject({
    name: 'stranger expected to pass',
    passed: false,
    expected: 'ALLOW',
    actual: 'REQUIRES_CONSENSUS',
    line: 2,
  });
});

test.each<[string, string, string[]]>([
  [
    'bad-fields.yaml',
    `cases:
  - name: typo
    request:
      activity: { type: ACTIVITY_TYPE_CREATE_WALET }
      approver: [{ id: u1 }]
    expect: ALOW
  - request:
      activity: { type: ACTIVITY_TYPE_CREATE_WALLET }
      time: yesterday
    expect: DENY
`,
    [
      `bad-fields.yaml:4:25: case "typo": request.activity.type: must be an activity type the service defines, like 'ACTIVITY_TYPE_CREATE_WALLET' (see ACTIVITY_TYPES in @walletinfra/sdk)`,
      `bad-fields.yaml:4:7: case "typo": request: unknown field 'approver'`,
      'bad-fields.yaml:6:13: case "typo": expect: must be one of ALLOW, DENY, REQUIRES_CONSENSUS',
      'bad-fields.yaml:7:5: case "#2": name: Invalid input: expected string, received undefined',
      `bad-fields.yaml:9:13: case "#2": request.time: must be an RFC 3339 time, like '2026-03-01T09:30:00Z'`,
    ],
  ],
  [
    'broken.yaml',
    'cases:\n  - name: a\n    request: { activity: [ }\n',
    ['broken.yaml:3:28: Flow sequence in block collection must be sufficiently indented and end with a ]', 'broken.yaml:3:29: '],
  ],
  ['broken.json', '{"cases": [ {"name": "a",, } ]}', ['broken.json:1:']],
  [
    'dupes.yaml',
    'cases:\n  - {name: a, request: {activity: {type: ACTIVITY_TYPE_CREATE_WALLET}}, expect: DENY}\n  - {name: a, request: {activity: {type: ACTIVITY_TYPE_CREATE_WALLET}}, expect: DENY}\n',
    ['dupes.yaml:3:1: case "a": name already used by the case at line 2; names must be unique in a file'],
  ],
  ['empty.yaml', 'cases: []\n', ['empty.yaml:1:8: cases: must list at least one case']],
])('%s: every problem names the file, case, field and line', async (name, text, problems) => {
  const path = file(name, text);
  const { deps, out } = harness();
  expect(await policyMain(['test', path, '--policies', POLICIES], deps)).toBe(1);
  const lines = out.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(problems.length);
  problems.forEach((p, i) => expect(lines[i]).toContain(`walletinfra-policy: ${join(dir, p)}`));
  expect(out.stdout).toBe('');
});

test('a bad policy file names the policy and field', async () => {
  const bad = file(
    'bad-policies.json',
    JSON.stringify({ policies: [{ policyName: 'x', effect: 'ALLOW', policyId: 'p1', notes: '' }] }, null, 2),
  );
  const { deps, out } = harness();
  expect(await policyMain(['test', GOOD, '--policies', bad], deps)).toBe(1);
  expect(out.stderr).toBe(`walletinfra-policy: ${bad}:5:17: policies[0].effect: must be 'EFFECT_ALLOW' or 'EFFECT_DENY'\n`);
});

test.each<[string[], string]>([
  [['test', GOOD], 'say which policies to test: --policies FILE or --stack NAME'],
  [
    ['test', GOOD, '--policies', 'a', '--stack', 'dev'],
    '--policies and --stack exclude each other: test against a file or against a stack',
  ],
  [['check', GOOD], 'unknown command "check"; the command is: test'],
  [['test', '--bogus'], 'unknown argument "--bogus"; known: --policies, --stack, --cwd, --junit, --json, --now, --version, --help'],
  [['test', GOOD, '--policies'], '--policies needs a value'],
  [['test', GOOD, '--policies', POLICIES, '--now', 'soon'], '--now soon: expected an RFC 3339 time, like 2026-03-01T09:30:00Z'],
])('arguments %j -> exit 1 with the message and the usage', async (argv, message) => {
  const { deps, out } = harness();
  expect(await policyMain(argv, deps)).toBe(1);
  expect(out.stderr).toBe(`walletinfra-policy: ${message}\n\n${USAGE}\n`);
});

test('a directory of test files, and a missing path', async () => {
  const { deps, out } = harness();
  expect(await policyMain(['test', join(dir, 'nothing-here'), '--policies', POLICIES], deps)).toBe(1);
  expect(out.stderr).toBe(`walletinfra-policy: ${join(dir, 'nothing-here')}: no such file or directory\n`);
  expect(await policyMain(['--help'], deps)).toBe(0);
  expect(out.stdout).toBe(`${USAGE}\n`);
});

describe('jest matchers', () => {
  const policies = [
    {
      policyName: 'ops manage tags',
      effect: 'EFFECT_ALLOW',
      consensus: "approvers.any(u, u.tags.contains('ops'))",
      condition: "activity.resource == 'PRIVATE_KEY'",
    },
    {
      policyName: 'two for wallets',
      effect: 'EFFECT_ALLOW',
      consensus: 'approvers.count() >= 2',
      condition: "activity.resource == 'WALLET'",
    },
  ];
  const tag = (tags: string[]) => ({ activity: { type: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG' }, approvers: [{ id: 'u1', tags }] });

  test('toAllow, toDeny, toRequireConsensus and .not', () => {
    expect(policies).toAllow(tag(['ops']));
    expect(policies).toDeny({ activity: { type: 'ACTIVITY_TYPE_CREATE_POLICY_V3' }, approvers: [{ id: 'u1' }] });
    expect(policies).toRequireConsensus({ activity: { type: 'ACTIVITY_TYPE_CREATE_WALLET' }, approvers: [{ id: 'u1' }] });
    expect(policies).toRequireConsensus(tag([]));
    expect(policies).not.toAllow(tag([]));
  });

  test('failure messages show each policy outcome', () => {
    expect(() =>
      expect(policies).toAllow({
        activity: { type: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG' },
        approvers: [{ id: 'u1' }],
        rootQuorum: false,
        wallet: { id: 'w' },
      }),
    ).not.toThrow('the request is not valid');
    expect(() => expect(policies).toAllow({ activity: { type: 'ACTIVITY_TYPE_CREATE_POLICY_V3' }, approvers: [{ id: 'u1' }] })).toThrow(
      [
        'expected the policies to decide ALLOW for ACTIVITY_TYPE_CREATE_POLICY_V3, but they decide DENY (OUTCOME_DENY_IMPLICIT)',
        "Each policy's outcome:",
        '  ops manage tags: OUTCOME_DENY_IMPLICIT',
        '  two for wallets: OUTCOME_DENY_IMPLICIT',
      ].join('\n'),
    );
    expect(() => expect(policies).toAllow({ activity: { type: 'CREATE_WALLET' } })).toThrow(
      'the request is not valid:\n  activity.type: must be an activity type the service defines',
    );
  });
});

test('the JUnit file is well-formed enough for CI reporters (escaped names)', async () => {
  const odd = file(
    'odd.yaml',
    `cases:\n  - name: "a <b> & \\"c\\""\n    request: { activity: { type: ACTIVITY_TYPE_CREATE_WALLET } }\n    expect: DENY\n`,
  );
  const { deps, out } = harness();
  expect(await policyMain(['test', odd, '--policies', POLICIES, '--junit', join(dir, 'x.xml')], deps)).toBe(0);
  expect(out.files[join(dir, 'x.xml')]).toContain('name="a &lt;b&gt; &amp; &quot;c&quot;"');
  expect(readFileSync(odd, 'utf8')).toContain('a <b>');
});
