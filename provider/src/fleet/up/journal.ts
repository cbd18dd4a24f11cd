// The rollout's journal: one JSON line per event (a rollout begins, a stack starts, a sub-organization finishes, the
// rollout ends), appended to `<up.dir>/journal.jsonl` as it happens, so a rollout killed at any moment (kill -9) is
// resumed by the next `up` of the same fleet and template: what succeeded is not run again, what was running is
// recovered (its stack's lock, ./locks.ts) and run again, the rest runs. Nothing applied twice does not rest on the
// journal: a stack's `up` after a kill converges by itself (Pulumi's state, and the provider adopting what an
// interrupted create made, ../../ownership.ts). The journal saves the engine runs and knows which stacks were
// interrupted. A line cut short by the kill is ignored.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { Outcome, Wave } from './waves';

export type JournalRecord =
  | {
      t: 'rollout';
      rollout: string;
      at: string;
      /** The walletinfra-fleet process and its host: a lock its stacks left is recovered only once it is gone. */
      pid: number;
      host: string;
      fleet: string;
      parent: string;
      /** The template's digest: a rollout of another template is not resumed. */
      template: string;
      targets: number;
    }
  | { t: 'start'; rollout: string; at: string; subOrganization: string; wave: Wave }
  | { t: 'finish'; rollout: string; at: string; subOrganization: string; status: Outcome; wave?: Wave }
  | { t: 'end'; rollout: string; at: string; outcome: 'completed' | 'stopped' };

/** The records of a journal's text; lines that are not a whole record (the last one of a killed run) are skipped. */
export function parseJournal(text: string): JournalRecord[] {
  const records: JournalRecord[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const r = JSON.parse(line) as JournalRecord;
      if (typeof r === 'object' && r !== null && typeof r.t === 'string' && typeof r.rollout === 'string') records.push(r);
    } catch {
      // a line cut short by a kill
    }
  }
  return records;
}

/** What an interrupted rollout left: the next `up` takes it from there. */
export interface Resume {
  rollout: string;
  /** When it began. */
  startedAt: string;
  /** Its process: recorded locks of its stacks are recovered once it is gone. */
  pid: number;
  host: string;
  /** Sub-organizations whose stacks it ran to success: not run again. */
  succeeded: ReadonlySet<string>;
  /** Sub-organizations whose stacks it started and never finished: their locks are recovered, they run again. */
  interrupted: ReadonlySet<string>;
  /** Its canary wave succeeded: the resumed rollout has none. */
  canaryDone: boolean;
}

export interface ResumeDecision {
  resume?: Resume;
  /** Why an interrupted rollout is not resumed, for the terminal. */
  note?: string;
}

/**
 * Whether this `up` resumes the journal's last rollout: only one that never ended (killed), of the same fleet,
 * parent and template. Everything else starts a new rollout.
 */
export function resumeDecision(
  records: readonly JournalRecord[],
  current: { fleet: string; parent: string; template: string },
): ResumeDecision {
  const begun = records.filter((r): r is Extract<JournalRecord, { t: 'rollout' }> => r.t === 'rollout');
  const last = begun[begun.length - 1];
  if (last === undefined) return {};
  const own = records.filter((r) => r.rollout === last.rollout);
  if (own.some((r) => r.t === 'end')) return {};
  if (last.fleet !== current.fleet || last.parent !== current.parent || last.template !== current.template) {
    const what = last.template !== current.template ? 'another template' : 'another fleet';
    return { note: `the interrupted rollout ${last.rollout} (begun ${last.at}) was of ${what}: not resumed; starting a new rollout` };
  }
  const finished = new Map<string, Outcome>();
  const started = new Set<string>();
  let canaryDone = false;
  for (const r of own) {
    if (r.t === 'start') started.add(r.subOrganization);
    if (r.t === 'finish') {
      finished.set(r.subOrganization, r.status);
      if (r.wave === 'canary' && r.status === 'succeeded') canaryDone = true;
    }
  }
  const succeeded = new Set([...finished].filter(([, s]) => s === 'succeeded').map(([id]) => id));
  const interrupted = new Set([...started].filter((id) => !finished.has(id)));
  return {
    resume: { rollout: last.rollout, startedAt: last.at, pid: last.pid, host: last.host, succeeded, interrupted, canaryDone },
  };
}

/** Appends records as they happen; `now` gives their times. A dry run keeps none. */
export class Journal {
  constructor(
    readonly file: string | undefined,
    private readonly rollout: string,
    private readonly now: () => number,
  ) {}

  /** The records of `file` (none when it does not exist). */
  static read(file: string): JournalRecord[] {
    return existsSync(file) ? parseJournal(readFileSync(file, 'utf8')) : [];
  }

  private write(record: Record<string, unknown>): void {
    if (this.file === undefined) return;
    // One write per line: a kill leaves at most the last line cut short, which parseJournal skips.
    appendFileSync(this.file, `${JSON.stringify({ ...record, rollout: this.rollout, at: new Date(this.now()).toISOString() })}\n`, {
      mode: 0o600,
    });
  }

  begin(fields: Omit<Extract<JournalRecord, { t: 'rollout' }>, 't' | 'rollout' | 'at'>): void {
    this.write({ t: 'rollout', ...fields });
  }

  start(subOrganization: string, wave: Wave): void {
    this.write({ t: 'start', subOrganization, wave });
  }

  finish(subOrganization: string, status: Outcome, wave: Wave): void {
    this.write({ t: 'finish', subOrganization, status, wave });
  }

  end(outcome: 'completed' | 'stopped'): void {
    this.write({ t: 'end', outcome });
  }
}
