// The parser's trees, the printer's canonical text and the syntax error's shape (docs/service-behaviour.md#policy-language).
import { expect } from '@jest/globals';
import { WalletInfraError } from '@walletinfra/sdk';
import {
  PolicyInputError,
  PolicySyntaxError,
  checkPolicy,
  checkPolicyExpression,
  parsePolicyExpression,
  printPolicyExpression,
  withoutPositions,
} from '@walletinfra/sdk/policy';

const tree = (source: string): unknown => withoutPositions(parsePolicyExpression(source));
const canonical = (source: string): string => printPolicyExpression(parsePolicyExpression(source));

function syntaxError(source: string): PolicySyntaxError {
  try {
    parsePolicyExpression(source);
  } catch (error) {
    if (error instanceof PolicySyntaxError) return error;
    throw error;
  }
  throw new Error(`expected a syntax error for ${source}`);
}

describe('parsePolicyExpression', () => {
  test('builds a tree with source offsets', () => {
    expect(parsePolicyExpression("activity.resource == 'WALLET'")).toEqual({
      kind: 'binary',
      op: '==',
      opStart: 18,
      start: 0,
      end: 29,
      left: {
        kind: 'field',
        name: 'resource',
        nameStart: 9,
        start: 0,
        end: 17,
        target: { kind: 'ident', name: 'activity', start: 0, end: 8 },
      },
      right: { kind: 'string', value: 'WALLET', start: 21, end: 29 },
    });
  });

  test('method calls, function calls, indexes and slices', () => {
    expect(tree("approvers.filter(u, u.tags.contains('t')).count() >= 2")).toEqual({
      kind: 'binary',
      op: '>=',
      left: {
        kind: 'method',
        name: 'count',
        args: [],
        target: {
          kind: 'method',
          name: 'filter',
          target: { kind: 'ident', name: 'approvers' },
          args: [
            { kind: 'ident', name: 'u' },
            {
              kind: 'method',
              name: 'contains',
              target: { kind: 'field', name: 'tags', target: { kind: 'ident', name: 'u' } },
              args: [{ kind: 'string', value: 't' }],
            },
          ],
        },
      },
      right: { kind: 'int', value: 2n },
    });
    expect(tree("eth.tx.data[0..10][2]['k'][..3][4..]")).toEqual({
      kind: 'slice',
      from: { kind: 'int', value: 4n },
      to: null,
      target: {
        kind: 'slice',
        from: null,
        to: { kind: 'int', value: 3n },
        target: {
          kind: 'index',
          index: { kind: 'string', value: 'k' },
          target: {
            kind: 'index',
            index: { kind: 'int', value: 2n },
            target: {
              kind: 'slice',
              from: { kind: 'int', value: 0n },
              to: { kind: 'int', value: 10n },
              target: { kind: 'field', name: 'data', target: { kind: 'field', name: 'tx', target: { kind: 'ident', name: 'eth' } } },
            },
          },
        },
      },
    });
    expect(tree("CronSpan('0 9 * * 1-5', '8h', 'UTC')")).toEqual({
      kind: 'call',
      name: 'CronSpan',
      args: [
        { kind: 'string', value: '0 9 * * 1-5' },
        { kind: 'string', value: '8h' },
        { kind: 'string', value: 'UTC' },
      ],
    });
  });

  test('literals: booleans, integers to u256 and down to i128, lists, structs, escapes', () => {
    const max = (1n << 256n) - 1n;
    const min = -(1n << 127n);
    expect(tree(`[true, false, 0, ${max}, ${min}, [], {a: 1, b: 'x'}]`)).toEqual({
      kind: 'list',
      items: [
        { kind: 'bool', value: true },
        { kind: 'bool', value: false },
        { kind: 'int', value: 0n },
        { kind: 'int', value: max },
        { kind: 'int', value: min },
        { kind: 'list', items: [] },
        {
          kind: 'struct',
          fields: [
            { name: 'a', value: { kind: 'int', value: 1n } },
            { name: 'b', value: { kind: 'string', value: 'x' } },
          ],
        },
      ],
    });
    expect(tree(String.raw`'it\'s \\ a\n\t\r\0 \"q\" \u{1F600}'`)).toEqual({ kind: 'string', value: 'it\'s \\ a\n\t\r\0 "q" \u{1F600}' });
  });

  test('precedence: ! binds tighter than comparison, which binds tighter than &&, then ||', () => {
    expect(tree('!a == b || c && d in e')).toEqual({
      kind: 'binary',
      op: '||',
      left: {
        kind: 'binary',
        op: '==',
        left: { kind: 'not', operand: { kind: 'ident', name: 'a' } },
        right: { kind: 'ident', name: 'b' },
      },
      right: {
        kind: 'binary',
        op: '&&',
        left: { kind: 'ident', name: 'c' },
        right: { kind: 'binary', op: 'in', left: { kind: 'ident', name: 'd' }, right: { kind: 'ident', name: 'e' } },
      },
    });
    expect(tree('a && b && c')).toEqual({
      kind: 'binary',
      op: '&&',
      left: { kind: 'binary', op: '&&', left: { kind: 'ident', name: 'a' }, right: { kind: 'ident', name: 'b' } },
      right: { kind: 'ident', name: 'c' },
    });
  });

  test('whitespace, including newlines, separates tokens anywhere', () => {
    expect(tree("activity . resource\n==\r\n\t'WALLET'")).toEqual(tree("activity.resource == 'WALLET'"));
  });

  test('a syntax error carries code, position, expected and a message for policy authors', () => {
    const error = syntaxError("activity.resource == 'WALLET' &&\n  (wallet.id == 'w'");
    expect(error).toBeInstanceOf(WalletInfraError);
    expect(error.name).toBe('PolicySyntaxError');
    expect({ code: error.code, message: error.message, reason: error.reason, position: error.position, expected: error.expected }).toEqual({
      code: 'POLICY_SYNTAX',
      message: "2:20: expected ')' to close the '(' at 2:3, found the end of the input",
      reason: "expected ')' to close the '(' at 2:3, found the end of the input",
      position: { offset: 52, line: 2, column: 20 },
      expected: ["')'"],
    });
  });

  test.each([
    ["activity.resource == 'WALLET", ["a closing quote '"], "1:29: expected a closing quote ' for the string starting at 1:22"],
    [
      "approvers.any(user, user.id == 'a'",
      ["','", "')'"],
      "1:35: expected ',' or ')' to close the call to 'any' at 1:10, found the end of the input",
    ],
    ['eth.tx.data[0', ["'..'", "']'"], "1:14: expected '..' or ']' to close the index at 1:12, found the end of the input"],
    ['a ==', ['an expression'], "1:5: expected an expression after '==', found the end of the input"],
    ['a b', ['an operator', 'the end of the expression'], "1:3: expected an operator or the end of the expression, found 'b'"],
    ['"a"', ['a single-quoted string'], `1:1: strings use single quotes: write 'a' instead of "a"`],
  ])('%j: expected %j', (source, expected, message) => {
    const error = syntaxError(source);
    expect([error.expected, error.message]).toEqual([expected, message]);
  });

  test('non-string input is a syntax error, not a crash', () => {
    expect(() => parsePolicyExpression(42 as unknown as string)).toThrow(
      expect.objectContaining({ code: 'POLICY_SYNTAX', message: '1:1: expected the expression as a string, got number' }),
    );
  });
});

