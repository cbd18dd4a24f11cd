// `npm run fidelity -- FILE...`: replays each recording against a fresh emulator (./replay.ts) and reports, per
// operation, every difference in the shape of the answers (./shape.ts). Exit 0 when there is none, 1 when there
// are. The same function runs the recordings under tests/fixtures/recordings/ in `npm test`.
import { ConfigurationError } from '@walletinfra/sdk';
import { parseRecording } from '@walletinfra/sdk/recording';
import { startEmulator } from '@walletinfra/emulator';
import { readFlags } from '@walletinfra/pulumi/cli/args';
import { replay, type ReplayedExchange } from './replay';
import { answerDifferences } from './shape';

export const FIDELITY_USAGE = `Usage: npm run fidelity -- FILE...

Replays each recording (made by npm run test:acceptance -- --record FILE) against a fresh local emulator
and reports, per operation, every difference in the shape of the answers: status codes, error codes and
messages, fields present or missing, value types, enum values. Ids, times and names are not compared.

Exit codes: 0 no difference, 1 differences, 2 bad arguments or an unreadable recording.`;

export interface FidelityArgs {
  files: string[];
  help: boolean;
  version: boolean;
}

export function parseFidelityArgs(argv: readonly string[]): FidelityArgs {
  const out: FidelityArgs = { files: [], help: false, version: false };
  readFlags(argv, {}, out, { operand: (o, word) => o.files.push(word) });
  if (!out.help && out.files.length === 0) throw new ConfigurationError('name at least one recording file');
  return out;
}

/** One operation's result in one recording. */
export interface OperationReport {
  operation: string;
  exchanges: number;
  compared: number;
  /** Each distinct difference, with the exchanges (1-based, in the recording's order of requests) that show it. */
  differences: Array<{ text: string; exchanges: number[] }>;
  notCompared: Array<{ reason: string; exchanges: number[] }>;
}

export interface FidelityReport {
  file: string;
  service: string;
  operations: OperationReport[];
  differences: number;
}

function add<T extends { exchanges: number[] }>(list: T[], match: (x: T) => boolean, make: () => T, index: number): void {
  const found = list.find(match);
  if (found !== undefined) found.exchanges.push(index);
  else list.push({ ...make(), exchanges: [index] });
}

/** Groups replayed exchanges by operation, with each distinct difference once. */
export function compare(replayed: readonly ReplayedExchange[]): OperationReport[] {
  const byOperation = new Map<string, OperationReport>();
  replayed.forEach((r, i) => {
    const op = r.recorded.operation;
    let report = byOperation.get(op);
    if (report === undefined) {
      report = { operation: op, exchanges: 0, compared: 0, differences: [], notCompared: [] };
      byOperation.set(op, report);
    }
    report.exchanges += 1;
    if (r.notCompared !== undefined && (r.service === undefined || r.emulator === undefined || r.service.status === r.emulator.status)) {
      const reason = r.notCompared;
      add(
        report.notCompared,
        (x) => x.reason === reason,
        () => ({ reason, exchanges: [] }),
        i + 1,
      );
      return;
    }
    if (r.service === undefined || r.emulator === undefined) return;
    report.compared += 1;
    const differences =
      r.notCompared !== undefined
        ? [`status: the service ${r.service.status}, the emulator ${r.emulator.status}`]
        : answerDifferences(r.service, r.emulator);
    for (const text of differences)
      add(
        report.differences,
        (x) => x.text === text,
        () => ({ text, exchanges: [] }),
        i + 1,
      );
  });
  return [...byOperation.values()].sort((a, b) => (a.operation < b.operation ? -1 : a.operation > b.operation ? 1 : 0));
}

function exchangeList(indexes: readonly number[]): string {
  const shown = indexes.slice(0, 5).join(', ');
  return indexes.length > 5 ? `${shown}, +${indexes.length - 5} more` : shown;
}

/** The report as the terminal shows it. */
export function formatFidelity(report: FidelityReport): string {
  const lines = [`${report.file} (recorded against ${report.service}):`];
  for (const op of report.operations) {
    const count = op.differences.length;
    lines.push(
      `  ${op.operation} (${op.compared} of ${op.exchanges} compared): ${count === 0 ? 'no differences' : `${count} difference${count === 1 ? '' : 's'}`}`,
    );
    for (const d of op.differences) lines.push(`    - ${d.text} [exchange ${exchangeList(d.exchanges)}]`);
    for (const n of op.notCompared) lines.push(`    not compared: ${n.reason} [exchange ${exchangeList(n.exchanges)}]`);
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
