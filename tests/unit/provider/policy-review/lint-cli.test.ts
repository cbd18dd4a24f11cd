// `walletinfra-policy lint`: a policies file or a stack's planned policies through the policy linter, one line per
// finding at the policy's place, a summary, JSON, and the exit codes of `walletinfra-policy test` (0 warnings at
// most, 1 a finding at error level, 3 invalid input, 4 the stack could not be read).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineEventLike } from '@walletinfra/pulumi/stack/events';
import { policyMain, type PolicyCliDeps } from '@walletinfra/pulumi/policy-review/cli';
import type { LintFacts, OrganizationReader } from '@walletinfra/pulumi/policy-review/organization';

const dir = mkdtempSync(join(tmpdir(), 'policy-lint-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const POLICIES = file(
  'policies.yaml',
  `- policyName: agents sign
  effect: EFFECT_ALLOW
  consensus: "approvers.any(user, user.tags.contains('agents'))"
  condition: "activity.action == 'SIGN'"
- policyName: break glass
  effect: EFFECT_ALLOW
  consensus: "approvers.count() >= 2"
  notes: "incident response; lint-ignore: allow-without-condition, unscoped-signing-or-export"
- policyName: wallets by two
  effect: EFFECT_ALLOW
  condition: "activity.resource == 'WALLET' && activity.action == 'CREATE'"
  consensus: "approvers.count() >= 2"
`,
);

const UNSCOPED =
  "unscoped-signing-or-export: this ALLOW covers signing with any wallet or key: it names no wallet, private key, tag or address, so one compromised approver can move or export everything; scope it, e.g. wallet.id == '<WALLET_ID>' or eth.tx.to == '<CONTRACT_ADDRESS>' (to accept it for this policy, add 'lint-ignore: unscoped-signing-or-export' to its notes; see docs/policy-lint.md#unscoped-signing-or-export)";

function harness(runner: Partial<PolicyCliDeps['runner']> = {}, reader?: OrganizationReader) {
  const out = { stdout: '', stderr: '' };
  const deps: PolicyCliDeps = {
    runner: {
      run: () => Promise.reject(new Error('no preview in this test')),
      pulumiVersion: () => Promise.resolve(undefined),
      ...runner,
    },
    now: () => new Date('2026-03-02T12:00:00Z'),
    stdout: (t) => (out.stdout += t),
    stderr: (t) => (out.stderr += t),
    writeFile: () => undefined,
    env: {},
    ...(reader !== undefined ? { makeReader: () => reader } : {}),
  };
  return { deps, out };
}

test('a policies file: one line per finding at the policy field, lint-ignore honoured, a summary; warnings exit 0', async () => {
  const { deps, out } = harness();
  expect(await policyMain(['lint', '--policies', POLICIES], deps)).toBe(0);
  expect(out.stdout).toBe(`${POLICIES}:4:14: warning: policy "agents sign" condition: ${UNSCOPED}\n3 policies linted: 1 warning\n`);
  expect(out.stderr).toBe('');
});

test('--level error: the same finding is an error, exit 1; --json carries the findings', async () => {
  const { deps, out } = harness();
  expect(await policyMain(['lint', '--policies', POLICIES, '--level', 'error', '--json'], deps)).toBe(1);
  expect(JSON.parse(out.stdout)).toEqual({
    summary: { policies: 3, findings: 1, errors: 1, warnings: 0, refused: 0 },
    findings: [
      {
        rule: 'unscoped-signing-or-export',
        severity: 'error',
        policyName: 'agents sign',
        file: POLICIES,
        line: 4,
        column: 14,
        field: 'condition',
        message: UNSCOPED.slice('unscoped-signing-or-export: '.length, UNSCOPED.indexOf(' (to accept it')),
        docs: 'docs/policy-lint.md#unscoped-signing-or-export',
        text: `${POLICIES}:4:14: error: policy "agents sign" condition: ${UNSCOPED}`,
      },
    ],
    refused: [],
    problems: [],
  });
});

test('a clean file exits 0 with no findings', async () => {
  const clean = file('clean.json', JSON.stringify([{ policyName: 'p', effect: 'EFFECT_DENY', condition: "activity.action == 'EXPORT'" }]));
  const { deps, out } = harness();
  expect(await policyMain(['lint', '--policies', clean], deps)).toBe(0);
  expect(out.stdout).toBe('1 policy linted: no findings\n');
});

test('invalid input exits 3: a policy that does not parse, bad arguments', async () => {
  const bad = file('bad.yaml', `- policyName: x\n  effect: EFFECT_ALLOW\n  condition: "activity.action =="\n`);
  const { deps, out } = harness();
  expect(await policyMain(['lint', '--policies', bad], deps)).toBe(3);
  expect(out.stderr).toMatch(new RegExp(`^walletinfra-policy: ${bad.replace(/[.]/g, '\\.')}:3:14: policy 'x': condition: 1:\\d+: .+\\n$`));
  for (const [argv, message] of [
    [
      ['lint', POLICIES, '--policies', POLICIES],
      `lint takes no files (got ${POLICIES}): give the policies with --policies FILE or --stack NAME`,
    ],
    [['lint', '--policies', POLICIES, '--level', 'loud'], '--level loud: expected warn or error'],
    [['lint', '--policies', POLICIES, '--now', '2026-03-02T12:00:00Z'], '--now belongs to `walletinfra-policy test`'],
    [['test', '--policies', POLICIES, '--level', 'error'], '--level belongs to `walletinfra-policy lint`'],
    [['lint'], 'say which policies to lint: --policies FILE or --stack NAME'],
  ] as const) {
    const run = harness();
    expect(await policyMain(argv, run.deps)).toBe(3);
    expect(run.out.stderr.split('\n')[0]).toBe(`walletinfra-policy: ${message}`);
  }
});

// ---- --stack: the preview's planned policies with the organization ----

const ORG = 'org-1';
/** The stack's credentials: what the reader is made with (the test hands in its own reader). */
const CREDENTIALS = { 'walletinfra:organizationId': ORG, 'walletinfra:apiPublicKey': '02ab', 'walletinfra:apiPrivateKey': 'cd' };
const TOKEN = '0xA0b86991c6218b36c1d19d4a2e9eB0cE3606eB48';
const step = (op: string, type: string, name: string, inputs: Record<string, unknown>, id?: string): EngineEventLike => ({
  resourcePreEvent: {
    metadata: {
      op,
      urn: `urn:pulumi:dev::infra::pulumi-nodejs:dynamic/walletinfra:${type}::${name}`,
      type: `pulumi-nodejs:dynamic/walletinfra:${type}`,
      ...(id !== undefined ? { old: { id, inputs } } : {}),
      new: { inputs: { ...inputs, organizationId: ORG } },
    },
  },
});

/** The preview's step for an ERC-20 interface declaring only `transfer`. */
const USDC_INTERFACE = step('create', 'SmartContractInterface', 'usdc', {
  smartContractAddress: TOKEN,
  type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
  smartContractInterface: '[{"type":"function","name":"transfer","inputs":[]}]',
});

function reader(
  facts: LintFacts,
  live: Array<{ policyId: string; policyName: string; effect: 'EFFECT_ALLOW' | 'EFFECT_DENY'; condition?: string }>,
): OrganizationReader {
  return {
    organizationId: ORG,
    listPolicies: () => Promise.resolve(live),
    listActivities: () => Promise.resolve([]),
    decidedByPolicies: () => Promise.resolve(true),
    lintFacts: () => Promise.resolve(facts),
  };
}

const FACTS: LintFacts = {
  users: [
    { userId: 'u1', userName: 'alice', userTags: ['ops'] },
    { userId: 'u2', userName: 'bob', userTags: [] },
  ],
  userTags: [{ tagId: 'ops', tagName: 'operations' }],
  smartContractInterfaces: [],
  velocityControls: [],
};

test('--stack: planned policies with the live DENYs, users, interfaces and controls; the stack config sets the level', async () => {
  const events = [
    USDC_INTERFACE,
    step('create', 'Policy', 'two-ops', {
      policyName: 'two ops create wallets',
      effect: 'EFFECT_ALLOW',
      condition: "activity.resource == 'WALLET' && activity.action == 'CREATE'",
      consensus: "approvers.filter(user, user.tags.contains('ops')).count() >= 2",
    }),
    step('create', 'Policy', 'usdc-transfers', {
      policyName: 'usdc transfers',
      effect: 'EFFECT_ALLOW',
      condition: `activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' && eth.tx.to == '${TOKEN}' && eth.tx.function_name == 'transfr'`,
      consensus: 'approvers.count() >= 2',
    }),
    step('create', 'Policy', 'export-w1', {
      policyName: 'export w-1',
      effect: 'EFFECT_ALLOW',
      condition: "activity.type == 'ACTIVITY_TYPE_EXPORT_WALLET' && wallet.id == 'w-1'",
      consensus: 'approvers.count() >= 2',
    }),
  ];
  const { deps, out } = harness(
    {
      run: (_mode, _stack, _dir, onEvent) => {
        events.forEach(onEvent);
        return Promise.resolve();
      },
      stackConfig: () => Promise.resolve({ ...CREDENTIALS, 'walletinfra:policyLint': 'error' }),
    },
    reader(FACTS, [{ policyId: 'p-live', policyName: 'no exports', effect: 'EFFECT_DENY', condition: "activity.action == 'EXPORT'" }]),
  );
  expect(await policyMain(['lint', '--stack', 'dev', '--json'], deps)).toBe(1);
  const report = JSON.parse(out.stdout) as {
    summary: unknown;
    findings: Array<{ rule: string; severity: string; resource?: string; text: string }>;
  };
  expect(report.summary).toEqual({ policies: 4, findings: 3, errors: 3, warnings: 0, refused: 0 });
  expect(report.findings.map((f) => [f.rule, f.severity, f.resource])).toEqual([
    ['unsatisfiable-consensus', 'error', 'two-ops'],
    ['contract-call-interface', 'error', 'usdc-transfers'],
    ['allow-shadowed-by-deny', 'error', 'export-w1'],
  ]);
  expect(report.findings[0]?.text).toBe(
    "error: policy \"two ops create wallets\" (resource two-ops) consensus: unsatisfiable-consensus: no set of the organization's 2 users meets this consensus (it needs 2 approvers tagged 'operations' (ops); 1 user holds that tag), so the activities it allows stay waiting for approvals forever; lower the requirement or give the tag to enough users (to accept it for this policy, add 'lint-ignore: unsatisfiable-consensus' to its notes; see docs/policy-lint.md#unsatisfiable-consensus)",
  );
  expect(report.findings[1]?.text).toBe(
    `error: policy "usdc transfers" (resource usdc-transfers) condition (line 1, column 142): contract-call-interface: function 'transfr' is not in the interface uploaded for ${TOKEN}, so eth.tx.function_name never equals it; did you mean 'transfer'? (to accept it for this policy, add 'lint-ignore: contract-call-interface' to its notes; see docs/policy-lint.md#contract-call-interface)`,
  );
  expect(out.stderr).toBe('[policy] preview of stack dev in ....\n[policy] 4 planned policies (3 changed by the stack)\n');
});

test('--stack: a preview that fails exits 4', async () => {
  const { deps, out } = harness();
  expect(await policyMain(['lint', '--stack', 'dev'], deps)).toBe(4);
  expect(out.stderr).toContain('walletinfra-policy: --stack dev: the preview failed: ');
});

test('--stack: a preview the provider failed at a Policy (a function the ABI lacks) still lints what it planned, and exits 1', async () => {
  const condition = `activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' && eth.tx.to == '${TOKEN}' && eth.tx.function_name == 'transfr'`;
  const reason = `function 'transfr' is not in the interface uploaded for ${TOKEN}, so eth.tx.function_name never equals it; did you mean 'transfer'? (line 1, column 142)`;
  const events: EngineEventLike[] = [
    USDC_INTERFACE,
    step('create', 'Policy', 'sign-anything', {
      policyName: 'sign anything',
      effect: 'EFFECT_ALLOW',
      condition: "activity.action == 'SIGN'",
    }),
    // the engine's check-failure diagnostic (github.com/pulumi/pulumi sdk/go/common/diag/errors.go, code 2003)
    {
      diagnosticEvent: {
        urn: 'urn:pulumi:dev::infra::pulumi-nodejs:dynamic/walletinfra:Policy::usdc-transfers',
        severity: 'error',
        message: `pulumi-nodejs:dynamic/walletinfra:Policy resource 'usdc-transfers': property condition value {${condition}} has a problem: ${reason}\n`,
      },
    },
  ];
  const runner = {
    run: (_mode: string, _stack: string, _dir: string, onEvent: (e: EngineEventLike) => void) => {
      events.forEach(onEvent);
      return Promise.reject(new Error('preview failed'));
    },
    stackConfig: () => Promise.resolve(CREDENTIALS),
  };
  const { deps, out } = harness(runner, reader(FACTS, []));
  expect(await policyMain(['lint', '--stack', 'dev'], deps)).toBe(1);
  expect(out.stdout).toBe(
    [
      `error: Policy usdc-transfers condition: refused by the preview: ${reason}`,
      `warning: policy "sign anything" (resource sign-anything) condition: ${UNSCOPED}`,
      '1 policy linted: 1 warning; 1 resource refused by the preview',
      '',
    ].join('\n'),
  );
  expect(out.stderr).toContain(
    '[policy] the preview stopped: the provider refused usdc-transfers; linting what it planned before, and the live policies it did not reach\n',
  );

  const json = harness(runner, reader(FACTS, []));
  expect(await policyMain(['lint', '--stack', 'dev', '--json'], json.deps)).toBe(1);
  expect(JSON.parse(json.out.stdout)).toMatchObject({
    summary: { policies: 1, findings: 1, errors: 0, warnings: 1, refused: 1 },
    refused: [{ resource: 'usdc-transfers', property: 'condition', reason }],
  });
});

test('--stack: a preview that failed for another reason than a refused Policy still exits 4', async () => {
  const runner = {
    run: (_mode: string, _stack: string, _dir: string, onEvent: (e: EngineEventLike) => void) => {
      onEvent({
        diagnosticEvent: {
          urn: 'urn:pulumi:dev::infra::pulumi-nodejs:dynamic/walletinfra:WebhookEndpoint::hook',
          severity: 'error',
          message:
            "pulumi-nodejs:dynamic/walletinfra:WebhookEndpoint resource 'hook': property url value {http://x} has a problem: must be https",
        },
      });
      return Promise.reject(new Error('preview failed'));
    },
    stackConfig: () => Promise.resolve(CREDENTIALS),
  };
  const { deps, out } = harness(runner, reader(FACTS, []));
  expect(await policyMain(['lint', '--stack', 'dev'], deps)).toBe(4);
  expect(out.stderr).toContain('walletinfra-policy: --stack dev: the preview failed: preview failed');
});
