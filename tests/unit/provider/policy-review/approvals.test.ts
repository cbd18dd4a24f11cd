// The approval impact: a plan that changes user tag membership or the root quorum replays the organization's
// recent activities, from their recorded votes, with who may approve as live and as planned. The planned
// membership comes from the preview's UserTag (the one owner of membership), User and RootQuorum steps.
import type { Activity } from '@walletinfra/sdk/schemas';
import { collectFromMetadata } from '@walletinfra/pulumi/stack/collect';
import { UNKNOWN as UNKNOWN_SENTINEL } from '@walletinfra/pulumi/wire';
import { renderChangesMarkdown } from '@walletinfra/pulumi/drift/markdown';
import type { ChangeReport, StackRunner } from '@walletinfra/pulumi/drift';
import { approverChanges } from '@walletinfra/pulumi/policy-review/approver-changes';
import { plannedState, withApprovers, type ApprovalState, type PlannedApprovers } from '@walletinfra/pulumi/policy-review/approvals';
import type { ReviewPolicy } from '@walletinfra/pulumi/policy-review/decide';
import { policyImpact, type ImpactOptions } from '@walletinfra/pulumi/policy-review/impact';
import type { OrganizationReader } from '@walletinfra/pulumi/policy-review/organization';
import { stackPolicyImpact } from '@walletinfra/pulumi/policy-review/stack-impact';
import { stackConfig } from '../../../support/drift-inventory';

const NOW = Date.UTC(2026, 0, 10);
const OPTIONS: ImpactOptions = { maxActivities: 50, maxAgeMs: 7 * 86_400_000, nowMs: NOW };

type VoteUser = {
  userId: string;
  userName: string;
  userTags: string[];
  apiKeys: Array<{ apiKeyId: string; credential: { publicKey: string; type: string } }>;
};
const user = (userId: string, userTags: string[] = []): VoteUser => ({
  userId,
  userName: userId.replace(/^u-/, ''),
  userTags,
  apiKeys: [{ apiKeyId: `k-${userId}`, credential: { publicKey: `pk-${userId}`, type: 'CREDENTIAL_TYPE_API_KEY_P256' } }],
});
const OPS = user('u-ops', ['t-approvers']);
const BOB = user('u-bob');
const ROOT = user('u-root');

/** A recorded activity with its approving votes (the submitter first), as list_activities returns it. */
function activity(id: string, type: string, votes: VoteUser[], status: Activity['status'] = 'ACTIVITY_STATUS_COMPLETED'): Activity {
  const seconds = String(Math.floor((NOW - 86_400_000) / 1000));
  return {
    id,
    organizationId: 'org',
    status,
    type,
    intent: { intent: {} },
    result: {},
    votes: votes.map((u, i) => ({
      id: `${id}-v${i}`,
      userId: u.userId,
      user: u,
      activityId: id,
      selection: 'VOTE_SELECTION_APPROVED',
      message: '',
      publicKey: u.apiKeys[0]!.credential.publicKey,
      signature: '',
      scheme: 'SIGNATURE_SCHEME_TK_API_P256',
      createdAt: { seconds, nanos: '0' },
    })),
    fingerprint: `sha256:${id}`,
    canApprove: false,
    canReject: false,
    createdAt: { seconds, nanos: '0' },
    updatedAt: { seconds, nanos: '0' },
  };
}

const LIVE: ApprovalState = {
  tagsByUser: new Map([
    ['u-ops', ['t-approvers']],
    ['u-bob', []],
    ['u-root', []],
  ]),
  rootQuorum: { threshold: 1, userIds: ['u-root'] },
};

function reader(activities: Activity[], policies: Array<ReviewPolicy & { policyId: string }>, live?: ApprovalState): OrganizationReader {
  return {
    organizationId: 'org',
    listPolicies: () => Promise.resolve(policies),
    listActivities: (limit) => Promise.resolve(activities.slice(0, limit)),
    decidedByPolicies: () => Promise.resolve(true),
    ...(live !== undefined ? { approvalState: () => Promise.resolve(live) } : {}),
  };
}

const approversTag: ReviewPolicy & { policyId: string } = {
  policyId: 'pol-1',
  policyName: 'approvers sign',
  effect: 'EFFECT_ALLOW',
  condition: "activity.resource == 'PRIVATE_KEY'",
  consensus: "approvers.any(user, user.tags.contains('t-approvers'))",
};
const TAG = 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG';

const plan = (p: Partial<PlannedApprovers>): PlannedApprovers => ({ tagMembers: new Map(), deletedUsers: new Set(), changes: [], ...p });

