// A fiat on-ramp credential on the wire (`fiatOnrampCredentialId` with a lower-case "r", as the list item says).
import type { FiatCredentialRecord } from '../store/records';
import { optional } from './optional';
import { renderTime, type TimeFormat } from './time';

export function renderFiatCredential(c: FiatCredentialRecord, format: TimeFormat): Record<string, unknown> {
  const out: Record<string, unknown> = {
    fiatOnrampCredentialId: c.fiatOnrampCredentialId,
    organizationId: c.organizationId,
    onrampProvider: c.onrampProvider,
  };
  optional(out, 'projectId', c.projectId);
  out.publishableApiKey = c.publishableApiKey;
  out.encryptedSecretApiKey = c.encryptedSecretApiKey;
  optional(out, 'encryptedPrivateApiKey', c.encryptedPrivateApiKey);
  optional(out, 'sandboxMode', c.sandboxMode);
  out.createdAt = renderTime(c.createdAt, format);
  out.updatedAt = renderTime(c.updatedAt, format);
  return out;
}
