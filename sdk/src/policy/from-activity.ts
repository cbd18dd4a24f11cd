// What the policy engine sees of a recorded activity: its type, the few `activity.params` fields the
// service exposes, the approving users and their credentials (from the votes) and its time. Shared by
// the emulator (which decides with it) and by tools that replay past activities through other policies.
import { activityKindOf } from './activity';
import type { PolicyContext, PolicyCredential, PolicyUser, PolicyValue } from './context';
import { OWN_CREDENTIAL_ACTIVITY_KINDS } from './implicit-permissions';

/**
 * `activity.params` of an activity type, from its intent parameters: only the fields the service exposes
 * (https://docs.turnkey.com/features/policies/language "Activity parameters"). A credential change names its
 * user as `user_id` (documented for API keys; UNCONFIRMED for the other kinds of OWN_CREDENTIAL_ACTIVITY_KINDS,
 * whose intents carry the same `userId`): the implicit permission to change one's own credentials reads it.
 */
export function activityParamsFor(type: string, parameters: Readonly<Record<string, unknown>>): Record<string, PolicyValue> {
  if (
    (type === 'ACTIVITY_TYPE_UPDATE_WEBHOOK_ENDPOINT' || type === 'ACTIVITY_TYPE_DELETE_WEBHOOK_ENDPOINT') &&
    typeof parameters.endpointId === 'string'
  ) {
    return { endpoint_id: parameters.endpointId };
  }
  const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  // users and their keys: `user_ids` of DELETE_USERS, `user_id` (and `api_key_ids`) of CREATE/DELETE_API_KEYS
  if (type === 'ACTIVITY_TYPE_DELETE_USERS' && Array.isArray(parameters.userIds)) return { user_ids: ids(parameters.userIds) };
  if (type === 'ACTIVITY_TYPE_DELETE_API_KEYS' && typeof parameters.userId === 'string' && Array.isArray(parameters.apiKeyIds)) {
    return { user_id: parameters.userId, api_key_ids: ids(parameters.apiKeyIds) };
  }
  // Every other credential change names its user the same way (UNCONFIRMED beyond API keys).
  if (Object.hasOwn(OWN_CREDENTIAL_ACTIVITY_KINDS, activityKindOf(type)) && typeof parameters.userId === 'string') {
    return { user_id: parameters.userId };
  }
  return {};
}

/**
 * Keywords and fields that exist for an activity kind but that a recorded activity does not carry, so a
 * policy reading them cannot be replayed: the decoded transaction and signing target of a deposit or
 * withdrawal, the secret an export targets, and `activity.params` fields the docs list but
 * activityParamsFor does not model.
 */
const NOT_RECORDED: Readonly<Record<string, readonly string[]>> = {
  EARN_DEPOSIT: ['activity.params', 'wallet', 'wallet_account', 'private_key', 'eth'],
  EARN_WITHDRAW: ['activity.params', 'wallet', 'wallet_account', 'private_key', 'eth'],
  EXPORT_SECRETS: ['secret'],
  DELETE_SECRETS: ['secret'],
  SIGN_TRANSACTION: ['wallet', 'wallet_account', 'private_key', 'eth', 'solana', 'tron', 'bitcoin', 'tempo', 'activity.params'],
  SIGN_RAW_PAYLOAD: ['wallet', 'wallet_account', 'private_key', 'eth', 'activity.params'],
  SIGN_RAW_PAYLOADS: ['wallet', 'wallet_account', 'private_key', 'eth', 'activity.params'],
  ETH_SEND_TRANSACTION: ['wallet', 'wallet_account', 'private_key', 'eth', 'activity.params'],
  SOL_SEND_TRANSACTION: ['wallet', 'wallet_account', 'private_key', 'solana', 'activity.params'],
};

/** A user record as activities carry it in `votes[].user` (`v1User`). */
export interface ActivityUserLike {
  userId?: string;
  userName?: string;
  userEmail?: string;
  userTags?: readonly string[];
  apiKeys?: ReadonlyArray<{ apiKeyId?: string; credential?: { publicKey?: string; type?: string } }>;
  authenticators?: ReadonlyArray<{ authenticatorId?: string; credential?: { publicKey?: string; type?: string } }>;
}

