// A webhook endpoint on the wire (`v1WebhookEndpointData`: no timestamps).
import type { WebhookEndpointRecord } from '../store/records';
import { optional } from './optional';
import type { TimeFormat } from './time';

export function renderWebhookEndpoint(e: WebhookEndpointRecord, _format: TimeFormat): Record<string, unknown> {
  return {
    endpointId: e.endpointId,
    organizationId: e.organizationId,
    url: e.url,
    name: e.name,
    isActive: e.isActive,
    subscriptions: e.subscriptions.map((s) => optional({ eventType: s.eventType, isActive: s.isActive }, 'filtersJson', s.filtersJson)),
  };
}
