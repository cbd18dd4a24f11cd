// Evaluating single expressions: every operator and method of the language (https://docs.turnkey.com/features/policies/language) against a context, and
// the run-time errors (the service's MissingField and friends) with their exact messages.
import { expect } from '@jest/globals';
import {
  PolicyEvaluationError,
  PolicySyntaxError,
  evaluatePolicyExpression,
  type PolicyContext,
  type PolicyExpressionKind,
} from '@walletinfra/sdk/policy';

const U256_MAX = (1n << 256n) - 1n;

const CONTEXT: PolicyContext = {
  activity: {
    type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
    params: { type: 'TRANSACTION_TYPE_ETHEREUM', user_ids: ['u1', 'u2'], nested: { list: [{ k: 'v' }] } },
  },
  approvers: [
    { id: 'u1', tags: ['ops', 'admin'], email: 'a@example.com', alias: 'alice' },
    { id: 'u2', tags: ['ops'] },
  ],
  wallet: { id: 'w1', imported: false, exported: true, label: 'treasury' },
  wallets: [{ id: 'w1' }, { id: 'w2' }],
  wallet_account: { address: '0xabc' },
  eth: {
    tx: {
      to: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      data: '0xa9059cbb000000000000000000000000',
      value: U256_MAX,
      chain_id: 1,
      contract_call_args: { wad: 10n ** 18n, dst: '0x08d2', path: ['0x1', '0x2'], pair: [1, 'x'] },
    },
    eip_712: {
      primary_type: 'PermitSingle',
      domain: { name: 'Permit2', chain_id: 1 },
      message: { permitted: [{ token: '0xa0' }, { token: '0xa0' }] },
    },
  },
  solana: { tx: { transfers: [{ from: 'A', to: 'B', amount: 5 }], account_keys: ['A', 'B'] } },
  now: Date.UTC(2026, 2, 10, 15, 0),
};

const evaluate = (source: string, kind: PolicyExpressionKind = 'condition'): boolean => evaluatePolicyExpression(source, kind, CONTEXT);

describe('operators and methods', () => {
  test.each<[string, boolean, PolicyExpressionKind?]>([
    ["activity.kind == 'SIGN_TRANSACTION' && activity.resource == 'PRIVATE_KEY' && activity.action == 'SIGN'", true],
    ["activity.params.type == 'TRANSACTION_TYPE_ETHEREUM'", true],
    ["'u2' in activity.params.user_ids && !('u3' in activity.params.user_ids)", true],
    ["activity.params.nested['list'][0].k == 'v' && activity.params.nested.list[0]['k'] == 'v'", true],
    [`eth.tx.value == ${U256_MAX} && eth.tx.value > 170141183460469231731687303715884105727`, true],
    ['eth.tx.chain_id >= 1 && eth.tx.chain_id <= 1 && eth.tx.chain_id != 2 && eth.tx.chain_id > -1 && eth.tx.chain_id < 2', true],
    ["eth.tx.data[0..10] == '0xa9059cbb' && eth.tx.data[..4] == '0xa9' && eth.tx.data[32..] == '00'", true],
    ["eth.tx.contract_call_args['wad'] < 1000000000000000001 && eth.tx.contract_call_args['dst'] == '0x08d2'", true],
    ["eth.tx.contract_call_args['path'][1] == '0x2' && eth.tx.contract_call_args['pair'][0] == 1", true],
    ["eth.eip_712.domain.name == 'Permit2' && eth.eip_712.message['permitted'].all(p, p['token'] == '0xa0')", true],
    ['eth.eip_712.message.permitted.count() == 2', true],
    ["approvers.any(user, user.id == 'u1')", true, 'consensus'],
    ["approvers.all(user, user.tags.contains('ops'))", true, 'consensus'],
    ["approvers.all(user, user.tags.contains('admin'))", false, 'consensus'],
    ["approvers.filter(user, user.tags.contains('admin')).count() == 1", true, 'consensus'],
    ["approvers[0].email == 'a@example.com' && approvers[1].email == '' && approvers[0].alias == 'alice'", true, 'consensus'],
    ['credentials.count() == 0 && credentials.all(c, false) && !credentials.any(c, true)', true, 'consensus'],
    ["wallet.exported && !wallet.imported && wallet.label == 'treasury' && wallet.exported == true", true],
    ["wallets.filter(w, w.id != 'w1') == [{id: 'w2'}]", true],
    ["wallets.count() == 2 && wallets[1].id == 'w2'", true],
    ["wallet_account.address in ['0xabc', '0xdef']", true],
    ["solana.tx.transfers.all(t, t.amount < 10 && t.to == 'B') && solana.tx.static_account_keys == ['A', 'B']", true],
    ["'abc'[1] == 'b' && 'abc'[1..3] == 'bc' && 'abc'[3..] == '' && [1, 2, 3][1..2] == [2]", true],
    ['[1, 2, 3].contains(2) && ![1, 2, 3].contains(4) && [].count() == 0 && [[1], [2]].contains([2])', true],
    ['{a: 1, b: [true]} == {b: [true], a: 1} && {a: 1} != {a: 2} && {a: 1} != {a: 1, b: 2}', true],
    ['-170141183460469231731687303715884105728 < 0 && 0 < 1', true],
    ["'\\u{1F600}'[0] == '\\u{1F600}' && 'a\\'b'[1] == '\\''", true],
    ["true == true && false != true && 'x' != 'y'", true],
    ["time.now > Timestamp('2026-03-10T14:59:59Z')", true, 'time'],
  ])('%s ⇒ %s', (source, expected, kind = 'condition') => {
    expect(evaluate(source, kind)).toBe(expected);
  });
});

