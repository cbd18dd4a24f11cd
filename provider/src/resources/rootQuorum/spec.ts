// RootQuorum (docs/service-behaviour.md#root-quorum): the users who may act without the policy engine, and how
// many of them must approve. Every organization has exactly one, which nothing creates or deletes: the resource
// is addressed by its organization (id `rootQuorum`, as an IP allowlist is by its scope), `create` adopts the
// quorum there is and brings it to the declared one, and `delete` leaves it in place and says so. Every change is
// one update_root_quorum, which only the current root quorum may approve (a threshold above one waits for the
// other members' approvals). Members are a set (sorted, each once).
//
// At preview: a threshold above the number of members is refused (the quorum could never approve again), and so
// is a member with no credential that can sign, counting the API keys this deployment declares for it, and a quorum
// that leaves out the stack's own user while it is a member (the stack could never change the quorum back); so is
// a change the stack's own user cannot submit because it is not in the current quorum (../common/lockout.ts).
import { z } from 'zod';
import { ROOT_QUORUM_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { UpdateRootQuorumIntent, type RootQuorum as ServiceRootQuorum } from '@walletinfra/sdk/schemas';
import type { ProviderContext } from '../../context';
import { containsUnknown } from '../../wire';
import type { CheckFailure } from '../common/check';
import { readIdentity, userLabel } from '../common/identity';
import { placementOf, selectorOf } from '../common/inputs';
import {
  membersWithoutCredential,
  plannedKeyFor,
  quorumCredentialReason,
  quorumThresholdFailures,
  quorumWithoutOwnUserReason,
} from '../common/lockout';
import { canonicalMembers, memberSet, repeatedMembers } from '../common/members';
import { ConfigValue, defineKind } from '../kind';
import { ROOT_QUORUM } from '../../session/lists';

/** The resource id: one quorum per organization. */
export const ROOT_QUORUM_ID = 'rootQuorum';

/** Members that exist, have a credential, and a change the stack can submit. */
async function serviceFailures(news: Record<string, unknown>, ctx: ProviderContext): Promise<CheckFailure[]> {
  const { userIds, threshold } = news;
  if (!Array.isArray(userIds) || containsUnknown(userIds) || typeof threshold !== 'number') return [];
  const session = ctx.session(selectorOf(news));
  const view = await readIdentity(ctx, session);
  const ids = userIds as string[];
  const unknown = ids.flatMap((id, i) =>
    view.users.some((u) => u.userId === id) || ctx.ownership.isDeclared('User', id) ? [] : [`userIds[${i}] ${id}`],
  );
  if (unknown.length > 0) {
    return [
      {
        property: 'userIds',
        reason: `${unknown.join(', ')}: no such user in organization ${session.organizationId}; name users by their User resources' id or by an existing user's id`,
      },
    ];
  }
  if (news.allowLockout !== true) {
    const without = membersWithoutCredential(view, ids, plannedKeyFor(ctx, session.organizationId));
    const reasons = [...without.map((u) => quorumCredentialReason(u)), quorumWithoutOwnUserReason(view, ids) ?? []].flat();
    if (reasons.length > 0) return [{ property: 'userIds', reason: reasons.join(' ') }];
  }
  const changes = view.quorum.threshold !== threshold || memberSet(view.quorum.userIds).join() !== memberSet(ids).join();
  const own = view.ownUser;
  if (changes && own !== undefined && !view.quorum.userIds.includes(own.userId)) {
    return [
      {
        property: 'userIds',
        reason:
          `only the root quorum can change the root quorum, and this stack signs as ${userLabel(own)}, who is not in it ` +
          `(members ${view.quorum.userIds.join(', ')}, threshold ${view.quorum.threshold}); run this stack with a root user's credentials, ` +
          'or declare the quorum as it is',
      },
    ];
  }
  return [];
}

const args = UpdateRootQuorumIntent.extend({ allowLockout: z.boolean().optional() });

export const rootQuorum = defineKind({
  type: 'RootQuorum',
  member: 'rootQuorum',
  // The organization's one object: create, read, update and delete are its own (./steps.ts).
  shape: 'singleton',
  noun: 'root quorum',
  plural: 'root quorums',
  description:
    'The root quorum of the organization: the users who may act without the policy engine, and how many of them must approve. ' +
    'There is exactly one: creating the resource takes it over, destroying it leaves it in place. Its id is `rootQuorum`.',
  table: ROOT_QUORUM_FIELD_TABLE,
  importId: '`rootQuorum` (an organization has exactly one)',
  args,
  outputs: args.required({ allowLockout: true }),
  docs: {
    threshold: 'How many members must approve a root action; at least 1 and at most the number of members.',
    userIds: 'The root users (sorted, each once); each needs a credential that can sign.',
    allowLockout:
      'Accept members without a credential that can sign, or a quorum that leaves out the user this stack signs as (the stack could ' +
      'then never change the quorum again), which the provider otherwise refuses at preview.',
  },
  defaults: { allowLockout: false },
  canonical: { userIds: canonicalMembers },
  adopt: {
    flag: 'byOrganization',
    doc: 'The organization always has its one quorum: `create` takes it over whether or not `adopt` says so.',
  },
  singleton: { why: 'an organization has one root quorum, so the two resources would fight over it; declare it once' },
  check: {
    late: (news) => [...repeatedMembers('userIds', 'user')(news), ...quorumThresholdFailures(news)],
    remote: serviceFailures,
  },
  activities: ['update_root_quorum'],
  // The service makes it with the organization: reported once an update_root_quorum has changed it.
  inventory: { governs: 'identity', createdBy: ['ACTIVITY_TYPE_UPDATE_ROOT_QUORUM'], serviceSingleton: true },
  // Keeps the stack's own user (a quorum without it is refused at preview) and adds a second root user with a
  // credential; one approval, so the rest of the program's writes need no other approver.
  example: {
    name: 'root-quorum',
    properties: {
      threshold: 1,
      userIds: [
        new ConfigValue('stackUserId', 'the id of the user this stack signs as', '<your userId>'),
        new ConfigValue('aliceUserId', 'the id of a user of the organization', '<userId of alice>'),
      ],
    },
  },
  export: {
    read: (session) => session.list(ROOT_QUORUM),
    name: () => 'root-quorum',
    fallback: 'root-quorum',
    id: () => ROOT_QUORUM_ID,
    properties: (q: ServiceRootQuorum) => [
      ['threshold', q.threshold],
      ['userIds', memberSet(q.userIds)],
    ],
    section: 'Root quorum',
  },
  fromLive: (live: ServiceRootQuorum, state) => ({
    threshold: live.threshold,
    userIds: memberSet(live.userIds),
    allowLockout: state.allowLockout === true,
    ...placementOf(state as Parameters<typeof placementOf>[0]),
  }),
});
