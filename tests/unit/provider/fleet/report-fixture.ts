// Reports for the fleet's report tests: a run's findings over a handful of sub-organizations, made by buildReport.
import { buildReport, type ReportHeader } from '@walletinfra/pulumi/fleet/report/build';
import type { FleetReport, ReportRun, ReportSubOrganization } from '@walletinfra/pulumi/fleet/report/schema';
import { shardOf } from '@walletinfra/pulumi/fleet/shard';

export const HEADER: ReportHeader = {
  fleet: { name: 'customer-wallets', parentOrganizationId: 'org-parent', baseUrl: 'https://api.turnkey.com' },
  template: { path: './template', digest: `sha256:${'ab'.repeat(32)}`, language: 'typescript', evaluation: 'shared' },
  selector: { names: ['customer-*'] },
  kinds: { read: ['User', 'ApiKey', 'Policy'], unmanaged: ['User', 'ApiKey', 'Policy'] },
  enrollment: { checked: true, backend: 'file:///srv/state', orphanStacks: ['org-gone-1', 'org-gone-2'] },
};

export function run(extra: Partial<ReportRun> = {}): ReportRun {
  return {
    startedAt: '2026-01-15T12:00:00.000Z',
    finishedAt: '2026-01-15T12:01:05.000Z',
    durationMs: 65_000,
    requests: { list_suborgs: 1, list_users: 30, retries: 2 },
    tool: { walletinfraFleet: '0.1.0', node: 'v20.19.0' },
    ...extra,
  };
}

const conformant = (id: string, name: string): ReportSubOrganization => ({
  id,
  name,
  status: 'conformant',
  classes: [],
  delegatedUser: { id: `u-${id}`, name: 'Delegated Account' },
  drift: [],
  unmanaged: [],
});

/** 30 sub-organizations: 24 conformant, and one of each other kind of finding. */
export function entries(): ReportSubOrganization[] {
  const out = Array.from({ length: 24 }, (_, i) =>
    conformant(`org-${String(i).padStart(2, '0')}`, `customer-${String(i).padStart(2, '0')}`),
  );
  out.push(
    {
      ...conformant('org-drift', 'customer-drift'),
      status: 'drifted',
      classes: ['drifted'],
      drift: [
        {
          kind: 'Policy',
          resource: 'delegated-policy',
          change: 'changed',
          objectId: 'pol-1',
          properties: [{ name: 'condition', live: 'true', desired: "eth.tx.to == '0xdead'", replaces: false }],
        },
        { kind: 'UserTag', resource: 'backend', change: 'missing' },
      ],
    },
    {
      ...conformant('org-intruder', 'customer-intruder'),
      status: 'unmanaged',
      classes: ['unmanaged', 'drifted'],
      drift: [
        {
          kind: 'RootQuorum',
          resource: 'root-quorum',
          change: 'changed',
          objectId: 'rootQuorum',
          properties: [{ name: 'userIds', live: ['u-end', 'u-x'], desired: ['u-end'], replaces: false }],
        },
      ],
      unmanaged: [
        { kind: 'User', id: 'u-x', name: 'intruder <&>', governs: 'identity', status: 'unmanaged' },
        { kind: 'ApiKey', id: 'k-e', name: 'end-user', governs: 'identity', status: 'acknowledged', reason: "the end user's own" },
      ],
    },
    { ...conformant('org-new', 'customer-new'), status: 'unenrolled', classes: ['unenrolled'] },
    { ...conformant('org-nodelegate', 'customer-nodelegate'), status: 'drifted', classes: ['drifted'], delegatedUser: null },
    {
      id: 'org-gone',
      name: '',
      status: 'unreachable',
      classes: [],
      drift: [],
      unmanaged: [],
      cause: 'deleted',
      reason: 'deleted since it was listed (404 no organization found with the given ID)',
    },
    { ...conformant('org-broken', 'customer-broken'), status: 'template-error', reason: 'Policy "x": condition: bad' },
  );
  return out;
}

export function oneRun(): FleetReport {
  return buildReport(HEADER, entries(), run());
}

/** The same findings as shard reports of `count` shards, each with its own run metadata. */
export function shards(count: number): FleetReport[] {
  return Array.from({ length: count }, (_, i) =>
    buildReport(
      {
        ...HEADER,
        enrollment: { ...HEADER.enrollment, orphanStacks: HEADER.enrollment.orphanStacks.filter((s) => shardOf(s, count) === i + 1) },
      },
      entries().filter((e) => shardOf(e.id, count) === i + 1),
      run({
        shard: { index: i + 1, count },
        startedAt: `2026-01-15T12:0${i}:00.000Z`,
        finishedAt: `2026-01-15T12:0${i}:30.000Z`,
        durationMs: 30_000,
      }),
    ),
  );
}
