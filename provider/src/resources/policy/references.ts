// Users and user tags a policy names by a literal id (docs.turnkey.com/concepts/users/best-practices:
// `approvers.any(user, user.tags.contains('<tag id>'))`). A consensus naming a tag or user that does not exist
// can never be met: the policy silently stops allowing anything, which is a lock, not a typo. At preview each
// literal id is looked up among the organization's user tags and users and among the ids this deployment
// declares (../../deployment.ts, ../../ownership.ts); one that is neither is refused, naming the position and the
// nearest tag or user by name. A tag the same deployment creates has no id yet at preview: a program names it
// through the UserTag's `id`, which is unknown then and checked during `up`.
import { editDistance, parsePolicyExpression, type PolicyExpr } from '@walletinfra/sdk/policy';
import type { User, UserTag } from '@walletinfra/sdk/schemas';
import type { ProviderContext } from '../../context';
import { isUnknown } from '../../wire';
import type { CheckFailure } from '../common/check';
import { selectorOf } from '../common/inputs';
import { USERS, USER_TAGS } from '../../session/lists';

/** A literal id in an expression: a user tag's or a user's, and where it starts. */
export interface IdentityReference {
  of: 'userTag' | 'user';
  id: string;
  offset: number;
}

/** Paths whose values are user ids, and those whose values are user tag ids (`[]`: an item of a list). */
const USER_ID_PATHS = new Set(['approvers[].id', 'credentials[].user_id', 'activity.params.user_id', 'activity.params.user_ids[]']);
const USER_ID_LISTS = new Set(['activity.params.user_ids']);
const TAG_ID_PATHS = new Set(['approvers[].tags[]']);
const TAG_ID_LISTS = new Set(['approvers[].tags']);

function ofPath(path: string | undefined): IdentityReference['of'] | undefined {
  if (path === undefined) return undefined;
  if (USER_ID_PATHS.has(path)) return 'user';
  if (TAG_ID_PATHS.has(path)) return 'userTag';
  return undefined;
}

function ofList(path: string | undefined): IdentityReference['of'] | undefined {
  if (path === undefined) return undefined;
  if (USER_ID_LISTS.has(path)) return 'user';
  if (TAG_ID_LISTS.has(path)) return 'userTag';
  return undefined;
}

/** The keyword path an expression denotes (`approvers[].tags`), or undefined. */
function pathOf(e: PolicyExpr, scope: ReadonlyMap<string, string>): string | undefined {
  switch (e.kind) {
    case 'ident':
      return scope.get(e.name) ?? e.name;
    case 'field': {
      const base = pathOf(e.target, scope);
      return base === undefined ? undefined : `${base}.${e.name}`;
    }
    case 'index': {
      const base = pathOf(e.target, scope);
      return base === undefined ? undefined : `${base}[]`;
    }
    default:
      return undefined;
  }
}

function literals(e: PolicyExpr): Array<{ value: string; offset: number }> {
  if (e.kind === 'string') return [{ value: e.value, offset: e.start }];
  if (e.kind === 'list') return e.items.flatMap((i) => (i.kind === 'string' ? [{ value: i.value, offset: i.start }] : []));
  return [];
}

function walk(e: PolicyExpr, scope: ReadonlyMap<string, string>, out: IdentityReference[]): void {
  const add = (of: IdentityReference['of'] | undefined, items: Array<{ value: string; offset: number }>) => {
    if (of !== undefined) for (const l of items) out.push({ of, id: l.value, offset: l.offset });
  };
  switch (e.kind) {
    case 'binary': {
      if (e.op === '==' || e.op === '!=') {
        if (e.right.kind === 'string') add(ofPath(pathOf(e.left, scope)), literals(e.right));
        if (e.left.kind === 'string') add(ofPath(pathOf(e.right, scope)), literals(e.left));
      } else if (e.op === 'in') {
        if (e.left.kind === 'string') add(ofList(pathOf(e.right, scope)), literals(e.left));
        if (e.right.kind === 'list') add(ofPath(pathOf(e.left, scope)), literals(e.right));
      }
      walk(e.left, scope, out);
      walk(e.right, scope, out);
      return;
    }
    case 'method': {
      const base = pathOf(e.target, scope);
      const [binder, predicate] = e.args;
      if ((e.name === 'any' || e.name === 'all' || e.name === 'filter' || e.name === 'count') && binder?.kind === 'ident' && predicate) {
        const inner = new Map(scope);
        if (base !== undefined) inner.set(binder.name, `${base}[]`);
        walk(e.target, scope, out);
        walk(predicate, inner, out);
        return;
      }
      if (e.name === 'contains' && binder !== undefined) add(ofList(base), literals(binder));
      walk(e.target, scope, out);
      for (const a of e.args) walk(a, scope, out);
      return;
    }
    case 'not':
      walk(e.operand, scope, out);
      return;
    case 'field':
      walk(e.target, scope, out);
      return;
    case 'index':
      walk(e.target, scope, out);
      walk(e.index, scope, out);
      return;
    case 'list':
      for (const i of e.items) walk(i, scope, out);
      return;
    default:
      return;
  }
}

