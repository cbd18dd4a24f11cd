// Users' credentials and MFA policies as queries (docs/service-behaviour.md#transport get_api_key, get_mfa_policies; docs/service-behaviour.md#api-keys, #mfa-policies).
import type { QueryHandler } from '../context';
import type { ApiKeyRecord, MfaPolicyRecord } from '../store/records';
import { found, optional, toTimestamp } from './util';

export function renderApiKey(k: ApiKeyRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {
    credential: optional({ publicKey: k.publicKey, type: k.type }, 'sessionProfileId', k.sessionProfileId),
    apiKeyId: k.apiKeyId,
    apiKeyName: k.apiKeyName,
    createdAt: toTimestamp(k.createdAt),
    updatedAt: toTimestamp(k.updatedAt),
  };
  return optional(out, 'expirationSeconds', k.expirationSeconds);
}

export function renderMfaPolicy(m: MfaPolicyRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {
    mfaPolicyId: m.mfaPolicyId,
    mfaPolicyName: m.mfaPolicyName,
    condition: m.condition,
    requiredAuthenticationMethods: m.requiredAuthenticationMethods,
    order: m.order,
  };
  optional(out, 'notes', m.notes);
  out.createdAt = toTimestamp(m.createdAt);
  out.updatedAt = toTimestamp(m.updatedAt);
  return out;
}

export const getApiKey: QueryHandler<'get_api_key'> = (ctx, body) => ({
  apiKey: renderApiKey(found(ctx.store.apiKeys.get(body.apiKeyId), ctx.org.organizationId, 'API key', body.apiKeyId)),
});

/** Ordered by `order`, lowest first (docs/service-behaviour.md#mfa-policies: steps are sequential). */
export const getMfaPolicies: QueryHandler<'get_mfa_policies'> = (ctx, body) => {
  found(ctx.store.users.get(body.userId), ctx.org.organizationId, 'user', body.userId);
  const policies = ctx.store.mfaPolicies.findByKey(body.userId).filter((m) => m.organizationId === ctx.org.organizationId);
  return { mfaPolicies: policies.sort((a, b) => a.order - b.order).map(renderMfaPolicy) };
};
