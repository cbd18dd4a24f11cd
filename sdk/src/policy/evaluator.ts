// Evaluates one parsed expression against a context (docs/service-behaviour.md#policy-language). As in the service, nothing
// short-circuits: both sides of && and ||, and the predicate on every list item, are evaluated, so
// an error anywhere makes the whole expression an error.
import { samePolicyText } from './addresses';
import type { Binary, FunctionCall, MethodCall, PolicyExpr } from './ast';
import type { CronSchedule } from './cron';
import { cronSpanActive } from './cron-span';
import { PolicyEvaluationError } from './errors';
import { ARGUMENT_ROLES, validateLiteral } from './literals';
import { printPolicyExpression } from './printer';
import {
  type PolicyExpressionKind,
  type PolicyFunctionName,
  binderMessage,
  functionArityMessage,
  kindOfRoot,
  methodArityMessage,
} from './schema';
import { PolicyTimestamp, type Value, kindOf, ownField, toValue } from './values';

export interface EvaluationEnvironment {
  /** The keywords available to this kind of expression, already normalized. */
  roots: ReadonlyMap<string, unknown>;
  kind: PolicyExpressionKind;
  nowMs: number;
}

const NOUN: Record<PolicyExpressionKind, string> = {
  condition: 'a condition',
  consensus: 'a consensus expression',
  time: 'a time expression',
  scope: 'a scope',
};

/** Evaluates to a bool or throws PolicyEvaluationError (with the position of the failing part). */
export function evaluateParsed(expr: PolicyExpr, source: string, env: EvaluationEnvironment): boolean {
  const result = new Evaluator(source, env).eval(expr, new Map());
  if (typeof result !== 'boolean') {
    throw new PolicyEvaluationError(
      source,
      expr.start,
      `${NOUN[env.kind]} must evaluate to a bool, but this one evaluated to ${kindOf(result)}`,
    );
  }
  return result;
}

type Scope = ReadonlyMap<string, Value>;

class Evaluator {
  constructor(
    private readonly source: string,
    private readonly env: EvaluationEnvironment,
  ) {}

  private fail(offset: number, reason: string, missing?: string): never {
    throw new PolicyEvaluationError(this.source, offset, reason, missing);
  }

  /** Converts a raw value read at `path` (the expression text naming it, built only on error). */
  private read(raw: unknown, path: () => string, offset: number): Value {
    const converted = toValue(raw);
    if (converted.ok) return converted.value;
    if (converted.missing) {
      const missing = path();
      return this.fail(offset, `missing field: ${missing}`, missing);
    }
    return this.fail(offset, `${path()} ${converted.reason}`);
  }

  eval(e: PolicyExpr, scope: Scope): Value {
    switch (e.kind) {
      case 'bool':
      case 'int':
      case 'string':
        return e.value;
      case 'list':
        return e.items.map((item) => this.eval(item, scope));
      case 'struct':
        return Object.fromEntries(e.fields.map((f) => [f.name, this.eval(f.value, scope)]));
      case 'ident':
        return this.identifier(e.name, e.start, scope);
      case 'field': {
        const target = this.eval(e.target, scope);
        const path = (): string => `${printPolicyExpression(e.target)}.${e.name}`;
        if (kindOf(target) !== 'struct') this.fail(e.nameStart, `cannot read field '${e.name}' of a value of type ${kindOf(target)}`);
        return this.read(ownField(target as Record<string, unknown>, e.name), path, e.nameStart);
      }
      case 'index':
        return this.index(e.target, e.index, scope);
      case 'slice':
        return this.slice(e.target, e.from, e.to, scope);
      case 'method':
        return this.method(e, scope);
      case 'call':
        return this.call(e, scope);
      case 'not': {
        const v = this.eval(e.operand, scope);
        if (typeof v !== 'boolean') this.fail(e.operand.start, `'!' needs a bool operand, not ${kindOf(v)}`);
        return !v;
      }
      case 'binary':
        return this.binary(e, scope);
    }
  }

  private identifier(name: string, offset: number, scope: Scope): Value {
    const bound = scope.get(name);
    if (bound !== undefined) return bound;
    if (this.env.roots.has(name)) return this.read(this.env.roots.get(name), () => name, offset);
    const home = kindOfRoot(name);
    // Every keyword of this kind is in `roots` (possibly undefined), so this one belongs elsewhere.
    if (home) this.fail(offset, `'${name}' is only available in ${home} expressions`);
    return this.fail(offset, `unknown name '${name}'`);
  }

  private int(e: PolicyExpr, scope: Scope, what: string): bigint {
    const v = this.eval(e, scope);
    if (typeof v !== 'bigint') this.fail(e.start, `${what} must be an int, not ${kindOf(v)}`);
    return v;
  }

