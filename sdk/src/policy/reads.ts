// Which keyword fields an expression reads, as paths like `eth.tx.to` or `credentials[].id` (an item
// of a list or a map value is `[]`). Used to tell whether a request built from incomplete data can be
// decided: a policy that reads a field the data does not carry cannot be evaluated faithfully.
import type { PolicyExpr } from './ast';
import { parsePolicyExpression } from './parser';

/** The paths read by `source`; [] for an empty or unparsable expression. */
export function readPaths(source: string): string[] {
  if (source.trim() === '') return [];
  let expr: PolicyExpr;
  try {
    expr = parsePolicyExpression(source);
  } catch {
    return [];
  }
  const out = new Set<string>();
  walk(expr, new Map(), out);
  return [...out].sort();
}

/** True when `read` is `unknown` or lies below it (`eth.tx.to` under `eth.tx`; `credentials[].id` under `credentials[]`). */
export function pathWithin(read: string, unknown: string): boolean {
  return read === unknown || read.startsWith(`${unknown}.`) || read.startsWith(`${unknown}[`);
}

/** The path an expression denotes, or undefined when it is not a keyword path. Records every path read. */
function walk(e: PolicyExpr, scope: ReadonlyMap<string, string>, out: Set<string>): string | undefined {
  switch (e.kind) {
    case 'ident': {
      const path = scope.get(e.name) ?? e.name;
      out.add(path);
      return path;
    }
    case 'field': {
      const base = walk(e.target, scope, out);
      if (base === undefined) return undefined;
      const path = `${base}.${e.name}`;
      out.delete(base);
      out.add(path);
      return path;
    }
    case 'index':
    case 'slice': {
      const base = walk(e.target, scope, out);
      if (e.kind === 'index') walk(e.index, scope, out);
      else for (const b of [e.from, e.to]) if (b) walk(b, scope, out);
      if (base === undefined) return undefined;
      if (e.kind === 'slice') return base;
      out.delete(base);
      out.add(`${base}[]`);
      return `${base}[]`;
    }
    case 'method': {
      const base = walk(e.target, scope, out);
      const [binder, predicate] = e.args;
      if ((e.name === 'any' || e.name === 'all' || e.name === 'filter') && binder?.kind === 'ident' && predicate) {
        const inner = new Map(scope);
        if (base !== undefined) inner.set(binder.name, `${base}[]`);
        walk(predicate, inner, out);
      } else {
        for (const arg of e.args) walk(arg, scope, out);
      }
      return e.name === 'filter' ? base : undefined;
    }
    case 'list':
      for (const item of e.items) walk(item, scope, out);
      return undefined;
    case 'struct':
      for (const f of e.fields) walk(f.value, scope, out);
      return undefined;
    case 'call':
      for (const arg of e.args) walk(arg, scope, out);
      return undefined;
    case 'not':
      walk(e.operand, scope, out);
      return undefined;
    case 'binary':
      walk(e.left, scope, out);
      walk(e.right, scope, out);
      return undefined;
    default:
      return undefined;
  }
}

/** The paths read by a parsed expression (`eth.tx.to`, `solana.tx.transfers[].to`). */
export function readPathsOf(expr: PolicyExpr): string[] {
  const out = new Set<string>();
  walk(expr, new Map(), out);
  return [...out].sort();
}
