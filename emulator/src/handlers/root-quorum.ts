// The root quorum: update_root_quorum sets threshold and members together, get_organization_configs reads
// them (docs/service-behaviour.md#root-quorum; @turnkey/http's generated `v1UpdateRootQuorumIntent`,
// `v1GetOrganizationConfigsResponse`). Only the current root quorum may approve the update: the activity
// engine refuses everyone else before this handler runs (activities/engine.ts).
import type { QueryHandler, RequestContext, SubmitHandler } from '../context';
import { invalidArgument } from '../errors';
import type { OrganizationRecord } from '../store/records';
import { findUsers, refuseRepeats } from './identity-lookups';

function checkQuorum(ctx: RequestContext, threshold: number, userIds: readonly string[]): void {
  refuseRepeats(userIds, 'parameters.userIds', 'user');
  if (threshold > userIds.length) {
    throw invalidArgument(
      `invalid request body: parameters.threshold: ${threshold} exceeds the ${userIds.length} users of parameters.userIds; a quorum cannot need more approvals than it has members`,
    );
  }
  findUsers(ctx, userIds, 'parameters.userIds');
}

export const updateRootQuorum: SubmitHandler<'update_root_quorum'> = {
  validate(ctx, p) {
    checkQuorum(ctx, p.threshold, p.userIds);
  },
  execute(ctx, p) {
    // checked again: when the quorum's approval completes it, users may have been deleted meanwhile
    checkQuorum(ctx, p.threshold, p.userIds);
    const org = ctx.store.organizations.get(ctx.org.organizationId) as OrganizationRecord;
    ctx.store.organizations.update({ ...org, rootQuorum: { userIds: [...p.userIds], threshold: p.threshold }, updatedAt: ctx.env.now() });
    return {};
  },
};

/** The quorum and the organization's features; the emulator models no feature switches, so the list is empty. */
export const getOrganizationConfigs: QueryHandler<'get_organization_configs'> = (ctx) => {
  const org = ctx.store.organizations.get(ctx.org.organizationId) ?? ctx.org;
  return { configs: { features: [], quorum: { threshold: org.rootQuorum.threshold, userIds: org.rootQuorum.userIds } } };
};
