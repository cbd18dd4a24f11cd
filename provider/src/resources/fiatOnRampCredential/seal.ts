// Sealing the declared secrets for a write (docs/service-behaviour.md#fiat-on-ramp-credentials): plain text is encrypted to the configured
// on-ramp key with fresh randomness and fingerprinted under a fresh salt; encrypted inputs pass through.
import { encryptOnRampSecret, InvalidRequestError } from '@walletinfra/sdk';
import type { Activity } from '@walletinfra/sdk/schemas';
import type { OrgSession } from '../../session';
import type { ProviderContext } from '../../context';
import { intentOf } from '../common/write';
import { SECRET_KEPT, secretFingerprint } from './secrets';
import { SECRET_SLOTS, type FiatOnRampCredentialOutputs } from './spec';

/** The secrets as sent: ciphertexts, and fingerprints of those given in plain text. */
export type Sealed = Partial<
  Pick<
    FiatOnRampCredentialOutputs,
    'encryptedSecretApiKey' | 'encryptedPrivateApiKey' | 'secretApiKeyFingerprint' | 'privateApiKeyFingerprint'
  >
>;

const SALT_BYTES = 16;

export function seal(
  ctx: ProviderContext,
  session: OrgSession,
  desired: Partial<Record<'secretApiKey' | 'privateApiKey' | 'encryptedSecretApiKey' | 'encryptedPrivateApiKey', string>>,
): Sealed {
  const sealed: Sealed = {};
  const key = session.settings.onRampEncryptionPublicKey;
  for (const slot of SECRET_SLOTS) {
    const plain = desired[slot.plain];
    if (plain === SECRET_KEPT) {
      // Only inputs reconstructed by `read` hold it; a write needs the secret itself.
      throw InvalidRequestError.fromIssues('send fiat on-ramp credential', [
        {
          path: slot.plain,
          message: 'the plain-text secret is not available (the state keeps only its fingerprint); declare it in the program',
        },
      ]);
    }
    if (plain !== undefined) {
      sealed[slot.encrypted] = encryptOnRampSecret(plain, key, { randomBytes: (n) => ctx.randomBytes(n) });
      sealed[slot.fingerprint] = secretFingerprint(plain, ctx.randomBytes(SALT_BYTES));
    } else if (desired[slot.encrypted] !== undefined) {
      sealed[slot.encrypted] = desired[slot.encrypted];
    }
  }
  return sealed;
}

/** Ciphertexts from a reused activity's intent: those are what the service holds now. */
export function sealedFromActivity(sealed: Sealed, activity: Activity, intentKey: string): Sealed {
  const intent = intentOf(activity, intentKey);
  const out: Sealed = { ...sealed };
  for (const slot of SECRET_SLOTS) {
    const value = intent[slot.encrypted];
    if (typeof value === 'string' && value !== '') out[slot.encrypted] = value;
  }
  return out;
}
