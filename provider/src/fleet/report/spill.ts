// A scan's entries on disk instead of in memory: each sub-organization's entry is appended to a temporary file as it
// is classified (in the order they finish), and read back one at a time in the report's order (by id) when the JSON
// and JUnit reports are written. In memory stay only each entry's id and where it lies in the file. The file is the
// process's own (a directory of its own, mode 0600) and removed by `close`; it holds what the reports hold (secrets
// read `[secret]` there too).
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReportSubOrganization } from './schema';

export class EntrySpill {
  private readonly dir: string;
  private readonly fd: number;
  private end = 0;
  private readonly ids: string[] = [];
  private readonly at: number[] = [];
  private readonly lengths: number[] = [];

  constructor(parent = tmpdir()) {
    this.dir = mkdtempSync(join(parent, 'walletinfra-fleet-'));
    this.fd = openSync(join(this.dir, 'entries.jsonl'), 'w+', 0o600);
  }

  /** The temporary file (tests). */
  get path(): string {
    return join(this.dir, 'entries.jsonl');
  }

  get size(): number {
    return this.ids.length;
  }

  add(entry: ReportSubOrganization): void {
    const bytes = Buffer.from(`${JSON.stringify(entry)}\n`);
    writeSync(this.fd, bytes, 0, bytes.length, this.end);
    this.ids.push(entry.id);
    this.at.push(this.end);
    this.lengths.push(bytes.length - 1);
    this.end += bytes.length;
  }

  /** The entries by id, read back one at a time. */
  *byId(): Generator<ReportSubOrganization> {
    const order = this.ids
      .map((_, i) => i)
      .sort((a, b) => {
        const [x, y] = [this.ids[a] as string, this.ids[b] as string];
        return x < y ? -1 : x > y ? 1 : 0;
      });
    for (const i of order) {
      const bytes = Buffer.alloc(this.lengths[i] as number);
      readSync(this.fd, bytes, 0, bytes.length, this.at[i] as number);
      yield JSON.parse(bytes.toString('utf8')) as ReportSubOrganization;
    }
  }

  close(): void {
    closeSync(this.fd);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
