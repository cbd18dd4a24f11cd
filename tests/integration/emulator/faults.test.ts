// Fault injection: rules as data, per path, with a seedable random source; and the
// transaction boundary — a failure between a write's effect and its activity record leaves neither.
import { WalletInfraClient } from '@walletinfra/sdk';
import {
  admin,
  envelope,
  FIXED_NOW,
  manualClock,
  serviceError,
  ServiceErrorBody,
  stampedPost,
  startTestEmulator,
  useTestEmulator,
} from '../../support/emulator';

const clock = manualClock();
const emu = useTestEmulator({ clock: clock.now });
beforeEach(() => emu.reset());

const listPolicies = () => stampedPost(emu, '/public/v1/query/list_policies', { organizationId: emu.credentials.organizationId });
const createPolicy = (name: string) =>
  stampedPost(
    emu,
    '/public/v1/submit/create_policy',
    envelope(emu, 'ACTIVITY_TYPE_CREATE_POLICY_V3', { policyName: name, effect: 'EFFECT_ALLOW', notes: '' }, FIXED_NOW),
  );

test('rules given as an option apply from the start', async () => {
  const fresh = await startTestEmulator({ faults: { rules: [{ path: '/public/v1/query/list_policies', status: 500, times: 1 }] } });
  try {
    const res = await stampedPost(fresh, '/public/v1/query/list_policies', { organizationId: fresh.credentials.organizationId });
    expect([res.status, res.json]).toEqual([500, serviceError(13, 'injected fault', 'INTERNAL')]);
    expect((await stampedPost(fresh, '/public/v1/query/list_policies', { organizationId: fresh.credentials.organizationId })).status).toBe(
      200,
    );
  } finally {
    await fresh.close();
  }
});

test('status with Retry-After, limited by times', async () => {
  emu.faults.set([{ path: '/public/v1/query/*', status: 429, retryAfter: 7, times: 2, message: 'slow down' }]);
  for (let i = 0; i < 2; i++) {
    const res = await listPolicies();
    expect([res.status, res.headers.get('retry-after'), res.json]).toEqual([429, '7', serviceError(8, 'slow down', 'RATE_LIMIT_EXCEEDED')]);
  }
  expect((await listPolicies()).status).toBe(200);
  expect(emu.faults.describe().rules[0]).toMatchObject({ fired: 2, times: 2 });
});

test('probability draws from the seeded random source: the same seed gives the same sequence', async () => {
  const run = async () => {
    emu.faults.set({ seed: 42, rules: [{ path: '/public/v1/query/list_policies', probability: 0.5, status: 503 }] });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await listPolicies()).status);
    return statuses;
  };
  const first = await run();
  expect(await run()).toEqual(first);
  expect(first).toContain(503);
  expect(first).toContain(200);
});

test('dropResponse: the write commits, the connection drops, the identical retry returns the same activity', async () => {
  emu.faults.set([{ path: '/public/v1/submit/create_policy', dropResponse: true, times: 1 }]);
  const body = JSON.stringify(
    envelope(emu, 'ACTIVITY_TYPE_CREATE_POLICY_V3', { policyName: 'dropped', effect: 'EFFECT_ALLOW', notes: '' }, FIXED_NOW),
  );
  await expect(stampedPost(emu, '/public/v1/submit/create_policy', body)).rejects.toThrow('fetch failed');
  const [activity] = emu.store.activities.all();
  expect(activity?.status).toBe('ACTIVITY_STATUS_COMPLETED');
  const retry = await stampedPost(emu, '/public/v1/submit/create_policy', body);
  expect([retry.status, retry.activity.id]).toEqual([200, activity?.id]);
  expect(emu.store.policies.all().map((p) => p.policyName)).toEqual(['dropped']);
});

test('failBetweenEffectAndRecord: a 500, and neither the effect nor the activity exists', async () => {
  await createPolicy('before');
  const before = emu.store.dump();
  emu.faults.set([{ path: '/public/v1/submit/create_policy', failBetweenEffectAndRecord: true, times: 1 }]);
  const res = await stampedPost(
    emu,
    '/public/v1/submit/create_policy',
    envelope(emu, 'ACTIVITY_TYPE_CREATE_POLICY_V3', { policyName: 'half', effect: 'EFFECT_ALLOW', notes: '' }, FIXED_NOW + 1),
  );
  expect(res.status).toBe(500);
  expect(res.json).toEqual(
    serviceError(13, expect.stringMatching(/^internal server error \([0-9a-f-]{36}\)$/) as unknown as string, 'INTERNAL'),
  );
  expect(emu.store.dump()).toEqual(before);
  // the same request once the fault is spent goes through
  const again = await stampedPost(
    emu,
    '/public/v1/submit/create_policy',
    envelope(emu, 'ACTIVITY_TYPE_CREATE_POLICY_V3', { policyName: 'half', effect: 'EFFECT_ALLOW', notes: '' }, FIXED_NOW + 1),
  );
  expect(again.status).toBe(200);
});

