// ApiKey (docs/service-behaviour.md#api-keys): the PUBLIC half of a key pair made elsewhere (a CI system, an
// HSM), registered for a user with a name, a curve and an optional expiry. The service never sees a private
// key and neither does this resource: `check` refuses a value with a private key's length, without quoting it.
//
// There is no update: every field replaces. Pulumi's default replacement creates the new key before it deletes
// the old one (the delete of a replaced resource runs after the rest of the update), so a rotation to a new
// public key has no moment without a valid key. A public key names one credential in an organization, so a
// change that keeps the public key (a new name, curve, expiry or user) cannot create first: that replacement
// deletes first, and `diff` says so (`deleteBeforeReplace`). Replacing or deleting the key this stack signs with
// is refused (../common/lockout.ts), and the program registers a resource that declares that key literally with
// a before-delete hook that applies the same refusal (../../program/delete-guard.ts), so that removing it from the program
// is refused at preview too.
//
// Keys are read from list_users (each user lists its keys), the list User reads too: a refresh of any number of
// users and keys is one request.
import { z } from 'zod';
import type { ApiKey as ServiceApiKey, User } from '@walletinfra/sdk/schemas';
import { API_KEY_FIELD_TABLE, apiPublicKeyProblem, hasPrivateKeyLength } from '@walletinfra/sdk/rules';
import type { ProviderContext } from '../../context';
import type { OrgSession } from '../../session';
import { containsUnknown, isUnknown } from '../../wire';
import type { CheckFailure } from '../common/check';
import { exportedIdentity, retainedReason } from '../common/identity';
import { placementOf, selectorOf } from '../common/inputs';
import { apiKeyDeleteRefusal } from '../common/lockout';
import { ConfigValue, defineKind, type InputsOf } from '../kind';
import { USERS } from '../../session/lists';

/** An API key with the user holding it. */
export interface LiveApiKey {
  userId: string;
  key: ServiceApiKey;
}

const CURVE_OF_TYPE: Readonly<Record<string, 'API_KEY_CURVE_P256' | 'API_KEY_CURVE_SECP256K1' | 'API_KEY_CURVE_ED25519'>> = {
  CREDENTIAL_TYPE_API_KEY_P256: 'API_KEY_CURVE_P256',
  CREDENTIAL_TYPE_API_KEY_SECP256K1: 'API_KEY_CURVE_SECP256K1',
  CREDENTIAL_TYPE_API_KEY_ED25519: 'API_KEY_CURVE_ED25519',
};

/** Flattened once per list read: a refresh reads every key from the same coalesced `list_users` answer. */
const flattened = new WeakMap<readonly User[], LiveApiKey[]>();

/** The API keys among users' credentials (session and one-time keys are credentials too, but no ApiKey's). */
export function apiKeysOf(users: readonly User[]): LiveApiKey[] {
  let keys = flattened.get(users);
  if (keys === undefined) {
    keys = users.flatMap((u) =>
      u.apiKeys.filter((k) => CURVE_OF_TYPE[k.credential.type] !== undefined).map((key) => ({ userId: u.userId, key })),
    );
    flattened.set(users, keys);
  }
  return keys;
}

async function readApiKeys(session: OrgSession, fresh: boolean): Promise<LiveApiKey[]> {
  return apiKeysOf(await (fresh ? session.relist(USERS) : session.list(USERS)));
}

/** The public key for its curve, by the sdk's rule (never quoting the value: it may be a private key pasted by mistake). */
function publicKeyFailures(news: Record<string, unknown>): CheckFailure[] {
  const { publicKey, curveType } = news;
  if (typeof publicKey !== 'string' || isUnknown(publicKey) || isUnknown(curveType)) return [];
  const curve = typeof curveType === 'string' ? curveType : 'API_KEY_CURVE_P256';
  const problem = apiPublicKeyProblem(curve, publicKey);
  if (problem === undefined) return [];
  const privateKey = hasPrivateKeyLength(curve, publicKey)
    ? '; this value is 32 bytes, the length of a private key: give the public key, and keep the private key where it was made'
    : '';
  return [{ property: 'publicKey', reason: `${problem}${privateKey}` }];
}

