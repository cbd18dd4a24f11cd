// The decision after a write whose response was lost: committed, pending, not committed or unknown, for
// each write kind, from what the activity history and the objects showed.
import type { Activity } from '@walletinfra/sdk/schemas';
import { decideOutcome, type ActivityEvidence, type ObjectEvidence, type WriteKind } from '@walletinfra/pulumi/resources/common/outcome';

function activity(status: string): Activity {
  return {
    id: `act-${status}`,
    organizationId: 'org',
    status,
    type: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
    intent: {},
    result: {},
    votes: [],
    fingerprint: 'sha256:ab',
    canApprove: false,
    canReject: false,
    createdAt: '0',
    updatedAt: '0',
  } as Activity;
}

const found = (status: string): ActivityEvidence => ({ found: activity(status) });
const absent: ActivityEvidence = { found: undefined };
const unreadable: ActivityEvidence = { unavailable: 'rate limited (HTTP 429)' };
const shows: ObjectEvidence<{ id: string }> = { shows: { id: 'obj-1' } };
const lacks: ObjectEvidence<{ id: string }> = { lacks: true };
const unlisted: ObjectEvidence<{ id: string }> = { unavailable: 'connection lost' };

const KINDS: WriteKind[] = ['create', 'update', 'delete'];

type Row = [string, ActivityEvidence, ObjectEvidence<{ id: string }>, Record<WriteKind, string>];

// activity evidence, object evidence → decision per write kind
const TABLE: Row[] = [
  [
    'completed activity',
    found('ACTIVITY_STATUS_COMPLETED'),
    lacks,
    { create: 'committed:activity', update: 'committed:activity', delete: 'committed:activity' },
  ],
  [
    'activity waiting for votes',
    found('ACTIVITY_STATUS_CONSENSUS_NEEDED'),
    lacks,
    { create: 'pending', update: 'pending', delete: 'pending' },
  ],
  ['activity still running', found('ACTIVITY_STATUS_PENDING'), unlisted, { create: 'pending', update: 'pending', delete: 'pending' }],
  [
    'failed activity',
    found('ACTIVITY_STATUS_FAILED'),
    shows,
    { create: 'not-committed', update: 'not-committed', delete: 'not-committed' },
  ],
  [
    'rejected activity',
    found('ACTIVITY_STATUS_REJECTED'),
    shows,
    { create: 'not-committed', update: 'not-committed', delete: 'not-committed' },
  ],
  // No activity with the fingerprint: never processed. A matching object is somebody else's for a create;
  // for an update or a delete, the declared state already holds.
  [
    'no activity, objects show the effect',
    absent,
    shows,
    { create: 'not-committed', update: 'committed:object', delete: 'committed:object' },
  ],
  ['no activity, objects lack the effect', absent, lacks, { create: 'not-committed', update: 'not-committed', delete: 'not-committed' }],
  ['no activity, objects unlisted', absent, unlisted, { create: 'not-committed', update: 'not-committed', delete: 'not-committed' }],
  // History unreadable: the objects decide when they show the effect; otherwise nobody can tell.
  [
    'history unreadable, objects show the effect',
    unreadable,
    shows,
    { create: 'committed:object', update: 'committed:object', delete: 'committed:object' },
  ],
  ['history unreadable, objects lack the effect', unreadable, lacks, { create: 'unknown', update: 'unknown', delete: 'unknown' }],
  ['history unreadable, objects unlisted', unreadable, unlisted, { create: 'unknown', update: 'unknown', delete: 'unknown' }],
];

describe.each(KINDS)('%s', (kind) => {
  test.each(TABLE)('%s', (_name, activityEvidence, objectEvidence, expected) => {
    const outcome = decideOutcome(kind, activityEvidence, objectEvidence);
    const label = outcome.decision === 'committed' ? `committed:${outcome.via}` : outcome.decision;
    expect(label).toBe(expected[kind]);
  });
});

test('what each decision carries', () => {
  expect(decideOutcome('create', found('ACTIVITY_STATUS_COMPLETED'), lacks)).toEqual({
    decision: 'committed',
    via: 'activity',
    activity: activity('ACTIVITY_STATUS_COMPLETED'),
  });
  expect(decideOutcome('delete', unreadable, shows)).toEqual({ decision: 'committed', via: 'object', result: { id: 'obj-1' } });
  expect(decideOutcome('update', found('ACTIVITY_STATUS_FAILED'), lacks)).toEqual({
    decision: 'not-committed',
    why: 'its activity act-ACTIVITY_STATUS_FAILED ended ACTIVITY_STATUS_FAILED',
  });
  expect(decideOutcome('create', absent, shows)).toEqual({
    decision: 'not-committed',
    why: 'the service has no activity with its fingerprint',
  });
  expect(decideOutcome('create', unreadable, lacks)).toEqual({
    decision: 'unknown',
    why: 'the activity history could not be read (rate limited (HTTP 429)) and the object does not show it',
  });
  expect(decideOutcome('delete', unreadable, lacks)).toEqual({
    decision: 'unknown',
    why: 'the activity history could not be read (rate limited (HTTP 429)) and the object is still there',
  });
  expect(decideOutcome('update', unreadable, unlisted)).toEqual({
    decision: 'unknown',
    why: 'the activity history could not be read (rate limited (HTTP 429)) and the objects could not be listed (connection lost)',
  });
});
