// Fiat on-ramp credentials: create/update/delete activities and the list query (docs/service-behaviour.md#fiat-on-ramp-credentials, #activities, #fiat-on-ramp-credentials).
// Ciphertexts are stored exactly as sent; they must decrypt with the emulator's on-ramp key (published at
// GET /__admin/onramp-encryption-key), as the service's must decrypt with its own. The plaintext is dropped
// at once and never stored, logged or echoed.
import { decryptOnRampSecret } from '@walletinfra/sdk';
import type { QueryHandler, RequestContext, SubmitHandler } from '../context';
import { invalidArgument } from '../errors';
import type { FiatCredentialRecord } from '../store/records';
import { found, requireNonEmpty } from './util';
import { optional } from '../render/optional';
import { renderFiatCredential } from '../render/fiat-credential';

function checkCiphertext(ctx: RequestContext, value: string | undefined, field: string): void {
  if (value === undefined) return;
  try {
    decryptOnRampSecret(value, ctx.keys.onRampEncryption.privateKey);
  } catch {
    throw invalidArgument(
      `invalid request body: parameters.${field}: could not be decrypted with the on-ramp encryption key (encrypt it to the emulator's key from GET /__admin/onramp-encryption-key)`,
    );
  }
}

function validateSecrets(
  ctx: RequestContext,
  p: { publishableApiKey: string; encryptedSecretApiKey: string; encryptedPrivateApiKey?: string | undefined },
): void {
  requireNonEmpty(p.publishableApiKey, 'parameters.publishableApiKey');
  checkCiphertext(ctx, p.encryptedSecretApiKey, 'encryptedSecretApiKey');
  checkCiphertext(ctx, p.encryptedPrivateApiKey, 'encryptedPrivateApiKey');
}

export const createFiatOnRampCredential: SubmitHandler<'create_fiat_on_ramp_credential'> = {
  validate: validateSecrets,
  execute(ctx, p) {
    const now = ctx.env.now();
    const record: FiatCredentialRecord = {
      fiatOnrampCredentialId: ctx.env.uuid(),
      organizationId: ctx.org.organizationId,
      onrampProvider: p.onrampProvider,
      publishableApiKey: p.publishableApiKey,
      encryptedSecretApiKey: p.encryptedSecretApiKey,
      createdAt: now,
      updatedAt: now,
    };
    optional(record, 'projectId', p.projectId);
    optional(record, 'encryptedPrivateApiKey', p.encryptedPrivateApiKey);
    optional(record, 'sandboxMode', p.sandboxMode);
    ctx.store.fiatCredentials.insert(record);
    // casing trap (docs/service-behaviour.md#fiat-on-ramp-credentials): results say fiatOnRampCredentialId
    return { fiatOnRampCredentialId: record.fiatOnrampCredentialId };
  },
};

/** A full re-send; `sandboxMode` is not part of the update and is kept (docs/service-behaviour.md#fiat-on-ramp-credentials). */
export const updateFiatOnRampCredential: SubmitHandler<'update_fiat_on_ramp_credential'> = {
  validate: validateSecrets,
  execute(ctx, p) {
    const current = found(
      ctx.store.fiatCredentials.get(p.fiatOnrampCredentialId),
      ctx.org.organizationId,
      'fiat on-ramp credential',
      p.fiatOnrampCredentialId,
    );
    const next: FiatCredentialRecord = {
      fiatOnrampCredentialId: current.fiatOnrampCredentialId,
      organizationId: current.organizationId,
      onrampProvider: p.onrampProvider,
      publishableApiKey: p.publishableApiKey,
      encryptedSecretApiKey: p.encryptedSecretApiKey,
      createdAt: current.createdAt,
      updatedAt: ctx.env.now(),
    };
    optional(next, 'projectId', p.projectId);
    optional(next, 'encryptedPrivateApiKey', p.encryptedPrivateApiKey);
    optional(next, 'sandboxMode', current.sandboxMode);
    ctx.store.fiatCredentials.update(next);
    return { fiatOnRampCredentialId: next.fiatOnrampCredentialId };
  },
};

export const deleteFiatOnRampCredential: SubmitHandler<'delete_fiat_on_ramp_credential'> = {
  execute(ctx, p) {
    found(
      ctx.store.fiatCredentials.get(p.fiatOnrampCredentialId),
      ctx.org.organizationId,
      'fiat on-ramp credential',
      p.fiatOnrampCredentialId,
    );
    ctx.store.fiatCredentials.delete(p.fiatOnrampCredentialId);
    return { fiatOnRampCredentialId: p.fiatOnrampCredentialId };
  },
};

export const listFiatOnRampCredentials: QueryHandler<'list_fiat_on_ramp_credentials'> = (ctx) => ({
  fiatOnRampCredentials: ctx.store.fiatCredentials.listByOrg(ctx.org.organizationId).map((c) => renderFiatCredential(c, 'api')),
});
