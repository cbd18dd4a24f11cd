// How many distinct approvers a consensus needs, so the rules can tell a policy one compromised credential can use
// from one that needs a second person. With the organization's users, the evaluator decides (which user can meet it
// alone); without them, the expression is read: in each of its disjuncts, `approvers.filter(u, P).count() >= n` and
// `approvers.count() >= n` need n, and two requirements naming disjoint users or tags (`approvers.any(u,
// u.tags.contains('agent')) && approvers.any(u, u.tags.contains('human-approver'))`, the agent guide's allow-once
// shape) are taken as two people.
import type { PolicyExpr } from '../ast';
import { evaluatePolicyExpression } from '../evaluate-policies';
import { PolicyError } from '../errors';
import { readPathsOf } from '../reads';
import { canonical, parsed } from './analysis';
import { comparisonOf, pathOf, type Binders } from './comparisons';
import { disjunctiveNormalForm, type Disjunct, type Literal } from './normal-form';
import type { OrganizationView } from './types';

type Users = NonNullable<OrganizationView['users']>;

/** Whether the users, as the approvers, meet the consensus (undefined when it cannot be evaluated). */
export function consensusHolds(consensus: PolicyExpr, users: Users): boolean | undefined {
  try {
    return evaluatePolicyExpression(canonical(consensus), 'consensus', {
      activity: { type: 'ACTIVITY_TYPE_UNSPECIFIED' },
      approvers: users.map((u) => ({ id: u.userId, tags: u.tags ?? [], email: u.userEmail ?? '', alias: u.userName ?? '' })),
      now: 0,
    });
  } catch (e) {
    if (e instanceof PolicyError) return undefined;
    throw e;
  }
}

export interface Approvals {
  /** `none`: no consensus at all (anyone who may submit); `one`: a single approver can meet it; `two`: it needs two or more */
  needed: 'none' | 'one' | 'two';
  /** with the organization's users: every user who can meet it alone is a root user (who bypass policies anyway) */
  onlyRoot: boolean;
}

/**
 * Answers by consensus text, per users (what the evaluator reads of them: ids, names, emails, tags, whether root):
 * with the users, deciding evaluates the consensus once per user (or set of users), and every policy of a deployment
 * is linted with the same users, read again and again as the lists are. Bounded: the oldest entries go first.
 */
class ByUsers<T> {
  private readonly answers = new Map<string, Map<string, T>>();

  get(source: string, users: Users | undefined, decide: () => T): T {
    const key = usersKey(users);
    let known = this.answers.get(key);
    if (known === undefined) {
      if (this.answers.size >= USERS_LIMIT) this.answers.delete(this.answers.keys().next().value as string);
      this.answers.set(key, (known = new Map<string, T>()));
    }
    if (known.has(source)) return known.get(source) as T;
    const answer = decide();
    if (known.size >= DECIDED_LIMIT) known.delete(known.keys().next().value as string);
    known.set(source, answer);
    return answer;
  }
}

const fingerprints = new WeakMap<Users, string>();
const USERS_LIMIT = 16;
const DECIDED_LIMIT = 4096;

/** What the evaluator reads of the users, as one text. */
function usersKey(users: Users | undefined): string {
  if (users === undefined) return '';
  let key = fingerprints.get(users);
  if (key === undefined) {
    key = JSON.stringify(users.map((u) => [u.userId, u.userName ?? '', u.userEmail ?? '', u.tags ?? [], u.isRoot === true]));
    fingerprints.set(users, key);
  }
  return key;
}

const decided = new ByUsers<Approvals | undefined>();
const satisfiable = new ByUsers<boolean>();

/** What a consensus needs; undefined when it does not parse (the checker reports that). */
export function approvalsOf(source: string | undefined, view: OrganizationView | undefined): Approvals | undefined {
  if (source === undefined || source.trim() === '') return { needed: 'none', onlyRoot: false };
  return decided.get(source, view?.users, () => decideApprovals(source, view));
}

/**
 * Whether some set of the users meets the consensus (the users alone, all of them, or the holders of one tag); true
 * when it cannot be evaluated.
 */
export function someApproversMeet(source: string, consensus: PolicyExpr, users: Users): boolean {
  return satisfiable.get(source, users, () => {
    const tags = new Set(users.flatMap((u) => u.tags ?? []));
    const candidates = [users, ...users.map((u) => [u]), ...[...tags].map((t) => users.filter((u) => (u.tags ?? []).includes(t)))];
    return candidates.some((c) => consensusHolds(consensus, c) !== false);
  });
}

