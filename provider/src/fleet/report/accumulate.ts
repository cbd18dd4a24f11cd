// What `walletinfra-fleet scan` keeps of the sub-organizations while it runs, so that its memory does not grow with
// the fleet: the summary's counts, what the Markdown report shows (bounded by its length, ./markdown.ts), and, when a
// JSON or JUnit report is asked for, every entry spilled to a temporary file (./spill.ts) and streamed back into
// them by id. The reports are the same bytes as those of the whole report held in memory (./build.ts, ./junit.ts).
import { SummaryCount } from './build';
import { MarkdownFindings } from './markdown';
import type { ReportSubOrganization, ReportSummary } from './schema';
import { EntrySpill } from './spill';

export class ReportAccumulator {
  private readonly count = new SummaryCount();
  readonly findings: MarkdownFindings;
  private readonly spill: EntrySpill | undefined;

  /** `spill`: keep every entry (on disk) for the JSON and JUnit reports. */
  constructor(options: { spill: boolean; maxMarkdownLength?: number }) {
    this.findings = new MarkdownFindings(options.maxMarkdownLength);
    this.spill = options.spill ? new EntrySpill() : undefined;
  }

  add(entry: ReportSubOrganization): void {
    this.count.add(entry);
    this.findings.add(entry);
    this.spill?.add(entry);
  }

  get summary(): ReportSummary {
    return this.count.summary;
  }

  /** Every entry by id, one at a time (only with `spill`). */
  entries(): Iterable<ReportSubOrganization> {
    if (this.spill === undefined) throw new Error('the entries were not kept (no JSON or JUnit report was asked for)');
    return this.spill.byId();
  }

  /** Entries held in memory (not on disk): bounded by the Markdown's length, whatever the fleet. */
  get held(): number {
    return this.findings.held;
  }

  close(): void {
    this.spill?.close();
  }
}
