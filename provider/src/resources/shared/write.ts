// Writes that may need approval. Before
// submitting, look for an earlier activity asking for the same thing: one still waiting for votes is
// waited on instead of submitting a second one; for creates, one completed after its approval stands for
// the write (its object is adopted, never duplicated). A CONSENSUS_NEEDED answer is waited on up to
// `consensusTimeoutMs`, then fails naming the activity, its fingerprint and who can approve it.
import {
  ConsensusNeededError,
  TimeoutError,
  UnexpectedResponseError,
  operations,
  type Activity,
  type RequestOf,
  type ResultOf,
  type SubmitName,
  type SubmitOperation,
} from '@walletinfra/sdk';
import type { OrgSession } from '../../client';
import { sameValue } from './diff';

export interface WriteRequest<N extends SubmitName> {
  operation: N;
  /** What the write does, for messages: `create policy "allow-treasury"`. */
  description: string;
  parameters: RequestOf<N>;
  /**
   * Does an earlier activity's intent ask for the same thing? Default: the same parameters (with '' and
   * absent taken as equal). Fiat credentials override it: their ciphertexts are randomised (docs/service-behaviour.md#fiat-on-ramp-credentials).
   */
  matches?: (intent: Record<string, unknown>) => boolean;
  /**
   * May a COMPLETED activity with the same intent stand for this write (an approval that arrived after an
   * earlier run stopped waiting)? True when its effect is still what the service shows.
   */
  adoptCompleted?: (result: ResultOf<N>, activity: Activity) => Promise<boolean>;
}

export interface WriteOutcome<N extends SubmitName> {
  result: ResultOf<N>;
  activity: Activity;
  /** How the result was obtained. */
  via: 'submitted' | 'approved' | 'reused-pending' | 'reused-completed';
}

const CONSENSUS_NEEDED = 'ACTIVITY_STATUS_CONSENSUS_NEEDED';

function opOf(name: SubmitName): SubmitOperation {
  return operations[name] as unknown as SubmitOperation;
}

/**
 * Empty strings and absent keys mean the same in intents (docs/service-behaviour.md#policies: unset expressions read back as ''),
 * so both are dropped before comparing.
 */
export function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined && v !== '')
        .map(([k, v]) => [k, comparable(v)]),
    );
  }
  return value;
}

export function intentOf(activity: Activity, intentKey: string): Record<string, unknown> {
  const intent = activity.intent[intentKey];
  return intent !== null && typeof intent === 'object' ? (intent as Record<string, unknown>) : {};
}

/**
 * An approval gathered after an earlier run gave up waiting shows as a COMPLETED activity with votes
 * beyond the submitter's own (docs/service-behaviour.md#activities: the submission counts as the first approval). [UNCONFIRMED]
 * that the live service lists the submitter's vote; a completed create without any recorded vote from a
 * second user is never taken for ours.
 */
function wentThroughConsensus(activity: Activity): boolean {
  return new Set(activity.votes.map((v) => v.userId)).size >= 2;
}

export async function submitWrite<N extends SubmitName>(session: OrgSession, req: WriteRequest<N>): Promise<WriteOutcome<N>> {
  const op = opOf(req.operation);
  const earlier = await session.reusableActivities(op.activityType, req.adoptCompleted !== undefined);
  const matches = req.matches ?? ((intent: Record<string, unknown>) => sameValue(comparable(intent), comparable(req.parameters)));
  const matching = earlier.filter((a) => matches(intentOf(a, op.intentKey)));
  const pending = matching.find((a) => a.status === CONSENSUS_NEEDED);
  if (pending) {
    session.forgetActivity(op.activityType, pending.id);
    const activity = await awaitApproval(session, req, pending);
    return { result: resultOf(req.operation, activity), activity, via: 'reused-pending' };
  }
  if (req.adoptCompleted) {
    for (const done of matching.filter((a) => a.status === 'ACTIVITY_STATUS_COMPLETED' && wentThroughConsensus(a))) {
      const result = resultOf(req.operation, done);
      if (await req.adoptCompleted(result, done)) {
        session.forgetActivity(op.activityType, done.id);
        return { result, activity: done, via: 'reused-completed' };
      }
    }
  }
  try {
    const { activity, result } = await session.call((c) => c.submit(req.operation, req.parameters));
    return { result: result as ResultOf<N>, activity, via: 'submitted' };
  } catch (error) {
    if (!(error instanceof ConsensusNeededError) || error.activityStatus !== CONSENSUS_NEEDED) throw error;
    const activity = await awaitApproval(session, req, error.activity as Activity);
    return { result: resultOf(req.operation, activity), activity, via: 'approved' };
  }
}

