// A fiat on-ramp credential on the wire (`fiatOnrampCredentialId` with a lower-case "r", as the list item says).
import type { FiatCredentialRecord } from '../store/records';
import { renderFields } from './fields';
import type { TimeFormat } from './time';

export function renderFiatCredential(c: FiatCredentialRecord, format: TimeFormat): Record<string, unknown> {
  return renderFields(
    c,
    [
      'fiatOnrampCredentialId',
      'organizationId',
      'onrampProvider',
      'projectId',
      'publishableApiKey',
      'encryptedSecretApiKey',
      'encryptedPrivateApiKey',
      'sandboxMode',
      'createdAt',
      'updatedAt',
    ],
    format,
  );
}
