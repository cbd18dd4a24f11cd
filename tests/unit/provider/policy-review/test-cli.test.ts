// `walletinfra-policy test`: test files (YAML and JSON, one schema, an error per bad field with file,
// case, line and column), one line per case, a summary, exit 0/1/3/4, JUnit XML and JSON; and the jest matchers.
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

/** A monotonic clock that advances 2 ms per reading, so case times are deterministic. */
function ticking(): () => number {
  let t = 0;
  return () => (t += 2);
}

function harness(): { deps: PolicyCliDeps; out: { stdout: string; stderr: string; files: Record<string, string> } } {
  const out = { stdout: '', stderr: '', files: {} as Record<string, string> };
  const deps: PolicyCliDeps = {
    runner: {
      run: () => Promise.reject(new Error('no preview in these tests')),
      pulumiVersion: () => Promise.resolve(undefined),
    },
    now: () => new Date('2026-03-02T12:00:00Z'),
    stdout: (t) => (out.stdout += t),
    stderr: (t) => (out.stderr += t),
    writeFile: (p, t) => (out.files[p] = t),
    env: {},
    clock: ticking(),
  };
  return { deps, out };
}

test('passing files: one line per case, a summary, exit 0', async () => {
  const { deps, out } = harness();
  expect(await policyMain(['test', GOOD, GOOD_JSON, '--policies', POLICIES], deps)).toBe(0);
  expect(out.stdout).toBe(
    [
      `PASS ${GOOD}:2 ops creates a tag: ALLOW by ops manage tags`,
      '       card exports need two: OUTCOME_ERROR (condition: 1:52: missing field: secret)',
      `PASS ${GOOD}:8 nobody may create policies: DENY (no policy allows it)`,
      '       card exports need two: OUTCOME_ERROR (condition: 1:52: missing field: secret)',
      `PASS ${GOOD}:13 one approver is not enough for a card: REQUIRES_CONSENSUS by card exports need two`,
      `PASS ${GOOD_JSON}:3 exports at night are denied: DENY by no exports at night`,
      '4 cases: 4 passed, 0 failed',
      '',
    ].join('\n'),
  );
});

test('a failing case shows the decider first, then the other outcomes, with those that do not apply folded; exit 1; JUnit and JSON', async () => {
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
      `FAIL ${failing}:2 stranger expected to pass: expected ALLOW, got REQUIRES_CONSENSUS by ops manage tags`,
      '       ops manage tags: OUTCOME_REQUIRES_CONSENSUS (decides)',
      '       card exports need two: OUTCOME_ERROR (condition: 1:52: missing field: secret)',
      '       do not apply: no exports at night',
      `FAIL ${failing}:7 wrong decider: expected 'card exports need two' to decide it; decided by ops manage tags`,
      '       ops manage tags: OUTCOME_ALLOW (decides)',
      '       card exports need two: OUTCOME_ERROR (condition: 1:52: missing field: secret)',
      '       do not apply: no exports at night',
      '2 cases: 0 passed, 2 failed',
      '',
    ].join('\n'),
  );
  const xml = out.files['report.xml'] as string;
  expect(xml).toContain('<testsuites name="walletinfra-policy" tests="2" failures="2" errors="0" time="0.004">');
  expect(xml).toContain(`<testsuite name="${failing}" tests="2" failures="2" errors="0" time="0.004">`);
  expect(xml).toContain(`<testcase classname="${failing}" name="stranger expected to pass" file="${failing}" line="2" time="0.002">`);
  expect(xml).toContain(
    '<failure message="expected ALLOW, got REQUIRES_CONSENSUS by ops manage tags">ops manage tags: OUTCOME_REQUIRES_CONSENSUS (decides)',
  );

  const json = harness();
  expect(await policyMain(['test', failing, '--policies', POLICIES, '--json'], json.deps)).toBe(1);
  const parsed = JSON.parse(json.out.stdout) as { summary: unknown; results: unknown[] };
  expect(parsed.summary).toEqual({ cases: 2, passed: 0, failed: 2, errors: 0, refused: 0 });
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
      `bad-fields.yaml:5:7: case "typo": request: unknown field 'approver'; did you mean 'approvers'?`,
      'bad-fields.yaml:6:13: case "typo": expect: must be one of ALLOW, DENY, REQUIRES_CONSENSUS',
      'bad-fields.yaml:7:5: case "#2": name: is missing: give each case a name, unique in its file',
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
])('%s: every problem names the file, case, field and line; exit 3', async (name, text, problems) => {
  const path = file(name, text);
  const { deps, out } = harness();
  expect(await policyMain(['test', path, '--policies', POLICIES], deps)).toBe(3);
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
  expect(await policyMain(['test', GOOD, '--policies', bad], deps)).toBe(3);
  expect(out.stderr).toBe(`walletinfra-policy: ${bad}:5:17: policies[0].effect: must be 'EFFECT_ALLOW' or 'EFFECT_DENY'\n`);
});

