// Lookups of who can act (docs/service-behaviour.md#users, #user-tags, #root-quorum): the users with everything
// the service reports about them (API keys, passkeys, OAuth identities, tag ids: read-only here, since passkeys
// and OAuth identities are enrolled by the person), the user tags with their members, and the root quorum. They
// read the same coalesced lists the User, UserTag and RootQuorum resources read.
import { z } from 'zod';
import { User } from '@walletinfra/sdk/schemas';
import { memberSet } from '../resources/common/members';
import { dataSource, selectorOfArgs, type ArgsOfDataSource, type ResultOfDataSource } from './define';
import { ROOT_QUORUM, USERS, USER_TAGS } from '../session/lists';

/** A user as the service reports it, with whether it is a member of the root quorum. */
const UserWithRoot = User.extend({ rootUser: z.boolean().describe('Whether the user is a member of the root quorum.') });

/** A user tag with its members (the users whose `userTags` hold its id). */
const UserTagView = z.object({
  userTagId: z.string().describe("The tag's id."),
  userTagName: z.string().describe("The tag's name."),
  userIds: z.array(z.string()).describe('The users holding the tag, sorted.'),
});
export type UserTagView = z.infer<typeof UserTagView>;

const ORGANIZATION_DOC = 'The organization that was read.';

export const GET_USERS = dataSource({
  name: 'getUsers',
  description:
    'Every user of the organization (list_users) with its API keys, passkeys, OAuth identities and tag ids, and whether it is a root user.',
  args: z.strictObject({ userName: z.string().optional() }),
  result: z.object({ organizationId: z.string(), users: z.array(UserWithRoot) }),
  docs: {
    userName: 'Only the users with this name (names need not be unique).',
    organizationId: ORGANIZATION_DOC,
    users: 'Each user as the service reports it, with `rootUser`: whether it is a member of the root quorum.',
  },
  read: async (ctx, a) => {
    const session = ctx.session(selectorOfArgs(a));
    const [users, [quorum]] = await Promise.all([session.list(USERS), session.list(ROOT_QUORUM)]);
    const root = new Set(quorum?.userIds ?? []);
    return {
      organizationId: session.organizationId,
      users: users
        .filter((u) => a.userName === undefined || u.userName === a.userName)
        .map((u) => ({ ...u, rootUser: root.has(u.userId) })),
    };
  },
});

export const GET_USER_TAGS = dataSource({
  name: 'getUserTags',
  description: 'Every user tag of the organization (list_user_tags) with its members.',
  args: z.strictObject({}),
  result: z.object({ organizationId: z.string(), userTags: z.array(UserTagView) }),
  docs: { organizationId: ORGANIZATION_DOC, userTags: 'Each user tag with the users holding it.' },
  read: async (ctx, a) => {
    const session = ctx.session(selectorOfArgs(a));
    const [tags, users] = await Promise.all([session.list(USER_TAGS), session.list(USERS)]);
    return {
      organizationId: session.organizationId,
      userTags: tags.map((t) => ({
        userTagId: t.tagId,
        userTagName: t.tagName,
        userIds: memberSet(users.filter((u) => u.userTags.includes(t.tagId)).map((u) => u.userId)),
      })),
    };
  },
});

export const GET_ROOT_QUORUM = dataSource({
  name: 'getRootQuorum',
  description: "The organization's root quorum (get_organization_configs): the root users and how many must approve.",
  args: z.strictObject({}),
  result: z.object({ organizationId: z.string(), threshold: z.number().int(), userIds: z.array(z.string()) }),
  docs: {
    organizationId: ORGANIZATION_DOC,
    threshold: 'How many root users must approve an activity that needs the root quorum.',
    userIds: 'The root users, sorted.',
  },
  read: async (ctx, a) => {
    const session = ctx.session(selectorOfArgs(a));
    const [quorum] = await session.list(ROOT_QUORUM);
    return { organizationId: session.organizationId, threshold: quorum?.threshold ?? 0, userIds: memberSet(quorum?.userIds ?? []) };
  },
});

export type GetUsersArgs = ArgsOfDataSource<typeof GET_USERS>;
export type GetUsersResult = ResultOfDataSource<typeof GET_USERS>;
export type GetUserTagsArgs = ArgsOfDataSource<typeof GET_USER_TAGS>;
export type GetUserTagsResult = ResultOfDataSource<typeof GET_USER_TAGS>;
export type GetRootQuorumArgs = ArgsOfDataSource<typeof GET_ROOT_QUORUM>;
export type GetRootQuorumResult = ResultOfDataSource<typeof GET_ROOT_QUORUM>;

export const IDENTITY_DATA_SOURCES = [GET_USERS, GET_USER_TAGS, GET_ROOT_QUORUM];
