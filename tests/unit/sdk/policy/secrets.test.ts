// The `secret` keyword (https://docs.turnkey.com/features/secrets "Static properties"), the SECRET
// resource, the wallet-account derivation-path fields, and the refusals that stay: expressions are
// our own, written the way the docs write theirs.
import {
  PolicyInputError,
  checkPolicyExpression,
  evaluatePolicies,
  evaluatePolicyExpression,
  type PolicyContext,
  type PolicyExpressionKind,
  type PolicyInput,
} from '@walletinfra/sdk/policy';

const AGENT_TAG = '6d1c8a3e-2f4b-4c7d-9e0a-5b3f1d2c4e6a';
const HUMAN_TAG = 'a2b4c6d8-1e3f-4a5b-8c7d-9e0f1a2b3c4d';
const AGENT_ID = 'f0e1d2c3-b4a5-4687-9a8b-7c6d5e4f3a2b';

const check = (source: string, kind: PolicyExpressionKind = 'condition'): string[] =>
  checkPolicyExpression(source, kind).map((d) => `${d.position.line}:${d.position.column}: ${d.message}`);

describe('the checker accepts what the docs write', () => {
  test.each<[PolicyExpressionKind, string]>([
    ['condition', "secret.static_properties['tier'] == 'payroll' && activity.type == 'ACTIVITY_TYPE_EXPORT_SECRETS'"],
    ['condition', "activity.resource == 'SECRET' && activity.action == 'EXPORT' && secret.static_properties['team'] == 'billing'"],
    ['condition', "activity.kind == 'EXPORT_SECRETS' && secret.static_properties['approval'] in ['none', 'single']"],
    [
      'condition',
      "activity.type == 'ACTIVITY_TYPE_EXPORT_SECRETS' && secret.static_properties['owner'] == 'ci' && secret.static_properties['env'] != 'prod'",
    ],
    ['condition', "activity.resource == 'SECRET' && activity.action in ['IMPORT', 'DELETE']"],
    ['scope', "!(activity.resource == 'SECRET' && activity.action == 'EXPORT')"],
    ['consensus', `approvers.any(u, u.tags.contains('${AGENT_TAG}')) && approvers.any(u, u.tags.contains('${HUMAN_TAG}'))`],
    [
      'condition',
      "activity.kind == 'EXPORT_WALLET_ACCOUNT' && wallet_account.path_indexes.count() == 5 && wallet_account.path_indexes[1] == 60",
    ],
    [
      'condition',
      "activity.kind == 'EXPORT_WALLET_ACCOUNT' && wallet_account.path_hardened[0..3].all(h, h == true) && wallet_account.path_indexes[0] == 44",
    ],
    [
      'condition',
      "activity.type == 'ACTIVITY_TYPE_SPARK_SIGN_FROST' && activity.params.signatures.all(s, s.derivation.type == 'signing_leaf')",
    ],
    ['condition', "activity.kind == 'EXECUTE_SWAP' && activity.params.input_amount > 5000000 && activity.params.sponsor == false"],
    ['condition', "activity.kind == 'EARN_WITHDRAW' && activity.params.amount_value != 'MAX'"],
  ])('%s: %s', (kind, source) => {
    expect(check(source, kind)).toEqual([]);
  });
});

