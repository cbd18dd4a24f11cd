// Policy impact: every decision transition, requests that are not evaluable (with the reason, never a
// guess), root-quorum activities, the corpus bounds, the planned set from preview steps, and how the
// drift report shows and gates it.
import type { Activity } from '@walletinfra/sdk/schemas';
import { collectFromMetadata } from '@walletinfra/pulumi/stack/collect';
import { parseArgs } from '@walletinfra/pulumi/drift/args';
import { renderChangesMarkdown } from '@walletinfra/pulumi/drift/markdown';
import { exitCodeFor } from '@walletinfra/pulumi/drift/report';
import type { ChangeReport, StackReport } from '@walletinfra/pulumi/drift/types';
import { UNKNOWN as UNKNOWN_SENTINEL } from '@walletinfra/pulumi/wire';
import type { ReviewPolicy } from '@walletinfra/pulumi/policy-review/decide';
import { policyImpact, type ImpactOptions } from '@walletinfra/pulumi/policy-review/impact';
import type { StackPolicyImpact } from '@walletinfra/pulumi/policy-review/impact-report';
import type { OrganizationReader } from '@walletinfra/pulumi/policy-review/organization';
import { plannedPolicies, policyChanges } from '@walletinfra/pulumi/policy-review/planned';

const NOW = Date.UTC(2026, 0, 10);
const OPTIONS: ImpactOptions = { maxActivities: 50, maxAgeMs: 7 * 86_400_000, nowMs: NOW };
const OPS = {
  userId: 'u-ops',
  userName: 'ops',
  userTags: ['t-ops'],
  apiKeys: [{ apiKeyId: 'k1', credential: { publicKey: 'pk1', type: 'CREDENTIAL_TYPE_API_KEY_P256' } }],
};
const ROOT = {
  userId: 'u-root',
  userName: 'root',
  userTags: [],
  apiKeys: [{ apiKeyId: 'k0', credential: { publicKey: 'pk0', type: 'CREDENTIAL_TYPE_API_KEY_P256' } }],
};

