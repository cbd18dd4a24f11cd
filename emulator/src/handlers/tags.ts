// Private-key tags: create activity and list query (docs/service-behaviour.md#private-key-tags). The emulator does not model
// private keys, so a tag can only be created empty (any private key id is unknown: 404).
import type { QueryHandler, SubmitHandler } from '../context';
import { invalidArgument, notFound, resourceExhausted } from '../errors';
import type { TagRecord } from '../store/records';
import { renderTag } from '../render/tag';

/** docs/service-behaviour.md#private-key-tags (resource limits): 100 tags per parent organization, 10 per sub-organization. */
export const TAG_LIMIT = { organization: 100, subOrganization: 10 } as const;

export const createPrivateKeyTag: SubmitHandler<'create_private_key_tag'> = {
  validate(_ctx, p) {
    const first = p.privateKeyIds[0];
    if (first !== undefined) throw notFound(`no private key found with ID ${first}`);
  },
  execute(ctx, p) {
    const tags = ctx.store.tags.listByOrg(ctx.org.organizationId);
    if (tags.some((t) => t.tagType === 'TAG_TYPE_PRIVATE_KEY' && t.tagName === p.privateKeyTagName)) {
      throw invalidArgument('private key tag name must be unique');
    }
    const limit = ctx.org.parentOrganizationId === undefined ? TAG_LIMIT.organization : TAG_LIMIT.subOrganization;
    if (tags.length >= limit) throw resourceExhausted(`organization has reached the maximum of ${limit} tags`);
    const now = ctx.env.now();
    const record: TagRecord = {
      tagId: ctx.env.uuid(),
      organizationId: ctx.org.organizationId,
      tagName: p.privateKeyTagName,
      tagType: 'TAG_TYPE_PRIVATE_KEY',
      privateKeyIds: [],
      createdAt: now,
      updatedAt: now,
    };
    ctx.store.tags.insert(record);
    return { privateKeyTagId: record.tagId, privateKeyIds: [] };
  },
};

/** Private-key tags only; user tags (TAG_TYPE_USER) belong to users (docs/service-behaviour.md#private-key-tags). */
export const listPrivateKeyTags: QueryHandler<'list_private_key_tags'> = (ctx) => ({
  privateKeyTags: ctx.store.tags
    .listByOrg(ctx.org.organizationId)
    .filter((t) => t.tagType === 'TAG_TYPE_PRIVATE_KEY')
    .map((t) => renderTag(t, 'api')),
});