describe('refused with a fix', () => {
  test.each<[string, string[], PolicyExpressionKind?]>([
    ["secret.static_properties['tier'] == 1", ['1:34: cannot compare string with int']],
    ["secret.static_property['tier'] == 'a'", ["1:8: unknown field 'static_property' of Secret; did you mean 'static_properties'?"]],
    ["secret.id == 'a'", ["1:8: unknown field 'id' of Secret; its fields are static_properties"]],
    ["secret.static_properties[0] == 'a'", ['1:26: a map key must be a string, not int']],
    ['secret.static_properties.count() == 1', ["1:26: 'count' is a list method, but this is a value of type map<string, string>"]],
    [
      'secret.static_properties',
      ['1:1: a condition must evaluate to a bool (true or false), but this expression is of type map<string, string>'],
    ],
    ["secret.static_properties['a'] == 'b'", ["1:1: 'secret' is only available in condition expressions"], 'consensus'],
    ["activity.resource == 'SECRETS'", ["1:22: 'SECRETS' is not a valid activity.resource; did you mean 'SECRET'?"]],
    ["wallet_account.path_indexes[0] == '44'", ['1:32: cannot compare int with string']],
    ['wallet_account.path_hardened.all(h, h == 1)', ['1:39: cannot compare bool with int']],
    // The grammar's own refusals stay.
    ['solana.tx.transfers.count == 1', ["1:21: 'count' is a list method; call it as .count()"]],
    ["eth.tx.chain_id == '1'", ['1:17: cannot compare int with string']],
    // A literal position outside 0..2^64-1 can never select an item; an empty `in` list never matches.
    [
      "activity.params.x[0..99999999999999999999] == 'a'",
      ['1:22: a slice bound of 99999999999999999999 is out of range: positions go from 0 to 18446744073709551615'],
    ],
    [
      "activity.params.x[18446744073709551616] == 'a'",
      ['1:19: an index of 18446744073709551616 is out of range: positions go from 0 to 18446744073709551615'],
    ],
    ["wallets[-1].id == 'w'", ['1:9: an index cannot be negative: positions count from 0 (write [0] for the first item)']],
    ["eth.tx.data[-2..] == 'ab'", ['1:13: a slice bound cannot be negative: positions count from 0 (write [0] for the first item)']],
    [
      'activity.type in []',
      [
        "1:18: 'in []' is never true: an empty list holds no values; list the values to match, like activity.type in ['ACTIVITY_TYPE_CREATE_WALLET', 'ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS']",
      ],
    ],
    [
      'wallet.label in []',
      ["1:17: 'in []' is never true: an empty list holds no values; list the values to match, like wallet.label in ['a', 'b']"],
    ],
  ])('%s', (source, expected, kind = 'condition') => {
    expect(check(source, kind)).toEqual(expected);
  });

  test('positions at the edge of the range stay valid', () => {
    expect(check("activity.params.x[0..18446744073709551615] == 'a' && activity.params.x[0] == 'a'")).toEqual([]);
  });
});

