// Parts of an expression that are the same for every request: they read no keyword, so the evaluator itself decides
// them (`1 == 1`, `'a' in ['a']`), and `&&`, `||`, `!` fold around them.
import type { PolicyExpr } from '../ast';
import { evaluatePolicyExpression } from '../evaluate-policies';
import { PolicyError } from '../errors';
import { printPolicyExpression } from '../printer';

function readsKeyword(e: PolicyExpr): boolean {
  switch (e.kind) {
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
    case 'not':
      return readsKeyword(e.operand);
    case 'binary':
      return readsKeyword(e.left) || readsKeyword(e.right);
    case 'ident':
    case 'method':
    case 'call':
      return true;
  }
}

const NO_CONTEXT = { activity: { type: 'ACTIVITY_TYPE_UNSPECIFIED' }, approvers: [], now: 0 };

/**
 * The value of `e` when it is the same for every request: a part reading no keyword is decided by the evaluator, and
 * `&&`, `||`, `!` fold around such parts. Undefined when it depends on the request.
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

/** The first part of `e` (following `&&`, `||`, `!`) that is false for every request, for messages. */
export function firstFalsePart(e: PolicyExpr): PolicyExpr | undefined {
  if (e.kind === 'binary' && (e.op === '&&' || e.op === '||')) return firstFalsePart(e.left) ?? firstFalsePart(e.right);
  if (e.kind === 'not') return undefined;
  return constantValue(e) === false ? e : undefined;
}
