// A write through the real client, transport and a scripted loopback server, through every activity
// status the emulator cannot produce on demand. Clock and sleep are injected: no real waiting.
import { computeActivityFingerprint } from '@turnkey/crypto';
import { activityFingerprint, generateApiKeyPair, WalletInfraClient } from '@walletinfra/sdk';
import { ORG, activityJson } from '../../support/client-fixtures';
import { caught, fakeTime, startScriptedServer, type ScriptedServer } from '../../support/client';

const keys = generateApiKeyPair();
const SERVER_FP = 'sha256:' + 'f'.repeat(64);
const TYPE = 'ACTIVITY_TYPE_CREATE_POLICY_V3';
const POLICY = { policyName: 'p', effect: 'EFFECT_ALLOW', notes: '' } as const;

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

/** The submit answers with the first status, each get_activity with the next one. */
function script(...statuses: Array<string | { status: string; extra: Record<string, unknown> }>) {
  server.handle((_req, index) => {
    const step = statuses[Math.min(index, statuses.length - 1)]!;
    const { status, extra } = typeof step === 'string' ? { status: step, extra: {} } : step;
    const result = status === 'ACTIVITY_STATUS_COMPLETED' ? { createPolicyResult: { policyId: 'pol-9' } } : {};
    return { json: { activity: activityJson(TYPE, status, result, { fingerprint: SERVER_FP, ...extra }) } };
  });
}

function client(time = fakeTime(), activity = {}) {
  return new WalletInfraClient({
    baseUrl: server.url,
    organizationId: ORG,
    apiPublicKey: keys.publicKey,
    apiPrivateKey: keys.privateKey,
    clock: time.clock,
    sleep: time.sleep,
    activity,
    retry: { maxAttempts: 1 },
  });
}

const paths = () => server.requests.map((r) => r.path);

test('CREATED -> PENDING -> COMPLETED: polls get_activity, returns the typed result', async () => {
  script('ACTIVITY_STATUS_CREATED', 'ACTIVITY_STATUS_PENDING', 'ACTIVITY_STATUS_COMPLETED');
  const time = fakeTime();
  const c = client(time);
  const { activity, result } = await c.createPolicy(POLICY);
  await c.close();
  expect(result).toEqual({ policyId: 'pol-9' });
  expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
  expect(paths()).toEqual(['/public/v1/submit/create_policy', '/public/v1/query/get_activity', '/public/v1/query/get_activity']);
  expect(JSON.parse(server.requests[1]!.body)).toEqual({ organizationId: ORG, activityId: 'act-1' });
  expect(time.sleeps).toEqual([500, 1000]);
  // every poll is stamped too
  expect(server.requests.filter((r) => typeof r.headers['x-stamp'] !== 'string').map((r) => r.path)).toEqual([]);
});

test('FAILED: ActivityFailedError with the failure, the id and the service fingerprint', async () => {
  const failure = { code: 3, message: 'invalid policy condition: field does not exist', details: [] };
  script('ACTIVITY_STATUS_PENDING', { status: 'ACTIVITY_STATUS_FAILED', extra: { failure } });
  const c = client();
  const error = await caught(c.createPolicy(POLICY));
  await c.close();
  expect({
    name: error.name,
    code: error.code,
    message: error.message,
    activityId: error.activityId,
    fingerprint: error.fingerprint,
    activityStatus: error.activityStatus,
    operation: error.operation,
    failure: error.failure,
  }).toEqual({
    name: 'ActivityFailedError',
    code: 'ACTIVITY_FAILED',
    message: `activity act-1 (${TYPE}) failed: invalid policy condition: field does not exist`,
    activityId: 'act-1',
    fingerprint: SERVER_FP,
    activityStatus: 'ACTIVITY_STATUS_FAILED',
    operation: '/public/v1/submit/create_policy',
    failure,
  });
});

test('REJECTED: ActivityRejectedError', async () => {
  script('ACTIVITY_STATUS_PENDING', 'ACTIVITY_STATUS_REJECTED');
  const c = client();
  const error = await caught(c.createPolicy(POLICY));
  await c.close();
  expect({ name: error.name, code: error.code, message: error.message, activityStatus: error.activityStatus }).toEqual({
    name: 'ActivityRejectedError',
    code: 'ACTIVITY_REJECTED',
    message: `activity act-1 (${TYPE}) was rejected`,
    activityStatus: 'ACTIVITY_STATUS_REJECTED',
  });
});