function decideApprovals(source: string, view: OrganizationView | undefined): Approvals | undefined {
  const consensus = parsed(source);
  if (consensus === undefined) return undefined;
  const users = view?.users;
  if (users !== undefined && !readPathsOf(consensus).some((p) => p.startsWith('credentials'))) {
    const alone = users.filter((u) => consensusHolds(consensus, [u]) === true);
    return { needed: alone.length > 0 ? 'one' : 'two', onlyRoot: alone.length > 0 && alone.every((u) => u.isRoot === true) };
  }
  return { needed: minimumApprovers(consensus) >= 2 ? 'two' : 'one', onlyRoot: false };
}

/** A requirement of one disjunct: at least `count` approvers, each one of `who` (undefined: anyone). */
interface Requirement {
  count: number;
  who: ReadonlySet<string> | undefined;
}

/** The fewest approvers the consensus needs, read from the expression: the smallest over its disjuncts. */
export function minimumApprovers(consensus: PolicyExpr): number {
  const form = disjunctiveNormalForm(consensus);
  if (form === undefined) return 1;
  return Math.min(...form.map(disjunctMinimum));
}

function disjunctMinimum(d: Disjunct): number {
  const requirements = d.map(requirementOf);
  const most = Math.max(1, ...requirements.map((r) => r.count));
  const named = requirements.map((r) => r.who).filter((w): w is ReadonlySet<string> => w !== undefined);
  const disjoint = named.some((a, i) => named.slice(i + 1).some((b) => ![...a].some((x) => b.has(x))));
  return Math.max(most, disjoint ? 2 : 1);
}

const ANYONE: Requirement = { count: 1, who: undefined };

const MIRRORED: Readonly<Record<string, string>> = { '<=': '>=', '<': '>', '==': '==' };

/** `count OP n`, also written `n OP count`: the counted list and the fewest items it must have; undefined for other shapes. */
function atLeast(e: PolicyExpr): { counted: PolicyExpr; n: number } | undefined {
  if (e.kind !== 'binary') return undefined;
  const [count, op, bound] = e.right.kind === 'int' ? [e.left, e.op, e.right] : [e.right, MIRRORED[e.op], e.left];
  if (bound.kind !== 'int' || count.kind !== 'method' || count.name !== 'count' || !['>=', '>', '=='].includes(op ?? '')) return undefined;
  return { counted: count.target, n: Number(bound.value) + (op === '>' ? 1 : 0) };
}

function requirementOf(l: Literal): Requirement {
  const e = l.atom;
  if (!l.positive) return ANYONE;
  if (e.kind === 'method' && e.name === 'any' && pathOf(e.target) === 'approvers') return { count: 1, who: identities(e) };
  const bound = atLeast(e);
  if (bound === undefined) return ANYONE;
  const { counted, n } = bound;
  if (pathOf(counted) === 'approvers') return { count: n, who: undefined };
  if (counted.kind === 'method' && counted.name === 'filter' && pathOf(counted.target) === 'approvers') {
    return { count: n, who: identities(counted) };
  }
  return ANYONE;
}

const NAMED = new Set(['approver.id', 'approver.email', 'approver.alias']);

/** Who can meet `approvers.any(u, P)` / `approvers.filter(u, P)`: the ids, tags, emails or aliases P names; undefined for anyone. */
function identities(e: PolicyExpr & { kind: 'method' }): ReadonlySet<string> | undefined {
  const [binder, predicate] = e.args;
  if (binder?.kind !== 'ident' || predicate === undefined) return undefined;
  const form = disjunctiveNormalForm(predicate);
  if (form === undefined) return undefined;
  const binders: Binders = new Map([[binder.name, 'approver']]);
  const out = new Set<string>();
  for (const d of form) {
    const named = d.flatMap((l) => {
      const c = l.positive ? comparisonOf(l, binders) : undefined;
      const names = c !== undefined && ((c.kind === 'eq' && NAMED.has(c.path)) || (c.kind === 'has' && c.path === 'approver.tags'));
      if (c === undefined || !names) return [];
      return c.values.map((v) => `${c.path}:${String(v)}`);
    });
    if (named.length === 0) return undefined;
    named.forEach((n) => out.add(n));
  }
  return out;
}

/** The users a consensus names as its only possible approvers (`approvers.any(user, user.id == 'u')`); undefined when others could meet it. */
export function onlyApprovers(source: string | undefined): ReadonlySet<string> | undefined {
  const consensus = parsed(source);
  const form = consensus === undefined ? undefined : disjunctiveNormalForm(consensus);
  if (form === undefined || form.length === 0) return undefined;
  const ids = new Set<string>();
  for (const requirement of form.flatMap((d) => d.map(requirementOf))) {
    const who = [...(requirement.who ?? [])];
    if (who.length === 0 || !who.every((w) => w.startsWith('approver.id:'))) return undefined;
    who.forEach((w) => ids.add(w.slice('approver.id:'.length)));
  }
  return ids;
}
