// User (docs/service-behaviour.md#users): an API-only user, or a human user's identity fields (name, email,
// phone number). Passkeys and OAuth identities are enrolled by the person, not declared: a user adopted by id
// keeps them, and getUsers shows them. Its API keys are ApiKey resources and its tag membership is declared on
// the UserTag (one attribute, one owner), so this resource neither compares nor writes `userTags`: the field
// table's `userTags` is left out of the diff, a create sends no tags, and an update goes out as the
// per-field activities (update_user_name, _email, _phone_number), none of which can touch a user's tags — unlike
// update_user, where the service's handling of an omitted `userTagIds` is UNCONFIRMED. An empty email or phone
// number in those activities removes it (the generated types). Names need not be unique, so `adopt: { byName }`
// refuses when several users share the name. Deleting the user this stack signs as, or a root user, is refused
// (../common/lockout.ts).
import { z } from 'zod';
import { USER_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { UserParamsV4, type User as ServiceUser } from '@walletinfra/sdk/schemas';
import { exportedIdentity, retainedReason } from '../common/identity';
import { placementOf, selectorOf } from '../common/inputs';
import { userDeleteRefusal } from '../common/lockout';
import { defineKind } from '../kind';
import { USERS } from '../../session/lists';

const args = UserParamsV4.pick({ userName: true, userEmail: true, userPhoneNumber: true }).extend({
  allowLockout: z.boolean().optional(),
});

/** The per-field activity of each field an update changes ('' removes an email or phone number). */
const FIELD_WRITES = [
  ['userName', 'update_user_name'],
  ['userEmail', 'update_user_email'],
  ['userPhoneNumber', 'update_user_phone_number'],
] as const;

export const user = defineKind({
  type: 'User',
  member: 'user',
  // Listed by the service: read, adopt, create, update and delete are the shared steps (../common/listed.ts),
  // each write's request built by `writes` below.
  shape: 'listed',
  noun: 'user',
  plural: 'users',
  description:
    "A user of the organization: an API-only user (a CI job, a service), or a human user's name, email and phone number. " +
    'Its API keys are ApiKey resources and its tags are declared on UserTag; passkeys and OAuth identities are enrolled by the person.',
  table: USER_FIELD_TABLE,
  args,
  outputs: args.required({ allowLockout: true }).extend({ userId: z.string() }),
  idProperty: 'userId',
  docs: {
    userId: "The service's id of the user (also the resource's `id`): what ApiKey, UserTag and RootQuorum take.",
    userName: 'The name; the service does not require names to be unique.',
    userEmail: 'Optional email address; removing it from the program removes it from the user.',
    userPhoneNumber: 'Optional phone number in E.164 format, e.g. `+13214567890`; removing it removes it from the user.',
    allowLockout:
      'Accept deleting (or replacing) the user this stack signs as, which the provider otherwise refuses (checked before any write; no call to the service).',
  },
  defaults: { allowLockout: false },
  canonical: {
    userEmail: (v) => (v === '' ? undefined : v),
    userPhoneNumber: (v) => (v === '' ? undefined : v),
  },
  adopt: { flag: 'byName', doc: 'Take over the user with the same `userName` (refused when several users share it), or create one.' },
  // Membership is the UserTag's: the user's own diff leaves its tags alone.
  diff: {
    except: ['userTags'],
    refuseReplace: (ctx, id, olds, news, replaces) =>
      userDeleteRefusal(ctx, ctx.session(selectorOf(olds)), id, news.allowLockout === true, replaces),
  },
  ownChecks: ['userTags'],
  inputNames: { userTags: [] },
  inventory: {
    governs: 'identity',
    createdBy: [
      'ACTIVITY_TYPE_CREATE_USERS',
      'ACTIVITY_TYPE_CREATE_USERS_V2',
      'ACTIVITY_TYPE_CREATE_USERS_V3',
      'ACTIVITY_TYPE_CREATE_USERS_V4',
      'ACTIVITY_TYPE_CREATE_API_ONLY_USERS',
    ],
  },
  example: { name: 'alice', properties: { userName: 'Alice', userEmail: 'alice@example.com' } },
  export: {
    name: (u: ServiceUser) => u.userName,
    fallback: 'user',
    note: 'Tag membership is declared on the user tags, API keys as ApiKey resources; passkeys and OAuth identities stay with the person.',
    retain: (u: ServiceUser, snapshot) => {
      const { rootUserIds, ownPublicKey } = exportedIdentity(snapshot);
      const own = u.apiKeys.some((k) => k.credential.publicKey.toLowerCase() === ownPublicKey);
      return retainedReason('user', own, rootUserIds.has(u.userId));
    },
  },
  listing: { list: USERS, idOf: (u: ServiceUser) => u.userId },
  fromLive: (live: ServiceUser, state) => ({
    userId: live.userId,
    userName: live.userName,
    ...(live.userEmail !== undefined && live.userEmail !== '' ? { userEmail: live.userEmail } : {}),
    ...(live.userPhoneNumber !== undefined && live.userPhoneNumber !== '' ? { userPhoneNumber: live.userPhoneNumber } : {}),
    allowLockout: state.allowLockout === true,
    ...placementOf(state as Parameters<typeof placementOf>[0]),
  }),
  writes: {
    create: {
      operation: 'create_users',
      // Credentials and tags are other resources' (ApiKey, UserTag): the user is created without any.
      toRequest: (d) => ({
        users: [
          {
            userName: d.userName,
            ...(d.userEmail !== undefined ? { userEmail: d.userEmail } : {}),
            ...(d.userPhoneNumber !== undefined ? { userPhoneNumber: d.userPhoneNumber } : {}),
            apiKeys: [],
            authenticators: [],
            oauthProviders: [],
            userTags: [],
          },
        ],
      }),
      resultId: (r) => String((r.userIds as string[])[0]),
      resultOf: (u: ServiceUser) => ({ userIds: [u.userId] }),
      label: (d) => JSON.stringify(d.userName),
    },
    update: {
      operation: 'update_user',
      // The fields that differ from the live user, absent ones as '' (which removes them).
      toRequest: (live: ServiceUser, desired) => {
        const changed = FIELD_WRITES.filter(([f]) => (live[f] ?? '') !== (desired[f] ?? ''));
        if (changed.length === 0) return undefined;
        return { userId: live.userId, ...Object.fromEntries(changed.map(([f]) => [f, desired[f] ?? ''])) };
      },
      resultOf: (u: ServiceUser) => ({ userId: u.userId }),
      split: (p) =>
        FIELD_WRITES.filter(([f]) => p[f] !== undefined).map(([f, operation]) => ({
          operation,
          parameters: { userId: p.userId, [f]: p[f] },
        })),
    },
    delete: {
      operation: 'delete_users',
      toRequest: (id) => ({ userIds: [id] }),
      deleted: (id) => ({ userIds: [id] }),
      refuse: (ctx, session, id, props) => userDeleteRefusal(ctx, session, id, props.allowLockout === true),
    },
  },
});
