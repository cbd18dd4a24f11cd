// FiatOnRampCredential: a sandbox MoonPay credential with made-up keys; the secret is random per run, sent
// only encrypted to the service's on-ramp key. Its publishable key carries the run prefix. Every sample keeps
// `sandboxMode: true`, so the replacement (which only a change of sandboxMode makes) does not apply.
import { encryptOnRampSecret } from '@walletinfra/sdk/crypto';
import type { Scenario } from './types';

export const fiatOnRampCredentialScenario: Scenario = {
  name: 'FiatOnRampCredential',
  stem: 'onramp',
  why: 'a sandbox credential with made-up keys: no provider account is reached',
  label: (live) => (live as { publishableApiKey?: string }).publishableApiKey,
  create: (ctx, role) => ({
    onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
    publishableApiKey: ctx.name(`onramp-${role}`),
    secretApiKey: ctx.secret(`onramp-${role}`),
    sandboxMode: true,
  }),
  update: (ctx, args) => ({ ...args, secretApiKey: ctx.secret('onramp-main-rotated'), projectId: 'walletinfra-acceptance' }),
  async handMade(ctx, args) {
    const { result } = await ctx.client.createFiatOnRampCredential({
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
      publishableApiKey: String(args.publishableApiKey),
      encryptedSecretApiKey: encryptOnRampSecret(String(args.secretApiKey), ctx.onRampEncryptionPublicKey),
      sandboxMode: args.sandboxMode === true,
    });
    return result.fiatOnRampCredentialId;
  },
  async drift(ctx, id, args) {
    await ctx.client.updateFiatOnRampCredential({
      fiatOnrampCredentialId: id,
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
      publishableApiKey: String(args.publishableApiKey),
      encryptedSecretApiKey: encryptOnRampSecret(ctx.sample.secret('onramp-adopted-outside'), ctx.onRampEncryptionPublicKey),
    });
    return 'secret API key replaced with update_fiat_on_ramp_credential';
  },
  notApplicable: {
    // A production credential is live (./live.ts), and a move to another organization is not a run's to make.
    replace: 'only sandboxMode (and a move to another organization) replaces a credential, and the run writes sandbox credentials only',
  },
};
