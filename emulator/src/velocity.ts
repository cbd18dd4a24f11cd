// Velocity controls at work (docs/service-behaviour.md#velocity-controls): every activity that executes while its
// organization has a control is recorded as a data point (type, user, wallet, the asset transfers it signed); a
// request is decided with each control's aggregate over its window and bucket, the request itself included, compared
// with the control's threshold — the state the sdk's evaluator turns into `controls.<identifier>`.
// UNCONFIRMED: a control measures what executes after it exists; a SUM over activity executions counts each as 1;
// a request without a wallet falls in the wallet bucket of other wallet-less requests.
import { assetUnits, type PolicyVelocityControlState } from '@walletinfra/sdk/policy';
import type { PolicyRequest, RequestContext } from './context';
import type { VelocityControlRecord, VelocityDataPointRecord } from './store/records';

/** A request (or executed activity) as controls measure it. */
export interface Measured {
  activityType: string;
  userId: string;
  walletId?: string | undefined;
  transfers: ReadonlyArray<{ caip19: string; amount: string }>;
}

export function measuredOf(ctx: RequestContext, activityType: string, request: PolicyRequest | undefined): Measured {
  return { activityType, userId: ctx.caller.user.userId, walletId: request?.walletId, transfers: request?.transfers ?? [] };
}

/** The state of every control of the organization for this request; undefined when it has none. */
export function controlStates(ctx: RequestContext, request: Measured): Record<string, PolicyVelocityControlState> | undefined {
  const controls = ctx.store.velocityControls.listByOrg(ctx.org.organizationId);
  if (controls.length === 0) return undefined;
  const points = ctx.store.velocityDataPoints.listByOrg(ctx.org.organizationId);
  const now = ctx.env.now();
  const states: Record<string, PolicyVelocityControlState> = {};
  for (const control of controls) {
    const window = control.aggregation.window.rolling?.duration;
    const since = window === undefined ? -Infinity : now - Number(window) * 1000;
    let total = contribution(control, request);
    for (const point of points) {
      if (point.at > since && sameBucket(control, point, request)) total += contribution(control, point);
    }
    states[control.identifier] = {
      operator: control.aggregation.operator,
      threshold: control.aggregation.threshold,
      aggregate: decimal(total),
    };
  }
  return states;
}

/** Records an executed activity, when its organization has controls to measure it. */
export function recordExecution(ctx: RequestContext, activityId: string, measured: Measured): void {
  if (ctx.store.velocityControls.countByOrg(ctx.org.organizationId) === 0) return;
  const point: VelocityDataPointRecord = {
    id: ctx.env.uuid(),
    organizationId: ctx.org.organizationId,
    activityId,
    activityType: measured.activityType,
    userId: measured.userId,
    transfers: [...measured.transfers],
    at: ctx.env.now(),
  };
  if (measured.walletId !== undefined) point.walletId = measured.walletId;
  ctx.store.velocityDataPoints.insert(point);
}

function sameBucket(control: VelocityControlRecord, point: Measured, request: Measured): boolean {
  const by = control.aggregation.groupBy;
  if (by.user !== undefined) return point.userId === request.userId;
  if (by.wallet !== undefined) return point.walletId === request.walletId;
  return true;
}

interface Source {
  chainAssetTransfer?: { definition: Array<{ caip19: string; decimals: string }>; filter?: { activity?: Array<{ activityType: string }> } };
  activityExecution?: { filter?: { activity?: Array<{ activityType: string }> } };
}

/** What one data point adds to a control's aggregate, in the sdk's 10^-18 decimal units. */
function contribution(control: VelocityControlRecord, point: Measured): bigint {
  const source = control.dataSource as Source;
  const one = 10n ** 18n;
  const count = control.aggregation.method === 'VELOCITY_CONTROL_AGGREGATION_METHOD_COUNT';
  const execution = source.activityExecution;
  if (execution !== undefined) return passes(execution.filter, point.activityType) ? one : 0n;
  const transfer = source.chainAssetTransfer;
  if (transfer === undefined || !passes(transfer.filter, point.activityType)) return 0n;
  let total = 0n;
  for (const t of point.transfers) {
    const asset = transfer.definition.find((d) => sameAsset(d.caip19, t.caip19));
    if (asset !== undefined) total += count ? one : assetUnits(BigInt(t.amount), Number(asset.decimals));
  }
  return total;
}

function passes(filter: { activity?: Array<{ activityType: string }> } | undefined, type: string): boolean {
  const types = filter?.activity ?? [];
  return types.length === 0 || types.some((t) => t.activityType === type);
}

/** CAIP-19 ids compare exactly, except EVM token addresses, which are hex and compare case-insensitively. */
function sameAsset(a: string, b: string): boolean {
  return a.startsWith('eip155:') ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** 10^-18 units as the decimal string the sdk's comparison reads. */
function decimal(units: bigint): string {
  const whole = units / 10n ** 18n;
  const fraction = (units % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
}
