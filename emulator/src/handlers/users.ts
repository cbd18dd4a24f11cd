// Users: create (V4, and API-only), update (all fields, or one at a time), delete, list, get
// (docs/service-behaviour.md#users; @turnkey/http's generated `v1CreateUsersIntentV4`, `v1CreateApiOnlyUsersIntent`,
// `v1UpdateUserIntent` and its per-field variants, `v1DeleteUsersIntent`, `v1GetUsersRequest`, `v1GetUserRequest`).
import type { QueryHandler, RequestContext, SubmitHandler } from '../context';
import { invalidArgument, resourceExhausted } from '../errors';
import { isRootQuorumMember } from '../identity';
import { renderUser } from '../render/identity';
import type { UserRecord } from '../store/records';
import { addApiKey, createUser, oidcClaimsOf, type NewOauthProvider, type NewUser } from './accounts';
import { findUser, findUsers, findUserTags } from './identity-lookups';
import { setUserTags } from './user-tags';

/** Users per organization (docs.turnkey.com/reference/resource-limits). */
export const USER_LIMIT = 100;

function assertRoomForUsers(ctx: RequestContext, count: number): void {
  if (ctx.store.users.countByOrg(ctx.org.organizationId) + count > USER_LIMIT) {
    throw resourceExhausted(`organization has reached the maximum of ${USER_LIMIT} users`);
  }
}

/**
 * An OAuth provider names its identity by an OIDC token or by its claims. The emulator reads the token's `iss`,
 * `sub` and `aud` without verifying its signature (it cannot reach the issuer's keys).
 */
function checkOauthProviders(providers: readonly NewOauthProvider[], field: string): void {
  providers.forEach((o, i) => {
    if (o.oidcClaims !== undefined) return;
    if (o.oidcToken === undefined) {
      throw invalidArgument(`invalid request body: ${field}[${i}]: give oidcToken or oidcClaims`, {
        turnkeyErrorCode: 'INVALID_OIDC_TOKEN',
      });
    }
    if (oidcClaimsOf(o.oidcToken) === undefined) {
      throw invalidArgument(`invalid request body: ${field}[${i}].oidcToken: must be an OIDC token (a JWT with iss, sub and aud claims)`, {
        turnkeyErrorCode: 'INVALID_OIDC_TOKEN',
      });
    }
  });
}

export const createUsers: SubmitHandler<'create_users'> = {
  validate(ctx, p) {
    p.users.forEach((u, i) => {
      const path = `parameters.users[${i}]`;
      if (u.authenticators.length > 0) {
        throw invalidArgument(
          `invalid request body: ${path}.authenticators: passkey attestation is not supported by the emulator; register passkeys with POST /__admin/users`,
        );
      }
      checkOauthProviders(u.oauthProviders, `${path}.oauthProviders`);
      findUserTags(ctx, u.userTags, `${path}.userTags`);
    });
  },
  execute(ctx, p) {
    assertRoomForUsers(ctx, p.users.length);
    const userIds = p.users.map((u, i) => {
      const path = `parameters.users[${i}]`;
      const tags = findUserTags(ctx, u.userTags, `${path}.userTags`).map((t) => t.tagId);
      const input: NewUser = {
        userName: u.userName,
        userEmail: u.userEmail,
        userPhoneNumber: u.userPhoneNumber,
        userTags: [...new Set(tags)],
        oauthProviders: u.oauthProviders,
      };
      const user = createUser(ctx, ctx.org, input);
      u.apiKeys.forEach((k, j) => addApiKey(ctx, user, k, `${path}.apiKeys[${j}]`));
      return user.userId;
    });
    return { userIds };
  },
};

/** API-only users: no phone number, no passkeys, P-256 keys (`apiApiKeyParams` has no curve). */
export const createApiOnlyUsers: SubmitHandler<'create_api_only_users'> = {
  validate(ctx, p) {
    p.apiOnlyUsers.forEach((u, i) => findUserTags(ctx, u.userTags, `parameters.apiOnlyUsers[${i}].userTags`));
  },
  execute(ctx, p) {
    assertRoomForUsers(ctx, p.apiOnlyUsers.length);
    const userIds = p.apiOnlyUsers.map((u, i) => {
      const path = `parameters.apiOnlyUsers[${i}]`;
      const tags = findUserTags(ctx, u.userTags, `${path}.userTags`).map((t) => t.tagId);
      const user = createUser(ctx, ctx.org, { userName: u.userName, userEmail: u.userEmail, userTags: [...new Set(tags)] });
      u.apiKeys.forEach((k, j) => addApiKey(ctx, user, { ...k, curveType: 'API_KEY_CURVE_P256' }, `${path}.apiKeys[${j}]`));
      return user.userId;
    });
    return { userIds };
  },
};

/** The fields of a user an update may change; `''` removes an email or phone number. */
interface UserChanges {
  userName?: string | undefined;
  userEmail?: string | undefined;
  userPhoneNumber?: string | undefined;
}

