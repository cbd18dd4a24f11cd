// What the lint rules read off a policy, once: its condition parsed and in disjunctive normal form, and for each
// disjunct the comparisons it makes and the activity types it can match — those its comparisons of
// activity.type/kind/resource/action allow, and among them those that carry every keyword the whole condition reads
// (./carriers.ts: the engine does not short-circuit).
import { ACTIVITY_TYPES, activityKindOf, resourceAndActionOf } from '../activity';
import type { PolicyExpr } from '../ast';
import { PolicyError } from '../errors';
import { parsePolicyExpression } from '../parser';
import { printPolicyExpression } from '../printer';
import { readPathsOf } from '../reads';
import { carriedKeyword, carriersOf } from './carriers';
import { comparisonOf, type Comparison } from './comparisons';
import { disjunctiveNormalForm, type Disjunct } from './normal-form';
import type { LintPolicy } from './types';

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

/** Canonical text of a node, for comparing parts of different policies. */
export function canonical(e: PolicyExpr): string {
  return printPolicyExpression(e);
}

/** A literal's canonical text with its sign, for comparing literals. */
export function literalKey(l: Disjunct[number]): string {
  return `${l.positive ? '' : '!'}${canonical(l.atom)}`;
}

export const ACTIVITY_FIELDS: ReadonlySet<string> = new Set(['activity.type', 'activity.kind', 'activity.resource', 'activity.action']);

function activityValue(type: string, field: string): string | undefined {
  if (field === 'activity.type') return type;
  if (field === 'activity.kind') return activityKindOf(type);
  const pair = resourceAndActionOf(type);
  return field === 'activity.resource' ? pair?.resource : pair?.action;
}

/** The activity types comparisons of activity.type/kind/resource/action allow; `restricted`: whether there are any. */
export function activityTypesAllowed(comparisons: readonly Comparison[]): { types: string[]; restricted: boolean } {
  const relevant = comparisons.filter((c) => ACTIVITY_FIELDS.has(c.path) && (c.kind === 'eq' || c.kind === 'ne'));
  const types = ACTIVITY_TYPES.filter((type) =>
    relevant.every((c) => {
      const value = activityValue(type, c.path);
      const listed = value !== undefined && c.values.includes(value);
      return c.kind === 'eq' ? listed : !listed;
    }),
  );
  return { types, restricted: relevant.length > 0 };
}

/** One way the condition can hold. */
export interface DisjunctFacts {
  literals: Disjunct;
  comparisons: Comparison[];
  /** the activity types its comparisons allow, and whether it compares activity fields at all */
  explicit: { types: readonly string[]; restricted: boolean };
  /** the explicit types that carry every keyword the whole condition reads: what this disjunct can match */
  types: readonly string[];
  /** the fields this disjunct reads */
  reads: string[];
}

export interface ConditionFacts {
  /** the condition parsed; undefined when absent or empty */
  expr: PolicyExpr | undefined;
  /** given but does not parse: the rules leave the policy to the checker */
  invalid: boolean;
  /** the disjuncts (one empty disjunct when there is no condition); undefined when the form is too large */
  disjuncts: DisjunctFacts[] | undefined;
  /** the fields the whole condition reads */
  reads: string[];
}

function disjunctFacts(literals: Disjunct, wholeReads: readonly string[]): DisjunctFacts {
  const comparisons = literals.map((l) => comparisonOf(l)).filter((c): c is Comparison => c !== undefined);
  const explicit = activityTypesAllowed(comparisons);
  const carriers = [...new Set(wholeReads.map(carriedKeyword).filter((k): k is string => k !== undefined))].map(carriersOf);
  const types = explicit.types.filter((t) => carriers.every((kinds) => kinds.has(activityKindOf(t))));
  const reads = [...new Set(literals.flatMap((l) => readPathsOf(l.atom)))].sort();
  return { literals, comparisons, explicit, types, reads };
}

/**
 * Facts by condition text. They depend on the text alone, and a deployment lints each new policy against the same
 * context policies (its DENYs) again and again, each time as a new object: keyed by text, each condition is analysed
 * once. Bounded: the oldest entries go first once it holds `ANALYSED_LIMIT`.
 */
const analysed = new Map<string, ConditionFacts>();
const ANALYSED_LIMIT = 4096;

/** The condition's facts, computed once per condition text. */
export function conditionFacts(policy: LintPolicy): ConditionFacts {
  const text = policy.condition ?? '';
  const known = analysed.get(text);
  if (known !== undefined) return known;
  const expr = parsed(text);
  const absent = text.trim() === '';
  const reads = expr === undefined ? [] : readPathsOf(expr);
  const form = absent ? [[]] : expr === undefined ? undefined : disjunctiveNormalForm(expr);
  const facts: ConditionFacts = {
    expr,
    invalid: !absent && expr === undefined,
    disjuncts: form?.map((d) => disjunctFacts(d, reads)),
    reads,
  };
  if (analysed.size >= ANALYSED_LIMIT) analysed.delete(analysed.keys().next().value as string);
  analysed.set(text, facts);
  return facts;
}