describe('printPolicyExpression', () => {
  test.each([
    [
      "activity.resource in ['AUTH','OTP']&&activity.action=='CREATE'",
      "activity.resource in ['AUTH', 'OTP'] && activity.action == 'CREATE'",
    ],
    ['((a || b)) && (c)', '(a || b) && c'],
    ['a || (b || c)', 'a || (b || c)'],
    ['(a || b) || c', 'a || b || c'],
    ['(a == b) == c', '(a == b) == c'],
    ['a == (b == c)', 'a == (b == c)'],
    ['!(a == b)', '!(a == b)'],
    ['!(!a)', '!!a'],
    ['(!a).b', '(!a).b'],
    ['(a && b).c(d, e)', '(a && b).c(d, e)'],
    ["x[ 1 .. ]['k'][..2]", "x[1..]['k'][..2]"],
    ['{ a : 1 , b : [ ] }', '{a: 1, b: []}'],
    ['-5 < 007', '-5 < 7'],
    [String.raw`'a\'b\\c' == '\u{7}\n'`, String.raw`'a\'b\\c' == '\u{7}\n'`],
  ])('%j prints as %j', (source, printed) => {
    expect(canonical(source)).toBe(printed);
    expect(tree(printed)).toEqual(tree(source));
  });
});

describe('checkPolicy and checkPolicyExpression inputs', () => {
  test('checkPolicy returns only the fields with diagnostics, in condition, consensus, time order', () => {
    expect(
      checkPolicy({
        time: "CronSpan('0 9 * * 1-5', '8h', 'America/NewYork')",
        consensus: "approvers.any(u, u.id == 'a')",
        condition: "activity.resourse == 'WALLET'",
      }),
    ).toEqual([
      {
        field: 'condition',
        diagnostics: [
          {
            severity: 'error',
            message: "unknown field 'resourse' of Activity; did you mean 'resource'?",
            position: { offset: 9, line: 1, column: 10 },
            suggestion: 'resource',
          },
        ],
      },
      {
        field: 'time',
        diagnostics: [
          {
            severity: 'error',
            message: "invalid time zone 'America/NewYork': no such IANA time zone; did you mean 'America/New_York'?",
            position: { offset: 30, line: 1, column: 31 },
            suggestion: 'America/New_York',
          },
        ],
      },
    ]);
  });

  test('an empty field is valid for every kind (the service treats it as absent)', () => {
    expect(checkPolicy({ condition: '', consensus: '', time: '' })).toEqual([]);
    expect(checkPolicyExpression('', 'scope')).toEqual([]);
  });

  test('a kind that does not exist is an input error naming the argument', () => {
    expect(() => checkPolicyExpression('true', 'conditon' as never)).toThrow(PolicyInputError);
    expect(() => checkPolicyExpression('true', 'conditon' as never)).toThrow(
      "kind must be one of 'condition', 'consensus', 'time', 'scope'; got 'conditon'",
    );
  });

  test('a non-string expression is a diagnostic', () => {
    expect(checkPolicyExpression(7 as unknown as string, 'condition')).toEqual([
      { severity: 'error', message: 'expected the expression as a string, got number', position: { offset: 0, line: 1, column: 1 } },
    ]);
  });
});
