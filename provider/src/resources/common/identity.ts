// Who can act in an organization, as the provider reads it (docs/service-behaviour.md#users, #api-keys,
// #user-tags, #root-quorum): the users with their API keys, passkeys and tag ids (one `list_users`), the user tags
// (one `list_user_tags`) and the root quorum (`get_organization_configs`), the session's lists
// (../../session/lists.ts). The User, ApiKey, UserTag and RootQuorum kinds, the lock-out rules (./lockout.ts)
// and the identity references in policies all read them, so a refresh or a preview of any number of them costs
// one request per list.
import type { ApiKey, RootQuorum, User } from '@walletinfra/sdk/schemas';
import type { ProviderContext } from '../../context';
import type { OrgSession } from '../../session';
import { ROOT_QUORUM, USERS } from '../../session/lists';

/** What the lock-out rules look at: the users, the quorum, and who this stack is. */
export interface IdentityView {
  organizationId: string;
  users: readonly User[];
  quorum: RootQuorum;
  /** The public key this stack signs with (`walletinfra:apiPublicKey` or its profile's), lower-cased. */
  ownPublicKey: string;
  /** The user holding that key, when the organization has it. */
  ownUser?: User;
  /** The service's time as this process knows it (ms), for API key expiry. */
  now: number;
}

/** The identity view of `session`'s organization, from the session's lists (fresh ones with `fresh`). */
export async function readIdentity(ctx: ProviderContext, session: OrgSession, fresh = false): Promise<IdentityView> {
  const read = <T>(list: Parameters<OrgSession['list']>[0]) => (fresh ? session.relist(list) : session.list(list)) as Promise<T[]>;
  const [users, quorums] = await Promise.all([read<User>(USERS), read<RootQuorum>(ROOT_QUORUM)]);
  const ownPublicKey = session.settings.apiPublicKey.toLowerCase();
  const ownUser = users.find((u) => u.apiKeys.some((k) => k.credential.publicKey.toLowerCase() === ownPublicKey));
  return {
    organizationId: session.organizationId,
    users,
    quorum: quorums[0] ?? { threshold: 0, userIds: [] },
    ownPublicKey,
    ...(ownUser !== undefined ? { ownUser } : {}),
    now: ctx.now(),
  };
}

/** Seconds since the epoch of a service timestamp. */
function secondsOf(t: { seconds: string } | undefined): number {
  const n = Number(t?.seconds ?? '0');
  return Number.isFinite(n) ? n : 0;
}

/** Whether an API key has expired (`expirationSeconds` counts from its creation, docs/service-behaviour.md#api-keys). */
export function isExpired(key: ApiKey, nowMs: number): boolean {
  if (key.expirationSeconds === undefined || key.expirationSeconds === '') return false;
  return nowMs >= (secondsOf(key.createdAt) + Number(key.expirationSeconds)) * 1000;
}

/** A user's credentials that can still sign: API keys not expired and not in `without`, and passkeys. */
export function credentialsOf(user: User, nowMs: number, without: ReadonlySet<string> = new Set()): string[] {
  return [
    ...user.apiKeys.filter((k) => !without.has(k.apiKeyId) && !isExpired(k, nowMs)).map((k) => `API key ${k.apiKeyId}`),
    ...user.authenticators.map((a) => `passkey ${a.authenticatorId}`),
  ];
}

/** How messages name a user: `user "alice" (<id>)`. */
export function userLabel(user: Pick<User, 'userId' | 'userName'>): string {
  return `user ${JSON.stringify(user.userName)} (${user.userId})`;
}

/** The user holding API key `apiKeyId`. */
export function holderOfKey(users: readonly User[], apiKeyId: string): User | undefined {
  return users.find((u) => u.apiKeys.some((k) => k.apiKeyId === apiKeyId));
}

/** The root users and the stack's own key as an export read them (../../export/snapshot.ts). */
export function exportedIdentity(snapshot: { objects: Readonly<Record<string, readonly unknown[]>>; ownPublicKey?: string }): {
  rootUserIds: ReadonlySet<string>;
  ownPublicKey?: string;
} {
  const quorum = (snapshot.objects.RootQuorum ?? [])[0] as RootQuorum | undefined;
  return {
    rootUserIds: new Set(quorum?.userIds ?? []),
    ...(snapshot.ownPublicKey !== undefined ? { ownPublicKey: snapshot.ownPublicKey } : {}),
  };
}

/** Why an exported user or key keeps `retainOnDelete: true`: the export's own credentials and root users outlive the stack. */
export function retainedReason(what: 'user' | 'key', own: boolean, root: boolean): string | undefined {
  if (!own && !root) return undefined;
  const why = [
    own ? `the ${what === 'user' ? 'user' : 'key'} this export signed with` : '',
    root ? `${what === 'user' ? 'a root user' : "a root user's key"}` : '',
  ]
    .filter((w) => w !== '')
    .join(' and ');
  return `${why.charAt(0).toUpperCase()}${why.slice(1)}: \`pulumi destroy\` and removing it from the program leave it in the organization.`;
}
