// One table of requests, decided twice: by the sdk's evaluator (what `walletinfra-policy test`, the policy impact
// and the jest matchers use) and by the emulator over HTTP (a real server: users, policies, stamped submits and
// votes). Both must give the row's decision, so a green policy test predicts what the emulator does. The rows
// cover the service's implicit permissions (docs/service-behaviour.md#implicit-permissions): a vote by a user
// included in the consensus, and a user changing its own credentials.
import { ConsensusNeededError, PolicyDeniedError, generateApiKeyPair, type SubmitName, type WalletInfraClient } from '@walletinfra/sdk';
import { activityParamsFor, evaluatePolicies, type PolicyContext, type PolicyInput } from '@walletinfra/sdk/policy';
import { admin, clientFor, manualClock, useTestEmulator } from '../../support/emulator';

type Decision = 'ALLOW' | 'DENY' | 'REQUIRES_CONSENSUS';
type Who = 'alice' | 'bob';

/** A user as the emulator's admin API makes it. */
interface AdminUser {
  userId: string;
  userTags: string[];
  apiKeys: Array<{ publicKey: string; privateKey: string }>;
}

/** The organization of one row: alice is tagged ops, bob dev; the root user is the emulator's. */
interface World {
  alice: string;
  bob: string;
  ops: string;
  dev: string;
  root: string;
}

interface Row {
  name: string;
  policies(w: World): Array<Omit<PolicyInput, 'policyId'> & { policyName: string }>;
  by: Who;
  operation: string;
  activityType: string;
  parameters(w: World): Record<string, unknown>;
  expect: Decision;
  /** A vote on the activity the row submitted (which awaits consensus), and the activity's decision after it. */
  vote?: { by: Who; selection: 'approve' | 'reject'; expect: Decision; then: Decision | 'REJECTED' };
}

const wallet = (name: string) => () => ({ walletName: name, accounts: [] });
const tag = (name: string) => () => ({ privateKeyTagName: name, privateKeyIds: [] });
const apiKeyFor = (who: Who) => (w: World) => ({
  userId: w[who],
  apiKeys: [{ apiKeyName: `${who} laptop`, publicKey: generateApiKeyPair().publicKey, curveType: 'API_KEY_CURVE_P256' }],
});
const opsMay = (condition: string, consensus?: string) => (w: World) => [
  {
    policyName: 'ops may',
    effect: 'EFFECT_ALLOW' as const,
    condition,
    consensus: consensus ?? `approvers.any(u, u.tags.contains('${w.ops}'))`,
  },
];

