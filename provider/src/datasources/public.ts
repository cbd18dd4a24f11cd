// Lookups that need no API key: the wallet-kit configuration from the authentication proxy (docs/service-behaviour.md#auth-proxy,
// needs an auth-proxy config id) and the public keys that sign webhook deliveries (docs/service-behaviour.md#verification-keys).
import { z } from 'zod';
import { GetWalletKitConfigResponse, WebhookJwksResponse } from '@walletinfra/sdk/schemas';
import { dataSource, selectorOfArgs, type ArgsOfDataSource, type ResultOfDataSource } from './define';

export const GET_WALLET_KIT_CONFIG = dataSource({
  name: 'getWalletKitConfig',
  description: "The authentication proxy's wallet-kit configuration (no API key needed; docs/service-behaviour.md#auth-proxy).",
  selector: 'profile',
  args: z.strictObject({ authProxyConfigId: z.string().optional() }),
  result: GetWalletKitConfigResponse.pick({
    enabledProviders: true,
    sessionExpirationSeconds: true,
    organizationId: true,
    oauthClientIds: true,
    oauthRedirectUrl: true,
    otpAlphanumeric: true,
    otpLength: true,
  }),
  docs: {
    authProxyConfigId: 'The auth-proxy configuration (default: `walletinfra:authProxyConfigId` / `WALLETINFRA_AUTH_PROXY_CONFIG_ID`).',
    enabledProviders: 'The login methods enabled.',
    sessionExpirationSeconds: 'Session life in seconds, as a decimal string.',
    organizationId: 'The organization the configuration belongs to.',
    oauthClientIds: 'OAuth client ids by provider.',
    oauthRedirectUrl: 'The OAuth redirect URL.',
    otpAlphanumeric: 'Whether one-time passwords use letters too.',
    otpLength: 'The length of one-time passwords, as a decimal string.',
  },
  read: (ctx, a) => ctx.publicClient(selectorOfArgs(a), a.authProxyConfigId).getWalletKitConfig(),
});

export const GET_WEBHOOK_JWKS = dataSource({
  name: 'getWebhookJwks',
  description: 'The public keys that sign webhook deliveries (no API key needed; docs/service-behaviour.md#verification-keys).',
  selector: 'profile',
  args: z.strictObject({}),
  result: WebhookJwksResponse.pick({ keys: true }),
  docs: { keys: 'The signing keys (JWK), each with its `kid`.' },
  read: (ctx, a) => ctx.publicClient(selectorOfArgs(a)).getWebhookJwks(),
});

export type GetWalletKitConfigArgs = ArgsOfDataSource<typeof GET_WALLET_KIT_CONFIG>;
export type GetWalletKitConfigResult = ResultOfDataSource<typeof GET_WALLET_KIT_CONFIG>;
export type GetWebhookJwksArgs = ArgsOfDataSource<typeof GET_WEBHOOK_JWKS>;
export type GetWebhookJwksResult = ResultOfDataSource<typeof GET_WEBHOOK_JWKS>;

export const PUBLIC_DATA_SOURCES = [GET_WALLET_KIT_CONFIG, GET_WEBHOOK_JWKS];
