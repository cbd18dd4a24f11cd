// A condition or consensus in disjunctive normal form: an OR of ANDs of literals, each literal a part that is not
// `&&`, `||` or `!` (a comparison, an `in`, a method call, a keyword), possibly negated. The lint rules judge each
// disjunct — one way the expression can be true — on its own, so `A || B` is read as two grants and `x in [a, b]`
// means the same as `x == a || x == b` (docs/policy-lint.md#how-the-linter-reads-a-condition).
//
// Negation is pushed to the literals (De Morgan); parts that read no keyword are decided by the evaluator and
// folded away. The form can grow exponentially (`(a || b) && (c || d) && …`), so it is built up to a bound and
// given up beyond it: then the rules that need it say nothing about that expression.
import type { PolicyExpr } from '../ast';
import { constantValue } from './constant';

/** One part of a disjunct: `atom` when `positive`, `!atom` otherwise. */
export interface Literal {
  atom: PolicyExpr;
  positive: boolean;
}

/** One way the expression can be true: all its literals hold. An empty disjunct is always true. */
export type Disjunct = readonly Literal[];

/** The most disjuncts an expression is expanded to; beyond it the rules leave the expression alone. */
export const DISJUNCT_BOUND = 256;

class TooLarge extends Error {}

/**
 * The disjunctive normal form of `e`, or undefined when it has more than `bound` disjuncts. `[]` is never true (e.g.
 * `false`, `1 == 2`); a form with an empty disjunct is always true.
 */
export function disjunctiveNormalForm(e: PolicyExpr, bound = DISJUNCT_BOUND): Disjunct[] | undefined {
  try {
    return normal(e, true, bound);
  } catch (error) {
    if (error instanceof TooLarge) return undefined;
    throw error;
  }
}

function normal(e: PolicyExpr, positive: boolean, bound: number): Disjunct[] {
  if (e.kind === 'not') return normal(e.operand, !positive, bound);
  if (e.kind === 'binary' && (e.op === '&&' || e.op === '||')) {
    const left = normal(e.left, positive, bound);
    const right = normal(e.right, positive, bound);
    // !(a && b) is !a || !b; !(a || b) is !a && !b
    const conjunction = (e.op === '&&') === positive;
    return conjunction ? product(left, right, bound) : union(left, right, bound);
  }
  const constant = constantValue(e);
  if (constant !== undefined) return constant === positive ? [[]] : [];
  return [[{ atom: e, positive }]];
}

function union(a: Disjunct[], b: Disjunct[], bound: number): Disjunct[] {
  if (a.length + b.length > bound) throw new TooLarge();
  return [...a, ...b];
}

function product(a: Disjunct[], b: Disjunct[], bound: number): Disjunct[] {
  if (a.length * b.length > bound) throw new TooLarge();
  return a.flatMap((x) => b.map((y) => [...x, ...y]));
}
