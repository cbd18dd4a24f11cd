// The seed file format (README "Seed format"): what an organization starts with so that every query has
// realistic data. One zod object per seeded kind, gathered in SeedSchema; adding a kind is one object and
// one line there. Parsed by the sdk's option parser: a refusal names the field by its JSON path below `seed`.
import { ConfigurationError } from '@walletinfra/sdk';
import {
  ADDRESS_FORMATS,
  API_KEY_CURVES,
  AUTHENTICATION_TYPES,
  CURVES,
  EARN_CHAIN_CAIP2,
  EFFECTS,
  IP_ALLOWLIST_ON_EVALUATION_ERROR,
  PATH_FORMATS,
  SOL_CAIP2,
} from '@walletinfra/sdk/schemas';
import { got, shown } from '@walletinfra/sdk/options';
import { z } from 'zod';
import { digits, flag, intFrom, matching, nonEmpty, oneOf, parseWith } from '../validation';
import { SeedSmartContractInterface, SeedVelocityControl } from './policy-dependencies';

/** A seed the emulator refuses: the field's path below `seed`, what it must be, and the value found. */
export class SeedError extends ConfigurationError {}

const text = z.string({ error: got('must be a string') });
const names = z.array(nonEmpty, { error: got('must be an array of names') });
const list = <T extends z.ZodType>(item: T) => z.array(item, { error: got('must be an array') });

export const SeedApiKey = z.strictObject({
  apiKeyName: nonEmpty,
  /** the public key in hex: compressed for P-256 and secp256k1, 32 bytes for Ed25519 */
  publicKey: nonEmpty,
  /** as create_api_keys takes it; P-256 when omitted (docs/service-behaviour.md#api-keys) */
  curveType: oneOf(API_KEY_CURVES).optional(),
  expirationSeconds: digits.optional(),
});

export const SeedAuthenticator = z.strictObject({
  authenticatorName: nonEmpty,
  /** base64url */
  credentialId: nonEmpty,
  /** P-256 public key (hex) */
  publicKey: nonEmpty,
});

export const SeedOauthProvider = z.strictObject({
  providerName: nonEmpty,
  // a token: never repeated in a message
  oidcToken: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string (an OIDC token; the value is not shown)') })
    .optional(),
});

export const SeedMfaPolicy = z.strictObject({
  mfaPolicyName: nonEmpty,
  condition: text,
  requiredAuthenticationMethods: list(
    z.strictObject({ any: list(z.strictObject({ type: oneOf(AUTHENTICATION_TYPES), id: text.optional() })) }),
  ),
  order: intFrom(0, 1000),
  notes: text.optional(),
});

export const SeedUser = z.strictObject({
  userName: nonEmpty,
  userEmail: matching(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'an email address').optional(),
  userPhoneNumber: matching(/^\+[1-9][0-9]{6,14}$/, 'a phone number in E.164 format').optional(),
  /** names from `userTags` */
  tags: names.optional(),
  root: flag.optional(),
  apiKeys: list(SeedApiKey).optional(),
  /** passkeys: credential id (base64url) and P-256 public key (hex) */
  authenticators: list(SeedAuthenticator).optional(),
  oauthProviders: list(SeedOauthProvider).optional(),
  mfaPolicies: list(SeedMfaPolicy).optional(),
});

export const SeedAccount = z.strictObject({
  curve: oneOf(CURVES),
  pathFormat: oneOf(PATH_FORMATS),
  path: nonEmpty,
  addressFormat: oneOf(ADDRESS_FORMATS),
  /** a fixed address (so seeded history can refer to it); derived when omitted */
  address: nonEmpty.optional(),
  name: text.optional(),
});

export const SeedWallet = z.strictObject({ walletName: nonEmpty, accounts: list(SeedAccount) });

export const SeedOrganization = z.strictObject({
  name: nonEmpty.optional(),
  requiredApprovals: intFrom(1, 100).optional(),
  timePoliciesEnabled: flag.optional(),
});

export const SeedAuthProxy = z.strictObject({
  enabledProviders: names.optional(),
  sessionExpirationSeconds: digits.optional(),
  otpLength: matching(/^[6-9]$/, 'a string from "6" to "9"').optional(),
  otpAlphanumeric: flag.optional(),
  oauthClientIds: z.record(z.string(), text, { error: got('must be an object of client ids by provider') }).optional(),
  oauthRedirectUrl: text.optional(),
});

/** private keys (for tag membership); `tags` are names from `privateKeyTags` */
export const SeedPrivateKey = z.strictObject({ privateKeyName: nonEmpty, curve: oneOf(CURVES).optional(), tags: names.optional() });

