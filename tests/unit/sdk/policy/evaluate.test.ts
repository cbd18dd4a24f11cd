// evaluatePolicies: the service's decision rules (docs/service-behaviour.md#policy-language) as tables, one per outcome.
import { PolicyInputError, evaluatePolicies, policyDenialMessage, type PolicyContext, type PolicyInput } from '@walletinfra/sdk/policy';

const NOW = Date.UTC(2026, 2, 10, 15, 0); // Tuesday 2026-03-10 15:00Z
const user = (id: string, ...tags: string[]): { id: string; tags: string[] } => ({ id, tags });

function context(overrides: Partial<PolicyContext> = {}): PolicyContext {
  return {
    activity: { type: 'ACTIVITY_TYPE_CREATE_WALLET' },
    approvers: [user('alice')],
    now: NOW,
    ...overrides,
  };
}

const allow = (policyId: string, fields: Omit<PolicyInput, 'policyId' | 'effect'> = {}): PolicyInput => ({
  policyId,
  effect: 'EFFECT_ALLOW',
  ...fields,
});
const deny = (policyId: string, fields: Omit<PolicyInput, 'policyId' | 'effect'> = {}): PolicyInput => ({
  policyId,
  effect: 'EFFECT_DENY',
  ...fields,
});

describe('consensus by approver tags', () => {
  const twoOps = allow('two-ops', {
    consensus: "approvers.filter(user, user.tags.contains('ops')).count() >= 2",
    condition: "activity.resource == 'WALLET' && activity.action == 'CREATE'",
  });

  test.each([
    ['the submitter alone, no ops tag', [user('alice')], 'OUTCOME_REQUIRES_CONSENSUS'],
    ['one ops approver', [user('alice', 'ops')], 'OUTCOME_REQUIRES_CONSENSUS'],
    ['one ops approver and one dev', [user('alice', 'ops'), user('bob', 'dev')], 'OUTCOME_REQUIRES_CONSENSUS'],
    ['two ops approvers', [user('alice', 'ops'), user('carol', 'dev', 'ops')], 'OUTCOME_ALLOW'],
    ['three ops approvers', [user('a', 'ops'), user('b', 'ops'), user('c', 'ops')], 'OUTCOME_ALLOW'],
    ['nobody', [], 'OUTCOME_REQUIRES_CONSENSUS'],
  ] as const)('%s ⇒ %s', (_, approvers, outcome) => {
    expect(evaluatePolicies([twoOps], context({ approvers }))).toEqual({
      outcome,
      evaluations: [{ policyId: 'two-ops', outcome }],
    });
  });

  test('when the condition does not hold, missing approvals do not matter: implicit deny', () => {
    const decision = evaluatePolicies([twoOps], context({ activity: { type: 'ACTIVITY_TYPE_CREATE_POLICY_V3' } }));
    expect(decision).toEqual({
      outcome: 'OUTCOME_DENY_IMPLICIT',
      evaluations: [{ policyId: 'two-ops', outcome: 'OUTCOME_DENY_IMPLICIT' }],
    });
  });

  test('credentials can be required too', () => {
    const passkey = allow('passkey', { consensus: "credentials.any(c, c.type == 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR')" });
    const apiKey = { id: 'k1', user_id: 'alice', type: 'CREDENTIAL_TYPE_API_KEY_P256', public_key: '02ab' };
    const webauthn = {
      id: 'k2',
      user_id: 'alice',
      type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR',
      credential_id: 'cred',
      public_key: '03cd',
    };
    expect(evaluatePolicies([passkey], context({ credentials: [apiKey] })).outcome).toBe('OUTCOME_REQUIRES_CONSENSUS');
    expect(evaluatePolicies([passkey], context({ credentials: [apiKey, webauthn] })).outcome).toBe('OUTCOME_ALLOW');
    expect(evaluatePolicies([passkey], context()).outcome).toBe('OUTCOME_REQUIRES_CONSENSUS');
  });
});

