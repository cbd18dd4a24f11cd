// A Policy's preview against what it depends on, through the provider's own check and the emulator: velocity
// controls live or planned (an unknown identifier is an error naming the nearest one), contract calls (a missing
// interface is a warning, a function the ABI lacks an error), and the policy linter at the level
// walletinfra:policyLint sets (warnings, errors, off; lint-ignore in the notes). Whole messages throughout.
import type { Runtime } from '@walletinfra/pulumi/runtime/providers';
import { checkedInputs, useHarness } from '../../support/provider-harness';
import { ERC20_ABI } from '../../support/erc20-abi';

const h = useHarness();

const TOKEN = '0xA0b86991c6218b36c1d19d4a2e9eB0cE3606eB48';
const OTHER = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const ERC20 = JSON.stringify(ERC20_ABI);
const CONTROL = (identifier: string) => ({
  name: identifier,
  identifier,
  dataSource: { activityExecution: {} },
  aggregation: {
    method: 'VELOCITY_CONTROL_AGGREGATION_METHOD_COUNT' as const,
    operator: 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL' as const,
    threshold: '10',
    window: { infinite: {} },
    groupBy: { organization: {} },
  },
});
/** A scoped ALLOW the linter has nothing to say about. */
const SIGN = "activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' && wallet.id == 'w-1'";
const TWO = 'approvers.count() >= 2';

/** A runtime (one provider process) whose warnings are kept, with extra stack config. */
function runtime(config: Record<string, string> = {}): { rt: Runtime; warnings: string[] } {
  const warnings: string[] = [];
  return { rt: h.newRuntime(config, { warn: (line) => warnings.push(line) }), warnings };
}

beforeAll(async () => {
  await h.client.createVelocityControl(CONTROL('daily_usdc'));
  // a second user, so that two approvers can be found
  const user = await h.admin('POST', '/users', { userName: 'approver' });
  if (user.status !== 200) throw new Error(`admin users: ${JSON.stringify(user.json)}`);
});

describe('controls.<identifier>', () => {
  test('a live control is accepted; another identifier is an error naming the nearest one', async () => {
    const { rt, warnings } = runtime();
    await checkedInputs(rt.policy, {
      policyName: 'limited',
      effect: 'EFFECT_ALLOW',
      condition: `${SIGN} && controls.daily_usdc`,
      consensus: TWO,
    });
    const typo = await rt.policy.check(
      {},
      { policyName: 'typo', effect: 'EFFECT_ALLOW', condition: `${SIGN} && controls.daily_usd`, consensus: TWO },
    );
    expect(typo.failures).toEqual([
      {
        property: 'condition',
        reason:
          "no velocity control has identifier 'daily_usd'; did you mean 'controls.daily_usdc'? (line 1, column 88); a velocity control of this program is known here once the engine registered it before this policy: declare it first, or build the condition from its output, e.g. pulumi.interpolate`controls.${control.identifier} && …`",
      },
    ]);
    expect(warnings).toEqual([]);
  });

  test('a policy the update leaves as it is is not judged again (the state holds it); a change to it is', async () => {
    const { rt, warnings } = runtime();
    const stored = await checkedInputs(rt.policy, {
      policyName: 'stored',
      effect: 'EFFECT_ALLOW',
      condition: `${SIGN} && controls.daily_usdc`,
      consensus: TWO,
    });
    // the control went away outside the program: an unchanged policy still previews, the drift report says so
    const olds = { ...stored, condition: `${SIGN} && controls.retired_control` };
    expect((await rt.policy.check(olds, olds)).failures).toBeUndefined();
    const edited = await rt.policy.check(olds, { ...olds, notes: 'edited' });
    expect(edited.failures).toEqual([
      {
        property: 'condition',
        reason:
          "no velocity control has identifier 'retired_control'; the velocity controls are 'daily_usdc' (line 1, column 88); a velocity control of this program is known here once the engine registered it before this policy: declare it first, or build the condition from its output, e.g. pulumi.interpolate`controls.${control.identifier} && …`",
      },
    ]);
    expect(warnings).toEqual([]);
  });

  test("a control planned by this deployment's earlier check is accepted; a fresh process does not know it", async () => {
    const { rt } = runtime();
    await checkedInputs(rt.velocityControl, CONTROL('weekly_exports'));
    const declared = { policyName: 'weekly', effect: 'EFFECT_DENY', condition: "activity.action == 'EXPORT' && !controls.weekly_exports" };
    await checkedInputs(rt.policy, declared);
    expect((await runtime().rt.policy.check({}, declared)).failures).toEqual([
      {
        property: 'condition',
        reason:
          "no velocity control has identifier 'weekly_exports'; the velocity controls are 'daily_usdc' (line 1, column 42); a velocity control of this program is known here once the engine registered it before this policy: declare it first, or build the condition from its output, e.g. pulumi.interpolate`controls.${control.identifier} && …`",
      },
    ]);
  });

  test('the live list unreadable: no error, a warning saying what was not checked', async () => {
    h.emulator.faults.set({ seed: 1, rules: [{ path: '/public/v1/query/list_velocity_controls', probability: 1, status: 500 }] });
    try {
      const { rt, warnings } = runtime();
      await checkedInputs(rt.policy, {
        policyName: 'unchecked',
        effect: 'EFFECT_ALLOW',
        condition: `${SIGN} && controls.anything`,
        consensus: TWO,
      });
      expect(warnings).toEqual([
        expect.stringMatching(
          /^walletinfra: policy "unchecked": its dependencies and lint were checked without what could not be read: could not read the organization's velocity controls \(.+\)$/,
        ),
      ]);
    } finally {
      h.emulator.faults.set([]);
    }
  });
});

