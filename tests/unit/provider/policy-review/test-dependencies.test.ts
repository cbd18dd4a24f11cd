// `walletinfra-policy test` with what policies depend on: velocity-control states (a result, or an aggregate compared
// with the control's operator and threshold from the file, the stack or the request), and contract calls decoded
// through an interface (the file's or the stack's) as the service decodes them; a state no control explains is
// invalid input (exit 3). The jest matchers take the same.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineEventLike } from '@walletinfra/pulumi/stack/events';
import { policyMain, type PolicyCliDeps } from '@walletinfra/pulumi/policy-review/cli';
import type { LintFacts, OrganizationReader } from '@walletinfra/pulumi/policy-review/organization';
import { policyMatchers, type PolicyMatchers } from '@walletinfra/pulumi/testing';
import { ERC20_TRANSFER } from '../../../support/erc20-abi';

expect.extend(policyMatchers);
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Matchers<R> extends PolicyMatchers<R> {}
  }
}

const dir = mkdtempSync(join(tmpdir(), 'policy-deps-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const TOKEN = '0xA0b86991c6218b36c1d19d4a2e9eB0cE3606eB48';
const TREASURY = '0x1715c2A2315e2Abb651258805F11645c014aA3db';
/** transfer(TREASURY, 1000000) */
const TRANSFER =
  '0xa9059cbb0000000000000000000000001715c2a2315e2abb651258805f11645c014aa3db00000000000000000000000000000000000000000000000000000000000f4240';
const ABI = [ERC20_TRANSFER];
const LE = 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL';

const POLICY = {
  policyName: 'usdc to the treasury within the limit',
  effect: 'EFFECT_ALLOW' as const,
  condition: `eth.tx.to == '${TOKEN}' && eth.tx.function_name == 'transfer' && eth.tx.contract_call_args['to'] == '${TREASURY}' && controls.daily_usdc`,
};
const POLICIES = file('policies.json', JSON.stringify([POLICY]));

function harness(runner: Partial<PolicyCliDeps['runner']> = {}, reader?: OrganizationReader) {
  const out = { stdout: '', stderr: '' };
  const deps: PolicyCliDeps = {
    runner: { run: () => Promise.reject(new Error('no preview in this test')), pulumiVersion: () => Promise.resolve(undefined), ...runner },
    now: () => new Date('2026-03-02T12:00:00Z'),
    stdout: (t) => (out.stdout += t),
    stderr: (t) => (out.stderr += t),
    writeFile: () => undefined,
    env: {},
    clock: () => 0,
    ...(reader !== undefined ? { makeReader: () => reader } : {}),
  };
  return { deps, out };
}

const request = (controls: string, tx = `{ to: "${TOKEN}", data: "${TRANSFER}" }`) => `    request:
      activity: { type: ACTIVITY_TYPE_SIGN_TRANSACTION_V2 }
      approvers: [{ id: u1 }]
      eth: { tx: ${tx} }
      controls: ${controls}`;

/** A test file's declarations: the token's interface (at `address`) and the daily control. */
const declarations = (address: string) => `smartContractInterfaces:
  - address: "${address}"
    abi: ${JSON.stringify(ABI)}
velocityControls:
  - { identifier: daily_usdc, operator: ${LE}, threshold: "10000" }`;

test('the file declares the interface and the control: calls decoded, aggregates compared, results given', async () => {
  const cases = file(
    'usdc.yaml',
    `${declarations(TOKEN.toLowerCase())}
cases:
  - name: within the limit
${request('{ daily_usdc: { aggregate: "9500.5" } }')}
    expect: ALLOW
  - name: over the limit
${request('{ daily_usdc: { aggregate: 10001 } }')}
    expect: DENY
  - name: the result given
${request('{ daily_usdc: false }')}
    expect: DENY
  - name: operator and threshold given with the aggregate
${request(`{ daily_usdc: { aggregate: "5", operator: ${LE}, threshold: "1" } }`)}
    expect: DENY
  - name: calldata another function, so the fields stay empty
${request('{ daily_usdc: true }', `{ to: "${TOKEN}", data: "0x095ea7b3" }`)}
    expect: DENY
    expectErrors: [${POLICY.policyName}]
`,
  );
  const { deps, out } = harness();
  expect(await policyMain(['test', cases, '--policies', POLICIES], deps)).toBe(0);
  expect(out.stdout).toBe(
    [
      `PASS ${cases}:7 within the limit: ALLOW by ${POLICY.policyName}`,
      `PASS ${cases}:14 over the limit: DENY (no policy allows it)`,
      `PASS ${cases}:21 the result given: DENY (no policy allows it)`,
      `PASS ${cases}:28 operator and threshold given with the aggregate: DENY (no policy allows it)`,
      `PASS ${cases}:35 calldata another function, so the fields stay empty: DENY (no policy allows it)`,
      `       ${POLICY.policyName}: OUTCOME_ERROR (condition: 1:69: missing field: eth.tx.function_name)`,
      '5 cases: 5 passed, 0 failed',
      '',
    ].join('\n'),
  );
});

test('an aggregate for a control nobody declares is invalid input, at the case', async () => {
  const cases = file(
    'undeclared.yaml',
    `cases:
  - name: no control
${request('{ daily_usdc: { aggregate: "1" } }')}
    expect: DENY
`,
  );
  const { deps, out } = harness();
  expect(await policyMain(['test', cases, '--policies', POLICIES], deps)).toBe(3);
  expect(out.stderr).toBe(
    `walletinfra-policy: ${cases}:2:1: case "no control": request.controls.daily_usdc: no velocity control 'daily_usdc' is declared (known: none), so its operator and threshold are unknown; give them with the aggregate ({ aggregate, operator, threshold }), the result alone (true or false), or declare the control under velocityControls\n`,
  );
});

test('--stack: the planned control and the live interface', async () => {
  const ORG = 'org-1';
  const events: EngineEventLike[] = [
    {
      resourcePreEvent: {
        metadata: {
          op: 'create',
          urn: 'urn:pulumi:dev::infra::pulumi-nodejs:dynamic/walletinfra:VelocityControl::daily',
          type: 'pulumi-nodejs:dynamic/walletinfra:VelocityControl',
          new: { inputs: { organizationId: ORG, identifier: 'daily_usdc', aggregation: { operator: LE, threshold: '100' } } },
        },
      },
    },
    {
      resourcePreEvent: {
        metadata: {
          op: 'create',
          urn: 'urn:pulumi:dev::infra::pulumi-nodejs:dynamic/walletinfra:Policy::usdc',
          type: 'pulumi-nodejs:dynamic/walletinfra:Policy',
          new: { inputs: { organizationId: ORG, ...POLICY } },
        },
      },
    },
  ];
  const facts: LintFacts = {
    smartContractInterfaces: [
      {
        organizationId: ORG,
        smartContractInterfaceId: 'sci-1',
        smartContractAddress: TOKEN,
        smartContractInterface: JSON.stringify(ABI),
        type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
        label: 'USDC',
        notes: '',
        createdAt: { seconds: '0', nanos: '0' },
        updatedAt: { seconds: '0', nanos: '0' },
      },
    ],
    velocityControls: [],
  };
  const reader: OrganizationReader = {
    organizationId: ORG,
    listPolicies: () => Promise.resolve([]),
    listActivities: () => Promise.resolve([]),
    decidedByPolicies: () => Promise.resolve(true),
    lintFacts: () => Promise.resolve(facts),
  };
  const cases = file(
    'stack.yaml',
    `cases:
  - name: over the planned threshold
${request('{ daily_usdc: { aggregate: "101" } }')}
    expect: DENY
  - name: within it
${request('{ daily_usdc: { aggregate: "100" } }')}
    expect: ALLOW
`,
  );
  const { deps, out } = harness(
    {
      run: (_m, _s, _d, onEvent) => {
        events.forEach(onEvent);
        return Promise.resolve();
      },
      stackConfig: () =>
        Promise.resolve({ 'walletinfra:organizationId': ORG, 'walletinfra:apiPublicKey': '02ab', 'walletinfra:apiPrivateKey': 'cd' }),
    },
    reader,
  );
  expect(await policyMain(['test', cases, '--stack', 'dev'], deps)).toBe(0);
  expect(out.stdout).toBe(
    [
      `PASS ${cases}:2 over the planned threshold: DENY (no policy allows it)`,
      `PASS ${cases}:9 within it: ALLOW by ${POLICY.policyName}`,
      '2 cases: 2 passed, 0 failed',
      '',
    ].join('\n'),
  );
});

test('--stack: a preview the provider failed at a Policy still tests what it planned, names the refusal and exits 1 (as lint does)', async () => {
  const ORG = 'org-1';
  const reason = `function 'transfr' is not in the interface uploaded for ${TOKEN}, so eth.tx.function_name never equals it; did you mean 'transfer'? (line 1, column 20)`;
  const events: EngineEventLike[] = [
    {
      resourcePreEvent: {
        metadata: {
          op: 'create',
          urn: 'urn:pulumi:dev::infra::walletinfra:index:Policy::usdc',
          type: 'walletinfra:index:Policy',
          new: { inputs: { organizationId: ORG, ...POLICY, condition: `eth.tx.to == '${TOKEN}'` } },
        },
      },
    },
    // the engine's check-failure diagnostic (github.com/pulumi/pulumi sdk/go/common/diag/errors.go, code 2003)
    {
      diagnosticEvent: {
        urn: 'urn:pulumi:dev::infra::walletinfra:index:Policy::usdc-typo',
        severity: 'error',
        message: `walletinfra:index:Policy resource 'usdc-typo': property condition value {eth.tx.function_name == 'transfr'} has a problem: ${reason}\n`,
      },
    },
  ];
  const reader: OrganizationReader = {
    organizationId: ORG,
    listPolicies: () => Promise.resolve([]),
    listActivities: () => Promise.resolve([]),
    decidedByPolicies: () => Promise.resolve(true),
    lintFacts: () => Promise.resolve({ smartContractInterfaces: [], velocityControls: [] }),
  };
  const cases = file(
    'refused.yaml',
    `cases:
  - name: to the token
    request:
      activity: { type: ACTIVITY_TYPE_SIGN_TRANSACTION_V2 }
      eth: { tx: { to: "${TOKEN}" } }
    expect: ALLOW
`,
  );
  const runner: Partial<PolicyCliDeps['runner']> = {
    run: (_m, _s, _d, onEvent) => {
      events.forEach(onEvent);
      return Promise.reject(new Error('preview failed'));
    },
    stackConfig: () =>
      Promise.resolve({ 'walletinfra:organizationId': ORG, 'walletinfra:apiPublicKey': '02ab', 'walletinfra:apiPrivateKey': 'cd' }),
  };
  const { deps, out } = harness(runner, reader);
  expect(await policyMain(['test', cases, '--stack', 'dev'], deps)).toBe(1);
  expect(out.stdout).toBe(
    [
      `error: Policy usdc-typo condition: refused by the preview: ${reason}`,
      `PASS ${cases}:2 to the token: ALLOW by ${POLICY.policyName}`,
      '1 case: 1 passed, 0 failed; 1 resource refused by the preview',
      '',
    ].join('\n'),
  );
  expect(out.stderr).toContain(
    '[policy] the preview stopped: the provider refused usdc-typo; testing what it planned before, and the live policies it did not reach\n',
  );

  const json = harness(runner, reader);
  expect(await policyMain(['test', cases, '--stack', 'dev', '--json'], json.deps)).toBe(1);
  expect(JSON.parse(json.out.stdout)).toMatchObject({
    summary: { cases: 1, passed: 1, failed: 0, errors: 0, refused: 1 },
    refused: [{ resource: 'usdc-typo', property: 'condition', reason }],
  });
});

test('the jest matchers take the controls and interfaces as options', () => {
  const options = {
    velocityControls: [{ identifier: 'daily_usdc', operator: LE, threshold: '10' }],
    smartContractInterfaces: [{ address: TOKEN, abi: ABI }],
  };
  const req = (aggregate: string) => ({
    activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' },
    approvers: [{ id: 'u1' }],
    eth: { tx: { to: TOKEN, data: TRANSFER } },
    controls: { daily_usdc: { aggregate } },
  });
  expect([POLICY]).toAllow(req('10'), options);
  expect([POLICY]).toDeny(req('11'), options);
  expect(() => expect([POLICY]).toAllow(req('10'))).toThrow(
    "the request is not valid:\n  controls.daily_usdc: no velocity control 'daily_usdc' is declared (known: none), so its operator and threshold are unknown; give them with the aggregate ({ aggregate, operator, threshold }), the result alone (true or false), or pass the control as { velocityControls: [{ identifier, operator, threshold }] }",
  );
});

test('a policy reading a control nobody declares fails the case naming the nearest declared identifier, as preview does', async () => {
  const typo = file('typo.json', JSON.stringify([{ ...POLICY, condition: POLICY.condition.replace('daily_usdc', 'daily_usd') }]));
  const cases = file(
    'typo.yaml',
    `${declarations(TOKEN)}
cases:
  - name: within the limit
${request('{ daily_usdc: { aggregate: "1" } }')}
    expect: ALLOW
`,
  );
  const { deps, out } = harness();
  expect(await policyMain(['test', cases, '--policies', typo], deps)).toBe(1);
  const error = `condition: 1:192: missing field: controls.daily_usd; no velocity control has identifier 'daily_usd'; did you mean 'daily_usdc'?`;
  expect(out.stdout).toBe(
    [
      `FAIL ${cases}:7 within the limit: ${POLICY.policyName} could not be evaluated (${error}), so the request is probably not what the case means; fix the request or the policy, or list the policy under expectErrors`,
      `       ${POLICY.policyName}: OUTCOME_ERROR (${error})`,
      '1 case: 0 passed, 0 failed, 1 error',
      '',
    ].join('\n'),
  );
  // the jest matchers say the same
  const options = {
    velocityControls: [{ identifier: 'daily_usdc', operator: LE, threshold: '10' }],
    smartContractInterfaces: [{ address: TOKEN, abi: ABI }],
  };
  const req = {
    activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' },
    approvers: [{ id: 'u1' }],
    eth: { tx: { to: TOKEN, data: TRANSFER } },
  };
  expect(() => expect(JSON.parse(readFileSync(typo, 'utf8')) as unknown[]).toAllow(req, options)).toThrow("did you mean 'daily_usdc'?");
});

test('Ethereum addresses compare in any case: a lowercase eth.tx.to meets the checksummed address of the policy', async () => {
  const cases = file(
    'lowercase.yaml',
    `smartContractInterfaces:
  - address: "${TOKEN}"
    abi: ${JSON.stringify(ABI)}
cases:
  - name: a lowercase recipient and token
${request('{ daily_usdc: true }', `{ to: "${TOKEN.toLowerCase()}", data: "${TRANSFER}" }`)}
    expect: ALLOW
`,
  );
  const { deps, out } = harness();
  expect(await policyMain(['test', cases, '--policies', POLICIES], deps)).toBe(0);
  expect(out.stdout).toBe(`PASS ${cases}:5 a lowercase recipient and token: ALLOW by ${POLICY.policyName}\n1 case: 1 passed, 0 failed\n`);
});