/** The user must exist (or be declared by this deployment), and the public key must not be another key's already. */
async function serviceFailures(
  news: Record<string, unknown>,
  ctx: ProviderContext,
  olds: Record<string, unknown>,
): Promise<CheckFailure[]> {
  const { userId, publicKey } = news;
  if (typeof userId !== 'string' || containsUnknown(userId) || typeof publicKey !== 'string' || containsUnknown(publicKey)) return [];
  const session = ctx.session(selectorOf(news));
  const users = await session.list(USERS);
  if (!users.some((u) => u.userId === userId) && !ctx.ownership.isDeclared('User', userId)) {
    return [
      {
        property: 'userId',
        reason: `no user ${userId} in organization ${session.organizationId}; name the user by its User resource's id or by an existing user's id`,
      },
    ];
  }
  // The resource's own key (an existing resource keeps its public key), or one it adopts, is no conflict.
  if (typeof olds.publicKey === 'string' && olds.publicKey.trim().toLowerCase() === publicKey) return [];
  const adopted = (news.adopt as { id?: unknown; byPublicKey?: unknown } | undefined) ?? {};
  const holder = apiKeysOf(users).find((k) => k.key.credential.publicKey.toLowerCase() === publicKey);
  if (holder === undefined || adopted.byPublicKey === true || adopted.id === holder.key.apiKeyId) return [];
  return [
    {
      property: 'publicKey',
      reason:
        `is already API key ${holder.key.apiKeyId} (${JSON.stringify(holder.key.apiKeyName)}) of user ${holder.userId} in organization ` +
        `${session.organizationId}, and a public key names one credential; add adopt: { id: '${holder.key.apiKeyId}' } to manage that key, or give another public key`,
    },
  ];
}

const args = API_KEY_FIELD_TABLE.create.partial({ curveType: true }).extend({ allowLockout: z.boolean().optional() });

