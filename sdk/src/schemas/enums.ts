// Enumerated wire values, each list once. Requests validate them strictly (`z.enum`); responses accept
// newer values through `openEnum` (see common.ts). Sources: docs/service-behaviour.md#transport; TYPES = @turnkey/http's
// generated `public_api.types.d.ts`.

export const EFFECTS = ['EFFECT_ALLOW', 'EFFECT_DENY'] as const;

/** docs/service-behaviour.md#api-keys */
export const CREDENTIAL_TYPES = [
  'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR',
  'CREDENTIAL_TYPE_API_KEY_P256',
  'CREDENTIAL_TYPE_RECOVER_USER_KEY_P256',
  'CREDENTIAL_TYPE_API_KEY_SECP256K1',
  'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256',
  'CREDENTIAL_TYPE_API_KEY_ED25519',
  'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256',
  'CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256',
  'CREDENTIAL_TYPE_OAUTH_KEY_P256',
  'CREDENTIAL_TYPE_LOGIN',
] as const;

/** docs/service-behaviour.md#mfa-policies shows one value; the full list is TYPES `v1AuthenticationType` (docs/service-behaviour.md#mfa-policies). */
export const AUTHENTICATION_TYPES = [
  'AUTHENTICATION_TYPE_EMAIL_OTP',
  'AUTHENTICATION_TYPE_SMS_OTP',
  'AUTHENTICATION_TYPE_PASSKEY',
  'AUTHENTICATION_TYPE_API_KEY',
  'AUTHENTICATION_TYPE_OAUTH',
  'AUTHENTICATION_TYPE_SESSION',
] as const;

export const TAG_TYPES = ['TAG_TYPE_USER', 'TAG_TYPE_PRIVATE_KEY'] as const;

/** The on-ramp providers the service supports (docs/service-behaviour.md#fiat-on-ramp-credentials). */
export const FIAT_ON_RAMP_PROVIDERS = ['FIAT_ON_RAMP_PROVIDER_COINBASE', 'FIAT_ON_RAMP_PROVIDER_MOONPAY'] as const;

/** docs/service-behaviour.md#transport: two aliases plus the two genesis-hash forms (docs/service-behaviour.md#solana-transaction-history). */
export const SOL_CAIP2 = [
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:mainnet',
  'solana:devnet',
] as const;

/** docs/service-behaviour.md#activities `chainCaip2` of the Earn operations. */
export const EARN_CHAIN_CAIP2 = ['eip155:1', 'eip155:8453', 'eip155:42161', 'eip155:137', 'eip155:56', 'eip155:4217'] as const;

/** docs/service-behaviour.md#transport `list_suborgs` filterType values (TYPES types it as a plain string). */
export const SUBORG_FILTER_TYPES = [
  'CREDENTIAL_ID',
  'NAME',
  'USERNAME',
  'EMAIL',
  'PHONE_NUMBER',
  'OIDC_TOKEN',
  'WALLET_ACCOUNT_ADDRESS',
  'PUBLIC_KEY',
] as const;

/** `list_verified_suborgs` filterType values: "i.e 'EMAIL', 'PHONE_NUMBER'" (TYPES `v1GetVerifiedSubOrgIdsRequest`, a plain string there). */
export const VERIFIED_SUBORG_FILTER_TYPES = ['EMAIL', 'PHONE_NUMBER'] as const;

/** docs/service-behaviour.md#activities (TYPES `v1ActivityStatus`). */
export const ACTIVITY_STATUSES = [
  'ACTIVITY_STATUS_CREATED',
  'ACTIVITY_STATUS_PENDING',
  'ACTIVITY_STATUS_COMPLETED',
  'ACTIVITY_STATUS_FAILED',
  'ACTIVITY_STATUS_CONSENSUS_NEEDED',
  'ACTIVITY_STATUS_REJECTED',
  'ACTIVITY_STATUS_AUTHENTICATORS_NEEDED',
] as const;

export const VOTE_SELECTIONS = ['VOTE_SELECTION_APPROVED', 'VOTE_SELECTION_REJECTED'] as const;

/** docs/service-behaviour.md#approving-and-rejecting policy evaluation outcomes. */
export const POLICY_OUTCOMES = [
  'OUTCOME_ALLOW',
  'OUTCOME_DENY_EXPLICIT',
  'OUTCOME_DENY_IMPLICIT',
  'OUTCOME_REQUIRES_CONSENSUS',
  'OUTCOME_REJECTED',
  'OUTCOME_ERROR',
  'OUTCOME_REQUIRES_AUTHENTICATORS',
  'OUTCOME_TIME_INACTIVE',
] as const;

export const TRANSPORT_ENCRYPTION_SUITES = ['TRANSPORT_ENCRYPTION_SUITE_ENCLAVE_ENCRYPT_V1'] as const;

/** docs/service-behaviour.md#ip-allowlist: `onEvaluationError` of an IP allowlist (TYPES types it as a plain string). */
export const IP_ALLOWLIST_ON_EVALUATION_ERROR = ['ALLOW', 'DENY'] as const;

