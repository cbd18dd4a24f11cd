// Running a write's effect after its request: when consensus is reached (./votes.ts) or when a simulated
// PENDING activity is polled to completion (a `pendingPolls` fault). A refused effect ends the activity
// FAILED with the refusal as `failure` (docs/service-behaviour.md#activities) and leaves nothing behind.
import { operationsByActivityType, type RequestOf, type SubmitName } from '@walletinfra/sdk';
import type { RequestContext } from '../context';
import { isServiceError } from '../errors';
import type { ActivityRecord } from '../store/records';
import { measuredOf, recordExecution } from '../velocity';
import { COMPLETED, FAILED, PENDING } from './status';

/** Runs the effect of `target` (mutated to COMPLETED with its result, or FAILED with the refusal). */
export function runDeferredEffect(requestCtx: RequestContext, target: ActivityRecord): void {
  // The effect acts for the submitter, not for whoever's request completed it.
  const submitter = requestCtx.store.users.get(target.submittedBy.userId);
  const ctx: RequestContext = submitter === undefined ? requestCtx : { ...requestCtx, caller: { ...requestCtx.caller, user: submitter } };
  const handler = ctx.submitHandlerFor(target.operation, target.type);
  if (handler === undefined) throw new Error(`no handler for ${target.operation}`);
  try {
    // a nested transaction (savepoint): a refused effect leaves nothing behind
    const params = target.parameters as RequestOf<SubmitName>;
    const result = ctx.store.transaction(() => {
      const out = handler.execute(ctx, params, target.id);
      recordExecution(ctx, target.id, measuredOf(ctx, target.type, handler.policyRequest?.(ctx, params)));
      return out;
    });
    // the version the activity was submitted as names its result key
    const resultKey = operationsByActivityType.get(target.type)?.resultKey;
    target.status = COMPLETED;
    target.result = resultKey === undefined ? {} : { [resultKey]: result };
  } catch (e) {
    if (!isServiceError(e)) throw e;
    target.status = FAILED;
    target.failure = e.toBody();
  }
}

/** One poll of a simulated PENDING activity: counts down, and runs the effect on the last poll. */
export function pollPending(ctx: RequestContext, activity: ActivityRecord): ActivityRecord {
  if (activity.status !== PENDING) return activity;
  const next = ctx.store.transaction(() => {
    const record: ActivityRecord = { ...activity, pendingPolls: (activity.pendingPolls ?? 1) - 1 };
    if ((record.pendingPolls ?? 0) <= 0) {
      delete record.pendingPolls;
      runDeferredEffect(ctx, record);
      record.updatedAt = ctx.env.now();
      ctx.deliveries.enqueueActivity(record);
    }
    ctx.store.activities.update(record);
    return record;
  });
  ctx.deliveries.kick();
  return next;
}
