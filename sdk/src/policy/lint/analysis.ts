// What the lint rules read off a parsed expression: its conjuncts, the keyword path a node names, the literals a
// field is compared with, the activity types a condition can match, constant parts (decided by the evaluator itself)
// and the smallest number of approvers a consensus needs.
import type { PolicyExpr } from '../ast';
import { ACTIVITY_TYPES, activityKindOf, resourceAndActionOf } from '../activity';
import { evaluatePolicyExpression } from '../evaluate-policies';
import { PolicyError } from '../errors';
import { parsePolicyExpression } from '../parser';
import { printPolicyExpression } from '../printer';

/** The parsed expression, or undefined when it is empty or does not parse (the checker reports that). */
export function parsed(source: string | undefined): PolicyExpr | undefined {
  if (source === undefined || source.trim() === '') return undefined;
  try {
    return parsePolicyExpression(source);
  } catch (e) {
    if (e instanceof PolicyError) return undefined;
    throw e;
  }
}

export function conjuncts(e: PolicyExpr): PolicyExpr[] {
  return e.kind === 'binary' && e.op === '&&' ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
}

/** The keyword path a node names (`activity.type`, `eth.tx.to`, `activity.params.user_id`), or undefined. */
export function pathOf(e: PolicyExpr): string | undefined {
  if (e.kind === 'ident') return e.name;
  if (e.kind === 'field') {
    const base = pathOf(e.target);
    return base === undefined ? undefined : `${base}.${e.name}`;
  }
  if (e.kind === 'index' && e.index.kind === 'string') {
    const base = pathOf(e.target);
    return base === undefined ? undefined : `${base}.${e.index.value}`;
  }
  return undefined;
}

/** A comparison of a keyword path with literals: `p == 'a'`, `'a' == p`, `p != 'a'`, `p in ['a', 'b']`, `!(p == 'a')`. */
export interface Comparison {
  path: string;
  /** `eq`: the path is one of `values`; `ne`: it is none of them */
  kind: 'eq' | 'ne';
  values: Array<string | bigint | boolean>;
  /** where the first literal starts */
  offset: number;
}

type Literal = string | bigint | boolean;

function literal(e: PolicyExpr): Literal | undefined {
  return e.kind === 'string' || e.kind === 'int' || e.kind === 'bool' ? e.value : undefined;
}

export function comparisonOf(e: PolicyExpr): Comparison | undefined {
  if (e.kind === 'not') {
    const inner = comparisonOf(e.operand);
    return inner === undefined ? undefined : { ...inner, kind: inner.kind === 'eq' ? 'ne' : 'eq' };
  }
  if (e.kind !== 'binary') return undefined;
  if (e.op === '==' || e.op === '!=') {
    const kind = e.op === '==' ? 'eq' : 'ne';
    const leftPath = pathOf(e.left);
    const rightValue = literal(e.right);
    if (leftPath !== undefined && rightValue !== undefined) return { path: leftPath, kind, values: [rightValue], offset: e.right.start };
    const rightPath = pathOf(e.right);
    const leftValue = literal(e.left);
    if (rightPath !== undefined && leftValue !== undefined) return { path: rightPath, kind, values: [leftValue], offset: e.left.start };
    return undefined;
  }
  if (e.op === 'in' && e.right.kind === 'list') {
    const path = pathOf(e.left);
    const values = e.right.items.map(literal);
    if (path === undefined || values.some((v) => v === undefined)) return undefined;
    return { path, kind: 'eq', values: values as Literal[], offset: e.right.start };
  }
  return undefined;
}

const ACTIVITY_FIELDS = ['activity.type', 'activity.kind', 'activity.resource', 'activity.action'];

function activityValue(type: string, field: string): string | undefined {
  if (field === 'activity.type') return type;
  if (field === 'activity.kind') return activityKindOf(type);
  const pair = resourceAndActionOf(type);
  return field === 'activity.resource' ? pair?.resource : pair?.action;
}

