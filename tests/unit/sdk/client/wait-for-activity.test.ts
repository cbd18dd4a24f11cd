// waitForActivity and its pure helpers, with an injected clock and sleep (no real waiting); the sdk's one
// abortable sleep.
import { getEventListeners } from 'node:events';
import { sleepWithSignal as sleepFromActivity } from '@walletinfra/sdk/activity';
import { sleepWithSignal } from '@walletinfra/sdk/sleep';
import {
  AbortedError,
  ActivityFailedError,
  ActivityRejectedError,
  ConsensusNeededError,
  TimeoutError,
  UnexpectedResponseError,
  activityOutcome,
  pollDelayMs,
  sleepWithSignal as sleepFromMain,
  waitForActivity,
  type WaitForActivityInput,
} from '@walletinfra/sdk';
import type { Activity } from '@walletinfra/sdk/schemas';

const FP = 'sha256:' + 'ab'.repeat(32);

function activity(status: string, extra: Partial<Activity> = {}): Activity {
  return {
    id: 'act-1',
    organizationId: 'org-1',
    status: status as Activity['status'],
    type: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
    intent: {},
    result: {},
    votes: [],
    fingerprint: FP,
    canApprove: false,
    canReject: false,
    createdAt: { seconds: '1', nanos: '0' },
    updatedAt: { seconds: '1', nanos: '0' },
    ...extra,
  };
}

/** A clock that only moves when `sleep` is called, recording every wait. */
function fakeTime(start = 1_000_000) {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    clock: { now: () => now },
    sleep: (ms: number) => {
      sleeps.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
}

/** fetchActivity answering from a script, one status per call. */
function scripted(...statuses: Array<string | Activity>) {
  const calls: string[] = [];
  const fetchActivity = (id: string): Promise<Activity> => {
    calls.push(id);
    const next = statuses.shift();
    if (next === undefined) return Promise.reject(new Error('script exhausted'));
    return Promise.resolve(typeof next === 'string' ? activity(next) : next);
  };
  return { calls, fetchActivity };
}

function input(
  first: Activity,
  fetch: WaitForActivityInput['fetchActivity'],
  time = fakeTime(),
  extra: Partial<WaitForActivityInput> = {},
) {
  return {
    activity: first,
    fetchActivity: fetch,
    operation: '/public/v1/submit/create_policy',
    polling: { pollIntervalMs: 500, maxPollIntervalMs: 5000, timeoutMs: 60_000 },
    clock: time.clock,
    sleep: time.sleep,
    ...extra,
  } satisfies WaitForActivityInput;
}

async function caught(p: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await p;
  } catch (e) {
    return e as Error & Record<string, unknown>;
  }
  throw new Error('expected a rejection');
}

describe('pollDelayMs', () => {
  test.each([
    [0, 500],
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [4, 5000],
    [50, 5000],
  ])('attempt %i waits %i ms (500 doubling, capped at 5000)', (attempt, expected) => {
    expect(pollDelayMs(attempt, { pollIntervalMs: 500, maxPollIntervalMs: 5000 })).toBe(expected);
  });
});

describe('activityOutcome', () => {
  test.each([
    ['ACTIVITY_STATUS_COMPLETED', 'completed'],
    ['ACTIVITY_STATUS_CREATED', 'in_progress'],
    ['ACTIVITY_STATUS_PENDING', 'in_progress'],
    ['ACTIVITY_STATUS_CONSENSUS_NEEDED', 'consensus_needed'],
    ['ACTIVITY_STATUS_AUTHENTICATORS_NEEDED', 'consensus_needed'],
    ['ACTIVITY_STATUS_FAILED', 'failed'],
    ['ACTIVITY_STATUS_REJECTED', 'rejected'],
    ['ACTIVITY_STATUS_SOMETHING_NEW', 'unknown'],
  ])('%s -> %s', (status, outcome) => {
    expect(activityOutcome(status)).toBe(outcome);
  });
});

