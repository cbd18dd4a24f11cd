// Velocity controls in the sdk: the create rules the provider and the emulator share, and the `controls` keyword of
// the policy language in the checker (with and without the known identifiers) and the evaluator.
import type { RequestOf } from '@walletinfra/sdk';
import {
  assetUnits,
  checkPolicy,
  checkPolicyExpression,
  decimalUnits,
  evaluatePolicies,
  evaluatePolicyExpression,
  PolicyInputError,
  velocityControlHolds,
  VELOCITY_CONTROL_READ,
} from '@walletinfra/sdk/policy';
import { velocityControlProblems } from '@walletinfra/sdk/rules';

const control = (over: Partial<RequestOf<'create_velocity_control'>> = {}): RequestOf<'create_velocity_control'> => ({
  name: 'daily USDC',
  identifier: 'daily_usdc',
  dataSource: {
    chainAssetTransfer: {
      definition: [{ caip19: 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', decimals: '6' }],
      phase: { signature: {} },
    },
  },
  aggregation: {
    method: 'VELOCITY_CONTROL_AGGREGATION_METHOD_SUM',
    operator: 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL',
    threshold: '10000.5',
    window: { rolling: { duration: '86400' } },
    groupBy: { wallet: {} },
  },
  ...over,
});

describe('velocityControlProblems', () => {
  test('a well-formed control is accepted, an activity-execution one too', () => {
    expect(velocityControlProblems(control())).toEqual([]);
    expect(
      velocityControlProblems(
        control({ dataSource: { activityExecution: { filter: { activity: [{ activityType: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' }] } } } }),
      ),
    ).toEqual([]);
  });

  test('each oneof takes exactly one choice', () => {
    const c = control();
    expect(
      velocityControlProblems({
        ...c,
        dataSource: { ...c.dataSource, activityExecution: {} },
        aggregation: { ...c.aggregation, window: {}, groupBy: { user: {}, wallet: {} } },
      }),
    ).toEqual([
      {
        path: 'dataSource',
        message: "must set exactly one of 'chainAssetTransfer', 'activityExecution', not 'chainAssetTransfer' and 'activityExecution'",
      },
      { path: 'aggregation.window', message: "must set one of 'rolling', 'infinite'" },
      { path: 'aggregation.groupBy', message: "must set exactly one of 'organization', 'user', 'wallet', not 'user' and 'wallet'" },
    ]);
  });

  test('threshold digits, durations, decimals, CAIP-19 ids, activity types and the identifier', () => {
    const c = control();
    const transfer = c.dataSource.chainAssetTransfer!;
    expect(
      velocityControlProblems({
        ...c,
        identifier: 'daily-usdc',
        dataSource: {
          chainAssetTransfer: {
            ...transfer,
            definition: [{ caip19: 'usdc', decimals: '256' }],
            filter: { activity: [{ activityType: 'ACTIVITY_TYPE_SIGN_TRANSACTON_V2' }] },
            phase: { submission: {} },
          },
        },
        aggregation: { ...c.aggregation, threshold: '1.0000000000000000001', window: { rolling: { duration: '0' } } },
      }),
    ).toEqual([
      {
        path: 'identifier',
        message:
          "must be a name policies can write after 'controls.': letters, digits and '_', not starting with a digit (e.g. 'daily_usdc_spend')",
      },
      {
        path: 'dataSource.chainAssetTransfer.definition[0].caip19',
        message: "must be a CAIP-19 asset id, e.g. 'eip155:1/slip44:60' (ether) or 'eip155:1/erc20:0xa0b8…'",
      },
      {
        path: 'dataSource.chainAssetTransfer.definition[0].decimals',
        message: "must be a base-10 integer string from '0' to '255' (the asset's decimal places, e.g. '18')",
      },
      {
        path: 'dataSource.chainAssetTransfer.filter.activity[0].activityType',
        message: "'ACTIVITY_TYPE_SIGN_TRANSACTON_V2' is not an activity type; did you mean 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2'?",
      },
      {
        path: 'dataSource.chainAssetTransfer.phase.submission',
        message: 'is reserved for future use by the service; use phase.signature or leave phase out',
      },
      {
        path: 'aggregation.threshold',
        message: "must be a non-negative decimal string with at most 38 digits, 18 of them after the point (e.g. '1000' or '0.5')",
      },
      {
        path: 'aggregation.window.rolling.duration',
        message: "must be a whole number of seconds from '1' to '315360000', as a string (e.g. '86400' for a day)",
      },
    ]);
    expect(velocityControlProblems(control({ identifier: 'in' }))[0]?.path).toBe('identifier');
    const at38 = control();
    at38.aggregation.threshold = `${'9'.repeat(20)}.${'9'.repeat(18)}`;
    expect(velocityControlProblems(at38)).toEqual([]);
    at38.aggregation.threshold = `${'9'.repeat(21)}.${'9'.repeat(18)}`;
    expect(velocityControlProblems(at38).map((p) => p.path)).toEqual(['aggregation.threshold']);
  });
});

describe('decimal comparison of a control', () => {
  test('aggregates and thresholds compare exactly at 18 fractional digits; raw asset units scale by decimals', () => {
    expect(decimalUnits('1.5')).toBe(1_500_000_000_000_000_000n);
    expect(decimalUnits(3n)).toBe(3_000_000_000_000_000_000n);
    expect(decimalUnits('1.0000000000000000001')).toBeUndefined();
    expect(assetUnits(1_500_000n, 6)).toBe(decimalUnits('1.5'));
    expect(assetUnits(10n ** 20n, 20)).toBe(decimalUnits('1'));
    expect(velocityControlHolds('10000.5', 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL', '10000.5')).toBe(true);
    expect(velocityControlHolds('10000.500000000000000001', 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL', '10000.5')).toBe(
      false,
    );
    expect(velocityControlHolds(3, 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN', '3')).toBe(false);
    expect(velocityControlHolds(3n, 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_EQUAL', '3.0')).toBe(true);
    expect(() => velocityControlHolds(1, 'LT', '3')).toThrow(
      new PolicyInputError(
        'operator',
        'must be one of VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN, VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL, VELOCITY_CONTROL_AGGREGATION_OPERATOR_EQUAL, VELOCITY_CONTROL_AGGREGATION_OPERATOR_GREATER_THAN_OR_EQUAL, VELOCITY_CONTROL_AGGREGATION_OPERATOR_GREATER_THAN',
      ),
    );
  });
});

describe('controls in the checker', () => {
  test('controls.<identifier> is a bool in conditions (and scopes), unknown in consensus and time', () => {
    expect(VELOCITY_CONTROL_READ.type).toEqual({ k: 'bool' });
    expect(checkPolicyExpression("controls.daily_usdc && activity.kind == 'SIGN_TRANSACTION'", 'condition')).toEqual([]);
    expect(checkPolicyExpression("controls['daily_usdc']", 'scope')).toEqual([]);
    expect(checkPolicyExpression('controls.daily_usdc == 3', 'condition').map((d) => d.message)).toEqual(['cannot compare bool with int']);
    expect(checkPolicyExpression('controls.daily_usdc', 'consensus').map((d) => d.message)).toEqual([
      "'controls' is only available in condition expressions",
    ]);
  });

  test('with the known identifiers, an unknown one is an error naming the nearest', () => {
    const options = { velocityControls: ['daily_usdc', 'hourly_sends'] };
    expect(checkPolicyExpression('controls.daily_usdc && controls.hourly_sends', 'condition', options)).toEqual([]);
    expect(checkPolicyExpression('controls.daily_usd', 'condition', options)).toEqual([
      {
        severity: 'error',
        message: "no velocity control has identifier 'daily_usd'; did you mean 'daily_usdc'?",
        position: { offset: 9, line: 1, column: 10 },
        suggestion: 'daily_usdc',
      },
    ]);
    expect(checkPolicyExpression("controls['weekly']", 'condition', options).map((d) => d.message)).toEqual([
      "no velocity control has identifier 'weekly'; the velocity controls are 'daily_usdc', 'hourly_sends'",
    ]);
    expect(checkPolicy({ condition: 'controls.daily' }, { velocityControls: [] })).toEqual([
      {
        field: 'condition',
        diagnostics: [
          {
            severity: 'error',
            message: "no velocity control has identifier 'daily'; declare a velocity control with that identifier (none is declared)",
            position: { offset: 9, line: 1, column: 10 },
          },
        ],
      },
    ]);
    // without the option any identifier is accepted (the organization's controls are not known)
    expect(checkPolicyExpression('controls.anything', 'condition')).toEqual([]);
    expect(() => checkPolicyExpression('true', 'condition', { velocityControls: 'daily' as never })).toThrow(
      "options.velocityControls must be an array of identifiers, got 'daily'",
    );
  });
});

describe('controls in the evaluator', () => {
  const base = { activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' }, approvers: [{ id: 'u1' }], now: 0 };
  const state = (aggregate: string) => ({
    operator: 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL',
    threshold: '3',
    aggregate,
  });

  test('a state decides through the comparison; a bool is taken as is', () => {
    expect(evaluatePolicyExpression('controls.sends', 'condition', { ...base, controls: { sends: state('3') } })).toBe(true);
    expect(evaluatePolicyExpression('controls.sends', 'condition', { ...base, controls: { sends: state('4') } })).toBe(false);
    expect(evaluatePolicyExpression("!controls['sends']", 'condition', { ...base, controls: { sends: false } })).toBe(true);
  });

  test('a velocity limit flips an ALLOW policy; a control the context lacks is a missing field', () => {
    const policies = [
      { policyId: 'p1', effect: 'EFFECT_ALLOW' as const, condition: "activity.kind == 'SIGN_TRANSACTION' && controls.sends" },
    ];
    expect(evaluatePolicies(policies, { ...base, controls: { sends: state('3') } }).outcome).toBe('OUTCOME_ALLOW');
    expect(evaluatePolicies(policies, { ...base, controls: { sends: state('4') } }).outcome).toBe('OUTCOME_DENY_IMPLICIT');
    expect(evaluatePolicies(policies, base).evaluations).toEqual([
      {
        policyId: 'p1',
        outcome: 'OUTCOME_ERROR',
        error: 'condition: 1:49: missing field: controls.sends',
        errors: [{ field: 'condition', message: '1:49: missing field: controls.sends', missing: 'controls.sends' }],
      },
    ]);
  });

  test('malformed states are input errors naming the control', () => {
    expect(() => evaluatePolicyExpression('true', 'condition', { ...base, controls: { sends: { operator: 'x' } as never } })).toThrow(
      'context.controls.sends must be a bool or {operator, threshold, aggregate}, got a value of type object',
    );
    expect(() => evaluatePolicyExpression('true', 'condition', { ...base, controls: { sends: state('-1') } })).toThrow(
      "context.controls.sends.aggregate must be a non-negative decimal, got '-1'",
    );
  });
});
