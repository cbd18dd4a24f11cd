// PrivateKeyTag: a name and the private keys it holds. The service lists tags without members; each
// private key lists its tags (list_private_keys), so a tag's live object joins two coalesced lists, and
// its members are read from the keys. Member ids are a set: sorted and de-duplicated on both sides of every
// comparison. A rename and a membership change go out as ONE update_private_key_tag with add/remove sets
// computed against the live members. Names are unique.
import { z } from 'zod';
import type { PrivateKey, PrivateKeyTag as ServicePrivateKeyTag } from '@walletinfra/sdk';
import { PRIVATE_KEY_TAG_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { CreatePrivateKeyTagIntent } from '@walletinfra/sdk/schemas';
import type { OrgSession } from '../../session';
import { containsUnknown } from '../../unknown';
import type { CheckFailure } from '../common/check';
import { placementOf } from '../common/inputs';
import { serviceList } from '../../session/object-lists';
import { defineKind } from '../kind';

function memberSet(ids: readonly string[]): string[] {
  return [...new Set(ids)].sort();
}

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

/** Every tag of the organization, private-key tags and user tags alike (list_private_key_tags). */
export const TAGS = serviceList<ServicePrivateKeyTag>('privateKeyTags', async (c) => (await c.listPrivateKeyTags({})).privateKeyTags);
/** Every private key: each carries the ids of its tags, the only place tag membership shows. */
export const PRIVATE_KEYS = serviceList<PrivateKey>('privateKeys', async (c) => (await c.listPrivateKeys({})).privateKeys);

async function readTags(session: OrgSession, fresh: boolean): Promise<LiveTag[]> {
  if (fresh) {
    session.invalidate(TAGS);
    session.invalidate(PRIVATE_KEYS);
  }
  const [tags, keys] = await Promise.all([session.list(TAGS), session.list(PRIVATE_KEYS)]);
  return liveTags(tags, keys);
}

function duplicateFailures(news: Record<string, unknown>): CheckFailure[] {
  const ids = news.privateKeyIds;
  if (!Array.isArray(ids) || containsUnknown(ids)) return [];
  const first = new Map<unknown, number>();
  const out: CheckFailure[] = [];
  ids.forEach((id, i) => {
    const earlier = first.get(id);
    if (earlier === undefined) first.set(id, i);
    else
      out.push({
        property: 'privateKeyIds',
        reason: `privateKeyIds[${i}]: ${String(id)} repeats privateKeyIds[${earlier}]; list each private key once`,
      });
  });
  return out;
}

/** update_private_key_tag for what differs from the live tag, or undefined when nothing does. */
function updateParameters(live: LiveTag, desired: Record<string, unknown>): Record<string, unknown> | undefined {
  const wanted = desired.privateKeyIds as string[];
  const current = new Set(live.members);
  const keep = new Set(wanted);
  const p: Record<string, unknown> = {
    privateKeyTagId: live.tag.tagId,
    addPrivateKeyIds: wanted.filter((id) => !current.has(id)),
    removePrivateKeyIds: live.members.filter((id) => !keep.has(id)),
  };
  if (live.tag.tagName !== desired.privateKeyTagName) p.newPrivateKeyTagName = desired.privateKeyTagName;
  const changes =
    (p.addPrivateKeyIds as string[]).length + (p.removePrivateKeyIds as string[]).length + (p.newPrivateKeyTagName !== undefined ? 1 : 0);
  return changes > 0 ? p : undefined;
}

export const privateKeyTag = defineKind({
  type: 'PrivateKeyTag',
  member: 'privateKeyTag',
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
  canonical: { privateKeyIds: (v) => (Array.isArray(v) && !containsUnknown(v) ? memberSet(v.map(String)) : v) },
  adopt: { flag: 'byName', doc: 'Take over the private-key tag with the same `privateKeyTagName` (names are unique), or create it.' },
  check: { late: duplicateFailures },
  export: { name: (t: LiveTag) => t.tag.tagName, fallback: 'tag', section: 'Private-key tags' },
  listing: {
    list: TAGS,
    alsoReads: [PRIVATE_KEYS],
    read: readTags,
    idOf: (t: LiveTag) => t.tag.tagId,
    listedIdOf: (t) => (t as ServicePrivateKeyTag).tagId,
  },
  form: (live: LiveTag, state) => ({
    privateKeyTagId: live.tag.tagId,
    privateKeyTagName: live.tag.tagName,
    privateKeyIds: live.members,
    ...placementOf(state as Parameters<typeof placementOf>[0]),
  }),
  writes: {
    create: {
      operation: 'create_private_key_tag',
      parameters: (d) => ({ privateKeyTagName: d.privateKeyTagName, privateKeyIds: d.privateKeyIds }),
      resultId: (r) => String(r.privateKeyTagId),
      resultOf: (t: LiveTag) => ({ privateKeyTagId: t.tag.tagId, privateKeyIds: t.members }),
      label: (d) => JSON.stringify(d.privateKeyTagName),
    },
    update: {
      operation: 'update_private_key_tag',
      parameters: (live: LiveTag, desired) => updateParameters(live, desired),
      resultOf: (t: LiveTag) => ({ privateKeyTagId: t.tag.tagId }),
    },
    delete: {
      operation: 'delete_private_key_tags',
      parameters: (id) => ({ privateKeyTagIds: [id] }),
      deleted: (id) => ({ privateKeyTagIds: [id], privateKeyIds: [] }),
    },
  },
});