async function awaitApproval<N extends SubmitName>(session: OrgSession, req: WriteRequest<N>, activity: Activity): Promise<Activity> {
  const op = opOf(req.operation);
  try {
    return await session.client.waitForActivity(activity, {
      operation: op.path,
      waitForConsensus: { timeoutMs: session.settings.consensusTimeoutMs },
    });
  } catch (error) {
    if (!(error instanceof TimeoutError) && !(error instanceof ConsensusNeededError)) throw error;
    throw await consensusTimeout(session, req, activity, error);
  }
}

async function consensusTimeout<N extends SubmitName>(
  session: OrgSession,
  req: WriteRequest<N>,
  first: Activity,
  error: TimeoutError | ConsensusNeededError,
): Promise<ConsensusNeededError> {
  const activityId = error.activityId ?? first.id;
  const fingerprint = error.fingerprint ?? first.fingerprint;
  const voters = [...new Set(first.votes.map((v) => v.userId))];
  const approvers = await approversHint(session);
  const waited = session.settings.consensusTimeoutMs;
  const message =
    `${req.description} needs approval: activity ${activityId} (fingerprint ${fingerprint}) in organization ` +
    `${session.organizationId} is still waiting for consensus after ${waited} ms` +
    (voters.length > 0 ? ` (approved so far by ${voters.join(', ')})` : '') +
    `. ${approvers} Approve it with approve_activity and that fingerprint, then run \`pulumi up\` again: ` +
    `the waiting activity is reused, never submitted twice. To wait longer in one run, raise walletinfra:consensusTimeoutMs.`;
  return new ConsensusNeededError(message, {
    activity: first,
    activityId,
    fingerprint,
    activityStatus: CONSENSUS_NEEDED,
    operation: opOf(req.operation).path,
  });
}

/** Who can approve: the allow policies whose consensus names approvers (docs/service-behaviour.md#policies, #policy-language). */
async function approversHint(session: OrgSession): Promise<string> {
  let policies;
  try {
    policies = await session.list('policies');
  } catch {
    return 'Its approvers could not be listed (list_policies failed).';
  }
  const named = policies.filter((p) => p.effect === 'EFFECT_ALLOW' && p.consensus.trim() !== '');
  if (named.length === 0) {
    return `No policy names approvers; another user of organization ${session.organizationId} (for example a root user) must approve it.`;
  }
  const shown = named.slice(0, 5).map((p) => `policy "${p.policyName}" (consensus: ${p.consensus})`);
  const more = named.length > shown.length ? ` and ${named.length - shown.length} more` : '';
  return `Users who satisfy ${shown.join('; ')}${more} can approve it.`;
}

function resultOf<N extends SubmitName>(name: N, activity: Activity): ResultOf<N> {
  const op = opOf(name);
  const raw = op.resultKey === undefined ? activity.result : activity.result[op.resultKey];
  const parsed = op.result.safeParse(raw);
  if (!parsed.success) {
    throw new UnexpectedResponseError(`activity ${activity.id} (${activity.type}) has no valid ${op.resultKey ?? 'result'}`, {
      activityId: activity.id,
      operation: op.path,
    });
  }
  return parsed.data as ResultOf<N>;
}
