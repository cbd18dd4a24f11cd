// Activities like the service's: idempotency by fingerprint, root-quorum and
// policy consensus with approve/reject by fingerprint, policy denials, and get_policy_evaluations.
import { expect } from '@jest/globals';
import { activityFingerprint } from '@walletinfra/sdk';
import {
  admin,
  AdminUser,
  type ApiKey,
  clientFor,
  envelope,
  FIXED_NOW,
  generatedKey,
  manualClock,
  rootKey,
  serviceError,
  stampedPost,
  submitActivity,
  useTestEmulator,
} from '../../support/emulator';

const clock = manualClock();
const emu = useTestEmulator({ clock: clock.now });
beforeEach(() => {
  emu.reset();
  clock.set(FIXED_NOW);
});

const policyBody = (name: string, at = FIXED_NOW) =>
  envelope(emu, 'ACTIVITY_TYPE_CREATE_POLICY_V3', { policyName: name, effect: 'EFFECT_ALLOW', notes: '' }, at);
const submit = (name: string, body: unknown, key?: ApiKey) => submitActivity(emu, name, body, key);
const vote = (kind: 'approve' | 'reject', fingerprint: string, key: ApiKey, at = FIXED_NOW + 1) =>
  submit(`${kind}_activity`, envelope(emu, `ACTIVITY_TYPE_${kind.toUpperCase()}_ACTIVITY`, { fingerprint }, at), key);
const getActivity = async (activityId: string, key: ApiKey = rootKey(emu)) =>
  (await stampedPost(emu, '/public/v1/query/get_activity', { organizationId: emu.credentials.organizationId, activityId }, key)).activity;

async function addUser(body: Record<string, unknown>): Promise<{ userId: string; key: ApiKey; userTags: string[] }> {
  const res = await admin(emu, 'POST', '/users', { generateApiKey: true, ...body });
  expect(res.status).toBe(200);
  const user = AdminUser.parse(res.json);
  return { userId: user.userId, key: generatedKey(user), userTags: user.userTags };
}