describe('deny beats allow; allow beats consensus; nothing matching is an implicit deny', () => {
  const signing = context({
    activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2', params: { type: 'TRANSACTION_TYPE_ETHEREUM' } },
    wallet: { id: 'w1', imported: false, exported: false, label: 'treasury' },
    eth: { tx: { to: '0xbad', value: 10n ** 18n, data: '0xa9059cbb0000' } },
  });
  const everything = allow('allow-all', { condition: 'true' });
  const badAddress = deny('deny-bad', { condition: "eth.tx.to == '0xbad'" });
  const needsTwo = allow('needs-two', { consensus: 'approvers.count() >= 2', condition: "activity.kind == 'SIGN_TRANSACTION'" });
  const otherWallet = allow('other-wallet', { condition: "wallet.id == 'w2'" });

  test.each([
    ['deny and allow both apply', [everything, badAddress], 'OUTCOME_DENY_EXPLICIT', ['OUTCOME_ALLOW', 'OUTCOME_DENY_EXPLICIT']],
    [
      'deny applies, an allow only lacks consensus',
      [badAddress, needsTwo],
      'OUTCOME_DENY_EXPLICIT',
      ['OUTCOME_DENY_EXPLICIT', 'OUTCOME_REQUIRES_CONSENSUS'],
    ],
    ['an allow applies, another lacks consensus', [needsTwo, everything], 'OUTCOME_ALLOW', ['OUTCOME_REQUIRES_CONSENSUS', 'OUTCOME_ALLOW']],
    [
      'only consensus is missing',
      [needsTwo, otherWallet],
      'OUTCOME_REQUIRES_CONSENSUS',
      ['OUTCOME_REQUIRES_CONSENSUS', 'OUTCOME_DENY_IMPLICIT'],
    ],
    ['nothing matches', [otherWallet], 'OUTCOME_DENY_IMPLICIT', ['OUTCOME_DENY_IMPLICIT']],
    ['no policies at all', [], 'OUTCOME_DENY_IMPLICIT', []],
  ] as const)('%s ⇒ %s', (_, policies, outcome, perPolicy) => {
    const decision = evaluatePolicies(policies, signing);
    expect(decision.outcome).toBe(outcome);
    expect(decision.evaluations.map((e) => e.outcome)).toEqual(perPolicy);
  });

  test('a DENY policy whose consensus does not hold does not apply', () => {
    const denyUnlessTwo = deny('deny-solo', { consensus: 'approvers.count() < 2', condition: 'true' });
    expect(evaluatePolicies([everything, denyUnlessTwo], signing).outcome).toBe('OUTCOME_DENY_EXPLICIT');
    const twoApprovers = { ...signing, approvers: [user('alice'), user('bob')] };
    expect(evaluatePolicies([everything, denyUnlessTwo], twoApprovers)).toEqual({
      outcome: 'OUTCOME_ALLOW',
      evaluations: [
        { policyId: 'allow-all', outcome: 'OUTCOME_ALLOW' },
        { policyId: 'deny-solo', outcome: 'OUTCOME_DENY_IMPLICIT' },
      ],
    });
  });

  test('policy names are echoed; the denial message names the denying policies', () => {
    const named = { ...badAddress, policyName: 'Never pay 0xbad' };
    const decision = evaluatePolicies([everything, named, { ...badAddress, policyId: 'deny-bad-2' }], signing);
    expect(decision.evaluations).toEqual([
      { policyId: 'allow-all', outcome: 'OUTCOME_ALLOW' },
      { policyId: 'deny-bad', policyName: 'Never pay 0xbad', outcome: 'OUTCOME_DENY_EXPLICIT' },
      { policyId: 'deny-bad-2', outcome: 'OUTCOME_DENY_EXPLICIT' },
    ]);
    expect(policyDenialMessage(decision)).toBe('The following policies denied this action: deny-bad, deny-bad-2');
    expect(policyDenialMessage(evaluatePolicies([otherWallet], signing))).toBe('No policies evaluated to outcome: Allow');
  });
});

