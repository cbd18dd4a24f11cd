// Lookups of who can act (docs/service-behaviour.md#users, #user-tags, #root-quorum): the users with everything
// the service reports about them (API keys, passkeys, OAuth identities, tag ids: read-only here, since passkeys
// and OAuth identities are enrolled by the person), the user tags with their members, and the root quorum. They
// read the same coalesced lists the User, UserTag and RootQuorum resources read.
import type { User } from '@walletinfra/sdk';
import type { ProviderContext } from '../runtime/context';
import { ROOT_QUORUM, USER_TAGS, USERS } from '../resources/common/identity';
import { memberSet } from '../resources/common/members';
import { define, selectorOfArgs, type LookupSelector } from './define';

export interface GetUsersArgs extends LookupSelector {
  /** Only the users with this name (names need not be unique). */
  userName?: string;
}
export interface GetUsersResult {
  organizationId: string;
  /** Each user as the service reports it, with `rootUser`: whether it is a member of the root quorum. */
  users: Array<User & { rootUser: boolean }>;
}

export type GetUserTagsArgs = LookupSelector;
/** A user tag with its members (the users whose `userTags` hold its id). */
export interface UserTagView {
  userTagId: string;
  userTagName: string;
  userIds: string[];
}
export interface GetUserTagsResult {
  organizationId: string;
  userTags: UserTagView[];
}

export type GetRootQuorumArgs = LookupSelector;
export interface GetRootQuorumResult {
  organizationId: string;
  threshold: number;
  /** The root users, sorted. */
  userIds: string[];
}

export function identityLookups(context: () => ProviderContext) {
  return {
    users: define<GetUsersArgs, GetUsersResult>('getUsers', ['userName'], context, async (ctx, a) => {
      const session = ctx.session(selectorOfArgs(a));
      const [users, [quorum]] = await Promise.all([session.list(USERS), session.list(ROOT_QUORUM)]);
      const root = new Set(quorum?.userIds ?? []);
      return {
        organizationId: session.organizationId,
        users: users
          .filter((u) => a.userName === undefined || u.userName === a.userName)
          .map((u) => ({ ...u, rootUser: root.has(u.userId) })),
      };
    }),
    userTags: define<GetUserTagsArgs, GetUserTagsResult>('getUserTags', [], context, async (ctx, a) => {
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
    }),
    rootQuorum: define<GetRootQuorumArgs, GetRootQuorumResult>('getRootQuorum', [], context, async (ctx, a) => {
      const session = ctx.session(selectorOfArgs(a));
      const [quorum] = await session.list(ROOT_QUORUM);
      return { organizationId: session.organizationId, threshold: quorum?.threshold ?? 0, userIds: memberSet(quorum?.userIds ?? []) };
    }),
  };
}