const ROWS: Row[] = [
  {
    name: 'nothing allows it',
    policies: () => [],
    by: 'alice',
    operation: 'create_wallet',
    activityType: 'ACTIVITY_TYPE_CREATE_WALLET',
    parameters: wallet('w'),
    expect: 'DENY',
  },
  {
    name: 'an allow by tag',
    policies: opsMay("activity.resource == 'WALLET' && activity.action == 'CREATE'"),
    by: 'alice',
    operation: 'create_wallet',
    activityType: 'ACTIVITY_TYPE_CREATE_WALLET',
    parameters: wallet('w'),
    expect: 'ALLOW',
  },
  {
    name: 'an allow for another tag waits for its approval',
    policies: opsMay("activity.resource == 'WALLET'"),
    by: 'bob',
    operation: 'create_wallet',
    activityType: 'ACTIVITY_TYPE_CREATE_WALLET',
    parameters: wallet('w'),
    expect: 'REQUIRES_CONSENSUS',
  },
  {
    name: 'deny beats allow',
    policies: (w) => [
      ...opsMay("activity.resource == 'PRIVATE_KEY'")(w),
      { policyName: 'no tags', effect: 'EFFECT_DENY', condition: "activity.type == 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'" },
    ],
    by: 'alice',
    operation: 'create_private_key_tag',
    activityType: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
    parameters: tag('t'),
    expect: 'DENY',
  },
  {
    name: 'an erroring policy does not apply',
    policies: (w) => [
      ...opsMay("activity.resource == 'PRIVATE_KEY'")(w),
      { policyName: 'no card exports', effect: 'EFFECT_DENY', condition: "secret.static_properties['kind'] == 'creditCard'" },
    ],
    by: 'alice',
    operation: 'create_private_key_tag',
    activityType: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
    parameters: tag('t'),
    expect: 'ALLOW',
  },
  {
    name: 'two approvers needed: bob approves without a policy of his own',
    policies: opsMay("activity.resource == 'WALLET'", 'approvers.count() >= 2'),
    by: 'alice',
    operation: 'create_wallet',
    activityType: 'ACTIVITY_TYPE_CREATE_WALLET',
    parameters: wallet('w'),
    expect: 'REQUIRES_CONSENSUS',
    vote: { by: 'bob', selection: 'approve', expect: 'ALLOW', then: 'ALLOW' },
  },
  {
    name: 'an approval that does not complete the consensus',
    policies: (w) => opsMay("activity.resource == 'WALLET'", `approvers.filter(u, u.tags.contains('${w.ops}')).count() >= 2`)(w),
    by: 'alice',
    operation: 'create_wallet',
    activityType: 'ACTIVITY_TYPE_CREATE_WALLET',
    parameters: wallet('w'),
    expect: 'REQUIRES_CONSENSUS',
    vote: { by: 'bob', selection: 'approve', expect: 'ALLOW', then: 'REQUIRES_CONSENSUS' },
  },
  {
    name: 'a rejection by a user of the consensus',
    policies: opsMay("activity.resource == 'WALLET'", 'approvers.count() >= 2'),
    by: 'alice',
    operation: 'create_wallet',
    activityType: 'ACTIVITY_TYPE_CREATE_WALLET',
    parameters: wallet('w'),
    expect: 'REQUIRES_CONSENSUS',
    vote: { by: 'bob', selection: 'reject', expect: 'ALLOW', then: 'REJECTED' },
  },
  {
    name: 'an explicit deny of approvals stops the vote',
    policies: (w) => [
      ...opsMay("activity.resource == 'WALLET'", 'approvers.count() >= 2')(w),
      {
        policyName: 'dev never approves',
        effect: 'EFFECT_DENY',
        condition: "activity.type == 'ACTIVITY_TYPE_APPROVE_ACTIVITY'",
        consensus: `approvers.any(u, u.tags.contains('${w.dev}'))`,
      },
    ],
    by: 'alice',
    operation: 'create_wallet',
    activityType: 'ACTIVITY_TYPE_CREATE_WALLET',
    parameters: wallet('w'),
    expect: 'REQUIRES_CONSENSUS',
    vote: { by: 'bob', selection: 'approve', expect: 'DENY', then: 'REQUIRES_CONSENSUS' },
  },
  {
    name: 'a user adds an API key to itself with no policy about credentials',
    policies: () => [],
    by: 'alice',
    operation: 'create_api_keys',
    activityType: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
    parameters: apiKeyFor('alice'),
    expect: 'ALLOW',
  },
  {
    name: 'a user adds an API key to another user',
    policies: () => [],
    by: 'alice',
    operation: 'create_api_keys',
    activityType: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
    parameters: apiKeyFor('bob'),
    expect: 'DENY',
  },
  {
    name: 'an explicit deny of credential changes overrides the own-credentials permission',
    policies: () => [{ policyName: 'no credentials', effect: 'EFFECT_DENY', condition: "activity.resource == 'CREDENTIAL'" }],
    by: 'alice',
    operation: 'create_api_keys',
    activityType: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
    parameters: apiKeyFor('alice'),
    expect: 'DENY',
  },
];

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const clock = manualClock(NOW);
const emu = useTestEmulator({ clock: clock.now });

function decisionOf(outcome: string): Decision {
  return outcome === 'OUTCOME_ALLOW' ? 'ALLOW' : outcome === 'OUTCOME_REQUIRES_CONSENSUS' ? 'REQUIRES_CONSENSUS' : 'DENY';
}

/** The row through the sdk's evaluator, as the test tools build its context. */
function byEvaluator(row: Row, w: World): { submit: Decision; vote?: Decision; then?: Decision | 'REJECTED' } {
  const policies = row.policies(w).map((p, i) => ({ ...p, policyId: `p${i}` }));
  const user = (who: Who) => ({ id: w[who], tags: [w[who === 'alice' ? 'ops' : 'dev']], alias: who });
  const rootQuorum = { userIds: [w.root], threshold: 1 };
  const submitted = (approvers: Who[]): PolicyContext => ({
    activity: { type: row.activityType, params: activityParamsFor(row.activityType, row.parameters(w)) },
    approvers: approvers.map(user),
    now: NOW,
    rootQuorum,
  });
  const submit = decisionOf(evaluatePolicies(policies, submitted([row.by])).outcome);
  if (row.vote === undefined) return { submit };
  const voteType = row.vote.selection === 'approve' ? 'ACTIVITY_TYPE_APPROVE_ACTIVITY' : 'ACTIVITY_TYPE_REJECT_ACTIVITY';
  const vote = decisionOf(
    evaluatePolicies(policies, {
      activity: { type: voteType },
      approvers: [user(row.vote.by)],
      votedActivity: { consensus: 'POLICY' },
      now: NOW,
      rootQuorum,
    }).outcome,
  );
  if (vote !== 'ALLOW') return { submit, vote, then: submit };
  if (row.vote.selection === 'reject') return { submit, vote, then: 'REJECTED' };
  return { submit, vote, then: decisionOf(evaluatePolicies(policies, submitted([row.by, row.vote.by])).outcome) };
}

