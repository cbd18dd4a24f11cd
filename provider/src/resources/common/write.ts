// Every write of every resource. Before submitting, look for an earlier activity asking for the same
// thing: one still waiting for votes is waited on instead of submitting a second one; for creates, one an
// earlier run left completed (approved after it stopped waiting, or committed by a run that was
// interrupted or lost the response) stands for the write when its object still has every declared value
// (adopted, never duplicated). A CONSENSUS_NEEDED answer is waited on up to `consensusTimeoutMs`, then
// fails naming the activity, its fingerprint and who can approve it. A write whose response was lost is
// resolved (./outcome.ts) before the provider gives up.
import {
  ConsensusNeededError,
  TimeoutError,
  UnexpectedResponseError,
  WalletInfraError,
  operations,
  type RequestOf,
  type ResultOf,
  type SubmitName,
  type SubmitOperation,
} from '@walletinfra/sdk';
import type { Activity } from '@walletinfra/sdk/schemas';
import { messageOf } from '../../errors';
import type { OrgSession } from '../../session';
import { WAITING_FOR_CONSENSUS } from '../../session/activity-history';
import { sortedJson } from '../../internal/sorted-json';
import { decideOutcome, type ActivityEvidence, type ObjectEvidence, type WriteKind } from './outcome';
import { POLICIES } from '../../session/lists';

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
  /**
   * Read fresh from the service: the result this write would have returned when the objects show its
   * effect (see ObjectEvidence), undefined when they do not. Used only when a response was lost.
   */
  evidence?: () => Promise<ResultOf<N> | undefined>;
}

export interface WriteOutcome<N extends SubmitName> {
  result: ResultOf<N>;
  /** Undefined when the result was read from the objects (a lost response, the activity history unreadable). */
  activity?: Activity;
  /** How the result was obtained. */
  via: 'submitted' | 'approved' | 'reused-pending' | 'reused-completed' | 'resolved';
}

