// The run's report: each check of each step, pass, fail or skip (a step that does not apply, with why), and
// the ids of the requests it took, from the recording: the service's request id (a response header), or the
// activity's id when the service sent none (docs/service-behaviour.md#transport).
import { readFileSync } from 'node:fs';
import type { RecordedExchange } from '@walletinfra/sdk/recording';

export type Outcome = 'pass' | 'fail' | 'skip';

export interface ReportEntry {
  step: string;
  subject: string;
  check: string;
  outcome: Outcome;
  /** Why it failed or was skipped. */
  detail?: string;
  requestIds: string[];
}

export interface StepTiming {
  step: string;
  seconds: number;
  /** The Pulumi command it ran, when it ran one. */
  pulumi?: string;
}

export interface RunReport {
  runId: string;
  service: string;
  organizationId: string;
  startedAt: string;
  recording: string;
  entries: ReportEntry[];
  steps: StepTiming[];
  /** Responses that asked the run to slow down (429, 503), across every process. */
  rateLimited: number;
  exchanges: number;
  /** Set when a signal stopped the run: which, and in which step. */
  interrupted?: { signal: string; step: string };
}

/** A request's id for the report: the service's, else the activity's. */
export function requestIdOf(exchange: RecordedExchange): string | undefined {
  if (exchange.requestId !== undefined) return exchange.requestId;
  const activity = (exchange.response as { activity?: { id?: unknown } } | undefined)?.activity;
  return typeof activity?.id === 'string' ? `activity ${activity.id}` : undefined;
}

/** The exchanges of a recording file (lines that are not exchanges are passed over). */
export function readExchanges(file: string): RecordedExchange[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const out: RecordedExchange[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const json = JSON.parse(line) as { type?: string };
      if (json.type === 'exchange') out.push(json as RecordedExchange);
    } catch {
      // a line cut short by a process that was killed mid-write
    }
  }
  return out;
}

/** The request ids of the exchanges whose request or answer mentions one of `needles` (ids, names). */
export function requestIdsMentioning(exchanges: readonly RecordedExchange[], needles: readonly string[]): string[] {
  const wanted = needles.filter((n) => n.length > 0);
  if (wanted.length === 0) return [];
  const ids: string[] = [];
  for (const e of exchanges) {
    const text = JSON.stringify([e.request, e.response]);
    if (!wanted.some((n) => text.includes(n))) continue;
    const id = requestIdOf(e);
    if (id !== undefined && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

const MAX_IDS_SHOWN = 4;

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

/** The report as the terminal shows it. */
export function formatReport(report: RunReport): string {
  const lines: string[] = [];
  lines.push(`Acceptance report: run ${report.runId} against ${report.service}, organization ${report.organizationId}`);
  let step = '';
  for (const e of report.entries) {
    if (e.step !== step) {
      step = e.step;
      const timing = report.steps.find((s) => s.step === step);
      lines.push('', `${step}${timing !== undefined ? ` (${timing.seconds.toFixed(1)} s)` : ''}`);
    }
    const ids =
      e.requestIds.length === 0
        ? ''
        : `  [${e.requestIds.slice(0, MAX_IDS_SHOWN).join(', ')}${e.requestIds.length > MAX_IDS_SHOWN ? `, +${e.requestIds.length - MAX_IDS_SHOWN} more` : ''}]`;
    const detail = e.detail === undefined ? '' : `: ${e.detail}`;
    lines.push(`  ${pad(e.outcome.toUpperCase(), 4)}  ${pad(e.subject, 34)} ${e.check}${detail}${ids}`);
  }
  const count = (o: Outcome) => report.entries.filter((e) => e.outcome === o).length;
  const engine = report.steps.filter((s) => s.pulumi !== undefined);
  const engineSeconds = engine.reduce((sum, s) => sum + s.seconds, 0);
  lines.push(
    '',
    `${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped. ` +
      `Pulumi: ${engine.length} commands, ${engineSeconds.toFixed(1)} s. ` +
      `Requests: ${report.exchanges}, ${report.rateLimited} answered "slow down" (429/503). Recording: ${report.recording}`,
  );
  return lines.join('\n');
}
