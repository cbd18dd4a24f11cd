// What a scan says while it runs, on stderr: on a terminal one line rewritten in place (done, rate, ETA, what
// was found so far), at most every `ttyEveryMs`; elsewhere (CI logs) a line every `everyMs`, so a ten-minute
// scan leaves a readable log. The clock and the output are injected: tests see exactly what a user sees.
import type { ReportStatus } from './report/schema';

export interface ProgressOptions {
  now: () => number;
  write: (text: string) => void;
  /** A terminal: one line rewritten in place. */
  tty: boolean;
  /** Without a terminal, a line every this many ms (default 5,000). */
  everyMs?: number;
  /** On a terminal, the line is redrawn at most this often (default 100 ms). */
  ttyEveryMs?: number;
}

/** `1:05`, `12:00:07`. */
export function clockTime(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

export class Progress {
  private total = 0;
  private done = 0;
  private readonly found = new Map<ReportStatus, number>();
  private startedAt: number;
  private lastAt: number | undefined;
  private rateLimited = 0;
  private drawn = false;

  constructor(private readonly options: ProgressOptions) {
    this.startedAt = options.now();
  }

  /** The number of sub-organizations to scan, once listed. */
  start(total: number): void {
    this.total = total;
    this.startedAt = this.options.now();
    this.lastAt = undefined;
    this.options.write(`[fleet] scanning ${total} sub-organization${total === 1 ? '' : 's'}\n`);
  }

  /** A wait for a rate limit (429): counted on the line. */
  rateLimit(): void {
    this.rateLimited += 1;
  }

  /** One sub-organization finished with `status` (none: the selector left it out). */
  tick(status?: ReportStatus): void {
    this.done += 1;
    if (status !== undefined) this.found.set(status, (this.found.get(status) ?? 0) + 1);
    const now = this.options.now();
    const every = this.options.tty ? (this.options.ttyEveryMs ?? 100) : (this.options.everyMs ?? 5_000);
    const since = now - (this.lastAt ?? this.startedAt);
    if (since < every && !(this.options.tty && this.lastAt === undefined)) return;
    this.lastAt = now;
    this.draw(now);
  }

  /** The line as it stands: `1,200/10,000 (12%) · 180/s · ETA 0:49 · drifted 3 · unmanaged 1`. */
  line(now = this.options.now()): string {
    const elapsed = now - this.startedAt;
    const rate = elapsed > 0 ? (this.done * 1000) / elapsed : 0;
    const percent = this.total === 0 ? 100 : Math.floor((this.done * 100) / this.total);
    const eta = rate > 0 && this.done < this.total ? ` · ETA ${clockTime(((this.total - this.done) / rate) * 1000)}` : '';
    const found = (['drifted', 'unmanaged', 'unenrolled', 'unreachable', 'template-error'] as const)
      .filter((s) => (this.found.get(s) ?? 0) > 0)
      .map((s) => ` · ${s} ${this.found.get(s)}`)
      .join('');
    const waits = this.rateLimited > 0 ? ` · ${this.rateLimited} rate-limit waits` : '';
    return `[fleet] ${this.done.toLocaleString('en-US')}/${this.total.toLocaleString('en-US')} (${percent}%) · ${rate.toFixed(rate < 10 ? 1 : 0)}/s${eta}${found}${waits}`;
  }

  private draw(now: number): void {
    if (this.options.tty) {
      this.options.write(`\r\x1b[2K${this.line(now)}`);
      this.drawn = true;
    } else this.options.write(`${this.line(now)}\n`);
  }

  /** The last line, and a line end on a terminal. */
  finish(): void {
    const now = this.options.now();
    if (this.options.tty) {
      this.draw(now);
      if (this.drawn) this.options.write('\n');
    } else if (this.lastAt !== now) this.draw(now);
    this.options.write(`[fleet] scanned ${this.done} in ${clockTime(now - this.startedAt)}\n`);
  }
}