describe('errors: every clause is evaluated, an error anywhere makes the policy an error', () => {
  const withWallet = context({
    activity: {
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      params: { hash_function: 'HASH_FUNCTION_NO_OP', encoding: 'PAYLOAD_ENCODING_HEXADECIMAL' },
    },
    wallet: { id: 'w1' },
  });

  // `missing` is the path a missing field was read at, as the expression writes it; other failures have none.
  test.each([
    ["wallet.id == 'w1' || private_key.id == 'k1'", '1:22: missing field: private_key', 'private_key'],
    ["false && private_key.id == 'k1'", '1:10: missing field: private_key', 'private_key'],
    ['true || activity.params.user_ids.count() == 1', '1:25: missing field: activity.params.user_ids', 'activity.params.user_ids'],
    ["activity.params.encoding != 'PAYLOAD_ENCODING_EIP712' && wallet.label == 'x'", '1:65: missing field: wallet.label', 'wallet.label'],
    ["eth.tx.to == '0x1'", '1:5: missing field: eth.tx', 'eth.tx'],
    ['wallets.any(w, true)', '1:1: missing field: wallets', 'wallets'],
    ["activity.params['algo'] == 'x'", "1:17: missing key 'algo' in activity.params", "activity.params['algo']"],
    ['activity.params.hash_function == 1', '1:31: cannot compare string with int', undefined],
  ])('%s', (condition, message, missing) => {
    expect(evaluatePolicies([allow('p', { condition })], withWallet)).toEqual({
      outcome: 'OUTCOME_DENY_IMPLICIT',
      evaluations: [
        {
          policyId: 'p',
          outcome: 'OUTCOME_ERROR',
          error: `condition: ${message}`,
          errors: [{ field: 'condition', message, ...(missing === undefined ? {} : { missing }) }],
        },
      ],
    });
  });

  test('errors in several fields are all reported, consensus first', () => {
    const policy = allow('p', {
      consensus: "approvers[3].id == 'x'",
      condition: 'private_key.exported',
      time: "time.now > Timestamp('2026-02-30T00:00:00Z')",
    });
    expect(evaluatePolicies([policy], withWallet).evaluations).toEqual([
      {
        policyId: 'p',
        outcome: 'OUTCOME_ERROR',
        error:
          "consensus: 1:11: index 3 is out of range for a list of 1 items (approvers); condition: 1:1: missing field: private_key; time: 1:22: invalid timestamp '2026-02-30T00:00:00Z': day 30 does not exist in 2026-02",
        errors: [
          { field: 'consensus', message: '1:11: index 3 is out of range for a list of 1 items (approvers)' },
          { field: 'condition', message: '1:1: missing field: private_key', missing: 'private_key' },
          { field: 'time', message: "1:22: invalid timestamp '2026-02-30T00:00:00Z': day 30 does not exist in 2026-02" },
        ],
      },
    ]);
  });

  test('a syntax error in a stored policy is an error outcome too', () => {
    expect(evaluatePolicies([allow('p', { condition: "activity.kind == 'X" })], withWallet).evaluations).toEqual([
      {
        policyId: 'p',
        outcome: 'OUTCOME_ERROR',
        error: "condition: 1:20: expected a closing quote ' for the string starting at 1:18",
        errors: [{ field: 'condition', message: "1:20: expected a closing quote ' for the string starting at 1:18" }],
      },
    ]);
  });

  // UNCONFIRMED behaviour, documented on evaluatePolicies: an erroring policy does not apply.
  test('an erroring DENY does not block an applicable ALLOW', () => {
    const decision = evaluatePolicies(
      [allow('ok', { condition: 'true' }), deny('broken', { condition: "private_key.id == 'k1'" })],
      withWallet,
    );
    expect(decision.outcome).toBe('OUTCOME_ALLOW');
    expect(decision.evaluations.map((e) => e.outcome)).toEqual(['OUTCOME_ALLOW', 'OUTCOME_ERROR']);
  });

  test('an erroring ALLOW leaves an implicit deny', () => {
    expect(evaluatePolicies([allow('broken', { condition: "private_key.id == 'k1'" })], withWallet).outcome).toBe('OUTCOME_DENY_IMPLICIT');
  });
});

