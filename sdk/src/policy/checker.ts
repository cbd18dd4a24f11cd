// Static checks of a policy expression against the keywords and struct fields of docs/service-behaviour.md#policy-language:
// unknown names and fields (with the closest valid one), type errors, keywords used in the wrong
// kind of expression, invalid activity.resource/action/type/kind values, bad Timestamp and
// CronSpan arguments, and a result that is not a bool. Syntax errors become diagnostics too.
import type { Binary, FunctionCall, MethodCall, PolicyExpr, PolicyPosition } from './ast';
import { positionAt } from './ast';
import { ARGUMENT_ROLES, validateLiteral } from './literals';
import { PolicyInputError, PolicySyntaxError, describeInput } from './errors';
import { parsePolicyExpression } from './parser';
import { printPolicyExpression } from './printer';
import {
  FUNCTIONS,
  METHOD_USAGE,
  type PolicyExpressionKind,
  type PolicyFunctionName,
  ROOTS,
  binderMessage,
  functionArityMessage,
  kindOfRoot,
  methodArityMessage,
} from './schema';
import { unknownControl } from './controls';
import { enumProblem } from './enums';
import { closestName } from './suggest';
import { ANY, BOOL, ERROR, INT, STRING, type PolicyType, compatible, fieldOf, isUnknown, listOf, typeName } from './types';

export interface PolicyDiagnostic {
  severity: 'error';
  /** What is wrong, for a policy author; no `line:column:` prefix (see `position`). */
  message: string;
  position: PolicyPosition;
  /** The closest valid name or value, when the message proposes one ("did you mean …?"). */
  suggestion?: string;
}

export const POLICY_EXPRESSION_KINDS: readonly PolicyExpressionKind[] = ['condition', 'consensus', 'time', 'scope'];

const KIND_NOUN: Record<PolicyExpressionKind, string> = {
  condition: 'a condition',
  consensus: 'a consensus expression',
  time: 'a time expression',
  scope: 'a scope',
};

// Names other languages use for the same methods.
const METHOD_SYNONYMS = new Map([
  ['size', 'count'],
  ['length', 'count'],
  ['len', 'count'],
  ['includes', 'contains'],
  ['has', 'contains'],
  ['some', 'any'],
  ['exists', 'any'],
  ['every', 'all'],
  ['where', 'filter'],
  ['select', 'filter'],
]);

export const LIST_METHODS = ['all', 'any', 'contains', 'count', 'filter'] as const;

/** What the checker may be told about the organization, to check names the language itself cannot know. */
export interface PolicyCheckOptions {
  /**
   * The identifiers of the velocity controls that exist or are planned: `controls.<identifier>` naming any other
   * is an error with the nearest one. Left out, any identifier is accepted.
   */
  velocityControls?: readonly string[];
}

/**
 * Checks one expression of the given kind; an empty array means it is valid. The empty string
 * is valid for every kind: the service treats an empty field like an absent one.
 * `scope` (session profiles) and MFA conditions follow the condition rules.
 */
export function checkPolicyExpression(source: string, kind: PolicyExpressionKind, options: PolicyCheckOptions = {}): PolicyDiagnostic[] {
  if (!POLICY_EXPRESSION_KINDS.includes(kind)) {
    throw new PolicyInputError(
      'kind',
      `must be one of ${POLICY_EXPRESSION_KINDS.map((k) => `'${k}'`).join(', ')}; got ${describeInput(kind)}`,
    );
  }
  if (typeof source !== 'string') {
    return [
      {
        severity: 'error',
        message: `expected the expression as a string, got ${source === null ? 'null' : typeof source}`,
        position: positionAt('', 0),
      },
    ];
  }
  if (source === '') return [];
  let expr: PolicyExpr;
  try {
    expr = parsePolicyExpression(source);
  } catch (error) {
    if (error instanceof PolicySyntaxError) return [{ severity: 'error', message: error.reason, position: error.position }];
    throw error;
  }
  const controls = options.velocityControls;
  if (controls !== undefined && (!Array.isArray(controls) || !controls.every((c) => typeof c === 'string'))) {
    throw new PolicyInputError('options.velocityControls', `must be an array of identifiers, got ${describeInput(controls)}`);
  }
  return new Checker(source, kind, controls).run(expr);
}

