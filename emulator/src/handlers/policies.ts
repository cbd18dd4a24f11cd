// Policies: create/update/delete activities and the get/list/active queries (docs/service-behaviour.md#activities, #policies).
import type { QueryHandler, RequestContext, SubmitHandler } from '../context';
import { invalidArgument } from '../errors';
import type { PolicyRecord } from '../store/records';
import { found, requireNonEmpty } from './util';
import { renderPolicy } from '../render/policy';

/** Syntax of condition/consensus/time: 400 "invalid policy <field>: ..." (docs/service-behaviour.md#errors). */
function checkExpressions(ctx: RequestContext, fields: { condition?: string; consensus?: string; time?: string }): void {
  const time = fields.time;
  if (time !== undefined && time !== '' && !ctx.org.timePoliciesEnabled) {
    // docs/service-behaviour.md#policies: the top-level `time` field is rejected until the early-access flag is on
    throw invalidArgument('invalid policy time: time-based policies are not enabled for this organization');
  }
  const nonEmpty = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== ''));
  // UNCONFIRMED (docs/service-behaviour.md#velocity-controls): `controls.<identifier>` must name a velocity control of the organization
  const controls = ctx.store.velocityControls.listByOrg(ctx.org.organizationId).map((c) => c.identifier);
  const diagnostics = ctx.policy.check(nonEmpty, controls);
  const first = diagnostics[0];
  if (first !== undefined) throw invalidArgument(`invalid policy ${first.field}: ${first.message}`);
}

function assertUniqueName(ctx: RequestContext, name: string, exceptId?: string): void {
  const clash = ctx.store.policies.findUnique(ctx.org.organizationId, name);
  if (clash !== undefined && clash.policyId !== exceptId) throw invalidArgument('policy label must be unique');
}

export const createPolicy: SubmitHandler<'create_policy'> = {
  validate(ctx, p) {
    requireNonEmpty(p.policyName, 'parameters.policyName');
    checkExpressions(ctx, { condition: p.condition, consensus: p.consensus, time: p.time });
  },
  execute(ctx, p) {
    assertUniqueName(ctx, p.policyName);
    const now = ctx.env.now();
    const record: PolicyRecord = {
      policyId: ctx.env.uuid(),
      organizationId: ctx.org.organizationId,
      policyName: p.policyName,
      effect: p.effect,
      condition: p.condition ?? '',
      consensus: p.consensus ?? '',
      notes: p.notes,
      createdAt: now,
      updatedAt: now,
    };
    if (p.time !== undefined && p.time !== '') record.time = p.time;
    ctx.store.policies.insert(record);
    return { policyId: record.policyId };
  },
};

/** [UNCONFIRMED] docs/service-behaviour.md#unconfirmed-choices: an omitted field keeps its value, an empty string clears it. */
export const updatePolicy: SubmitHandler<'update_policy'> = {
  validate(ctx, p) {
    requireNonEmpty(p.policyName, 'parameters.policyName');
    checkExpressions(ctx, { condition: p.policyCondition, consensus: p.policyConsensus, time: p.time });
  },
  execute(ctx, p) {
    const current = found(ctx.store.policies.get(p.policyId), ctx.org.organizationId, 'policy', p.policyId);
    if (p.policyName !== undefined) assertUniqueName(ctx, p.policyName, current.policyId);
    const next: PolicyRecord = {
      ...current,
      policyName: p.policyName ?? current.policyName,
      effect: p.policyEffect ?? current.effect,
      condition: p.policyCondition ?? current.condition,
      consensus: p.policyConsensus ?? current.consensus,
      notes: p.policyNotes ?? current.notes,
      updatedAt: ctx.env.now(),
    };
    if (p.time !== undefined) {
      if (p.time === '') delete next.time;
      else next.time = p.time;
    }
    ctx.store.policies.update(next);
    return { policyId: current.policyId };
  },
};

export const deletePolicy: SubmitHandler<'delete_policy'> = {
  execute(ctx, p) {
    found(ctx.store.policies.get(p.policyId), ctx.org.organizationId, 'policy', p.policyId);
    ctx.store.policies.delete(p.policyId);
    return { policyId: p.policyId };
  },
};

export const getPolicy: QueryHandler<'get_policy'> = (ctx, body) => ({
  policy: renderPolicy(found(ctx.store.policies.get(body.policyId), ctx.org.organizationId, 'policy', body.policyId), 'api'),
});

export const listPolicies: QueryHandler<'list_policies'> = (ctx) => ({
  policies: ctx.store.policies.listByOrg(ctx.org.organizationId).map((p) => renderPolicy(p, 'api')),
});

/** docs/service-behaviour.md#policies: policies without `time` are always active. */
export const getActivePolicies: QueryHandler<'get_active_policies'> = (ctx) => {
  const now = ctx.env.now();
  const statuses = ctx.store.policies.listByOrg(ctx.org.organizationId).map((p) => {
    const status: Record<string, unknown> = { organizationId: p.organizationId, policyId: p.policyId, active: true };
    if (p.time !== undefined) {
      const t = ctx.policy.timeActive(p.time, now);
      status.active = t.active;
      status.timeExpr = p.time;
      if (t.error !== undefined) status.error = t.error;
    }
    return status;
  });
  return { statuses, evaluatedAtMs: String(now) };
};
