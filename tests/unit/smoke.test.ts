import { p256 } from '@noble/curves/p256';
test('noble loads under jest', () => {
  expect(p256.getPublicKey(p256.utils.randomPrivateKey(), true)).toHaveLength(33);
});
