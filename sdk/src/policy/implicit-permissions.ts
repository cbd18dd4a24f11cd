// The exceptions to "almost all actions on Turnkey are implicitly denied by default"
// (https://docs.turnkey.com/features/policies/overview, "Policy evaluation"), decided here once for every
// package: the test tools, the policy impact, the jest matchers and the emulator. What the page leaves open is
// the data below; each choice is listed in docs/service-behaviour.md#implicit-permissions.
//
// The fourth exception, reading one's own organization and its sub-organizations, concerns queries, which are
// not activities and never reach the policy engine: the emulator's authentication answers them.
import { activityKindOf } from './activity';
import type { PolicyContext } from './context';

export type ImplicitPermission = 'ROOT_QUORUM' | 'OWN_CREDENTIALS' | 'CONSENSUS_APPROVAL';

/** Each implicit permission in the words of the docs page, for messages. */
export const IMPLICIT_PERMISSION_DESCRIPTIONS: Readonly<Record<ImplicitPermission, string>> = {
  ROOT_QUORUM: 'root users bypass policies',
  OWN_CREDENTIALS: 'a user may change its own credentials',
  CONSENSUS_APPROVAL: 'a user included in the consensus may approve the activity',
};

/**
 * Activity kinds that change the credentials of the user their intent names (`userId`, which policies read as
 * `activity.params.user_id`). `stated`: Turnkey says so for API keys and authenticators ("default-allows a user
 * creating or deleting their own API keys and authenticators", github.com/tkhq/turnkey-agent-skills,
 * references/agent-policy-patterns.md). UNCONFIRMED: OAuth providers and recovery (which adds an authenticator)
 * are credentials by our reading; email, phone number and sessions are not counted.
 */
export const OWN_CREDENTIAL_ACTIVITY_KINDS: Readonly<Record<string, 'stated' | 'UNCONFIRMED'>> = {
  CREATE_API_KEYS: 'stated',
  DELETE_API_KEYS: 'stated',
  CREATE_AUTHENTICATORS: 'stated',
  DELETE_AUTHENTICATORS: 'stated',
  CREATE_OAUTH_PROVIDERS: 'UNCONFIRMED',
  DELETE_OAUTH_PROVIDERS: 'UNCONFIRMED',
  RECOVER_USER: 'UNCONFIRMED',
};

/** Votes on an activity that awaits consensus. The docs name approving; rejecting is UNCONFIRMED. */
export const VOTE_ACTIVITY_KINDS: Readonly<Record<string, 'stated' | 'UNCONFIRMED'>> = {
  APPROVE_ACTIVITY: 'stated',
  REJECT_ACTIVITY: 'UNCONFIRMED',
};

type DecidingOutcome = 'OUTCOME_ALLOW' | 'OUTCOME_DENY_EXPLICIT' | 'OUTCOME_REQUIRES_CONSENSUS';

/**
 * The policy outcomes that stand instead of an exception: it applies only when no policy decides. An explicit
 * deny overrides both (UNCONFIRMED; Turnkey's agent policy patterns deny an agent its own keys with a DENY
 * policy), and a policy awaiting approvals keeps a self-registered key pending (observed by the same page).
 * A vote never awaits consensus itself, so only an explicit deny stops one (UNCONFIRMED).
 */
export const DECIDED_BY_POLICIES: Readonly<Record<'OWN_CREDENTIALS' | 'CONSENSUS_APPROVAL', readonly DecidingOutcome[]>> = {
  OWN_CREDENTIALS: ['OUTCOME_ALLOW', 'OUTCOME_DENY_EXPLICIT', 'OUTCOME_REQUIRES_CONSENSUS'],
  CONSENSUS_APPROVAL: ['OUTCOME_ALLOW', 'OUTCOME_DENY_EXPLICIT'],
};

const has = (table: Readonly<Record<string, unknown>>, kind: string): boolean => Object.hasOwn(table, kind);

/** The submitter (the first approver) changes its own credentials. */
function ownCredentials(context: PolicyContext): boolean {
  if (!has(OWN_CREDENTIAL_ACTIVITY_KINDS, activityKindOf(context.activity.type))) return false;
  const target = context.activity.params?.user_id;
  return typeof target === 'string' && target === context.approvers[0]?.id;
}

/**
 * A vote by a user included in the policy consensus the voted-on activity awaits. Every approval counts in
 * `approvers` (`approvers.count()` counts anyone), so every user of the organization is included (UNCONFIRMED).
 */
function consensusVote(context: PolicyContext): boolean {
  return has(VOTE_ACTIVITY_KINDS, activityKindOf(context.activity.type)) && context.votedActivity?.consensus === 'POLICY';
}

/**
 * Votes of root users are decided without policies, as root users bypass them: true for a vote by a member of
 * `rootQuorum`, false for anyone else's vote on an activity awaiting the root quorum; undefined otherwise.
 */
export function rootQuorumVote(context: PolicyContext): boolean | undefined {
  const consensus = context.votedActivity?.consensus;
  if (!has(VOTE_ACTIVITY_KINDS, activityKindOf(context.activity.type)) || consensus === undefined) return undefined;
  const voter = context.approvers[0]?.id;
  if (voter !== undefined && (context.rootQuorum?.userIds.includes(voter) ?? false)) return true;
  return consensus === 'ROOT_QUORUM' ? false : undefined;
}

/** The implicit permission that allows the request, given what the policies alone decided; undefined if none. */
export function implicitPermissionOf(context: PolicyContext, byPolicies: string): 'OWN_CREDENTIALS' | 'CONSENSUS_APPROVAL' | undefined {
  const candidate = ownCredentials(context) ? 'OWN_CREDENTIALS' : consensusVote(context) ? 'CONSENSUS_APPROVAL' : undefined;
  if (candidate === undefined || (DECIDED_BY_POLICIES[candidate] as readonly string[]).includes(byPolicies)) return undefined;
  return candidate;
}