export const SeedSessionProfile = z.strictObject({
  sessionProfileName: nonEmpty,
  scope: nonEmpty,
  expirationSeconds: digits.optional(),
  notes: text.optional(),
});

export const SeedPolicy = z.strictObject({
  policyName: nonEmpty,
  effect: oneOf(EFFECTS),
  condition: text.optional(),
  consensus: text.optional(),
  notes: text,
  time: text.optional(),
});

export const SeedIpAllowlist = z.strictObject({
  enabled: flag.optional(),
  onEvaluationError: oneOf(IP_ALLOWLIST_ON_EVALUATION_ERROR).optional(),
  rules: list(z.strictObject({ cidr: nonEmpty, label: text.optional() })),
});

export const SeedSubOrganization = z
  .strictObject({
    name: nonEmpty,
    rootUsers: list(
      z.strictObject({
        userName: nonEmpty,
        userEmail: text.optional(),
        userPhoneNumber: text.optional(),
        apiKeys: list(SeedApiKey).optional(),
      }),
    ),
    rootQuorumThreshold: intFrom(1, 100).optional(),
    wallets: list(SeedWallet).optional(),
  })
  .superRefine((sub, ctx) => {
    if (sub.rootQuorumThreshold !== undefined && sub.rootQuorumThreshold > sub.rootUsers.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['rootQuorumThreshold'],
        input: sub.rootQuorumThreshold,
        message: `must be at most the number of rootUsers (${sub.rootUsers.length}), got ${sub.rootQuorumThreshold}`,
      });
    }
  });

/** history per address, newest first; each transaction as list_sol_transaction_history returns it (docs/service-behaviour.md#solana-transaction-history) */
export const SeedSolanaTransactions = z.strictObject({ address: nonEmpty, caip2: oneOf(SOL_CAIP2), transactions: list(z.unknown()) });

export const SeedEarnWrapper = z.strictObject({
  wrapperAddress: matching(/^0x[0-9a-fA-F]{40}$/, 'a 0x-prefixed 20-byte address'),
  chainCaip2: oneOf(EARN_CHAIN_CAIP2),
  vaultName: nonEmpty,
  asset: z.strictObject({ symbol: nonEmpty, caip19: nonEmpty, decimals: intFrom(0, 36) }),
});

/** Every name in `items[i].tags` must be declared in the seed's list `declared` (named `listName`). */
function checkTagNames(
  ctx: z.core.$RefinementCtx,
  items: ReadonlyArray<{ tags?: string[] | undefined }>,
  itemsName: string,
  declared: readonly string[],
  listName: string,
): void {
  items.forEach((item, i) =>
    (item.tags ?? []).forEach((tag, j) => {
      if (declared.includes(tag)) return;
      const known = declared.length === 0 ? 'none are declared' : declared.join(', ');
      const message = `must be a tag declared in seed.${listName} (${known}), got ${shown(tag)}`;
      ctx.addIssue({ code: 'custom', path: [itemsName, i, 'tags', j], input: tag, message });
    }),
  );
}

export const SeedSchema = z
  .strictObject({
    organization: SeedOrganization.optional(),
    authProxy: SeedAuthProxy.optional(),
    userTags: names.optional(),
    users: list(SeedUser).optional(),
    privateKeyTags: names.optional(),
    privateKeys: list(SeedPrivateKey).optional(),
    wallets: list(SeedWallet).optional(),
    sessionProfiles: list(SeedSessionProfile).optional(),
    /** applied before `policies`, which may read decoded calls and `controls.<identifier>` (./policy-dependencies.ts) */
    smartContractInterfaces: list(SeedSmartContractInterface).optional(),
    velocityControls: list(SeedVelocityControl).optional(),
    policies: list(SeedPolicy).optional(),
    ipAllowlist: SeedIpAllowlist.optional(),
    subOrganizations: list(SeedSubOrganization).optional(),
    solanaTransactions: list(SeedSolanaTransactions).optional(),
    earnWrappers: list(SeedEarnWrapper).optional(),
  })
  .superRefine((seed, ctx) => {
    checkTagNames(ctx, seed.users ?? [], 'users', seed.userTags ?? [], 'userTags');
    checkTagNames(ctx, seed.privateKeys ?? [], 'privateKeys', seed.privateKeyTags ?? [], 'privateKeyTags');
  });

/** A seed as written (what `startEmulator({seed})`, `--seed` and `POST /__admin/seed` accept). */
export type SeedInput = z.input<typeof SeedSchema>;
/** A seed once checked. */
export type Seed = z.output<typeof SeedSchema>;

/** Checks a seed; throws SeedError naming the field (`seed.users[0].userName must not be empty, got ""`). */
export function parseSeed(input: unknown): Seed {
  return parseWith(SeedSchema, input, { path: ['seed'], noun: 'field' }, SeedError);
}
