// Lookups that need no API key: the wallet-kit configuration from the authentication proxy (docs/service-behaviour.md#auth-proxy,
// needs an auth-proxy config id) and the public keys that sign webhook deliveries (docs/service-behaviour.md#verification-keys).
import type { ResponseOf } from '@walletinfra/sdk';
import type { ProviderContext } from '../runtime/context';
import { define, selectorOfArgs, type LookupSelector } from './define';

export interface GetWalletKitConfigArgs extends Pick<LookupSelector, 'profile'> {
  /** Default: `walletinfra:authProxyConfigId` / `WALLETINFRA_AUTH_PROXY_CONFIG_ID`. */
  authProxyConfigId?: string;
}
export type GetWalletKitConfigResult = ResponseOf<'get_wallet_kit_config'>;

export type GetWebhookJwksArgs = Pick<LookupSelector, 'profile'>;
export type GetWebhookJwksResult = ResponseOf<'get_webhook_jwks'>;

export function publicLookups(context: () => ProviderContext) {
  return {
    walletKitConfig: define<GetWalletKitConfigArgs, GetWalletKitConfigResult>(
      'getWalletKitConfig',
      ['authProxyConfigId'],
      context,
      async (ctx, a) => ctx.publicClient(selectorOfArgs(a), a.authProxyConfigId).getWalletKitConfig(),
    ),
    webhookJwks: define<GetWebhookJwksArgs, GetWebhookJwksResult>('getWebhookJwks', [], context, async (ctx, a) =>
      ctx.publicClient(selectorOfArgs(a)).getWebhookJwks(),
    ),
  };
}