function applyChanges(ctx: RequestContext, user: UserRecord, changes: UserChanges): UserRecord {
  const next: UserRecord = { ...user, updatedAt: ctx.env.now() };
  if (changes.userName !== undefined) next.userName = changes.userName;
  for (const field of ['userEmail', 'userPhoneNumber'] as const) {
    const value = changes[field];
    if (value === undefined) continue;
    if (value === '') delete next[field];
    else next[field] = value;
  }
  ctx.store.users.update(next);
  return next;
}

/**
 * Omitted fields are kept; `userTagIds`, when given, is the user's whole tag list (docs/service-behaviour.md#users,
 * UNCONFIRMED: the generated types call it "an updated list of User Tags to apply to this User").
 */
export const updateUser: SubmitHandler<'update_user'> = {
  validate(ctx, p) {
    findUser(ctx, p.userId, 'parameters.userId');
    if (p.userTagIds !== undefined) findUserTags(ctx, p.userTagIds, 'parameters.userTagIds');
  },
  execute(ctx, p) {
    const user = applyChanges(ctx, findUser(ctx, p.userId, 'parameters.userId'), p);
    if (p.userTagIds !== undefined) {
      setUserTags(
        ctx,
        user,
        findUserTags(ctx, p.userTagIds, 'parameters.userTagIds').map((t) => t.tagId),
      );
    }
    return { userId: user.userId };
  },
};

export const updateUserName: SubmitHandler<'update_user_name'> = {
  validate(ctx, p) {
    findUser(ctx, p.userId, 'parameters.userId');
  },
  execute(ctx, p) {
    return { userId: applyChanges(ctx, findUser(ctx, p.userId, 'parameters.userId'), { userName: p.userName }).userId };
  },
};

/** `verificationToken` is accepted and not checked: the emulator sends no verification mail (README). */
export const updateUserEmail: SubmitHandler<'update_user_email'> = {
  validate(ctx, p) {
    findUser(ctx, p.userId, 'parameters.userId');
  },
  execute(ctx, p) {
    return { userId: applyChanges(ctx, findUser(ctx, p.userId, 'parameters.userId'), { userEmail: p.userEmail }).userId };
  },
};

export const updateUserPhoneNumber: SubmitHandler<'update_user_phone_number'> = {
  validate(ctx, p) {
    findUser(ctx, p.userId, 'parameters.userId');
  },
  execute(ctx, p) {
    return { userId: applyChanges(ctx, findUser(ctx, p.userId, 'parameters.userId'), { userPhoneNumber: p.userPhoneNumber }).userId };
  },
};

/**
 * Deletes each user with everything that is theirs: API keys, passkeys, MFA policies; their tag memberships lived
 * on them. A member of the root quorum is refused: the quorum must first be changed without it
 * (docs/service-behaviour.md#root-quorum, UNCONFIRMED: the service's docs do not say).
 */
export const deleteUsers: SubmitHandler<'delete_users'> = {
  validate(ctx, p) {
    findUsers(ctx, p.userIds, 'parameters.userIds');
  },
  execute(ctx, p) {
    const org = ctx.store.organizations.get(ctx.org.organizationId) ?? ctx.org;
    const users = findUsers(ctx, p.userIds, 'parameters.userIds');
    users.forEach((user, i) => {
      if (isRootQuorumMember(org, user.userId)) {
        throw invalidArgument(
          `cannot delete user ${user.userId} (parameters.userIds[${i}]): it is a member of the root quorum; remove it from the quorum with ACTIVITY_TYPE_UPDATE_ROOT_QUORUM first`,
        );
      }
    });
    const ids = [...new Set(users.map((u) => u.userId))];
    for (const userId of ids) deleteUserRecords(ctx, userId);
    return { userIds: ids };
  },
};

function deleteUserRecords(ctx: RequestContext, userId: string): void {
  const orgId = ctx.org.organizationId;
  for (const k of ctx.store.apiKeys.listByOrg(orgId)) if (k.userId === userId) ctx.store.apiKeys.delete(k.apiKeyId);
  for (const a of ctx.store.authenticators.listByOrg(orgId)) if (a.userId === userId) ctx.store.authenticators.delete(a.authenticatorId);
  for (const m of ctx.store.mfaPolicies.findByKey(userId)) ctx.store.mfaPolicies.delete(m.mfaPolicyId);
  ctx.store.users.delete(userId);
}

/** Oldest first, with their credentials and tag ids (no pagination in the generated types). */
export const listUsers: QueryHandler<'list_users'> = (ctx) => ({
  users: ctx.store.users.listByOrg(ctx.org.organizationId).map((u) => renderUser(ctx.store, u, 'api')),
});

export const getUser: QueryHandler<'get_user'> = (ctx, body) => ({
  user: renderUser(ctx.store, findUser(ctx, body.userId), 'api'),
});
