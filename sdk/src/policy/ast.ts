// The syntax tree of a policy expression (docs/service-behaviour.md#policy-language). Every node records the source
// offsets it spans (`start` inclusive, `end` exclusive) so diagnostics can point at it;
// compare trees with `withoutPositions` when positions do not matter.

/** 0-based `offset` into the source (UTF-16 code units), 1-based `line` and `column`. */
export interface PolicyPosition {
  offset: number;
  line: number;
  column: number;
}

interface Span {
  start: number;
  end: number;
}

export type ComparisonOperator = '==' | '!=' | '<' | '>' | '<=' | '>=';
export type BinaryOperator = '&&' | '||' | ComparisonOperator | 'in';

export interface BoolLiteral extends Span {
  kind: 'bool';
  value: boolean;
}
/** Integers are i128 or u256 in the service; bigint holds both exactly. */
export interface IntLiteral extends Span {
  kind: 'int';
  value: bigint;
}
export interface StringLiteral extends Span {
  kind: 'string';
  value: string;
}
export interface ListLiteral extends Span {
  kind: 'list';
  items: PolicyExpr[];
}
/** `{ id: 'abc', n: 1 }` — the struct literal of the language's type table. */
export interface StructLiteral extends Span {
  kind: 'struct';
  fields: { name: string; value: PolicyExpr }[];
}
/** A keyword root (`activity`, `approvers`, `time`, …) or a name bound by `any/all/filter`. */
export interface Identifier extends Span {
  kind: 'ident';
  name: string;
}
/** `target.name`; `nameStart` is where the field name begins. */
export interface FieldAccess extends Span {
  kind: 'field';
  target: PolicyExpr;
  name: string;
  nameStart: number;
}
/** `target[index]` on lists, strings and maps. */
export interface IndexAccess extends Span {
  kind: 'index';
  target: PolicyExpr;
  index: PolicyExpr;
}
/** `target[from..to]`, end exclusive; either bound may be omitted. */
export interface SliceAccess extends Span {
  kind: 'slice';
  target: PolicyExpr;
  from: PolicyExpr | null;
  to: PolicyExpr | null;
}
/** `target.name(args)`: the list methods any, all, filter, count, contains. */
export interface MethodCall extends Span {
  kind: 'method';
  target: PolicyExpr;
  name: string;
  nameStart: number;
  args: PolicyExpr[];
}
/** `name(args)`: the functions Timestamp and CronSpan. */
export interface FunctionCall extends Span {
  kind: 'call';
  name: string;
  args: PolicyExpr[];
}
export interface Not extends Span {
  kind: 'not';
  operand: PolicyExpr;
}
/** `opStart` is where the operator begins. */
export interface Binary extends Span {
  kind: 'binary';
  op: BinaryOperator;
  opStart: number;
  left: PolicyExpr;
  right: PolicyExpr;
}

export type PolicyExpr =
  | BoolLiteral
  | IntLiteral
  | StringLiteral
  | ListLiteral
  | StructLiteral
  | Identifier
  | FieldAccess
  | IndexAccess
  | SliceAccess
  | MethodCall
  | FunctionCall
  | Not
  | Binary;

const POSITION_KEYS = new Set(['start', 'end', 'nameStart', 'opStart']);

/** A copy of the tree without source offsets, for comparing trees parsed from different text. */
export function withoutPositions(expr: PolicyExpr): unknown {
  return strip(expr);
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (!POSITION_KEYS.has(key)) out[key] = strip(inner);
    }
    return out;
  }
  return value;
}

/** Line and column (both 1-based) of a source offset; `\r\n`, `\n` and `\r` end lines. */
export function positionAt(source: string, offset: number): PolicyPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < source.length; i++) {
    const ch = source.charCodeAt(i);
    if (ch === 10 || (ch === 13 && source.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset, line, column: offset - lineStart + 1 };
}