describe('evaluation', () => {
  const exportContext = (properties: Record<string, string>, approverTags: string[] = [AGENT_TAG]): PolicyContext => ({
    activity: { type: 'ACTIVITY_TYPE_EXPORT_SECRETS' },
    approvers: [{ id: AGENT_ID, tags: approverTags }],
    secret: { static_properties: properties },
    now: Date.UTC(2026, 4, 1),
  });
  const unilateral: PolicyInput = {
    policyId: 'agents-export-unilateral',
    effect: 'EFFECT_ALLOW',
    consensus: `approvers.any(user, user.tags.contains('${AGENT_TAG}'))`,
    condition: "activity.type == 'ACTIVITY_TYPE_EXPORT_SECRETS' && secret.static_properties['consensus'] == 'unilateral'",
  };
  const withHuman: PolicyInput = {
    policyId: 'agents-export-with-approval',
    effect: 'EFFECT_ALLOW',
    consensus: `approvers.any(user, user.tags.contains('${AGENT_TAG}')) && approvers.any(user, user.tags.contains('${HUMAN_TAG}'))`,
    condition: "activity.resource == 'SECRET' && activity.action == 'EXPORT' && secret.static_properties['consensus'] == 'approval'",
  };

  test('static properties decide an export', () => {
    expect(evaluatePolicies([unilateral, withHuman], exportContext({ consensus: 'unilateral' })).outcome).toBe('OUTCOME_ALLOW');
    expect(evaluatePolicies([unilateral, withHuman], exportContext({ consensus: 'approval' })).evaluations).toEqual([
      { policyId: 'agents-export-unilateral', outcome: 'OUTCOME_DENY_IMPLICIT' },
      { policyId: 'agents-export-with-approval', outcome: 'OUTCOME_REQUIRES_CONSENSUS' },
    ]);
    expect(evaluatePolicies([unilateral, withHuman], exportContext({ consensus: 'approval' }, [AGENT_TAG, HUMAN_TAG])).outcome).toBe(
      'OUTCOME_ALLOW',
    );
  });

  test('a property the secret does not have is an error, so the policy does not apply', () => {
    expect(evaluatePolicies([unilateral], exportContext({ kind: 'creditCard' })).evaluations).toEqual([
      {
        policyId: 'agents-export-unilateral',
        outcome: 'OUTCOME_ERROR',
        error: "condition: 1:77: missing key 'consensus' in secret.static_properties",
        errors: [
          {
            field: 'condition',
            message: "1:77: missing key 'consensus' in secret.static_properties",
            missing: "secret.static_properties['consensus']",
          },
        ],
      },
    ]);
  });

  test('an activity that carries no secret: reading `secret` is a missing field; a DENY on it does not block', () => {
    const createWallet: PolicyContext = {
      activity: { type: 'ACTIVITY_TYPE_CREATE_WALLET' },
      approvers: [{ id: AGENT_ID, tags: [AGENT_TAG] }],
      now: 0,
    };
    const denyCards: PolicyInput = {
      policyId: 'no-cards',
      effect: 'EFFECT_DENY',
      condition: "secret.static_properties['kind'] == 'creditCard'",
    };
    const allowWallets: PolicyInput = { policyId: 'wallets', effect: 'EFFECT_ALLOW', condition: "activity.resource == 'WALLET'" };
    expect(evaluatePolicies([denyCards, allowWallets], createWallet)).toEqual({
      outcome: 'OUTCOME_ALLOW',
      evaluations: [
        {
          policyId: 'no-cards',
          outcome: 'OUTCOME_ERROR',
          error: 'condition: 1:1: missing field: secret',
          errors: [{ field: 'condition', message: '1:1: missing field: secret', missing: 'secret' }],
        },
        { policyId: 'wallets', outcome: 'OUTCOME_ALLOW' },
      ],
    });
  });

  test('secret activities default to the SECRET resource', () => {
    const context = (type: string): PolicyContext => ({ activity: { type }, approvers: [], now: 0 });
    expect(
      evaluatePolicyExpression(
        "activity.resource == 'SECRET' && activity.action == 'EXPORT'",
        'condition',
        context('ACTIVITY_TYPE_EXPORT_SECRETS'),
      ),
    ).toBe(true);
    expect(
      evaluatePolicyExpression(
        "activity.resource == 'SECRET' && activity.action == 'IMPORT'",
        'condition',
        context('ACTIVITY_TYPE_IMPORT_SECRETS'),
      ),
    ).toBe(true);
    expect(
      evaluatePolicyExpression(
        "activity.resource == 'SECRET' && activity.action == 'DELETE'",
        'condition',
        context('ACTIVITY_TYPE_DELETE_SECRETS'),
      ),
    ).toBe(true);
  });

  test('derivation-path fields of a wallet-account export', () => {
    const context: PolicyContext = {
      activity: { type: 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT' },
      approvers: [],
      wallet_account: { address: 'sp1q…', path_indexes: [8797555, 0, 3, 7], path_hardened: [true, true, true, true] },
      now: 0,
    };
    const source =
      'wallet_account.path_indexes.count() == 4 && wallet_account.path_indexes[2] == 3 && wallet_account.path_hardened.all(h, h == true)';
    expect(evaluatePolicyExpression(source, 'condition', context)).toBe(true);
    expect(() => evaluatePolicyExpression(source, 'condition', { ...context, wallet_account: { address: 'x' } })).toThrow(
      'missing field: wallet_account.path_indexes',
    );
  });

  test.each<[unknown, string]>([
    [{}, 'context.secret.static_properties must be an object of string values, got undefined'],
    [{ static_properties: ['a'] }, 'context.secret.static_properties must be an object of string values, got an array'],
    [{ static_properties: { kind: 1 } }, 'context.secret.static_properties.kind must be a string, got 1'],
  ])('a malformed secret in the context is refused: %j', (secret, message) => {
    const context = { ...exportContext({}), secret } as PolicyContext;
    expect(() => evaluatePolicies([unilateral], context)).toThrow(PolicyInputError);
    expect(() => evaluatePolicies([unilateral], context)).toThrow(expect.objectContaining({ message }) as Error);
  });
});
