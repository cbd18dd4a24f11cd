// Recursive-descent parser for the policy language (docs/service-behaviour.md#policy-language). Precedence, loosest first:
//   ||  <  &&  <  comparison (== != < > <= >= in; not chainable)  <  !  <  postfix (. [] ())
// It throws only PolicySyntaxError, whatever the input (property-tested).
import type { BinaryOperator, PolicyExpr } from './ast';
import { positionAt } from './ast';
import { PolicySyntaxError } from './errors';
import { Lexer, type Token } from './lexer';

/** Deepest tree accepted; keeps every later recursive walk far from the stack limit. */
export const MAX_EXPRESSION_DEPTH = 200;
/** Most brackets, parentheses and '!' that may enclose one another. */
const MAX_NESTING = 100;

const COMPARISONS = new Set(['==', '!=', '<', '>', '<=', '>=']);

/**
 * Trees by source text. A check of one policy reads its condition and consensus several times (the checker, the
 * reads, the identity references, the linter), and a deployment checks many policies that share them: each text is
 * parsed once. The trees are never changed by their readers. Bounded: the oldest entries go first.
 */
const trees = new Map<string, PolicyExpr>();
const TREES_LIMIT = 512;

/** Parses one policy expression (a `condition`, `consensus`, `time` or session `scope`). */
export function parsePolicyExpression(source: string): PolicyExpr {
  if (typeof source !== 'string') {
    throw new PolicySyntaxError('', 0, `expected the expression as a string, got ${source === null ? 'null' : typeof source}`, [
      'a string',
    ]);
  }
  const known = trees.get(source);
  if (known !== undefined) return known;
  const tree = new Parser(source).parseAll();
  if (trees.size >= TREES_LIMIT) trees.delete(trees.keys().next().value as string);
  trees.set(source, tree);
  return tree;
}

class Parser {
  private readonly lexer: Lexer;
  private token: Token;
  private previous: Token | undefined;
  private nesting = 0;
  private readonly heights = new WeakMap<PolicyExpr, number>();

  constructor(private readonly source: string) {
    this.lexer = new Lexer(source);
    this.token = this.lexer.next();
  }

  parseAll(): PolicyExpr {
    const expr = this.parseExpression(null);
    if (this.token.kind !== 'eof') {
      const t = this.token;
      // `a and b` stops at 'and'; `a || not b` stops after 'not', which parsed as a name.
      const wordToken = t.kind === 'ident' && WORD_OPERATORS.has(t.text) ? t : this.previous?.kind === 'ident' ? this.previous : undefined;
      const word = wordToken ? WORD_OPERATORS.get(wordToken.text) : undefined;
      const hint = word && wordToken ? `; use ${word} instead of '${wordToken.text}'` : '';
      this.fail(t.start, `expected an operator or the end of the expression, found ${describe(t)}${hint}`, [
        'an operator',
        'the end of the expression',
      ]);
    }
    return expr;
  }

  // ---- precedence levels -------------------------------------------------------------------

  private parseExpression(after: Token | null): PolicyExpr {
    let left = this.parseAnd(after);
    while (this.isPunct('||')) {
      const op = this.advance();
      left = this.binary('||', op, left, this.parseAnd(op));
    }
    return left;
  }

  private parseAnd(after: Token | null): PolicyExpr {
    let left = this.parseComparison(after);
    while (this.isPunct('&&')) {
      const op = this.advance();
      left = this.binary('&&', op, left, this.parseComparison(op));
    }
    return left;
  }

  private parseComparison(after: Token | null): PolicyExpr {
    const left = this.parseUnary(after);
    if (!this.isComparison()) return left;
    const op = this.advance();
    const node = this.binary(op.text as BinaryOperator, op, left, this.parseUnary(op));
    if (this.isComparison()) {
      this.fail(this.token.start, `comparisons cannot be chained; combine them with && or ||, or add parentheses`, [
        '&&',
        '||',
        'the end of the expression',
      ]);
    }
    return node;
  }

  private parseUnary(after: Token | null): PolicyExpr {
    if (!this.isPunct('!')) return this.parsePostfix(after);
    this.enter();
    const bang = this.advance();
    const operand = this.parseUnary(bang);
    this.nesting--;
    return this.make({ kind: 'not', operand, start: bang.start, end: operand.end }, operand);
  }