export type PolicyField = 'condition' | 'consensus' | 'time';

/** Checks the expressions of a policy; returns only the fields that have diagnostics. */
export function checkPolicy(
  policy: { condition?: string; consensus?: string; time?: string },
  options: PolicyCheckOptions = {},
): {
  field: PolicyField;
  diagnostics: PolicyDiagnostic[];
}[] {
  const out: { field: PolicyField; diagnostics: PolicyDiagnostic[] }[] = [];
  for (const field of ['condition', 'consensus', 'time'] as const) {
    const source = policy[field];
    if (source === undefined) continue;
    const diagnostics = checkPolicyExpression(source, field, options);
    if (diagnostics.length > 0) out.push({ field, diagnostics });
  }
  return out;
}

type Scope = ReadonlyMap<string, PolicyType>;

class Checker {
  private readonly diagnostics: PolicyDiagnostic[] = [];
  private readonly roots: Readonly<Record<string, PolicyType>>;

  constructor(
    private readonly source: string,
    private readonly kind: PolicyExpressionKind,
    private readonly velocityControls?: readonly string[],
  ) {
    this.roots = ROOTS[kind];
  }

  run(expr: PolicyExpr): PolicyDiagnostic[] {
    const t = this.infer(expr, new Map());
    if (t.k !== 'bool' && !isUnknown(t)) {
      this.report(
        expr.start,
        `${KIND_NOUN[this.kind]} must evaluate to a bool (true or false), but this expression is of type ${typeName(t)}`,
      );
    }
    return this.diagnostics.sort((a, b) => a.position.offset - b.position.offset);
  }

  private report(offset: number, message: string, suggestion?: string): void {
    if (this.diagnostics.some((d) => d.position.offset === offset && d.message === message)) return;
    const d: PolicyDiagnostic = { severity: 'error', message, position: positionAt(this.source, offset) };
    if (suggestion !== undefined) d.suggestion = suggestion;
    this.diagnostics.push(d);
  }

  private reportUnknown(offset: number, unknown: string, suggestion: string | undefined, fallback: string): void {
    if (suggestion !== undefined) this.report(offset, `${unknown}; did you mean '${suggestion}'?`, suggestion);
    else this.report(offset, `${unknown}; ${fallback}`);
  }

  private infer(e: PolicyExpr, scope: Scope): PolicyType {
    switch (e.kind) {
      case 'bool':
        return BOOL;
      case 'int':
        return INT;
      case 'string':
        return STRING;
      case 'list':
        return this.list(e.items, scope);
      case 'struct':
        return { k: 'struct', name: 'struct', fields: Object.fromEntries(e.fields.map((f) => [f.name, this.infer(f.value, scope)])) };
      case 'ident':
        return this.identifier(e.name, e.start, scope);
      case 'field':
        return this.field(this.infer(e.target, scope), e.name, e.nameStart);
      case 'index': {
        const key = e.index.kind === 'string' ? e.index.value : undefined;
        const t = this.index(this.infer(e.target, scope), this.infer(e.index, scope), e.index.start, key);
        this.position(e.index, 'an index');
        return t;
      }
      case 'slice':
        return this.slice(e.target, e.from, e.to, scope);
      case 'method':
        return this.method(e, scope);
      case 'call':
        return this.call(e, scope);
      case 'not': {
        const t = this.infer(e.operand, scope);
        if (t.k !== 'bool' && !isUnknown(t)) this.report(e.operand.start, `'!' needs a bool operand, not ${typeName(t)}`);
        return BOOL;
      }
      case 'binary':
        return this.binary(e, scope);
    }
  }