describe('time windows', () => {
  const march = allow('march', {
    condition: "activity.kind == 'CREATE_WALLET'",
    time: "time.now >= Timestamp('2026-03-01T00:00:00Z') && time.now < Timestamp('2026-04-01T00:00:00Z')",
  });

  test.each([
    ['just before the window', Date.UTC(2026, 1, 28, 23, 59, 59, 999), 'OUTCOME_TIME_INACTIVE', 'OUTCOME_DENY_IMPLICIT'],
    ['at its start (inclusive)', Date.UTC(2026, 2, 1), 'OUTCOME_ALLOW', 'OUTCOME_ALLOW'],
    ['inside', Date.UTC(2026, 2, 31, 23, 59, 59, 999), 'OUTCOME_ALLOW', 'OUTCOME_ALLOW'],
    ['at its end (exclusive)', Date.UTC(2026, 3, 1), 'OUTCOME_TIME_INACTIVE', 'OUTCOME_DENY_IMPLICIT'],
  ])('%s ⇒ %s', (_, now, perPolicy, outcome) => {
    expect(evaluatePolicies([march], context({ now }))).toEqual({ outcome, evaluations: [{ policyId: 'march', outcome: perPolicy }] });
    expect(evaluatePolicies([march], context({ now: new Date(now) })).outcome).toBe(outcome);
  });

  test('a time-gated DENY denies only inside its window', () => {
    const freeze = deny('freeze', { condition: 'true', time: "CronSpan('0 0 * * 0', '1d', 'UTC')" });
    const everything = allow('all', { condition: 'true' });
    const sunday = Date.UTC(2026, 2, 8, 12, 0);
    const monday = Date.UTC(2026, 2, 9, 12, 0);
    expect(evaluatePolicies([everything, freeze], context({ now: sunday })).outcome).toBe('OUTCOME_DENY_EXPLICIT');
    expect(evaluatePolicies([everything, freeze], context({ now: monday }))).toEqual({
      outcome: 'OUTCOME_ALLOW',
      evaluations: [
        { policyId: 'all', outcome: 'OUTCOME_ALLOW' },
        { policyId: 'freeze', outcome: 'OUTCOME_TIME_INACTIVE' },
      ],
    });
  });

  test('an inactive policy is inactive even if its consensus is unmet', () => {
    const gated = allow('gated', { consensus: 'approvers.count() >= 5', time: "time.now < Timestamp('2026-01-01T00:00:00Z')" });
    expect(evaluatePolicies([gated], context()).evaluations).toEqual([{ policyId: 'gated', outcome: 'OUTCOME_TIME_INACTIVE' }]);
  });
});

describe('root quorum', () => {
  const blockAll = deny('block-all', { condition: 'true' });

  test('a root quorum action bypasses every policy', () => {
    expect(evaluatePolicies([blockAll], context({ isRootQuorum: true }))).toEqual({
      outcome: 'OUTCOME_ALLOW',
      evaluations: [],
      implicitPermission: 'ROOT_QUORUM',
    });
  });

  test.each([
    ['one of two root users', ['r1', 'x'], 'OUTCOME_DENY_EXPLICIT'],
    ['both root users', ['r2', 'r1'], 'OUTCOME_ALLOW'],
    ['one root user twice', ['r1', 'r1'], 'OUTCOME_DENY_EXPLICIT'],
  ])('quorum of 2 with %s ⇒ %s', (_, ids, outcome) => {
    const approvers = ids.map((id) => user(id));
    expect(evaluatePolicies([blockAll], context({ approvers, rootQuorum: { userIds: ['r1', 'r2', 'r3'], threshold: 2 } })).outcome).toBe(
      outcome,
    );
  });

  test('root-quorum-only activities are never allowed by policies', () => {
    const decision = evaluatePolicies(
      [allow('all', { condition: 'true' })],
      context({ activity: { type: 'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM' } }),
    );
    expect(decision).toEqual({ outcome: 'OUTCOME_DENY_IMPLICIT', evaluations: [] });
    expect(
      evaluatePolicies([], context({ activity: { type: 'ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE' }, isRootQuorum: true })).outcome,
    ).toBe('OUTCOME_ALLOW');
  });
});