function activity(id: string, type: string, intentKey: string, by = OPS, ageMs = 86_400_000, votes = [by]): Activity {
  const seconds = String(Math.floor((NOW - ageMs) / 1000));
  return {
    id,
    organizationId: 'org',
    status: 'ACTIVITY_STATUS_COMPLETED',
    type,
    intent: { [intentKey]: {} },
    result: {},
    votes: votes.map((u, i) => ({
      id: `v${i}`,
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

function reader(activities: Activity[], rootDecided: string[] = []): OrganizationReader & { asked: number[] } {
  const asked: number[] = [];
  return {
    organizationId: 'org',
    asked,
    listPolicies: () => Promise.resolve([]),
    listActivities: (limit) => {
      asked.push(limit);
      return Promise.resolve(activities.slice(0, limit));
    },
    decidedByPolicies: (id) => Promise.resolve(!rootDecided.includes(id)),
  };
}

const p = (
  policyName: string,
  effect: ReviewPolicy['effect'],
  condition: string,
  consensus?: string,
): ReviewPolicy & { policyId: string } => ({
  policyId: `id-${policyName}`,
  policyName,
  effect,
  condition,
  ...(consensus !== undefined ? { consensus } : {}),
});
const allowTags = p('ops tags', 'EFFECT_ALLOW', "activity.resource == 'PRIVATE_KEY'");
const allowTagsTwo = p('ops tags', 'EFFECT_ALLOW', "activity.resource == 'PRIVATE_KEY'", 'approvers.count() >= 2');
const denyTags = p('no tags', 'EFFECT_DENY', "activity.resource == 'PRIVATE_KEY'");
const tag = activity('a-tag', 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', 'createPrivateKeyTagIntent');

describe('every decision transition', () => {
  test.each<[string, ReviewPolicy[], ReviewPolicy[], Activity, string]>([
    ['ALLOW → DENY (explicit)', [allowTags], [allowTags, denyTags], tag, 'ALLOW → DENY'],
    ['ALLOW → DENY (implicit)', [allowTags], [], tag, 'ALLOW → DENY'],
    ['ALLOW → REQUIRES_CONSENSUS', [allowTags], [allowTagsTwo], tag, 'ALLOW → REQUIRES_CONSENSUS'],
    ['DENY → ALLOW', [], [allowTags], tag, 'DENY → ALLOW'],
    ['DENY → REQUIRES_CONSENSUS', [], [allowTagsTwo], tag, 'DENY → REQUIRES_CONSENSUS'],
    ['REQUIRES_CONSENSUS → ALLOW', [allowTagsTwo], [allowTags], tag, 'REQUIRES_CONSENSUS → ALLOW'],
    ['REQUIRES_CONSENSUS → DENY', [allowTagsTwo], [allowTagsTwo, denyTags], tag, 'REQUIRES_CONSENSUS → DENY'],
  ])('%s', async (_, current, planned, a, transition) => {
    const impact = await policyImpact(current, planned, reader([a]), [], OPTIONS);
    expect(impact.changed.map((c) => [c.activityId, c.transition])).toEqual([[a.id, transition]]);
    const after = transition.split(' → ')[1];
    expect(impact.newlyDenied).toBe(after === 'DENY' ? 1 : 0);
    expect(impact.newlyAllowed).toBe(after === 'ALLOW' ? 1 : 0);
  });

  test('unchanged decisions are not listed; deciding policies are named before and after', async () => {
    const impact = await policyImpact(
      [allowTags],
      [allowTags, denyTags],
      reader([tag, activity('a-pol', 'ACTIVITY_TYPE_CREATE_POLICY_V3', 'createPolicyIntentV3')]),
      [],
      OPTIONS,
    );
    expect(impact.evaluated).toBe(2);
    expect(impact.changed).toEqual([
      {
        source: 'activity',
        label: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG a-tag',
        activityType: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
        activityId: 'a-tag',
        status: 'ACTIVITY_STATUS_COMPLETED',
        approvers: ['u-ops'],
        before: { decision: 'ALLOW', decidedBy: ['ops tags (OUTCOME_ALLOW)'] },
        after: { decision: 'DENY', decidedBy: ['no tags (OUTCOME_DENY_EXPLICIT)'] },
        transition: 'ALLOW → DENY',
      },
    ]);
  });
});

describe('the corpus', () => {
  test('root-quorum activities (no policy evaluations) stay allowed whatever the policies', async () => {
    const byRoot = activity('a-root', 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', 'createPrivateKeyTagIntent', ROOT);
    const impact = await policyImpact([allowTags], [denyTags], reader([byRoot], ['a-root']), [], OPTIONS);
    expect([impact.evaluated, impact.changed]).toEqual([1, []]);
  });

  test('bounded by count and age; votes are not replayed', async () => {
    const old = activity('a-old', 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', 'createPrivateKeyTagIntent', OPS, 8 * 86_400_000);
    const approve = activity('a-vote', 'ACTIVITY_TYPE_APPROVE_ACTIVITY', 'approveActivityIntent');
    const r = reader([tag, approve, old]);
    const impact = await policyImpact([allowTags], [], r, [], { ...OPTIONS, maxActivities: 3 });
    expect(r.asked).toEqual([3]);
    expect([impact.activitiesRead, impact.evaluated, impact.changed.map((c) => c.activityId)]).toEqual([3, 1, ['a-tag']]);
  });

  test('a policy reading what the activity does not record makes it not evaluable, with the reason', async () => {
    const deposit = activity('a-earn', 'ACTIVITY_TYPE_EARN_DEPOSIT', 'earnDepositIntent');
    const capped = p('cap deposits', 'EFFECT_DENY', "activity.kind == 'EARN_DEPOSIT' && activity.params.assets > 1000");
    const impact = await policyImpact([], [capped], reader([deposit]), [], OPTIONS);
    expect(impact.changed).toEqual([]);
    expect(impact.notEvaluable).toEqual([
      {
        source: 'activity',
        label: 'ACTIVITY_TYPE_EARN_DEPOSIT a-earn',
        reason: "the activity does not record what 'cap deposits' reads activity.params.assets",
      },
    ]);
  });

  test('test cases join the corpus', async () => {
    const impact = await policyImpact(
      [allowTags],
      [],
      undefined,
      [
        {
          file: 'policy-tests/tags.yaml',
          line: 3,
          name: 'ops tag',
          expect: 'ALLOW',
          decidedBy: [],
          expectErrors: [],
          request: { activity: { type: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG' }, approvers: [{ id: 'u-ops' }] },
        },
      ],
      OPTIONS,
    );
    expect(impact.changed.map((c) => [c.source, c.label, c.transition])).toEqual([
      ['test', 'policy-tests/tags.yaml:3 ops tag', 'ALLOW → DENY'],
    ]);
    expect(impact.newlyDenied).toBe(0); // only activities count as "done in the window"
  });
});

describe('implicit permissions', () => {
  // A recorded create_api_keys carries its target user in the intent; the replay reads it as activity.params.user_id.
  const apiKey = (id: string, userId: string): Activity => {
    const a = activity(id, 'ACTIVITY_TYPE_CREATE_API_KEYS_V2', 'createApiKeysIntentV2');
    return { ...a, intent: { createApiKeysIntentV2: { userId, apiKeys: [] } } };
  };
  const explicit = p(
    'ops add keys',
    'EFFECT_ALLOW',
    "activity.type == 'ACTIVITY_TYPE_CREATE_API_KEYS_V2'",
    "approvers.any(u, u.id == 'u-ops')",
  );
  const noCredentials = p('no credentials', 'EFFECT_DENY', "activity.resource == 'CREDENTIAL'");

  test('removing the explicit permission to add its own API key changes nothing; for another user it denies', async () => {
    const impact = await policyImpact([explicit], [], reader([apiKey('own', 'u-ops'), apiKey('other', 'u-bob')]), [], OPTIONS);
    expect(impact.evaluated).toBe(2);
    expect(impact.changed).toEqual([
      expect.objectContaining({
        activityId: 'other',
        before: { decision: 'ALLOW', decidedBy: ['ops add keys (OUTCOME_ALLOW)'] },
        after: { decision: 'DENY', decidedBy: [] },
        transition: 'ALLOW → DENY',
      }),
    ]);
  });

  test('an explicit deny overrides the implicit permission, and the impact names it', async () => {
    const impact = await policyImpact([], [noCredentials], reader([apiKey('own', 'u-ops')]), [], OPTIONS);
    expect(impact.changed).toEqual([
      expect.objectContaining({
        activityId: 'own',
        before: { decision: 'ALLOW', decidedBy: ['implicit permission (a user may change its own credentials)'] },
        after: { decision: 'DENY', decidedBy: ['no credentials (OUTCOME_DENY_EXPLICIT)'] },
      }),
    ]);
  });
});

// A stack's policies are dynamic resources, or native ones (the plugin's type, or a stack moved to it).
describe.each(['pulumi-nodejs:dynamic/walletinfra:Policy', 'walletinfra:index:Policy'])(
  'planned policies from preview steps of %s',
  (type) => {
    const step = (op: string, name: string, id: string | undefined, inputs?: Record<string, unknown>, stepType = type) => ({
      op,
      urn: `urn:pulumi:dev::org::${stepType}::${name}`,
      type: stepType,
      old: id !== undefined ? { id, inputs: { organizationId: 'org' } } : null,
      new: inputs !== undefined ? { inputs: { organizationId: 'org', ...inputs } } : null,
    });
    const live = [allowTags, { ...denyTags, policyId: 'id-gone' }, p('unmanaged', 'EFFECT_ALLOW', 'true')];

    test('live minus updated/replaced/deleted, plus created/updated/replaced inputs; same steps keep live', () => {
      const changes = policyChanges(
        collectFromMetadata([
          step('update', 'tags', 'id-ops tags', {
            policyName: 'ops tags',
            effect: 'EFFECT_ALLOW',
            condition: "activity.resource == 'WALLET'",
            consensus: '',
          }),
          step('delete', 'gone', 'id-gone'),
          step('create', 'fresh', undefined, { policyName: 'fresh', effect: 'EFFECT_DENY', condition: 'true' }),
          step('same', 'kept', 'id-kept', { policyName: 'kept', effect: 'EFFECT_ALLOW' }),
          // Not policies: another kind, dynamic and native, and another package's Policy.
          step('create', 'hooks', undefined, { name: 'hooks' }, 'walletinfra:index:WebhookEndpoint'),
          step('create', 'hooks2', undefined, { name: 'hooks' }, 'pulumi-nodejs:dynamic/walletinfra:WebhookEndpoint'),
          step('create', 'other', undefined, { policyName: 'other' }, 'othercloud:walletinfra:Policy'),
        ]),
      );
      expect(changes.map((c) => [c.name, c.op, c.id])).toEqual([
        ['tags', 'update', 'id-ops tags'],
        ['gone', 'delete', 'id-gone'],
        ['fresh', 'create', undefined],
      ]);
      expect(plannedPolicies(live, changes)).toEqual([
        p('unmanaged', 'EFFECT_ALLOW', 'true'),
        { policyId: 'id-ops tags', policyName: 'ops tags', effect: 'EFFECT_ALLOW', condition: "activity.resource == 'WALLET'" },
        { policyId: '(new) fresh', policyName: 'fresh', effect: 'EFFECT_DENY', condition: 'true' },
      ]);
    });

    test('a value known only at apply cannot be replayed', () => {
      expect(() =>
        policyChanges(
          collectFromMetadata([
            step('create', 'later', undefined, { policyName: 'later', effect: 'EFFECT_ALLOW', condition: UNKNOWN_SENTINEL }),
          ]),
        ),
      ).toThrow('policy later: condition is not known until apply');
    });
  },
);

describe('in the drift report', () => {
  const impact = (changed: number): StackPolicyImpact => ({
    status: 'evaluated',
    policyChanges: ['tags'],
    approverChanges: [],
    elsewhere: [],
    impact: {
      evaluated: 3,
      activitiesRead: 3,
      window: { maxActivities: 200, maxAgeMs: 7 * 86_400_000 },
      changed: Array.from({ length: changed }, (_, i) => ({
        source: 'activity' as const,
        label: `ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG a${i}`,
        activityType: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
        activityId: `a${i}`,
        approvers: ['u-ops'],
        before: { decision: 'ALLOW' as const, decidedBy: ['ops tags (OUTCOME_ALLOW)'] },
        after: { decision: 'DENY' as const, decidedBy: [] },
        transition: 'ALLOW → DENY',
      })),
      notEvaluable: [
        {
          source: 'activity',
          label: 'ACTIVITY_TYPE_EARN_DEPOSIT e1',
          reason: "the activity does not record what 'cap' reads activity.params.assets",
        },
      ],
      newlyDenied: changed,
      lostConsensus: 0,
      newlyAllowed: 0,
    },
  });
  const report = (policyImpact?: StackPolicyImpact, status: StackReport['status'] = 'changes'): ChangeReport => ({
    schemaVersion: 1,
    mode: 'preview',
    runAt: '2026-01-10T00:00:00.000Z',
    tools: { walletinfraDrift: '0.1.0', pulumiSdk: '3.248.0', node: 'v20' },
    summary: { create: 0, update: 1, replace: 0, delete: 0, same: 0 },
    stacks: [
      {
        stack: 'dev',
        workDir: '.',
        status,
        summary: { create: 0, update: 1, replace: 0, delete: 0, same: 0 },
        resources: [],
        remediation: 'pulumi up --stack dev',
        ...(policyImpact ? { policyImpact } : {}),
      },
    ],
  });

  test('callouts at the top, the section under the stack', () => {
    const md = renderChangesMarkdown(report(impact(2)));
    expect(md.split('\n').slice(0, 5)).toEqual([
      '# Planned changes',
      '',
      '> [!CAUTION]',
      '> Stack `dev`: the planned policies would **deny 2 activities** the organization performed in the last 7 days.',
      '',
    ]);
    expect(md).toContain(
      '| `ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG` `a0` by `u-ops` | **ALLOW → DENY** | ALLOW: ops tags (OUTCOME_ALLOW) | DENY: no policy allows it |',
    );
    expect(md).toContain("- `ACTIVITY_TYPE_EARN_DEPOSIT e1`: the activity does not record what 'cap' reads activity.params.assets");
    expect(
      renderChangesMarkdown(
        report({ status: 'not-evaluable', policyChanges: ['tags'], approverChanges: [], reason: 'missing walletinfra settings' }),
      ),
    ).toContain('> Stack `dev`: the policy impact could not be computed: missing walletinfra settings');
  });

  test('--fail-on-impact: 2 on a changed decision, 1 when it cannot be computed, 0 otherwise', () => {
    expect(exitCodeFor(report(impact(1)), false, true)).toBe(2);
    expect(exitCodeFor(report(impact(0)), false, true)).toBe(0);
    expect(exitCodeFor(report({ status: 'not-evaluable', policyChanges: ['tags'], approverChanges: [], reason: 'x' }), false, true)).toBe(
      1,
    );
    expect(exitCodeFor(report(impact(1)), false, false)).toBe(0);
  });

  test('impact flags need --preview and valid values', () => {
    expect(
      parseArgs([
        '--stack',
        'dev',
        '--preview',
        '--fail-on-impact',
        '--impact-window',
        '36h',
        '--impact-activities',
        '10',
        '--policy-tests',
        'policy-tests',
      ]),
    ).toMatchObject({
      failOnImpact: true,
      impactWindowMs: 36 * 3_600_000,
      impactActivities: 10,
      policyTests: ['policy-tests'],
    });
    expect(() => parseArgs(['--stack', 'dev', '--fail-on-impact'])).toThrow(
      '--fail-on-impact only applies with --preview (policy impact is part of the pull-request preview)',
    );
    expect(() => parseArgs(['--stack', 'dev', '--preview', '--impact-window', '2w'])).toThrow(
      '--impact-window 2w: expected a positive whole number of days, hours or minutes, like 7d, 36h or 90m',
    );
    expect(() => parseArgs(['--stack', 'dev', '--preview', '--impact-activities', '-1'])).toThrow(
      '--impact-activities -1: expected a whole number from 0 to 10000',
    );
  });
});