describe('contract calls', () => {
  const transfer = (name: string, to = TOKEN) => ({
    policyName: `calls ${name}`,
    effect: 'EFFECT_ALLOW',
    condition: `activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' && eth.tx.to == '${to}' && eth.tx.function_name == '${name}'`,
    consensus: TWO,
  });

  test('no interface for the address: a warning naming the missing interface; the preview passes', async () => {
    const { rt, warnings } = runtime();
    await checkedInputs(rt.policy, transfer('transfer', OTHER));
    expect(warnings).toEqual([
      `walletinfra: policy "calls transfer" condition (line 1, column 125): contract-call-interface: eth.tx.function_name is read for calls to ${OTHER}, but no smart-contract interface (ABI) is declared for that address: the service leaves the field empty, so this condition never matches; declare a SmartContractInterface for ${OTHER} (to accept it for this policy, add 'lint-ignore: contract-call-interface' to its notes; see docs/policy-lint.md#contract-call-interface)`,
    ]);
  });

  test('an interface planned earlier in the deployment: no warning; a function its ABI lacks is an error with the nearest name', async () => {
    const { rt, warnings } = runtime();
    await checkedInputs(rt.smartContractInterface, {
      smartContractAddress: TOKEN,
      type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
      label: 'USDC',
      smartContractInterface: ERC20,
    });
    await checkedInputs(rt.policy, transfer('transfer'));
    expect((await rt.policy.check({}, transfer('transfr'))).failures).toEqual([
      {
        property: 'condition',
        reason: `function 'transfr' is not in the interface uploaded for ${TOKEN}, so eth.tx.function_name never equals it; did you mean 'transfer'? (line 1, column 142)`,
      },
    ]);
    expect(warnings).toEqual([]);
  });

  test('a live interface counts like a planned one', async () => {
    await h.client.createSmartContractInterface({
      smartContractAddress: OTHER,
      type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM' as const,
      label: 'USDT',
      smartContractInterface: ERC20,
    });
    const { rt, warnings } = runtime();
    await checkedInputs(rt.policy, transfer('approve', OTHER));
    expect(warnings).toEqual([]);
  });
});

