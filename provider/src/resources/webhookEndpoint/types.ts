// WebhookEndpoint: inputs, outputs and their normal form (docs/service-behaviour.md#webhook-endpoints). Subscriptions are a set:
// sorted, `isActive` defaulting to true, `filtersJson` canonical JSON, so the service's order and
// formatting never show up as a diff.
import type * as pulumi from '@pulumi/pulumi';
import type { WebhookEndpoint as ServiceWebhookEndpoint } from '@walletinfra/sdk';
import { WEBHOOK_ENDPOINT_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { sortedJson } from '../../internal/sorted-json';
import { serviceFields } from '../common/fields';
import { COMMON_KEYS, placementOf, type CommonInputs, type Placement } from '../common/inputs';

export interface WebhookSubscriptionArgs {
  /** `ACTIVITY_UPDATES`, `BALANCE_CONFIRMED_UPDATES`, `BALANCE_FINALIZED_UPDATES` or `SEND_TRANSACTION_STATUS_UPDATES`. */
  eventType: pulumi.Input<string>;
  /** JSON-encoded filter (format undocumented, docs/service-behaviour.md#webhook-endpoints). */
  filtersJson?: pulumi.Input<string>;
  /** Default true. */
  isActive?: pulumi.Input<boolean>;
}

export interface WebhookEndpointAdopt {
  /** Take over the endpoint with this id (its subscriptions must match: they cannot change in place). */
  id?: string;
  /** Take over an endpoint with the same url, name and subscriptions, or create one. */
  byUrlAndName?: boolean;
}

export interface WebhookEndpointArgs {
  /** HTTPS destination; no credentials, no local or private address (docs/service-behaviour.md#webhook-endpoints). */
  url: pulumi.Input<string>;
  name: pulumi.Input<string>;
  /** Changing them replaces the endpoint (update cannot change subscriptions, docs/service-behaviour.md#webhook-endpoints). */
  subscriptions?: pulumi.Input<pulumi.Input<WebhookSubscriptionArgs>[]>;
  /**
   * Default true; false pauses deliveries. The service creates endpoints active, so with `false` the endpoint
   * is created active and paused by a second write: deliveries can arrive in between (provider README).
   */
  isActive?: pulumi.Input<boolean>;
  organizationId?: pulumi.Input<string>;
  profile?: pulumi.Input<string>;
  /**
   * Take over an existing object instead of creating one (provider README, "Adopting existing objects"). The stack
   * then owns it: `pulumi destroy` deletes it unless the resource has the `retainOnDelete: true` option.
   */
  adopt?: pulumi.Input<WebhookEndpointAdopt>;
}

export interface WebhookSubscription {
  eventType: string;
  filtersJson?: string;
  isActive: boolean;
}

export interface WebhookEndpointInputs extends CommonInputs {
  url: string;
  name: string;
  subscriptions: WebhookSubscription[];
  isActive: boolean;
  organizationId: string;
  adopt?: WebhookEndpointAdopt;
}

export interface WebhookEndpointOutputs extends WebhookEndpointInputs {
  endpointId: string;
}

/** The service's fields, from the sdk's field table (the create and update intents). */
const WEBHOOK_FIELDS = serviceFields(WEBHOOK_ENDPOINT_FIELD_TABLE);
export const WEBHOOK_KEYS = [...WEBHOOK_FIELDS, ...COMMON_KEYS] as const;
export const WEBHOOK_ADOPT_FLAGS = ['byUrlAndName'] as const;

/** Sorted keys at every level, so `{"b":1,"a":2}` and `{"a":2, "b":1}` compare equal; text that is not JSON as it is. */
function canonicalJson(text: string): string {
  try {
    return sortedJson(JSON.parse(text));
  } catch {
    return text;
  }
}

export function normalizeSubscription(raw: unknown): WebhookSubscription {
  const s = (raw ?? {}) as { eventType?: unknown; filtersJson?: unknown; isActive?: unknown };
  const out: WebhookSubscription = { eventType: String(s.eventType ?? ''), isActive: s.isActive !== false };
  if (typeof s.filtersJson === 'string' && s.filtersJson.trim() !== '') out.filtersJson = canonicalJson(s.filtersJson);
  return out;
}

function sortKey(s: WebhookSubscription): string {
  return JSON.stringify([s.eventType, s.filtersJson ?? '', s.isActive]);
}

function normalizeSubscriptions(raw: unknown): WebhookSubscription[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(normalizeSubscription).sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
}

/** Normal form of inputs; unknown values (preview) are left as they are. */
export function normalizeWebhookInputs(news: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...news };
  if (out.isActive === undefined || out.isActive === null) out.isActive = true;
  if (out.subscriptions === undefined || out.subscriptions === null) out.subscriptions = [];
  else if (Array.isArray(out.subscriptions) && !out.subscriptions.some((s) => typeof s !== 'object' || s === null)) {
    out.subscriptions = normalizeSubscriptions(out.subscriptions);
  }
  return out;
}

export function webhookOutputsFromLive(live: ServiceWebhookEndpoint, state: Placement<WebhookEndpointAdopt>): WebhookEndpointOutputs {
  return {
    endpointId: live.endpointId,
    url: live.url,
    name: live.name,
    isActive: live.isActive,
    subscriptions: normalizeSubscriptions(live.subscriptions ?? []),
    ...placementOf(state),
  };
}

export function webhookInputsFromOutputs(outs: WebhookEndpointOutputs): WebhookEndpointInputs {
  const { endpointId: _id, ...inputs } = outs;
  return inputs;
}