  private parsePostfix(after: Token | null): PolicyExpr {
    let expr = this.parsePrimary(after);
    for (;;) {
      if (this.isPunct('.')) {
        const dot = this.advance();
        const name = this.token;
        if (name.kind !== 'ident') {
          this.fail(name.start, `expected a field or method name after '.', found ${describe(name)}`, ['a field or method name']);
        }
        this.advance();
        if (this.isPunct('(')) {
          const { args, end } = this.parseArguments(name.text, dot.start);
          expr = this.make(
            { kind: 'method', target: expr, name: name.text, nameStart: name.start, args, start: expr.start, end },
            expr,
            ...args,
          );
        } else {
          expr = this.make({ kind: 'field', target: expr, name: name.text, nameStart: name.start, start: expr.start, end: name.end }, expr);
        }
      } else if (this.isPunct('[')) {
        expr = this.parseIndexOrSlice(expr);
      } else {
        return expr;
      }
    }
  }

  private parsePrimary(after: Token | null): PolicyExpr {
    const t = this.token;
    if (t.kind === 'int') {
      this.advance();
      return this.make({ kind: 'int', value: t.value as bigint, start: t.start, end: t.end });
    }
    if (t.kind === 'string') {
      this.advance();
      return this.make({ kind: 'string', value: t.value as string, start: t.start, end: t.end });
    }
    if (t.kind === 'ident' && t.text !== 'in') {
      this.advance();
      if (t.text === 'true' || t.text === 'false') {
        return this.make({ kind: 'bool', value: t.text === 'true', start: t.start, end: t.end });
      }
      if (this.isPunct('(')) {
        const { args, end } = this.parseArguments(t.text, t.start);
        return this.make({ kind: 'call', name: t.text, args, start: t.start, end }, ...args);
      }
      return this.make({ kind: 'ident', name: t.text, start: t.start, end: t.end });
    }
    if (this.isPunct('(')) {
      this.enter();
      const open = this.advance();
      const inner = this.parseExpression(open);
      this.expectClose(')', `to close the '(' at ${this.label(open.start)}`);
      this.nesting--;
      return inner;
    }
    if (this.isPunct('[')) return this.parseList();
    if (this.isPunct('{')) return this.parseStruct();
    const where = after ? ` after '${after.text}'` : '';
    return this.fail(t.start, `expected an expression${where}, found ${describe(t)}`, ['an expression']);
  }

  // ---- compound forms ----------------------------------------------------------------------

  private parseArguments(name: string, callStart: number): { args: PolicyExpr[]; end: number } {
    this.enter();
    const open = this.advance();
    const args: PolicyExpr[] = [];
    if (!this.isPunct(')')) {
      args.push(this.parseExpression(open));
      while (this.isPunct(',')) args.push(this.parseExpression(this.advance()));
    }
    const close = this.expectClose(')', `to close the call to '${name}' at ${this.label(callStart)}`, true);
    this.nesting--;
    return { args, end: close.end };
  }

  private parseIndexOrSlice(target: PolicyExpr): PolicyExpr {
    this.enter();
    const open = this.advance();
    let from: PolicyExpr | null = null;
    if (!this.isPunct('..')) from = this.parseExpression(open);
    if (this.isPunct('..')) {
      const dots = this.advance();
      const to = this.isPunct(']') ? null : this.parseExpression(dots);
      const close = this.expectClose(']', `to close the slice at ${this.label(open.start)}`);
      this.nesting--;
      const parts = [target, from, to].filter((p): p is PolicyExpr => p !== null);
      return this.make({ kind: 'slice', target, from, to, start: target.start, end: close.end }, ...parts);
    }
    const close = this.expectClose(']', `to close the index at ${this.label(open.start)}`, false, true);
    this.nesting--;
    const index = from as PolicyExpr;
    return this.make({ kind: 'index', target, index, start: target.start, end: close.end }, target, index);
  }

  private parseList(): PolicyExpr {
    this.enter();
    const open = this.advance();
    const items: PolicyExpr[] = [];
    if (!this.isPunct(']')) {
      items.push(this.parseExpression(open));
      while (this.isPunct(',')) items.push(this.parseExpression(this.advance()));
    }
    const close = this.expectClose(']', `to close the list starting at ${this.label(open.start)}`, true);
    this.nesting--;
    return this.make({ kind: 'list', items, start: open.start, end: close.end }, ...items);
  }

