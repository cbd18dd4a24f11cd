// Webhook endpoints and fiat on-ramp credentials as data. The credentials' encrypted keys are secret: a
// program gets them as secret Outputs, so exporting one never prints it, and the native function returns
// the credentials as a secret.
import * as pulumi from '@pulumi/pulumi';
import { z } from 'zod';
import { ListFiatOnRampCredentialsResponse, ListWebhookEndpointsResponse, type FiatOnRampCredential } from '@walletinfra/sdk/schemas';
import { dataSource, selectorOfArgs, type ArgsOfDataSource, type ResultOfDataSource } from './define';
import { FIAT_ON_RAMP_CREDENTIALS, WEBHOOK_ENDPOINTS } from '../session/lists';

export const GET_WEBHOOK_ENDPOINTS = dataSource({
  name: 'getWebhookEndpoints',
  description: "The organization's webhook endpoints with their subscriptions (list_webhook_endpoints).",
  args: z.strictObject({}),
  result: z.object({ organizationId: z.string(), webhookEndpoints: ListWebhookEndpointsResponse.shape.webhookEndpoints }),
  docs: { organizationId: 'The organization that was read.', webhookEndpoints: 'Every webhook endpoint, as the service lists them.' },
  read: async (ctx, a) => {
    const session = ctx.session(selectorOfArgs(a));
    return { organizationId: session.organizationId, webhookEndpoints: await session.list(WEBHOOK_ENDPOINTS) };
  },
});

export const GET_FIAT_ON_RAMP_CREDENTIALS = dataSource({
  name: 'getFiatOnRampCredentials',
  description:
    "The organization's fiat on-ramp credentials (list_fiat_on_ramp_credentials). The service returns only the ciphertexts " +
    'of their secrets; those are secret all the same.',
  args: z.strictObject({}),
  result: z.object({ organizationId: z.string(), fiatOnRampCredentials: ListFiatOnRampCredentialsResponse.shape.fiatOnRampCredentials }),
  docs: {
    organizationId: 'The organization that was read.',
    fiatOnRampCredentials: 'Every credential; secret, because each holds the ciphertexts of its keys.',
  },
  secretResults: ['fiatOnRampCredentials'],
  read: async (ctx, a) => {
    const session = ctx.session(selectorOfArgs(a));
    return { organizationId: session.organizationId, fiatOnRampCredentials: await session.list(FIAT_ON_RAMP_CREDENTIALS) };
  },
});

/** A credential as a program sees it: the ciphertexts as secret Outputs. */
export type FiatOnRampCredentialView = Omit<FiatOnRampCredential, 'encryptedSecretApiKey' | 'encryptedPrivateApiKey'> & {
  /** Secret. */
  encryptedSecretApiKey: pulumi.Output<string>;
  /** Secret; absent when the credential has none. */
  encryptedPrivateApiKey?: pulumi.Output<string>;
};

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

export type GetWebhookEndpointsArgs = ArgsOfDataSource<typeof GET_WEBHOOK_ENDPOINTS>;
export type GetWebhookEndpointsResult = ResultOfDataSource<typeof GET_WEBHOOK_ENDPOINTS>;
export type GetFiatOnRampCredentialsArgs = ArgsOfDataSource<typeof GET_FIAT_ON_RAMP_CREDENTIALS>;

export const INTEGRATION_DATA_SOURCES = [GET_WEBHOOK_ENDPOINTS, GET_FIAT_ON_RAMP_CREDENTIALS];

/** The credentials as the program sees them: each one's ciphertexts as secret Outputs. */
export function fiatOnRampCredentialsView(r: ResultOfDataSource<typeof GET_FIAT_ON_RAMP_CREDENTIALS>): GetFiatOnRampCredentialsResult {
  return { organizationId: r.organizationId, fiatOnRampCredentials: r.fiatOnRampCredentials.map(view) };
}
