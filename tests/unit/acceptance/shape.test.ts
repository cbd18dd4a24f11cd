// How the fidelity check tells two answers apart: the shape (status, error code and message, fields, types, enum
// values), never ids, times, names or how many objects a list holds.
import { answerDifferences, errorDifferences, isEnumValue, normalizeMessage, shapeDifferences } from '../../acceptance/fidelity/shape';

const activity = (over: Record<string, unknown> = {}) => ({
  activity: {
    id: '6e1f0c7a-1111-4c1e-9f00-000000000001',
    status: 'ACTIVITY_STATUS_COMPLETED',
    type: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
    fingerprint: 'sha256:ab',
    createdAt: { seconds: '1700000000', nanos: '0' },
    result: { createPolicyResult: { policyId: 'p-1' } },
    ...over,
  },
});

describe('successful answers', () => {
  test('ids, times and names do not count', () => {
    const other = activity({
      id: 'another',
      fingerprint: 'sha256:cd',
      createdAt: { seconds: '1800000000', nanos: '5' },
      result: { createPolicyResult: { policyId: 'p-2' } },
    });
    expect(shapeDifferences(activity(), other)).toEqual([]);
  });

  test('a field one side sends and the other does not, a type, and an enum value are each one difference', () => {
    const { fingerprint: _dropped, ...withoutFingerprint } = activity().activity;
    expect(shapeDifferences(activity(), { activity: withoutFingerprint })).toEqual([
      'field activity.fingerprint: the service sends it (string), the emulator does not',
    ]);
    expect(shapeDifferences({ activity: withoutFingerprint }, activity())).toEqual([
      'field activity.fingerprint: the emulator sends it (string), the service does not',
    ]);
    expect(shapeDifferences(activity(), activity({ createdAt: { seconds: 1700000000, nanos: '0' } }))).toEqual([
      'field activity.createdAt.seconds: the service sends string, the emulator number',
    ]);
    expect(shapeDifferences(activity(), activity({ status: 'ACTIVITY_STATUS_PENDING' }))).toEqual([
      'field activity.status: the service sends ACTIVITY_STATUS_COMPLETED, the emulator ACTIVITY_STATUS_PENDING',
    ]);
  });

  test('a missing object is one difference, not one per field inside it', () => {
    expect(shapeDifferences(activity(), activity({ result: {} }))).toEqual([
      'field activity.result.createPolicyResult: the service sends it (object), the emulator does not',
    ]);
  });

  test("in lists: counts and enum values are the organization's own; a field counts when one side always has it and the other never", () => {
    const service = {
      policies: [
        { policyName: 'a', effect: 'EFFECT_DENY', time: 'x' },
        { policyName: 'b', effect: 'EFFECT_DENY', time: 'y' },
      ],
    };
    expect(shapeDifferences(service, { policies: [{ policyName: 'c', effect: 'EFFECT_ALLOW', time: 'z' }] })).toEqual([]);
    expect(shapeDifferences(service, { policies: [] })).toEqual([]);
    expect(shapeDifferences(service, { policies: [{ policyName: 'c', effect: 'EFFECT_ALLOW' }] })).toEqual([
      'field policies[].time: the service sends it (string), the emulator does not',
    ]);
    // Optional on the service's side (some policies have it): not a difference.
    expect(
      shapeDifferences(
        { policies: [...service.policies, { policyName: 'd', effect: 'EFFECT_DENY' }] },
        { policies: [{ policyName: 'c', effect: 'EFFECT_ALLOW' }] },
      ),
    ).toEqual([]);
  });

  test('enum-like values are upper-case words joined by underscores', () => {
    expect(['EFFECT_ALLOW', 'DENY', 'ACTIVITY_STATUS_COMPLETED', 'ADDRESS_FORMAT_SOLANA'].every(isEnumValue)).toBe(true);
    expect(['wiacc-x', 'Allow', 'A', 'A1', '0x12AB', 'sha256:ab', 'GpAN18bdsLw4DivyMvMu8gtXjDsbrzT28JKKLqyAyi6C'].some(isEnumValue)).toBe(
      false,
    );
  });
});

describe('errors', () => {
  const notFound = { code: 5, message: 'policy 6e1f0c7a-1111-4c1e-9f00-000000000001 not found', details: [] };

  test("messages are compared without ids, numbers, quoted values or the run's names", () => {
    expect(
      normalizeMessage('policy 6e1f0c7a-1111-4c1e-9f00-000000000001 not found in "wiacc-20260314t091500-k3f9-policy" after 3 tries'),
    ).toBe('policy <id> not found in "…" after <n> tries');
    expect(errorDifferences(notFound, { ...notFound, message: 'policy 00000000-0000-4000-8000-000000000000 not found' })).toEqual([]);
  });

  test('another code, message, detail type or turnkeyErrorCode is a difference each', () => {
    const other = {
      code: 9,
      message: 'no such policy',
      details: [{ '@type': 'type.googleapis.com/errors.v1.TurnkeyErrorDetail', turnkeyErrorCode: 'POLICY_NOT_FOUND' }],
    };
    expect(errorDifferences(notFound, other)).toEqual([
      'error code: the service 5, the emulator 9',
      'error message: the service "policy 6e1f0c7a-1111-4c1e-9f00-000000000001 not found", the emulator "no such policy"',
      'error details: the service none, the emulator type.googleapis.com/errors.v1.TurnkeyErrorDetail',
      'turnkeyErrorCode: the service none, the emulator POLICY_NOT_FOUND',
    ]);
  });

  test("another status is the one difference reported, with the emulator's message", () => {
    expect(answerDifferences({ status: 200, body: activity() }, { status: 404, body: notFound })).toEqual([
      'status: the service 200, the emulator 404: policy 6e1f0c7a-1111-4c1e-9f00-000000000001 not found',
    ]);
    expect(answerDifferences({ status: 404, body: notFound }, { status: 404, body: notFound })).toEqual([]);
  });
});
