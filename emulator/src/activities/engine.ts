// The life of a write (docs/service-behaviour.md#transport, #activities): fingerprint and idempotency, liveness, who decides (root quorum
// or policies), then the effect and the activity record in ONE transaction, webhooks queued in the same
// transaction. Approvals and rejections live in ./votes.ts, who may vote in ./voting.ts, the statuses in
// ./status.ts; the wire form of an activity in ../render/activity.ts.
import { activityFingerprint, type RequestOf, type SubmitName, type SubmitOperation } from '@walletinfra/sdk';
import { isRootQuorumOnlyActivity, policyDenialMessage, type PolicyDecision } from '@walletinfra/sdk/policy';
import type { PolicyRequest, RequestContext, SubmitHandler } from '../context';
import type { EvaluationInput } from '../policy-engine';
import { internalError, invalidArgument, permissionDenied, POLICY_ENGINE_DETAIL_TYPE, type ServiceError } from '../errors';
import type { FaultDecision } from '../faults';
import { isRootQuorumMember } from '../identity';
import { activityParamsFor } from '../policy-engine';
import { controlStates, measuredOf, recordExecution, type Measured } from '../velocity';
import type { ActivityRecord, VoteRecord } from '../store/records';
import { renderActivity } from '../render/activity';
import { COMPLETED, CONSENSUS_NEEDED, PENDING } from './status';

export interface SubmitInput {
  op: SubmitOperation;
  envelope: { type: string; timestampMs: string; organizationId: string; parameters: Record<string, unknown> };
  rawBody: string;
  fault: FaultDecision | undefined;
}

/** The existing activity for an identical body (docs/service-behaviour.md#idempotency-and-fingerprints: idempotency by fingerprint, per organization). */
export function findByFingerprint(ctx: RequestContext, fingerprint: string): ActivityRecord | undefined {
  return ctx.store.activities.findUnique(ctx.org.organizationId, fingerprint);
}

/**
 * timestampMs liveness (docs/service-behaviour.md#request-stamps). The accepted skew is [UNCONFIRMED] (docs/service-behaviour.md#limits-and-pagination, #unconfirmed-choices): the emulator
 * allows ±livenessWindowMs (default 5 minutes) and answers 400 outside it.
 */
export function checkLiveness(ctx: RequestContext, timestampMs: string): void {
  const skew = Math.abs(ctx.env.now() - Number(timestampMs));
  const window = ctx.options.livenessWindowMs;
  if (!(skew <= window)) {
    throw invalidArgument(`invalid request body: timestampMs: must be within ${window} ms of the server time (request liveness check)`);
  }
}

export function submitterVote(ctx: RequestContext, activityId: string, rawBody: string): VoteRecord {
  return {
    id: ctx.env.uuid(),
    userId: ctx.caller.user.userId,
    activityId,
    selection: 'VOTE_SELECTION_APPROVED',
    message: rawBody,
    publicKey: ctx.caller.publicKey,
    signature: ctx.caller.signature,
    scheme: ctx.caller.scheme,
    createdAt: ctx.env.now(),
  };
}

/** 403 with the PolicyEnginePermissionError detail (docs/service-behaviour.md#errors; detail shape [UNCONFIRMED officially]). */
export function policyDenied(decision: PolicyDecision): ServiceError {
  const message = policyDenialMessage(decision);
  return permissionDenied(`request not authorized: ${message}`, {
    details: [
      {
        '@type': POLICY_ENGINE_DETAIL_TYPE,
        message,
        policyEvaluations: decision.evaluations.map((e) => ({ policyId: e.policyId, outcome: e.outcome })),
      },
    ],
  });
}

/** Decides a non-vote write: 'execute' now, or wait for 'ROOT_QUORUM' / 'POLICY' consensus; throws on deny. */
function gate(
  ctx: RequestContext,
  type: string,
  params: Record<string, unknown>,
  request: PolicyRequest | undefined,
  measured: Measured,
): { decision: 'execute' | 'ROOT_QUORUM' | 'POLICY'; policy?: PolicyDecision } {
  const quorum = ctx.org.rootQuorum;
  const root = isRootQuorumMember(ctx.org, ctx.caller.user.userId);
  if (!root && isRootQuorumOnlyActivity(type)) {
    // policies neither allow nor deny these: only the root quorum decides (docs/service-behaviour.md#root-quorum)
    throw permissionDenied(
      `request not authorized: only the root quorum can approve ${type}, and user ${ctx.caller.user.userId} is not a member of it; policies cannot grant it`,
    );
  }
  if (root) {
    // Root users bypass policies (docs/service-behaviour.md#policy-language); a quorum above one needs further root approvals.
    return { decision: quorum.threshold <= 1 ? 'execute' : 'ROOT_QUORUM' };
  }
  const policy = ctx.policy.evaluate({
    policies: ctx.store.policies.listByOrg(ctx.org.organizationId),
    activity: { type, params: activityParamsFor(type, params) },
    approvers: [ctx.caller.user],
    credentials: [callerCredential(ctx)],
    nowMs: ctx.env.now(),
    context: policyContextOf(ctx, request, measured),
  });
  if (policy.outcome === 'OUTCOME_ALLOW') return { decision: 'execute', policy };
  if (policy.outcome === 'OUTCOME_REQUIRES_CONSENSUS') return { decision: 'POLICY', policy };
  throw policyDenied(policy);
}

