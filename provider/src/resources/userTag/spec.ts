// UserTag (docs/service-behaviour.md#user-tags): a name that consensus rules match
// (`approvers.any(user, user.tags.contains('<tag id>'))`) and the users who carry it. The tag owns its
// membership: `userIds` is declared here and nowhere else, and User neither reads its tags into its diff nor
// writes them (provider README, "One attribute, one owner"). The service lists tags without members and each
// user lists the ids of its tags (list_users), so a tag's live object joins the two coalesced lists, and a
// rename and a membership change go out as ONE update_user_tag with add/remove sets computed against the live
// members (../common/members.ts, shared with PrivateKeyTag). Names are unique among user tags.
import { z } from 'zod';
import { USER_TAG_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { CreateUserTagIntent, type UserTag as ServiceUserTag } from '@walletinfra/sdk/schemas';
import type { ProviderContext } from '../../context';
import type { OrgSession } from '../../session';
import { containsUnknown } from '../../wire';
import type { CheckFailure } from '../common/check';
import { placementOf, selectorOf } from '../common/inputs';
import { canonicalMembers, memberSet, membershipUpdate, repeatedMembers } from '../common/members';
import { ConfigValue, defineKind } from '../kind';
import { USERS, USER_TAGS } from '../../session/lists';

/** A user tag as the service has it, with its members (the users whose `userTags` hold its id). */
export interface LiveUserTag {
  tag: ServiceUserTag;
  members: string[];
}

async function readUserTags(session: OrgSession, fresh: boolean): Promise<LiveUserTag[]> {
  if (fresh) {
    session.invalidate(USER_TAGS);
    session.invalidate(USERS);
  }
  const [tags, users] = await Promise.all([session.list(USER_TAGS), session.list(USERS)]);
  return tags.map((tag) => ({ tag, members: memberSet(users.filter((u) => u.userTags.includes(tag.tagId)).map((u) => u.userId)) }));
}

/** Every member must be a user of the organization, or one a User resource of this deployment declares. */
async function unknownMembers(news: Record<string, unknown>, ctx: ProviderContext): Promise<CheckFailure[]> {
  const ids = news.userIds;
  if (!Array.isArray(ids) || ids.length === 0 || containsUnknown(ids)) return [];
  const session = ctx.session(selectorOf(news));
  const users = new Set((await session.list(USERS)).map((u) => u.userId));
  const missing = (ids as string[]).flatMap((id, i) =>
    users.has(id) || ctx.ownership.isDeclared('User', id) ? [] : [`userIds[${i}] ${id}`],
  );
  if (missing.length === 0) return [];
  return [
    {
      property: 'userIds',
      reason:
        `${missing.join(', ')}: no such user in organization ${session.organizationId}; ` +
        "name users by their User resources' id or by the id of an existing user",
    },
  ];
}

const UPDATE_FIELDS = { id: 'userTagId', newName: 'newUserTagName', add: 'addUserIds', remove: 'removeUserIds' } as const;

export const userTag = defineKind({
  type: 'UserTag',
  member: 'userTag',
  // Listed by the service: read, adopt, create, update and delete are the shared steps (../common/listed.ts),
  // each write's request built by `writes` below.
  shape: 'listed',
  noun: 'user tag',
  plural: 'user tags',
  description:
    "A user tag: a name that consensus rules match (`user.tags.contains('<tag id>')`), and the users who carry it. " +
    'The tag owns its membership: users are added and removed here, never on the User.',
  table: USER_TAG_FIELD_TABLE,
  args: CreateUserTagIntent.partial({ userIds: true }),
  outputs: CreateUserTagIntent.extend({ userTagId: z.string() }),
  idProperty: 'userTagId',
  docs: {
    userTagId: "The service's id of the tag (also the resource's `id`): what a consensus names, e.g. `user.tags.contains('<id>')`.",
    userTagName: 'The name; names are unique among user tags.',
    userIds: 'The users who carry the tag (default none); sorted, each once. The only place membership is declared.',
  },
  defaults: { userIds: [] },
  canonical: { userIds: canonicalMembers },
  adopt: { flag: 'byName', doc: 'Take over the user tag with the same `userTagName` (names are unique), or create it.' },
  unique: {
    property: 'userTagName',
    why: 'the service allows one user tag per name, so one of them would fail or fight the other; give each its own userTagName',
  },
  check: { late: repeatedMembers('userIds', 'user'), remote: unknownMembers },
  inventory: { governs: 'identity', createdBy: ['ACTIVITY_TYPE_CREATE_USER_TAG'] },
  example: {
    name: 'approvers',
    properties: {
      userTagName: 'approvers',
      userIds: [
        new ConfigValue('aliceUserId', 'the id of a user of the organization', '<userId of alice>'),
        new ConfigValue('bobUserId', 'the id of another user of the organization', '<userId of bob>'),
      ],
    },
  },
  export: { name: (t: LiveUserTag) => t.tag.tagName, fallback: 'user-tag', section: 'User tags' },
  listing: {
    list: USER_TAGS,
    alsoReads: [USERS],
    read: readUserTags,
    idOf: (t: LiveUserTag) => t.tag.tagId,
    listedIds: (t) => [(t as ServiceUserTag).tagId],
  },
  fromLive: (live: LiveUserTag, state) => ({
    userTagId: live.tag.tagId,
    userTagName: live.tag.tagName,
    userIds: live.members,
    ...placementOf(state as Parameters<typeof placementOf>[0]),
  }),
  writes: {
    create: {
      operation: 'create_user_tag',
      toRequest: (d) => ({ userTagName: d.userTagName, userIds: d.userIds }),
      resultId: (r) => String(r.userTagId),
      resultOf: (t: LiveUserTag) => ({ userTagId: t.tag.tagId, userIds: t.members }),
      label: (d) => JSON.stringify(d.userTagName),
    },
    update: {
      operation: 'update_user_tag',
      toRequest: (live: LiveUserTag, desired) =>
        membershipUpdate(
          UPDATE_FIELDS,
          { id: live.tag.tagId, name: live.tag.tagName, members: live.members },
          { name: String(desired.userTagName), members: desired.userIds as string[] },
        ),
      resultOf: (t: LiveUserTag) => ({ userTagId: t.tag.tagId }),
    },
    delete: {
      operation: 'delete_user_tags',
      toRequest: (id) => ({ userTagIds: [id] }),
      deleted: (id) => ({ userTagIds: [id], userIds: [] }),
    },
  },
});