describe('context defaults', () => {
  test('kind, resource and action come from the activity type unless given', () => {
    const ctx = context({ activity: { type: 'ACTIVITY_TYPE_UPDATE_POLICY_V2' } });
    const p = allow('p', { condition: "activity.kind == 'UPDATE_POLICY' && activity.resource == 'POLICY' && activity.action == 'UPDATE'" });
    expect(evaluatePolicies([p], ctx).outcome).toBe('OUTCOME_ALLOW');
    const given = context({ activity: { type: 'ACTIVITY_TYPE_UPDATE_POLICY_V2', kind: 'K', resource: 'R', action: 'A' } });
    expect(
      evaluatePolicies([allow('p', { condition: "activity.kind == 'K' && activity.resource == 'R' && activity.action == 'A'" })], given)
        .outcome,
    ).toBe('OUTCOME_ALLOW');
  });

  test('an activity type without a documented resource reads as a missing field', () => {
    const ctx = context({ activity: { type: 'ACTIVITY_TYPE_EXECUTE_SWAP' } });
    expect(evaluatePolicies([allow('p', { condition: "activity.resource == 'WALLET'" })], ctx).evaluations).toEqual([
      {
        policyId: 'p',
        outcome: 'OUTCOME_ERROR',
        error: 'condition: 1:10: missing field: activity.resource',
        errors: [{ field: 'condition', message: '1:10: missing field: activity.resource', missing: 'activity.resource' }],
      },
    ]);
  });

  test('approvers without tags, email or alias read as empty', () => {
    const p = allow('p', { consensus: "approvers.all(u, u.tags.count() == 0 && u.email == '' && u.alias == '')" });
    expect(evaluatePolicies([p], context({ approvers: [{ id: 'a' }] })).outcome).toBe('OUTCOME_ALLOW');
  });

  test('Solana aliases read the same list whichever name the context used', () => {
    const p = allow('p', {
      condition:
        "solana.tx.account_keys == solana.tx.static_account_keys && solana.tx.program_keys.all(k, k == '11111111111111111111111111111111') && solana.tx.instructions.count() == 0",
    });
    const ctx = context({
      solana: { tx: { static_account_keys: ['A', 'B'], program_keys: ['11111111111111111111111111111111'], top_level_instructions: [] } },
    });
    expect(evaluatePolicies([p], ctx).outcome).toBe('OUTCOME_ALLOW');
  });
});