test.each<[string[], string]>([
  [['test', GOOD], 'say which policies to test: --policies FILE or --stack NAME'],
  [
    ['test', GOOD, '--policies', 'a', '--stack', 'dev'],
    '--policies and --stack exclude each other: test against a file or against a stack',
  ],
  [['check', GOOD], 'unknown command "check"; the commands are: test, lint'],
  [
    ['test', '--bogus'],
    'unknown argument "--bogus"; known: --policies, --stack, --cwd, --junit, --json, --now, --level, --version, --help',
  ],
  [['test', GOOD, '--policies'], '--policies needs a value'],
  [['test', GOOD, '--policies', POLICIES, '--now', 'soon'], '--now soon: expected an RFC 3339 time, like 2026-03-01T09:30:00Z'],
])('arguments %j -> exit 3 with the message and the usage', async (argv, message) => {
  const { deps, out } = harness();
  expect(await policyMain(argv, deps)).toBe(3);
  expect(out.stderr).toBe(`walletinfra-policy: ${message}\n\n${USAGE}\n`);
});

test('a directory of test files, and a missing path', async () => {
  const { deps, out } = harness();
  expect(await policyMain(['test', join(dir, 'nothing-here'), '--policies', POLICIES], deps)).toBe(3);
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
        'expected the policies to decide ALLOW for ACTIVITY_TYPE_CREATE_POLICY_V3, but they decide DENY (no policy allows it)',
        '  do not apply: ops manage tags, two for wallets',
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

describe('a test can never pass because a policy failed to evaluate', () => {
  const CAP = file(
    'cap-policies.yaml',
    `- policyName: ops sign
  effect: EFFECT_ALLOW
  consensus: "approvers.any(u, u.tags.contains('ops'))"
  condition: "activity.action == 'SIGN'"
- policyName: value cap
  effect: EFFECT_DENY
  condition: "eth.tx.value > 1000000000000000000000"
`,
  );

  test('an integer beyond 2^53 written as a bare number is refused when the file is read (YAML and JSON)', async () => {
    const yaml = file(
      'bare-yaml.yaml',
      `cases:
  - name: a payment above the cap
    request:
      activity: { type: ACTIVITY_TYPE_SIGN_TRANSACTION_V2 }
      approvers: [{ id: u1, tags: [ops] }]
      eth: { tx: { to: "0xabc", value: 2000000000000000000000 } }
    expect: ALLOW
`,
    );
    const json = file(
      'bare-json.json',
      '{"cases": [{"name": "fractions", "request": {"activity": {"type": "ACTIVITY_TYPE_SIGN_TRANSACTION_V2"},\n  "eth": {"tx": {"value": 1.5}}}, "expect": "DENY"}]}',
    );
    const { deps, out } = harness();
    expect(await policyMain(['test', yaml, json, '--policies', CAP], deps)).toBe(3);
    expect(out.stderr).toBe(
      [
        `walletinfra-policy: ${yaml}:6:40: case "a payment above the cap": request.eth.tx.value: 2000000000000000000000 is beyond 2^53, where a YAML or JSON number loses digits; write it as a string ending in n: "2000000000000000000000n"`,
        `walletinfra-policy: ${json}:2:27: case "fractions": request.eth.tx.value: 1.5 is not an integer; the policy language has no fractions`,
        '',
      ].join('\n'),
    );
    expect(out.stdout).toBe('');
  });

  test('a DENY policy that cannot be evaluated fails a case that is not denied, unless the case expects it', async () => {
    const cases = file(
      'cap-cases.yaml',
      `cases:
  - name: no value given
    request:
      activity: { type: ACTIVITY_TYPE_SIGN_TRANSACTION_V2 }
      approvers: [{ id: u1, tags: [ops] }]
      eth: { tx: { to: "0xabc" } }
    expect: ALLOW
  - name: no value given, and the case knows
    request:
      activity: { type: ACTIVITY_TYPE_SIGN_TRANSACTION_V2 }
      approvers: [{ id: u1, tags: [ops] }]
      eth: { tx: { to: "0xabc" } }
    expect: ALLOW
    expectErrors: value cap
  - name: above the cap
    request:
      activity: { type: ACTIVITY_TYPE_SIGN_TRANSACTION_V2 }
      approvers: [{ id: u1, tags: [ops] }]
      eth: { tx: { to: "0xabc", value: "2000000000000000000000n" } }
    expect: DENY
    decidedBy: value cap
  - name: expects an error that does not happen
    request:
      activity: { type: ACTIVITY_TYPE_SIGN_TRANSACTION_V2 }
      approvers: [{ id: u1, tags: [ops] }]
      eth: { tx: { value: "1n" } }
    expect: ALLOW
    expectErrors: [value cap]
`,
    );
    const { deps, out } = harness();
    expect(await policyMain(['test', cases, '--policies', CAP, '--junit', 'cap.xml'], deps)).toBe(1);
    expect(out.stdout).toBe(
      [
        `FAIL ${cases}:2 no value given: value cap could not be evaluated, and as an EFFECT_DENY policy it might have denied the request (condition: 1:8: missing field: eth.tx.value); give the request what the policy reads, or list the policy under expectErrors`,
        '       ops sign: OUTCOME_ALLOW (decides)',
        '       value cap: OUTCOME_ERROR (condition: 1:8: missing field: eth.tx.value)',
        `PASS ${cases}:8 no value given, and the case knows: ALLOW by ops sign`,
        '       value cap: OUTCOME_ERROR (condition: 1:8: missing field: eth.tx.value)',
        `PASS ${cases}:15 above the cap: DENY by value cap`,
        `FAIL ${cases}:22 expects an error that does not happen: expected value cap to fail to evaluate, but it evaluated to OUTCOME_DENY_IMPLICIT`,
        '       ops sign: OUTCOME_ALLOW (decides)',
        '       do not apply: value cap',
        '4 cases: 2 passed, 1 failed, 1 error',
        '',
      ].join('\n'),
    );
    expect(out.files['cap.xml']).toContain('<testsuites name="walletinfra-policy" tests="4" failures="1" errors="1" time="0.008">');
    expect(out.files['cap.xml']).toContain(
      '<error message="value cap could not be evaluated, and as an EFFECT_DENY policy it might have denied the request (condition: 1:8: missing field: eth.tx.value); give the request what the policy reads, or list the policy under expectErrors">',
    );
  });

  test('an error inside a value the request gives fails the case whatever the effect; a keyword the request leaves out does not', async () => {
    const policies = file(
      'allowlist.yaml',
      `- policyName: allowlist
  effect: EFFECT_ALLOW
  condition: "eth.tx.to == '0xabc' && eth.tx.data[0..10] == '0xa9059cbb'"
`,
    );
    const cases = file(
      'allowlist-cases.yaml',
      `cases:
  - name: short calldata is denied
    request:
      activity: { type: ACTIVITY_TYPE_SIGN_TRANSACTION_V2 }
      eth: { tx: { to: "0xabc", data: "0x" } }
    expect: DENY
  - name: a wallet is not a transaction
    request:
      activity: { type: ACTIVITY_TYPE_CREATE_WALLET }
    expect: DENY
`,
    );
    const { deps, out } = harness();
    expect(await policyMain(['test', cases, '--policies', policies], deps)).toBe(1);
    expect(out.stdout).toBe(
      [
        `FAIL ${cases}:2 short calldata is denied: allowlist could not be evaluated (condition: 1:37: the slice 0..10 is out of range for a string of length 2 (eth.tx.data)), so the request is probably not what the case means; fix the request or the policy, or list the policy under expectErrors`,
        '       allowlist: OUTCOME_ERROR (condition: 1:37: the slice 0..10 is out of range for a string of length 2 (eth.tx.data))',
        `PASS ${cases}:7 a wallet is not a transaction: DENY (no policy allows it)`,
        '       allowlist: OUTCOME_ERROR (condition: 1:5: missing field: eth.tx)',
        '2 cases: 1 passed, 0 failed, 1 error',
        '',
      ].join('\n'),
    );
  });
});

test('a policy that does not parse is refused once, naming the file, the policy and the field, before any case runs', async () => {
  const policies = file(
    'unquoted.yaml',
    `- policyName: ops manage tags
  effect: EFFECT_ALLOW
  condition: "activity.resource == 'PRIVATE_KEY'"
- policyName: pay the treasury
  effect: EFFECT_ALLOW
  condition: eth.tx.to == 0x08d2b0a37F869FF76BACB5Bab3278E26ab7067B7
  consensus: "approvers.count() >= "
`,
  );
  const { deps, out } = harness();
  expect(await policyMain(['test', GOOD, '--policies', policies], deps)).toBe(3);
  expect(out.stderr).toBe(
    [
      `walletinfra-policy: ${policies}:6:14: policy 'pay the treasury': condition: 1:14: invalid number '0x08d2b0a37F869FF76BACB5Bab3278E26ab7067B7'; write hex values as strings, e.g. '0x08d2b0a37F869FF76BACB5Bab3278E26ab7067B7'`,
      `walletinfra-policy: ${policies}:7:14: policy 'pay the treasury': consensus: 1:22: expected an expression after '>=', found the end of the input`,
      '',
    ].join('\n'),
  );
  expect(out.stdout).toBe('');
});

test('with --json, problems are in the JSON on stdout, and the summary counts passed cases', async () => {
  const bad = file(
    'json-bad.yaml',
    'cases:\n  - name: a\n    request: { activity: { type: ACTIVITY_TYPE_CREATE_WALLET }, approvers: u1 }\n    expect: DENY\n',
  );
  const { deps, out } = harness();
  expect(await policyMain(['test', bad, '--policies', POLICIES, '--json'], deps)).toBe(3);
  expect(out.stderr).toBe('');
  expect(JSON.parse(out.stdout)).toEqual({
    summary: { cases: 0, passed: 0, failed: 0, errors: 0, refused: 0 },
    problems: [
      {
        file: bad,
        line: 3,
        column: 76,
        case: 'a',
        field: 'request.approvers',
        message: 'must be a list of users, like [{ id: <user id>, tags: [<tag id>] }], not text',
        text: `${bad}:3:76: case "a": request.approvers: must be a list of users, like [{ id: <user id>, tags: [<tag id>] }], not text`,
      },
    ],
    results: [],
    refused: [],
  });
  const good = harness();
  expect(await policyMain(['test', GOOD, '--policies', POLICIES, '--json'], good.deps)).toBe(0);
  expect((JSON.parse(good.out.stdout) as { summary: unknown }).summary).toEqual({ cases: 3, passed: 3, failed: 0, errors: 0, refused: 0 });
});

test('exit 4 when the policies cannot be read: a stack whose preview fails', async () => {
  const { deps, out } = harness();
  expect(await policyMain(['test', GOOD, '--stack', 'dev'], deps)).toBe(4);
  expect(out.stderr).toContain('walletinfra-policy: --stack dev: the preview failed: ');
});

test('--help describes the test-file format and every exit code', async () => {
  const { deps, out } = harness();
  expect(await policyMain(['--help'], deps)).toBe(0);
  for (const part of [
    'cases:',
    '- name:',
    'request:',
    'expect: ALLOW',
    'decidedBy:',
    'expectErrors:',
    '"2000000000000000000000n"',
    '0  every case passed',
    '1  a case failed',
    '3  invalid input',
    '4  the tests could not run',
    'walletinfra-drift --fail-on-impact exits 2',
  ]) {
    expect(out.stdout).toContain(part);
  }
});

test('a user changing its own credentials needs no policy; another user does', async () => {
  const cases = file(
    'own-keys.yaml',
    `cases:
  - name: ops adds its own API key
    request:
      activity: { type: ACTIVITY_TYPE_CREATE_API_KEYS_V2, params: { user_id: u1 } }
      approvers: [{ id: u1, tags: [ops] }]
    expect: ALLOW
  - name: ops adds a key to someone else
    request:
      activity: { type: ACTIVITY_TYPE_CREATE_API_KEYS_V2, params: { user_id: u2 } }
      approvers: [{ id: u1, tags: [ops] }]
    expect: DENY
  - name: a credential change must name the user
    request:
      activity: { type: ACTIVITY_TYPE_DELETE_AUTHENTICATORS }
      approvers: [{ id: u1 }]
    expect: ALLOW
`,
  );
  const { deps, out } = harness();
  expect(await policyMain(['test', cases, '--policies', POLICIES], deps)).toBe(3);
  expect(out.stderr).toBe(
    `walletinfra-policy: ${cases}:14:17: case "a credential change must name the user": request.activity.params.user_id: is missing: ACTIVITY_TYPE_DELETE_AUTHENTICATORS always names the user whose credentials change (its intent's userId); give it, e.g. params: { user_id: u1 } for a user changing its own\n`,
  );
  const fixed = file('own-keys-fixed.yaml', readFileSync(cases, 'utf8').split('  - name: a credential change')[0] as string);
  const run = harness();
  expect(await policyMain(['test', fixed, '--policies', POLICIES], run.deps)).toBe(0);
  expect(run.out.stdout).toBe(
    [
      `PASS ${fixed}:2 ops adds its own API key: ALLOW by implicit permission (a user may change its own credentials)`,
      '       card exports need two: OUTCOME_ERROR (condition: 1:52: missing field: secret)',
      `PASS ${fixed}:7 ops adds a key to someone else: DENY (no policy allows it)`,
      '       card exports need two: OUTCOME_ERROR (condition: 1:52: missing field: secret)',
      '2 cases: 2 passed, 0 failed',
      '',
    ].join('\n'),
  );
});

describe('jest matchers: what the sdk types accept, and invalid input fails in both polarities', () => {
  const cap = [
    { policyName: 'ops sign', effect: 'EFFECT_ALLOW', condition: "activity.action == 'SIGN'" },
    { policyName: 'value cap', effect: 'EFFECT_DENY', condition: 'eth.tx.value > 100000000000000000' },
  ];
  const payment = (value: unknown) => ({
    activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' },
    approvers: [{ id: 'u1' }],
    eth: { tx: { value } },
  });

  test('bigints are accepted where the sdk types take them', () => {
    expect(cap).toDeny(payment(10n ** 17n + 1n));
    expect(cap).toAllow(payment(10n ** 17n));
    expect(cap).not.toAllow(payment(10n ** 18n));
  });

  test.each<[string, () => void]>([
    ['toDeny', () => expect(cap).not.toDeny(payment(1.5))],
    ['toAllow', () => expect(cap).not.toAllow(payment(1.5))],
    ['toDeny', () => expect(cap).toDeny(payment(1.5))],
  ])('.%s with a request that cannot be evaluated fails, naming the field', (_, assertion) => {
    expect(assertion).toThrow('the request is not valid:\n  eth.tx.value: 1.5 is not an integer; the policy language has no fractions');
  });

  test('an unsafe number names the field and the fix in code', () => {
    expect(() => expect(cap).not.toAllow(payment(2 ** 60))).toThrow(
      'the request is not valid:\n  eth.tx.value: 1152921504606846976 is beyond 2^53, where a number loses digits; write it as a bigint: 1152921504606846976n',
    );
  });

  test('invalid policies fail in both polarities', () => {
    expect(() => expect([{ policyName: 'x', effect: 'ALLOW' }]).not.toAllow(payment(1n))).toThrow(
      "the policies are not valid:\n  [0].effect: must be 'EFFECT_ALLOW' or 'EFFECT_DENY'",
    );
    expect(() => expect([{ policyName: 'x', effect: 'EFFECT_ALLOW', condition: 'eth.tx.to == 0xab' }]).not.toAllow(payment(1n))).toThrow(
      "the policies are not valid:\n  [0].condition: 1:14: invalid number '0xab'; write hex values as strings, e.g. '0xab'",
    );
  });

  test('a policy error that may hide the decision fails the assertion unless expected', () => {
    const noValue = { activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' }, approvers: [{ id: 'u1' }], eth: { tx: { to: '0xabc' } } };
    expect(() => expect(cap).toAllow(noValue)).toThrow(
      'value cap could not be evaluated, and as an EFFECT_DENY policy it might have denied the request (condition: 1:8: missing field: eth.tx.value)',
    );
    expect(() => expect(cap).not.toDeny(noValue)).toThrow('value cap could not be evaluated');
    expect(cap).toAllow(noValue, { expectErrors: ['value cap'] });
  });

  test('own credentials through the matchers', () => {
    expect([]).toAllow({ activity: { type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2', params: { user_id: 'u1' } }, approvers: [{ id: 'u1' }] });
    expect([]).toDeny({ activity: { type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2', params: { user_id: 'u2' } }, approvers: [{ id: 'u1' }] });
  });
});

test('an unknown field is reported at its own line and column, one problem per field, however deep', async () => {
  const path = file(
    'deep-unknown.yaml',
    `cases:
  - name: deep
    request:
      activity: { type: ACTIVITY_TYPE_CREATE_WALLET, kynd: CREATE_WALLET }
      approvers:
        - id: u1
          tag: [ops]
          emial: a@b.c
    expect: DENY
    decidedBye: x
`,
  );
  const { deps, out } = harness();
  expect(await policyMain(['test', path, '--policies', POLICIES], deps)).toBe(3);
  expect(out.stderr).toBe(
    [
      `walletinfra-policy: ${path}:4:54: case "deep": request.activity: unknown field 'kynd'; did you mean 'kind'?`,
      `walletinfra-policy: ${path}:7:11: case "deep": request.approvers[0]: unknown field 'tag'; did you mean 'tags'?`,
      `walletinfra-policy: ${path}:8:11: case "deep": request.approvers[0]: unknown field 'emial'; did you mean 'email'?`,
      `walletinfra-policy: ${path}:10:5: case "deep": unknown field 'decidedBye'; did you mean 'decidedBy'?`,
      '',
    ].join('\n'),
  );
});

test('problems in the test files and in the policies file are reported together', async () => {
  const tests = file(
    'together.yaml',
    'cases:\n  - name: a\n    request: { activity: { type: ACTIVITY_TYPE_CREATE_WALLET } }\n    expect: ALOW\n',
  );
  const policies = file('together-policies.yaml', '- policyName: p\n  effect: EFFECT_ALLOW\n  condition: "wallet.lable == \'x\'"\n');
  const { deps, out } = harness();
  expect(await policyMain(['test', tests, '--policies', policies], deps)).toBe(3);
  expect(out.stderr).toBe(
    [
      `walletinfra-policy: ${tests}:4:13: case "a": expect: must be one of ALLOW, DENY, REQUIRES_CONSENSUS`,
      `walletinfra-policy: ${policies}:3:14: policy 'p': condition: 1:8: unknown field 'lable' of Wallet; did you mean 'label'?`,
      '',
    ].join('\n'),
  );
});

test('forms with several shapes say what they take, in the file format words', async () => {
  const path = file(
    'forms.yaml',
    `cases:
  - name: quorum of nobody
    request:
      activity: { type: ACTIVITY_TYPE_CREATE_WALLET }
      rootQuorum: { userIds: [r1], threshold: 0 }
    expect: DENY
  - name: quorum as text
    request:
      activity: { type: ACTIVITY_TYPE_CREATE_WALLET }
      rootQuorum: yes please
    expect: DENY
  - name: a vote without its consensus
    request:
      activity: { type: ACTIVITY_TYPE_APPROVE_ACTIVITY }
      approvers: [{ id: u1 }]
    expect: ALLOW
`,
  );
  const { deps, out } = harness();
  expect(await policyMain(['test', path, '--policies', POLICIES], deps)).toBe(3);
  expect(out.stderr).toBe(
    [
      `walletinfra-policy: ${path}:5:47: case "quorum of nobody": request.rootQuorum.threshold: must be at least 1: how many root users must approve`,
      `walletinfra-policy: ${path}:10:19: case "quorum as text": request.rootQuorum: must be true (the root quorum approved it), or { userIds: [<root user id>, …], threshold: <how many> }, not text`,
      `walletinfra-policy: ${path}:14:7: case "a vote without its consensus": request.votedActivity: is missing: a vote (ACTIVITY_TYPE_APPROVE_ACTIVITY) is decided by the consensus the voted-on activity awaits; give votedActivity: { consensus: POLICY } or { consensus: ROOT_QUORUM }`,
      '',
    ].join('\n'),
  );
  const votes = file(
    'votes.yaml',
    `cases:
  - name: bob approves alice's wallet
    request:
      activity: { type: ACTIVITY_TYPE_APPROVE_ACTIVITY }
      approvers: [{ id: bob }]
      votedActivity: { consensus: POLICY }
    expect: ALLOW
  - name: bob is not a root user
    request:
      activity: { type: ACTIVITY_TYPE_APPROVE_ACTIVITY }
      approvers: [{ id: bob }]
      votedActivity: { consensus: ROOT_QUORUM }
      rootQuorum: { userIds: [r1, r2], threshold: 2 }
    expect: DENY
`,
  );
  const run = harness();
  expect(await policyMain(['test', votes, '--policies', POLICIES], run.deps)).toBe(0);
  expect(run.out.stdout).toBe(
    [
      `PASS ${votes}:2 bob approves alice's wallet: ALLOW by implicit permission (a user included in the consensus may approve the activity)`,
      // A vote has no documented resource or action: policies reading them cannot be evaluated on it (as on the service).
      '       ops manage tags: OUTCOME_ERROR (condition: 1:10: missing field: activity.resource)',
      '       card exports need two: OUTCOME_ERROR (condition: 1:52: missing field: secret)',
      '       no exports at night: OUTCOME_ERROR (condition: 1:10: missing field: activity.action)',
      `PASS ${votes}:8 bob is not a root user: DENY (no policy allows it)`,
      '2 cases: 2 passed, 0 failed',
      '',
    ].join('\n'),
  );
});