/** The literal user and user tag ids `source` names; [] when it does not parse (the checker reports that). */
export function identityReferences(source: string): IdentityReference[] {
  if (source.trim() === '') return [];
  let expr: PolicyExpr;
  try {
    expr = parsePolicyExpression(source);
  } catch {
    return [];
  }
  const out: IdentityReference[] = [];
  walk(expr, new Map(), out);
  return out;
}

function position(source: string, offset: number): string {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

/** The candidate whose name (or id) is nearest to `literal`: a typo of an id, or a name where an id belongs. */
function nearest<T>(literal: string, candidates: readonly T[], nameOf: (c: T) => string, idOf: (c: T) => string): T | undefined {
  let best: T | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = Math.min(
      editDistance(literal.toLowerCase(), nameOf(c).toLowerCase()),
      editDistance(literal.toLowerCase(), idOf(c).toLowerCase()),
    );
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best;
}

const FIELDS = ['consensus', 'condition'] as const;

/** A literal reference, with the expression it is in. */
export type FoundReference = IdentityReference & { field: (typeof FIELDS)[number]; source: string };

/** The literal user and tag ids of a policy's consensus and condition (unknown expressions skipped). */
export function policyReferences(news: Record<string, unknown>): FoundReference[] {
  return FIELDS.flatMap((field) => {
    const source = news[field];
    return typeof source === 'string' && !isUnknown(source) ? identityReferences(source).map((r) => ({ ...r, field, source })) : [];
  });
}

/**
 * One failure per expression naming ids that are neither the organization's (`tags`, `users`) nor `known` (declared
 * by the deployment): where each is, and the nearest tag or user by name.
 */
export function referenceFailures(
  found: readonly FoundReference[],
  organization: { organizationId: string; tags: readonly UserTag[]; users: readonly User[] },
  known: (of: IdentityReference['of'], id: string) => boolean,
  policyName: unknown,
): CheckFailure[] {
  const { organizationId, tags, users } = organization;
  const exists = { userTag: new Set(tags.map((t) => t.tagId)), user: new Set(users.map((u) => u.userId)) };
  const reasons = new Map<string, string[]>();
  for (const r of found) {
    if (isUnknown(r.id) || exists[r.of].has(r.id) || known(r.of, r.id)) continue;
    const noun = r.of === 'user' ? 'user' : 'user tag';
    const kind = r.of === 'user' ? 'User' : 'UserTag';
    const org = `organization ${organizationId}`;
    let hint: string;
    if (r.of === 'userTag') {
      const near = nearest<UserTag>(
        r.id,
        tags,
        (t) => t.tagName,
        (t) => t.tagId,
      );
      hint = near === undefined ? `; ${org} has no user tags` : `; the nearest user tag by name is "${near.tagName}" (${near.tagId})`;
    } else {
      const near = nearest<User>(
        r.id,
        users,
        (u) => u.userName,
        (u) => u.userId,
      );
      hint = near === undefined ? `; ${org} has no users` : `; the nearest user by name is "${near.userName}" (${near.userId})`;
    }
    const reason = `${noun} '${r.id}' (${position(r.source, r.offset)}) is no ${noun} of ${org}, and no ${kind} of this deployment has that id${hint}`;
    reasons.set(r.field, [...(reasons.get(r.field) ?? []), reason]);
  }
  const fix =
    "A consensus or condition naming a tag or user that does not exist can never be met: name tags and users by their resources' " +
    'id (or by an id the organization has)';
  return [...reasons].map(([property, list]) => ({ property, reason: `policy ${JSON.stringify(policyName)}: ${list.join('; ')}. ${fix}` }));
}

/**
 * `check`'s step for a policy: every literal user tag or user id its consensus and condition name must exist at
 * the service or be declared by this deployment. Reads the service only when the policy names such an id.
 */
export async function identityReferenceFailures(news: Record<string, unknown>, ctx: ProviderContext): Promise<CheckFailure[]> {
  const found = policyReferences(news);
  if (found.length === 0) return [];
  const session = ctx.session(selectorOf(news));
  const [tags, users] = await Promise.all([session.list(USER_TAGS), session.list(USERS)]);
  const adopted = (type: string) =>
    new Set(
      ctx.deployment.declared(type).flatMap((p) => {
        const id = (p.inputs.adopt as { id?: unknown } | undefined)?.id;
        return typeof id === 'string' ? [id] : [];
      }),
    );
  const declared = { userTag: adopted('UserTag'), user: adopted('User') };
  const known = (of: IdentityReference['of'], id: string) =>
    declared[of].has(id) || ctx.ownership.isDeclared(of === 'user' ? 'User' : 'UserTag', id);
  return referenceFailures(found, { organizationId: session.organizationId, tags, users }, known, news.policyName);
}
