// FiatOnRampCredential.diff: which properties replace comes from the sdk's field table: the update intent
// has no sandboxMode, so it replaces, as does a move to another organization; onrampProvider, projectId,
// publishableApiKey and both secrets update in place (update re-sends everything). UNCONFIRMED that the
// service accepts a different onrampProvider on update (docs/service-behaviour.md#fiat-on-ramp-credentials).
// Secrets are compared by fingerprint, never by ciphertext.
import { isUnknown } from '../../unknown';
import { FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { compareFields, type FieldDiff } from '../common/diff';
import { diffFields } from '../common/fields';
import { CHANGED_OUTSIDE_PULUMI, fingerprintMatches, SECRET_KEPT } from './secrets';
import { normalizeFiatInputs, SECRET_SLOTS } from './types';

const FIELDS = diffFields(
  FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE,
  SECRET_SLOTS.map((s) => s.encrypted),
);

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

export function diffFiatOnRampCredential(olds: Record<string, unknown>, news: Record<string, unknown>): FieldDiff {
  const plain = compareFields(normalizeFiatInputs(olds), normalizeFiatInputs(news), FIELDS.keys, FIELDS.replaces);
  return { changed: [...plain.changed, ...changedSecrets(olds, news)], replaces: plain.replaces };
}
