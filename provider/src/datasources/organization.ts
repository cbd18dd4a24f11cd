// Lookups of the organization's own objects (docs/service-behaviour.md#transport): wallets, private-key tags, the IP allowlist,
// session profiles, an API key, a user's MFA policies.
import type { ApiKey, IpAllowlist, MfaPolicy, PrivateKeyTag, SessionProfile, Wallet } from '@walletinfra/sdk';
import type { ProviderContext } from '../runtime/context';
import { define, selectorOfArgs, type LookupSelector } from './define';

export type GetWalletsArgs = LookupSelector;
export interface GetWalletsResult {
  organizationId: string;
  wallets: Wallet[];
}

export type GetPrivateKeyTagsArgs = LookupSelector;
export interface GetPrivateKeyTagsResult {
  organizationId: string;
  privateKeyTags: PrivateKeyTag[];
}

export interface GetIpAllowlistArgs extends LookupSelector {
  /** The allowlist of this API key instead of the organization's (docs/service-behaviour.md#ip-allowlist). */
  publicKey?: string;
}
export interface GetIpAllowlistResult {
  organizationId: string;
  allowlist: IpAllowlist;
}

export interface GetSessionProfileArgs extends LookupSelector {
  sessionProfileId: string;
}
export interface GetSessionProfileResult {
  organizationId: string;
  sessionProfile: SessionProfile;
}

export type GetSessionProfilesArgs = LookupSelector;
export interface GetSessionProfilesResult {
  organizationId: string;
  sessionProfiles: SessionProfile[];
}

export interface GetApiKeyArgs extends LookupSelector {
  apiKeyId: string;
}
export interface GetApiKeyResult {
  organizationId: string;
  apiKey: ApiKey;
}

export interface GetMfaPoliciesArgs extends LookupSelector {
  /** MFA policies are per user (docs/service-behaviour.md#mfa-policies). */
  userId: string;
}
export interface GetMfaPoliciesResult {
  organizationId: string;
  userId: string;
  mfaPolicies: MfaPolicy[];
}

export function organizationLookups(context: () => ProviderContext) {
  const call = <T>(ctx: ProviderContext, args: LookupSelector, fn: (s: ReturnType<ProviderContext['session']>) => Promise<T>) => {
    const session = ctx.session(selectorOfArgs(args));
    return fn(session).then((value) => ({ organizationId: session.organizationId, value }));
  };
  return {
    wallets: define<GetWalletsArgs, GetWalletsResult>('getWallets', [], context, async (ctx, a) => {
      const r = await call(ctx, a, (s) => s.client.listWallets({}));
      return { organizationId: r.organizationId, wallets: r.value.wallets };
    }),
    privateKeyTags: define<GetPrivateKeyTagsArgs, GetPrivateKeyTagsResult>('getPrivateKeyTags', [], context, async (ctx, a) => {
      const r = await call(ctx, a, (s) => s.client.listPrivateKeyTags({}));
      return { organizationId: r.organizationId, privateKeyTags: r.value.privateKeyTags };
    }),
    ipAllowlist: define<GetIpAllowlistArgs, GetIpAllowlistResult>('getIpAllowlist', ['publicKey'], context, async (ctx, a) => {
      const r = await call(ctx, a, (s) => s.client.getIpAllowlist(a.publicKey !== undefined ? { publicKey: a.publicKey } : {}));
      return { organizationId: r.organizationId, allowlist: r.value.allowlist };
    }),
    sessionProfile: define<GetSessionProfileArgs, GetSessionProfileResult>(
      'getSessionProfile',
      ['sessionProfileId'],
      context,
      async (ctx, a) => {
        const r = await call(ctx, a, (s) => s.client.getSessionProfile({ sessionProfileId: a.sessionProfileId }));
        return { organizationId: r.organizationId, sessionProfile: r.value.sessionProfile };
      },
    ),
    sessionProfiles: define<GetSessionProfilesArgs, GetSessionProfilesResult>('getSessionProfiles', [], context, async (ctx, a) => {
      const r = await call(ctx, a, (s) => s.client.getSessionProfiles({}));
      return { organizationId: r.organizationId, sessionProfiles: r.value.sessionProfiles };
    }),
    apiKey: define<GetApiKeyArgs, GetApiKeyResult>('getApiKey', ['apiKeyId'], context, async (ctx, a) => {
      const r = await call(ctx, a, (s) => s.client.getApiKey({ apiKeyId: a.apiKeyId }));
      return { organizationId: r.organizationId, apiKey: r.value.apiKey };
    }),
    mfaPolicies: define<GetMfaPoliciesArgs, GetMfaPoliciesResult>('getMfaPolicies', ['userId'], context, async (ctx, a) => {
      const r = await call(ctx, a, (s) => s.client.getMfaPolicies({ userId: a.userId }));
      return { organizationId: r.organizationId, userId: a.userId, mfaPolicies: r.value.mfaPolicies };
    }),
  };
}