describe('run-time errors', () => {
  test.each<[string, string, PolicyExpressionKind?]>([
    ['private_key.id == "k"', '1:19: strings use single quotes: write \'k\' instead of "k"'],
    ["private_key.id == 'k'", '1:1: missing field: private_key'],
    ["activity.params.hash_function == 'x'", '1:17: missing field: activity.params.hash_function'],
    ["eth.tx.contract_call_args['amount'] == 1", "1:27: missing key 'amount' in eth.tx.contract_call_args"],
    ["tron.tx.contract[0].type == 'x'", '1:6: missing field: tron.tx'],
    ["wallets[2].id == 'w'", '1:9: index 2 is out of range for a list of 2 items (wallets)'],
    ["wallets[-1].id == 'w'", '1:9: index -1 is out of range for a list of 2 items (wallets)'],
    ["eth.tx.data[40] == '0'", '1:13: index 40 is out of range for a string of length 34 (eth.tx.data)'],
    ["eth.tx.data[0..40] == '0'", '1:13: the slice 0..40 is out of range for a string of length 34 (eth.tx.data)'],
    ["eth.tx.data[5..2] == '0'", '1:13: the slice 5..2 goes backwards'],
    ['activity.params.type == 1', '1:22: cannot compare string with int'],
    ["activity.params.user_ids < 'x'", '1:26: cannot compare list with string'],
    ["activity.params.type < 'x'", "1:22: '<' orders ints and timestamps only, not string; compare strings with == or !="],
    ['activity.params.type && true', "1:1: '&&' needs bool operands, but the left side is of type string"],
    ['!activity.params.user_ids', "1:2: '!' needs a bool operand, not list"],
    ['1 in activity.params.type', "1:6: the right side of 'in' must be a list, not string"],
    ['activity.params.type.count() == 1', "1:22: 'count' is a list method, but this is a value of type string"],
    ['activity.params.user_ids.any(u, u)', '1:33: the predicate of any() must be a bool, not string'],
    ['activity.params.user_ids.foo() == 1', "1:26: unknown method 'foo'"],
    [
      'activity.params.user_ids.any(1, true)',
      "1:30: the first argument of any() must be a name for each item, like 'user' in approvers.any(user, user.id == '…')",
    ],
    ['activity.params.user_ids.count(1) == 1', '1:26: count() takes no arguments'],
    ['activity.params.user_ids.contains() == 1', '1:26: contains() takes exactly one argument, the value to look for: .contains(value)'],
    ["activity.params.type.x == 'x'", "1:22: cannot read field 'x' of a value of type string"],
    ["activity.params.user_ids['x'] == 'x'", '1:26: a list index must be an int, not string'],
    ["activity.params.nested[0] == 'x'", '1:24: a map key must be a string, not int'],
    ["true[0] == 'x'", '1:6: cannot index a value of type bool'],
    ['wallet.exported[0..1] == true', '1:17: cannot slice a value of type bool; only lists and strings can be sliced'],
    ["activity.params.user_ids[0..'a'] == []", '1:29: a slice bound must be an int, not string'],
    ['activity.params.type', '1:1: a condition must evaluate to a bool, but this one evaluated to string'],
    ["approvers.any(u, u.id == 'x')", "1:1: 'approvers' is only available in consensus expressions"],
    ['foo == 1', "1:1: unknown name 'foo'"],
    ["Timestamp('2026-01-01T00:00:00Z') < time.now", "1:1: 'Timestamp' is only available in time expressions"],
    ["Nope('x')", "1:1: unknown function 'Nope'", 'time'],
    [
      "Timestamp('x', 'y') < time.now",
      "1:1: Timestamp() takes one argument (an RFC 3339 timestamp), like Timestamp('2026-03-01T00:00:00Z')",
      'time',
    ],
    ['Timestamp(1) < time.now', '1:11: argument 1 of Timestamp() must be a string, not int', 'time'],
    [
      "CronSpan('0 9 * * *', '8h', 'Nowhere/City')",
      "1:29: invalid time zone 'Nowhere/City': no such IANA time zone; use a name like 'America/New_York' or 'UTC'",
      'time',
    ],
    ["[{a: 1}] == [{a: 'x'}]", '1:10: cannot compare int with string'],
  ])('%s', (source, message, kind = 'condition') => {
    let thrown: unknown;
    try {
      evaluate(source, kind);
    } catch (error) {
      thrown = error;
    }
    const expectedClass = message.includes('single quotes') ? PolicySyntaxError : PolicyEvaluationError;
    expect(thrown).toBeInstanceOf(expectedClass);
    expect(thrown).toMatchObject({ code: expectedClass === PolicySyntaxError ? 'POLICY_SYNTAX' : 'POLICY_EVALUATION', message });
  });

  test('numbers that are not safe integers are refused rather than rounded', () => {
    const ctx = { ...CONTEXT, eth: { tx: { value: 2 ** 60 } } };
    expect(() => evaluatePolicyExpression('eth.tx.value > 0', 'condition', ctx)).toThrow(
      expect.objectContaining({
        code: 'POLICY_EVALUATION',
        message: '1:8: eth.tx.value is not an integer (use a bigint for values beyond 2^53)',
      }),
    );
  });

  test('error messages never contain context values', () => {
    const secret = 'sk_live_do_not_print_me';
    const ctx = { ...CONTEXT, activity: { type: 'ACTIVITY_TYPE_CREATE_WALLET', params: { secret } } };
    for (const source of [
      'activity.params.secret == 1',
      'activity.params.secret < 1',
      'activity.params.secret',
      "activity.params.secret[99] == 'x'",
    ]) {
      expect(() => evaluatePolicyExpression(source, 'condition', ctx)).toThrow(PolicyEvaluationError);
      try {
        evaluatePolicyExpression(source, 'condition', ctx);
      } catch (error) {
        expect((error as Error).message).not.toContain(secret);
      }
    }
  });
});
