// Which sub-organization's stack starts next, and when a rollout stops: CloudFormation StackSets' operation
// preferences (https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_StackSetOperationPreferences.html),
// with a canary wave in front. Pure: the rollout asks `next()` whenever a stack may start and tells `finish()` each
// outcome; nothing here waits or knows about Pulumi.
//
// - The **canary wave**: the first `canary` sub-organizations whose stacks run, and nothing else until every one of
//   them succeeded. A canary that fails stops the rollout whatever the tolerance: it exists to catch a template that
//   fails everywhere. A refused sub-organization (./preflight.ts) takes no canary's place.
// - **Failure tolerance**: the rollout stops starting stacks once more than `tolerance` have failed; the stacks
//   running then finish (none is interrupted). Refusals are not failures: nothing was attempted there.
// - **Concurrency**: `soft` runs up to `maxConcurrent` at once whatever fails (StackSets' SOFT_FAILURE_TOLERANCE);
//   `strict` (the default, StackSets' STRICT_FAILURE_TOLERANCE) runs at most `tolerance + 1 − failed` at once, so
//   even if every running stack fails, no more than `tolerance + 1` ever fail: with the default tolerance 0, one at a
//   time; with tolerance 2 and `maxConcurrent` 4, three, then two after a failure, then one.

export type ConcurrencyMode = 'strict' | 'soft';

export interface WavePolicy {
  maxConcurrent: number;
  /** Failed stacks allowed (a percentage already turned into a count, ./waves.ts `toleranceCount`). */
  tolerance: number;
  mode: ConcurrencyMode;
  /** The canary wave's size (0: none). */
  canary: number;
}

export type Wave = 'canary' | 'main';
export type Outcome = 'succeeded' | 'failed' | 'refused';
export type StopReason = 'canary-failed' | 'tolerance-crossed';

/** A percentage of `targets` as a count, rounded down (StackSets' FailureTolerancePercentage rounds down too). */
export function toleranceCount(tolerance: { count: number } | { percent: number }, targets: number): number {
  return 'count' in tolerance ? tolerance.count : Math.floor((tolerance.percent * targets) / 100);
}

/** How many stacks may run at once with `failed` failures so far. */
export function concurrencyLimit(policy: WavePolicy, failed: number): number {
  if (policy.mode === 'soft') return policy.maxConcurrent;
  return Math.max(0, Math.min(policy.maxConcurrent, policy.tolerance + 1 - failed));
}

export class Waves {
  private readonly pending: string[];
  private readonly running = new Map<string, Wave>();
  private failed = 0;
  private canarySucceeded = 0;
  private canaryDone: boolean;
  private stop: StopReason | undefined;

  /** `canaryDone`: a resumed rollout whose canary wave already succeeded. */
  constructor(
    ids: readonly string[],
    private readonly policy: WavePolicy,
    canaryDone = false,
  ) {
    this.pending = [...ids];
    this.canaryDone = canaryDone || policy.canary === 0;
  }

  /** Why the rollout stopped; undefined while it goes on (or when it completed). */
  get stopped(): StopReason | undefined {
    return this.stop;
  }

  /** How many may run at once now. */
  get limit(): number {
    return this.stop !== undefined ? 0 : concurrencyLimit(this.policy, this.failed);
  }

  /** The wave a stack starting now belongs to. */
  get wave(): Wave {
    return this.canaryDone ? 'main' : 'canary';
  }

  /** Nothing runs and nothing more will start. */
  get done(): boolean {
    return this.running.size === 0 && (this.stop !== undefined || this.pending.length === 0);
  }

  /** The sub-organization to start now, or undefined: wait for a running one to finish (or the rollout is done). */
  next(): { id: string; wave: Wave } | undefined {
    if (this.stop !== undefined || this.pending.length === 0 || this.running.size >= this.limit) return undefined;
    if (!this.canaryDone) {
      const canaryRunning = [...this.running.values()].filter((w) => w === 'canary').length;
      if (this.canarySucceeded + canaryRunning >= this.policy.canary) return undefined;
    }
    const id = this.pending.shift() as string;
    this.running.set(id, this.wave);
    return { id, wave: this.wave };
  }

  /** A started sub-organization finished. */
  finish(id: string, outcome: Outcome): void {
    const wave = this.running.get(id);
    if (wave === undefined) throw new Error(`${id} was not running`);
    this.running.delete(id);
    if (outcome === 'failed') {
      this.failed += 1;
      if (wave === 'canary') this.stop ??= 'canary-failed';
      else if (this.failed > this.policy.tolerance) this.stop ??= 'tolerance-crossed';
    }
    if (wave === 'canary' && outcome === 'succeeded') this.canarySucceeded += 1;
    if (!this.canaryDone && this.stop === undefined) {
      const canaryRunning = [...this.running.values()].some((w) => w === 'canary');
      if (this.canarySucceeded >= this.policy.canary || (this.pending.length === 0 && !canaryRunning)) this.canaryDone = true;
    }
  }

  /** Those that never started (the rollout stopped). */
  notStarted(): string[] {
    return [...this.pending];
  }
}
