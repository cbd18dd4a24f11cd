// The seed file format (README "Seed format"): what an organization starts with so that every query has
// realistic data. Validated with ./shape.ts; errors name the JSON path.
import {
  ADDRESS_FORMATS,
  AUTHENTICATION_TYPES,
  CURVES,
  EARN_CHAIN_CAIP2,
  EFFECTS,
  IP_ALLOWLIST_ON_EVALUATION_ERROR,
  PATH_FORMATS,
  SOL_CAIP2,
} from '@walletinfra/sdk';
import { arr, bool, int, json, obj, oneOf, opt, record, req, str, type Shape } from './shape';

const digits = str({ pattern: /^[0-9]+$/, what: 'a string of decimal digits' });
const name = str({ nonEmpty: true });

const apiKey = obj({ apiKeyName: req(name), publicKey: req(str({ nonEmpty: true })), expirationSeconds: opt(digits) });

const mfaPolicy = obj({
  mfaPolicyName: req(name),
  condition: req(str()),
  requiredAuthenticationMethods: req(arr(obj({ any: req(arr(obj({ type: req(oneOf(AUTHENTICATION_TYPES)), id: opt(str()) }))) }))),
  order: req(int(0, 1000)),
  notes: opt(str()),
});

const user = obj({
  userName: req(name),
  userEmail: opt(str({ pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, what: 'an email address' })),
  userPhoneNumber: opt(str({ pattern: /^\+[1-9][0-9]{6,14}$/, what: 'a phone number in E.164 format' })),
  /** names from `userTags` */
  tags: opt(arr(name)),
  root: opt(bool),
  apiKeys: opt(arr(apiKey)),
  /** passkeys: credential id (base64url) and P-256 public key (hex) */
  authenticators: opt(arr(obj({ authenticatorName: req(name), credentialId: req(name), publicKey: req(name) }))),
  oauthProviders: opt(arr(obj({ providerName: req(name), oidcToken: opt(str()) }))),
  mfaPolicies: opt(arr(mfaPolicy)),
});

const account = obj({
  curve: req(oneOf(CURVES)),
  pathFormat: req(oneOf(PATH_FORMATS)),
  path: req(name),
  addressFormat: req(oneOf(ADDRESS_FORMATS)),
  /** a fixed address (so seeded history can refer to it); derived when omitted */
  address: opt(name),
  name: opt(str()),
});

const wallet = obj({ walletName: req(name), accounts: req(arr(account)) });

export const seedShape = obj({
  organization: opt(obj({ name: opt(name), requiredApprovals: opt(int(1, 100)), timePoliciesEnabled: opt(bool) })),
  authProxy: opt(
    obj({
      enabledProviders: opt(arr(name)),
      sessionExpirationSeconds: opt(digits),
      otpLength: opt(str({ pattern: /^[6-9]$/, what: 'a string from "6" to "9"' })),
      otpAlphanumeric: opt(bool),
      oauthClientIds: opt(record(str())),
      oauthRedirectUrl: opt(str()),
    }),
  ),
  userTags: opt(arr(name)),
  users: opt(arr(user)),
  privateKeyTags: opt(arr(name)),
  /** private keys (for tag membership); `tags` are names from `privateKeyTags` */
  privateKeys: opt(arr(obj({ privateKeyName: req(name), curve: opt(oneOf(CURVES)), tags: opt(arr(name)) }))),
  wallets: opt(arr(wallet)),
  sessionProfiles: opt(arr(obj({ sessionProfileName: req(name), scope: req(name), expirationSeconds: opt(digits), notes: opt(str()) }))),
  policies: opt(
    arr(
      obj({
        policyName: req(name),
        effect: req(oneOf(EFFECTS)),
        condition: opt(str()),
        consensus: opt(str()),
        notes: req(str()),
        time: opt(str()),
      }),
    ),
  ),
  ipAllowlist: opt(
    obj({
      enabled: opt(bool),
      onEvaluationError: opt(oneOf(IP_ALLOWLIST_ON_EVALUATION_ERROR)),
      rules: req(arr(obj({ cidr: req(name), label: opt(str()) }))),
    }),
  ),
  subOrganizations: opt(
    arr(
      obj({
        name: req(name),
        rootUsers: req(arr(obj({ userName: req(name), userEmail: opt(str()), userPhoneNumber: opt(str()), apiKeys: opt(arr(apiKey)) }))),
        rootQuorumThreshold: opt(int(1, 100)),
        wallets: opt(arr(wallet)),
      }),
    ),
  ),
  /** history per address, newest first; each transaction as list_sol_transaction_history returns it (docs/service-behaviour.md#solana-transaction-history) */
  solanaTransactions: opt(arr(obj({ address: req(name), caip2: req(oneOf(SOL_CAIP2)), transactions: req(arr(json)) }))),
  earnWrappers: opt(
    arr(
      obj({
        wrapperAddress: req(str({ pattern: /^0x[0-9a-fA-F]{40}$/, what: 'a 0x-prefixed 20-byte address' })),
        chainCaip2: req(oneOf(EARN_CHAIN_CAIP2)),
        vaultName: req(name),
        asset: req(obj({ symbol: req(name), caip19: req(name), decimals: req(int(0, 36)) })),
      }),
    ),
  ),
});

export type SeedInput = ReturnType<typeof seedShape>;

export const parseSeed: Shape<SeedInput> = seedShape;