  private index(targetExpr: PolicyExpr, indexExpr: PolicyExpr, scope: Scope): Value {
    const target = this.eval(targetExpr, scope);
    const path = (): string => printPolicyExpression(targetExpr);
    if (Array.isArray(target) || typeof target === 'string') {
      const items: readonly unknown[] = typeof target === 'string' ? Array.from(target) : target;
      const what = typeof target === 'string' ? 'a string of length' : 'a list of';
      const i = this.int(indexExpr, scope, typeof target === 'string' ? 'a string index' : 'a list index');
      if (i < 0n || i >= BigInt(items.length)) {
        this.fail(
          indexExpr.start,
          `index ${i} is out of range for ${what} ${items.length}${typeof target === 'string' ? '' : ' items'} (${path()})`,
        );
      }
      return this.read(items[Number(i)], () => `${path()}[${i}]`, indexExpr.start);
    }
    if (kindOf(target) === 'struct') {
      const key = this.eval(indexExpr, scope);
      if (typeof key !== 'string') this.fail(indexExpr.start, `a map key must be a string, not ${kindOf(key)}`);
      const raw = ownField(target as Record<string, unknown>, key);
      if (raw === undefined || raw === null) this.fail(indexExpr.start, `missing key '${key}' in ${path()}`, `${path()}['${key}']`);
      return this.read(raw, () => `${path()}['${key}']`, indexExpr.start);
    }
    this.eval(indexExpr, scope);
    return this.fail(indexExpr.start, `cannot index a value of type ${kindOf(target)}`);
  }

  private slice(targetExpr: PolicyExpr, fromExpr: PolicyExpr | null, toExpr: PolicyExpr | null, scope: Scope): Value {
    const target = this.eval(targetExpr, scope);
    const from = fromExpr ? this.int(fromExpr, scope, 'a slice bound') : 0n;
    const to = toExpr ? this.int(toExpr, scope, 'a slice bound') : undefined;
    const at = (fromExpr ?? toExpr ?? targetExpr).start;
    if (!Array.isArray(target) && typeof target !== 'string') {
      return this.fail(at, `cannot slice a value of type ${kindOf(target)}; only lists and strings can be sliced`);
    }
    const items: readonly unknown[] = typeof target === 'string' ? Array.from(target) : target;
    const end = to ?? BigInt(items.length);
    if (from > end) this.fail(at, `the slice ${from}..${end} goes backwards`);
    if (from < 0n || end > BigInt(items.length)) {
      const what = typeof target === 'string' ? `a string of length ${items.length}` : `a list of ${items.length} items`;
      this.fail(at, `the slice ${from}..${end} is out of range for ${what} (${printPolicyExpression(targetExpr)})`);
    }
    const part = items.slice(Number(from), Number(end));
    return typeof target === 'string' ? part.join('') : part;
  }

  private method(e: MethodCall, scope: Scope): Value {
    const target = this.eval(e.target, scope);
    if (!Array.isArray(target)) {
      return this.fail(e.nameStart, `'${e.name}' is a list method, but this is a value of type ${kindOf(target)}`);
    }
    const item = (i: number): Value => this.read(target[i], () => `${printPolicyExpression(e.target)}[${i}]`, e.nameStart);
    switch (e.name) {
      case 'count':
        if (e.args.length !== 0) this.fail(e.nameStart, methodArityMessage('count'));
        return BigInt(target.length);
      case 'contains': {
        const [arg] = e.args;
        if (e.args.length !== 1 || !arg) return this.fail(e.nameStart, methodArityMessage('contains'));
        const wanted = this.eval(arg, scope);
        let found = false;
        for (let i = 0; i < target.length; i++) found = this.equal(item(i), wanted, arg.start) || found;
        return found;
      }
      case 'any':
      case 'all':
      case 'filter': {
        const [binder, predicate] = e.args;
        if (e.args.length !== 2 || !binder || !predicate) return this.fail(e.nameStart, methodArityMessage(e.name));
        if (binder.kind !== 'ident') return this.fail(binder.start, binderMessage(e.name));
        const results: boolean[] = [];
        for (let i = 0; i < target.length; i++) {
          const inner = new Map(scope).set(binder.name, item(i));
          const r = this.eval(predicate, inner);
          if (typeof r !== 'boolean') this.fail(predicate.start, `the predicate of ${e.name}() must be a bool, not ${kindOf(r)}`);
          results.push(r);
        }
        if (e.name === 'any') return results.includes(true);
        if (e.name === 'all') return !results.includes(false);
        return (target as readonly unknown[]).filter((_, i) => results[i]);
      }
      default:
        return this.fail(e.nameStart, `unknown method '${e.name}'`);
    }
  }

