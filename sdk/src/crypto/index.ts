// Keys, stamps, fingerprints and on-ramp secret encryption. Internal helpers (hex, lru, hpke, base58check,
// verify-p256) are deliberately not re-exported.
export { ApiKeyPair, loadApiKeyPair, generateApiKeyPair } from './keys';
export type { ApiKeyPairInput, GeneratedApiKeyPair, SigningRuntime } from './keys';
export { ApiKeyStamper, decodeStamp, verifyStamp, STAMP_HEADER_NAME, API_KEY_P256_SCHEME } from './stamp';
export type {
  Stamper,
  StampHeader,
  ApiKeyStamperOptions,
  StampFailure,
  StampFailureReason,
  DecodeStampResult,
  VerifyStampResult,
} from './stamp';
export { activityFingerprint, ACTIVITY_FINGERPRINT_PREFIX } from './fingerprint';
export {
  encryptOnRampSecret,
  decryptOnRampSecret,
  generateOnRampEncryptionKeyPair,
  PRODUCTION_ON_RAMP_ENCRYPTION_PUBLIC_KEY,
} from './onramp';
export type { OnRampEncryptionKeyPair, EncryptOnRampSecretOptions } from './onramp';
