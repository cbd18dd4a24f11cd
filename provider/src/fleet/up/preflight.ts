// The check of one sub-organization just before its stack starts, with the parent's read-only key: it is read and
// classified afresh (../scan.ts, the same reads and comparison as a scan), and refused, with nothing written and
// the others going on, when its stack could not do what the template needs there:
// - it is gone (deleted since it was selected) or cannot be read;
// - the template fails for it;
// - its delegated user is missing (no user holds the delegated key: removed by hand);
// - a resource matches several objects (adopting would refuse);
// - the stack would lock its user out (a root quorum leaving out the delegated user while it is a member, a member
//   left without a credential, a replacement deleting the delegated key or user): the provider's own lock-out rules
//   (../../resources/common/lockout.ts `planLockoutReasons`), with the provider's message, the deletes its stack's
//   state shows (an object the template no longer declares, ./state.ts) included; unlike the other
//   refusals this one is the template's doing and counts as a failure against the failure tolerance (./rollout.ts);
// - its delegated user may not submit an activity the stack needs (the activities the provider would submit, the
//   same list a preview's access warning checks, ../../resources/policy/stack-access.ts), decided by the sdk's
//   policy evaluator over the sub-organization's policies and root quorum as they are.
// Otherwise the facts the template is told (its id, name and delegated user) come back for its stack's config.
import type { Policy as ServicePolicy, User } from '@walletinfra/sdk/schemas';
import { evaluatePolicies, isRootQuorumOnlyActivity, type PolicyInput } from '@walletinfra/sdk/policy';
import { contextFor } from '../../resources/policy/stack-access';
import { planLockoutReasons } from '../../resources/common/lockout';
import { stackNameFor } from '../enrollment';
import type { AccessNeed } from '../kinds';
import type { ReportSubOrganization } from '../report/schema';
import type { SubOrganizationScan } from '../scan';
import type { SubOrganizationFacts } from '../template-config';
import { plannedDeletes, type StackStateReader } from './state';

/** Why a sub-organization was refused; `locked` comes from its stack (./stacks.ts); `lockout` counts as a failure. */
export const REFUSAL_CAUSES = [
  'deleted',
  'unreachable',
  'template-error',
  'delegated-user-missing',
  'delegated-user-not-allowed',
  'ambiguous',
  'lockout',
  'not-selected',
  'locked',
] as const;
export type RefusalCause = (typeof REFUSAL_CAUSES)[number];

export type Preflight =
  | { ok: true; facts: SubOrganizationFacts; entry: ReportSubOrganization }
  | { ok: false; cause: RefusalCause; reason: string; name: string };

/** `customer-007 (<id>)`. */
export function who(name: string, id: string): string {
  return name === '' ? id : `${name} (${id})`;
}

const NOTHING_WRITTEN = 'refused, nothing written';

/** Why the delegated user may not submit `need`, or undefined when the service would allow it. */
function denial(
  need: AccessNeed,
  user: User,
  publicKey: string,
  policies: readonly ServicePolicy[],
  quorum: { threshold: number; userIds: string[] },
  now: number,
): string | undefined {
  const inputs: PolicyInput[] = policies.map((p) => ({ ...p, effect: p.effect as PolicyInput['effect'] }));
  const decision = evaluatePolicies(inputs, contextFor(need, user, publicKey, quorum, now));
  const named = (outcome: string) =>
    decision.evaluations
      .filter((e) => e.outcome === outcome)
      .map((e) => `policy ${JSON.stringify(policies.find((p) => p.policyId === e.policyId)?.policyName ?? e.policyId)}`)
      .join(', ');
  switch (decision.outcome) {
    case 'OUTCOME_ALLOW':
      return undefined;
    case 'OUTCOME_DENY_EXPLICIT':
      return `${named('OUTCOME_DENY_EXPLICIT')} denies it; a root user of the sub-organization must change that policy, or take the resource out of the template`;
    case 'OUTCOME_REQUIRES_CONSENSUS':
      return (
        `${named('OUTCOME_REQUIRES_CONSENSUS')} allows it only with more approvals, which an unattended rollout would wait for until it fails; ` +
        'a root user of the sub-organization must allow it for the delegated user alone'
      );
    default:
      return isRootQuorumOnlyActivity(need.type)
        ? 'only the root quorum may do it and the delegated user is not in it; a root user of the sub-organization must make that change by hand, or the template must declare the object as it is'
        : "no policy of the sub-organization allows it; a root user of the sub-organization must allow it (a policy whose consensus names the delegated user, as the template's own may), or take the resource out of the template";
  }
}