/** The request's own keywords and, when the organization has velocity controls, their states for this request. */
export function policyContextOf(
  ctx: RequestContext,
  request: PolicyRequest | undefined,
  measured: Measured,
): NonNullable<EvaluationInput['context']> {
  const controls = controlStates(ctx, measured);
  return { ...request?.context, ...(controls === undefined ? {} : { controls }) };
}

export function callerCredential(ctx: RequestContext): { id: string; user_id: string; type: string; public_key: string } {
  return {
    id: ctx.caller.credentialId,
    user_id: ctx.caller.user.userId,
    type: ctx.caller.credentialType,
    public_key: ctx.caller.publicKey,
  };
}

export function recordEvaluation(ctx: RequestContext, activityId: string, voteId: string, decision: PolicyDecision | undefined): void {
  if (decision === undefined) return;
  ctx.store.policyEvaluations.insert({
    id: ctx.env.uuid(),
    activityId,
    organizationId: ctx.org.organizationId,
    voteId,
    policyEvaluations: decision.evaluations.map((e) => ({ policyId: e.policyId, outcome: e.outcome })),
    createdAt: ctx.env.now(),
  });
}

/**
 * A write to a sub-organization signed by its parent's credential: the parent may read its sub-organizations,
 * never write to them (https://docs.turnkey.com/concepts/sub-organizations: "read-only visibility"). The
 * message names whose credential it was and the fix.
 */
function parentWriteRefused(ctx: RequestContext): ServiceError {
  const what = ctx.caller.credentialType === 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR' ? 'passkey' : 'API key';
  return permissionDenied(
    `request not authorized: a parent organization has read-only access to its sub-organizations: the ${what} that signed this ` +
      `request belongs to user ${ctx.caller.user.userId} of the parent organization ${ctx.caller.user.organizationId}; sign writes ` +
      `to sub-organization ${ctx.org.organizationId} with an API key of one of its own users (such as its delegated-access user)`,
  );
}

/**
 * What every write (votes included) passes first: an identical body is answered with the activity it made
 * (idempotency by fingerprint), then the liveness check, then a parent organization's read-only access.
 */
export function admitWrite(
  ctx: RequestContext,
  timestampMs: string,
  rawBody: string,
): { fingerprint: string } | { answer: { activity: Record<string, unknown> } } {
  const fingerprint = activityFingerprint(rawBody);
  const existing = findByFingerprint(ctx, fingerprint);
  if (existing !== undefined)
    return { answer: { activity: renderActivity(ctx.store, existing, ctx.env.now(), 'api', ctx.caller.user.userId) } };
  checkLiveness(ctx, timestampMs);
  if (ctx.caller.viaParent) throw parentWriteRefused(ctx);
  return { fingerprint };
}

/** Runs a non-vote write end to end and returns the `{activity}` response body. */
export function submitActivity(
  ctx: RequestContext,
  input: SubmitInput,
  handler: SubmitHandler<SubmitName>,
): { activity: Record<string, unknown> } {
  const { op, envelope, rawBody, fault } = input;
  const admitted = admitWrite(ctx, envelope.timestampMs, rawBody);
  if ('answer' in admitted) return admitted.answer;
  const { fingerprint } = admitted;
  const params = envelope.parameters as RequestOf<SubmitName>;
  handler.validate?.(ctx, params);
  const request = handler.policyRequest?.(ctx, params);
  const measured = measuredOf(ctx, op.activityType, request);
  const { decision, policy } = gate(ctx, op.activityType, envelope.parameters, request, measured);

  const rendered = ctx.store.transaction(() => {
    const id = ctx.env.uuid();
    const now = ctx.env.now();
    const vote = submitterVote(ctx, id, rawBody);
    const activity: ActivityRecord = {
      id,
      organizationId: ctx.org.organizationId,
      operation: op.name,
      type: op.activityType,
      status: CONSENSUS_NEEDED,
      parameters: envelope.parameters,
      intentKey: op.intentKey,
      result: {},
      votes: [vote],
      fingerprint,
      submittedBy: { userId: ctx.caller.user.userId, publicKey: ctx.caller.publicKey },
      timestampMs: envelope.timestampMs,
      createdAt: now,
      updatedAt: now,
    };
    if (decision === 'execute' && fault?.pendingPolls !== undefined) {
      // simulated asynchronous execution: the effect runs when get_activity has polled it enough
      activity.status = PENDING;
      activity.pendingPolls = fault.pendingPolls;
    } else if (decision === 'execute') {
      const result = handler.execute(ctx, params, id);
      recordExecution(ctx, id, measured);
      activity.status = COMPLETED;
      if (op.resultKey !== undefined) activity.result = { [op.resultKey]: result };
    } else {
      activity.consensusBy = decision;
    }
    // Fault point: after the effect, before the record; the transaction rolls both back.
    if (fault?.failBetweenEffectAndRecord === true) throw internalError(ctx.env.uuid());
    ctx.store.activities.insert(activity);
    recordEvaluation(ctx, id, vote.id, policy);
    ctx.deliveries.enqueueActivity(activity);
    // rendered inside the transaction: an effect may remove what the answer shows when the transaction ends
    // (deleting a sub-organization removes its users, who are the activity's voters)
    return renderActivity(ctx.store, activity, ctx.env.now(), 'api', ctx.caller.user.userId);
  });
  ctx.deliveries.kick();
  return { activity: rendered };
}
