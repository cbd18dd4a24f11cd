// FiatOnRampCredential (docs/service-behaviour.md#fiat-on-ramp-credentials). Secrets arrive in plain text
// (`secretApiKey`, `privateApiKey`, wrapped as Pulumi secrets by the resource class) and are encrypted to the
// service's on-ramp key for every write, or arrive already encrypted (`encryptedSecretApiKey`, ...). State
// never holds a plaintext secret: only the ciphertext the service has and a salted fingerprint, both secret
// (./secrets.ts). The update intent has no `sandboxMode`, so it replaces, as does a move to another
// organization; everything else updates in place (update re-sends everything: ./writes.ts). UNCONFIRMED that
// the service accepts a different onrampProvider on update. Secrets are compared by fingerprint, never by
// ciphertext (randomised HPKE says nothing about whether the secret changed); earlier activities are
// matched on everything but ciphertexts. `read` cannot recover a plain-text secret: the inputs it returns
// hold SECRET_KEPT, which diffs take as "the secret the fingerprint stands for". Casing trap: intents and
// list items say `fiatOnrampCredentialId`, results `fiatOnRampCredentialId`.
import { z } from 'zod';
import { FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { CreateFiatOnRampCredentialIntent, type FiatOnRampCredential as ServiceCredential } from '@walletinfra/sdk/schemas';
import { isUnknown } from '../../wire';
import type { CheckFailure } from '../common/check';
import { placementOf } from '../common/inputs';
import { ConfigSecret, defineKind, type InputsOf } from '../kind';
import { CHANGED_OUTSIDE_PULUMI, fingerprintMatches, SECRET_KEPT } from './secrets';
import { FIAT_ON_RAMP_CREDENTIALS } from '../../session/lists';

/** The two secrets, each in its plain and encrypted form, and where its fingerprint lives. */
export const SECRET_SLOTS = [
  { plain: 'secretApiKey', encrypted: 'encryptedSecretApiKey', fingerprint: 'secretApiKeyFingerprint' },
  { plain: 'privateApiKey', encrypted: 'encryptedPrivateApiKey', fingerprint: 'privateApiKeyFingerprint' },
] as const;

const CIPHERTEXTS: readonly string[] = SECRET_SLOTS.map((s) => s.encrypted);

function secretType(news: Record<string, unknown>, property: string): CheckFailure[] {
  const v = news[property];
  if (v === undefined || isUnknown(v)) return [];
  if (typeof v !== 'string') return [{ property, reason: 'must be a string' }];
  if (v === '') return [{ property, reason: 'must not be empty' }];
  return [];
}

/** Exactly one form of the secret API key, at most one of the private API key; reasons never quote a secret value. */
function secretFailures(news: Record<string, unknown>): CheckFailure[] {
  const out: CheckFailure[] = [];
  for (const [i, slot] of SECRET_SLOTS.entries()) {
    const typeProblems = [...secretType(news, slot.plain), ...secretType(news, slot.encrypted)];
    out.push(...typeProblems);
    if (typeProblems.length > 0) continue;
    const plain = news[slot.plain] !== undefined;
    const encrypted = news[slot.encrypted] !== undefined;
    if (plain && encrypted) out.push({ property: slot.plain, reason: `set either ${slot.plain} or ${slot.encrypted}, not both` });
    if (i === 0 && !plain && !encrypted) {
      out.push({ property: slot.plain, reason: `required: set ${slot.plain} (plain text, kept as a Pulumi secret) or ${slot.encrypted}` });
    }
  }
  return out;
}

/** Which secret inputs changed: the plain key when given in plain text, the encrypted key otherwise. */
export function changedSecrets(olds: Record<string, unknown>, news: Record<string, unknown>): string[] {
  const changed: string[] = [];
  for (const slot of SECRET_SLOTS) {
    const plain = news[slot.plain];
    const encrypted = news[slot.encrypted];
    if (plain === SECRET_KEPT) {
      // inputs a refresh reconstructed: unchanged while the state still has a valid fingerprint
      if (olds[slot.fingerprint] === undefined || olds[slot.fingerprint] === CHANGED_OUTSIDE_PULUMI) changed.push(slot.plain);
    } else if (typeof plain === 'string') {
      if (isUnknown(plain) || !fingerprintMatches(olds[slot.fingerprint], plain)) changed.push(slot.plain);
    } else if (typeof encrypted === 'string') {
      if (olds[slot.fingerprint] !== undefined || olds[slot.encrypted] !== encrypted) changed.push(slot.encrypted);
    } else if (olds[slot.encrypted] !== undefined) {
      changed.push(slot.encrypted);
    }
  }
  return changed;
}

/**
 * Outputs from the live credential. A fingerprint is carried over from state only while the live
 * ciphertext is still the one Pulumi sent; otherwise the secret changed outside Pulumi.
 */
function fromLive(live: ServiceCredential, state: Record<string, unknown> & { organizationId: string }): FiatOnRampCredentialOutputs {
  const out: FiatOnRampCredentialOutputs = {
    fiatOnrampCredentialId: live.fiatOnrampCredentialId,
    onrampProvider: live.onrampProvider as FiatOnRampCredentialOutputs['onrampProvider'],
    projectId: live.projectId ?? '',
    publishableApiKey: live.publishableApiKey,
    sandboxMode: live.sandboxMode ?? false,
    encryptedSecretApiKey: live.encryptedSecretApiKey,
    ...placementOf(state as Parameters<typeof placementOf>[0]),
  };
  if (live.encryptedPrivateApiKey !== undefined && live.encryptedPrivateApiKey !== '')
    out.encryptedPrivateApiKey = live.encryptedPrivateApiKey;
  for (const slot of SECRET_SLOTS) {
    const fingerprint = state[slot.fingerprint];
    if (typeof fingerprint !== 'string') continue;
    out[slot.fingerprint] = out[slot.encrypted] === state[slot.encrypted] ? fingerprint : CHANGED_OUTSIDE_PULUMI;
  }
  return out;
}

/**
 * The inputs a live credential implies. A secret given in plain text cannot be recovered: while the live
 * ciphertext is still Pulumi's, the input holds SECRET_KEPT (the fingerprint in the outputs stands for it);
 * once it changed outside Pulumi, the input is left out. An encrypted input is the live ciphertext.
 */
function inputsOf(outs: Record<string, unknown>): Record<string, unknown> {
  const inputs: Record<string, unknown> = {
    onrampProvider: outs.onrampProvider,
    projectId: outs.projectId,
    publishableApiKey: outs.publishableApiKey,
    sandboxMode: outs.sandboxMode,
    ...placementOf(outs as Parameters<typeof placementOf>[0]),
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

const args = CreateFiatOnRampCredentialIntent.partial({ encryptedSecretApiKey: true }).extend({
  secretApiKey: z.string().optional(),
  privateApiKey: z.string().optional(),
});
const outputs = CreateFiatOnRampCredentialIntent.required({ projectId: true, sandboxMode: true }).extend({
  fiatOnrampCredentialId: z.string(),
  secretApiKeyFingerprint: z.string().optional(),
  privateApiKeyFingerprint: z.string().optional(),
});
export type FiatOnRampCredentialOutputs = z.output<typeof outputs> & { organizationId: string; profile?: string; adopt?: unknown };

export const fiatOnRampCredential = defineKind({
  type: 'FiatOnRampCredential',
  member: 'fiatOnRampCredential',
  // Listed by the service: read and delete are the shared steps (../common/listed.ts); create and update are its
  // own (./steps.ts), sealing the secrets afresh for every write.
  shape: 'listed',
  noun: 'fiat on-ramp credential',
  plural: 'fiat on-ramp credentials',
  description:
    "A fiat on-ramp provider's API credentials (Coinbase, MoonPay), stored by the service encrypted to its on-ramp key. " +
    'The service never returns the secrets: state keeps the ciphertext and a salted fingerprint, both secret.',
  table: FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE,
  args,
  outputs,
  idProperty: 'fiatOnrampCredentialId',
  outputOnly: ['secretApiKeyFingerprint', 'privateApiKeyFingerprint'],
  docs: {
    fiatOnrampCredentialId: 'The service\'s id (note the lower-case "r"); also the resource\'s `id`.',
    onrampProvider: '`FIAT_ON_RAMP_PROVIDER_COINBASE` or `FIAT_ON_RAMP_PROVIDER_MOONPAY`.',
    projectId: 'Needed by some providers (Coinbase); empty when unset.',
    publishableApiKey: "The provider's publishable API key.",
    secretApiKey: "The provider's secret API key in plain text; stored only as a Pulumi secret and encrypted before sending.",
    encryptedSecretApiKey:
      "Or the same, already encrypted to the service's on-ramp key (e.g. with @turnkey/crypto's encryptOnRampSecret). As an output: the ciphertext the service holds. Secret.",
    privateApiKey: "The provider's private API key in plain text, when the provider needs one.",
    encryptedPrivateApiKey: 'Or the same, already encrypted. As an output: the ciphertext the service holds. Secret.',
    sandboxMode: 'Default false. Changing it replaces the credential (update cannot change it).',
    secretApiKeyFingerprint: 'Present when the secret was given in plain text: a salted HMAC-SHA256 of it, what diffs compare. Secret.',
    privateApiKeyFingerprint: 'The same for the private API key. Secret.',
  },
  defaults: { projectId: '', sandboxMode: false },
  adopt: {
    flag: 'byPublishableApiKey',
    doc: 'Take over a credential with the same onrampProvider, publishableApiKey and sandboxMode, or create one.',
  },
  secrets: {
    inputs: ['secretApiKey', 'encryptedSecretApiKey', 'privateApiKey', 'encryptedPrivateApiKey'],
    // New names are not re-marked secret by the engine (https://www.pulumi.com/docs/iac/concepts/secrets/).
    outputs: ['encryptedSecretApiKey', 'encryptedPrivateApiKey', 'secretApiKeyFingerprint', 'privateApiKeyFingerprint'],
  },
  ownChecks: CIPHERTEXTS,
  inputNames: Object.fromEntries(SECRET_SLOTS.map((s) => [s.encrypted, [s.plain, s.encrypted]])),
  check: { early: secretFailures },
  diff: { except: CIPHERTEXTS, extra: changedSecrets },
  inventory: { governs: 'integration', createdBy: ['ACTIVITY_TYPE_CREATE_FIAT_ON_RAMP_CREDENTIAL'] },
  export: {
    name: (c: ServiceCredential) => `${c.onrampProvider.replace(/^FIAT_ON_RAMP_PROVIDER_/, '')} ${c.publishableApiKey}`,
    fallback: 'on-ramp',
    properties: (c: ServiceCredential, secret) => [
      ['onrampProvider', c.onrampProvider],
      ['projectId', c.projectId !== undefined && c.projectId !== '' ? c.projectId : undefined],
      ['publishableApiKey', c.publishableApiKey],
      ['secretApiKey', secret('SecretApiKey', `the secret API key of on-ramp credential ${c.fiatOnrampCredentialId}`, '<secret API key>')],
      [
        'privateApiKey',
        c.encryptedPrivateApiKey !== undefined && c.encryptedPrivateApiKey !== ''
          ? secret('PrivateApiKey', `the private API key of on-ramp credential ${c.fiatOnrampCredentialId}`, '<private API key>')
          : undefined,
      ],
      ['sandboxMode', c.sandboxMode === true ? true : undefined],
    ],
    note: 'The service never returns secrets: set them in stack config (see README.md).',
  },
  example: {
    name: 'moonpay',
    properties: {
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
      publishableApiKey: 'pk_live_0123456789',
      secretApiKey: new ConfigSecret('moonpaySecretApiKey', "MoonPay's secret API key", '<secret API key>'),
    },
  },
  listing: { list: FIAT_ON_RAMP_CREDENTIALS, idOf: (c: ServiceCredential) => c.fiatOnrampCredentialId },
  fromLive,
  inputsOf,
  writes: {
    create: {
      operation: 'create_fiat_on_ramp_credential',
      resultId: (r) => String(r.fiatOnRampCredentialId),
      resultOf: (c: ServiceCredential) => ({ fiatOnRampCredentialId: c.fiatOnrampCredentialId }),
      label: (d) => `for ${String(d.onrampProvider)} (${String(d.publishableApiKey)})`,
    },
    update: {
      operation: 'update_fiat_on_ramp_credential',
      resultOf: (c: ServiceCredential) => ({ fiatOnRampCredentialId: c.fiatOnrampCredentialId }),
    },
    delete: {
      operation: 'delete_fiat_on_ramp_credential',
      toRequest: (id) => ({ fiatOnrampCredentialId: id }),
      deleted: (id) => ({ fiatOnRampCredentialId: id }),
    },
  },
});

/** Which on-ramp provider the credential is for. */
export type OnRampProvider = InputsOf<typeof fiatOnRampCredential>['onrampProvider'];
