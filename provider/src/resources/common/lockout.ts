// No plan may lock the organization out (provider README, "Lock-out rules"). Each rule names the resource, the
// rule and the way to proceed. `check` applies the rules to what the program declares (a quorum, a replaced
// key or user); a resource removed from the program gets no `check`, so its delete applies them before it
// writes anything (../kind.ts `writes.delete.refuse`). `allowLockout: true` on the resource lets a deliberate
// exception through, where the service itself would accept it.
import type { ApiKey, User } from '@walletinfra/sdk/schemas';
import type { ProviderContext } from '../../context';
import type { OrgSession } from '../../session';
import { containsUnknown } from '../../wire';
import type { CheckFailure } from './check';
import { credentialsOf, readIdentity, userLabel, type IdentityView } from './identity';

/** How messages name the stack's credentials. */
const OWN_KEY_SETTING = 'walletinfra:apiPublicKey (or its profile)';

// ---- the rules, as text ----

export const RULES = {
  quorumThreshold: 'a root quorum needs at most as many approvals as it has members',
  quorumCredentials: 'every root user keeps a credential that can sign',
  ownKey: 'a stack never deletes the API key it signs with',
  ownUser: 'a stack never deletes the user it signs as',
  ownRootUser: 'a stack never takes the user it signs as out of the root quorum',
  lastRootUser: 'an organization keeps a root user',
  rootUserDelete: 'a root user leaves the quorum before it is deleted',
  ownAddress: 'a stack keeps access from where it runs',
} as const;

/** A threshold above the number of members: the quorum could never approve anything again, a change of itself included. */
export function quorumThresholdFailures(news: Record<string, unknown>): CheckFailure[] {
  const { threshold, userIds } = news;
  if (typeof threshold !== 'number' || !Array.isArray(userIds) || containsUnknown(userIds)) return [];
  const members = new Set(userIds).size;
  if (threshold <= members) return [];
  return [
    {
      property: 'threshold',
      reason:
        `${threshold} is more than the ${members} user(s) of userIds: the root quorum could never approve anything again, ` +
        `a change of itself included (lock-out rule: ${RULES.quorumThreshold}). Lower threshold to at most ${members}, ` +
        'or add users to userIds.',
    },
  ];
}

/** The way out of the rules about the quorum and the stack's own user: the stack signs as `whom` instead. */
function switchCredentials(whom: string): string {
  return `switch the stack's credentials to a key of ${whom} (set walletinfra:apiPublicKey and walletinfra:apiPrivateKey)`;
}

/**
 * A quorum that leaves out the user this stack signs as while it is a member: only the root quorum can change the
 * root quorum, so after the update no run of this stack could change it again, restoring its old program included.
 */
export function quorumWithoutOwnUserReason(view: IdentityView, userIds: readonly string[]): string | undefined {
  const own = view.ownUser;
  if (own === undefined || !view.quorum.userIds.includes(own.userId) || userIds.includes(own.userId)) return undefined;
  return (
    `userIds leaves out ${userLabel(own)}, the user this stack signs as (${OWN_KEY_SETTING}), who is in the root quorum now: only the ` +
    'root quorum can change the root quorum, so once this applies no run of this stack could change it again, restoring this program ' +
    `included (lock-out rule: ${RULES.ownRootUser}). Keep ${own.userId} in userIds; to hand the quorum over, first ${switchCredentials('a user who stays in it')} ` +
    'and then run `pulumi up`; or set allowLockout: true.'
  );
}

/** The member ids of a quorum that have no credential left, counting the API keys this deployment declares for them. */
export function membersWithoutCredential(view: IdentityView, userIds: readonly string[], plannedFor: (userId: string) => boolean): User[] {
  return userIds.flatMap((id) => {
    const user = view.users.find((u) => u.userId === id);
    if (user === undefined || credentialsOf(user, view.now).length > 0 || plannedFor(id)) return [];
    return [user];
  });
}

