// FiatOnRampCredential: inputs, outputs and their normal form (docs/service-behaviour.md#fiat-on-ramp-credentials). Secrets arrive in
// plain text (`secretApiKey`, `privateApiKey`, forced secret by the resource class) and are encrypted to
// the service's on-ramp key, or arrive already encrypted (`encryptedSecretApiKey`, ...). State never
// holds a plaintext secret: only the ciphertext the service has and a salted fingerprint, both secret.
import type * as pulumi from '@pulumi/pulumi';
import type { FiatOnRampCredential as ServiceCredential } from '@walletinfra/sdk';
import { FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { serviceFields } from '../common/fields';
import { COMMON_KEYS, placementOf, type CommonInputs } from '../common/inputs';
import { CHANGED_OUTSIDE_PULUMI, SECRET_KEPT } from './secrets';

export type OnRampProvider = 'FIAT_ON_RAMP_PROVIDER_COINBASE' | 'FIAT_ON_RAMP_PROVIDER_MOONPAY';

export interface FiatOnRampCredentialAdopt {
  /** Take over the credential with this id (its sandboxMode must match: it cannot change in place). */
  id?: string;
  /** Take over a credential with the same onrampProvider, publishableApiKey and sandboxMode, or create one. */
  byPublishableApiKey?: boolean;
}

export interface FiatOnRampCredentialArgs {
  onrampProvider: pulumi.Input<OnRampProvider>;
  /** Needed by some providers (Coinbase). */
  projectId?: pulumi.Input<string>;
  publishableApiKey: pulumi.Input<string>;
  /** The provider's secret API key in plain text; stored only as a Pulumi secret and encrypted before sending. */
  secretApiKey?: pulumi.Input<string>;
  /** Or the same, already encrypted to the service's on-ramp key (e.g. with @turnkey/crypto's encryptOnRampSecret). */
  encryptedSecretApiKey?: pulumi.Input<string>;
  /** The provider's private API key in plain text, when the provider needs one. */
  privateApiKey?: pulumi.Input<string>;
  encryptedPrivateApiKey?: pulumi.Input<string>;
  /** Default false. Changing it replaces the credential (update cannot change it, docs/service-behaviour.md#fiat-on-ramp-credentials). */
  sandboxMode?: pulumi.Input<boolean>;
  organizationId?: pulumi.Input<string>;
  profile?: pulumi.Input<string>;
  /**
   * Take over an existing object instead of creating one (provider README, "Adopting existing objects"). The stack
   * then owns it: `pulumi destroy` deletes it unless the resource has the `retainOnDelete: true` option.
   */
  adopt?: pulumi.Input<FiatOnRampCredentialAdopt>;
}

export interface FiatOnRampCredentialInputs extends CommonInputs {
  onrampProvider: OnRampProvider;
  projectId: string;
  publishableApiKey: string;
  sandboxMode: boolean;
  secretApiKey?: string;
  encryptedSecretApiKey?: string;
  privateApiKey?: string;
  encryptedPrivateApiKey?: string;
  organizationId: string;
  adopt?: FiatOnRampCredentialAdopt;
}

export interface FiatOnRampCredentialOutputs extends CommonInputs {
  fiatOnrampCredentialId: string;
  onrampProvider: OnRampProvider;
  projectId: string;
  publishableApiKey: string;
  sandboxMode: boolean;
  /** The ciphertext the service holds. Secret. */
  encryptedSecretApiKey: string;
  encryptedPrivateApiKey?: string;
  /** Present when the secret was given in plain text. Secret. */
  secretApiKeyFingerprint?: string;
  privateApiKeyFingerprint?: string;
  organizationId: string;
  adopt?: FiatOnRampCredentialAdopt;
}

/** The two secrets, each in its plain and encrypted form, and where its fingerprint lives. */
export const SECRET_SLOTS = [
  { plain: 'secretApiKey', encrypted: 'encryptedSecretApiKey', fingerprint: 'secretApiKeyFingerprint' },
  { plain: 'privateApiKey', encrypted: 'encryptedPrivateApiKey', fingerprint: 'privateApiKeyFingerprint' },
] as const;

const CIPHERTEXTS: readonly string[] = SECRET_SLOTS.map((s) => s.encrypted);
/** The service's fields compared as they are: the field table's, minus the ciphertexts (compared by fingerprint). */
export const FIAT_PLAIN_FIELDS = serviceFields(FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE, CIPHERTEXTS);
/** The plain fields an update re-sends: the table's in-place fields, minus the ciphertexts. */
export const FIAT_PLAIN_IN_PLACE = FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE.inPlace.filter((f) => !CIPHERTEXTS.includes(f));
export const FIAT_SECRET_INPUTS = ['secretApiKey', 'encryptedSecretApiKey', 'privateApiKey', 'encryptedPrivateApiKey'] as const;
export const FIAT_KEYS = [...FIAT_PLAIN_FIELDS, ...FIAT_SECRET_INPUTS, ...COMMON_KEYS] as const;
export const FIAT_ADOPT_FLAGS = ['byPublishableApiKey'] as const;
/** Outputs the resource class always marks secret (https://www.pulumi.com/docs/iac/concepts/secrets/: new names are not re-marked by the engine). */
export const FIAT_SECRET_OUTPUTS = [
  'encryptedSecretApiKey',
  'encryptedPrivateApiKey',
  'secretApiKeyFingerprint',
  'privateApiKeyFingerprint',
] as const;

export function normalizeFiatInputs(news: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...news };
  if (out.projectId === undefined || out.projectId === null) out.projectId = '';
  if (out.sandboxMode === undefined || out.sandboxMode === null) out.sandboxMode = false;
  return out;
}