describe('the policy linter at preview', () => {
  // no consensus: any one user may use it
  const anything = { policyName: 'anything', effect: 'EFFECT_ALLOW' };
  const finding =
    "allow-without-condition: this ALLOW has no condition, so it allows every activity (signing, exports, user and policy changes) to whoever satisfies its consensus; state what it allows, e.g. activity.resource == 'WALLET' && activity.action == 'CREATE' (to accept it for this policy, add 'lint-ignore: allow-without-condition' to its notes; see docs/policy-lint.md#allow-without-condition)";
  const unscoped =
    "unscoped-signing-or-export: this ALLOW covers signing and exports with any wallet or key: it names no wallet, private key, tag or address, so one compromised approver can move or export everything; scope it, e.g. wallet.id == '<WALLET_ID>' or eth.tx.to == '<CONTRACT_ADDRESS>' (to accept it for this policy, add 'lint-ignore: unscoped-signing-or-export' to its notes; see docs/policy-lint.md#unscoped-signing-or-export)";
  const management =
    "management-without-consensus: this ALLOW lets any user, with no approval from anyone else manage users, API keys and authenticators, policies: one compromised non-root credential can then grant itself more access or lock others out; require two approvers, e.g. approvers.filter(user, user.tags.contains('<ADMIN_TAG_ID>')).count() >= 2 (to accept it for this policy, add 'lint-ignore: management-without-consensus' to its notes; see docs/policy-lint.md#management-without-consensus)";

  test('by default, findings are warnings and the preview passes', async () => {
    const { rt, warnings } = runtime();
    await checkedInputs(rt.policy, anything);
    expect(warnings).toEqual([
      `walletinfra: policy "anything" condition: ${finding}`,
      `walletinfra: policy "anything" condition: ${unscoped}`,
      `walletinfra: policy "anything" consensus: ${management}`,
    ]);
  });

  test('walletinfra:policyLint error: findings fail the preview', async () => {
    const { rt, warnings } = runtime({ 'walletinfra:policyLint': 'error' });
    expect((await rt.policy.check({}, anything)).failures).toEqual([
      { property: 'condition', reason: `policy lint (walletinfra:policyLint is error): ${finding}` },
      { property: 'condition', reason: `policy lint (walletinfra:policyLint is error): ${unscoped}` },
      { property: 'consensus', reason: `policy lint (walletinfra:policyLint is error): ${management}` },
    ]);
    expect(warnings).toEqual([]);
  });

  test('lint-ignore in the notes silences a rule for the policy, at any level; off silences every rule', async () => {
    const ignoring = {
      ...anything,
      notes: 'break glass; lint-ignore: allow-without-condition, unscoped-signing-or-export, management-without-consensus',
    };
    const strict = runtime({ 'walletinfra:policyLint': 'error' });
    await checkedInputs(strict.rt.policy, ignoring);
    const partly = runtime();
    await checkedInputs(partly.rt.policy, { ...anything, notes: 'lint-ignore: allow-without-condition' });
    expect(partly.warnings).toEqual([
      `walletinfra: policy "anything" condition: ${unscoped}`,
      `walletinfra: policy "anything" consensus: ${management}`,
    ]);
    const off = runtime({ 'walletinfra:policyLint': 'off' });
    await checkedInputs(off.rt.policy, anything);
    expect([strict.warnings, off.warnings]).toEqual([[], []]);
  });

  test('a DENY the organization holds (live) shadows a planned ALLOW; a consensus the users cannot meet', async () => {
    await h.client.createPolicy({ policyName: 'no exports', effect: 'EFFECT_DENY', condition: "activity.action == 'EXPORT'", notes: '' });
    const { rt, warnings } = runtime();
    await checkedInputs(rt.policy, {
      policyName: 'export w-1',
      effect: 'EFFECT_ALLOW',
      condition: "activity.type == 'ACTIVITY_TYPE_EXPORT_WALLET' && wallet.id == 'w-1'",
      consensus: 'approvers.count() >= 7',
    });
    expect(warnings).toEqual([
      `walletinfra: policy "export w-1" condition: allow-shadowed-by-deny: DENY policy 'no exports' matches every request this ALLOW matches, and a DENY always wins, so this ALLOW never takes effect; narrow the DENY (add a condition this ALLOW's requests do not meet) or remove this ALLOW (to accept it for this policy, add 'lint-ignore: allow-shadowed-by-deny' to its notes; see docs/policy-lint.md#allow-shadowed-by-deny)`,
      expect.stringMatching(
        /^walletinfra: policy "export w-1" consensus: unsatisfiable-consensus: no set of the organization's \d+ users? meets this consensus, so the activities it allows stay waiting for approvals forever; lower the requirement or give the tag to enough users \(to accept it for this policy, add 'lint-ignore: unsatisfiable-consensus' to its notes; see docs\/policy-lint.md#unsatisfiable-consensus\)$/,
      ),
    ]);
  });

  test('a planned DENY shadows every ALLOW checked after it; checked again narrower, it shadows the next one no more', async () => {
    const { rt, warnings } = runtime();
    const shadowed = () =>
      warnings.filter((w) => w.includes('allow-shadowed-by-deny')).map((w) => /^walletinfra: policy "([^"]+)"/.exec(w)?.[1]);
    const signs = (policyName: string) => ({
      policyName,
      effect: 'EFFECT_ALLOW',
      condition: "activity.action == 'SIGN' && private_key.id == 'k-1'",
      consensus: 'approvers.count() >= 1',
    });
    await checkedInputs(rt.policy, { policyName: 'no planned signing', effect: 'EFFECT_DENY', condition: "activity.action == 'SIGN'" });
    for (let i = 0; i < 5; i += 1) await checkedInputs(rt.policy, signs(`planned signing ${i}`));
    expect(shadowed()).toEqual([0, 1, 2, 3, 4].map((i) => `planned signing ${i}`));
    warnings.length = 0;
    await checkedInputs(rt.policy, {
      policyName: 'no planned signing',
      effect: 'EFFECT_DENY',
      condition: "activity.action == 'SIGN' && private_key.id == 'k-9'",
    });
    await checkedInputs(rt.policy, signs('planned signing 5'));
    expect(shadowed()).toEqual([]);
  });

  test('an invalid walletinfra:policyLint is a failure naming the setting', async () => {
    const { rt } = runtime({ 'walletinfra:policyLint': 'loud' });
    expect((await rt.policy.check({}, anything)).failures).toEqual([
      {
        property: '',
        reason:
          'policyLint from stack config walletinfra:policyLint must be warn, error or off, got "loud"; set it with `pulumi config set walletinfra:policyLint <value>`',
      },
    ]);
  });
});
