// What the policy language knows about activities: the `activity.resource` and
// `activity.action` values, the version-agnostic `activity.kind`, and which resource and action
// each activity type has (docs/service-behaviour.md#policy-language; https://docs.turnkey.com/features/policies/language "Activity breakdown").
import { ACTIVITY_TYPES } from './activity-types';

export { ACTIVITY_TYPES };

export const ACTIVITY_RESOURCES = [
  'AUTH',
  'AUTH_PROXY',
  'CONFIG',
  'CREDENTIAL',
  'FIAT_TRANSACTION',
  'INVITATION',
  'MFA_POLICY',
  'ON_RAMP_CREDENTIALS',
  'ORGANIZATION',
  'OTP',
  'PAYMENT_METHOD',
  'POLICY',
  'PRIVATE_KEY',
  'RECOVERY',
  'SECRET',
  'SESSION_PROFILE',
  'SMART_CONTRACT_INTERFACE',
  'SPONSORSHIP',
  'SUBSCRIPTION',
  'TVC_APP',
  'TVC_DEPLOYMENT',
  'TVC_OPERATOR',
  'TVC_QUORUM_KEY',
  'USER',
  'WALLET',
  'WEBHOOK_ENDPOINT',
] as const;
export type ActivityResource = (typeof ACTIVITY_RESOURCES)[number];