  private list(items: PolicyExpr[], scope: Scope): PolicyType {
    let first: PolicyType | undefined;
    for (const item of items) {
      const t = this.infer(item, scope);
      if (first === undefined || isUnknown(first)) first = t;
      else if (!compatible(first, t)) {
        this.report(item.start, `list items must all have the same type: this one is ${typeName(t)}, the first is ${typeName(first)}`);
      }
    }
    return listOf(first ?? ANY);
  }

  private identifier(name: string, offset: number, scope: Scope): PolicyType {
    const bound = scope.get(name);
    if (bound) return bound;
    if (Object.hasOwn(this.roots, name)) return this.roots[name] as PolicyType;
    const home = kindOfRoot(name);
    if (home) {
      this.report(offset, `'${name}' is only available in ${home} expressions`);
      return ERROR;
    }
    if (Object.hasOwn(FUNCTIONS, name)) {
      this.report(offset, `'${name}' is a function; call it like ${FUNCTIONS[name as keyof typeof FUNCTIONS].usage}`);
      return ERROR;
    }
    const names = [...scope.keys(), ...Object.keys(this.roots)];
    this.reportUnknown(
      offset,
      `unknown name '${name}'`,
      closestName(name, names),
      `the names available in ${KIND_NOUN[this.kind]} are ${names.join(', ')}`,
    );
    return ERROR;
  }

  private field(t: PolicyType, name: string, offset: number): PolicyType {
    switch (t.k) {
      case 'error':
        return ERROR;
      case 'any':
        return ANY;
      case 'map':
        this.mapKey(t, name, offset);
        return t.of ?? ANY;
      case 'struct': {
        const found = fieldOf(t, name);
        if (found) return found;
        const names = [...Object.keys(t.fields), ...Object.keys(t.aliases ?? {})];
        this.reportUnknown(
          offset,
          `unknown field '${name}' of ${t.name}`,
          closestName(name, names),
          `its fields are ${Object.keys(t.fields).join(', ')}`,
        );
        return ERROR;
      }
      case 'list':
        if (Object.hasOwn(METHOD_USAGE, name)) this.report(offset, `'${name}' is a list method; call it as ${METHOD_USAGE[name]}`);
        else
          this.report(
            offset,
            `cannot read field '${name}' of a list (${typeName(t)}); use an index like [0] or a method like .any(item, predicate)`,
          );
        return ERROR;
      default:
        this.report(offset, `cannot read field '${name}' of a value of type ${typeName(t)}`);
        return ERROR;
    }
  }

  /** A key of a map whose valid keys the checker was told (`controls.<identifier>`). */
  private mapKey(t: PolicyType & { k: 'map' }, key: string, offset: number): void {
    if (t.keys !== 'velocityControl' || this.velocityControls === undefined || this.velocityControls.includes(key)) return;
    const { message, suggestion } = unknownControl(key, this.velocityControls);
    this.report(offset, message, suggestion);
  }

  private index(t: PolicyType, it: PolicyType, offset: number, key?: string): PolicyType {
    const needs = (want: 'int' | 'string', what: string): void => {
      if (it.k !== want && !isUnknown(it))
        this.report(offset, `${what} must be ${want === 'int' ? 'an int' : 'a string'}, not ${typeName(it)}`);
    };
    switch (t.k) {
      case 'error':
      case 'any':
        return t.k === 'error' ? ERROR : ANY;
      case 'list':
        needs('int', 'a list index');
        return t.of;
      case 'string':
        needs('int', 'a string index');
        return STRING;
      case 'map':
        needs('string', 'a map key');
        if (key !== undefined) this.mapKey(t, key, offset);
        return t.of ?? ANY;
      case 'struct':
        this.report(
          offset,
          `cannot index ${t.name} with [ ]; read a field with a dot instead, e.g. .${Object.keys(t.fields)[0] ?? 'field'}`,
        );
        return ERROR;
      default:
        this.report(offset, `cannot index a value of type ${typeName(t)}`);
        return ERROR;
    }
  }

