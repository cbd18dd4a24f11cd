// Webhook endpoints and fiat on-ramp credentials as data. The credentials' encrypted keys are returned as
// secret Outputs, so exporting one never prints it.
import * as pulumi from '@pulumi/pulumi';
import type { FiatOnRampCredential, WebhookEndpoint } from '@walletinfra/sdk';
import type { ProviderContext } from '../runtime/context';
import { FIAT_ON_RAMP_CREDENTIALS } from '../resources/fiatOnRampCredential/spec';
import { WEBHOOK_ENDPOINTS } from '../resources/webhookEndpoint/spec';
import { define, selectorOfArgs, type LookupSelector } from './define';

export type GetWebhookEndpointsArgs = LookupSelector;
export interface GetWebhookEndpointsResult {
  organizationId: string;
  webhookEndpoints: WebhookEndpoint[];
}

export type FiatOnRampCredentialView = Omit<FiatOnRampCredential, 'encryptedSecretApiKey' | 'encryptedPrivateApiKey'> & {
  /** Secret. */
  encryptedSecretApiKey: pulumi.Output<string>;
  /** Secret; absent when the credential has none. */
  encryptedPrivateApiKey?: pulumi.Output<string>;
};

export type GetFiatOnRampCredentialsArgs = LookupSelector;
export interface GetFiatOnRampCredentialsResult {
  organizationId: string;
  fiatOnRampCredentials: FiatOnRampCredentialView[];
}

function view(c: FiatOnRampCredential): FiatOnRampCredentialView {
  const { encryptedSecretApiKey, encryptedPrivateApiKey, ...rest } = c;
  return {
    ...rest,
    encryptedSecretApiKey: pulumi.secret(encryptedSecretApiKey),
    ...(encryptedPrivateApiKey !== undefined ? { encryptedPrivateApiKey: pulumi.secret(encryptedPrivateApiKey) } : {}),
  };
}

export function integrationLookups(context: () => ProviderContext) {
  return {
    webhookEndpoints: define<GetWebhookEndpointsArgs, GetWebhookEndpointsResult>('getWebhookEndpoints', [], context, async (ctx, a) => {
      const session = ctx.session(selectorOfArgs(a));
      return { organizationId: session.organizationId, webhookEndpoints: await session.list(WEBHOOK_ENDPOINTS) };
    }),
    fiatOnRampCredentials: define<GetFiatOnRampCredentialsArgs, GetFiatOnRampCredentialsResult>(
      'getFiatOnRampCredentials',
      [],
      context,
      async (ctx, a) => {
        const session = ctx.session(selectorOfArgs(a));
        const credentials = await session.list(FIAT_ON_RAMP_CREDENTIALS);
        return { organizationId: session.organizationId, fiatOnRampCredentials: credentials.map(view) };
      },
    ),
  };
}