  private parseStruct(): PolicyExpr {
    this.enter();
    const open = this.advance();
    const fields: { name: string; value: PolicyExpr }[] = [];
    if (!this.isPunct('}')) {
      for (;;) {
        const name = this.token;
        if (name.kind !== 'ident') {
          this.fail(name.start, `expected a field name in the struct starting at ${this.label(open.start)}, found ${describe(name)}`, [
            'a field name',
          ]);
        }
        if (fields.some((f) => f.name === name.text)) {
          this.fail(name.start, `duplicate field '${name.text}' in the struct starting at ${this.label(open.start)}`, ['a field name']);
        }
        this.advance();
        if (!this.isPunct(':')) {
          this.fail(this.token.start, `expected ':' after the field name '${name.text}', found ${describe(this.token)}`, ["':'"]);
        }
        const colon = this.advance();
        fields.push({ name: name.text, value: this.parseExpression(colon) });
        if (!this.isPunct(',')) break;
        this.advance();
      }
    }
    const close = this.expectClose('}', `to close the struct starting at ${this.label(open.start)}`, true);
    this.nesting--;
    return this.make({ kind: 'struct', fields, start: open.start, end: close.end }, ...fields.map((f) => f.value));
  }

  // ---- helpers -----------------------------------------------------------------------------

  private expectClose(close: string, purpose: string, commaAllowed = false, sliceAllowed = false): Token {
    if (this.isPunct(close)) return this.advance();
    const expected = [...(sliceAllowed ? ["'..'"] : []), ...(commaAllowed ? ["','"] : []), `'${close}'`];
    const words = expected.length === 1 ? expected[0] : `${expected.slice(0, -1).join(', ')} or ${expected[expected.length - 1]}`;
    return this.fail(this.token.start, `expected ${words} ${purpose}, found ${describe(this.token)}`, expected);
  }

  private binary(op: BinaryOperator, opToken: Token, left: PolicyExpr, right: PolicyExpr): PolicyExpr {
    return this.make({ kind: 'binary', op, opStart: opToken.start, left, right, start: left.start, end: right.end }, left, right);
  }

  private make(node: PolicyExpr, ...children: PolicyExpr[]): PolicyExpr {
    let height = 1;
    for (const c of children) height = Math.max(height, (this.heights.get(c) ?? 1) + 1);
    if (height > MAX_EXPRESSION_DEPTH) {
      this.fail(
        node.start,
        `the expression is nested too deeply (more than ${MAX_EXPRESSION_DEPTH} levels); split it into several policies`,
        ['a shorter expression'],
      );
    }
    this.heights.set(node, height);
    return node;
  }

  private enter(): void {
    if (++this.nesting > MAX_NESTING) {
      this.fail(
        this.token.start,
        `the expression is nested too deeply (more than ${MAX_NESTING} levels of brackets); split it into several policies`,
        ['a shorter expression'],
      );
    }
  }

  private isPunct(text: string): boolean {
    return this.token.kind === 'punct' && this.token.text === text;
  }

  private isComparison(): boolean {
    return (this.token.kind === 'punct' && COMPARISONS.has(this.token.text)) || (this.token.kind === 'ident' && this.token.text === 'in');
  }

  private advance(): Token {
    const t = this.token;
    this.previous = t;
    this.token = this.lexer.next();
    return t;
  }

  private label(offset: number): string {
    const p = positionAt(this.source, offset);
    return `${p.line}:${p.column}`;
  }

  private fail(offset: number, reason: string, expected: string[]): never {
    throw new PolicySyntaxError(this.source, offset, reason, expected);
  }
}

const WORD_OPERATORS = new Map([
  ['and', '&&'],
  ['or', '||'],
  ['not', '!'],
  ['AND', '&&'],
  ['OR', '||'],
  ['NOT', '!'],
]);

/** How a token is named in messages: quoted text, or "the end of the input". */
export function describe(t: Token): string {
  if (t.kind === 'eof') return 'the end of the input';
  if (t.kind === 'string') return `the string ${t.text.length > 32 ? `${t.text.slice(0, 29)}...'` : t.text}`;
  if (t.kind === 'int') return `the number ${t.text.length > 24 ? `${t.text.slice(0, 21)}...` : t.text}`;
  return `'${t.text}'`;
}