/** docs/service-behaviour.md#auth-proxy: `otpType` channels (a plain string in TYPES; the values come from its description). */
export const OTP_TYPES = ['OTP_TYPE_EMAIL', 'OTP_TYPE_SMS', 'OTP_TYPE_WHATSAPP'] as const;

/** docs/service-behaviour.md#webhook-endpoints: the documented subscription event types (the wire field is a free string). */
export const WEBHOOK_EVENT_TYPES = [
  'ACTIVITY_UPDATES',
  'BALANCE_CONFIRMED_UPDATES',
  'BALANCE_FINALIZED_UPDATES',
  'SEND_TRANSACTION_STATUS_UPDATES',
] as const;

export const CURVES = ['CURVE_SECP256K1', 'CURVE_ED25519', 'CURVE_P256'] as const;
export const PATH_FORMATS = ['PATH_FORMAT_BIP32'] as const;
export const API_KEY_CURVES = ['API_KEY_CURVE_P256', 'API_KEY_CURVE_SECP256K1', 'API_KEY_CURVE_ED25519'] as const;
export const AUTHENTICATOR_TRANSPORTS = [
  'AUTHENTICATOR_TRANSPORT_BLE',
  'AUTHENTICATOR_TRANSPORT_INTERNAL',
  'AUTHENTICATOR_TRANSPORT_NFC',
  'AUTHENTICATOR_TRANSPORT_USB',
  'AUTHENTICATOR_TRANSPORT_HYBRID',
] as const;

/** TYPES `v1AddressFormat` (@turnkey/http 6.6.0). */
export const ADDRESS_FORMATS = [
  'ADDRESS_FORMAT_UNCOMPRESSED',
  'ADDRESS_FORMAT_COMPRESSED',
  'ADDRESS_FORMAT_ETHEREUM',
  'ADDRESS_FORMAT_SOLANA',
  'ADDRESS_FORMAT_COSMOS',
  'ADDRESS_FORMAT_TRON',
  'ADDRESS_FORMAT_SUI',
  'ADDRESS_FORMAT_APTOS',
  'ADDRESS_FORMAT_BITCOIN_MAINNET_P2PKH',
  'ADDRESS_FORMAT_BITCOIN_MAINNET_P2SH',
  'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH',
  'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WSH',
  'ADDRESS_FORMAT_BITCOIN_MAINNET_P2TR',
  'ADDRESS_FORMAT_BITCOIN_TESTNET_P2PKH',
  'ADDRESS_FORMAT_BITCOIN_TESTNET_P2SH',
  'ADDRESS_FORMAT_BITCOIN_TESTNET_P2WPKH',
  'ADDRESS_FORMAT_BITCOIN_TESTNET_P2WSH',
  'ADDRESS_FORMAT_BITCOIN_TESTNET_P2TR',
  'ADDRESS_FORMAT_BITCOIN_SIGNET_P2PKH',
  'ADDRESS_FORMAT_BITCOIN_SIGNET_P2SH',
  'ADDRESS_FORMAT_BITCOIN_SIGNET_P2WPKH',
  'ADDRESS_FORMAT_BITCOIN_SIGNET_P2WSH',
  'ADDRESS_FORMAT_BITCOIN_SIGNET_P2TR',
  'ADDRESS_FORMAT_BITCOIN_REGTEST_P2PKH',
  'ADDRESS_FORMAT_BITCOIN_REGTEST_P2SH',
  'ADDRESS_FORMAT_BITCOIN_REGTEST_P2WPKH',
  'ADDRESS_FORMAT_BITCOIN_REGTEST_P2WSH',
  'ADDRESS_FORMAT_BITCOIN_REGTEST_P2TR',
  'ADDRESS_FORMAT_SEI',
  'ADDRESS_FORMAT_XLM',
  'ADDRESS_FORMAT_DOGE_MAINNET',
  'ADDRESS_FORMAT_DOGE_TESTNET',
  'ADDRESS_FORMAT_TON_V3R2',
  'ADDRESS_FORMAT_TON_V4R2',
  'ADDRESS_FORMAT_TON_V5R1',
  'ADDRESS_FORMAT_XRP',
  'ADDRESS_FORMAT_SPARK_MAINNET',
  'ADDRESS_FORMAT_SPARK_REGTEST',
] as const;

/** TYPES `v1FeatureName`: the organization features `get_organization_configs` lists (docs/service-behaviour.md#root-quorum). */
export const ORGANIZATION_FEATURE_NAMES = [
  'FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY',
  'FEATURE_NAME_WEBAUTHN_ORIGINS',
  'FEATURE_NAME_EMAIL_AUTH',
  'FEATURE_NAME_EMAIL_RECOVERY',
  'FEATURE_NAME_WEBHOOK',
  'FEATURE_NAME_SMS_AUTH',
  'FEATURE_NAME_OTP_EMAIL_AUTH',
  'FEATURE_NAME_AUTH_PROXY',
  'FEATURE_NAME_SOLANA_RENT_PREFUND_ENABLED',
  'FEATURE_NAME_SWAP_CONFIG',
  'FEATURE_NAME_EARN_CONFIG',
] as const;
