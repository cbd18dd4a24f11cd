// What a run keeps as it goes: each check with its outcome, why, and the ids of its requests; each step's
// duration; the runner's own exchanges since the last check. The report is made from it (./report.ts).
import type { RecordedExchange } from '@walletinfra/sdk/recording';
import type { RunDeps } from './options';
import type { PulumiResult } from './pulumi';
import { readExchanges, requestIdOf, type Outcome, type ReportEntry, type StepTiming } from './report';

export class Journal {
  readonly entries: ReportEntry[] = [];
  readonly steps: StepTiming[] = [];
  step = 'preflight';
  /** The runner's own exchanges since the last `collect()`. */
  #collected: RecordedExchange[] = [];
  broken = false;

  constructor(
    readonly deps: RunDeps,
    readonly recordFile: string,
  ) {}

  onExchange(e: RecordedExchange): void {
    this.#collected.push(e);
  }

  /** The runner's exchanges since the last call. */
  collect(): RecordedExchange[] {
    const out = this.#collected;
    this.#collected = [];
    return out;
  }

  /** Every recorded exchange of the current step, whichever process sent it. */
  stepExchanges(): RecordedExchange[] {
    return readExchanges(this.recordFile).filter((e) => e.step === this.step);
  }

  add(subject: string, check: string, outcome: Outcome, detail?: string, requestIds: string[] = []): void {
    // Once interrupted, the run stops at its next check (what it was doing is not judged).
    this.deps.interruption?.check();
    this.entries.push({ step: this.step, subject, check, outcome, ...(detail !== undefined ? { detail } : {}), requestIds });
    if (outcome === 'fail') this.broken = true;
  }

  begin(label: string, index: number, total: number): number {
    this.deps.interruption?.check();
    this.step = label;
    this.collect();
    this.deps.out(`step ${index}/${total}: ${label}`);
    return this.deps.now();
  }

  end(started: number, result?: PulumiResult, command?: string): void {
    this.steps.push({
      step: this.step,
      seconds: result?.seconds ?? (this.deps.now() - started) / 1000,
      ...(command !== undefined ? { pulumi: command } : {}),
    });
  }
}

export const STEPS = [
  'preflight',
  'fixtures',
  'hand-made objects',
  'pulumi up (create, adopt)',
  'sdk operations',
  'out-of-band changes (drift)',
  'pulumi preview --refresh (update, replace, drift)',
  'pulumi up --refresh (apply, data sources)',
  'pulumi preview --refresh --expect-no-changes (read)',
  'pulumi destroy',
  'clean-up',
] as const;

export function skipStep(run: Journal, why: string): void {
  run.add(run.step, 'ran', 'skip', why);
}

export function ids(exchanges: readonly RecordedExchange[]): string[] {
  const out: string[] = [];
  for (const e of exchanges) {
    const id = requestIdOf(e);
    if (id !== undefined && !out.includes(id)) out.push(id);
  }
  return out;
}

export function lastLines(result: PulumiResult): string {
  const text = `${result.stdout}\n${result.stderr}`
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
  return `exited ${result.code}: ${text.slice(-12).join(' | ')}`;
}
