// WebhookEndpoint.diff: which properties replace comes from the sdk's field table: update_webhook_endpoint
// has no `subscriptions`, so they replace (as does a move to another organization); url, name and isActive
// update in place. Replacement creates the new endpoint before deleting the old one (the engine's default),
// so deliveries never stop; the service does not document url or name as unique. Set the
// `deleteBeforeReplace` resource option to avoid the short overlap.
import { WEBHOOK_ENDPOINT_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { compareFields, type FieldDiff } from '../common/diff';
import { diffFields } from '../common/fields';
import { normalizeWebhookInputs } from './types';

const FIELDS = diffFields(WEBHOOK_ENDPOINT_FIELD_TABLE);

export function diffWebhookEndpoint(olds: Record<string, unknown>, news: Record<string, unknown>): FieldDiff {
  return compareFields(normalizeWebhookInputs(olds), normalizeWebhookInputs(news), FIELDS.keys, FIELDS.replaces);
}
