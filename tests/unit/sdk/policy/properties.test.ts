// Property-based tests (fast-check): printed trees parse back to themselves, and no input makes
// the parser, checker or evaluator throw anything but the policy errors.
import fc from 'fast-check';
import {
  POLICY_EXPRESSION_KINDS,
  PolicySyntaxError,
  checkPolicyExpression,
  evaluatePolicies,
  parsePolicyExpression,
  printPolicyExpression,
  withoutPositions,
  type BinaryOperator,
  type PolicyExpr,
} from '@walletinfra/sdk/policy';

const KEYWORDS = new Set(['true', 'false', 'in']);
const name = fc.oneof(
  fc.constantFrom('activity', 'approvers', 'user', 'eth', 'tx', 'x', 'any', 'count', 'CronSpan', 'Timestamp', 'true', 'in', '_'),
  fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/),
);
const plainName = name.filter((n) => !KEYWORDS.has(n));
const at = { start: 0, end: 0 };
const OPERATORS: BinaryOperator[] = ['&&', '||', '==', '!=', '<', '>', '<=', '>=', 'in'];
const int = fc.bigInt({ min: -(1n << 127n), max: (1n << 256n) - 1n });

const { expr } = fc.letrec<{ expr: PolicyExpr }>((tie) => {
  const sub = tie('expr');
  const args = fc.array(sub, { maxLength: 3 });
  return {
    expr: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.boolean().map((value): PolicyExpr => ({ kind: 'bool', value, ...at })),
      int.map((value): PolicyExpr => ({ kind: 'int', value, ...at })),
      fc.string({ unit: 'binary', maxLength: 8 }).map((value): PolicyExpr => ({ kind: 'string', value, ...at })),
      plainName.map((n): PolicyExpr => ({ kind: 'ident', name: n, ...at })),
      fc.array(sub, { maxLength: 3 }).map((items): PolicyExpr => ({ kind: 'list', items, ...at })),
      fc
        .uniqueArray(fc.tuple(name, sub), { maxLength: 3, selector: ([n]) => n })
        .map((fields): PolicyExpr => ({ kind: 'struct', fields: fields.map(([n, value]) => ({ name: n, value })), ...at })),
      fc.tuple(sub, name).map(([target, n]): PolicyExpr => ({ kind: 'field', target, name: n, nameStart: 0, ...at })),
      fc.tuple(sub, sub).map(([target, index]): PolicyExpr => ({ kind: 'index', target, index, ...at })),
      fc
        .tuple(sub, fc.option(sub, { nil: null }), fc.option(sub, { nil: null }))
        .map(([target, from, to]): PolicyExpr => ({ kind: 'slice', target, from, to, ...at })),
      fc.tuple(sub, name, args).map(([target, n, a]): PolicyExpr => ({ kind: 'method', target, name: n, nameStart: 0, args: a, ...at })),
      fc.tuple(plainName, args).map(([n, a]): PolicyExpr => ({ kind: 'call', name: n, args: a, ...at })),
      sub.map((operand): PolicyExpr => ({ kind: 'not', operand, ...at })),
      fc
        .tuple(fc.constantFrom(...OPERATORS), sub, sub)
        .map(([op, left, right]): PolicyExpr => ({ kind: 'binary', op, opStart: 0, left, right, ...at })),
    ),
  };
});

const SEEDS = [
  "approvers.filter(user, user.tags.contains('t')).count() >= 2",
  "activity.resource in ['AUTH', 'OTP'] && activity.action in ['CREATE','VERIFY']",
  "eth.tx.contract_call_args['wad'] < 1000000000000000000 && eth.tx.data[0..10] == '0xa9059cbb'",
  "CronSpan('0 9 * * 1-5', '8h', 'America/New_York') && time.now < Timestamp('2026-01-01T00:00:00Z')",
  "!(wallet.exported || private_key.tags.contains('x')) && {a: -1}.a == -1 && 'abc'[1..] == 'bc'",
];

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 4 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.constantFrom(
      '(',
      ')',
      '[',
      ']',
      "'",
      '"',
      '.',
      '..',
      ',',
      '!',
      '&',
      '|',
      '=',
      '-',
      '{',
      '}',
      ':',
      ' in ',
      '9',
      '\\',
      'x',
      '\u{1F600}',
      '\n',
    ),
  }),
  fc.record({ kind: fc.constant('swap' as const), at: fc.nat(), other: fc.nat() }),
);

