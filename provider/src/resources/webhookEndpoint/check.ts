// WebhookEndpoint.check: the sdk's create_webhook_endpoint schema plus the documented rules
// (docs.turnkey.com/reference/webhooks/reference): the sdk's webhook-destination rule (the one the emulator
// applies), a non-empty name, documented event types, valid filter JSON, no duplicate subscriptions.
import { webhookDestinationProblem } from '@walletinfra/sdk/rules';
import { CreateWebhookEndpointIntent, WEBHOOK_EVENT_TYPES } from '@walletinfra/sdk/schemas';
import type * as pulumi from '@pulumi/pulumi';
import type { ProviderContext } from '../../runtime/context';
import { containsUnknown, isUnknown } from '../../unknown';
import { describe, optionalType, requiredString, schemaFailures, unknownPropertyFailures, type CheckFailure } from '../common/check';
import { adoptFailures, selectorFailures, selectorOf } from '../common/inputs';
import { checkResult } from '../common/organization';
import { normalizeSubscription, normalizeWebhookInputs, WEBHOOK_ADOPT_FLAGS, WEBHOOK_KEYS } from './types';

/** Named in the refusal of a loopback destination (README, "Configuration"). */
const LOOPBACK_SETTING = 'walletinfra:allowLoopbackWebhookUrls to true (local emulator only; env WALLETINFRA_ALLOW_LOOPBACK_WEBHOOK_URLS)';

const SUBSCRIPTION_KEYS = ['eventType', 'filtersJson', 'isActive'];

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

export function checkWebhookInputs(ctx: ProviderContext, news: Record<string, unknown>): pulumi.dynamic.CheckResult {
  const failures: CheckFailure[] = [
    ...unknownPropertyFailures(news, WEBHOOK_KEYS),
    ...requiredString(news, 'url'),
    ...requiredString(news, 'name'),
    ...optionalType(news, 'isActive', 'boolean'),
    ...selectorFailures(news),
    ...adoptFailures(news.adopt, WEBHOOK_ADOPT_FLAGS),
  ];
  const reported = () => new Set(failures.map((f) => f.property));
  const subscriptions = subscriptionProblems(news.subscriptions);
  if (subscriptions.length > 0) failures.push({ property: 'subscriptions', reason: subscriptions.join('; ') });
  for (const f of schemaFailures(CreateWebhookEndpointIntent, news, ['url', 'name', 'subscriptions'])) {
    if (!reported().has(f.property)) failures.push(f);
  }
  if (typeof news.url === 'string' && !isUnknown(news.url) && !reported().has('url')) {
    const allowLoopback = containsUnknown(news.profile) ? false : ctx.endpoints(selectorOf(news)).allowLoopbackWebhookUrls;
    const problem = webhookDestinationProblem(news.url, { allowLoopback, loopbackSetting: LOOPBACK_SETTING });
    if (problem !== undefined) failures.push({ property: 'url', reason: problem });
  }
  return checkResult(ctx, normalizeWebhookInputs(news), failures);
}
