// Lookups the user, user-tag, API-key and root-quorum handlers share: each answers the 404 the service gives
// for an unknown id, naming the request field that held it (docs/service-behaviour.md#unconfirmed-choices: the
// wording of unknown-id errors is ours).
import type { RequestContext } from '../context';
import { invalidArgument, notFound } from '../errors';
import type { TagRecord, UserRecord } from '../store/records';

/** The user `userId` of the target organization, or 404 (`field` names where the id came from). */
export function findUser(ctx: RequestContext, userId: string, field?: string): UserRecord {
  const user = ctx.store.users.get(userId);
  if (user === undefined || user.organizationId !== ctx.org.organizationId) {
    throw notFound(`no user found with ID ${userId}${field === undefined ? '' : ` (${field})`}`);
  }
  return user;
}

/** Every user of a list, or 404 naming the first unknown one by its position. */
export function findUsers(ctx: RequestContext, userIds: readonly string[], field: string): UserRecord[] {
  return userIds.map((id, i) => findUser(ctx, id, `${field}[${i}]`));
}

/** The user tag `tagId` of the target organization (not a private-key tag), or 404. */
export function findUserTag(ctx: RequestContext, tagId: string, field?: string): TagRecord {
  const tag = ctx.store.tags.get(tagId);
  if (tag === undefined || tag.organizationId !== ctx.org.organizationId || tag.tagType !== 'TAG_TYPE_USER') {
    throw notFound(`no user tag found with ID ${tagId}${field === undefined ? '' : ` (${field})`}`);
  }
  return tag;
}

/** Every tag of a list, or 404 naming the first unknown one by its position. */
export function findUserTags(ctx: RequestContext, tagIds: readonly string[], field: string): TagRecord[] {
  return tagIds.map((id, i) => findUserTag(ctx, id, `${field}[${i}]`));
}

/** An id listed twice in one request field is refused: the request cannot mean both entries. */
export function refuseRepeats(ids: readonly string[], field: string, what: string): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) throw invalidArgument(`invalid request body: ${field}[${i}]: ${what} ${id} is listed more than once`);
    seen.add(id);
  });
}

/** User tags of the target organization, oldest first. */
export function userTagsOf(ctx: RequestContext): TagRecord[] {
  return ctx.store.tags.listByOrg(ctx.org.organizationId).filter((t) => t.tagType === 'TAG_TYPE_USER');
}