export const ACTIVITY_ACTIONS = ['CREATE', 'UPDATE', 'DELETE', 'SIGN', 'EXPORT', 'IMPORT', 'VERIFY', 'ENCRYPT'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** `ACTIVITY_TYPE_SIGN_TRANSACTION_V2` → `SIGN_TRANSACTION`: drop the prefix and a trailing `_V<n>`. */
export function activityKindOf(type: string): string {
  const bare = type.startsWith('ACTIVITY_TYPE_') ? type.slice('ACTIVITY_TYPE_'.length) : type;
  return bare.replace(/_V\d+$/, '');
}

/** Every `activity.kind` value: the kinds of ACTIVITY_TYPES, deduplicated, in first-seen order. */
export const ACTIVITY_KINDS: readonly string[] = [...new Set(ACTIVITY_TYPES.map(activityKindOf))];

// Kind → [resource, action]. From the docs' "Activity types by resource and action" table, plus
// the entries marked UNCONFIRMED: the docs do not list them; the pairing is the most plausible
// one given the resource names (change it here if the service says otherwise).
const BY_KIND: Readonly<Record<string, readonly [ActivityResource, ActivityAction]>> = {
  CREATE_SUB_ORGANIZATION: ['ORGANIZATION', 'CREATE'],
  DELETE_ORGANIZATION: ['ORGANIZATION', 'DELETE'],
  DELETE_SUB_ORGANIZATION: ['ORGANIZATION', 'DELETE'],
  CREATE_INVITATIONS: ['INVITATION', 'CREATE'],
  DELETE_INVITATION: ['INVITATION', 'DELETE'],
  CREATE_POLICY: ['POLICY', 'CREATE'],
  CREATE_POLICIES: ['POLICY', 'CREATE'],
  UPDATE_POLICY: ['POLICY', 'UPDATE'],
  DELETE_POLICY: ['POLICY', 'DELETE'],
  DELETE_POLICIES: ['POLICY', 'DELETE'],
  CREATE_SMART_CONTRACT_INTERFACE: ['SMART_CONTRACT_INTERFACE', 'CREATE'],
  DELETE_SMART_CONTRACT_INTERFACE: ['SMART_CONTRACT_INTERFACE', 'DELETE'],
  CREATE_WALLET: ['WALLET', 'CREATE'],
  CREATE_WALLET_ACCOUNTS: ['WALLET', 'CREATE'],
  EXPORT_WALLET: ['WALLET', 'EXPORT'],
  EXPORT_WALLET_ACCOUNT: ['WALLET', 'EXPORT'],
  INIT_IMPORT_WALLET: ['WALLET', 'IMPORT'],
  IMPORT_WALLET: ['WALLET', 'IMPORT'],
  DELETE_WALLETS: ['WALLET', 'DELETE'],
  UPDATE_WALLET: ['WALLET', 'UPDATE'],
  DELETE_WALLET_ACCOUNTS: ['WALLET', 'DELETE'],
  UPDATE_WALLET_ACCOUNT_NAME: ['WALLET', 'UPDATE'], // UNCONFIRMED
  CREATE_PRIVATE_KEYS: ['PRIVATE_KEY', 'CREATE'],
  CREATE_PRIVATE_KEY_TAG: ['PRIVATE_KEY', 'CREATE'],
  UPDATE_PRIVATE_KEY_TAG: ['PRIVATE_KEY', 'UPDATE'],
  DISABLE_PRIVATE_KEY: ['PRIVATE_KEY', 'DELETE'],
  DELETE_PRIVATE_KEY_TAGS: ['PRIVATE_KEY', 'DELETE'],
  DELETE_PRIVATE_KEYS: ['PRIVATE_KEY', 'DELETE'],
  EXPORT_PRIVATE_KEY: ['PRIVATE_KEY', 'EXPORT'],
  INIT_IMPORT_PRIVATE_KEY: ['PRIVATE_KEY', 'IMPORT'],
  IMPORT_PRIVATE_KEY: ['PRIVATE_KEY', 'IMPORT'],
  // Signing is filed under PRIVATE_KEY for wallets and private keys alike (docs table).
  SIGN_RAW_PAYLOAD: ['PRIVATE_KEY', 'SIGN'],
  SIGN_RAW_PAYLOADS: ['PRIVATE_KEY', 'SIGN'],
  SIGN_TRANSACTION: ['PRIVATE_KEY', 'SIGN'],
  ETH_SEND_TRANSACTION: ['PRIVATE_KEY', 'SIGN'],
  SOL_SEND_TRANSACTION: ['PRIVATE_KEY', 'SIGN'],
  EARN_DEPOSIT: ['PRIVATE_KEY', 'SIGN'], // UNCONFIRMED: deposits sign a transaction from a wallet
  EARN_WITHDRAW: ['PRIVATE_KEY', 'SIGN'], // UNCONFIRMED
  CREATE_USERS: ['USER', 'CREATE'],
  CREATE_USER_TAG: ['USER', 'CREATE'],
  CREATE_API_ONLY_USERS: ['USER', 'CREATE'],
  UPDATE_USER: ['USER', 'UPDATE'],
  UPDATE_USER_NAME: ['USER', 'UPDATE'],
  UPDATE_USER_EMAIL: ['USER', 'UPDATE'],
  UPDATE_USER_PHONE_NUMBER: ['USER', 'UPDATE'],
  UPDATE_USER_TAG: ['USER', 'UPDATE'],
  DELETE_USERS: ['USER', 'DELETE'],
  DELETE_USER_TAGS: ['USER', 'DELETE'],
  CREATE_API_KEYS: ['CREDENTIAL', 'CREATE'],
  CREATE_AUTHENTICATORS: ['CREDENTIAL', 'CREATE'],
  DELETE_API_KEYS: ['CREDENTIAL', 'DELETE'],
  DELETE_AUTHENTICATORS: ['CREDENTIAL', 'DELETE'],
  CREATE_OAUTH_PROVIDERS: ['CREDENTIAL', 'CREATE'],
  DELETE_OAUTH_PROVIDERS: ['CREDENTIAL', 'DELETE'],
  SET_PAYMENT_METHOD: ['PAYMENT_METHOD', 'UPDATE'],
  DELETE_PAYMENT_METHOD: ['PAYMENT_METHOD', 'DELETE'],
  ACTIVATE_BILLING_TIER: ['SUBSCRIPTION', 'CREATE'],
  UPDATE_ALLOWED_ORIGINS: ['CONFIG', 'UPDATE'],
  SET_IP_ALLOWLIST: ['CONFIG', 'UPDATE'], // UNCONFIRMED: organization configuration, like allowed origins
  REMOVE_IP_ALLOWLIST: ['CONFIG', 'DELETE'], // UNCONFIRMED
  INIT_USER_EMAIL_RECOVERY: ['RECOVERY', 'CREATE'],
  EMAIL_AUTH: ['AUTH', 'CREATE'],
  INIT_OTP_AUTH: ['AUTH', 'CREATE'],
  OTP_AUTH: ['AUTH', 'CREATE'],
  OAUTH: ['AUTH', 'CREATE'],
  OAUTH_LOGIN: ['AUTH', 'CREATE'],
  OTP_LOGIN: ['AUTH', 'CREATE'],
  STAMP_LOGIN: ['AUTH', 'CREATE'],
  CREATE_READ_WRITE_SESSION: ['AUTH', 'CREATE'],
  CREATE_OAUTH2_CREDENTIAL: ['AUTH', 'CREATE'],
  UPDATE_OAUTH2_CREDENTIAL: ['AUTH', 'UPDATE'],
  DELETE_OAUTH2_CREDENTIAL: ['AUTH', 'DELETE'],
  OAUTH2_AUTHENTICATE: ['AUTH', 'CREATE'],
  INIT_OTP: ['OTP', 'CREATE'],
  VERIFY_OTP: ['OTP', 'VERIFY'],
  ENABLE_AUTH_PROXY: ['AUTH_PROXY', 'CREATE'],
  DISABLE_AUTH_PROXY: ['AUTH_PROXY', 'DELETE'],
  UPDATE_AUTH_PROXY_CONFIG: ['AUTH_PROXY', 'UPDATE'],
  CREATE_WEBHOOK_ENDPOINT: ['WEBHOOK_ENDPOINT', 'CREATE'],
  UPDATE_WEBHOOK_ENDPOINT: ['WEBHOOK_ENDPOINT', 'UPDATE'],
  DELETE_WEBHOOK_ENDPOINT: ['WEBHOOK_ENDPOINT', 'DELETE'],
  CREATE_FIAT_ON_RAMP_CREDENTIAL: ['ON_RAMP_CREDENTIALS', 'CREATE'], // UNCONFIRMED (resource name from docs/service-behaviour.md#policy-language)
  UPDATE_FIAT_ON_RAMP_CREDENTIAL: ['ON_RAMP_CREDENTIALS', 'UPDATE'], // UNCONFIRMED
  DELETE_FIAT_ON_RAMP_CREDENTIAL: ['ON_RAMP_CREDENTIALS', 'DELETE'], // UNCONFIRMED
  INIT_FIAT_ON_RAMP: ['FIAT_TRANSACTION', 'CREATE'], // UNCONFIRMED
  CREATE_MFA_POLICY: ['MFA_POLICY', 'CREATE'], // UNCONFIRMED
  UPDATE_MFA_POLICY: ['MFA_POLICY', 'UPDATE'], // UNCONFIRMED
  DELETE_MFA_POLICY: ['MFA_POLICY', 'DELETE'], // UNCONFIRMED
  CREATE_SESSION_PROFILE: ['SESSION_PROFILE', 'CREATE'], // UNCONFIRMED
  UPSERT_GAS_USAGE_CONFIG: ['SPONSORSHIP', 'UPDATE'], // UNCONFIRMED
  CREATE_TVC_APP: ['TVC_APP', 'CREATE'],
  UPDATE_TVC_APP_LIVE_DEPLOYMENT: ['TVC_APP', 'UPDATE'],
  DELETE_TVC_APP_AND_DEPLOYMENTS: ['TVC_APP', 'DELETE'],
  CREATE_TVC_DEPLOYMENT: ['TVC_DEPLOYMENT', 'CREATE'],
  CREATE_TVC_MANIFEST_APPROVALS: ['TVC_DEPLOYMENT', 'UPDATE'],
  RESTORE_TVC_DEPLOYMENT: ['TVC_DEPLOYMENT', 'UPDATE'],
  POST_TVC_QUORUM_KEY_SHARE: ['TVC_DEPLOYMENT', 'UPDATE'],
  DELETE_TVC_DEPLOYMENT: ['TVC_DEPLOYMENT', 'DELETE'],
  CREATE_TVC_OPERATOR: ['TVC_OPERATOR', 'CREATE'],
  CREATE_TVC_QUORUM_KEY: ['TVC_QUORUM_KEY', 'CREATE'],
  RE_ENCRYPT_TVC_QUORUM_KEY_SHARE: ['TVC_QUORUM_KEY', 'ENCRYPT'],
  // UNCONFIRMED: the language reference does not list SECRET yet; Turnkey's agent-skill pages write
  // `activity.resource == 'SECRET' && activity.action == 'EXPORT'` (docs/service-behaviour.md#secrets-in-policies).
  INIT_IMPORT_SECRETS: ['SECRET', 'IMPORT'],
  IMPORT_SECRETS: ['SECRET', 'IMPORT'],
  EXPORT_SECRETS: ['SECRET', 'EXPORT'],
  DELETE_SECRETS: ['SECRET', 'DELETE'],
};

/**
 * The `activity.resource` and `activity.action` of an activity type (any version), or undefined
 * when the docs give none (then a policy reading them gets a missing-field error).
 */
export function resourceAndActionOf(type: string): { resource: ActivityResource; action: ActivityAction } | undefined {
  const kind = activityKindOf(type);
  const pair = Object.hasOwn(BY_KIND, kind) ? BY_KIND[kind] : undefined;
  return pair ? { resource: pair[0], action: pair[1] } : undefined;
}

/** Activities only the root quorum may perform; policies neither allow nor deny them (docs/service-behaviour.md#policy-language). */
export const ROOT_QUORUM_ONLY_ACTIVITY_TYPES = [
  'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM',
  'ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE',
  'ACTIVITY_TYPE_REMOVE_ORGANIZATION_FEATURE',
  'ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME',
  // "must be initiated by a root user in the sub-organization that is to be deleted"
  // (https://docs.turnkey.com/concepts/sub-organizations); that no policy can grant it is UNCONFIRMED
  // (docs/service-behaviour.md#sub-organizations)
  'ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION',
] as const;

export function isRootQuorumOnlyActivity(type: string): boolean {
  return (ROOT_QUORUM_ONLY_ACTIVITY_TYPES as readonly string[]).includes(type);
}
