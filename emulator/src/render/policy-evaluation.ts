// A policy evaluation on the wire (get_policy_evaluations).
import type { PolicyEvaluationRecord } from '../store/records';
import { renderTime, type TimeFormat } from './time';

export function renderPolicyEvaluation(e: PolicyEvaluationRecord, format: TimeFormat): Record<string, unknown> {
  return {
    id: e.id,
    activityId: e.activityId,
    organizationId: e.organizationId,
    voteId: e.voteId,
    policyEvaluations: e.policyEvaluations,
    createdAt: renderTime(e.createdAt, format),
  };
}
