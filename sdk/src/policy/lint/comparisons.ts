// What a literal of a normal form says about one keyword field: `eth.tx.to == 'a'`, `activity.action in [...]`,
// `eth.tx.value < 10`, `private_key.tags.contains('t')`, each possibly negated. Fields are named by path
// (`eth.tx.to`, `solana.tx.transfers[].to` for an item of a list, `secret.static_properties.kind` for a map key),
// with a name bound by `all`/`any`/`filter` standing for an item of its list and the language's older names
// (`solana.tx.account_keys`) read as the current ones.
import type { PolicyExpr } from '../ast';
import { SOLANA_TRANSACTION_ALIASES } from '../schema';
import type { Literal } from './normal-form';

/** Names bound by `all`/`any`/`filter` predicates, to the path of the list item they stand for. */
export type Binders = ReadonlyMap<string, string>;
export const NO_BINDERS: Binders = new Map();

const SOLANA_ALIAS = new RegExp(`^solana\\.tx\\.(${Object.keys(SOLANA_TRANSACTION_ALIASES).join('|')})(?=$|[.[])`);

function current(path: string): string {
  return path
    .replace(SOLANA_ALIAS, (_, alias: keyof typeof SOLANA_TRANSACTION_ALIASES) => `solana.tx.${SOLANA_TRANSACTION_ALIASES[alias]}`)
    .replace(/\.named_account(?=$|[.[])/, '.named_accounts');
}

/**
 * The field a node names (`activity.type`, `eth.tx.to`, `activity.params.user_id`, `solana.tx.transfers[].to`), or
 * undefined when it is not a keyword field. A slice is its own field (`eth.tx.data[..]`), and so is the length of a
 * list (`solana.tx.transfers.count()`).
 */
export function pathOf(e: PolicyExpr, binders: Binders = NO_BINDERS): string | undefined {
  const raw = rawPath(e, binders);
  return raw === undefined ? undefined : current(raw);
}

function rawPath(e: PolicyExpr, binders: Binders): string | undefined {
  if (e.kind === 'ident') return binders.get(e.name) ?? e.name;
  if (e.kind === 'method' && e.name === 'count' && e.args.length === 0) {
    const list = rawPath(e.target, binders);
    return list === undefined ? undefined : `${list}.count()`;
  }
  if (e.kind !== 'field' && e.kind !== 'index' && e.kind !== 'slice') return undefined;
  const base = rawPath(e.target, binders);
  if (base === undefined) return undefined;
  if (e.kind === 'field') return `${base}.${e.name}`;
  if (e.kind === 'slice') return `${base}[..]`;
  return e.index.kind === 'string' ? `${base}.${e.index.value}` : `${base}[]`;
}

export type Value = string | bigint | boolean;

/**
 * `eq`: the field is one of `values`; `ne`: none of them; `lt`/`le`/`gt`/`ge`: ordered against the one value;
 * `has`: the list the field names contains every value; `lacks`: not all of them.
 */
export type ComparisonKind = 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge' | 'has' | 'lacks';

export interface Comparison {
  path: string;
  kind: ComparisonKind;
  values: Value[];
  /** where the first value starts in the source */
  offset: number;
}

function literal(e: PolicyExpr): Value | undefined {
  return e.kind === 'string' || e.kind === 'int' || e.kind === 'bool' ? e.value : undefined;
}

const ORDER: Readonly<Record<string, ComparisonKind>> = { '<': 'lt', '<=': 'le', '>': 'gt', '>=': 'ge' };
const MIRROR: Readonly<Record<string, ComparisonKind>> = { lt: 'gt', le: 'ge', gt: 'lt', ge: 'le' };
const NEGATION: Readonly<Record<ComparisonKind, ComparisonKind>> = {
  eq: 'ne',
  ne: 'eq',
  lt: 'ge',
  ge: 'lt',
  le: 'gt',
  gt: 'le',
  has: 'lacks',
  lacks: 'has',
};

/** What the literal says of one field, or undefined when it is not a comparison of a field with literals. */
export function comparisonOf(l: Literal, binders: Binders = NO_BINDERS): Comparison | undefined {
  const c = positiveComparison(l.atom, binders);
  return c === undefined || l.positive ? c : { ...c, kind: NEGATION[c.kind] };
}

function positiveComparison(e: PolicyExpr, binders: Binders): Comparison | undefined {
  if (e.kind === 'method' && e.name === 'contains' && e.args.length === 1) {
    const path = pathOf(e.target, binders);
    const value = literal(e.args[0] as PolicyExpr);
    return path === undefined || value === undefined
      ? undefined
      : { path, kind: 'has', values: [value], offset: (e.args[0] as PolicyExpr).start };
  }
  if (e.kind !== 'binary') return undefined;
  const leftPath = pathOf(e.left, binders);
  const rightPath = pathOf(e.right, binders);
  if (e.op === 'in') {
    const value = literal(e.left);
    if (value !== undefined && rightPath !== undefined) return { path: rightPath, kind: 'has', values: [value], offset: e.left.start };
    if (leftPath === undefined || e.right.kind !== 'list') return undefined;
    const values = e.right.items.map(literal);
    if (values.some((v) => v === undefined)) return undefined;
    return { path: leftPath, kind: 'eq', values: values as Value[], offset: e.right.start };
  }
  const kind: ComparisonKind | undefined = e.op === '==' ? 'eq' : e.op === '!=' ? 'ne' : ORDER[e.op];
  if (kind === undefined) return undefined;
  const rightValue = literal(e.right);
  if (leftPath !== undefined && rightValue !== undefined) return { path: leftPath, kind, values: [rightValue], offset: e.right.start };
  const leftValue = literal(e.left);
  if (rightPath !== undefined && leftValue !== undefined) {
    return { path: rightPath, kind: MIRROR[kind] ?? kind, values: [leftValue], offset: e.left.start };
  }
  return undefined;
}

/** A quantifier literal `list.all(x, P)` / `list.any(x, P)`: the list's path, which, and the predicate with `x` bound. */
export function quantifierOf(
  e: PolicyExpr,
  binders: Binders = NO_BINDERS,
): { path: string; name: 'all' | 'any'; predicate: PolicyExpr; binders: Binders } | undefined {
  if (e.kind !== 'method' || (e.name !== 'all' && e.name !== 'any') || e.args.length !== 2) return undefined;
  const [binder, predicate] = e.args as [PolicyExpr, PolicyExpr];
  const path = pathOf(e.target, binders);
  if (binder.kind !== 'ident' || path === undefined) return undefined;
  return { path, name: e.name, predicate, binders: new Map(binders).set(binder.name, `${path}[]`) };
}
