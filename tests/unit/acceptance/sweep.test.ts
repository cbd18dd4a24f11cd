// The sweep by run (`--run-id`, what an interrupted run prints): it deletes that run's objects whatever their
// age, and nothing of another run, even an older one.
import type { OrgSession } from '@walletinfra/pulumi/session';
import type { Found, Sweepable } from '../../acceptance/inventory';
import { parseRunId } from '../../acceptance/prefix';
import { sweep } from '../../acceptance/sweep';

const mine = parseRunId('20260314t091500-kil1');
const older = parseRunId('20260301t000000-old1');

function source(names: string[], deleted: string[]): Sweepable {
  let live = [...names];
  const found = (name: string): Found => ({
    type: 'Policy',
    noun: 'policy',
    id: `id-${name}`,
    name,
    remove: () => {
      deleted.push(name);
      live = live.filter((n) => n !== name);
      return Promise.resolve();
    },
  });
  return { type: 'Policy', noun: 'policy', deleteOperation: 'delete_policy', find: () => Promise.resolve(live.map(found)) };
}

test('--run-id deletes only that run, just started, and lists nothing else', async () => {
  const deleted: string[] = [];
  const lines: string[] = [];
  const names = [`${mine.prefix}policy-main`, `${older.prefix}policy-main`, 'allow signing'];
  const result = await sweep(
    { olderThanMs: 0, yes: true, runPrefix: mine.prefix },
    {
      session: { organizationId: 'org-1', client: {} } as unknown as OrgSession,
      sources: [source(names, deleted)],
      now: () => new Date(mine.startedAt.getTime() + 60_000),
      out: (l) => lines.push(l),
    },
  );
  expect(deleted).toEqual([`${mine.prefix}policy-main`]);
  expect(result.kept).toEqual([]);
  expect(lines).toEqual([
    `Objects named with the prefix ${mine.prefix} in organization org-1:`,
    '  Policy (policy): 1 found',
    `    ${mine.prefix}policy-main  id-${mine.prefix}policy-main  age 1m  deleted`,
    '1 deleted',
  ]);
});
