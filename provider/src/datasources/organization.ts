// Lookups of the organization's own objects (docs/service-behaviour.md#transport): wallets, private-key tags, the IP allowlist,
// session profiles, an API key, a user's MFA policies.
import { z } from 'zod';
import {
  GetApiKeyRequest,
  GetApiKeyResponse,
  GetIpAllowlistRequest,
  GetIpAllowlistResponse,
  GetMfaPoliciesRequest,
  GetMfaPoliciesResponse,
  GetSessionProfileRequest,
  GetSessionProfileResponse,
  GetSessionProfilesResponse,
  ListPrivateKeyTagsResponse,
  ListWalletsResponse,
} from '@walletinfra/sdk/schemas';
import type { ProviderContext } from '../context';
import { dataSource, selectorOfArgs, type ArgsOfDataSource, type LookupSelector, type ResultOfDataSource } from './define';

const ORGANIZATION_ID = 'The organization that was read.';

function session(ctx: ProviderContext, args: LookupSelector) {
  return ctx.session(selectorOfArgs(args));
}

export const GET_WALLETS = dataSource({
  name: 'getWallets',
  description: "The organization's wallets (list_wallets).",
  args: z.strictObject({}),
  result: z.object({ organizationId: z.string(), wallets: ListWalletsResponse.shape.wallets }),
  docs: { organizationId: ORGANIZATION_ID, wallets: 'Every wallet, as the service lists it.' },
  read: async (ctx, a) => {
    const s = session(ctx, a);
    return { organizationId: s.organizationId, wallets: (await s.client.listWallets({})).wallets };
  },
});

export const GET_PRIVATE_KEY_TAGS = dataSource({
  name: 'getPrivateKeyTags',
  description: "The organization's tags (list_private_key_tags: private-key tags and user tags, told apart by `tagType`).",
  args: z.strictObject({}),
  result: z.object({ organizationId: z.string(), privateKeyTags: ListPrivateKeyTagsResponse.shape.privateKeyTags }),
  docs: { organizationId: ORGANIZATION_ID, privateKeyTags: 'Every tag, as the service lists it.' },
  read: async (ctx, a) => {
    const s = session(ctx, a);
    return { organizationId: s.organizationId, privateKeyTags: (await s.client.listPrivateKeyTags({})).privateKeyTags };
  },
});

export const GET_IP_ALLOWLIST = dataSource({
  name: 'getIpAllowlist',
  description: "The organization's IP allowlist, or one API key's (get_ip_allowlist; docs/service-behaviour.md#ip-allowlist).",
  args: GetIpAllowlistRequest.pick({ publicKey: true }),
  result: z.object({ organizationId: z.string(), allowlist: GetIpAllowlistResponse.shape.allowlist }),
  docs: {
    publicKey: "The API key (hex public key) whose allowlist to read instead of the organization's.",
    organizationId: ORGANIZATION_ID,
    allowlist: 'The list: no rules, not enabled and `DENY` when the scope has none.',
  },
  read: async (ctx, a) => {
    const s = session(ctx, a);
    const { allowlist } = await s.client.getIpAllowlist(a.publicKey !== undefined ? { publicKey: a.publicKey } : {});
    return { organizationId: s.organizationId, allowlist };
  },
});

export const GET_SESSION_PROFILE = dataSource({
  name: 'getSessionProfile',
  description: 'One session profile by its id (get_session_profile).',
  args: GetSessionProfileRequest.pick({ sessionProfileId: true }),
  result: z.object({ organizationId: z.string(), sessionProfile: GetSessionProfileResponse.shape.sessionProfile }),
  docs: { sessionProfileId: 'The id of the session profile.', organizationId: ORGANIZATION_ID, sessionProfile: 'The session profile.' },
  read: async (ctx, a) => {
    const s = session(ctx, a);
    const { sessionProfile } = await s.client.getSessionProfile({ sessionProfileId: a.sessionProfileId });
    return { organizationId: s.organizationId, sessionProfile };
  },
});

