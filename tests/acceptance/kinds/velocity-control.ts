// VelocityControl: counts of signed transactions per user over an hour, under identifiers made from the run
// prefix that no policy names (policies read a control only as `controls.<identifier>`), so nothing is limited.
// There is no update: a higher threshold under the same identifier replaces it, deleting the old first.
import type { SampleContext, Scenario } from './types';

/** The run prefix in the policy language's form (`wiacc_20260314t091500_k3f9`), then the role. */
const identifierOf = (ctx: SampleContext, role: string) => `${ctx.prefix.replace(/-/g, '_').replace(/_$/, '')}_vc_${role}`;

export const velocityControlScenario: Scenario = {
  name: 'VelocityControl',
  stem: 'velocity-control',
  why: 'identifiers that no policy names, so no request is ever limited by them',
  create: (ctx, role) => ({
    name: ctx.name(`velocity-control-${role}`),
    identifier: identifierOf(ctx, role),
    dataSource: { activityExecution: { filter: { activity: [{ activityType: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' }] } } },
    aggregation: {
      method: 'VELOCITY_CONTROL_AGGREGATION_METHOD_COUNT',
      operator: 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL',
      threshold: '1000',
      window: { rolling: { duration: '3600' } },
      groupBy: { user: {} },
    },
  }),
  replace: (_ctx, args) => ({ ...args, aggregation: { ...(args.aggregation as Record<string, unknown>), threshold: '2000' } }),
  async handMade(ctx, args) {
    const { result } = await ctx.client.createVelocityControl(args as Parameters<typeof ctx.client.createVelocityControl>[0]);
    return result.velocityControlId;
  },
  notApplicable: {
    update: 'a control has no update: every change replaces it',
    drift: 'a control has no update, so nothing of it can change outside Pulumi but its deletion',
  },
};
