// What a condition's contract-call fields depend on: `eth.tx.function_name`, `function_signature` and
// `contract_call_args` are filled only when a smart-contract interface (ABI) is uploaded for `eth.tx.to`
// (https://docs.turnkey.com/features/policies/language "EthereumTransaction"); without it a policy that allows
// "only transfer on our token" silently never matches. Read off the parsed expression, not its text: the
// addresses a conjunction pins `eth.tx.to` to (`== '0x…'`, `in ['0x…', …]`) scope the ABI fields read under it.
import type { PolicyExpr, PolicyPosition } from './ast';
import { positionAt } from './ast';
import { PolicySyntaxError } from './errors';
import { parsePolicyExpression } from './parser';
import { closestName } from './suggest';
import { abiFunctionNames, contractAddressKey } from '../rules/smart-contract-interface';

/** An interface as the service lists it (or as a program declares it). Only Ethereum ones matter here. */
export interface ContractInterfaceInput {
  smartContractAddress: string;
  type: string;
  /** the ABI JSON */
  smartContractInterface: string;
}

export interface ContractCallDiagnostic {
  /** `warning`: the fields stay empty at the service, so the condition never matches; `error`: a name the ABI does not have. */
  severity: 'warning' | 'error';
  message: string;
  position: PolicyPosition;
  /** the address the diagnostic is about, when there is one (checksum case as written in the condition) */
  address?: string;
  /** the nearest function name of the ABI, for an unknown one */
  suggestion?: string;
}

const ABI_FIELDS = ['function_name', 'function_signature', 'contract_call_args'];
const ETHEREUM = 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM';

/**
 * The contract-call diagnostics of a condition given the interfaces that exist or are planned. A condition
 * that does not parse has none (the checker reports its syntax).
 */
export function checkContractCalls(condition: string, interfaces: readonly ContractInterfaceInput[]): ContractCallDiagnostic[] {
  if (condition.trim() === '') return [];
  let expr: PolicyExpr;
  try {
    expr = parsePolicyExpression(condition);
  } catch (e) {
    if (e instanceof PolicySyntaxError) return [];
    throw e;
  }
  const abis = new Map<string, string[]>();
  for (const i of interfaces) {
    if (i.type !== ETHEREUM) continue;
    const key = contractAddressKey(ETHEREUM, i.smartContractAddress);
    abis.set(key, [...new Set([...(abis.get(key) ?? []), ...abiFunctionNames(i.smartContractInterface)])]);
  }
  const facts: Facts = { reads: [], names: [] };
  walk(expr, undefined, new Set(), facts);
  return diagnose(condition, facts, abis);
}

interface Read {
  field: string;
  offset: number;
  /** the addresses `eth.tx.to` is pinned to where the field is read; undefined when unpinned */
  to: readonly string[] | undefined;
}
interface NameComparison {
  name: string;
  offset: number;
  to: readonly string[] | undefined;
}
interface Facts {
  reads: Read[];
  names: NameComparison[];
}

/** `eth.tx.<field>` (the root not shadowed by a bound name): the field, or undefined. */
function ethTxField(e: PolicyExpr, bound: ReadonlySet<string>): string | undefined {
  if (e.kind !== 'field' || e.target.kind !== 'field' || e.target.name !== 'tx') return undefined;
  const root = e.target.target;
  return root.kind === 'ident' && root.name === 'eth' && !bound.has('eth') ? e.name : undefined;
}

/** The string literals of `x == 'lit'`, `'lit' == x` or `x in ['a', …]` where x is `eth.tx.<field>`. */
function comparedLiterals(e: PolicyExpr, field: string, bound: ReadonlySet<string>): { values: string[]; offsets: number[] } | undefined {
  if (e.kind !== 'binary') return undefined;
  if (e.op === '==' || e.op === '!=') {
    const [subject, literal] = ethTxField(e.left, bound) === field ? [e.left, e.right] : [e.right, e.left];
    if (ethTxField(subject, bound) !== field || literal.kind !== 'string') return undefined;
    return { values: [literal.value], offsets: [literal.start] };
  }
  if (e.op === 'in' && ethTxField(e.left, bound) === field && e.right.kind === 'list') {
    const items = e.right.items.filter((i) => i.kind === 'string');
    if (items.length !== e.right.items.length) return undefined;
    return { values: items.map((i) => (i as { value: string }).value), offsets: items.map((i) => i.start) };
  }
  return undefined;
}

function conjuncts(e: PolicyExpr): PolicyExpr[] {
  return e.kind === 'binary' && e.op === '&&' ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
}