test('pendingPolls: a write answers PENDING and completes on the Nth get_activity; clients that poll see it finish', async () => {
  emu.faults.set([{ path: '/public/v1/submit/create_policy', pendingPolls: 2, times: 1 }]);
  const submitted = await createPolicy('async');
  expect(submitted.activity).toMatchObject({ status: 'ACTIVITY_STATUS_PENDING', result: {} });
  expect(emu.store.policies.all()).toEqual([]);
  const poll = () =>
    stampedPost(emu, '/public/v1/query/get_activity', {
      organizationId: emu.credentials.organizationId,
      activityId: submitted.activity.id,
    });
  expect((await poll()).activity.status).toBe('ACTIVITY_STATUS_PENDING');
  const done = (await poll()).activity;
  expect(done).toMatchObject({
    status: 'ACTIVITY_STATUS_COMPLETED',
    result: { createPolicyResult: { policyId: emu.store.policies.all()[0]?.policyId } },
  });

  // our sdk client polls get_activity until the activity completes
  emu.faults.set([{ path: '/public/v1/submit/create_policy', pendingPolls: 3, times: 1 }]);
  const polled: number[] = [];
  const sdkClient = new WalletInfraClient({
    baseUrl: emu.baseUrl,
    organizationId: emu.credentials.organizationId,
    apiPublicKey: emu.credentials.apiPublicKey,
    apiPrivateKey: emu.credentials.apiPrivateKey,
    clock: { now: clock.now },
    sleep: async (ms) => void polled.push(ms),
  });
  const { result } = await sdkClient.createPolicy({ policyName: 'async via sdk', effect: 'EFFECT_ALLOW', notes: '' });
  expect(emu.store.policies.get(result.policyId)?.policyName).toBe('async via sdk');
  expect(polled).toHaveLength(3);
  await sdkClient.close();
});

test('delayMs waits that long (through the injected sleep) before answering', async () => {
  let release = (): void => undefined;
  let asleep = (_ms: number): void => undefined;
  const slept = new Promise<number>((resolve) => (asleep = resolve));
  const delayed = await startTestEmulator({ sleep: (ms) => new Promise<void>((resolve) => ((release = resolve), asleep(ms))) });
  try {
    delayed.faults.set([{ path: '/public/v1/query/list_policies', delayMs: 60, times: 1 }]);
    let answered = false;
    const pending = stampedPost(delayed, '/public/v1/query/list_policies', { organizationId: delayed.credentials.organizationId }).then(
      (r) => ((answered = true), r),
    );
    expect(await slept).toBe(60);
    expect(answered).toBe(false);
    release();
    expect((await pending).status).toBe(200);
  } finally {
    await delayed.close();
  }
});

test('the admin endpoint sets and shows rules; bad rules are a 400 naming the field', async () => {
  const put = await admin(emu, 'PUT', '/faults', { seed: 7, rules: [{ path: '/public/v1/submit/*', status: 503 }] });
  expect(put).toEqual({ status: 200, json: { seed: 7, rules: [{ path: '/public/v1/submit/*', status: 503, fired: 0 }] } });
  expect((await createPolicy('blocked')).status).toBe(503);
  expect((await admin(emu, 'GET', '/faults')).json).toMatchObject({ rules: [{ fired: 1 }] });
  const bad = await admin(emu, 'PUT', '/faults', { rules: [{ path: '/x', status: 200 }] });
  expect(bad).toEqual({
    status: 400,
    json: serviceError(3, 'invalid request body: faults.rules[0].status must be an integer from 400 to 599, got 200', 'REQUEST_INVALID'),
  });
  const unknown = await admin(emu, 'PUT', '/faults', { rules: [{ path: '/x', statuss: 500 }] });
  expect(ServiceErrorBody.parse(unknown.json).message).toBe(
    'invalid request body: unknown faults.rules[0] field "statuss"; known: path, organizationId, probability, delayMs, status, retryAfter, dropResponse, failBetweenEffectAndRecord, pendingPolls, times, message',
  );
  const wrongType = await admin(emu, 'PUT', '/faults', { rules: [{ path: '/x' }, { path: '/y', probability: 'half' }] });
  expect(wrongType).toEqual({
    status: 400,
    json: serviceError(3, 'invalid request body: faults.rules[1].probability must be a number from 0 to 1, got "half"', 'REQUEST_INVALID'),
  });
  const notRules = await admin(emu, 'PUT', '/faults', { rules: 'none' });
  expect(notRules).toEqual({
    status: 400,
    json: serviceError(3, 'invalid request body: faults.rules must be an array of rules, got "none"', 'REQUEST_INVALID'),
  });
  // a refused body leaves the rules as they were
  expect((await admin(emu, 'GET', '/faults')).json).toEqual({ seed: 7, rules: [{ path: '/public/v1/submit/*', status: 503, fired: 1 }] });
  expect((await admin(emu, 'POST', '/reset')).status).toBe(200);
  expect((await admin(emu, 'GET', '/faults')).json).toEqual({ rules: [] });
});
