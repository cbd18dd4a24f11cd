// WebhookEndpoint (docs/service-behaviour.md#webhook-endpoints). update_webhook_endpoint changes only `url`,
// `name` and `isActive`, so a change of `subscriptions` replaces the endpoint (the engine's default order,
// create then delete, keeps deliveries flowing). The service creates endpoints active: with `isActive:
// false` a second write pauses the new endpoint (deliveries can arrive in between). Subscriptions are a set
// in normal form: sorted, `isActive` defaulting to true [UNCONFIRMED that the service omits it only when
// true], `filtersJson` canonical JSON, so the service's order and formatting never show up as a diff. The
// documented rules (docs.turnkey.com/reference/webhooks/reference) are checked at preview: the sdk's
// webhook-destination rule (the one the emulator applies), documented event types, valid filter JSON, no
// duplicate subscriptions.
import type * as pulumi from '@pulumi/pulumi';
import { z } from 'zod';
import { WEBHOOK_ENDPOINT_FIELD_TABLE, webhookDestinationProblem } from '@walletinfra/sdk/rules';
import {
  CreateWebhookEndpointIntent,
  UpdateWebhookEndpointIntent,
  WEBHOOK_EVENT_TYPES,
  WebhookSubscriptionParams,
  type WebhookEndpoint as ServiceWebhookEndpoint,
} from '@walletinfra/sdk/schemas';
import { sortedJson } from '../../internal/sorted-json';
import type { ProviderContext } from '../../context';
import { containsUnknown, isUnknown } from '../../wire';
import { describe, type CheckFailure } from '../common/check';
import { placementOf, selectorOf } from '../common/inputs';
import { defineKind, deleteById, type ArgsOf } from '../kind';
import { WEBHOOK_ENDPOINTS } from '../../session/lists';

/** Named in the refusal of a loopback destination (README, "Configuration"). */
const LOOPBACK_SETTING = 'walletinfra:allowLoopbackWebhookUrls to true (local emulator only; env WALLETINFRA_ALLOW_LOOPBACK_WEBHOOK_URLS)';

const SUBSCRIPTION_KEYS = Object.keys(WebhookSubscriptionParams.shape);

/** A subscription in normal form. */
export const WebhookSubscription = WebhookSubscriptionParams.required({ isActive: true });
export type WebhookSubscription = z.infer<typeof WebhookSubscription>;

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
  const out: WebhookSubscription = {
    eventType: typeof s.eventType === 'string' ? s.eventType : JSON.stringify(s.eventType ?? ''),
    isActive: s.isActive !== false,
  };
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

function subscriptionProblems(raw: unknown): string[] {
  if (raw === undefined || raw === null || isUnknown(raw)) return [];
  if (!Array.isArray(raw)) return [`must be a list of subscriptions, got ${describe(raw)}`];
  if (raw.length === 0) {
    return [
      `is empty, so the endpoint would receive no events: subscribe to at least one event type, ` +
        `e.g. [{ eventType: "${WEBHOOK_EVENT_TYPES[0]}" }] (event types: ${WEBHOOK_EVENT_TYPES.join(', ')})`,
    ];
  }
  const problems: string[] = [];
  const seen = new Map<string, number>();
  raw.forEach((item, i) => {
    const at = `subscriptions[${i}]`;
    if (isUnknown(item)) return;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      problems.push(`${at} must be an object with eventType, filtersJson and isActive`);
      return;
    }
    const s = item as Record<string, unknown>;
    for (const k of Object.keys(s))
      if (!SUBSCRIPTION_KEYS.includes(k)) problems.push(`${at} has unknown key "${k}"; known keys: ${SUBSCRIPTION_KEYS.join(', ')}`);
    if (typeof s.eventType === 'string' && !isUnknown(s.eventType) && !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(s.eventType)) {
      problems.push(`${at}.eventType "${s.eventType}" is not a documented event type; use one of ${WEBHOOK_EVENT_TYPES.join(', ')}`);
    }
    if (typeof s.filtersJson === 'string' && !isUnknown(s.filtersJson) && s.filtersJson.trim() !== '') {
      try {
        JSON.parse(s.filtersJson);
      } catch {
        problems.push(`${at}.filtersJson must be valid JSON`);
      }
    }
    if (containsUnknown(s)) return;
    const key = JSON.stringify(normalizeSubscription(s));
    const first = seen.get(key);
    if (first !== undefined) problems.push(`${at} repeats subscriptions[${first}]`);
    else seen.set(key, i);
  });
  return problems;
}

function subscriptionFailures(news: Record<string, unknown>): CheckFailure[] {
  const problems = subscriptionProblems(news.subscriptions);
  return problems.length > 0 ? [{ property: 'subscriptions', reason: problems.join('; ') }] : [];
}

function destinationFailures(news: Record<string, unknown>, ctx: ProviderContext): CheckFailure[] {
  if (typeof news.url !== 'string' || isUnknown(news.url)) return [];
  const allowLoopback = containsUnknown(news.profile) ? false : ctx.endpoints(selectorOf(news)).allowLoopbackWebhookUrls;
  const problem = webhookDestinationProblem(news.url, { allowLoopback, loopbackSetting: LOOPBACK_SETTING });
  return problem === undefined ? [] : [{ property: 'url', reason: problem }];
}

