// Webhook endpoints: create/update/delete activities and the list query (docs/service-behaviour.md#activities, #webhook-endpoints).
import { webhookDestinationProblem } from '@walletinfra/sdk/rules';
import type { QueryHandler, RequestContext, SubmitHandler } from '../context';
import { invalidArgument, permissionDenied } from '../errors';
import type { WebhookEndpointRecord } from '../store/records';
import { found, requireNonEmpty } from './util';
import { optional } from '../render/optional';
import { renderWebhookEndpoint } from '../render/webhook-endpoint';

/** Billing-organization events (docs/service-behaviour.md#webhook-endpoints): a sub-organization gets PermissionDenied. */
const BILLING_SCOPED = new Set(['BALANCE_CONFIRMED_UPDATES', 'BALANCE_FINALIZED_UPDATES', 'SEND_TRANSACTION_STATUS_UPDATES']);

/** Named in the refusal of a loopback destination, the emulator's way to accept local receivers. */
const LOOPBACK_SETTING = 'the emulator option allowLoopbackWebhooks to true (--allow-loopback-webhooks)';

function checkUrl(ctx: RequestContext, url: string | undefined): void {
  if (url === undefined) return;
  const problem = webhookDestinationProblem(url, { allowLoopback: ctx.options.allowLoopbackWebhooks, loopbackSetting: LOOPBACK_SETTING });
  if (problem !== undefined) throw invalidArgument(`invalid request body: parameters.url: ${problem}`);
}

export const createWebhookEndpoint: SubmitHandler<'create_webhook_endpoint'> = {
  validate(ctx, p) {
    checkUrl(ctx, p.url);
    // docs/service-behaviour.md#webhook-endpoints: "name should be non-empty"
    requireNonEmpty(p.name, 'parameters.name');
    (p.subscriptions ?? []).forEach((s, i) => {
      if (s.filtersJson !== undefined) {
        try {
          JSON.parse(s.filtersJson);
        } catch {
          throw invalidArgument(`invalid request body: parameters.subscriptions[${i}].filtersJson: must be a JSON document`);
        }
      }
      if (BILLING_SCOPED.has(s.eventType) && ctx.org.parentOrganizationId !== undefined) {
        throw permissionDenied(`request not authorized: event type ${s.eventType} is only available to the parent (billing) organization`);
      }
    });
  },
  execute(ctx, p) {
    const now = ctx.env.now();
    const record: WebhookEndpointRecord = {
      endpointId: ctx.env.uuid(),
      organizationId: ctx.org.organizationId,
      url: p.url,
      name: p.name,
      isActive: true,
      subscriptions: (p.subscriptions ?? []).map((s) =>
        optional({ eventType: s.eventType, isActive: s.isActive ?? true }, 'filtersJson', s.filtersJson),
      ),
      createdAt: now,
      updatedAt: now,
    };
    ctx.store.webhookEndpoints.insert(record);
    return { endpointId: record.endpointId, webhookEndpoint: renderWebhookEndpoint(record, 'api') };
  },
};

/** Updates url, name or isActive; subscriptions cannot be changed (docs/service-behaviour.md#webhook-endpoints). */
export const updateWebhookEndpoint: SubmitHandler<'update_webhook_endpoint'> = {
  validate(ctx, p) {
    checkUrl(ctx, p.url);
    requireNonEmpty(p.name, 'parameters.name');
  },
  execute(ctx, p) {
    const current = found(ctx.store.webhookEndpoints.get(p.endpointId), ctx.org.organizationId, 'webhook endpoint', p.endpointId);
    const next: WebhookEndpointRecord = {
      ...current,
      url: p.url ?? current.url,
      name: p.name ?? current.name,
      isActive: p.isActive ?? current.isActive,
      updatedAt: ctx.env.now(),
    };
    ctx.store.webhookEndpoints.update(next);
    return { endpointId: next.endpointId, webhookEndpoint: renderWebhookEndpoint(next, 'api') };
  },
};

export const deleteWebhookEndpoint: SubmitHandler<'delete_webhook_endpoint'> = {
  execute(ctx, p) {
    found(ctx.store.webhookEndpoints.get(p.endpointId), ctx.org.organizationId, 'webhook endpoint', p.endpointId);
    ctx.store.webhookEndpoints.delete(p.endpointId);
    return { endpointId: p.endpointId };
  },
};

export const listWebhookEndpoints: QueryHandler<'list_webhook_endpoints'> = (ctx) => ({
  webhookEndpoints: ctx.store.webhookEndpoints.listByOrg(ctx.org.organizationId).map((e) => renderWebhookEndpoint(e, 'api')),
});
