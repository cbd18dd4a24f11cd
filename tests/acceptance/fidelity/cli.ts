// `npm run fidelity -- FILE...`: replays each recording against a fresh emulator (./replay.ts) and reports, per
// operation, every difference in the shape of the answers (./shape.ts). Exit 0 when there is none, 1 when there
// are. The same function runs the recordings under tests/fixtures/recordings/ in `npm test`.
import { ConfigurationError } from '@walletinfra/sdk';
import { parseRecording } from '@walletinfra/sdk/recording';
import { startEmulator } from '@walletinfra/emulator';
import { readFlags, valueFlag } from '@walletinfra/pulumi/cli/args';
import { requestIdOf } from '../report';
import { replay, type ReplayedExchange } from './replay';
import { schemaView } from './schema';
import { answerDifferences } from './shape';

export const FIDELITY_USAGE = `Usage: npm run fidelity -- [--report FILE] FILE...

Replays each recording (made by npm run test:acceptance -- --record FILE) against a fresh local emulator
and reports, per operation, every difference in the shape of the answers: status codes, error codes and
messages, fields the service's types require present or missing, value types, the values of enum fields.
What the recorded organization holds is not compared: ids, times, names, counts, optional fields, map keys.
Each difference names the recording's lines that show it and the ids of their requests.

Options:
  --report FILE   also write the reports as JSON there (every line and request id, none elided)
  -h, --help      print this help

Exit codes: 0 no difference, 1 differences, 2 bad arguments or an unreadable recording.`;

export interface FidelityArgs {
  files: string[];
  report?: string;
  help: boolean;
  version: boolean;
}

export function parseFidelityArgs(argv: readonly string[]): FidelityArgs {
  const out: FidelityArgs = { files: [], help: false, version: false };
  readFlags(argv, { '--report': valueFlag((o: FidelityArgs, v) => (o.report = v)) }, out, { operand: (o, word) => o.files.push(word) });
  if (!out.help && out.files.length === 0) throw new ConfigurationError('name at least one recording file');
  return out;
}

/** One operation's result in one recording. */
export interface OperationReport {
  operation: string;
  exchanges: number;
  compared: number;
  /**
   * Each distinct difference, with the exchanges that show it by their line in the recording and the ids of
   * their requests (`requestIds[i]` for `lines[i]`: the service's request id, else its activity's id, else '').
   */
  differences: Array<{ text: string; lines: number[]; requestIds: string[] }>;
  notCompared: Array<{ reason: string; lines: number[]; requestIds: string[] }>;
}

export interface FidelityReport {
  file: string;
  service: string;
  operations: OperationReport[];
  differences: number;
}

function add<T extends { lines: number[]; requestIds: string[] }>(
  list: T[],
  match: (x: T) => boolean,
  make: () => T,
  line: number,
  requestId: string,
): void {
  const found = list.find(match);
  if (found !== undefined) {
    found.lines.push(line);
    found.requestIds.push(requestId);
  } else list.push({ ...make(), lines: [line], requestIds: [requestId] });
}

/** Groups replayed exchanges by operation, with each distinct difference once. */
export function compare(replayed: readonly ReplayedExchange[]): OperationReport[] {
  const byOperation = new Map<string, OperationReport>();
  for (const r of replayed) {
    const op = r.recorded.operation;
    let report = byOperation.get(op);
    if (report === undefined) {
      report = { operation: op, exchanges: 0, compared: 0, differences: [], notCompared: [] };
      byOperation.set(op, report);
    }
    report.exchanges += 1;
    const requestId = requestIdOf(r.recorded) ?? '';
    if (r.notCompared !== undefined && (r.service === undefined || r.emulator === undefined || r.service.status === r.emulator.status)) {
      const reason = r.notCompared;
      add(
        report.notCompared,
        (x) => x.reason === reason,
        () => ({ reason, lines: [], requestIds: [] }),
        r.line,
        requestId,
      );
      continue;
    }
    if (r.service === undefined || r.emulator === undefined) continue;
    report.compared += 1;
    const differences =
      r.notCompared !== undefined
        ? [`status: the service ${r.service.status}, the emulator ${r.emulator.status}`]
        : answerDifferences(r.service, r.emulator, schemaView(op, r.service.body));
    for (const text of differences)
      add(
        report.differences,
        (x) => x.text === text,
        () => ({ text, lines: [], requestIds: [] }),
        r.line,
        requestId,
      );
  }
  return [...byOperation.values()].sort((a, b) => (a.operation < b.operation ? -1 : a.operation > b.operation ? 1 : 0));
}

/** `line 12 (request 5f1c…), line 40 (activity 77aa…), +3 more`: where each exchange is, and its request's id. */
function exchangeList(found: { lines: readonly number[]; requestIds: readonly string[] }): string {
  const shown = found.lines
    .slice(0, 5)
    .map((line, i) => {
      const id = found.requestIds[i] ?? '';
      return id === '' ? `line ${line}` : `line ${line} (${id.startsWith('activity ') ? id : `request ${id}`})`;
    })
    .join(', ');
  return found.lines.length > 5 ? `${shown}, +${found.lines.length - 5} more` : shown;
}

/** The report as the terminal shows it. */
export function formatFidelity(report: FidelityReport): string {
  const lines = [`${report.file} (recorded against ${report.service}):`];
  for (const op of report.operations) {
    const count = op.differences.length;
    lines.push(
      `  ${op.operation} (${op.compared} of ${op.exchanges} compared): ${count === 0 ? 'no differences' : `${count} difference${count === 1 ? '' : 's'}`}`,
    );
    for (const d of op.differences) lines.push(`    - ${d.text} [${exchangeList(d)}]`);
    for (const n of op.notCompared) lines.push(`    not compared: ${n.reason} [${exchangeList(n)}]`);
  }
  const withDifferences = report.operations.filter((o) => o.differences.length > 0).length;
  lines.push(
    report.differences === 0
      ? `  no differences in ${report.operations.length} operations`
      : `  ${report.differences} difference${report.differences === 1 ? '' : 's'} in ${withDifferences} operation${withDifferences === 1 ? '' : 's'}`,
  );
  return lines.join('\n');
}

/** Replays each recording against its own fresh emulator; prints and returns the reports. */
export async function fidelity(
  recordings: ReadonlyArray<{ file: string; text: string }>,
  io: { out: (line: string) => void; now?: () => number },
): Promise<{ reports: FidelityReport[]; differences: number }> {
  const reports: FidelityReport[] = [];
  for (const { file, text } of recordings) {
    let parsed;
    try {
      parsed = parseRecording(text, file);
    } catch (error) {
      throw new ConfigurationError(error instanceof Error ? error.message : String(error));
    }
    // A fresh emulator per recording: nothing one replay makes is seen by the next. Deliveries stay on loopback.
    const emulator = await startEmulator({ deliveryMode: 'manual' });
    try {
      const replayed = await replay(parsed.header, parsed.exchanges, { emulator, now: io.now ?? (() => Date.now()) });
      const operations = compare(replayed);
      const report: FidelityReport = {
        file,
        service: parsed.header.service,
        operations,
        differences: operations.reduce((sum, o) => sum + o.differences.length, 0),
      };
      io.out(formatFidelity(report));
      reports.push(report);
    } finally {
      await emulator.close();
    }
  }
  return { reports, differences: reports.reduce((sum, r) => sum + r.differences, 0) };
}