function refusal(entry: ReportSubOrganization, delegatedPublicKey: string): { cause: RefusalCause; reason: string } | undefined {
  if (entry.status === 'unreachable') {
    return entry.cause === 'deleted' || entry.cause === 'not-a-sub-organization'
      ? {
          cause: 'deleted',
          reason: `the sub-organization is gone (${entry.reason ?? ''}); its stack is kept: remove it with \`pulumi stack rm --force ${entry.id}\` once its history is not needed`,
        }
      : { cause: 'unreachable', reason: `could not be read with the parent's key: ${entry.reason ?? ''}; run up again` };
  }
  if (entry.status === 'template-error') {
    return {
      cause: 'template-error',
      reason: `the template fails for it: ${entry.reason ?? ''}; fix the template (docs/fleet.md, "Trying the template on one sub-organization")`,
    };
  }
  if (entry.delegatedUser === null || entry.delegatedUser === undefined) {
    return {
      cause: 'delegated-user-missing',
      reason:
        `its delegated user is missing: no user holds the delegated key ${delegatedPublicKey} (removed by hand?), and up writes only as that user; ` +
        'a root user of the sub-organization must restore it (a user holding that API key, and the policy that lets it apply the template: docs/fleet.md, "Quick start", step 2), then run up again',
    };
  }
  const ambiguous = entry.drift.find((d) => d.change === 'ambiguous');
  if (ambiguous !== undefined) {
    return {
      cause: 'ambiguous',
      reason: `${ambiguous.kind} ${JSON.stringify(ambiguous.resource)} matches several objects (${(ambiguous.candidates ?? []).join(', ')}), and adopting one would be a guess; delete or rename all but one by hand`,
    };
  }
  return undefined;
}

/**
 * Reads one sub-organization again and decides whether its stack may run. `state`: its stack's state (./state.ts),
 * undefined before its first `up`: what it records and the template no longer declares is deleted, and judged too.
 */
export async function preflight(
  scan: SubOrganizationScan,
  id: string,
  delegatedPublicKey: string,
  now: () => number,
  state?: StackStateReader,
): Promise<Preflight> {
  const read = await scan.read(id);
  if (read === undefined) {
    return {
      ok: false,
      cause: 'not-selected',
      name: '',
      reason: `${id}: ${NOTHING_WRITTEN}: the selector no longer selects it (renamed since it was selected?)`,
    };
  }
  const { entry } = read;
  const refused = refusal(entry, delegatedPublicKey);
  if (refused !== undefined)
    return { ok: false, ...refused, name: entry.name, reason: `${who(entry.name, id)}: ${NOTHING_WRITTEN}: ${refused.reason}` };
  const delegated = entry.delegatedUser as { id: string; name: string };
  const objects = read.objects ?? {};
  const user = (objects.User as readonly User[] | undefined)?.find((u) => u.userId === delegated.id) as User;
  const policies = (objects.Policy ?? []) as readonly ServicePolicy[];
  const quorum = ((objects.RootQuorum ?? [])[0] ?? { threshold: 1, userIds: [] }) as { threshold: number; userIds: string[] };
  const recorded = read.declared !== undefined ? await state?.(stackNameFor(id)) : undefined;
  const deletes = recorded !== undefined ? plannedDeletes(recorded, read.declared ?? []) : [];
  const [lockout] = planLockoutReasons(
    {
      organizationId: id,
      users: (objects.User ?? []) as readonly User[],
      quorum,
      ownPublicKey: delegatedPublicKey.toLowerCase(),
      ownUser: user,
      now: now(),
    },
    [...(read.changes ?? []), ...deletes],
  );
  if (lockout !== undefined) {
    const { change, property, reason } = lockout;
    const what = change.deletes === true ? 'no longer in the template, recorded in its stack' : property;
    return {
      ok: false,
      cause: 'lockout',
      name: entry.name,
      reason: `${who(entry.name, id)}: ${NOTHING_WRITTEN}: ${change.type} ${JSON.stringify(change.resource)}: ${what}: ${reason}`,
    };
  }
  for (const need of read.writes ?? []) {
    const why = denial(need, user, delegatedPublicKey, policies, quorum, now());
    if (why !== undefined) {
      return {
        ok: false,
        cause: 'delegated-user-not-allowed',
        name: entry.name,
        reason: `${who(entry.name, id)}: ${NOTHING_WRITTEN}: its delegated user ${JSON.stringify(delegated.name)} (${delegated.id}) may not ${need.type} (to ${need.why}): ${why}`,
      };
    }
  }
  return {
    ok: true,
    entry,
    facts: { subOrganizationId: id, subOrganizationName: entry.name, delegatedUserId: delegated.id, delegatedUserName: delegated.name },
  };
}
