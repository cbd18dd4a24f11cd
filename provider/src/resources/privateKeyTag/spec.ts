// PrivateKeyTag: a name and the private keys it holds. The service lists tags without members; each
// private key lists its tags (list_private_keys), so a tag's live object joins two coalesced lists, and
// its members are read from the keys. Member ids are a set: sorted and de-duplicated on both sides of every
// comparison. A rename and a membership change go out as ONE update_private_key_tag with add/remove sets
// computed against the live members (../common/members.ts, shared with UserTag). Names are unique.
import { z } from 'zod';
import { PRIVATE_KEY_TAG_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { CreatePrivateKeyTagIntent, type PrivateKey, type PrivateKeyTag as ServicePrivateKeyTag } from '@walletinfra/sdk/schemas';
import type { OrgSession } from '../../session';
import { placementOf } from '../common/inputs';
import { canonicalMembers, memberSet, membershipUpdate, repeatedMembers } from '../common/members';
import { defineKind } from '../kind';
import { PRIVATE_KEYS, PRIVATE_KEY_TAGS } from '../../session/lists';

/** The ids of the keys that carry the tag. */
function membersOf(tagId: string, keys: readonly PrivateKey[]): string[] {
  return memberSet(keys.filter((k) => k.privateKeyTags.includes(tagId)).map((k) => k.privateKeyId));
}

/** A private-key tag as the service has it, with its members. */
export interface LiveTag {
  tag: ServicePrivateKeyTag;
  members: string[];
}

/** The private-key tags among `tags` (list_private_key_tags lists user tags too), each with its members. */
export function liveTags(tags: readonly ServicePrivateKeyTag[], keys: readonly PrivateKey[]): LiveTag[] {
  return tags.filter((t) => t.tagType === 'TAG_TYPE_PRIVATE_KEY').map((tag) => ({ tag, members: membersOf(tag.tagId, keys) }));
}

async function readTags(session: OrgSession, fresh: boolean): Promise<LiveTag[]> {
  if (fresh) {
    session.invalidate(PRIVATE_KEY_TAGS);
    session.invalidate(PRIVATE_KEYS);
  }
  const [tags, keys] = await Promise.all([session.list(PRIVATE_KEY_TAGS), session.list(PRIVATE_KEYS)]);
  return liveTags(tags, keys);
}

const UPDATE_FIELDS = {
  id: 'privateKeyTagId',
  newName: 'newPrivateKeyTagName',
  add: 'addPrivateKeyIds',
  remove: 'removePrivateKeyIds',
} as const;

export const privateKeyTag = defineKind({
  type: 'PrivateKeyTag',
  member: 'privateKeyTag',
  // Listed by the service: read, adopt, create, update and delete are the shared steps (../common/listed.ts),
  // each write's request built by `writes` below.
  shape: 'listed',
  noun: 'private key tag',
  plural: 'private-key tags',
  description: 'A private-key tag: a name the policy language can match, and the private keys that carry it.',
  table: PRIVATE_KEY_TAG_FIELD_TABLE,
  args: CreatePrivateKeyTagIntent.partial({ privateKeyIds: true }),
  outputs: CreatePrivateKeyTagIntent.extend({ privateKeyTagId: z.string() }),
  idProperty: 'privateKeyTagId',
  docs: {
    privateKeyTagId: "The service's id of the tag (also the resource's `id`).",
    privateKeyTagName: 'The name; names are unique in an organization.',
    privateKeyIds: 'The private keys the tag holds (default none); sorted, each once.',
  },
  defaults: { privateKeyIds: [] },
  canonical: { privateKeyIds: canonicalMembers },
  adopt: { flag: 'byName', doc: 'Take over the private-key tag with the same `privateKeyTagName` (names are unique), or create it.' },
  check: { late: repeatedMembers('privateKeyIds', 'private key') },
  inventory: { governs: 'policy', createdBy: ['ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'] },
  export: { name: (t: LiveTag) => t.tag.tagName, fallback: 'tag', section: 'Private-key tags' },
  example: { name: 'hot-wallet', properties: { privateKeyTagName: 'hot-wallet', privateKeyIds: [] } },
  listing: {
    list: PRIVATE_KEY_TAGS,
    alsoReads: [PRIVATE_KEYS],
    read: readTags,
    idOf: (t: LiveTag) => t.tag.tagId,
    listedIds: (t) => [(t as ServicePrivateKeyTag).tagId],
  },
  fromLive: (live: LiveTag, state) => ({
    privateKeyTagId: live.tag.tagId,
    privateKeyTagName: live.tag.tagName,
    privateKeyIds: live.members,
    ...placementOf(state as Parameters<typeof placementOf>[0]),
  }),
  writes: {
    create: {
      operation: 'create_private_key_tag',
      toRequest: (d) => ({ privateKeyTagName: d.privateKeyTagName, privateKeyIds: d.privateKeyIds }),
      resultId: (r) => String(r.privateKeyTagId),
      resultOf: (t: LiveTag) => ({ privateKeyTagId: t.tag.tagId, privateKeyIds: t.members }),
      label: (d) => JSON.stringify(d.privateKeyTagName),
    },
    update: {
      operation: 'update_private_key_tag',
      toRequest: (live: LiveTag, desired) =>
        membershipUpdate(
          UPDATE_FIELDS,
          { id: live.tag.tagId, name: live.tag.tagName, members: live.members },
          { name: String(desired.privateKeyTagName), members: desired.privateKeyIds as string[] },
        ),
      resultOf: (t: LiveTag) => ({ privateKeyTagId: t.tag.tagId }),
    },
    delete: {
      operation: 'delete_private_key_tags',
      toRequest: (id) => ({ privateKeyTagIds: [id] }),
      deleted: (id) => ({ privateKeyTagIds: [id], privateKeyIds: [] }),
    },
  },
});