export function quorumCredentialReason(user: User): string {
  return (
    `${userLabel(user)} has no credential that can sign (no unexpired API key, no passkey), and this ` +
    `deployment declares no ApiKey for it: a root user who cannot sign never approves, so the quorum could lose the ` +
    `approvals it needs (lock-out rule: ${RULES.quorumCredentials}). Declare an ApiKey for the user before the ` +
    'RootQuorum in the program, enroll a passkey, remove the user from userIds, or set allowLockout: true.'
  );
}

/** The API keys this deployment declares for a user (by `check`; ../../deployment.ts). */
export function plannedKeyFor(ctx: ProviderContext, organizationId: string): (userId: string) => boolean {
  return (userId) =>
    ctx.deployment.declared('ApiKey').some((p) => p.inputs.userId === userId && p.inputs.organizationId === organizationId);
}

// ---- API keys ----

function keyLabel(key: ApiKey): string {
  return `API key ${key.apiKeyId} (${JSON.stringify(key.apiKeyName)})`;
}

const REDECLARE = 'declare the resource again with allowLockout: true and run `pulumi up` before removing it';

/**
 * Why deleting API key `id` is refused, or undefined. `replacing` names the changed properties when a
 * replacement deletes it (diff), undefined for a delete.
 */
export function apiKeyDeleteReason(
  view: IdentityView,
  id: string,
  allowLockout: boolean,
  replacing?: readonly string[],
): string | undefined {
  if (allowLockout) return undefined;
  const user = view.users.find((u) => u.apiKeys.some((k) => k.apiKeyId === id));
  const key = user?.apiKeys.find((k) => k.apiKeyId === id);
  if (user === undefined || key === undefined) return undefined;
  const what =
    replacing === undefined
      ? `refusing to delete ${keyLabel(key)} of ${userLabel(user)}`
      : `refusing to replace ${keyLabel(key)} of ${userLabel(user)} (changing ${replacing.join(', ')} replaces it, which deletes it)`;
  if (key.credential.publicKey.toLowerCase() === view.ownPublicKey) {
    const fix =
      replacing === undefined
        ? `Switch the stack's credentials to another key of the organization first, or ${REDECLARE}.`
        : 'To rotate it, declare the new key as another ApiKey, run `pulumi up`, set walletinfra:apiPublicKey and ' +
          'walletinfra:apiPrivateKey to the new key, then change or remove this one; or set allowLockout: true.';
    return (
      `${what}: it is the key this stack signs its requests with (${OWN_KEY_SETTING}), so the rest of the update and every ` +
      `later run would be refused (lock-out rule: ${RULES.ownKey}). ${fix}`
    );
  }
  if (replacing === undefined && view.quorum.userIds.includes(user.userId) && credentialsOf(user, view.now, new Set([id])).length === 0) {
    return (
      `${what}: it is the last credential of a member of the root quorum, and a root user who cannot sign never approves ` +
      `(lock-out rule: ${RULES.quorumCredentials}). Give the user another API key or a passkey first, remove it from the ` +
      `RootQuorum, or ${REDECLARE}.`
    );
  }
  return undefined;
}

/** A rule on deleting (or, with `replacing`, replacing) the object with id `id`: why it is refused, or undefined. */
type DeleteReason = (view: IdentityView, id: string, allowLockout: boolean, replacing?: readonly string[]) => string | undefined;

/**
 * `reason` on the organization as it is now (a fresh read for a delete); `skipAllowed` leaves the read out when
 * `allowLockout` already lets the delete through.
 */
function refusalNow(reason: DeleteReason, skipAllowed: boolean) {
  return async (ctx: ProviderContext, session: OrgSession, id: string, allowLockout: boolean, replacing?: readonly string[]) =>
    skipAllowed && allowLockout
      ? undefined
      : reason(await readIdentity(ctx, session, replacing === undefined), id, allowLockout, replacing);
}

