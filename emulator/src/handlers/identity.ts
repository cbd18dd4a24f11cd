// Users' credentials and MFA policies as queries (docs/service-behaviour.md#transport get_api_key, get_mfa_policies; docs/service-behaviour.md#api-keys, #mfa-policies).
import type { QueryHandler } from '../context';
import type { ApiKeyRecord, MfaPolicyRecord } from '../store/records';
import { found } from './util';
import { renderApiKey, renderMfaPolicy } from '../render/identity';

export const getApiKey: QueryHandler<'get_api_key'> = (ctx, body) => ({
  apiKey: renderApiKey(found(ctx.store.apiKeys.get(body.apiKeyId), ctx.org.organizationId, 'API key', body.apiKeyId), 'api'),
});

/** Ordered by `order`, lowest first (docs/service-behaviour.md#mfa-policies: steps are sequential). */
export const getMfaPolicies: QueryHandler<'get_mfa_policies'> = (ctx, body) => {
  found(ctx.store.users.get(body.userId), ctx.org.organizationId, 'user', body.userId);
  const policies = ctx.store.mfaPolicies.findByKey(body.userId).filter((m) => m.organizationId === ctx.org.organizationId);
  return { mfaPolicies: policies.sort((a, b) => a.order - b.order).map((m) => renderMfaPolicy(m, 'api')) };
};
