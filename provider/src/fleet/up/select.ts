// Which sub-organizations a rollout runs, from a scan: every selected one, or with `--only-drifted` those the scan
// found drifted or unenrolled. The scan is a fresh one at the start of `up`, or a report a scan wrote
// (`--from-report`), which must be of this fleet, template and selector (and shard), else it is refused naming what
// differs: a report of another template describes drift this template would not fix.
//
// Never touched: objects the template does not declare. A sub-organization whose only finding is unmanaged objects
// is left alone (its stack would change nothing: a rollout never deletes what it did not create), and listed with
// what to do; one that is also drifted is rolled out, and its unmanaged objects stay.
import { ConfigurationError } from '@walletinfra/sdk/errors';
import { firstDifference } from '../report/merge';
import type { FleetReport, ReportSubOrganization } from '../report/schema';
import { inShard, shardText, type Shard } from '../shard';
import type { LeftAlone } from './report/schema';
import type { Target } from './rollout';

export interface Selection {
  targets: Target[];
  leftAlone: LeftAlone[];
  /** Selected sub-organizations with nothing to do. */
  conformant: number;
}

/** What a report must agree with: the run's own fleet, template and selector. */
export interface ReportExpectation {
  fleet: FleetReport['fleet'];
  template: Pick<FleetReport['template'], 'path' | 'digest'>;
  selector: FleetReport['selector'];
  shard?: Shard;
}

/** Refuses a scan report of another fleet, template, selector or shard, naming what differs and the fix. */
export function checkReport(file: string, report: FleetReport, expected: ReportExpectation): void {
  const fix = 'scan this fleet again (walletinfra-fleet scan --json-out …), or run up --only-drifted without --from-report: it scans first';
  const pairs: Array<[string, unknown, unknown]> = [
    ['fleet', report.fleet, expected.fleet],
    ['template', { path: report.template.path, digest: report.template.digest }, expected.template],
    ['selector', report.selector, expected.selector],
  ];
  for (const [field, theirs, ours] of pairs) {
    const difference = firstDifference(theirs, ours, field);
    if (difference !== undefined) {
      const what = field === 'template' ? 'another template' : field === 'fleet' ? 'another fleet' : 'another selector';
      throw new ConfigurationError(`${file} is a report of ${what} (${difference}, the report's and this run's); ${fix}`);
    }
  }
  const theirs = report.run.shard;
  if (theirs !== undefined && (expected.shard === undefined || shardText(theirs) !== shardText(expected.shard))) {
    throw new ConfigurationError(
      `${file} is shard ${shardText(theirs)}'s report, and this run is ${expected.shard === undefined ? 'not sharded' : `shard ${shardText(expected.shard)}`}; ` +
        'give the merged report (walletinfra-fleet merge), or run up with the same --shard',
    );
  }
}

const LEFT_UNMANAGED =
  'only unmanaged objects (the template declares none of them, and a rollout never deletes what it did not create): ' +
  'declare them in the template (up then adopts them), delete them by hand (a user of the sub-organization must), or acknowledge them in unmanaged.ignore';

/** What a resumed rollout brings to the selection (./journal.ts). */
export interface ResumedIds {
  /** Started and never finished: they run again whatever the scan says, since a write the kill cut short may have
   * reached the service while the stack's state never learnt of it (the run adopts it, and recovers the lock). */
  interrupted: ReadonlySet<string>;
  /** Rolled out before the kill: targets of the rollout still (its report says so), not run again. */
  succeeded: ReadonlySet<string>;
}

const NOT_RESUMED: ResumedIds = { interrupted: new Set(), succeeded: new Set() };

/** The targets and what is left alone, from scan entries (in id order). */
export function selectTargets(
  entries: readonly ReportSubOrganization[],
  onlyDrifted: boolean,
  shard: Shard | undefined,
  resumed: ResumedIds = NOT_RESUMED,
): Selection {
  const selection: Selection = { targets: [], leftAlone: [], conformant: 0 };
  const sorted = [...entries].filter((e) => inShard(e.id, shard)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const e of sorted) {
    const target = { id: e.id, name: e.name };
    const ofTheRollout = resumed.interrupted.has(e.id) || resumed.succeeded.has(e.id);
    const needs = e.classes.includes('drifted') || e.classes.includes('unenrolled') || ofTheRollout;
    if ((e.status === 'unreachable' || e.status === 'template-error') && !ofTheRollout) {
      if (onlyDrifted) {
        selection.leftAlone.push({
          id: e.id,
          name: e.name,
          status: e.status,
          why: `the scan could not classify it (${e.reason ?? e.status}): not rolled out; scan again, or run up without --only-drifted`,
        });
      } else selection.targets.push(target);
    } else if (needs || !onlyDrifted) {
      selection.targets.push(target);
    } else if (e.status === 'unmanaged') {
      selection.leftAlone.push({ id: e.id, name: e.name, status: e.status, why: LEFT_UNMANAGED });
    } else selection.conformant += 1;
  }
  return selection;
}