export const apiKey = defineKind({
  type: 'ApiKey',
  member: 'apiKey',
  // Listed by the service: read, adopt, create, update and delete are the shared steps (../common/listed.ts),
  // each write's request built by `writes` below.
  shape: 'listed',
  noun: 'API key',
  plural: 'API keys',
  description:
    "A user's API key: the public half of a key pair made elsewhere, with a name, a curve and an optional expiry. The private key " +
    'never reaches the provider or the state. Every change replaces the key; a new public key is created before the old one is deleted.',
  table: API_KEY_FIELD_TABLE,
  args,
  outputs: args.required({ curveType: true, allowLockout: true }).extend({ apiKeyId: z.string() }),
  idProperty: 'apiKeyId',
  docs: {
    apiKeyId: "The service's id of the key (also the resource's `id`).",
    userId: "The user the key belongs to: a User resource's `userId`, or an existing user's id.",
    apiKeyName: 'A name for the key.',
    publicKey:
      'The public key in hex: P-256 and secp256k1 compressed (66 characters, `02…`/`03…`), Ed25519 its 32 bytes; lower-cased. Never the private key.',
    curveType: '`API_KEY_CURVE_P256` (default), `API_KEY_CURVE_SECP256K1` or `API_KEY_CURVE_ED25519`.',
    expirationSeconds:
      'Seconds the key stays valid, counted from its creation (a replacement restarts it), as a decimal string; absent: no expiry.',
    allowLockout:
      'Accept replacing or deleting the key this stack signs with, or the last credential of a root user, which the provider otherwise refuses (no call to the service).',
  },
  defaults: { curveType: 'API_KEY_CURVE_P256', allowLockout: false },
  canonical: {
    publicKey: (v) => (typeof v === 'string' && !containsUnknown(v) ? v.trim().toLowerCase() : v),
    expirationSeconds: (v) => (typeof v === 'number' && !containsUnknown(v) ? String(v) : v === '' ? undefined : v),
  },
  adopt: {
    flag: 'byPublicKey',
    doc: 'Take over the key with the same public key (every declared field must match: none can change in place), or create it.',
  },
  replaceReason: 'no update exists; a new public key is created before the old key is deleted',
  check: { late: publicKeyFailures, remote: serviceFailures },
  diff: {
    // The same public key cannot be registered twice: the old key must go first.
    deleteBeforeReplace: (olds, news) => typeof olds.publicKey === 'string' && olds.publicKey === news.publicKey,
    refuseReplace: (ctx, id, olds, news, replaces) =>
      apiKeyDeleteRefusal(ctx, ctx.session(selectorOf(olds)), id, news.allowLockout === true, replaces),
  },
  protects: (given, own) =>
    given.allowLockout !== true && typeof given.publicKey === 'string' && given.publicKey.trim().toLowerCase() === own,
  // A key made with its user (create_users, create_api_only_users) is named by no result: those name only the user.
  inventory: { governs: 'identity', createdBy: ['ACTIVITY_TYPE_CREATE_API_KEYS', 'ACTIVITY_TYPE_CREATE_API_KEYS_V2'] },
  example: {
    name: 'ci-key',
    properties: {
      userId: new ConfigValue('ciUserId', 'the id of the user the key is for', '<userId>'),
      apiKeyName: 'CI deploy key',
      publicKey: '02cdaa91b997695986270b6e74d7ccfc39d8b61a24ef7277b42401a3557979a8a3',
      curveType: 'API_KEY_CURVE_P256',
      expirationSeconds: '7776000',
    },
  },
  export: {
    read: (session) => readApiKeys(session, false),
    name: (k: LiveApiKey) => k.key.apiKeyName,
    fallback: 'api-key',
    note: 'Public keys only: the private keys stay where they were made.',
    section: 'API keys',
    retain: (k: LiveApiKey, snapshot) => {
      const { rootUserIds, ownPublicKey } = exportedIdentity(snapshot);
      return retainedReason('key', k.key.credential.publicKey.toLowerCase() === ownPublicKey, rootUserIds.has(k.userId));
    },
  },
  listing: {
    list: USERS,
    read: readApiKeys,
    idOf: (k: LiveApiKey) => k.key.apiKeyId,
    listedIds: (u) => (u as User).apiKeys.map((k) => k.apiKeyId),
  },
  fromLive: (live: LiveApiKey, state) => ({
    apiKeyId: live.key.apiKeyId,
    userId: live.userId,
    apiKeyName: live.key.apiKeyName,
    publicKey: live.key.credential.publicKey.toLowerCase(),
    curveType: CURVE_OF_TYPE[live.key.credential.type] ?? 'API_KEY_CURVE_P256',
    ...(live.key.expirationSeconds !== undefined && live.key.expirationSeconds !== ''
      ? { expirationSeconds: live.key.expirationSeconds }
      : {}),
    allowLockout: state.allowLockout === true,
    ...placementOf(state as Parameters<typeof placementOf>[0]),
  }),
  writes: {
    create: {
      operation: 'create_api_keys',
      toRequest: (d) => ({
        userId: d.userId,
        apiKeys: [
          {
            apiKeyName: d.apiKeyName,
            publicKey: d.publicKey,
            curveType: d.curveType,
            ...(d.expirationSeconds !== undefined ? { expirationSeconds: d.expirationSeconds } : {}),
          },
        ],
      }),
      resultId: (r) => String((r.apiKeyIds as string[])[0]),
      resultOf: (k: LiveApiKey) => ({ apiKeyIds: [k.key.apiKeyId] }),
      label: (d) => `${JSON.stringify(d.apiKeyName)} of user ${String(d.userId)}`,
      created: (ctx, d) => ctx.deployment.credentialCreated(String(d.userId)),
    },
    delete: {
      operation: 'delete_api_keys',
      toRequest: (id, props) => ({ userId: props.userId, apiKeyIds: [id] }),
      deleted: (id) => ({ apiKeyIds: [id] }),
      refuse: (ctx, session, id, props) => apiKeyDeleteRefusal(ctx, session, id, props.allowLockout === true),
    },
  },
});

/** The curve of the key pair the API key's public key belongs to. */
export type ApiKeyCurve = InputsOf<typeof apiKey>['curveType'];