function mutate(
  source: string,
  steps: { kind: 'delete' | 'insert' | 'swap'; at: number; length?: number; text?: string; other?: number }[],
): string {
  let s = source;
  for (const step of steps) {
    const i = s.length === 0 ? 0 : step.at % (s.length + 1);
    if (step.kind === 'delete') s = s.slice(0, i) + s.slice(i + (step.length ?? 1));
    else if (step.kind === 'insert') s = s.slice(0, i) + (step.text ?? '') + s.slice(i);
    else if (s.length > 1) {
      const j = (step.other ?? 0) % s.length;
      const k = Math.min(i, s.length - 1);
      const chars = [...s];
      [chars[k], chars[j]] = [chars[j] as string, chars[k] as string];
      s = chars.join('');
    }
  }
  return s;
}

/** Parses, returning the syntax error instead of throwing it; anything else propagates. */
function parseOrSyntaxError(source: string): PolicyExpr | PolicySyntaxError {
  try {
    return parsePolicyExpression(source);
  } catch (error) {
    if (error instanceof PolicySyntaxError) return error;
    throw error;
  }
}

const CONTEXT = {
  activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2', params: { type: 'TRANSACTION_TYPE_ETHEREUM' } },
  approvers: [{ id: 'u1', tags: ['t'] }],
  eth: { tx: { to: '0x1', data: '0xa9059cbb0000', value: 5n, contract_call_args: { wad: 1n } } },
  wallet: { id: 'w', exported: false, imported: false, label: 'l' },
  now: Date.UTC(2026, 0, 5, 15, 0),
};

describe('policy language properties', () => {
  test('a printed tree parses back to the same tree, and printing is stable', () => {
    fc.assert(
      fc.property(expr, (e) => {
        const printed = printPolicyExpression(e);
        const reparsed = parsePolicyExpression(printed);
        expect(withoutPositions(reparsed)).toEqual(withoutPositions(e));
        expect(printPolicyExpression(reparsed)).toBe(printed);
      }),
      { numRuns: 2000 },
    );
  });

  test('the parser throws only PolicySyntaxError on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (source) => {
        parseOrSyntaxError(source);
      }),
      { numRuns: 3000 },
    );
  });

  test('the parser throws only PolicySyntaxError on token soup', () => {
    const token = fc.constantFrom(
      'a',
      'b.c',
      '(',
      ')',
      '[',
      ']',
      '..',
      ',',
      '!',
      '&&',
      '||',
      '==',
      '<',
      'in',
      "'s'",
      '1',
      '-2',
      '{',
      '}',
      ':',
      'x(',
      '.any(',
      ' ',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 30 }), (tokens) => {
        parseOrSyntaxError(tokens.join(''));
      }),
      { numRuns: 3000 },
    );
  });

  test('mutated valid expressions: parse, check and evaluate only fail with policy errors', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SEEDS), fc.array(mutation, { minLength: 1, maxLength: 4 }), (seed, steps) => {
        const source = mutate(seed, steps);
        const parsed = parseOrSyntaxError(source);
        for (const kind of POLICY_EXPRESSION_KINDS) {
          const diagnostics = checkPolicyExpression(source, kind);
          if (parsed instanceof PolicySyntaxError) {
            expect(diagnostics).toEqual([{ severity: 'error', message: parsed.reason, position: parsed.position }]);
          }
        }
        const decision = evaluatePolicies(
          [
            { policyId: 'c', effect: 'EFFECT_ALLOW', condition: source },
            { policyId: 's', effect: 'EFFECT_ALLOW', consensus: source },
            { policyId: 't', effect: 'EFFECT_ALLOW', time: source },
          ],
          CONTEXT,
        );
        expect(decision.evaluations).toHaveLength(3);
      }),
      { numRuns: 1500 },
    );
  });
});
