// A rollout's run: the targets through the waves (./waves.ts), each checked just before its stack (./preflight.ts)
// and run (./stacks.ts), every start and finish journaled (./journal.ts), a line per sub-organization on the terminal
// and Pulumi's output in a log of its own. What ran, failed, was refused or never started comes back as the report's
// entries. A target the interrupted rollout already brought to the template is not run again.
import { appendFileSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { plural } from '../../internal/markdown-text';
import { messageOf } from '../../errors';
import { clockTime } from '../progress';
import type { SubOrganizationFacts, TemplateStackConfig } from '../template-config';
import type { Journal, Resume } from './journal';
import { who, type Preflight } from './preflight';
import type { RolloutSubOrganization } from './report/schema';
import { changesText } from './changes';
import type { StackRun, StackRunner } from './stacks';
import { Waves, type Outcome, type StopReason, type Wave, type WavePolicy } from './waves';

export interface Target {
  id: string;
  name: string;
}

export interface RolloutInput {
  targets: readonly Target[];
  policy: WavePolicy;
  preflight(id: string): Promise<Preflight>;
  runner: StackRunner;
  stackConfig(facts: SubOrganizationFacts): TemplateStackConfig;
  journal: Journal;
  resume?: Resume;
  /** `<up.dir>/logs/<rollout id>`. */
  logDir: string;
  /** Log paths in the report and on the terminal are relative to this. */
  cwd: string;
  dryRun: boolean;
  now(): number;
  /** A line for the terminal. */
  say(line: string): void;
}

export interface RolloutRun {
  entries: RolloutSubOrganization[];
  stopReason?: StopReason;
}

class Run {
  private readonly entries = new Map<string, RolloutSubOrganization>();
  private readonly names: Map<string, string>;
  private finished = 0;
  private readonly total: number;

  constructor(private readonly input: RolloutInput) {
    this.names = new Map(input.targets.map((t) => [t.id, t.name]));
    this.total = input.targets.length;
  }

  private logPath(id: string): string {
    return join(this.input.logDir, `${id}.log`);
  }

  private line(id: string, text: string): void {
    this.finished += 1;
    this.input.say(`[fleet] ${this.finished}/${this.total} · ${who(this.names.get(id) ?? '', id)}: ${text}`);
  }

  private async stack(id: string, wave: Wave, facts: SubOrganizationFacts): Promise<{ outcome: Outcome; entry: RolloutSubOrganization }> {
    const { input } = this;
    const log = this.logPath(id);
    const shownLog = relative(input.cwd, log) || log;
    mkdirSync(input.logDir, { recursive: true, mode: 0o700 });
    const write = (text: string) => appendFileSync(log, text, { mode: 0o600 });
    write(`[fleet] ${who(facts.subOrganizationName, id)}, stack ${id}, ${wave} wave, ${new Date(input.now()).toISOString()}\n`);
    input.journal.start(id, wave);
    const startedAt = input.now();
    let run: StackRun;
    try {
      run = await input.runner.run(id, input.stackConfig(facts), write, { interrupted: input.resume?.interrupted.has(id) === true });
    } catch (error) {
      run = { status: 'failed', reason: `unexpected: ${messageOf(error)}` };
    }
    const base = { id, name: facts.subOrganizationName, wave, log: shownLog, durationMs: input.now() - startedAt };
    const took = clockTime(base.durationMs);
    if (run.status === 'succeeded') {
      this.line(id, `succeeded, ${changesText(run.changes)} (${took})`);
      return { outcome: 'succeeded', entry: { ...base, status: 'succeeded', changes: run.changes } };
    }
    if (run.status === 'refused') {
      this.line(id, `refused, nothing written: ${run.reason}`);
      return {
        outcome: 'refused',
        entry: {
          ...base,
          status: 'refused',
          cause: run.cause,
          reason: `${who(facts.subOrganizationName, id)}: refused, nothing written: ${run.reason}`,
        },
      };
    }
    this.line(id, `FAILED: ${run.reason} (${took}; log ${shownLog})`);
    return { outcome: 'failed', entry: { ...base, status: 'failed', reason: run.reason } };
  }

  private async one(id: string, wave: Wave): Promise<{ outcome: Outcome; entry: RolloutSubOrganization }> {
    const checked = await this.input.preflight(id);
    if (!checked.ok) {
      const prefix = `${who(checked.name, id)}: `;
      this.line(id, checked.reason.startsWith(prefix) ? checked.reason.slice(prefix.length) : checked.reason);
      const name = checked.name || (this.names.get(id) ?? '');
      // A template that would lock a sub-organization out is a failure of the template: the tolerance counts it.
      const failed = checked.cause === 'lockout' && !this.input.dryRun;
      return {
        outcome: failed ? 'failed' : 'refused',
        entry: { id, name, status: failed ? 'failed' : 'refused', wave, cause: checked.cause, reason: checked.reason },
      };
    }
    if (this.input.dryRun) {
      this.line(id, `would run (${checked.entry.status})`);
      return { outcome: 'succeeded', entry: { id, name: checked.entry.name, status: 'planned', wave } };
    }
    return this.stack(id, wave, checked.facts);
  }

  private async launch(waves: Waves, id: string, wave: Wave): Promise<void> {
    let result: { outcome: Outcome; entry: RolloutSubOrganization };
    try {
      result = await this.one(id, wave);
    } catch (error) {
      result = {
        outcome: 'failed',
        entry: { id, name: this.names.get(id) ?? '', status: 'failed', wave, reason: `unexpected: ${messageOf(error)}` },
      };
    }
    this.entries.set(id, result.entry);
    if (!this.input.dryRun) this.input.journal.finish(id, result.outcome, wave);
    waves.finish(id, result.outcome);
  }

  async all(): Promise<RolloutRun> {
    const { input } = this;
    const resumed = input.targets.filter((t) => input.resume?.succeeded.has(t.id) === true);
    for (const t of resumed) this.entries.set(t.id, { id: t.id, name: t.name, status: 'succeeded', resumed: true });
    if (resumed.length > 0) {
      input.say(
        `[fleet] resuming rollout ${input.resume?.rollout ?? ''}: ${plural(resumed.length, 'sub-organization')} already rolled out, not run again`,
      );
    }
    const todo = input.targets.filter((t) => !resumed.includes(t)).map((t) => t.id);
    const waves = new Waves(todo, input.policy, input.resume?.canaryDone === true);
    const running = new Set<Promise<void>>();
    let stopSaid = false;
    for (;;) {
      for (let next = waves.next(); next !== undefined; next = waves.next()) {
        const started: Promise<void> = this.launch(waves, next.id, next.wave).finally(() => running.delete(started));
        running.add(started);
      }
      if (waves.stopped !== undefined && !stopSaid) {
        stopSaid = true;
        input.say(stopLine(waves.stopped, input.policy, running.size, waves.notStarted().length));
      }
      if (running.size === 0) break;
      await Promise.race(running);
    }
    for (const id of waves.notStarted()) this.entries.set(id, { id, name: this.names.get(id) ?? '', status: 'not-started' });
    return {
      entries: input.targets.map((t) => this.entries.get(t.id) as RolloutSubOrganization),
      ...(waves.stopped !== undefined ? { stopReason: waves.stopped } : {}),
    };
  }
}

function stopLine(reason: StopReason, policy: WavePolicy, running: number, notStarted: number): string {
  const why =
    reason === 'canary-failed'
      ? 'the canary failed: no other stack starts'
      : `more than the failure tolerance (${policy.tolerance}, ${policy.mode}) failed`;
  return `[fleet] stopping: ${why}; ${running} running will finish, ${notStarted} never start`;
}

/** Runs the rollout to its end (every target run, or stopped and the running ones finished). */
export function runRollout(input: RolloutInput): Promise<RolloutRun> {
  return new Run(input).all();
}
