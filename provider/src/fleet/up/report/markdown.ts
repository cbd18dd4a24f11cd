// The rollout report for people (`up --md-out`, a CI run's summary): the outcome and the counts first, then what
// failed (the first line of the reason and the log), what was refused (the reason and the fix), what never started,
// what changed, and what was left alone and why; the JSON report has everything. The terminal's closing summary
// is its first lines.
import { DEFAULT_MAX_MARKDOWN_LENGTH } from '../../../drift/markdown';
import { codeSpan, plural } from '../../../internal/markdown-text';
import { clockTime } from '../../progress';
import { changesText } from '../changes';
import type { RolloutReport, RolloutSubOrganization } from './schema';

const cell = (text: string): string => text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
const name = (e: { id: string; name: string }): string => (e.name === '' ? codeSpan(e.id) : `${codeSpan(e.name)} (${codeSpan(e.id)})`);

/** `stopped: the canary failed`. */
export function outcomeText(report: RolloutReport): string {
  const r = report.rollout;
  if (r.outcome === 'planned') return 'dry run: nothing was run';
  if (r.outcome === 'completed') return 'completed';
  return r.stopReason === 'canary-failed'
    ? 'stopped: the canary failed, no other stack started'
    : `stopped: more than the failure tolerance (${report.options.failureTolerance.count}) failed`;
}

/** The summary lines (the terminal prints them at the end). */
export function rolloutSummaryLines(report: RolloutReport): string[] {
  const s = report.summary;
  const o = report.options;
  const headline =
    report.rollout.outcome === 'planned'
      ? `**Dry run: ${s.planned} of ${plural(s.targets, 'sub-organization')} would run**, ${s.refused} refused.`
      : `**${s.succeeded} of ${plural(s.targets, 'sub-organization')} rolled out** (${s.resumed > 0 ? `${s.resumed} before the interruption, ` : ''}${s.changed} changed, ${s.unchanged} unchanged); ` +
        `${s.failed} failed, ${s.refused} refused, ${s.notStarted} never started.`;
  return [
    `# Rollout of fleet ${codeSpan(report.fleet.name)}: ${outcomeText(report)}`,
    '',
    headline,
    '',
    `Targets: ${report.selection.onlyDrifted ? 'drifted or unenrolled sub-organizations' : 'every selected sub-organization'}` +
      ` (from ${report.selection.from === 'report' ? `the scan report ${codeSpan(report.selection.report ?? '')}` : 'a scan at the start'})` +
      `${s.leftAlone > 0 ? `; ${s.leftAlone} left alone (below)` : ''} · max-concurrent ${o.maxConcurrent}, failure tolerance ` +
      `${o.failureTolerance.given === String(o.failureTolerance.count) ? o.failureTolerance.given : `${o.failureTolerance.given} = ${o.failureTolerance.count}`} (${o.concurrencyMode}), canary ${o.canary} · ` +
      `template ${codeSpan(report.template.path)} (${codeSpan(report.template.digest.slice(0, 19))}) · backend ${codeSpan(report.backend)}`,
    '',
  ];
}

function section(title: string, entries: readonly RolloutSubOrganization[], line: (e: RolloutSubOrganization) => string): string[] {
  if (entries.length === 0) return [];
  return [`## ${title} (${entries.length})`, '', ...entries.map(line), ''];
}

export function renderRolloutMarkdown(report: RolloutReport, maxLength = DEFAULT_MAX_MARKDOWN_LENGTH): string {
  const by = (status: RolloutSubOrganization['status']) => report.subOrganizations.filter((e) => e.status === status);
  const changed = by('succeeded').filter((e) => changesText(e.changes) !== 'no changes');
  const notStarted = by('not-started');
  const r = report.rollout;
  const tail = [
    '---',
    `<sub>Rollout ${codeSpan(r.id)}${r.resumed ? ' (resumed)' : ''} started ${r.startedAt}, took ${clockTime(r.durationMs)} · walletinfra-fleet ${report.run.tool.walletinfraFleet}</sub>`,
    '',
  ];
  const body = [
    ...section(
      'Failed',
      by('failed'),
      (e) => `- ${name(e)}: ${cell(e.reason ?? '')}${e.log !== undefined ? ` — log ${codeSpan(e.log)}` : ''}`,
    ),
    ...section('Refused (nothing written)', by('refused'), (e) => `- ${cell(e.reason ?? '')}`),
    ...(notStarted.length > 0
      ? [
          `## Never started (${notStarted.length})`,
          '',
          `${notStarted.slice(0, 100).map(name).join(', ')}${notStarted.length > 100 ? `, … and ${notStarted.length - 100} more` : ''}`,
          '',
        ]
      : []),
    ...section('Changed', changed, (e) => `- ${name(e)}: ${changesText(e.changes)}${e.wave === 'canary' ? ' (canary)' : ''}`),
    ...(report.leftAlone.length > 0
      ? [`## Left alone (${report.leftAlone.length})`, '', ...report.leftAlone.map((l) => `- ${name(l)}: ${cell(l.why)}`), '']
      : []),
  ];
  const head = rolloutSummaryLines(report);
  const kept: string[] = [];
  let length = [...head, ...tail].join('\n').length;
  for (const line of body) {
    if (length + line.length + 1 > maxLength - 200) {
      kept.push('', '… the rest is in the JSON report.', '');
      break;
    }
    kept.push(line);
    length += line.length + 1;
  }
  return [...head, ...kept, ...tail].join('\n');
}
