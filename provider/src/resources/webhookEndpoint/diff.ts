// WebhookEndpoint.diff: url, name and isActive update in place; subscriptions cannot be changed by
// update_webhook_endpoint (facts §4.2), so they replace, as does a move to another organization.
// Replacement creates the new endpoint before deleting the old one (the engine's default), so deliveries
// never stop; the service does not document url or name as unique. Set the `deleteBeforeReplace`
// resource option to avoid the short overlap.
import { compareFields, type FieldDiff } from '../shared/diff';
import { normalizeWebhookInputs, WEBHOOK_FIELDS } from './types';

export const WEBHOOK_IMMUTABLE = ['subscriptions', 'organizationId'] as const;

export function diffWebhookEndpoint(olds: Record<string, unknown>, news: Record<string, unknown>): FieldDiff {
  return compareFields(
    normalizeWebhookInputs(olds),
    normalizeWebhookInputs(news),
    [...WEBHOOK_FIELDS, 'organizationId', 'profile'],
    WEBHOOK_IMMUTABLE,
  );
}
