// Private-key tags: create, update (rename, add/remove members), delete, list
// (docs/service-behaviour.md#private-key-tags; @turnkey/http's generated `v1UpdatePrivateKeyTagIntent`,
// `v1DeletePrivateKeyTagsIntent`).
// Membership lives on the tag record and shows through list_private_keys (./private-keys.ts).
import type { QueryHandler, RequestContext, SubmitHandler } from '../context';
import { invalidArgument, notFound, resourceExhausted } from '../errors';
import type { TagRecord } from '../store/records';
import { renderTag } from '../render/tag';

/** Resource limits (docs.turnkey.com/reference/resource-limits): 100 tags per parent organization, 10 per sub-organization. */
export const TAG_LIMIT = { organization: 100, subOrganization: 10 } as const;

function assertKeysExist(ctx: RequestContext, ids: readonly string[], field: string): void {
  ids.forEach((id, i) => {
    const key = ctx.store.privateKeys.get(id);
    if (key === undefined || key.organizationId !== ctx.org.organizationId) {
      throw notFound(`no private key found with ID ${id} (parameters.${field}[${i}])`);
    }
  });
}

function privateKeyTags(ctx: RequestContext): TagRecord[] {
  return ctx.store.tags.listByOrg(ctx.org.organizationId).filter((t) => t.tagType === 'TAG_TYPE_PRIVATE_KEY');
}

function assertUniqueName(ctx: RequestContext, name: string, except?: string): void {
  if (privateKeyTags(ctx).some((t) => t.tagName === name && t.tagId !== except))
    throw invalidArgument('private key tag name must be unique');
}

function findTag(ctx: RequestContext, tagId: string): TagRecord {
  const tag = ctx.store.tags.get(tagId);
  if (tag === undefined || tag.organizationId !== ctx.org.organizationId || tag.tagType !== 'TAG_TYPE_PRIVATE_KEY') {
    throw notFound(`no private key tag found with ID ${tagId}`);
  }
  return tag;
}

export const createPrivateKeyTag: SubmitHandler<'create_private_key_tag'> = {
  validate(ctx, p) {
    assertKeysExist(ctx, p.privateKeyIds, 'privateKeyIds');
  },
  execute(ctx, p) {
    assertUniqueName(ctx, p.privateKeyTagName);
    const tags = ctx.store.tags.listByOrg(ctx.org.organizationId);
    const limit = ctx.org.parentOrganizationId === undefined ? TAG_LIMIT.organization : TAG_LIMIT.subOrganization;
    if (tags.length >= limit) throw resourceExhausted(`organization has reached the maximum of ${limit} tags`);
    const now = ctx.env.now();
    const record: TagRecord = {
      tagId: ctx.env.uuid(),
      organizationId: ctx.org.organizationId,
      tagName: p.privateKeyTagName,
      tagType: 'TAG_TYPE_PRIVATE_KEY',
      privateKeyIds: [...new Set(p.privateKeyIds)],
      createdAt: now,
      updatedAt: now,
    };
    ctx.store.tags.insert(record);
    return { privateKeyTagId: record.tagId, privateKeyIds: record.privateKeyIds };
  },
};

/** Adding a member twice or removing a non-member changes nothing ([UNCONFIRMED] in the public docs). */
export const updatePrivateKeyTag: SubmitHandler<'update_private_key_tag'> = {
  validate(ctx, p) {
    findTag(ctx, p.privateKeyTagId);
    assertKeysExist(ctx, p.addPrivateKeyIds, 'addPrivateKeyIds');
    assertKeysExist(ctx, p.removePrivateKeyIds, 'removePrivateKeyIds');
    const both = p.addPrivateKeyIds.find((id) => p.removePrivateKeyIds.includes(id));
    if (both !== undefined)
      throw invalidArgument(`invalid request body: private key ${both} is in both addPrivateKeyIds and removePrivateKeyIds`);
  },
  execute(ctx, p) {
    const tag = findTag(ctx, p.privateKeyTagId);
    if (p.newPrivateKeyTagName !== undefined) assertUniqueName(ctx, p.newPrivateKeyTagName, tag.tagId);
    const members = new Set(tag.privateKeyIds);
    for (const id of p.addPrivateKeyIds) members.add(id);
    for (const id of p.removePrivateKeyIds) members.delete(id);
    ctx.store.tags.update({
      ...tag,
      tagName: p.newPrivateKeyTagName ?? tag.tagName,
      privateKeyIds: [...members],
      updatedAt: ctx.env.now(),
    });
    return { privateKeyTagId: tag.tagId };
  },
};

export const deletePrivateKeyTags: SubmitHandler<'delete_private_key_tags'> = {
  validate(ctx, p) {
    for (const id of p.privateKeyTagIds) findTag(ctx, id);
  },
  execute(ctx, p) {
    const keys = new Set<string>();
    for (const id of p.privateKeyTagIds) {
      const tag = findTag(ctx, id);
      for (const k of tag.privateKeyIds) keys.add(k);
      ctx.store.tags.delete(id);
    }
    return { privateKeyTagIds: p.privateKeyTagIds, privateKeyIds: [...keys] };
  },
};

/** Private-key tags only; user tags (TAG_TYPE_USER) belong to users. */
export const listPrivateKeyTags: QueryHandler<'list_private_key_tags'> = (ctx) => ({
  privateKeyTags: privateKeyTags(ctx).map((t) => renderTag(t, 'api')),
});