/** {@link apiKeyDeleteReason}, on the organization as it is now (a fresh read for a delete). */
export const apiKeyDeleteRefusal = refusalNow(apiKeyDeleteReason, true);

// ---- users ----

/** Why deleting user `id` is refused, or undefined; `replacing` as for API keys (moving a user to another organization). */
export function userDeleteReason(view: IdentityView, id: string, allowLockout: boolean, replacing?: readonly string[]): string | undefined {
  const user = view.users.find((u) => u.userId === id);
  if (user === undefined) return undefined;
  const what =
    replacing === undefined
      ? `refusing to delete ${userLabel(user)}`
      : `refusing to replace ${userLabel(user)} (changing ${replacing.join(', ')} replaces it, which deletes it)`;
  const { quorum } = view;
  if (quorum.userIds.includes(id)) {
    // The service refuses to delete a root user whatever the resource says (docs/service-behaviour.md#users). When
    // it is the stack's own user, leaving the quorum needs the stack to sign as another member first
    // (quorumWithoutOwnUserReason), so the way out says so.
    const own = view.ownUser?.userId === id;
    if (quorum.userIds.length === 1) {
      return (
        `${what}: it is the last user of the root quorum, and nobody could approve root-only changes again ` +
        `(lock-out rule: ${RULES.lastRootUser}). Add another user with a credential to the RootQuorum and run \`pulumi up\` first` +
        (own ? `; then ${switchCredentials('that user')}, remove this one from userIds and run \`pulumi up\`.` : '.')
      );
    }
    return (
      `${what}: it is a member of the root quorum (${quorum.userIds.length} members, threshold ${quorum.threshold}), and the ` +
      `service refuses to delete a root user (lock-out rule: ${RULES.rootUserDelete}). ` +
      (own
        ? `It is also the user this stack signs as: first ${switchCredentials('another member who stays in the quorum')}, then remove it from the RootQuorum's userIds ` +
          '(keeping threshold at most the members left) and run `pulumi up`.'
        : "Remove it from the RootQuorum's userIds (keeping threshold at most the members left) and run `pulumi up` first.")
    );
  }
  if (!allowLockout && view.ownUser?.userId === id) {
    return (
      `${what}: it holds the API key this stack signs its requests with (${OWN_KEY_SETTING}), and deleting a user deletes ` +
      `its keys (lock-out rule: ${RULES.ownUser}). Switch the stack's credentials to a key of another user first, or ` +
      `${replacing === undefined ? REDECLARE : 'set allowLockout: true'}.`
    );
  }
  return undefined;
}

/** {@link userDeleteReason}, on the organization as it is now (a fresh read for a delete). */
export const userDeleteRefusal = refusalNow(userDeleteReason, false);

// ---- IP allowlists ----

/**
 * The warning for a plan that sets or changes an IP allowlist that applies to the key this stack signs with (the
 * organization's, enabled, or that key's own): the service then refuses the stack's requests from anywhere outside
 * the rules, and only the service sees the address a request comes from, so this cannot be checked here and is
 * said instead (an empty enabled organization list is refused outright: ../ipAllowlist/spec.ts).
 */
export function ipAllowlistWarning(news: Record<string, unknown>, olds: Record<string, unknown>, ownPublicKey: string): string | undefined {
  const { rules, enabled, publicKey } = news;
  if (!Array.isArray(rules) || rules.length === 0 || containsUnknown(news) || news.allowLockout === true) return undefined;
  const scope = typeof publicKey === 'string' ? publicKey.toLowerCase() : undefined;
  if (scope === undefined ? enabled !== true : scope !== ownPublicKey) return undefined;
  const same = olds.enabled === enabled && JSON.stringify(olds.rules) === JSON.stringify(rules);
  if (same) return undefined;
  const cidrs = (rules as Array<{ cidr?: unknown }>).map((r) => String(r.cidr)).join(', ');
  const what =
    scope === undefined ? "the organization's IP allowlist" : `the IP allowlist of API key ${scope} (the key this stack signs with)`;
  return (
    `warning: with ${what} as planned, the service refuses this stack's requests unless they come from ${cidrs} ` +
    `(lock-out rule: ${RULES.ownAddress}). Only the service sees the address a request comes from, so the provider cannot ` +
    "check it: make sure the address `pulumi` runs from (a CI runner's egress address) is in rules before `pulumi up`, or " +
    'the rest of the update and every later run is refused; a list that shuts the stack out is undone from an address in it, ' +
    'or by a root user in the dashboard.'
  );
}