  private call(e: FunctionCall, scope: Scope): Value {
    const roles = Object.hasOwn(ARGUMENT_ROLES, e.name) ? ARGUMENT_ROLES[e.name] : undefined;
    if (!roles) return this.fail(e.start, `unknown function '${e.name}'`);
    if (this.env.kind !== 'time') this.fail(e.start, `'${e.name}' is only available in time expressions`);
    if (e.args.length !== roles.length) this.fail(e.start, functionArityMessage(e.name as PolicyFunctionName));
    const values = e.args.map((arg, i) => {
      const v = this.eval(arg, scope);
      if (typeof v !== 'string') this.fail(arg.start, `argument ${i + 1} of ${e.name}() must be a string, not ${kindOf(v)}`);
      const checked = validateLiteral(roles[i] ?? 'timestamp', v);
      if (!checked.ok) this.fail(arg.start, checked.reason);
      return checked.value;
    });
    if (e.name === 'Timestamp') return new PolicyTimestamp(values[0] as bigint);
    return cronSpanActive(values[0] as CronSchedule, values[1] as number, values[2] as string, this.env.nowMs);
  }

  private binary(e: Binary, scope: Scope): Value {
    // Both sides first, always: the service does not short-circuit (docs/service-behaviour.md#policy-language notes).
    const left = this.eval(e.left, scope);
    const right = this.eval(e.right, scope);
    switch (e.op) {
      case '&&':
      case '||':
        for (const [side, v, node] of [
          ['left', left, e.left],
          ['right', right, e.right],
        ] as const) {
          if (typeof v !== 'boolean') this.fail(node.start, `'${e.op}' needs bool operands, but the ${side} side is of type ${kindOf(v)}`);
        }
        return e.op === '&&' ? left === true && right === true : left === true || right === true;
      case '==':
        return this.equal(left, right, e.opStart);
      case '!=':
        return !this.equal(left, right, e.opStart);
      case 'in': {
        if (!Array.isArray(right)) return this.fail(e.right.start, `the right side of 'in' must be a list, not ${kindOf(right)}`);
        let found = false;
        for (let i = 0; i < right.length; i++) {
          found =
            this.equal(
              left,
              this.read(right[i], () => `${printPolicyExpression(e.right)}[${i}]`, e.right.start),
              e.opStart,
            ) || found;
        }
        return found;
      }
      default:
        return this.order(e.op, left, right, e.opStart);
    }
  }

  private equal(a: Value, b: Value, offset: number): boolean {
    const ka = kindOf(a);
    const kb = kindOf(b);
    if (ka !== kb) this.fail(offset, `cannot compare ${ka} with ${kb}`);
    if (a instanceof PolicyTimestamp) return a.nanos === (b as PolicyTimestamp).nanos;
    if (Array.isArray(a)) {
      const bl = b as readonly unknown[];
      if (a.length !== bl.length) return false;
      let same = true;
      for (let i = 0; i < a.length; i++)
        same =
          this.equal(
            this.read(a[i], () => `[${i}]`, offset),
            this.read(bl[i], () => `[${i}]`, offset),
            offset,
          ) && same;
      return same;
    }
    if (ka === 'struct') {
      const ao = a as Record<string, unknown>;
      const bo = b as Record<string, unknown>;
      const keys = Object.keys(ao).filter((k) => ao[k] !== undefined);
      if (keys.length !== Object.keys(bo).filter((k) => bo[k] !== undefined).length) return false;
      let same = true;
      for (const k of keys) {
        if (ownField(bo, k) === undefined) return false;
        same =
          this.equal(
            this.read(ao[k], () => k, offset),
            this.read(bo[k], () => k, offset),
            offset,
          ) && same;
      }
      return same;
    }
    if (typeof a === 'string') return samePolicyText(a, b as string);
    return a === b;
  }

  private order(op: string, a: Value, b: Value, offset: number): boolean {
    const ka = kindOf(a);
    const kb = kindOf(b);
    if (ka !== kb) this.fail(offset, `cannot compare ${ka} with ${kb}`);
    let x: bigint;
    let y: bigint;
    if (typeof a === 'bigint') {
      x = a;
      y = b as bigint;
    } else if (a instanceof PolicyTimestamp) {
      x = a.nanos;
      y = (b as PolicyTimestamp).nanos;
    } else {
      const hint = ka === 'string' ? '; compare strings with == or !=' : '';
      return this.fail(offset, `'${op}' orders ints and timestamps only, not ${ka}${hint}`);
    }
    switch (op) {
      case '<':
        return x < y;
      case '>':
        return x > y;
      case '<=':
        return x <= y;
      default:
        return x >= y;
    }
  }
}
