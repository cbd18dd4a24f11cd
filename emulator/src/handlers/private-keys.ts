// Private keys, as far as tags need them: the list query, whose `privateKeyTags` is the only place the
// service shows which keys a tag holds (docs.turnkey.com/api-reference/queries/list-private-keys). Keys
// come from a seed; the emulator does not create or sign with private keys.
import type { QueryHandler } from '../context';
import { renderPrivateKey } from '../render/private-key';

export const listPrivateKeys: QueryHandler<'list_private_keys'> = (ctx) => {
  const tags = ctx.store.tags.listByOrg(ctx.org.organizationId).filter((t) => t.tagType === 'TAG_TYPE_PRIVATE_KEY');
  return { privateKeys: ctx.store.privateKeys.listByOrg(ctx.org.organizationId).map((k) => renderPrivateKey(k, tags, 'api')) };
};
