// Users' credentials and MFA policies as queries (docs/service-behaviour.md#transport get_api_key, get_mfa_policies; docs/service-behaviour.md#api-keys, #mfa-policies).
import type { QueryHandler } from '../context';
import { found } from './util';
import { renderApiKey, renderMfaPolicy } from '../render/identity';

export const getApiKey: QueryHandler<'get_api_key'> = (ctx, body) => ({
  apiKey: renderApiKey(found(ctx.store.apiKeys.get(body.apiKeyId), ctx.org.organizationId, 'API key', body.apiKeyId), 'api'),
});

/** Every API key of the organization, or of one of its users. */
export const getApiKeys: QueryHandler<'get_api_keys'> = (ctx, body) => {
  if (body.userId !== undefined) found(ctx.store.users.get(body.userId), ctx.org.organizationId, 'user', body.userId);
  const keys = ctx.store.apiKeys.listByOrg(ctx.org.organizationId).filter((k) => body.userId === undefined || k.userId === body.userId);
  return { apiKeys: keys.map((k) => renderApiKey(k, 'api')) };
};

/** Ordered by `order`, lowest first (docs/service-behaviour.md#mfa-policies: steps are sequential). */
export const getMfaPolicies: QueryHandler<'get_mfa_policies'> = (ctx, body) => {
  found(ctx.store.users.get(body.userId), ctx.org.organizationId, 'user', body.userId);
  const policies = ctx.store.mfaPolicies.findByKey(body.userId).filter((m) => m.organizationId === ctx.org.organizationId);
  return { mfaPolicies: policies.sort((a, b) => a.order - b.order).map((m) => renderMfaPolicy(m, 'api')) };
};
