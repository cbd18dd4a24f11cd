// deny-never-matches: a DENY none of whose disjuncts can hold — comparisons of one field that exclude each other
// (`==` of two values, a value both required and excluded, `> 100 && < 10`), a value outside a field's enum, an
// activity type/kind/resource/action combination no activity has, or a part false for every request.
import { policyTextKey } from '../../addresses';
import { positionAt } from '../../ast';
import { enumProblem } from '../../enums';
import type { EnumField } from '../../types';
import { ACTIVITY_FIELDS, canonical, conditionFacts, type DisjunctFacts } from '../analysis';
import type { Comparison, Value } from '../comparisons';
import { firstFalsePart } from '../constant';
import type { RuleFinding, RuleInput } from './rule';

/** Fields with a closed set of values beyond the activity ones (https://docs.turnkey.com/features/policies/language). */
const OTHER_ENUMS: Readonly<Record<string, readonly string[]>> = {
  'eth.tx.type': ['LEGACY', 'TYPE_1', 'TYPE_2', 'TYPE_3', 'TYPE_4'],
  'activity.params.type': [
    'TRANSACTION_TYPE_ETHEREUM',
    'TRANSACTION_TYPE_SOLANA',
    'TRANSACTION_TYPE_BITCOIN',
    'TRANSACTION_TYPE_TRON',
    'TRANSACTION_TYPE_TEMPO',
  ],
};

interface Reason {
  message: string;
  offset: number;
}

function enumReason(comparisons: readonly Comparison[]): Reason | undefined {
  for (const c of comparisons) {
    for (const v of c.kind === 'eq' ? c.values : []) {
      if (typeof v !== 'string') continue;
      const problem = ACTIVITY_FIELDS.has(c.path) ? enumProblem(c.path as EnumField, v) : undefined;
      const other = OTHER_ENUMS[c.path];
      if (problem !== undefined) return { message: problem.message, offset: c.offset };
      if (other !== undefined && !other.includes(v))
        return { message: `'${v}' is not a value ${c.path} takes (${other.join(', ')})`, offset: c.offset };
    }
  }
  return undefined;
}

// as the evaluator compares them: Ethereum addresses in any case (../../addresses.ts)
const key = (v: Value): string => `${typeof v}:${typeof v === 'string' ? policyTextKey(v) : String(v)}`;

const larger = (a: bigint | undefined, b: bigint): bigint => (a === undefined || b > a ? b : a);
const smaller = (a: bigint | undefined, b: bigint): bigint => (a === undefined || b < a ? b : a);

// Integers that are never negative: lengths of lists, and amounts, fees, gas, nonces and chain ids of transactions
// (https://docs.turnkey.com/features/policies/language, "EthereumTransaction" and the other chains' structs).
const UNSIGNED =
  /(\.count\(\)|^eth\.tx\.(value|gas|gas_price|chain_id|nonce|max_fee_per_gas|max_priority_fee_per_gas|max_fee_per_blob_gas)|^solana\.tx\.(spl_)?transfers\[\]\.amount|^bitcoin\.tx\.(fee|outputs\[\]\.value|inputs\[\]\.vout))$/;

/** Whether the comparisons of one field leave it no value: the values asked for, less those excluded, within the bounds. */
function exclusive(path: string, list: readonly Comparison[]): boolean {
  let possible: Map<string, Value> | undefined;
  for (const c of list.filter((x) => x.kind === 'eq')) {
    const values = new Map(c.values.map((v) => [key(v), v]));
    possible = possible === undefined ? values : new Map([...possible].filter(([k]) => values.has(k)));
  }
  const excluded = new Set(list.filter((x) => x.kind === 'ne').flatMap((x) => x.values.map(key)));
  let low: bigint | undefined = UNSIGNED.test(path) ? 0n : undefined;
  let high: bigint | undefined;
  for (const c of list) {
    const v = c.values[0];
    if (typeof v !== 'bigint') continue;
    if (c.kind === 'gt' || c.kind === 'ge') low = larger(low, c.kind === 'gt' ? v + 1n : v);
    if (c.kind === 'lt' || c.kind === 'le') high = smaller(high, c.kind === 'lt' ? v - 1n : v);
  }
  const within = (v: Value): boolean => typeof v !== 'bigint' || ((low === undefined || v >= low) && (high === undefined || v <= high));
  if (possible !== undefined) return [...possible].filter(([k, v]) => !excluded.has(k) && within(v)).length === 0;
  if (low === undefined || high === undefined) return false;
  return low > high || (low === high && excluded.has(key(low)));
}

/** Why a disjunct can never hold, with where; undefined when it can. */
function contradiction(d: DisjunctFacts): Reason | undefined {
  const problem = enumReason(d.comparisons);
  if (problem !== undefined) return problem;
  const byPath = new Map<string, Comparison[]>();
  for (const c of d.comparisons) byPath.set(c.path, [...(byPath.get(c.path) ?? []), c]);
  for (const [path, list] of byPath) {
    if (!exclusive(path, list)) continue;
    const message = list.length > 1 ? `${path} cannot take all the values this condition asks of it at once` : `${path} is never negative`;
    return { message, offset: (list[1] ?? list[0])?.offset ?? 0 };
  }
  if (d.explicit.restricted && d.explicit.types.length === 0) {
    return {
      message: 'no activity type has the type, kind, resource and action this condition asks for together',
      offset: d.literals[0]?.atom.start ?? 0,
    };
  }
  return undefined;
}

function neverReason(policy: RuleInput['policy']): Reason | undefined {
  const { expr, disjuncts } = conditionFacts(policy);
  if (expr === undefined || disjuncts === undefined) return undefined;
  if (disjuncts.length === 0) {
    const part = firstFalsePart(expr) ?? expr;
    return { message: `'${canonical(part)}' is false for every request`, offset: part.start };
  }
  const reasons = disjuncts.map(contradiction);
  if (reasons.some((r) => r === undefined)) return undefined;
  const first = reasons[0] as Reason;
  return disjuncts.length === 1
    ? first
    : { ...first, message: `none of its ${disjuncts.length} alternatives can hold (the first: ${first.message})` };
}

export function denyNeverMatches({ policy }: RuleInput): RuleFinding[] {
  if (policy.effect !== 'EFFECT_DENY' || policy.condition === undefined) return [];
  const found = neverReason(policy);
  if (found === undefined) return [];
  return [
    {
      rule: 'deny-never-matches',
      severity: 'warning',
      field: 'condition',
      position: positionAt(policy.condition, found.offset),
      message: `this DENY can never match — ${found.message} — so it blocks nothing while looking like a safeguard; fix the condition so it describes requests that can happen`,
    },
  ];
}