describe('Ethereum addresses compare in any case (docs/service-behaviour.md#policy-language)', () => {
  const CHECKSUMMED = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
  const LOWER = CHECKSUMMED.toLowerCase();
  const signing = (to: string, args: Record<string, string> = {}): PolicyContext =>
    context({ activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' }, eth: { tx: { to, contract_call_args: args } } });
  const outcome = (condition: string, ctx: PolicyContext) => evaluatePolicies([allow('p', { condition })], ctx).outcome;

  test.each([
    ['a checksummed policy, a lowercase eth.tx.to', `eth.tx.to == '${CHECKSUMMED}'`, signing(LOWER)],
    ['a lowercase policy, a checksummed eth.tx.to', `eth.tx.to == '${LOWER}'`, signing(CHECKSUMMED)],
    ['in a list', `eth.tx.to in ['0x0000000000000000000000000000000000000001', '${LOWER}']`, signing(CHECKSUMMED)],
    ['a decoded argument', `eth.tx.contract_call_args['to'] == '${LOWER}'`, signing(LOWER, { to: CHECKSUMMED })],
    ['contains', `[eth.tx.to].contains('${LOWER.toUpperCase().replace('0X', '0x')}')`, signing(CHECKSUMMED)],
  ])('%s ⇒ allowed', (_, condition, ctx) => {
    expect(outcome(condition, ctx)).toBe('OUTCOME_ALLOW');
  });

  test('another address, a non-address and ids still compare exactly', () => {
    expect(outcome(`eth.tx.to != '${LOWER}'`, signing(CHECKSUMMED))).toBe('OUTCOME_DENY_IMPLICIT');
    expect(outcome("eth.tx.to == '0x0000000000000000000000000000000000000001'", signing(CHECKSUMMED))).toBe('OUTCOME_DENY_IMPLICIT');
    expect(outcome("eth.tx.to == '0xabc'", signing('0xABC'))).toBe('OUTCOME_DENY_IMPLICIT');
    expect(outcome("wallet.id == 'Wallet-1'", context({ wallet: { id: 'wallet-1' } }))).toBe('OUTCOME_DENY_IMPLICIT');
  });
});

describe('input validation', () => {
  test.each([
    [[{ policyId: '', effect: 'EFFECT_ALLOW' }], context(), "policies[0].policyId must be a non-empty string, got ''"],
    [[{ policyId: 'p', effect: 'ALLOW' }], context(), "policies[0].effect must be 'EFFECT_ALLOW' or 'EFFECT_DENY', got 'ALLOW'"],
    [[{ policyId: 'p', effect: 'EFFECT_DENY', condition: 5 }], context(), 'policies[0].condition must be a string when present, got 5'],
    ['nope', context(), "policies must be an array, got 'nope'"],
    [
      [],
      { ...context(), now: 'yesterday' },
      "context.now must be a valid Date or a number of milliseconds since the epoch, got 'yesterday'",
    ],
    [
      [],
      { ...context(), now: new Date('invalid') },
      'context.now must be a valid Date or a number of milliseconds since the epoch, got a value of type object',
    ],
    [[], { ...context(), activity: { type: '' } }, "context.activity.type must be a non-empty string, got ''"],
    [[], { ...context(), approvers: [{ name: 'x' }] }, 'context.approvers[0].id must be a string, got undefined'],
    [[], { ...context(), rootQuorum: { userIds: ['a'], threshold: 0 } }, 'context.rootQuorum.threshold must be a positive integer, got 0'],
  ])('%j', (policies, ctx, message) => {
    expect(() => evaluatePolicies(policies as PolicyInput[], ctx as PolicyContext)).toThrow(PolicyInputError);
    expect(() => evaluatePolicies(policies as PolicyInput[], ctx as PolicyContext)).toThrow(
      expect.objectContaining({ code: 'POLICY_INPUT', message }) as Error,
    );
  });
});

test('the sdk README example decides as documented', () => {
  const policies: PolicyInput[] = [
    {
      policyId: 'two-ops',
      effect: 'EFFECT_ALLOW',
      consensus: "approvers.filter(user, user.tags.contains('ops')).count() >= 2",
      condition: "activity.kind == 'SIGN_TRANSACTION'",
      time: "CronSpan('0 9 * * 1-5', '8h', 'America/New_York')",
    },
    { policyId: 'no-bad-address', effect: 'EFFECT_DENY', condition: "eth.tx.to == '0xbad'" },
  ];
  const request: PolicyContext = {
    activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' },
    approvers: [{ id: 'alice', tags: ['ops'] }],
    eth: { tx: { to: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', value: 10n ** 18n } },
    now: new Date('2026-03-09T15:00:00Z'),
  };
  expect(evaluatePolicies(policies, request).outcome).toBe('OUTCOME_REQUIRES_CONSENSUS');
  expect(evaluatePolicies(policies, { ...request, approvers: [...request.approvers, { id: 'bob', tags: ['ops'] }] }).outcome).toBe(
    'OUTCOME_ALLOW',
  );
  expect(evaluatePolicies(policies, { ...request, eth: { tx: { to: '0xbad' } } }).outcome).toBe('OUTCOME_DENY_EXPLICIT');
  expect(evaluatePolicies(policies, { ...request, now: new Date('2026-03-09T22:00:00Z') }).evaluations).toEqual([
    { policyId: 'two-ops', outcome: 'OUTCOME_TIME_INACTIVE' },
    { policyId: 'no-bad-address', outcome: 'OUTCOME_DENY_IMPLICIT' },
  ]);
});

// The exceptions to "almost all actions are implicitly denied" (https://docs.turnkey.com/features/policies/overview,
// "Policy evaluation"), and the choices docs/service-behaviour.md#implicit-permissions records where the page is silent.
describe('implicit permissions', () => {
  const credentialChange = (type: string, submitter: string, target: string | undefined, approvers: string[] = []): PolicyContext =>
    context({
      activity: { type, ...(target === undefined ? {} : { params: { user_id: target } }) },
      approvers: [user(submitter), ...approvers.map((id) => user(id))],
    });

  test.each([
    'ACTIVITY_TYPE_CREATE_API_KEYS',
    'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
    'ACTIVITY_TYPE_DELETE_API_KEYS',
    'ACTIVITY_TYPE_CREATE_AUTHENTICATORS',
    'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
    'ACTIVITY_TYPE_DELETE_AUTHENTICATORS',
    'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS',
    'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS_V2',
    'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS',
    'ACTIVITY_TYPE_RECOVER_USER',
  ])('%s on the submitter itself is allowed with no policy about credentials', (type) => {
    const unrelated = allow('wallets', { condition: "activity.type == 'ACTIVITY_TYPE_CREATE_WALLET'" });
    expect(evaluatePolicies([unrelated], credentialChange(type, 'alice', 'alice'))).toEqual({
      outcome: 'OUTCOME_ALLOW',
      evaluations: [{ policyId: 'wallets', outcome: 'OUTCOME_DENY_IMPLICIT' }],
      implicitPermission: 'OWN_CREDENTIALS',
    });
  });

  test.each([
    ["another user's API keys", credentialChange('ACTIVITY_TYPE_CREATE_API_KEYS_V2', 'alice', 'bob')],
    ['a request that does not name the user', credentialChange('ACTIVITY_TYPE_CREATE_API_KEYS_V2', 'alice', undefined)],
    ['its own email (not a credential here)', credentialChange('ACTIVITY_TYPE_UPDATE_USER_EMAIL', 'alice', 'alice')],
    ['a read-write session (an AUTH activity)', credentialChange('ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2', 'alice', 'alice')],
    ['its own user record', credentialChange('ACTIVITY_TYPE_UPDATE_USER', 'alice', 'alice')],
  ])('not covered: %s', (_, ctx) => {
    expect(evaluatePolicies([], ctx)).toEqual({ outcome: 'OUTCOME_DENY_IMPLICIT', evaluations: [] });
  });

  test('a policy that decides comes first: an explicit deny, a policy awaiting approvals, an allow', () => {
    const own = credentialChange('ACTIVITY_TYPE_CREATE_API_KEYS_V2', 'alice', 'alice');
    const noCredentials = deny('agents-no-credentials', { condition: "activity.resource == 'CREDENTIAL'" });
    expect(evaluatePolicies([noCredentials], own)).toEqual({
      outcome: 'OUTCOME_DENY_EXPLICIT',
      evaluations: [{ policyId: 'agents-no-credentials', outcome: 'OUTCOME_DENY_EXPLICIT' }],
    });
    const withApprover = allow('mint-with-approval', {
      condition: "activity.type == 'ACTIVITY_TYPE_CREATE_API_KEYS_V2'",
      consensus: "approvers.any(u, u.tags.contains('human'))",
    });
    expect(evaluatePolicies([withApprover], own)).toEqual({
      outcome: 'OUTCOME_REQUIRES_CONSENSUS',
      evaluations: [{ policyId: 'mint-with-approval', outcome: 'OUTCOME_REQUIRES_CONSENSUS' }],
    });
    const explicit = allow('own-keys', { condition: "activity.params.user_id == 'alice'" });
    expect(evaluatePolicies([explicit], own)).toEqual({
      outcome: 'OUTCOME_ALLOW',
      evaluations: [{ policyId: 'own-keys', outcome: 'OUTCOME_ALLOW' }],
    });
  });

  test('removing an explicit permission to add its own API key leaves the action allowed', () => {
    const own = credentialChange('ACTIVITY_TYPE_CREATE_API_KEYS_V2', 'alice', 'alice');
    const explicit = allow('alice adds keys', {
      consensus: "approvers.any(u, u.id == 'alice')",
      condition: "activity.type == 'ACTIVITY_TYPE_CREATE_API_KEYS_V2'",
    });
    expect(evaluatePolicies([explicit], own).outcome).toBe('OUTCOME_ALLOW');
    expect(evaluatePolicies([], own).outcome).toBe('OUTCOME_ALLOW');
    const forBob = credentialChange('ACTIVITY_TYPE_CREATE_API_KEYS_V2', 'alice', 'bob');
    expect([evaluatePolicies([explicit], forBob).outcome, evaluatePolicies([], forBob).outcome]).toEqual([
      'OUTCOME_ALLOW',
      'OUTCOME_DENY_IMPLICIT',
    ]);
  });

  const vote = (type: string, voter: string, consensus: 'POLICY' | 'ROOT_QUORUM' | undefined): PolicyContext =>
    context({
      activity: { type },
      approvers: [user(voter)],
      rootQuorum: { userIds: ['r1', 'r2'], threshold: 2 },
      ...(consensus === undefined ? {} : { votedActivity: { consensus } }),
    });

  test.each([
    ['ACTIVITY_TYPE_APPROVE_ACTIVITY', 'bob', 'POLICY', 'OUTCOME_ALLOW', 'CONSENSUS_APPROVAL'],
    ['ACTIVITY_TYPE_REJECT_ACTIVITY', 'bob', 'POLICY', 'OUTCOME_ALLOW', 'CONSENSUS_APPROVAL'],
    ['ACTIVITY_TYPE_APPROVE_ACTIVITY', 'r1', 'ROOT_QUORUM', 'OUTCOME_ALLOW', 'ROOT_QUORUM'],
    ['ACTIVITY_TYPE_APPROVE_ACTIVITY', 'bob', 'ROOT_QUORUM', 'OUTCOME_DENY_IMPLICIT', undefined],
    ['ACTIVITY_TYPE_APPROVE_ACTIVITY', 'bob', undefined, 'OUTCOME_DENY_IMPLICIT', undefined],
  ] as const)('%s by %s on an activity awaiting %s consensus ⇒ %s', (type, voter, consensus, outcome, implicitPermission) => {
    const decision = evaluatePolicies([], vote(type, voter, consensus));
    expect(decision).toEqual({ outcome, evaluations: [], ...(implicitPermission === undefined ? {} : { implicitPermission }) });
  });

  test('an explicit deny of approvals overrides the consensus exception; root users are never stopped by policies', () => {
    const noApprovals = deny('no-approvals', { condition: "activity.type == 'ACTIVITY_TYPE_APPROVE_ACTIVITY'" });
    expect(evaluatePolicies([noApprovals], vote('ACTIVITY_TYPE_APPROVE_ACTIVITY', 'bob', 'POLICY')).outcome).toBe('OUTCOME_DENY_EXPLICIT');
    for (const consensus of ['ROOT_QUORUM', 'POLICY'] as const) {
      expect(evaluatePolicies([noApprovals], vote('ACTIVITY_TYPE_APPROVE_ACTIVITY', 'r2', consensus))).toEqual({
        outcome: 'OUTCOME_ALLOW',
        evaluations: [],
        implicitPermission: 'ROOT_QUORUM',
      });
    }
  });

  test('the voters of a consensus need no permission of their own: the policy reads them together', () => {
    const twoOf = allow('two sign', {
      consensus: "approvers.any(u, u.id == 'alice') && approvers.any(u, u.id == 'bob')",
      condition: "activity.kind == 'SIGN_TRANSACTION'",
    });
    const signing = context({ activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' }, approvers: [user('alice'), user('bob')] });
    expect(evaluatePolicies([twoOf], signing).outcome).toBe('OUTCOME_ALLOW');
  });
});
