// Velocity controls: create/delete activities and the get/list queries (docs/service-behaviour.md#velocity-controls).
// The rules a control follows come from the sdk, the same the provider's preview applies; identifiers are unique.
// What a control measures and how policies read it lives in ../velocity.ts.
import type { RequestOf } from '@walletinfra/sdk';
import { velocityControlProblems } from '@walletinfra/sdk/rules';
import type { QueryHandler, RequestContext, SubmitHandler } from '../context';
import { invalidArgument } from '../errors';
import type { VelocityControlRecord } from '../store/records';
import { renderVelocityControl } from '../render/velocity-control';
import { DEFAULT_PAGE_LIMIT, pageOf } from './pagination';
import { found } from './util';

type VelocityControlParams = RequestOf<'create_velocity_control'>;

/** 400 with the first problem, named by its path. */
export function checkVelocityControl(p: VelocityControlParams): void {
  const problem = velocityControlProblems(p)[0];
  if (problem !== undefined) throw invalidArgument(`invalid request body: parameters.${problem.path}: ${problem.message}`);
}

export function insertVelocityControl(
  ctx: Pick<RequestContext, 'store' | 'env'>,
  organizationId: string,
  p: VelocityControlParams,
): VelocityControlRecord {
  if (ctx.store.velocityControls.findUnique(organizationId, p.identifier) !== undefined) {
    throw invalidArgument(`a velocity control with identifier '${p.identifier}' already exists; identifiers are unique in an organization`);
  }
  const now = ctx.env.now();
  return ctx.store.velocityControls.insert({
    velocityControlId: ctx.env.uuid(),
    organizationId,
    name: p.name,
    identifier: p.identifier,
    dataSource: p.dataSource,
    aggregation: p.aggregation,
    createdAt: now,
    updatedAt: now,
  });
}

export const createVelocityControl: SubmitHandler<'create_velocity_control'> = {
  validate: (_ctx, p) => checkVelocityControl(p),
  execute: (ctx, p) => ({ velocityControlId: insertVelocityControl(ctx, ctx.org.organizationId, p).velocityControlId }),
};

export const deleteVelocityControl: SubmitHandler<'delete_velocity_control'> = {
  execute(ctx, p) {
    found(ctx.store.velocityControls.get(p.velocityControlId), ctx.org.organizationId, 'velocity control', p.velocityControlId);
    ctx.store.velocityControls.delete(p.velocityControlId);
    return { velocityControlId: p.velocityControlId };
  },
};

export const getVelocityControl: QueryHandler<'get_velocity_control'> = (ctx, body) => ({
  velocityControl: renderVelocityControl(
    found(ctx.store.velocityControls.get(body.velocityControlId), ctx.org.organizationId, 'velocity control', body.velocityControlId),
    'api',
  ),
});

/** Newest first with exclusive id cursors, like every paginated list here (docs/service-behaviour.md#limits-and-pagination). */
export const listVelocityControls: QueryHandler<'list_velocity_controls'> = (ctx, body) => {
  const orgId = ctx.org.organizationId;
  const page = pageOf(ctx.store.velocityControls, orgId, body.paginationOptions, { newestFirst: true }, 'velocity control');
  const limit = body.paginationOptions?.limit === undefined ? DEFAULT_PAGE_LIMIT : Number(body.paginationOptions.limit);
  const last = page[page.length - 1];
  const cursor = last === undefined ? undefined : ctx.store.velocityControls.cursorOf(orgId, last.velocityControlId);
  const hasNextPage =
    page.length === limit &&
    cursor !== undefined &&
    ctx.store.velocityControls.page(orgId, { newestFirst: true, limit: 1 }, cursor).length > 0;
  const pageInfo: Record<string, unknown> = { hasNextPage, hasPreviousPage: body.paginationOptions?.after !== undefined };
  if (page[0] !== undefined) pageInfo.startCursor = page[0].velocityControlId;
  if (last !== undefined) pageInfo.endCursor = last.velocityControlId;
  return { velocityControls: page.map((r) => renderVelocityControl(r, 'api')), pageInfo };
};
