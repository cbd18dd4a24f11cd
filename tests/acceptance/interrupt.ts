// Ctrl-C (SIGINT) or SIGTERM during a run: the run starts nothing more, and the Pulumi command in progress is
// asked to stop as Pulumi itself is (SIGINT: it cancels, finishes the operations in flight and saves its
// state), then everything that command started is killed, whatever process group it sits in. The run then says
// what it left and how to delete it (./run.ts). A second signal kills at once. Each Pulumi command runs in a
// process group of its own (./pulumi.ts), so a terminal's Ctrl-C reaches the run, not Pulumi, and the run
// decides how Pulumi stops.
import type { ChildProcess } from 'node:child_process';
import { processTree, running, signalAll, type ProcessEntry } from './processes';

/** Thrown at the next step boundary once the run is interrupted. */
export class Interrupted extends Error {
  constructor(readonly signal: NodeJS.Signals) {
    super(`interrupted by ${signal}`);
    this.name = 'Interrupted';
  }
}

/** How long Pulumi may take to cancel before what it started is killed (it waits for operations in flight). */
export const PULUMI_GRACE_MS = 30_000;

/** The signals that interrupt a run, and the exit code each gives (128 + the signal's number). */
export const INTERRUPTS: Readonly<Record<'SIGINT' | 'SIGTERM', number>> = { SIGINT: 130, SIGTERM: 143 };

interface Tracked {
  child: ChildProcess;
  what: string;
  /** The command's process tree when the interrupt came: killed once the command exits or the grace ends. */
  tree?: ProcessEntry[];
}

export class Interruption {
  signal?: NodeJS.Signals;
  readonly #tracked = new Set<Tracked>();
  /** Every process of each interrupted command. */
  readonly stopped: Array<{ what: string; pids: number[] }> = [];
  readonly #listeners = new Map<NodeJS.Signals, () => void>();

  constructor(
    private readonly say: (line: string) => void,
    private readonly graceMs = PULUMI_GRACE_MS,
  ) {}

  /** Listens for SIGINT and SIGTERM on this process until `uninstall`. */
  install(): void {
    for (const signal of Object.keys(INTERRUPTS) as NodeJS.Signals[]) {
      const listener = () => this.interrupt(signal);
      this.#listeners.set(signal, listener);
      process.on(signal, listener);
    }
  }

  uninstall(): void {
    for (const [signal, listener] of this.#listeners) process.off(signal, listener);
    this.#listeners.clear();
  }

  /** Throws `Interrupted` once a signal came. */
  check(): void {
    if (this.signal !== undefined) throw new Interrupted(this.signal);
  }

  /** The exit code of an interrupted run. */
  get exitCode(): number {
    return INTERRUPTS[this.signal as keyof typeof INTERRUPTS] ?? 130;
  }

  /** The first signal stops gently, a second one at once. */
  interrupt(signal: NodeJS.Signals): void {
    if (this.signal !== undefined) {
      this.say(`acceptance: ${signal} again: killing what the run started`);
      for (const t of this.#tracked) this.#kill(t);
      return;
    }
    this.signal = signal;
    const commands = [...this.#tracked];
    this.say(
      `acceptance: ${signal}: stopping${commands.length > 0 ? ` ${commands.map((t) => t.what).join(', ')} and what it started` : ''}; ` +
        'the run starts nothing more (send it again to kill at once)',
    );
    for (const t of commands) this.#stopGently(t);
  }

  /**
   * Runs a command started in a process group of its own until it exits; once the run is interrupted the
   * command is stopped like the others, and what it started is killed when it exits.
   */
  track(child: ChildProcess, what: string): { done(): void } {
    const t: Tracked = { child, what };
    this.#tracked.add(t);
    if (this.signal !== undefined) this.#stopGently(t);
    return {
      done: () => {
        this.#tracked.delete(t);
        if (t.tree !== undefined) this.#kill(t);
      },
    };
  }

  #stopGently(t: Tracked): void {
    const pid = t.child.pid;
    if (pid === undefined) return;
    t.tree = processTree(pid);
    signalAll(
      t.tree.filter((p) => p.pid === pid),
      'SIGINT',
    );
    const timer = setTimeout(() => this.#kill(t), this.graceMs);
    t.child.once('close', () => clearTimeout(timer));
  }

  /** Kills the command and everything it had started (known from its tree when stopped, and now). */
  #kill(t: Tracked): void {
    const pid = t.child.pid;
    if (pid === undefined) return;
    const now = running(pid) ? processTree(pid) : [];
    const all = [...(t.tree ?? []), ...now.filter((p) => !(t.tree ?? []).some((q) => q.pid === p.pid))];
    signalAll(all, 'SIGKILL');
    if (this.stopped.some((s) => s.what === t.what && s.pids.includes(pid))) return;
    this.stopped.push({ what: t.what, pids: all.map((p) => p.pid) });
  }

  /** The processes of the stopped commands that still run. */
  survivors(): number[] {
    return this.stopped.flatMap((s) => s.pids).filter(running);
  }
}
