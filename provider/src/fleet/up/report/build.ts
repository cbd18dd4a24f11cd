// The rollout report from what a run did: the summary counted from the entries, the entries worst first, and the
// exit code that follows. docs/fleet.md, "Exit codes".
import {
  ROLLOUT_REPORT_SCHEMA_VERSION,
  ROLLOUT_STATUSES,
  type LeftAlone,
  type RolloutReport,
  type RolloutSubOrganization,
  type RolloutSummary,
} from './schema';
import { changedAnything } from '../changes';

export type RolloutHeader = Omit<RolloutReport, 'schemaVersion' | 'summary' | 'subOrganizations' | 'leftAlone'>;

export function summarizeRollout(entries: readonly RolloutSubOrganization[], leftAlone: readonly LeftAlone[]): RolloutSummary {
  const count = (status: RolloutSubOrganization['status']) => entries.filter((e) => e.status === status).length;
  const succeeded = entries.filter((e) => e.status === 'succeeded');
  // what this run did: those an interrupted run of the rollout already rolled out are counted apart
  const ranNow = succeeded.filter((e) => e.resumed !== true);
  const changed = ranNow.filter((e) => changedAnything(e.changes)).length;
  return {
    targets: entries.length,
    succeeded: succeeded.length,
    resumed: succeeded.length - ranNow.length,
    changed,
    unchanged: ranNow.length - changed,
    failed: count('failed'),
    refused: count('refused'),
    notStarted: count('not-started'),
    planned: count('planned'),
    leftAlone: leftAlone.length,
  };
}

const order = (e: RolloutSubOrganization): number => ROLLOUT_STATUSES.indexOf(e.status);

export function buildRolloutReport(
  header: RolloutHeader,
  entries: readonly RolloutSubOrganization[],
  leftAlone: readonly LeftAlone[],
): RolloutReport {
  const sorted = [...entries].sort((a, b) => order(a) - order(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    schemaVersion: ROLLOUT_REPORT_SCHEMA_VERSION,
    fleet: header.fleet,
    template: header.template,
    selector: header.selector,
    selection: header.selection,
    backend: header.backend,
    options: header.options,
    rollout: header.rollout,
    summary: summarizeRollout(sorted, leftAlone),
    subOrganizations: sorted,
    leftAlone: [...leftAlone].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    run: header.run,
  };
}

/**
 * 0: every target succeeded (or would, in a dry run), or there was nothing to do; 1: some failed, were refused or
 * never started (the rollout stopped). (2, nothing ran at all, is the CLI's for bad input.)
 */
export function rolloutExitCode(report: RolloutReport): 0 | 1 {
  const s = report.summary;
  return s.failed + s.refused + s.notStarted > 0 || report.rollout.outcome === 'stopped' ? 1 : 0;
}