describe('waitForActivity', () => {
  test('a COMPLETED activity is returned as is, without polling', async () => {
    const time = fakeTime();
    const script = scripted();
    const done = activity('ACTIVITY_STATUS_COMPLETED');
    await expect(waitForActivity(input(done, script.fetchActivity, time))).resolves.toBe(done);
    expect(script.calls).toEqual([]);
    expect(time.sleeps).toEqual([]);
  });

  test('CREATED -> PENDING -> COMPLETED polls with doubling delays', async () => {
    const time = fakeTime();
    const script = scripted('ACTIVITY_STATUS_PENDING', 'ACTIVITY_STATUS_PENDING', 'ACTIVITY_STATUS_COMPLETED');
    const out = await waitForActivity(input(activity('ACTIVITY_STATUS_CREATED'), script.fetchActivity, time));
    expect(out.status).toBe('ACTIVITY_STATUS_COMPLETED');
    expect(script.calls).toEqual(['act-1', 'act-1', 'act-1']);
    expect(time.sleeps).toEqual([500, 1000, 2000]);
  });

  test('FAILED raises ActivityFailedError with the failure, id, fingerprint and status', async () => {
    const failure = { code: 3, message: 'invalid policy condition', details: [{ '@type': 'x' }] };
    const script = scripted(activity('ACTIVITY_STATUS_FAILED', { failure }));
    const error = await caught(waitForActivity(input(activity('ACTIVITY_STATUS_PENDING'), script.fetchActivity)));
    expect(error).toBeInstanceOf(ActivityFailedError);
    expect(error).toMatchObject({
      code: 'ACTIVITY_FAILED',
      message: 'activity act-1 (ACTIVITY_TYPE_CREATE_POLICY_V3) failed: invalid policy condition',
      activityId: 'act-1',
      fingerprint: FP,
      activityStatus: 'ACTIVITY_STATUS_FAILED',
      operation: '/public/v1/submit/create_policy',
      grpcCode: 3,
      failure,
      details: [{ '@type': 'x' }],
    });
  });

  test('FAILED without a failure object still names the activity', async () => {
    const error = await caught(waitForActivity(input(activity('ACTIVITY_STATUS_FAILED'), scripted().fetchActivity)));
    expect({ code: error.code, message: error.message, failure: error.failure }).toEqual({
      code: 'ACTIVITY_FAILED',
      message: 'activity act-1 (ACTIVITY_TYPE_CREATE_POLICY_V3) failed',
      failure: undefined,
    });
  });

  test('REJECTED raises ActivityRejectedError', async () => {
    const script = scripted('ACTIVITY_STATUS_REJECTED');
    const error = await caught(waitForActivity(input(activity('ACTIVITY_STATUS_CREATED'), script.fetchActivity)));
    expect(error).toBeInstanceOf(ActivityRejectedError);
    expect(error).toMatchObject({
      code: 'ACTIVITY_REJECTED',
      message: 'activity act-1 (ACTIVITY_TYPE_CREATE_POLICY_V3) was rejected',
      activityId: 'act-1',
      fingerprint: FP,
      activityStatus: 'ACTIVITY_STATUS_REJECTED',
    });
  });

  test('CONSENSUS_NEEDED raises ConsensusNeededError at once by default, carrying the activity', async () => {
    const time = fakeTime();
    const script = scripted();
    const pending = activity('ACTIVITY_STATUS_CONSENSUS_NEEDED', { canApprove: true });
    const error = await caught(waitForActivity(input(pending, script.fetchActivity, time)));
    expect(error).toBeInstanceOf(ConsensusNeededError);
    expect(error).toMatchObject({
      code: 'CONSENSUS_NEEDED',
      message:
        'activity act-1 (ACTIVITY_TYPE_CREATE_POLICY_V3) needs consensus: other users must approve it (by fingerprint), or pass waitForConsensus to wait',
      activityId: 'act-1',
      fingerprint: FP,
      activityStatus: 'ACTIVITY_STATUS_CONSENSUS_NEEDED',
      activity: pending,
    });
    expect(script.calls).toEqual([]);
    expect(time.sleeps).toEqual([]);
  });

  test('waitForConsensus keeps polling until the activity is approved', async () => {
    const time = fakeTime();
    const script = scripted('ACTIVITY_STATUS_CONSENSUS_NEEDED', 'ACTIVITY_STATUS_COMPLETED');
    const out = await waitForActivity(
      input(activity('ACTIVITY_STATUS_CONSENSUS_NEEDED'), script.fetchActivity, time, { waitForConsensus: true }),
    );
    expect(out.status).toBe('ACTIVITY_STATUS_COMPLETED');
    expect(time.sleeps).toEqual([500, 1000]);
  });

  test('waitForConsensus ends with ActivityRejectedError when a voter rejects', async () => {
    const script = scripted('ACTIVITY_STATUS_CONSENSUS_NEEDED', 'ACTIVITY_STATUS_REJECTED');
    const error = await caught(
      waitForActivity(input(activity('ACTIVITY_STATUS_CONSENSUS_NEEDED'), script.fetchActivity, fakeTime(), { waitForConsensus: true })),
    );
    expect({ code: error.code, activityStatus: error.activityStatus }).toEqual({
      code: 'ACTIVITY_REJECTED',
      activityStatus: 'ACTIVITY_STATUS_REJECTED',
    });
  });

  test('waitForConsensus {timeoutMs} has its own deadline', async () => {
    const time = fakeTime();
    const script = scripted(...Array.from({ length: 10 }, () => 'ACTIVITY_STATUS_CONSENSUS_NEEDED'));
    const error = await caught(
      waitForActivity(
        input(activity('ACTIVITY_STATUS_CONSENSUS_NEEDED'), script.fetchActivity, time, { waitForConsensus: { timeoutMs: 10_000 } }),
      ),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      code: 'TIMEOUT',
      message:
        'activity act-1 (ACTIVITY_TYPE_CREATE_POLICY_V3) did not finish within 10000 ms (last status ACTIVITY_STATUS_CONSENSUS_NEEDED)',
      timeoutMs: 10_000,
      activityId: 'act-1',
      fingerprint: FP,
      activityStatus: 'ACTIVITY_STATUS_CONSENSUS_NEEDED',
    });
    // 500 + 1000 + 2000 + 4000 = 7500, then the last wait is clipped to the 2500 ms left
    expect(time.sleeps).toEqual([500, 1000, 2000, 4000, 2500]);
  });

  test('AUTHENTICATORS_NEEDED is not waited for, even with waitForConsensus', async () => {
    const error = await caught(
      waitForActivity(
        input(activity('ACTIVITY_STATUS_AUTHENTICATORS_NEEDED'), scripted().fetchActivity, fakeTime(), { waitForConsensus: true }),
      ),
    );
    expect({ code: error.code, message: error.message, activityStatus: error.activityStatus }).toEqual({
      code: 'CONSENSUS_NEEDED',
      message: 'activity act-1 (ACTIVITY_TYPE_CREATE_POLICY_V3) needs additional authenticators',
      activityStatus: 'ACTIVITY_STATUS_AUTHENTICATORS_NEEDED',
    });
  });

  test('the deadline ends a wait on a PENDING activity with TimeoutError', async () => {
    const time = fakeTime();
    const script = scripted(...Array.from({ length: 10 }, () => 'ACTIVITY_STATUS_PENDING'));
    const first = activity('ACTIVITY_STATUS_PENDING');
    const error = await caught(
      waitForActivity({
        ...input(first, script.fetchActivity, time),
        polling: { pollIntervalMs: 500, maxPollIntervalMs: 5000, timeoutMs: 3000 },
      }),
    );
    expect({ code: error.code, message: error.message, activityStatus: error.activityStatus }).toEqual({
      code: 'TIMEOUT',
      message: 'activity act-1 (ACTIVITY_TYPE_CREATE_POLICY_V3) did not finish within 3000 ms (last status ACTIVITY_STATUS_PENDING)',
      activityStatus: 'ACTIVITY_STATUS_PENDING',
    });
    expect(time.sleeps).toEqual([500, 1000, 1500]);
    expect(script.calls).toHaveLength(3);
  });

  test('an abort during a wait raises AbortedError with the activity identity', async () => {
    const controller = new AbortController();
    const time = fakeTime();
    const script = scripted('ACTIVITY_STATUS_PENDING', 'ACTIVITY_STATUS_COMPLETED');
    const sleep = async (ms: number, signal?: AbortSignal) => {
      await time.sleep(ms);
      if (time.sleeps.length === 2) controller.abort();
      if (signal?.aborted) throw signal.reason;
    };
    const error = await caught(
      waitForActivity({ ...input(activity('ACTIVITY_STATUS_CREATED'), script.fetchActivity, time), sleep, signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(AbortedError);
    expect(error).toMatchObject({
      code: 'ABORTED',
      message: 'waiting for activity act-1 (ACTIVITY_TYPE_CREATE_POLICY_V3) was aborted (last status ACTIVITY_STATUS_PENDING)',
      activityId: 'act-1',
      fingerprint: FP,
      activityStatus: 'ACTIVITY_STATUS_PENDING',
    });
    expect(script.calls).toEqual(['act-1']);
  });

  test('an already aborted signal stops before the first poll', async () => {
    const controller = new AbortController();
    controller.abort();
    const script = scripted();
    const error = await caught(
      waitForActivity({ ...input(activity('ACTIVITY_STATUS_PENDING'), script.fetchActivity), signal: controller.signal }),
    );
    expect(error.code).toBe('ABORTED');
    expect(script.calls).toEqual([]);
  });

  test('an unknown status is an UnexpectedResponseError', async () => {
    const error = await caught(waitForActivity(input(activity('ACTIVITY_STATUS_TELEPORTED'), scripted().fetchActivity)));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'UNEXPECTED_RESPONSE',
      message: 'activity act-1 (ACTIVITY_TYPE_CREATE_POLICY_V3) has an unknown status "ACTIVITY_STATUS_TELEPORTED"',
    });
  });

  test('the computed fingerprint is used when the service sends an empty one', async () => {
    const mine = 'sha256:' + 'cd'.repeat(32);
    const error = await caught(
      waitForActivity(
        input(activity('ACTIVITY_STATUS_REJECTED', { fingerprint: '' }), scripted().fetchActivity, fakeTime(), { fingerprint: mine }),
      ),
    );
    expect(error.fingerprint).toBe(mine);
  });

  test('a polling error that is not an abort propagates unchanged', async () => {
    const boom = new Error('socket closed');
    const error = await caught(waitForActivity(input(activity('ACTIVITY_STATUS_PENDING'), async () => Promise.reject(boom))));
    expect(error).toBe(boom);
  });
});