// ---- a plan, judged before any stack runs ----

/** A change a plan makes to an object the rules guard, in the kind's normal form (what `walletinfra-fleet up` checks). */
export interface PlannedChange {
  /** The kind's type: `RootQuorum`, `ApiKey`, `User` (other kinds have no lock-out rule). */
  type: string;
  /** The resource's name in the program. */
  resource: string;
  /** The object it changes; absent for a create. */
  objectId?: string;
  desired: Readonly<Record<string, unknown>>;
  /** The changed properties that replace the object (a replacement deletes it). */
  replaces: readonly string[];
  /**
   * A delete: the stack's state records the object and the program no longer declares it (`desired`: its recorded
   * inputs). Only a stack's state knows these; the provider refuses them just before it would delete.
   */
  deletes?: boolean;
}

/** Why deleting `change`'s object (the program no longer declares it) is refused, or undefined: the provider's delete rules. */
function deleteReason(view: IdentityView, change: PlannedChange): string | undefined {
  const allowLockout = change.desired.allowLockout === true;
  const id = change.objectId ?? '';
  if (change.type === 'ApiKey') return apiKeyDeleteReason(view, id, allowLockout);
  return change.type === 'User' ? userDeleteReason(view, id, allowLockout) : undefined;
}

/**
 * The rules above applied to a whole plan on the organization as `view` reads it: the reasons the provider would
 * give, at preview or before it writes, for each change that would lock the stack's user (or the organization) out.
 * `check`'s threshold rule, the quorum's rules before `update_root_quorum`, a replacement's delete of an API key
 * or a user, and the delete of one the program no longer declares (`deletes`, property `delete`); a key the plan
 * creates for a member counts as its credential. Empty when nothing would lock out.
 */
export function planLockoutReasons(
  view: IdentityView,
  changes: readonly PlannedChange[],
): Array<{ change: PlannedChange; property: string; reason: string }> {
  const out: Array<{ change: PlannedChange; property: string; reason: string }> = [];
  const planned = (userId: string) => changes.some((c) => c.type === 'ApiKey' && c.objectId === undefined && c.desired.userId === userId);
  for (const change of changes) {
    const { desired } = change;
    if (change.deletes === true) {
      const reason = deleteReason(view, change);
      if (reason !== undefined) out.push({ change, property: 'delete', reason });
      continue;
    }
    if (desired.allowLockout === true) continue;
    if (change.type === 'RootQuorum') {
      const userIds = Array.isArray(desired.userIds) ? (desired.userIds as string[]) : [];
      for (const f of quorumThresholdFailures(desired)) out.push({ change, ...f });
      const own = quorumWithoutOwnUserReason(view, userIds);
      if (own !== undefined) out.push({ change, property: 'userIds', reason: own });
      for (const u of membersWithoutCredential(view, userIds, planned))
        out.push({ change, property: 'userIds', reason: quorumCredentialReason(u) });
    }
    if (change.objectId === undefined || change.replaces.length === 0) continue;
    const reason =
      change.type === 'ApiKey'
        ? apiKeyDeleteReason(view, change.objectId, false, change.replaces)
        : change.type === 'User'
          ? userDeleteReason(view, change.objectId, false, change.replaces)
          : undefined;
    if (reason !== undefined) out.push({ change, property: change.replaces[0] as string, reason });
  }
  return out;
}