/**
 * Outputs from the live credential. A fingerprint is carried over from state only while the live
 * ciphertext is still the one Pulumi sent; otherwise the secret changed outside Pulumi.
 */
export function fiatOutputsFromLive(
  live: ServiceCredential,
  state: Partial<FiatOnRampCredentialOutputs> & { organizationId: string },
): FiatOnRampCredentialOutputs {
  const out: FiatOnRampCredentialOutputs = {
    fiatOnrampCredentialId: live.fiatOnrampCredentialId,
    onrampProvider: live.onrampProvider as OnRampProvider,
    projectId: live.projectId ?? '',
    publishableApiKey: live.publishableApiKey,
    sandboxMode: live.sandboxMode ?? false,
    encryptedSecretApiKey: live.encryptedSecretApiKey,
    ...placementOf(state),
  };
  if (live.encryptedPrivateApiKey !== undefined && live.encryptedPrivateApiKey !== '')
    out.encryptedPrivateApiKey = live.encryptedPrivateApiKey;
  for (const slot of SECRET_SLOTS) {
    const fingerprint = state[slot.fingerprint];
    if (fingerprint === undefined) continue;
    out[slot.fingerprint] = out[slot.encrypted] === state[slot.encrypted] ? fingerprint : CHANGED_OUTSIDE_PULUMI;
  }
  return out;
}

/**
 * The inputs a live credential implies. A secret given in plain text cannot be recovered: while the live
 * ciphertext is still Pulumi's, the input holds SECRET_KEPT (the fingerprint in the outputs stands for it);
 * once it changed outside Pulumi, the input is left out. An encrypted input is the live ciphertext.
 */
export function fiatInputsFromOutputs(outs: FiatOnRampCredentialOutputs): Record<string, unknown> {
  const inputs: Record<string, unknown> = {
    onrampProvider: outs.onrampProvider,
    projectId: outs.projectId,
    publishableApiKey: outs.publishableApiKey,
    sandboxMode: outs.sandboxMode,
    ...placementOf(outs),
  };
  for (const slot of SECRET_SLOTS) {
    const fingerprint = outs[slot.fingerprint];
    if (fingerprint === undefined) {
      if (outs[slot.encrypted] !== undefined) inputs[slot.encrypted] = outs[slot.encrypted];
    } else if (fingerprint !== CHANGED_OUTSIDE_PULUMI) {
      inputs[slot.plain] = SECRET_KEPT;
    }
  }
  return inputs;
}