  private slice(target: PolicyExpr, from: PolicyExpr | null, to: PolicyExpr | null, scope: Scope): PolicyType {
    const t = this.infer(target, scope);
    for (const bound of [from, to]) {
      if (!bound) continue;
      const bt = this.infer(bound, scope);
      if (bt.k !== 'int' && !isUnknown(bt)) this.report(bound.start, `a slice bound must be an int, not ${typeName(bt)}`);
      else this.position(bound, 'a slice bound');
    }
    if (t.k === 'list' || t.k === 'string' || isUnknown(t)) return t;
    this.report((from ?? to ?? target).start, `cannot slice a value of type ${typeName(t)}; only lists and strings can be sliced`);
    return ERROR;
  }

  private method(e: MethodCall, scope: Scope): PolicyType {
    const t = this.infer(e.target, scope);
    if (!Object.hasOwn(METHOD_USAGE, e.name)) {
      const suggestion = METHOD_SYNONYMS.get(e.name) ?? closestName(e.name, LIST_METHODS);
      this.reportUnknown(e.nameStart, `unknown method '${e.name}'`, suggestion, `the list methods are ${LIST_METHODS.join(', ')}`);
      return ERROR;
    }
    let element: PolicyType = ANY;
    if (t.k === 'list') element = t.of;
    else if (!isUnknown(t)) {
      this.report(e.nameStart, `'${e.name}' is a list method, but this is a value of type ${typeName(t)}`);
    }
    if (e.name === 'count') {
      if (e.args.length !== 0) this.report(e.nameStart, methodArityMessage('count'));
      return INT;
    }
    if (e.name === 'contains') {
      if (e.args.length !== 1) {
        this.report(e.nameStart, methodArityMessage('contains'));
        return BOOL;
      }
      const at = this.infer(e.args[0] as PolicyExpr, scope);
      if (!compatible(element, at)) this.report((e.args[0] as PolicyExpr).start, `cannot look for ${typeName(at)} in ${typeName(t)}`);
      return BOOL;
    }
    // all, any, filter: a name bound to each item, then a predicate over it.
    const [binder, predicate] = e.args;
    if (e.args.length !== 2 || !binder || !predicate) {
      this.report(e.nameStart, methodArityMessage(e.name));
      return e.name === 'filter' ? t : BOOL;
    }
    if (binder.kind !== 'ident') {
      this.report(binder.start, binderMessage(e.name));
      this.infer(predicate, scope);
    } else {
      const inner = new Map(scope);
      inner.set(binder.name, element);
      const pt = this.infer(predicate, inner);
      if (pt.k !== 'bool' && !isUnknown(pt))
        this.report(predicate.start, `the predicate of ${e.name}() must be a bool, not ${typeName(pt)}`);
    }
    return e.name === 'filter' ? (t.k === 'list' ? t : ERROR) : BOOL;
  }

  private call(e: FunctionCall, scope: Scope): PolicyType {
    if (!Object.hasOwn(FUNCTIONS, e.name)) {
      this.reportUnknown(
        e.start,
        `unknown function '${e.name}'`,
        closestName(e.name, Object.keys(FUNCTIONS)),
        'the functions are Timestamp and CronSpan',
      );
      for (const arg of e.args) this.infer(arg, scope);
      return ERROR;
    }
    const fn = FUNCTIONS[e.name as keyof typeof FUNCTIONS];
    if (this.kind !== 'time') this.report(e.start, `'${e.name}' is only available in time expressions`);
    const roles = ARGUMENT_ROLES[e.name] as readonly string[];
    if (e.args.length !== roles.length) {
      this.report(e.start, functionArityMessage(e.name as PolicyFunctionName));
      return fn.returns;
    }
    e.args.forEach((arg, i) => {
      const t = this.infer(arg, scope);
      if (t.k !== 'string' && !isUnknown(t))
        this.report(arg.start, `argument ${i + 1} of ${e.name}() must be a string (${fn.params[i]}), not ${typeName(t)}`);
      if (arg.kind === 'string') {
        const checked = validateLiteral(ARGUMENT_ROLES[e.name]?.[i] ?? 'timestamp', arg.value);
        if (!checked.ok) this.report(arg.start, checked.reason, suggestionIn(checked.reason));
      }
    });
    return fn.returns;
  }

