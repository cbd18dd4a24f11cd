// The rollout report as JUnit XML (`up --junit-out`): one test case per target, a failure for a stack that
// failed, an error for a sub-organization refused before its stack, skipped for one that never started. No
// times: the same rollout gives the same bytes. The format: https://github.com/testmoapp/junitxml.
import { xmlText } from '../../report/junit';
import { changesText } from '../changes';
import type { RolloutReport, RolloutSubOrganization } from './schema';

function testCase(suite: string, e: RolloutSubOrganization): string[] {
  const open = `    <testcase classname="${xmlText(suite)}" name="${xmlText(e.name === '' ? e.id : `${e.name} (${e.id})`)}"`;
  switch (e.status) {
    case 'succeeded':
    case 'planned':
      return [
        `${open}>`,
        `      <system-out>${xmlText(e.status === 'planned' ? 'would run' : changesText(e.changes))}</system-out>`,
        '    </testcase>',
      ];
    case 'not-started':
      return [`${open}>`, '      <skipped message="the rollout stopped before it"/>', '    </testcase>'];
    case 'refused':
      return [`${open}>`, `      <error type="refused" message="${xmlText(e.reason ?? '')}"/>`, '    </testcase>'];
    default:
      return [
        `${open}>`,
        `      <failure type="failed" message="${xmlText(e.reason ?? '')}">${xmlText(e.log !== undefined ? `log: ${e.log}` : '')}</failure>`,
        '    </testcase>',
      ];
  }
}

export function renderRolloutJunit(report: RolloutReport): string {
  const s = report.summary;
  const suite = `rollout ${report.fleet.name}`;
  const counts = `tests="${s.targets}" failures="${s.failed}" errors="${s.refused}" skipped="${s.notStarted}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="walletinfra-fleet up" tests="${s.targets}" failures="${s.failed}" errors="${s.refused}">`,
    `  <testsuite name="${xmlText(suite)}" ${counts}>`,
    ...report.subOrganizations.flatMap((e) => testCase(report.fleet.name, e)),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
