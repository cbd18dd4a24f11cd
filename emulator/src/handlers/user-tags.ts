// User tags: create, update (rename, add/remove members), delete, list (docs/service-behaviour.md#user-tags;
// @turnkey/http's generated `v1CreateUserTagIntent`, `v1UpdateUserTagIntent`, `v1DeleteUserTagsIntent`).
// Membership lives on the users (`userTags`, tag ids), where consensus expressions read it
// (`user.tags.contains('<tag id>')`); the tag record holds the name only.
import type { QueryHandler, RequestContext, SubmitHandler } from '../context';
import { invalidArgument, resourceExhausted } from '../errors';
import type { TagRecord, UserRecord } from '../store/records';
import { renderTag } from '../render/tag';
import { findUser, findUserTag, findUsers, findUserTags, userTagsOf } from './identity-lookups';
import { TAG_LIMIT } from './tags';

/** User tag names are unique among the organization's user tags (as private-key tag names are among theirs). */
function assertUniqueName(ctx: RequestContext, name: string, field: string, except?: string): void {
  const taken = userTagsOf(ctx).find((t) => t.tagName === name && t.tagId !== except);
  if (taken !== undefined) {
    throw invalidArgument(`user tag name must be unique: ${field} ${JSON.stringify(name)} is the name of user tag ${taken.tagId}`);
  }
}

/** Writes a user's tag list when it changed (the user's `updatedAt` moves with it). */
export function setUserTags(ctx: RequestContext, user: UserRecord, tagIds: readonly string[]): void {
  const next = [...new Set(tagIds)];
  if (next.length === user.userTags.length && next.every((t, i) => t === user.userTags[i])) return;
  ctx.store.users.update({ ...user, userTags: next, updatedAt: ctx.env.now() });
}

export const createUserTag: SubmitHandler<'create_user_tag'> = {
  validate(ctx, p) {
    findUsers(ctx, p.userIds, 'parameters.userIds');
  },
  execute(ctx, p) {
    assertUniqueName(ctx, p.userTagName, 'parameters.userTagName');
    const limit = ctx.org.parentOrganizationId === undefined ? TAG_LIMIT.organization : TAG_LIMIT.subOrganization;
    if (ctx.store.tags.countByOrg(ctx.org.organizationId) >= limit)
      throw resourceExhausted(`organization has reached the maximum of ${limit} tags`);
    const users = findUsers(ctx, p.userIds, 'parameters.userIds');
    const now = ctx.env.now();
    const tag: TagRecord = {
      tagId: ctx.env.uuid(),
      organizationId: ctx.org.organizationId,
      tagName: p.userTagName,
      tagType: 'TAG_TYPE_USER',
      privateKeyIds: [],
      createdAt: now,
      updatedAt: now,
    };
    ctx.store.tags.insert(tag);
    const members = [...new Map(users.map((u) => [u.userId, u])).values()];
    for (const user of members) setUserTags(ctx, user, [...user.userTags, tag.tagId]);
    return { userTagId: tag.tagId, userIds: members.map((u) => u.userId) };
  },
};

/** Adding a member twice or removing a non-member changes nothing; one user in both sets is refused (as for private-key tags). */
export const updateUserTag: SubmitHandler<'update_user_tag'> = {
  validate(ctx, p) {
    findUserTag(ctx, p.userTagId, 'parameters.userTagId');
    findUsers(ctx, p.addUserIds, 'parameters.addUserIds');
    findUsers(ctx, p.removeUserIds, 'parameters.removeUserIds');
    const both = p.addUserIds.find((id) => p.removeUserIds.includes(id));
    if (both !== undefined) throw invalidArgument(`invalid request body: user ${both} is in both addUserIds and removeUserIds`);
  },
  execute(ctx, p) {
    const tag = findUserTag(ctx, p.userTagId, 'parameters.userTagId');
    if (p.newUserTagName !== undefined) assertUniqueName(ctx, p.newUserTagName, 'parameters.newUserTagName', tag.tagId);
    for (const user of findUsers(ctx, p.addUserIds, 'parameters.addUserIds')) setUserTags(ctx, user, [...user.userTags, tag.tagId]);
    for (const { userId } of findUsers(ctx, p.removeUserIds, 'parameters.removeUserIds')) {
      // read again: the same user may have been written just above
      const user = findUser(ctx, userId);
      setUserTags(
        ctx,
        user,
        user.userTags.filter((t) => t !== tag.tagId),
      );
    }
    ctx.store.tags.update({ ...tag, tagName: p.newUserTagName ?? tag.tagName, updatedAt: ctx.env.now() });
    return { userTagId: tag.tagId };
  },
};

/** Removes the tags from every user that had them; the result lists those users. */
export const deleteUserTags: SubmitHandler<'delete_user_tags'> = {
  validate(ctx, p) {
    findUserTags(ctx, p.userTagIds, 'parameters.userTagIds');
  },
  execute(ctx, p) {
    const ids = new Set(findUserTags(ctx, p.userTagIds, 'parameters.userTagIds').map((t) => t.tagId));
    const members: string[] = [];
    for (const user of ctx.store.users.listByOrg(ctx.org.organizationId)) {
      if (!user.userTags.some((t) => ids.has(t))) continue;
      members.push(user.userId);
      setUserTags(
        ctx,
        user,
        user.userTags.filter((t) => !ids.has(t)),
      );
    }
    for (const id of ids) ctx.store.tags.delete(id);
    return { userTagIds: [...ids], userIds: members };
  },
};

/** User tags only, without members (docs/service-behaviour.md#user-tags); private-key tags are list_private_key_tags'. */
export const listUserTags: QueryHandler<'list_user_tags'> = (ctx) => ({
  userTags: userTagsOf(ctx).map((t) => renderTag(t, 'api')),
});