  private binary(e: Binary, scope: Scope): PolicyType {
    const lt = this.infer(e.left, scope);
    const rt = this.infer(e.right, scope);
    switch (e.op) {
      case '&&':
      case '||':
        for (const [side, t, node] of [
          ['left', lt, e.left],
          ['right', rt, e.right],
        ] as const) {
          if (t.k !== 'bool' && !isUnknown(t))
            this.report(node.start, `'${e.op}' needs bool operands, but the ${side} side is of type ${typeName(t)}`);
        }
        return BOOL;
      case '==':
      case '!=':
        if (!compatible(lt, rt)) this.report(e.opStart, `cannot compare ${typeName(lt)} with ${typeName(rt)}`);
        else {
          this.enumLiteral(lt, e.right);
          this.enumLiteral(rt, e.left);
        }
        return BOOL;
      case 'in':
        if (e.right.kind === 'list' && e.right.items.length === 0) {
          // UNCONFIRMED (docs/service-behaviour.md#policy-language): `x in []` is never true.
          this.report(
            e.right.start,
            `'in []' is never true: an empty list holds no values; list the values to match, like ${inExample(e.left)}`,
          );
        } else if (rt.k === 'list') {
          if (!compatible(lt, rt.of)) this.report(e.opStart, `cannot look for ${typeName(lt)} in ${typeName(rt)}`);
          else if (e.right.kind === 'list') for (const item of e.right.items) this.enumLiteral(lt, item);
        } else if (!isUnknown(rt)) {
          this.report(e.right.start, `the right side of 'in' must be a list, not ${typeName(rt)}`);
        }
        return BOOL;
      default: {
        if (!compatible(lt, rt)) {
          this.report(e.opStart, `cannot compare ${typeName(lt)} with ${typeName(rt)}`);
          return BOOL;
        }
        const t = isUnknown(lt) ? rt : lt;
        if (!isUnknown(t) && t.k !== 'int' && t.k !== 'timestamp') {
          const hint = t.k === 'string' ? '; compare strings with == or !=' : '';
          this.report(e.opStart, `'${e.op}' orders ints and timestamps only, not ${typeName(t)}${hint}`);
        }
        return BOOL;
      }
    }
  }

  /**
   * A literal index or slice bound must be a position a list or string can have: 0 up to the
   * largest unsigned 64-bit integer. UNCONFIRMED (docs/service-behaviour.md#policy-language): the
   * docs type indexes only as int; anything outside that range can never select an item.
   */
  private position(bound: PolicyExpr, what: string): void {
    if (bound.kind !== 'int') return;
    if (bound.value < 0n) this.report(bound.start, `${what} cannot be negative: positions count from 0 (write [0] for the first item)`);
    else if (bound.value > MAX_POSITION)
      this.report(bound.start, `${what} of ${bound.value} is out of range: positions go from 0 to ${MAX_POSITION}`);
  }

  /** A string literal compared with activity.type/kind/resource/action must be one of its values. */
  private enumLiteral(t: PolicyType, literal: PolicyExpr): void {
    if (t.k !== 'string' || !t.enumOf || literal.kind !== 'string') return;
    const problem = enumProblem(t.enumOf, literal.value);
    if (problem) this.report(literal.start, problem.message, problem.suggestion);
  }
}

/** The largest position of a list or string item (an unsigned 64-bit index). */
const MAX_POSITION = (1n << 64n) - 1n;

function inExample(left: PolicyExpr): string {
  const field = printPolicyExpression(left);
  return field === 'activity.type'
    ? "activity.type in ['ACTIVITY_TYPE_CREATE_WALLET', 'ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS']"
    : `${field} in ['a', 'b']`;
}

function suggestionIn(reason: string): string | undefined {
  return /did you mean '([^']+)'\?$/.exec(reason)?.[1];
}
