// Activity queries (docs/service-behaviour.md#approving-and-rejecting): get_activity, list_activities (filters, pagination; newest first —
// ordering is [UNCONFIRMED], docs/service-behaviour.md#limits-and-pagination) and get_policy_evaluations.
import type { QueryHandler } from '../context';
import { pollPending } from '../activities/complete';
import { renderActivity } from '../render/activity';
import { renderPolicyEvaluation } from '../render/policy-evaluation';
import type { ActivityRecord } from '../store/records';
import { pageOf } from './pagination';
import { found } from './util';

/** Polling a simulated PENDING activity moves it on (see the `pendingPolls` fault). */
export const getActivity: QueryHandler<'get_activity'> = (ctx, body) => {
  const activity = pollPending(ctx, found(ctx.store.activities.get(body.activityId), ctx.org.organizationId, 'activity', body.activityId));
  return { activity: renderActivity(ctx.store, activity, ctx.env.now(), 'api', ctx.caller.user.userId) };
};

export const listActivities: QueryHandler<'list_activities'> = (ctx, body) => {
  const statuses = body.filterByStatus as string[] | undefined;
  const types = body.filterByType;
  const byStatus = statuses !== undefined && statuses.length > 0;
  const byType = types !== undefined && types.length > 0;
  const filter =
    byStatus || byType
      ? (a: ActivityRecord) => (!byStatus || statuses.includes(a.status)) && (!byType || types.includes(a.type))
      : undefined;
  const page = pageOf(
    ctx.store.activities,
    ctx.org.organizationId,
    body.paginationOptions,
    { newestFirst: true, ...(filter === undefined ? {} : { filter }) },
    'activity',
  );
  return { activities: page.map((a) => renderActivity(ctx.store, a, ctx.env.now(), 'api', ctx.caller.user.userId)) };
};

export const getPolicyEvaluations: QueryHandler<'get_policy_evaluations'> = (ctx, body) => {
  found(ctx.store.activities.get(body.activityId), ctx.org.organizationId, 'activity', body.activityId);
  return {
    policyEvaluations: ctx.store.policyEvaluations.findByKey(body.activityId).map((e) => renderPolicyEvaluation(e, 'api')),
  };
};