/** An approver as the policy engine sees a user: `alias` is the user's name (UNCONFIRMED, docs/service-behaviour.md#policy-language). */
export function policyUserOf(user: ActivityUserLike & { userId: string }): PolicyUser {
  return { id: user.userId, tags: user.userTags ?? [], email: user.userEmail ?? '', alias: user.userName ?? '' };
}

export interface ActivityLike {
  type: string;
  status?: string;
  intent?: Readonly<Record<string, unknown>>;
  votes?: ReadonlyArray<{ userId: string; user?: ActivityUserLike; selection?: string; publicKey?: string; createdAt?: unknown }>;
  createdAt?: unknown;
}

export type ActivityRequest =
  { evaluable: true; context: PolicyContext; notRecorded: readonly string[] } | { evaluable: false; reason: string };

function millis(t: unknown): number | undefined {
  if (typeof t === 'string') return /^\d+$/.test(t) ? Number(t) : Date.parse(t);
  if (t !== null && typeof t === 'object') {
    const { seconds, nanos } = t as { seconds?: unknown; nanos?: unknown };
    if (seconds !== undefined) return Number(seconds) * 1000 + Math.floor(Number(nanos ?? 0) / 1e6);
  }
  return typeof t === 'number' ? t : undefined;
}

function credentialOf(userId: string, user: ActivityUserLike | undefined, publicKey: string | undefined): PolicyCredential | undefined {
  if (user === undefined || publicKey === undefined) return undefined;
  const key = user.apiKeys?.find((k) => k.credential?.publicKey === publicKey);
  if (key?.apiKeyId !== undefined && key.credential?.type !== undefined)
    return { id: key.apiKeyId, user_id: userId, type: key.credential.type, public_key: publicKey };
  const passkey = user.authenticators?.find((a) => a.credential?.publicKey === publicKey);
  if (passkey?.authenticatorId !== undefined && passkey.credential?.type !== undefined) {
    return { id: passkey.authenticatorId, user_id: userId, type: passkey.credential.type, public_key: publicKey };
  }
  return undefined;
}

/**
 * The request the policy engine decided for a recorded activity, or why it cannot be rebuilt. The
 * approvers are the users whose votes approved it (the submitter first); `notRecorded` lists the paths
 * (see NOT_RECORDED, plus credentials that could not be matched) a policy must not read for the replay to
 * be faithful.
 */
export function policyRequestFromActivity(activity: ActivityLike): ActivityRequest {
  const now = millis(activity.createdAt);
  if (now === undefined || Number.isNaN(now)) return { evaluable: false, reason: 'the activity has no creation time' };
  const intent = activity.intent ?? {};
  const intentKeys = Object.keys(intent);
  const parameters = intentKeys.length === 1 ? (intent[intentKeys[0] as string] as Record<string, unknown>) : undefined;
  if (parameters === undefined || typeof parameters !== 'object' || parameters === null) {
    return { evaluable: false, reason: 'the activity carries no intent parameters' };
  }
  const approving = (activity.votes ?? []).filter((v) => v.selection === undefined || v.selection === 'VOTE_SELECTION_APPROVED');
  if (approving.length === 0) return { evaluable: false, reason: 'the activity has no approving votes, so its approvers are unknown' };
  const notRecorded = new Set<string>(NOT_RECORDED[activityKindOf(activity.type)] ?? []);
  const credentials: PolicyCredential[] = [];
  for (const v of approving) {
    const c = credentialOf(v.userId, v.user, v.publicKey);
    if (c === undefined) notRecorded.add('credentials');
    else credentials.push(c);
  }
  // Passkey credential ids are not on the vote's user record as the policy engine sees them.
  notRecorded.add('credentials[].credential_id');
  // The velocity-control states of the moment are not recorded with the activity (docs/service-behaviour.md#velocity-controls).
  notRecorded.add('controls');
  const context: PolicyContext = {
    activity: { type: activity.type, params: activityParamsFor(activity.type, parameters) },
    approvers: approving.map((v) => policyUserOf({ ...(v.user ?? {}), userId: v.userId })),
    credentials,
    now,
  };
  return { evaluable: true, context, notRecorded: [...notRecorded].sort() };
}
