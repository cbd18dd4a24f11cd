// The local emulator an acceptance run can target instead of the service (`--emulator`, and the test in
// tests/e2e/acceptance.test.ts): the same run, with the WALLETINFRA_* settings pointing at the emulator. Its seed
// holds one wallet with a Solana account, because the run creates no wallet and the transaction-history lookup
// needs an account to read.
import { startEmulator, type RunningEmulator, type SeedInput } from '@walletinfra/emulator';

export const ACCEPTANCE_SEED: SeedInput = {
  wallets: [
    {
      walletName: 'acceptance-solana',
      accounts: [
        {
          curve: 'CURVE_ED25519',
          pathFormat: 'PATH_FORMAT_BIP32',
          path: "m/44'/501'/0'/0'",
          addressFormat: 'ADDRESS_FORMAT_SOLANA',
          address: 'GpAN18bdsLw4DivyMvMu8gtXjDsbrzT28JKKLqyAyi6C',
        },
      ],
    },
  ],
};

/** A fresh in-memory emulator with the acceptance seed; deliveries never leave the machine. */
export function startAcceptanceEmulator(): Promise<RunningEmulator> {
  return startEmulator({ seed: ACCEPTANCE_SEED, deliveryMode: 'manual' });
}

/** The settings that point a run (and the Pulumi processes it starts) at `emulator`. */
export function emulatorEnv(emulator: RunningEmulator): Record<string, string> {
  const c = emulator.credentials;
  return {
    WALLETINFRA_ORGANIZATION_ID: c.organizationId,
    WALLETINFRA_API_PUBLIC_KEY: c.apiPublicKey,
    WALLETINFRA_API_PRIVATE_KEY: c.apiPrivateKey,
    WALLETINFRA_BASE_URL: emulator.baseUrl,
    WALLETINFRA_AUTH_PROXY_URL: emulator.authProxyUrl,
    WALLETINFRA_AUTH_PROXY_CONFIG_ID: c.authProxyConfigId,
    WALLETINFRA_ON_RAMP_ENCRYPTION_PUBLIC_KEY: emulator.onRampEncryptionPublicKey,
  };
}
