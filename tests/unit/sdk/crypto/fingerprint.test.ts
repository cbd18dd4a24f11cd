// Activity fingerprints (docs/service-behaviour.md#idempotency-and-fingerprints): identical to @turnkey/crypto's computeActivityFingerprint.
import { computeActivityFingerprint } from '@turnkey/crypto';
import { activityFingerprint } from '@walletinfra/sdk';

test('known answers: sha256 of the exact bytes', () => {
  expect(activityFingerprint('')).toBe('sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  expect(activityFingerprint('abc')).toBe('sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});

test.each([
  '{"type":"ACTIVITY_TYPE_CREATE_POLICY_V3","timestampMs":"1700000000000","organizationId":"o","parameters":{}}',
  '{"a":"ünïcödé ✓ 🚀"}',
  ' {"a":1}',
])('matches @turnkey/crypto for %j', (body) => {
  expect(activityFingerprint(body)).toBe(computeActivityFingerprint(body));
  expect(activityFingerprint(new TextEncoder().encode(body))).toBe(computeActivityFingerprint(body));
});

test('byte-sensitive: re-serialised JSON is a different activity', () => {
  expect(activityFingerprint('{"a":1,"b":2}')).not.toBe(activityFingerprint('{"b":2,"a":1}'));
  expect(activityFingerprint('{"a":1}')).not.toBe(activityFingerprint('{"a": 1}'));
});
