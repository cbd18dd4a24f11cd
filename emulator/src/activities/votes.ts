// approve_activity / reject_activity (docs/service-behaviour.md#approving-and-rejecting): a vote targets an activity by fingerprint. A vote is
// itself an activity (idempotent by its own fingerprint). When the votes satisfy the root quorum or a
// policy's consensus, the target's effect runs in the same transaction; if the effect is refused then, the
// target ends FAILED with the refusal as `failure` (docs/service-behaviour.md#activities). Which activity the response carries is
// [UNCONFIRMED] (docs/service-behaviour.md#unconfirmed-choices): the vote activity, whose `result` is the target's result once it completed.
import type { SubmitOperation } from '@walletinfra/sdk';
import type { RequestContext } from '../context';
import { internalError, invalidArgument, notFound, permissionDenied } from '../errors';
import type { FaultDecision } from '../faults';
import { activityParamsFor } from '../policy-engine';
import type { ActivityRecord, VoteRecord } from '../store/records';
import { admitWrite, callerCredential, findByFingerprint, policyContextOf, policyDenied, recordEvaluation, submitterVote } from './engine';
import { measuredOf } from '../velocity';
import { runDeferredEffect } from './complete';
import { renderActivity } from '../render/activity';
import { COMPLETED, CONSENSUS_NEEDED, FAILED, REJECTED } from './status';
import { canVote, liveVotes } from './voting';

export interface VoteInput {
  op: SubmitOperation;
  envelope: { type: string; timestampMs: string; organizationId: string; parameters: Record<string, unknown> };
  rawBody: string;
  fault: FaultDecision | undefined;
}

export function voteOnActivity(ctx: RequestContext, input: VoteInput): { activity: Record<string, unknown> } {
  const { op, envelope, rawBody } = input;
  const approve = op.name === 'approve_activity';
  const admitted = admitWrite(ctx, envelope.timestampMs, rawBody);
  if ('answer' in admitted) return admitted.answer;
  const { fingerprint } = admitted;
  const targetFingerprint = String(envelope.parameters.fingerprint);
  const target = findByFingerprint(ctx, targetFingerprint);
  if (target === undefined) {
    throw notFound('No activity found with fingerprint. Consensus activities must target an existing activity by fingerprint');
  }
  if (target.status !== CONSENSUS_NEEDED)
    throw invalidArgument(`activity ${target.id} is not awaiting consensus (status ${target.status})`);
  if (liveVotes(target, ctx.env.now()).some((v) => v.userId === ctx.caller.user.userId)) {
    throw invalidArgument(`user has already voted on activity ${target.id}`);
  }
  if (!canVote(ctx.store, target, ctx.caller.user.userId, ctx.env.now())) {
    throw permissionDenied('request not authorized: only members of the root quorum can vote on this activity');
  }
  // The vote itself is decided by the sdk's evaluator: a user included in the consensus needs no policy of its
  // own, and root users bypass policies (docs/service-behaviour.md#implicit-permissions).
  const voteDecision = ctx.policy.evaluate({
    policies: ctx.store.policies.listByOrg(ctx.org.organizationId),
    activity: { type: op.activityType, params: {} },
    approvers: [ctx.caller.user],
    credentials: [callerCredential(ctx)],
    nowMs: ctx.env.now(),
    votedActivity: { consensus: target.consensusBy === 'ROOT_QUORUM' ? 'ROOT_QUORUM' : 'POLICY' },
    rootQuorum: ctx.org.rootQuorum,
  });
  if (voteDecision.outcome !== 'OUTCOME_ALLOW') throw policyDenied(voteDecision);

  const record = ctx.store.transaction(() => {
    const id = ctx.env.uuid();
    const vote = submitterVote(ctx, target.id, rawBody);
    vote.selection = approve ? 'VOTE_SELECTION_APPROVED' : 'VOTE_SELECTION_REJECTED';
    const next: ActivityRecord = { ...target, votes: [...target.votes, vote], updatedAt: ctx.env.now() };
    if (!approve) next.status = REJECTED;
    else settle(ctx, next, vote.id);
    // Fault point: after the target's effect, before the records; the transaction rolls all of it back.
    if (input.fault?.failBetweenEffectAndRecord === true) throw internalError(ctx.env.uuid());
    ctx.store.activities.update(next);
    if (next.status !== target.status) ctx.deliveries.enqueueActivity(next);

    const now = ctx.env.now();
    const voteActivity: ActivityRecord = {
      id,
      organizationId: ctx.org.organizationId,
      operation: op.name,
      type: op.activityType,
      status: COMPLETED,
      parameters: envelope.parameters,
      intentKey: op.intentKey,
      // no approveActivityResult key exists (docs/service-behaviour.md#approving-and-rejecting): the target's result, once it has one
      result: next.status === COMPLETED ? next.result : {},
      votes: [],
      fingerprint,
      submittedBy: { userId: ctx.caller.user.userId, publicKey: ctx.caller.publicKey },
      timestampMs: envelope.timestampMs,
      createdAt: now,
      updatedAt: now,
    };
    ctx.store.activities.insert(voteActivity);
    if (voteDecision.implicitPermission !== 'ROOT_QUORUM') recordEvaluation(ctx, id, vote.id, voteDecision);
    ctx.deliveries.enqueueActivity(voteActivity);
    return voteActivity;
  });
  ctx.deliveries.kick();
  return { activity: renderActivity(ctx.store, record, ctx.env.now(), 'api', ctx.caller.user.userId) };
}