test('CONSENSUS_NEEDED without waiting: ConsensusNeededError straight from the submit response', async () => {
  script('ACTIVITY_STATUS_CONSENSUS_NEEDED');
  const c = client();
  const error = await caught(c.createPolicy(POLICY));
  await c.close();
  expect({ name: error.name, code: error.code, fingerprint: error.fingerprint, activityId: error.activityId }).toEqual({
    name: 'ConsensusNeededError',
    code: 'CONSENSUS_NEEDED',
    fingerprint: SERVER_FP,
    activityId: 'act-1',
  });
  expect((error.activity as { status: string }).status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
  expect(paths()).toEqual(['/public/v1/submit/create_policy']);
});

test('CONSENSUS_NEEDED with waitForConsensus: polls until approved', async () => {
  script('ACTIVITY_STATUS_CONSENSUS_NEEDED', 'ACTIVITY_STATUS_CONSENSUS_NEEDED', 'ACTIVITY_STATUS_COMPLETED');
  const time = fakeTime();
  const c = client(time);
  const { result } = await c.createPolicy(POLICY, { waitForConsensus: true });
  await c.close();
  expect(result).toEqual({ policyId: 'pol-9' });
  expect(time.sleeps).toEqual([500, 1000]);
});

test('the deadline: TimeoutError carrying the id, fingerprint and last status', async () => {
  script('ACTIVITY_STATUS_PENDING');
  const time = fakeTime();
  const c = client(time, { pollIntervalMs: 100, maxPollIntervalMs: 400, timeoutMs: 1000 });
  const error = await caught(c.createPolicy(POLICY));
  await c.close();
  expect({ name: error.name, message: error.message, fingerprint: error.fingerprint, timeoutMs: error.timeoutMs }).toEqual({
    name: 'TimeoutError',
    message: `activity act-1 (${TYPE}) did not finish within 1000 ms (last status ACTIVITY_STATUS_PENDING)`,
    fingerprint: SERVER_FP,
    timeoutMs: 1000,
  });
  expect(time.sleeps).toEqual([100, 200, 400, 300]);
  expect(paths()).toHaveLength(5);
});

test('an AbortSignal stops the wait with AbortedError', async () => {
  script('ACTIVITY_STATUS_PENDING');
  const controller = new AbortController();
  const time = fakeTime();
  const c = new WalletInfraClient({
    baseUrl: server.url,
    organizationId: ORG,
    apiPublicKey: keys.publicKey,
    apiPrivateKey: keys.privateKey,
    clock: time.clock,
    // the third wait is where the caller gives up
    sleep: async (ms, signal) => {
      await time.sleep(ms, signal);
      if (time.sleeps.length === 3) controller.abort();
      if (signal?.aborted) throw signal.reason;
    },
  });
  const error = await caught(c.createPolicy(POLICY, { signal: controller.signal }));
  await c.close();
  expect({ name: error.name, code: error.code, message: error.message, activityId: error.activityId }).toEqual({
    name: 'AbortedError',
    code: 'ABORTED',
    message: `waiting for activity act-1 (${TYPE}) was aborted (last status ACTIVITY_STATUS_PENDING)`,
    activityId: 'act-1',
  });
  expect(paths()).toHaveLength(3);
});

describe('one body, one identity (docs/service-behaviour.md#idempotency-and-fingerprints)', () => {
  test('prepareSubmit + submitRaw twice sends identical bytes with the same fingerprint', async () => {
    script('ACTIVITY_STATUS_COMPLETED');
    const c = client();
    const prepared = c.prepareSubmit('create_policy', POLICY);
    expect(prepared.fingerprint).toBe(activityFingerprint(prepared.body));
    expect(prepared.fingerprint).toBe(computeActivityFingerprint(prepared.body));
    const first = await c.submitRaw(prepared.body);
    const second = await c.submitRaw(prepared.body);
    await c.close();
    expect(server.requests.map((r) => r.body)).toEqual([prepared.body, prepared.body]);
    expect(first).toEqual(second);
    expect(first.name).toBe('create_policy');
    expect(first.result).toEqual({ policyId: 'pol-9' });
  });

  test('the body is the envelope of docs/service-behaviour.md#transport with the clock time and the default organization', async () => {
    const time = fakeTime(1_767_225_600_123);
    const c = client(time);
    const prepared = c.prepareSubmit('delete_policy', { policyId: 'pol-1' });
    expect(prepared.body).toBe(
      `{"type":"ACTIVITY_TYPE_DELETE_POLICY","timestampMs":"1767225600123","organizationId":"${ORG}","parameters":{"policyId":"pol-1"}}`,
    );
    const other = c.prepareSubmit(
      'delete_policy',
      { policyId: 'pol-1' },
      { organizationId: 'sub-org', timestampMs: '5', generateAppProofs: true },
    );
    expect(JSON.parse(other.body)).toEqual({
      type: 'ACTIVITY_TYPE_DELETE_POLICY',
      timestampMs: '5',
      organizationId: 'sub-org',
      parameters: { policyId: 'pol-1' },
      generateAppProofs: true,
    });
    await c.close();
  });

  test('submitRaw refuses a body it cannot route, before sending', async () => {
    const c = client();
    const unknownType = await caught(
      c.submitRaw({ type: 'ACTIVITY_TYPE_LAUNCH_ROCKET', timestampMs: '1', organizationId: ORG, parameters: {} }),
    );
    expect(unknownType.message).toBe('invalid request for submitRaw: type: is not an activity type this client knows');
    const notJson = await caught(c.submitRaw('{"type":'));
    expect(notJson.message).toBe('invalid request for submitRaw: body is not valid JSON');
    const badParams = await caught(
      c.submitRaw({ type: 'ACTIVITY_TYPE_DELETE_POLICY', timestampMs: '1', organizationId: ORG, parameters: {} }),
    );
    expect(badParams.message).toBe('invalid request for delete_policy: parameters.policyId: is required');
    await c.close();
    expect(server.requests).toEqual([]);
  });
});