async function settle(run: () => Promise<{ activity: { status: string } }>): Promise<{ decision: Decision; activity?: unknown }> {
  try {
    await run();
    return { decision: 'ALLOW' };
  } catch (error) {
    if (error instanceof ConsensusNeededError) return { decision: 'REQUIRES_CONSENSUS', activity: error.activity };
    if (error instanceof PolicyDeniedError) return { decision: 'DENY' };
    throw error;
  }
}

/** The row through the emulator over HTTP: a fresh organization, the policies by the root user, stamped submits. */
async function byEmulator(row: Row): Promise<{ world: World; submit: Decision; vote?: Decision; then?: Decision | 'REJECTED' }> {
  expect((await admin(emu, 'POST', '/reset')).status).toBe(200);
  const made = async (who: Who, tagName: string): Promise<AdminUser> =>
    (await admin(emu, 'POST', '/users', { userName: who, userTags: [tagName], generateApiKey: true })).json as AdminUser;
  const a = await made('alice', 'ops');
  const b = await made('bob', 'dev');
  const world: World = { alice: a.userId, bob: b.userId, ops: a.userTags[0]!, dev: b.userTags[0]!, root: emu.credentials.userId };
  const clients: Record<Who | 'root', WalletInfraClient> = {
    root: clientFor(emu, undefined, undefined, clock),
    alice: clientFor(emu, a.apiKeys[0], undefined, clock),
    bob: clientFor(emu, b.apiKeys[0], undefined, clock),
  };
  try {
    for (const p of row.policies(world)) await clients.root.submit('create_policy', { ...p, notes: '' });
    clock.advance(1000);
    const submit = await settle(() => clients[row.by].submit(row.operation as SubmitName, row.parameters(world)));
    if (row.vote === undefined) return { world, submit: submit.decision };
    const target = submit.activity as { id: string; fingerprint: string };
    clock.advance(1000);
    const voteName = row.vote.selection === 'approve' ? 'approve_activity' : 'reject_activity';
    const vote = await settle(() => clients[row.vote!.by].submit(voteName, { fingerprint: target.fingerprint }));
    const after = await clients.root.query('get_activity', { organizationId: emu.credentials.organizationId, activityId: target.id });
    const status = after.activity.status;
    const then =
      status === 'ACTIVITY_STATUS_COMPLETED'
        ? 'ALLOW'
        : status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED'
          ? 'REQUIRES_CONSENSUS'
          : status === 'ACTIVITY_STATUS_REJECTED'
            ? 'REJECTED'
            : 'DENY';
    return { world, submit: submit.decision, vote: vote.decision, then };
  } finally {
    await Promise.all(Object.values(clients).map((c) => c.close()));
  }
}

describe.each(ROWS.map((row) => [row.name, row] as const))('%s', (_, row) => {
  test('the evaluator and the emulator decide it alike', async () => {
    const expected = row.vote === undefined ? { submit: row.expect } : { submit: row.expect, vote: row.vote.expect, then: row.vote.then };
    const { world, ...overHttp } = await byEmulator(row);
    expect({ emulator: overHttp, evaluator: byEvaluator(row, world) }).toEqual({ emulator: expected, evaluator: expected });
  });
});

test('the table covers both implicit permissions of activities, allowed and overridden', () => {
  expect(ROWS.filter((r) => r.vote !== undefined).map((r) => r.vote?.expect)).toEqual(['ALLOW', 'ALLOW', 'ALLOW', 'DENY']);
  expect(ROWS.filter((r) => r.operation === 'create_api_keys').map((r) => r.expect)).toEqual(['ALLOW', 'DENY', 'DENY']);
});