export const GET_SESSION_PROFILES = dataSource({
  name: 'getSessionProfiles',
  description: "Every session profile the organization can use, its parent's included (get_session_profiles).",
  args: z.strictObject({}),
  result: z.object({ organizationId: z.string(), sessionProfiles: GetSessionProfilesResponse.shape.sessionProfiles }),
  docs: { organizationId: ORGANIZATION_ID, sessionProfiles: 'The session profiles.' },
  read: async (ctx, a) => {
    const s = session(ctx, a);
    return { organizationId: s.organizationId, sessionProfiles: (await s.client.getSessionProfiles({})).sessionProfiles };
  },
});

export const GET_API_KEY = dataSource({
  name: 'getApiKey',
  description: 'One API key by its id (get_api_key).',
  args: GetApiKeyRequest.pick({ apiKeyId: true }),
  result: z.object({ organizationId: z.string(), apiKey: GetApiKeyResponse.shape.apiKey }),
  docs: { apiKeyId: 'The id of the API key.', organizationId: ORGANIZATION_ID, apiKey: 'The API key (its public half and metadata).' },
  read: async (ctx, a) => {
    const s = session(ctx, a);
    return { organizationId: s.organizationId, apiKey: (await s.client.getApiKey({ apiKeyId: a.apiKeyId })).apiKey };
  },
});

export const GET_MFA_POLICIES = dataSource({
  name: 'getMfaPolicies',
  description: "A user's MFA policies (get_mfa_policies; MFA policies are per user, docs/service-behaviour.md#mfa-policies).",
  args: GetMfaPoliciesRequest.pick({ userId: true }),
  result: z.object({ organizationId: z.string(), userId: z.string(), mfaPolicies: GetMfaPoliciesResponse.shape.mfaPolicies }),
  docs: {
    userId: 'The user whose MFA policies to read.',
    organizationId: ORGANIZATION_ID,
    mfaPolicies: "The user's MFA policies, in the service's order.",
  },
  read: async (ctx, a) => {
    const s = session(ctx, a);
    const { mfaPolicies } = await s.client.getMfaPolicies({ userId: a.userId });
    return { organizationId: s.organizationId, userId: a.userId, mfaPolicies };
  },
});

export type GetWalletsArgs = ArgsOfDataSource<typeof GET_WALLETS>;
export type GetWalletsResult = ResultOfDataSource<typeof GET_WALLETS>;
export type GetPrivateKeyTagsArgs = ArgsOfDataSource<typeof GET_PRIVATE_KEY_TAGS>;
export type GetPrivateKeyTagsResult = ResultOfDataSource<typeof GET_PRIVATE_KEY_TAGS>;
export type GetIpAllowlistArgs = ArgsOfDataSource<typeof GET_IP_ALLOWLIST>;
export type GetIpAllowlistResult = ResultOfDataSource<typeof GET_IP_ALLOWLIST>;
export type GetSessionProfileArgs = ArgsOfDataSource<typeof GET_SESSION_PROFILE>;
export type GetSessionProfileResult = ResultOfDataSource<typeof GET_SESSION_PROFILE>;
export type GetSessionProfilesArgs = ArgsOfDataSource<typeof GET_SESSION_PROFILES>;
export type GetSessionProfilesResult = ResultOfDataSource<typeof GET_SESSION_PROFILES>;
export type GetApiKeyArgs = ArgsOfDataSource<typeof GET_API_KEY>;
export type GetApiKeyResult = ResultOfDataSource<typeof GET_API_KEY>;
export type GetMfaPoliciesArgs = ArgsOfDataSource<typeof GET_MFA_POLICIES>;
export type GetMfaPoliciesResult = ResultOfDataSource<typeof GET_MFA_POLICIES>;

export const ORGANIZATION_DATA_SOURCES = [
  GET_WALLETS,
  GET_PRIVATE_KEY_TAGS,
  GET_IP_ALLOWLIST,
  GET_SESSION_PROFILE,
  GET_SESSION_PROFILES,
  GET_API_KEY,
  GET_MFA_POLICIES,
];
