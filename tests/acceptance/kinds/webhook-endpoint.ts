// WebhookEndpoint: subscribed only to balance events of wallet accounts, which the run never causes, so the
// service has nothing to deliver to the endpoint's URL (`--webhook-url`, default under https://example.com/).
import type { Scenario } from './types';

export const webhookEndpointScenario: Scenario = {
  name: 'WebhookEndpoint',
  stem: 'webhook',
  why: 'subscribed to balance events only, which the run never causes, so nothing is delivered to its URL',
  label: (live) => (live as { name?: string }).name,
  create: (ctx, role) => ({
    name: ctx.name(`webhook-${role}`),
    url: ctx.webhookUrl(`webhook-${role}`),
    subscriptions: [{ eventType: 'BALANCE_CONFIRMED_UPDATES' }],
  }),
  update: (_ctx, args) => ({ ...args, name: `${String(args.name)}-renamed`, isActive: false }),
  replace: (_ctx, args) => ({ ...args, subscriptions: [{ eventType: 'BALANCE_FINALIZED_UPDATES' }] }),
  async handMade(ctx, args) {
    const { result } = await ctx.client.createWebhookEndpoint({
      url: String(args.url),
      name: String(args.name),
      subscriptions: args.subscriptions as Array<{ eventType: 'BALANCE_CONFIRMED_UPDATES' }>,
    });
    return result.endpointId;
  },
  async drift(ctx, id) {
    await ctx.client.updateWebhookEndpoint({ endpointId: id, isActive: false });
    return 'paused (isActive false) with update_webhook_endpoint';
  },
};