function opOf(name: SubmitName): SubmitOperation {
  return operations[name];
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

/**
 * The text two intents compare by: `comparable` with its keys sorted, so equal text means the same wire
 * value ('' and absent taken as equal). Kept per activity: every write of a type compares its parameters
 * with every earlier activity of that type, and an organization's history can hold thousands of them.
 */
const intentTexts = new WeakMap<Activity, string>();

function intentText(activity: Activity, intentKey: string): string {
  let text = intentTexts.get(activity);
  if (text === undefined) {
    text = sortedJson(comparable(intentOf(activity, intentKey)));
    intentTexts.set(activity, text);
  }
  return text;
}

/** Does an earlier activity ask for what `req` asks: `req.matches` on its intent, or else the same intent text. */
function asksTheSame(req: WriteRequest<SubmitName>, intentKey: string): (activity: Activity) => boolean {
  const { matches } = req;
  if (matches !== undefined) return (activity) => matches(intentOf(activity, intentKey));
  const wanted = sortedJson(comparable(req.parameters));
  return (activity) => intentText(activity, intentKey) === wanted;
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

/** The submission counts as the first vote, so its public key says who submitted (docs.turnkey.com, "Activities"). */
function submittedWith(activity: Activity, apiPublicKey: string): boolean {
  return activity.votes[0]?.publicKey.toLowerCase() === apiPublicKey.toLowerCase();
}

function writeKindOf(name: SubmitName): WriteKind {
  if (name.startsWith('create_')) return 'create';
  if (name.startsWith('delete_') || name.startsWith('remove_')) return 'delete';
  return 'update';
}

export async function submitWrite<N extends SubmitName>(session: OrgSession, req: WriteRequest<N>): Promise<WriteOutcome<N>> {
  const op = opOf(req.operation);
  const earlier = await session.reusableActivities(op.activityType, req.adoptCompleted !== undefined);
  const matching = earlier.filter(asksTheSame(req, op.intentKey));
  const pending = matching.find((a) => a.status === WAITING_FOR_CONSENSUS);
  if (pending) {
    session.forgetActivity(op.activityType, pending.id);
    const activity = await awaitApproval(session, req, pending);
    return { result: resultOf(req.operation, activity), activity, via: 'reused-pending' };
  }
  if (req.adoptCompleted) {
    const own = (a: Activity) => wentThroughConsensus(a) || submittedWith(a, session.settings.apiPublicKey);
    const candidates = matching.filter(
      (a) => a.status === 'ACTIVITY_STATUS_COMPLETED' && own(a) && !session.history.wasSubmittedHere(a.fingerprint),
    );
    for (const done of candidates) {
      const result = resultOf(req.operation, done);
      if (await req.adoptCompleted(result, done)) {
        session.forgetActivity(op.activityType, done.id);
        session.log(
          `walletinfra: ${req.description}: an earlier run already did it (activity ${done.id}, completed, every declared ` +
            `value matches); adopting its object instead of creating a second one`,
        );
        return { result, activity: done, via: 'reused-completed' };
      }
    }
  }
  const prepared = session.client.prepareSubmit(req.operation, req.parameters);
  session.history.noteSubmitted(prepared.fingerprint);
  try {
    const { activity, result } = await session.client.submitRaw(prepared.body);
    return { result: result as ResultOf<N>, activity, via: 'submitted' };
  } catch (error) {
    if (error instanceof ConsensusNeededError && error.activityStatus === WAITING_FOR_CONSENSUS) {
      const activity = await awaitApproval(session, req, error.activity as Activity);
      return { result: resultOf(req.operation, activity), activity, via: 'approved' };
    }
    if (!(error instanceof WalletInfraError) || error.maybeProcessed !== true) throw error;
    return resolveLostResponse(session, req, prepared.fingerprint, error);
  }
}

/** Finds out whether a write whose last response was lost took effect (./outcome.ts), and acts on it. */
async function resolveLostResponse<N extends SubmitName>(
  session: OrgSession,
  req: WriteRequest<N>,
  fingerprint: string,
  error: WalletInfraError,
): Promise<WriteOutcome<N>> {
  const op = opOf(req.operation);
  const kind = writeKindOf(req.operation);
  let activity: ActivityEvidence;
  try {
    activity = { found: await session.activityByFingerprint(op.activityType, fingerprint) };
  } catch (e) {
    activity = { unavailable: messageOf(e) };
  }
  let object: ObjectEvidence<ResultOf<N>> = { unavailable: 'not looked at' };
  if (!('found' in activity && activity.found !== undefined) && req.evidence !== undefined) {
    try {
      const shows = await req.evidence();
      object = shows === undefined ? { lacks: true } : { shows };
    } catch (e) {
      object = { unavailable: messageOf(e) };
    }
  }
  const outcome = decideOutcome(kind, activity, object);
  switch (outcome.decision) {
    case 'committed':
      session.log(`walletinfra: ${req.description}: the response was lost, but the write took effect; recorded in the state`);
      if (outcome.via === 'activity')
        return { result: resultOf(req.operation, outcome.activity), activity: outcome.activity, via: 'resolved' };
      return { result: outcome.result, via: 'resolved' };
    case 'pending': {
      const done =
        outcome.activity.status === WAITING_FOR_CONSENSUS
          ? await awaitApproval(session, req, outcome.activity)
          : await session.client.waitForActivity(outcome.activity, { operation: op.path, fingerprint });
      return { result: resultOf(req.operation, done), activity: done, via: 'resolved' };
    }
    case 'not-committed':
      error.message = `${error.message}. ${capitalize(req.description)} did not take effect (${outcome.why}); running \`pulumi up\` again submits it`;
      throw error;
    case 'unknown':
      error.message =
        `${error.message}. Whether ${req.description} took effect is unknown: ${outcome.why}. The next \`pulumi up\` ` +
        `reconciles: it waits for the activity (fingerprint ${fingerprint}) if it is still pending, ` +
        (kind === 'create'
          ? 'adopts the object if the create completed (every declared value matching), and submits it again only if nothing happened'
          : 'and otherwise compares the object with the declared values and writes only what still differs');
      throw error;
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
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
    activityStatus: WAITING_FOR_CONSENSUS,
    operation: opOf(req.operation).path,
  });
}

/** Who can approve: the allow policies whose consensus names approvers (docs/service-behaviour.md#policies, #policy-language). */
async function approversHint(session: OrgSession): Promise<string> {
  let policies;
  try {
    policies = await session.list(POLICIES);
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
