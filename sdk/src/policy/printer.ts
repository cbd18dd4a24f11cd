// Canonical text of a policy expression: single spaces around binary operators, ", " between
// items, parentheses only where precedence needs them, strings single-quoted with escapes.
// parsePolicyExpression(printPolicyExpression(e)) rebuilds e (positions aside; property-tested).
import type { PolicyExpr } from './ast';

// Binding strength, loosest first (see parser.ts).
const OR = 1;
const AND = 2;
const COMPARE = 3;
const UNARY = 4;
const POSTFIX = 5;

export function printPolicyExpression(expr: PolicyExpr): string {
  return print(expr);
}

function precedence(e: PolicyExpr): number {
  if (e.kind === 'binary') return e.op === '||' ? OR : e.op === '&&' ? AND : COMPARE;
  if (e.kind === 'not') return UNARY;
  return POSTFIX;
}

function print(e: PolicyExpr): string {
  switch (e.kind) {
    case 'bool':
      return e.value ? 'true' : 'false';
    case 'int':
      return e.value.toString();
    case 'string':
      return quote(e.value);
    case 'list':
      return `[${e.items.map(print).join(', ')}]`;
    case 'struct':
      return `{${e.fields.map((f) => `${f.name}: ${print(f.value)}`).join(', ')}}`;
    case 'ident':
      return e.name;
    case 'field':
      return `${operand(e.target, POSTFIX)}.${e.name}`;
    case 'index':
      return `${operand(e.target, POSTFIX)}[${print(e.index)}]`;
    case 'slice':
      return `${operand(e.target, POSTFIX)}[${e.from ? print(e.from) : ''}..${e.to ? print(e.to) : ''}]`;
    case 'method':
      return `${operand(e.target, POSTFIX)}.${e.name}(${e.args.map(print).join(', ')})`;
    case 'call':
      return `${e.name}(${e.args.map(print).join(', ')})`;
    case 'not':
      return `!${operand(e.operand, UNARY)}`;
    case 'binary': {
      const p = precedence(e);
      // || and && are left-associative; comparisons do not chain, so both sides need a tighter operand.
      const left = operand(e.left, p === COMPARE ? p + 1 : p);
      const right = operand(e.right, p + 1);
      return `${left} ${e.op} ${right}`;
    }
  }
}

function operand(e: PolicyExpr, minimum: number): string {
  const text = print(e);
  // A negative literal followed by a postfix is fine: '-5' lexes as one token.
  return precedence(e) < minimum ? `(${text})` : text;
}

const QUOTE_ESCAPES: Record<string, string> = { "'": "\\'", '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\0': '\\0' };

/** A string literal in the language's syntax: single quotes, backslash escapes. */
export function quote(value: string): string {
  let out = "'";
  for (const ch of value) {
    const escaped = QUOTE_ESCAPES[ch];
    if (escaped !== undefined) out += escaped;
    else {
      const code = ch.codePointAt(0) as number;
      out += code < 0x20 || code === 0x7f ? `\\u{${code.toString(16)}}` : ch;
    }
  }
  return `${out}'`;
}
