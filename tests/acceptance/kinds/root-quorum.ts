// RootQuorum: the organization's one root quorum, which nothing creates or deletes and which decides who may
// act without the policy engine. The run never changes it: it declares the quorum exactly as the organization
// holds it (read before the first up), so `pulumi up` takes it over without a write, a refresh finds it as
// declared, and `pulumi destroy` lets go of it and leaves it in place. Skipped unless --include-singletons.
import type { HandContext, Scenario } from './types';

async function quorumOf(ctx: HandContext): Promise<Record<string, unknown>> {
  const { quorum } = (await ctx.client.getOrganizationConfigs({})).configs;
  const q = quorum ?? { threshold: 0, userIds: [] };
  return { threshold: q.threshold, userIds: [...q.userIds].sort() };
}

export const rootQuorumScenario: Scenario = {
  name: 'RootQuorum',
  stem: 'root-quorum',
  why: 'declared exactly as the organization holds it, so no write ever changes who may act without the policy engine',
  singleton: {
    what: "the organization's root quorum",
    whenIncluded: 'the run then declares it exactly as it is, writes nothing, and leaves it in place',
  },
  // The members and threshold are the organization's own, read by `resolve` before the first up.
  create: () => ({ threshold: 1, userIds: [] }),
  resolve: async (ctx, args) => ({ ...args, ...(await quorumOf(ctx)) }),
  read: async (ctx) => quorumOf(ctx),
  notApplicable: {
    update: 'a change of the root quorum changes who may act without the policy engine: never made on an organization',
    replace: 'an organization has one root quorum, which nothing replaces',
    adopt: 'pulumi up takes over the quorum there is (every organization has one): the create is the adoption',
    drift: 'a change of the root quorum outside Pulumi is as unsafe as one through it',
    delete: 'pulumi destroy lets go of it and leaves it in place: an organization always has one',
  },
};