// The one abortable wait of the sdk (sdk/src/sleep.ts): the default `sleep` of the activity poller and of the
// transport. Fake timers move time; nothing really waits.
describe('sleepWithSignal', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Settles `p` into an observable state without awaiting it. */
  function observe(p: Promise<void>): { state: 'pending' | 'resolved' | 'rejected'; reason?: unknown } {
    const seen: { state: 'pending' | 'resolved' | 'rejected'; reason?: unknown } = { state: 'pending' };
    p.then(
      () => (seen.state = 'resolved'),
      (reason: unknown) => Object.assign(seen, { state: 'rejected', reason }),
    );
    return seen;
  }

  test('resolves after the given time, not before, and leaves no listener on the signal', async () => {
    const controller = new AbortController();
    const seen = observe(sleepWithSignal(1_000, controller.signal));
    await jest.advanceTimersByTimeAsync(999);
    expect(seen.state).toBe('pending');
    await jest.advanceTimersByTimeAsync(1);
    expect(seen.state).toBe('resolved');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  test("an abort during the wait rejects at once with the signal's own reason and clears the timer", async () => {
    const controller = new AbortController();
    const reason = new Error('the deployment was cancelled');
    const seen = observe(sleepWithSignal(60_000, controller.signal));
    await jest.advanceTimersByTimeAsync(10);
    controller.abort(reason);
    await jest.advanceTimersByTimeAsync(0);
    expect(seen).toEqual({ state: 'rejected', reason });
    expect([jest.getTimerCount(), getEventListeners(controller.signal, 'abort').length]).toEqual([0, 0]);
  });

  test("a plain abort() rejects with the platform's AbortError, the signal's default reason", async () => {
    const controller = new AbortController();
    const seen = observe(sleepWithSignal(60_000, controller.signal));
    controller.abort();
    await jest.advanceTimersByTimeAsync(0);
    expect(seen.state).toBe('rejected');
    expect(seen.reason).toBe(controller.signal.reason);
    expect([(seen.reason as DOMException).name, seen.reason instanceof DOMException]).toEqual(['AbortError', true]);
  });

  test('an already aborted signal rejects without starting a timer', async () => {
    const reason = new Error('stop');
    const seen = observe(sleepWithSignal(60_000, AbortSignal.abort(reason)));
    await jest.advanceTimersByTimeAsync(0);
    expect([seen, jest.getTimerCount()]).toEqual([{ state: 'rejected', reason }, 0]);
  });

  test('without a signal it is a plain timer', async () => {
    const seen = observe(sleepWithSignal(5));
    await jest.advanceTimersByTimeAsync(5);
    expect(seen.state).toBe('resolved');
  });

  test("the activity entry and the main entry export the one implementation (the transport's use: integration/sdk/transport.test.ts)", () => {
    expect(sleepWithSignal).toBe(sleepFromActivity);
    expect(sleepWithSignal).toBe(sleepFromMain);
  });
});