describe('who may approve, as planned', () => {
  test('tag members set by the plan replace the tag on every user; a deleted user leaves its tags and the root quorum', () => {
    const live: ApprovalState = { ...LIVE, rootQuorum: { threshold: 1, userIds: ['u-root', 'u-ops'] } };
    const planned = plannedState(
      live,
      plan({ tagMembers: new Map([['t-approvers', ['u-bob', 'u-ops']]]), deletedUsers: new Set(['u-ops']) }),
    );
    expect(planned).toEqual({
      tagsByUser: new Map([
        ['u-ops', []],
        ['u-bob', ['t-approvers']],
        ['u-root', []],
      ]),
      rootQuorum: { threshold: 1, userIds: ['u-root'] },
      removedUsers: new Set(['u-ops']),
    });
    expect(plannedState(LIVE, plan({ rootQuorum: { threshold: 2, userIds: ['u-root', 'u-bob'] } }))).toEqual({
      tagsByUser: LIVE.tagsByUser,
      rootQuorum: { threshold: 2, userIds: ['u-root', 'u-bob'] },
    });
  });

  test("a recorded request takes each approver's tags and the root quorum from the state, not from how it was decided then", () => {
    const context = {
      activity: { type: TAG },
      approvers: [
        { id: 'u-ops', tags: ['t-approvers'] },
        { id: 'u-gone', tags: ['t-old'] },
      ],
      now: NOW,
      isRootQuorum: true,
    };
    const state = plannedState(LIVE, plan({ tagMembers: new Map([['t-approvers', []]]) }));
    expect(withApprovers(context, state)).toEqual({
      activity: { type: TAG },
      approvers: [
        { id: 'u-ops', tags: [] },
        { id: 'u-gone', tags: ['t-old'] },
      ],
      now: NOW,
      rootQuorum: { threshold: 1, userIds: ['u-root'] },
    });
  });
});