/** With a new approval: run the effect when the consensus holds (mutates `target`). */
function settle(ctx: RequestContext, target: ActivityRecord, voteId: string): void {
  const approvals = liveVotes(target, ctx.env.now()).filter((v) => v.selection === 'VOTE_SELECTION_APPROVED');
  const approvers = approvals.map((v) => v.userId);
  if (target.consensusBy === 'ROOT_QUORUM') {
    const quorum = ctx.org.rootQuorum;
    if (approvers.filter((u) => quorum.userIds.includes(u)).length < quorum.threshold) return;
  } else {
    const users = approvers.map((u) => ctx.store.users.get(u)).filter((u) => u !== undefined);
    // the target's own keywords, measured for its submitter (the request being decided is the target's)
    const submitter = ctx.store.users.get(target.submittedBy.userId);
    const forSubmitter: RequestContext = submitter === undefined ? ctx : { ...ctx, caller: { ...ctx.caller, user: submitter } };
    const handler = ctx.submitHandlerFor(target.operation, target.type);
    const request = handler?.policyRequest?.(forSubmitter, target.parameters);
    const decision = ctx.policy.evaluate({
      policies: ctx.store.policies.listByOrg(ctx.org.organizationId),
      activity: { type: target.type, params: activityParamsFor(target.type, target.parameters) },
      approvers: users,
      credentials: approvingCredentials(ctx, target.organizationId, approvals),
      nowMs: ctx.env.now(),
      context: policyContextOf(forSubmitter, request, measuredOf(forSubmitter, target.type, request)),
    });
    recordEvaluation(ctx, target.id, voteId, decision);
    if (decision.outcome === 'OUTCOME_REQUIRES_CONSENSUS') return;
    if (decision.outcome !== 'OUTCOME_ALLOW') {
      target.status = FAILED;
      target.failure = policyDenied(decision).toBody();
      return;
    }
  }
  runDeferredEffect(ctx, target);
}

/** consensus `credentials`: the credential behind each approving vote (docs/service-behaviour.md#policy-language Credential). */
function approvingCredentials(
  ctx: RequestContext,
  organizationId: string,
  approvals: VoteRecord[],
): Array<{ id: string; user_id: string; type: string; public_key: string }> {
  return approvals.map((v) => {
    const key = ctx.store.apiKeys.findByKeyIn(organizationId, v.publicKey).find((k) => k.userId === v.userId);
    if (key !== undefined) return { id: key.apiKeyId, user_id: v.userId, type: key.type, public_key: v.publicKey };
    const passkey = ctx.store.authenticators.listByOrg(organizationId).find((a) => a.userId === v.userId && a.publicKey === v.publicKey);
    return {
      id: passkey?.authenticatorId ?? v.id,
      user_id: v.userId,
      type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR',
      public_key: v.publicKey,
    };
  });
}