function walk(e: PolicyExpr, to: readonly string[] | undefined, bound: ReadonlySet<string>, facts: Facts): void {
  if (e.kind === 'binary' && e.op === '&&') {
    const parts = conjuncts(e);
    // `eth.tx.to == A && eth.tx.to == B` pins to both at once (never true); keep the last, the checker is not a solver
    let pinned = to;
    for (const part of parts) {
      const compared = part.kind === 'binary' && part.op !== '!=' ? comparedLiterals(part, 'to', bound) : undefined;
      if (compared !== undefined) pinned = compared.values;
    }
    for (const part of parts) walk(part, pinned, bound, facts);
    return;
  }
  const field = ethTxField(e, bound);
  if (field !== undefined && ABI_FIELDS.includes(field) && e.kind === 'field') facts.reads.push({ field, offset: e.nameStart, to });
  if (e.kind === 'binary') {
    const names = comparedLiterals(e, 'function_name', bound);
    names?.values.forEach((name, i) => facts.names.push({ name, offset: names.offsets[i] as number, to }));
  }
  for (const [child, inner] of children(e, bound)) walk(child, to, inner, facts);
}

/** The sub-expressions of `e`, each with the names bound inside it (the item name of any/all/filter). */
function children(e: PolicyExpr, bound: ReadonlySet<string>): Array<[PolicyExpr, ReadonlySet<string>]> {
  switch (e.kind) {
    case 'field':
      return [[e.target, bound]];
    case 'index':
      return [
        [e.target, bound],
        [e.index, bound],
      ];
    case 'slice':
      return [[e.target, bound], ...[e.from, e.to].flatMap((b): Array<[PolicyExpr, ReadonlySet<string>]> => (b ? [[b, bound]] : []))];
    case 'method': {
      const [binder, predicate] = e.args;
      if (binder?.kind === 'ident' && predicate !== undefined && e.args.length === 2) {
        return [
          [e.target, bound],
          [predicate, new Set([...bound, binder.name])],
        ];
      }
      return [[e.target, bound], ...e.args.map((a): [PolicyExpr, ReadonlySet<string>] => [a, bound])];
    }
    case 'call':
      return e.args.map((a) => [a, bound]);
    case 'list':
      return e.items.map((a) => [a, bound]);
    case 'struct':
      return e.fields.map((f) => [f.value, bound]);
    case 'not':
      return [[e.operand, bound]];
    case 'binary':
      return [
        [e.left, bound],
        [e.right, bound],
      ];
    default:
      return [];
  }
}

function diagnose(source: string, facts: Facts, abis: ReadonlyMap<string, readonly string[]>): ContractCallDiagnostic[] {
  const out: ContractCallDiagnostic[] = [];
  const warned = new Set<string>();
  for (const read of facts.reads) {
    if (read.to === undefined) {
      if (abis.size > 0 || warned.has('')) continue;
      warned.add('');
      out.push({
        severity: 'warning',
        position: positionAt(source, read.offset),
        message: `eth.tx.${read.field} is filled only for calls to a contract whose interface (ABI) is uploaded, and no Ethereum smart-contract interface is declared: the field stays empty, so this condition never matches; declare a SmartContractInterface for the contract`,
      });
      continue;
    }
    for (const address of read.to) {
      const key = contractAddressKey(ETHEREUM, address);
      if (abis.has(key) || warned.has(key)) continue;
      warned.add(key);
      out.push({
        severity: 'warning',
        position: positionAt(source, read.offset),
        address,
        message: `eth.tx.${read.field} is read for calls to ${address}, but no smart-contract interface (ABI) is declared for that address: the service leaves the field empty, so this condition never matches; declare a SmartContractInterface for ${address}`,
      });
    }
  }
  for (const compared of facts.names) {
    const known =
      compared.to === undefined ? [...abis.keys()] : compared.to.map((a) => contractAddressKey(ETHEREUM, a)).filter((k) => abis.has(k));
    if (known.length === 0) continue;
    const names = [...new Set(known.flatMap((k) => abis.get(k) ?? []))];
    if (names.includes(compared.name)) continue;
    const suggestion = closestName(compared.name, names);
    const where =
      compared.to === undefined
        ? 'any uploaded interface'
        : `the interface uploaded for ${compared.to.filter((a) => abis.has(contractAddressKey(ETHEREUM, a))).join(', ')}`;
    const fix = suggestion !== undefined ? `did you mean '${suggestion}'?` : `its functions are ${names.map((n) => `'${n}'`).join(', ')}`;
    const diagnostic: ContractCallDiagnostic = {
      severity: 'error',
      position: positionAt(source, compared.offset),
      message: `function '${compared.name}' is not in ${where}, so eth.tx.function_name never equals it; ${fix}`,
    };
    if (suggestion !== undefined) diagnostic.suggestion = suggestion;
    out.push(diagnostic);
  }
  return out.sort((a, b) => a.position.offset - b.position.offset);
}