describe('the replay', () => {
  test('a member leaving the approvers tag: its activity no longer reaches consensus', async () => {
    const signed = activity('a-1', TAG, [OPS]);
    const planned = plannedState(LIVE, plan({ tagMembers: new Map([['t-approvers', ['u-bob']]]) }));
    const impact = await policyImpact([approversTag], [approversTag], reader([signed], []), [], OPTIONS, { live: LIVE, planned });
    expect(impact.changed).toEqual([
      {
        source: 'activity',
        label: `${TAG} a-1`,
        activityType: TAG,
        activityId: 'a-1',
        status: 'ACTIVITY_STATUS_COMPLETED',
        approvers: ['u-ops'],
        before: { decision: 'ALLOW', decidedBy: ['approvers sign (OUTCOME_ALLOW)'] },
        after: { decision: 'REQUIRES_CONSENSUS', decidedBy: ['approvers sign (OUTCOME_REQUIRES_CONSENSUS)'] },
        transition: 'ALLOW → REQUIRES_CONSENSUS',
      },
    ]);
    expect([impact.lostConsensus, impact.newlyDenied, impact.newlyAllowed]).toEqual([1, 0, 0]);
  });

  test('a user joining the tag: an activity waiting for its vote newly reaches consensus', async () => {
    const waiting = activity('a-2', TAG, [BOB], 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const planned = plannedState(LIVE, plan({ tagMembers: new Map([['t-approvers', ['u-bob', 'u-ops']]]) }));
    const impact = await policyImpact([approversTag], [approversTag], reader([waiting], []), [], OPTIONS, { live: LIVE, planned });
    expect(impact.changed.map((c) => [c.activityId, c.transition])).toEqual([['a-2', 'REQUIRES_CONSENSUS → ALLOW']]);
    expect([impact.lostConsensus, impact.newlyAllowed]).toEqual([0, 1]);
  });

  test('a deleted approver: what it approved alone no longer reaches consensus', async () => {
    const signed = activity('a-4', TAG, [OPS]);
    const planned = plannedState(LIVE, plan({ deletedUsers: new Set(['u-ops']) }));
    const impact = await policyImpact([approversTag], [approversTag], reader([signed], []), [], OPTIONS, { live: LIVE, planned });
    expect(impact.changed.map((c) => [c.activityId, c.transition])).toEqual([['a-4', 'ALLOW → REQUIRES_CONSENSUS']]);
    expect(impact.lostConsensus).toBe(1);
  });

  test('a higher root quorum threshold: what one root user did alone is no longer decided by the quorum', async () => {
    const byRoot = activity('a-3', 'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM', [ROOT]);
    const planned = plannedState(LIVE, plan({ rootQuorum: { threshold: 2, userIds: ['u-root', 'u-bob'] } }));
    const impact = await policyImpact([], [], reader([byRoot], []), [], OPTIONS, { live: LIVE, planned });
    expect(impact.changed).toEqual([
      expect.objectContaining({
        activityId: 'a-3',
        before: { decision: 'ALLOW', decidedBy: ['implicit permission (root users bypass policies)'] },
        after: { decision: 'DENY', decidedBy: [] },
        transition: 'ALLOW → DENY',
      }),
    ]);
  });

  test('test cases keep the tags they state', async () => {
    const planned = plannedState(LIVE, plan({ tagMembers: new Map([['t-approvers', []]]) }));
    const impact = await policyImpact(
      [approversTag],
      [approversTag],
      undefined,
      [
        {
          file: 'policy-tests/keys.yaml',
          line: 1,
          name: 'an approver signs',
          expect: 'ALLOW',
          decidedBy: [],
          expectErrors: [],
          request: { activity: { type: TAG }, approvers: [{ id: 'u-ops', tags: ['t-approvers'] }] },
        },
      ],
      OPTIONS,
      { live: LIVE, planned },
    );
    expect([impact.evaluated, impact.changed]).toEqual([1, []]);
  });
});

describe('the plan, from preview steps', () => {
  const step = (
    type: string,
    op: string,
    name: string,
    id: string | undefined,
    inputs?: Record<string, unknown>,
    old?: Record<string, unknown>,
  ) => ({
    op,
    urn: `urn:pulumi:dev::org::pulumi-nodejs:dynamic/walletinfra:${type}::${name}`,
    type: `pulumi-nodejs:dynamic/walletinfra:${type}`,
    old: id !== undefined ? { id, inputs: { organizationId: 'org', ...old } } : null,
    new: inputs !== undefined ? { inputs: { organizationId: 'org', ...inputs } } : null,
  });

  test('tag members, deleted or replaced users and the root quorum that change; new tags and unchanged ones do not count', () => {
    const changes = approverChanges(
      collectFromMetadata([
        step('UserTag', 'update', 'approvers', 't-approvers', { userTagName: 'approvers', userIds: ['u-bob'] }, { userIds: ['u-ops'] }),
        step(
          'UserTag',
          'update',
          'ops',
          't-ops',
          { userTagName: 'ops team', userIds: ['u-ops'] },
          { userTagName: 'ops', userIds: ['u-ops'] },
        ),
        step('UserTag', 'create', 'fresh', undefined, { userTagName: 'fresh', userIds: ['u-ops'] }),
        step('UserTag', 'delete', 'gone', 't-gone'),
        step('User', 'update', 'ci', 'u-ci', { userName: 'ci bot' }, { userName: 'ci' }),
        step('User', 'delete', 'intern', 'u-intern'),
        step('User', 'replace', 'vendor', 'u-vendor', { userName: 'vendor', userEmail: 'v@example.com' }, { userName: 'vendor' }),
        step(
          'RootQuorum',
          'update',
          'root',
          'rootQuorum',
          { threshold: 2, userIds: ['u-root', 'u-bob'] },
          { threshold: 1, userIds: ['u-root'] },
        ),
        step('Policy', 'update', 'p', 'p-1', { policyName: 'p' }),
      ]),
    );
    expect(changes).toEqual({
      tagMembers: new Map([
        ['t-approvers', ['u-bob']],
        ['t-gone', []],
      ]),
      deletedUsers: new Set(['u-intern', 'u-vendor']),
      rootQuorum: { threshold: 2, userIds: ['u-root', 'u-bob'] },
      changes: [
        'user tag approvers (members: u-bob)',
        'user tag gone (deleted)',
        'user intern (deleted)',
        'user vendor (replaced: a new user id)',
        'root quorum (threshold 2 of u-root, u-bob)',
      ],
    });
    // Only its allowLockout changes: who may approve stays.
    const same = step(
      'RootQuorum',
      'update',
      'root',
      'rootQuorum',
      { threshold: 1, userIds: ['u-root'], allowLockout: true },
      {
        threshold: 1,
        userIds: ['u-root'],
      },
    );
    expect(approverChanges(collectFromMetadata([same]))).toEqual({ tagMembers: new Map(), deletedUsers: new Set(), changes: [] });
  });

  test('members known only at apply cannot be replayed', () => {
    expect(() =>
      approverChanges(
        collectFromMetadata([step('UserTag', 'update', 'approvers', 't-1', { userIds: ['u-ops', UNKNOWN_SENTINEL] }, { userIds: [] })]),
      ),
    ).toThrow('user tag approvers: userIds is not known until apply');
    expect(() =>
      approverChanges(
        collectFromMetadata([step('RootQuorum', 'update', 'root', 'rootQuorum', { threshold: UNKNOWN_SENTINEL, userIds: ['u-root'] })]),
      ),
    ).toThrow('root quorum root: threshold is not known until apply');
  });
});

describe('in the preview report', () => {
  const runner: StackRunner = {
    run: () => Promise.resolve(),
    pulumiVersion: () => Promise.resolve('3.248.0'),
    stackConfig: () => Promise.resolve(stackConfig()),
  };
  const steps = collectFromMetadata([
    {
      op: 'update',
      urn: 'urn:pulumi:dev::org::pulumi-nodejs:dynamic/walletinfra:UserTag::approvers',
      type: 'pulumi-nodejs:dynamic/walletinfra:UserTag',
      old: { id: 't-approvers', inputs: { userIds: ['u-ops'] } },
      new: { inputs: { userTagName: 'approvers', userIds: ['u-bob'] } },
    },
  ]);
  const settings = (live?: ApprovalState) => ({
    ...OPTIONS,
    testPaths: [],
    env: {},
    makeReader: () => reader([activity('a-1', TAG, [OPS])], [approversTag], live),
  });

  test('a stack whose plan changes only who may approve gets the impact section and the callout', async () => {
    const impact = await stackPolicyImpact(runner, 'dev', '.', steps, settings(LIVE));
    expect(impact).toMatchObject({ status: 'evaluated', policyChanges: [], approverChanges: ['user tag approvers (members: u-bob)'] });
    const report: ChangeReport = {
      schemaVersion: 1,
      mode: 'preview',
      runAt: '2026-01-10T00:00:00.000Z',
      tools: { walletinfraDrift: '0.1.0', pulumiSdk: '3.248.0', node: 'v20' },
      summary: { create: 0, update: 1, replace: 0, delete: 0, same: 0 },
      stacks: [
        {
          stack: 'dev',
          workDir: '.',
          status: 'changes',
          summary: { create: 0, update: 1, replace: 0, delete: 0, same: 0 },
          resources: [],
          remediation: 'pulumi up --refresh --stack dev',
          ...(impact !== undefined ? { policyImpact: impact } : {}),
        },
      ],
    };
    const md = renderChangesMarkdown(report);
    expect(md.split('\n').slice(0, 5)).toEqual([
      '# Planned changes',
      '',
      '> [!CAUTION]',
      '> Stack `dev`: with the planned approvers, **1 activity** the organization performed in the last 7 days would **no longer reach consensus**.',
      '',
    ]);
    expect(md).toContain(
      "### Policy impact\n\nApprovers changed: user tag approvers (members: u-bob). Replayed 1 request (the organization's activities of the last 7 days, at most 50, " +
        "and the repository's policy test cases) with who may approve (tag membership, the root quorum) and the policies as they are and as planned.\n\n" +
        '| Request | Change | Before | After |\n|---|---|---|---|\n' +
        `| \`${TAG}\` \`a-1\` by \`u-ops\` | **ALLOW → REQUIRES_CONSENSUS** (no longer reaches consensus) | ALLOW: approvers sign (OUTCOME_ALLOW) | REQUIRES_CONSENSUS: approvers sign (OUTCOME_REQUIRES_CONSENSUS) |\n`,
    );
  });

  test('when the plan cannot be read, the approver resources it changes are named, native and dynamic, and nothing of another package', async () => {
    const change = (type: string, name: string, inputs: Record<string, unknown>) => ({
      op: 'update',
      urn: `urn:pulumi:dev::org::${type}::${name}`,
      type,
      old: { id: `id-${name}`, inputs: {} },
      new: { inputs },
    });
    const unreadable = collectFromMetadata([
      change('walletinfra:index:UserTag', 'approvers', { userIds: [UNKNOWN_SENTINEL] }),
      change('pulumi-nodejs:dynamic/walletinfra:RootQuorum', 'root', { threshold: 2, userIds: ['u-1', 'u-2'] }),
      change('walletinfra:index:User', 'alice', { userName: 'alice' }),
      change('walletinfra:index:ApiKey', 'key', { apiKeyName: 'k' }),
      change('pulumi-nodejs:dynamic/other:UserTag', 'foreign', { userIds: ['u-1'] }),
    ]);
    expect(await stackPolicyImpact(runner, 'dev', '.', unreadable, settings(LIVE))).toEqual({
      status: 'not-evaluable',
      policyChanges: [],
      approverChanges: ['approvers', 'root', 'alice'],
      reason: 'user tag approvers: userIds is not known until apply',
    });
  });

  test('a reader that cannot read users makes the impact not evaluable, naming what changed', async () => {
    expect(await stackPolicyImpact(runner, 'dev', '.', steps, settings())).toEqual({
      status: 'not-evaluable',
      policyChanges: [],
      approverChanges: ['user tag approvers (members: u-bob)'],
      reason: 'the organization reader cannot read users and the root quorum (approvalState)',
    });
  });
});