const args = CreateWebhookEndpointIntent.extend({ isActive: UpdateWebhookEndpointIntent.shape.isActive });

export const webhookEndpoint = defineKind({
  type: 'WebhookEndpoint',
  member: 'webhookEndpoint',
  // Listed by the service: read, adopt, create, update and delete are the shared steps (../common/listed.ts),
  // each write's request built by `writes` below.
  shape: 'listed',
  noun: 'webhook endpoint',
  plural: 'webhook endpoints',
  description: 'An HTTPS destination the service delivers events to, with the event types it subscribes to.',
  table: WEBHOOK_ENDPOINT_FIELD_TABLE,
  args,
  outputs: args.required().extend({ subscriptions: z.array(WebhookSubscription), endpointId: z.string() }),
  idProperty: 'endpointId',
  docs: {
    endpointId: "The service's id of the endpoint (also the resource's `id`).",
    url: 'HTTPS destination; no credentials, no local or private address (docs/service-behaviour.md#webhook-endpoints).',
    name: 'The name; the service documents no uniqueness of URL or name.',
    subscriptions:
      'The event types delivered (`ACTIVITY_UPDATES`, `BALANCE_CONFIRMED_UPDATES`, `BALANCE_FINALIZED_UPDATES`, ' +
      '`SEND_TRANSACTION_STATUS_UPDATES`), each with an optional JSON filter and `isActive` (default true); sorted. ' +
      'Changing them replaces the endpoint (the update cannot change subscriptions).',
    isActive:
      'Default true; false pauses deliveries. The service creates endpoints active, so with `false` the endpoint is created ' +
      'active and paused by a second write: deliveries can arrive in between.',
  },
  defaults: { isActive: true, subscriptions: [] },
  canonical: {
    subscriptions: (v) => (Array.isArray(v) && !v.some((s) => typeof s !== 'object' || s === null) ? normalizeSubscriptions(v) : v),
  },
  adopt: {
    flag: 'byUrlAndName',
    doc: 'Take over an endpoint with the same url, name and subscriptions, or create one.',
  },
  check: { beforeSchema: subscriptionFailures, late: destinationFailures },
  inventory: { governs: 'integration', createdBy: ['ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT'] },
  export: {
    name: (e: ServiceWebhookEndpoint) => e.name,
    fallback: 'webhook',
    properties: (e: ServiceWebhookEndpoint) => {
      // As the service holds them (order and filter text), not in normal form.
      const subscriptions = (e.subscriptions ?? []).map((s) => ({
        eventType: s.eventType,
        ...(s.filtersJson !== undefined && s.filtersJson !== '' ? { filtersJson: s.filtersJson } : {}),
        ...(s.isActive === false ? { isActive: false } : {}),
      }));
      return [
        ['name', e.name],
        ['url', e.url],
        ['subscriptions', subscriptions.length > 0 ? subscriptions : undefined],
        ['isActive', e.isActive ? undefined : false],
      ];
    },
  },
  example: {
    name: 'activity-updates',
    properties: {
      name: 'Activity updates',
      url: 'https://hooks.example.com/walletinfra',
      subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }],
    },
  },
  listing: { list: WEBHOOK_ENDPOINTS, idOf: (e: ServiceWebhookEndpoint) => e.endpointId },
  fromLive: (live: ServiceWebhookEndpoint, state) => ({
    endpointId: live.endpointId,
    url: live.url,
    name: live.name,
    isActive: live.isActive,
    subscriptions: normalizeSubscriptions(live.subscriptions ?? []),
    ...placementOf(state as Parameters<typeof placementOf>[0]),
  }),
  writes: {
    create: {
      operation: 'create_webhook_endpoint',
      toRequest: (d) => {
        const subscriptions = d.subscriptions as WebhookSubscription[];
        return {
          url: d.url,
          name: d.name,
          ...(subscriptions.length > 0 ? { subscriptions: subscriptions.map((s) => ({ ...s })) } : {}),
        };
      },
      resultId: (r) => String(r.endpointId),
      resultOf: (e: ServiceWebhookEndpoint) => ({ endpointId: e.endpointId, webhookEndpoint: e }),
      liveOf: (r, id) => ({ ...(r.webhookEndpoint as ServiceWebhookEndpoint), endpointId: id }),
      secondWrite: () => 'deactivating it (isActive=false)',
      label: (d) => JSON.stringify(d.name),
    },
    update: {
      operation: 'update_webhook_endpoint',
      resultOf: (e: ServiceWebhookEndpoint) => ({ endpointId: e.endpointId, webhookEndpoint: e }),
    },
    delete: deleteById('delete_webhook_endpoint', 'endpointId'),
  },
});

/** A subscription as a program passes it. */
export type WebhookSubscriptionArgs =
  NonNullable<ArgsOf<typeof webhookEndpoint>['subscriptions']> extends pulumi.Input<Array<infer S>>
    ? pulumi.Unwrap<S> extends object
      ? { [K in keyof pulumi.Unwrap<S>]: pulumi.Input<pulumi.Unwrap<S>[K]> }
      : never
    : never;