describe('idempotency (docs/service-behaviour.md#idempotency-and-fingerprints)', () => {
  test('the same bytes give the same activity; a new timestampMs gives a new one', async () => {
    const body = JSON.stringify(policyBody('once'));
    const first = await submit('create_policy', body);
    const second = await submit('create_policy', body);
    expect(first.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(first.activity.fingerprint).toBe(activityFingerprint(body));
    expect(emu.store.policies.all()).toHaveLength(1);
    const third = await submit('create_policy', policyBody('once', FIXED_NOW + 1));
    expect([third.status, third.json]).toEqual([400, serviceError(3, 'policy label must be unique', 'REQUEST_INVALID')]);
    expect(emu.store.activities.all()).toHaveLength(1);
  });

  test('a body led by a byte order mark is parsed without it and fingerprinted with it, as sent', async () => {
    const body = `\ufeff${JSON.stringify(policyBody('marked'))}`;
    const first = await submit('create_policy', body);
    expect(first.status).toBe(200);
    expect(first.activity.fingerprint).toBe(activityFingerprint(body));
    expect(first.activity.fingerprint).not.toBe(activityFingerprint(body.slice(1)));
    expect(first.activity.votes[0]?.message).toBe(body);
    expect((await submit('create_policy', body)).json).toEqual(first.json);
  });

  test('concurrent identical submissions make one activity', async () => {
    const body = JSON.stringify(policyBody('raced'));
    const results = await Promise.all(Array.from({ length: 8 }, () => submit('create_policy', body)));
    expect(new Set(results.map((r) => `${r.status} ${r.activity.id}`)).size).toBe(1);
    expect(emu.store.activities.all()).toHaveLength(1);
    expect(emu.store.policies.all()).toHaveLength(1);
  });

  test('the same JSON with different whitespace is a different activity (the fingerprint is byte-exact)', async () => {
    const params = envelope(emu, 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', { privateKeyTagName: 'a', privateKeyIds: [] }, FIXED_NOW);
    const a = await submit('create_private_key_tag', JSON.stringify(params));
    expect(a.status).toBe(200);
    // not deduplicated: it runs again, and the tag name is taken
    const b = await submit('create_private_key_tag', JSON.stringify(params, null, 1));
    expect([b.status, b.json]).toEqual([400, serviceError(3, 'private key tag name must be unique', 'REQUEST_INVALID')]);
  });
});

describe('root quorum consensus (organization requiring 2 approvals)', () => {
  let second: { userId: string; key: ApiKey };
  beforeEach(async () => {
    second = await addUser({ userName: 'second root', root: true });
    const settings = await admin(emu, 'POST', `/organizations/${emu.credentials.organizationId}/settings`, { requiredApprovals: 2 });
    expect(settings.json).toEqual({
      organizationId: emu.credentials.organizationId,
      requiredApprovals: 2,
      rootUserIds: [emu.credentials.userId, second.userId],
      timePoliciesEnabled: true,
    });
  });

  test('a write waits (HTTP 200, CONSENSUS_NEEDED) and completes on approval by another root user', async () => {
    const submitted = await submit('create_policy', policyBody('needs two'));
    expect(submitted.status).toBe(200);
    const activity = submitted.activity;
    expect(activity).toMatchObject({ status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED', result: {}, canApprove: false, canReject: false });
    expect(activity.votes.map((v: { userId: string; selection: string }) => [v.userId, v.selection])).toEqual([
      [emu.credentials.userId, 'VOTE_SELECTION_APPROVED'],
    ]);
    expect(emu.store.policies.all()).toEqual([]);
    expect(await getActivity(activity.id, second.key)).toMatchObject({ canApprove: true, canReject: true });

    const approved = await vote('approve', activity.fingerprint, second.key);
    expect(approved.status).toBe(200);
    const policyId = emu.store.policies.all()[0]?.policyId;
    expect(approved.activity).toMatchObject({
      type: 'ACTIVITY_TYPE_APPROVE_ACTIVITY',
      status: 'ACTIVITY_STATUS_COMPLETED',
      intent: { approveActivityIntent: { fingerprint: activity.fingerprint } },
      result: { createPolicyResult: { policyId } },
    });
    const target = await getActivity(activity.id);
    expect(target).toMatchObject({ status: 'ACTIVITY_STATUS_COMPLETED', result: { createPolicyResult: { policyId } }, canApprove: false });
    expect(target.votes.map((v: { userId: string }) => v.userId)).toEqual([emu.credentials.userId, second.userId]);
  });

  test('through the sdk client: the write raises ConsensusNeededError, approveActivity completes it', async () => {
    const submitter = clientFor(emu, rootKey(emu), undefined, { now: clock.now });
    const approver = clientFor(emu, second.key, undefined, { now: clock.now });
    try {
      const error = await submitter.createPolicy({ policyName: 'via sdk', effect: 'EFFECT_ALLOW', notes: '' }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'CONSENSUS_NEEDED' });
      const [waiting] = emu.store.activities.all();
      const approved = await approver.approveActivity({ fingerprint: waiting?.fingerprint as string });
      expect(approved.activity.type).toBe('ACTIVITY_TYPE_APPROVE_ACTIVITY');
      expect(approved.result).toEqual({ createPolicyResult: { policyId: emu.store.policies.all()[0]?.policyId } });
      const { result } = await submitter.createPolicy({ policyName: 'rejected via sdk', effect: 'EFFECT_ALLOW', notes: '' }).then(
        () => ({ result: undefined }),
        () => ({ result: emu.store.activities.all().find((a) => a.status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED') }),
      );
      const rejected = await approver.rejectActivity({ fingerprint: result?.fingerprint as string });
      expect(rejected.activity.type).toBe('ACTIVITY_TYPE_REJECT_ACTIVITY');
      expect(emu.store.activities.get(result?.id as string)?.status).toBe('ACTIVITY_STATUS_REJECTED');
    } finally {
      await submitter.close();
      await approver.close();
    }
  });

  test('approvals expire after 24 hours; the activity waits on, and an expired voter may approve again', async () => {
    const { activity } = await submit('create_policy', policyBody('slow'));
    clock.advance(24 * 60 * 60 * 1000);
    const late = await vote('approve', activity.fingerprint, second.key, clock.now());
    expect(late.activity.result).toEqual({});
    expect(await getActivity(activity.id)).toMatchObject({ status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED', canApprove: true });
    const renewed = await vote('approve', activity.fingerprint, rootKey(emu), clock.now() + 1);
    expect(renewed.activity.result).toEqual({ createPolicyResult: { policyId: emu.store.policies.all()[0]?.policyId } });
    expect((await getActivity(activity.id)).votes).toHaveLength(3);
  });

  test('a fault between the approved effect and the records leaves the activity waiting and nothing applied', async () => {
    const { activity } = await submit('create_policy', policyBody('fault on approve'));
    const before = emu.store.dump();
    emu.faults.set([{ path: '/public/v1/submit/approve_activity', failBetweenEffectAndRecord: true, times: 1 }]);
    const failed = await vote('approve', activity.fingerprint, second.key);
    expect(failed.status).toBe(500);
    expect(emu.store.dump()).toEqual(before);
    const retried = await vote('approve', activity.fingerprint, second.key);
    expect(retried.activity.result).toEqual({ createPolicyResult: { policyId: emu.store.policies.all()[0]?.policyId } });
  });

  test('a rejection ends the activity REJECTED and nothing is applied', async () => {
    const { activity } = await submit('create_policy', policyBody('rejected'));
    const rejected = await vote('reject', activity.fingerprint, second.key);
    expect(rejected.activity).toMatchObject({
      type: 'ACTIVITY_TYPE_REJECT_ACTIVITY',
      status: 'ACTIVITY_STATUS_COMPLETED',
      result: {},
    });
    expect(await getActivity(activity.id)).toMatchObject({ status: 'ACTIVITY_STATUS_REJECTED' });
    expect(emu.store.policies.all()).toEqual([]);
    const late = await vote('approve', activity.fingerprint, second.key, FIXED_NOW + 2);
    expect([late.status, late.json]).toEqual([
      400,
      serviceError(3, `activity ${activity.id} is not awaiting consensus (status ACTIVITY_STATUS_REJECTED)`, 'REQUEST_INVALID'),
    ]);
  });

  test('votes: unknown fingerprint 404, second vote by the submitter 400, non-members 403', async () => {
    const unknown = await vote('approve', 'sha256:00', second.key);
    expect([unknown.status, unknown.json]).toEqual([
      404,
      serviceError(
        5,
        'No activity found with fingerprint. Consensus activities must target an existing activity by fingerprint',
        'UNSPECIFIED',
      ),
    ]);
    const { activity } = await submit('create_policy', policyBody('votes'));
    const again = await vote('approve', activity.fingerprint, rootKey(emu));
    expect([again.status, again.json]).toEqual([
      400,
      serviceError(3, `user has already voted on activity ${activity.id}`, 'REQUEST_INVALID'),
    ]);
    const outsider = await addUser({ userName: 'outsider' });
    const denied = await vote('approve', activity.fingerprint, outsider.key);
    expect([denied.status, denied.json]).toEqual([
      403,
      serviceError(7, 'request not authorized: only members of the root quorum can vote on this activity', 'REQUEST_NOT_AUTHORIZED'),
    ]);
  });

  test('an effect refused when consensus is reached ends FAILED with the refusal as failure', async () => {
    const a = (await submit('create_policy', policyBody('same name'))).activity;
    const b = (await submit('create_policy', policyBody('same name', FIXED_NOW + 5))).activity;
    await vote('approve', a.fingerprint, second.key);
    const approved = await vote('approve', b.fingerprint, second.key, FIXED_NOW + 6);
    expect(approved.activity.result).toEqual({});
    expect(await getActivity(b.id)).toMatchObject({
      status: 'ACTIVITY_STATUS_FAILED',
      failure: serviceError(3, 'policy label must be unique', 'REQUEST_INVALID'),
    });
    expect(emu.store.policies.all()).toHaveLength(1);
  });
});

describe('policies decide non-root writes (docs/service-behaviour.md#policy-language)', () => {
  test('no applicable policy: 403 with the PolicyEnginePermissionError detail', async () => {
    const user = await addUser({ userName: 'nobody' });
    const res = await submit('create_policy', policyBody('by nobody'), user.key);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      code: 7,
      message: 'request not authorized: No policies evaluated to outcome: Allow',
      details: [
        { '@type': 'type.googleapis.com/errors.v1.TurnkeyErrorDetail', turnkeyErrorCode: 'REQUEST_NOT_AUTHORIZED' },
        {
          '@type': 'type.googleapis.com/errors.v1.PolicyEnginePermissionError',
          message: 'No policies evaluated to outcome: Allow',
          policyEvaluations: [],
        },
      ],
    });
    expect(emu.store.activities.all()).toEqual([]);
  });

  test('an allow policy lets a tagged user write; evaluations are reported', async () => {
    const user = await addUser({ userName: 'ops', userTags: ['ops'] });
    const allow = await submit(
      'create_policy',
      envelope(
        emu,
        'ACTIVITY_TYPE_CREATE_POLICY_V3',
        {
          policyName: 'ops manage tags',
          effect: 'EFFECT_ALLOW',
          notes: '',
          consensus: `approvers.any(user, user.tags.contains('${user.userTags[0]}'))`,
          condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'CREATE'",
        },
        FIXED_NOW,
      ),
    );
    const allowId = allow.result('create_policy').policyId;
    const deny = await submit(
      'create_policy',
      envelope(
        emu,
        'ACTIVITY_TYPE_CREATE_POLICY_V3',
        { policyName: 'no exports', effect: 'EFFECT_DENY', notes: '', condition: "activity.action == 'EXPORT'" },
        FIXED_NOW,
      ),
    );
    const denyId = deny.result('create_policy').policyId;

    const res = await submit(
      'create_private_key_tag',
      envelope(emu, 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', { privateKeyTagName: 'by ops', privateKeyIds: [] }, FIXED_NOW),
      user.key,
    );
    expect(res.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    const evaluations = await stampedPost(emu, '/public/v1/query/get_policy_evaluations', {
      organizationId: emu.credentials.organizationId,
      activityId: res.activity.id,
    });
    expect(evaluations.as('get_policy_evaluations').policyEvaluations).toEqual([
      {
        id: expect.any(String),
        activityId: res.activity.id,
        organizationId: emu.credentials.organizationId,
        voteId: res.activity.votes[0]?.id,
        policyEvaluations: [
          { policyId: allowId, outcome: 'OUTCOME_ALLOW' },
          { policyId: denyId, outcome: 'OUTCOME_DENY_IMPLICIT' },
        ],
        createdAt: { seconds: String(FIXED_NOW / 1000), nanos: '0' },
      },
    ]);
    const other = await submit('create_policy', policyBody('ops may not'), user.key);
    expect(other.status).toBe(403);
  });

  test('an explicit deny wins and names the policy', async () => {
    const user = await addUser({ userName: 'ops' });
    await submit(
      'create_policy',
      envelope(
        emu,
        'ACTIVITY_TYPE_CREATE_POLICY_V3',
        { policyName: 'allow all', effect: 'EFFECT_ALLOW', notes: '', condition: 'true' },
        FIXED_NOW,
      ),
    );
    const deny = await submit(
      'create_policy',
      envelope(
        emu,
        'ACTIVITY_TYPE_CREATE_POLICY_V3',
        { policyName: 'no tags', effect: 'EFFECT_DENY', notes: '', condition: "activity.resource == 'PRIVATE_KEY'" },
        FIXED_NOW,
      ),
    );
    const denyId = deny.result('create_policy').policyId;
    const res = await submit(
      'create_private_key_tag',
      envelope(emu, 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', { privateKeyTagName: 'x', privateKeyIds: [] }, FIXED_NOW),
      user.key,
    );
    expect(res.status).toBe(403);
    expect(res.error.message).toBe(`request not authorized: The following policies denied this action: ${denyId}`);
    expect(res.error.details[1]?.policyEvaluations).toContainEqual({ policyId: denyId, outcome: 'OUTCOME_DENY_EXPLICIT' });
  });

  test('a policy consensus of two approvers waits for a second tagged user', async () => {
    const a = await addUser({ userName: 'a', userTags: ['signers'] });
    const b = await addUser({ userName: 'b', userTags: ['signers'] });
    const tagId = a.userTags[0];
    await submit(
      'create_policy',
      envelope(
        emu,
        'ACTIVITY_TYPE_CREATE_POLICY_V3',
        {
          policyName: 'two signers',
          effect: 'EFFECT_ALLOW',
          notes: '',
          consensus: `approvers.filter(user, user.tags.contains('${tagId}')).count() >= 2`,
          condition: "activity.resource == 'PRIVATE_KEY'",
        },
        FIXED_NOW,
      ),
    );
    const submitted = await submit(
      'create_private_key_tag',
      envelope(emu, 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', { privateKeyTagName: 'two', privateKeyIds: [] }, FIXED_NOW),
      a.key,
    );
    expect(submitted.activity.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
    expect(emu.store.tags.all()).toHaveLength(1); // only the user tag
    const approved = await vote('approve', submitted.activity.fingerprint, b.key);
    expect(approved.activity.result).toEqual({
      createPrivateKeyTagResult: { privateKeyTagId: expect.any(String), privateKeyIds: [] },
    });
    expect((await getActivity(submitted.activity.id)).status).toBe('ACTIVITY_STATUS_COMPLETED');
    const evaluations = emu.store.policyEvaluations.findByKey(submitted.activity.id).map((e) => e.policyEvaluations[0]?.outcome);
    expect(evaluations).toEqual(['OUTCOME_REQUIRES_CONSENSUS', 'OUTCOME_ALLOW']);
  });
});

test('a consensus over credentials counts the credential of every approving vote', async () => {
  const a = await addUser({ userName: 'a' });
  const b = await addUser({ userName: 'b' });
  await submit(
    'create_policy',
    envelope(
      emu,
      'ACTIVITY_TYPE_CREATE_POLICY_V3',
      {
        policyName: 'two api keys',
        effect: 'EFFECT_ALLOW',
        notes: '',
        consensus: "credentials.filter(c, c.type == 'CREDENTIAL_TYPE_API_KEY_P256').count() >= 2",
      },
      FIXED_NOW,
    ),
  );
  const submitted = await submit(
    'create_private_key_tag',
    envelope(emu, 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', { privateKeyTagName: 'keys', privateKeyIds: [] }, FIXED_NOW),
    a.key,
  );
  expect(submitted.activity.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
  await vote('approve', submitted.activity.fingerprint, b.key);
  expect((await getActivity(submitted.activity.id)).status).toBe('ACTIVITY_STATUS_COMPLETED');
});

test('list_activities: newest first, status filter, before/after cursors', async () => {
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push((await submit('create_policy', policyBody(`p${i}`, FIXED_NOW + i))).activity.id);
  const list = async (extra: Record<string, unknown>) =>
    (await stampedPost(emu, '/public/v1/query/list_activities', { organizationId: emu.credentials.organizationId, ...extra }))
      .as('list_activities')
      .activities.map((a) => a.id);
  expect(await list({})).toEqual([ids[2], ids[1], ids[0]]);
  expect(await list({ paginationOptions: { limit: '1', after: ids[2] } })).toEqual([ids[1]]);
  expect(await list({ paginationOptions: { before: ids[0] } })).toEqual([ids[2], ids[1]]);
  expect(await list({ filterByStatus: ['ACTIVITY_STATUS_REJECTED'] })).toEqual([]);
});
