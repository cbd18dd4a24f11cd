// Which activities carry each keyword a condition may read. A read of a keyword the activity lacks is the
// service's `MissingField` error, and as the engine does not short-circuit, one such read anywhere in a condition
// makes the whole condition an error for that activity (https://docs.turnkey.com/features/policies/language,
// "Policy evaluation": `wallet.id == '…' || private_key.id == '…'` always errors). So a condition can only ever match
// activities that carry every keyword it reads.
import { ACTIVITY_KINDS, resourceAndActionOf } from '../activity';

const SIGNING = ['SIGN_TRANSACTION', 'SIGN_RAW_PAYLOAD', 'SIGN_RAW_PAYLOADS'];

// The language page's keyword table and "Activity parameters"; the chain keywords on signing kinds is our
// reading, UNCONFIRMED (docs/policy-lint.md#field-never-carried).
const CARRIED: Readonly<Record<string, readonly string[]>> = {
  eth: [
    ...SIGNING,
    'ETH_SEND_TRANSACTION',
    'ETH_SEND_RAW_TRANSACTION',
    'ETH_UNDELEGATE_7702',
    'EARN_DEPOSIT',
    'EARN_WITHDRAW',
    'EARN_CLAIM_REWARDS',
    'EXECUTE_SWAP',
  ],
  solana: [...SIGNING, 'SOL_SEND_TRANSACTION', 'EXECUTE_SWAP'],
  tron: SIGNING,
  bitcoin: SIGNING,
  tempo: SIGNING,
  secret: ['EXPORT_SECRETS', 'DELETE_SECRETS'],
  'activity.params.hash_function': ['SIGN_RAW_PAYLOAD', 'SIGN_RAW_PAYLOADS'],
  'activity.params.encoding': ['SIGN_RAW_PAYLOAD', 'SIGN_RAW_PAYLOADS'],
  'activity.params.type': ['SIGN_TRANSACTION'],
  'activity.params.user_ids': ['DELETE_USERS'],
  'activity.params.user_id': ['CREATE_API_KEYS', 'DELETE_API_KEYS'],
  'activity.params.api_key_ids': ['DELETE_API_KEYS'],
  'activity.params.target_public_key': ['EXPORT_WALLET', 'EXPORT_WALLET_ACCOUNT', 'EXPORT_PRIVATE_KEY'],
  'activity.params.wallet_id': ['UPDATE_WALLET'],
  'activity.params.otp_length': ['INIT_OTP_AUTH'],
  'activity.params.session_profile_id': ['OTP_LOGIN', 'STAMP_LOGIN', 'OAUTH_LOGIN'],
  'activity.params.endpoint_id': ['UPDATE_WEBHOOK_ENDPOINT', 'DELETE_WEBHOOK_ENDPOINT'],
  'activity.params.sign_with': ['SPARK_SIGN_FROST', 'SPARK_PREPARE_TRANSFER', 'SPARK_CLAIM_TRANSFER', 'SPARK_PREPARE_LIGHTNING_RECEIVE'],
  'activity.params.signatures': ['SPARK_SIGN_FROST'],
  'activity.params.transfer': ['SPARK_PREPARE_TRANSFER'],
  'activity.params.claim': ['SPARK_CLAIM_TRANSFER'],
  'activity.params.lightning_receive': ['SPARK_PREPARE_LIGHTNING_RECEIVE'],
};

// The wallet and key keywords come with activities on wallets and keys (signing is filed under PRIVATE_KEY), and,
// for want of the service saying otherwise, with activities the docs file under no resource: our reading,
// UNCONFIRMED. Users, credentials, policies and the organization's settings never name a wallet or key.
const ON_WALLETS = ACTIVITY_KINDS.filter((kind) => {
  const resource = resourceAndActionOf(`ACTIVITY_TYPE_${kind}`)?.resource;
  return resource === undefined || resource === 'WALLET' || resource === 'PRIVATE_KEY';
});
const WALLET_KEYWORDS = ['wallet', 'wallets', 'private_key', 'wallet_account'];

/** The keyword a read falls under (`eth`, `activity.params.user_id`, `wallet`), when the activities carrying it are known. */
export function carriedKeyword(read: string): string | undefined {
  const under = (k: string): boolean => read === k || read.startsWith(`${k}.`) || read.startsWith(`${k}[`);
  return Object.keys(CARRIED).find(under) ?? WALLET_KEYWORDS.find(under);
}

/** The activity kinds that carry a keyword of {@link carriedKeyword}. */
export function carriersOf(keyword: string): ReadonlySet<string> {
  return new Set(Object.hasOwn(CARRIED, keyword) ? CARRIED[keyword] : WALLET_KEYWORDS.includes(keyword) ? ON_WALLETS : []);
}

/** Whether the keyword is known to be carried only by some activities (the wallet keywords are our reading). */
export function isWalletKeyword(keyword: string): boolean {
  return WALLET_KEYWORDS.includes(keyword);
}