/**
 * The activity types a conjunction of comparisons can match: every type when it says nothing of
 * `activity.type/kind/resource/action`. `restricted` tells whether it said anything.
 */
export function activityTypesOf(condition: PolicyExpr | undefined): { types: string[]; restricted: boolean } {
  const comparisons = condition === undefined ? [] : conjuncts(condition).map(comparisonOf);
  const relevant = comparisons.filter((c): c is Comparison => c !== undefined && ACTIVITY_FIELDS.includes(c.path));
  const types = ACTIVITY_TYPES.filter((type) =>
    relevant.every((c) => {
      const value = activityValue(type, c.path);
      const listed = value !== undefined && c.values.includes(value);
      return c.kind === 'eq' ? listed : !listed;
    }),
  );
  return { types, restricted: relevant.length > 0 };
}

function readsKeyword(e: PolicyExpr): boolean {
  switch (e.kind) {
    case 'ident':
      return true;
    case 'bool':
    case 'int':
    case 'string':
      return false;
    case 'list':
      return e.items.some(readsKeyword);
    case 'struct':
      return e.fields.some((f) => readsKeyword(f.value));
    case 'field':
      return readsKeyword(e.target);
    case 'index':
      return readsKeyword(e.target) || readsKeyword(e.index);
    case 'slice':
      return [e.target, e.from, e.to].some((x) => x !== null && readsKeyword(x));
    case 'method':
    case 'call':
      return true;
    case 'not':
      return readsKeyword(e.operand);
    case 'binary':
      return readsKeyword(e.left) || readsKeyword(e.right);
  }
}

const NO_CONTEXT = { activity: { type: 'ACTIVITY_TYPE_UNSPECIFIED' }, approvers: [], now: 0 };

/**
 * The value of a condition that is the same for every request: a part reading no keyword is decided by the
 * evaluator, and `&&`, `||`, `!` fold around such parts. Undefined when it depends on the request.
 */
export function constantValue(e: PolicyExpr): boolean | undefined {
  if (e.kind === 'binary' && (e.op === '&&' || e.op === '||')) {
    const l = constantValue(e.left);
    const r = constantValue(e.right);
    if (e.op === '&&') return l === false || r === false ? false : l === true && r === true ? true : undefined;
    return l === true || r === true ? true : l === false && r === false ? false : undefined;
  }
  if (e.kind === 'not') {
    const inner = constantValue(e.operand);
    return inner === undefined ? undefined : !inner;
  }
  if (readsKeyword(e)) return undefined;
  try {
    return evaluatePolicyExpression(printPolicyExpression(e), 'condition', NO_CONTEXT);
  } catch (error) {
    if (error instanceof PolicyError) return undefined;
    throw error;
  }
}

/**
 * The fewest approvers that can satisfy a consensus expression (0 when it has none): `any`/`all` need one,
 * `filter(…).count() >= n` and `count() >= n` need n, `&&` the larger side, `||` the smaller.
 */
export function minimumApprovers(e: PolicyExpr | undefined): number {
  if (e === undefined) return 0;
  if (e.kind === 'binary' && e.op === '&&') return Math.max(minimumApprovers(e.left), minimumApprovers(e.right));
  if (e.kind === 'binary' && e.op === '||') return Math.min(minimumApprovers(e.left), minimumApprovers(e.right));
  if (e.kind === 'binary' && (e.op === '>=' || e.op === '>' || e.op === '==') && e.left.kind === 'method' && e.left.name === 'count') {
    const n = e.right.kind === 'int' ? Number(e.right.value) : 1;
    return Math.max(1, e.op === '>' ? n + 1 : n);
  }
  const constant = constantValue(e);
  return constant === true ? 0 : 1;
}

/** Canonical text of a node, for comparing conjuncts of different policies. */
export function canonical(e: PolicyExpr): string {
  return printPolicyExpression(e);
}
