// Waiting for an activity to reach a terminal status (docs/service-behaviour.md#activities). The submit response may
// already be COMPLETED ("optimistically synchronous"); otherwise `get_activity` is polled with bounded
// exponential backoff until COMPLETED, a failure status, the deadline, or an abort.
import {
  AbortedError,
  ActivityFailedError,
  ActivityRejectedError,
  ConsensusNeededError,
  TimeoutError,
  UnexpectedResponseError,
  type ServiceStatus,
} from './errors';
import type { Activity } from './schemas/activity';

// Public here since the first release; the implementation is shared with the transport (sleep.ts).
export { sleepWithSignal } from './sleep';

/** Polling knobs; the client's `activity` option (its schema and defaults: client/options.ts). */
export interface ActivityPollingOptions {
  /** First delay between two polls (default 500 ms, @turnkey/http's `refreshIntervalMs`). */
  pollIntervalMs: number;
  /** Ceiling of the doubling delay (default 5000 ms). */
  maxPollIntervalMs: number;
  /** Overall deadline of one wait, from the moment waiting starts (default 60 000 ms). */
  timeoutMs: number;
}

/**
 * `false` (default): CONSENSUS_NEEDED raises ConsensusNeededError at once. `true`: keep polling until the
 * activity is approved (COMPLETED), rejected or the deadline passes. `{timeoutMs}`: the same with its own
 * deadline, since gathering votes takes people longer than a server takes to execute (docs/service-behaviour.md#activities: approvals
 * stay open 24 hours).
 */
export type WaitForConsensus = boolean | { timeoutMs: number };

export type ActivityOutcome = 'completed' | 'in_progress' | 'consensus_needed' | 'failed' | 'rejected' | 'unknown';

/** Where a status leaves a waiter (docs/service-behaviour.md#activities; AUTHENTICATORS_NEEDED is terminal for @turnkey/sdk-types). */
export function activityOutcome(status: string): ActivityOutcome {
  switch (status) {
    case 'ACTIVITY_STATUS_COMPLETED':
      return 'completed';
    case 'ACTIVITY_STATUS_CREATED':
    case 'ACTIVITY_STATUS_PENDING':
      return 'in_progress';
    case 'ACTIVITY_STATUS_CONSENSUS_NEEDED':
    case 'ACTIVITY_STATUS_AUTHENTICATORS_NEEDED':
      return 'consensus_needed';
    case 'ACTIVITY_STATUS_FAILED':
      return 'failed';
    case 'ACTIVITY_STATUS_REJECTED':
      return 'rejected';
    default:
      return 'unknown';
  }
}

/** Delay before poll number `attempt` (0-based): pollIntervalMs doubled per attempt, capped. Pure. */
export function pollDelayMs(attempt: number, options: Pick<ActivityPollingOptions, 'pollIntervalMs' | 'maxPollIntervalMs'>): number {
  const factor = 2 ** Math.min(attempt, 30);
  return Math.min(options.pollIntervalMs * factor, options.maxPollIntervalMs);
}

export interface WaitForActivityInput {
  /** The activity as last seen (the submit response's `activity`). */
  activity: Activity;
  /** Reads the activity again (`get_activity`). */
  fetchActivity: (activityId: string, signal?: AbortSignal) => Promise<Activity>;
  /** The submit path, carried as `operation` on errors. */
  operation: string;
  /** sha256 fingerprint of the submitted body; used when the service's `activity.fingerprint` is empty. */
  fingerprint?: string;
  polling: ActivityPollingOptions;
  waitForConsensus?: WaitForConsensus;
  clock: { now(): number };
  /** Must resolve after `ms` (tests inject one that advances a fake clock) and may reject on abort. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
}

/**
 * Resolves with the COMPLETED activity, or throws ActivityFailedError, ActivityRejectedError,
 * ConsensusNeededError, TimeoutError, AbortedError or UnexpectedResponseError (unknown status), each
 * carrying the activity id, fingerprint and last status.
 */
export async function waitForActivity(input: WaitForActivityInput): Promise<Activity> {
  const { polling, clock, sleep, signal } = input;
  const waitConsensus = input.waitForConsensus ?? false;
  const timeoutMs = typeof waitConsensus === 'object' ? waitConsensus.timeoutMs : polling.timeoutMs;
  const deadline = clock.now() + timeoutMs;
  let activity = input.activity;

  for (let attempt = 0; ; attempt++) {
    const outcome = activityOutcome(activity.status);
    if (outcome === 'completed') return activity;
    // AUTHENTICATORS_NEEDED also maps to consensus_needed, but more votes cannot satisfy it: never waited for
    const waitingForVotes = waitConsensus !== false && activity.status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED';
    if (outcome !== 'in_progress' && !waitingForVotes) throw terminalError(activity, outcome, input);

    if (signal?.aborted) throw abortedError(activity, input);
    const remaining = deadline - clock.now();
    if (remaining <= 0) throw timeoutError(activity, input, timeoutMs);
    try {
      await sleep(Math.min(pollDelayMs(attempt, polling), remaining), signal);
      if (signal?.aborted) throw abortedError(activity, input);
      activity = await input.fetchActivity(activity.id, signal);
    } catch (error) {
      // whatever the sleep or the transport threw on abort, report it as this activity's abort
      if (signal?.aborted) throw abortedError(activity, input);
      throw error;
    }
  }
}

function identity(activity: Activity, input: WaitForActivityInput) {
  return {
    operation: input.operation,
    activityId: activity.id,
    fingerprint: activity.fingerprint !== '' ? activity.fingerprint : input.fingerprint,
    activityStatus: activity.status,
  };
}

function terminalError(activity: Activity, outcome: ActivityOutcome, input: WaitForActivityInput): Error {
  const id = identity(activity, input);
  const label = `activity ${activity.id} (${activity.type})`;
  switch (outcome) {
    case 'failed': {
      const failure = activity.failure as ServiceStatus | undefined;
      const reason = failure?.message ? `: ${failure.message.slice(0, 500)}` : '';
      return new ActivityFailedError(`${label} failed${reason}`, {
        ...id,
        ...(failure !== undefined ? { failure, details: failure.details ?? [] } : {}),
        ...(failure?.code !== undefined ? { grpcCode: failure.code } : {}),
        activity,
      });
    }
    case 'rejected':
      return new ActivityRejectedError(`${label} was rejected`, { ...id, activity });
    case 'consensus_needed':
      return new ConsensusNeededError(
        activity.status === 'ACTIVITY_STATUS_AUTHENTICATORS_NEEDED'
          ? `${label} needs additional authenticators`
          : `${label} needs consensus: other users must approve it (by fingerprint), or pass waitForConsensus to wait`,
        { ...id, activity },
      );
    default:
      return new UnexpectedResponseError(`${label} has an unknown status ${JSON.stringify(activity.status)}`, id);
  }
}

function timeoutError(activity: Activity, input: WaitForActivityInput, timeoutMs: number): TimeoutError {
  return new TimeoutError(
    `activity ${activity.id} (${activity.type}) did not finish within ${timeoutMs} ms (last status ${activity.status})`,
    { ...identity(activity, input), timeoutMs },
  );
}

function abortedError(activity: Activity, input: WaitForActivityInput): AbortedError {
  return new AbortedError(`waiting for activity ${activity.id} (${activity.type}) was aborted (last status ${activity.status})`, {
    ...identity(activity, input),
    cause: input.signal?.reason,
  });
}
