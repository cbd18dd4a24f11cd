// API keys: create (V2, with a curve) and delete, per user (docs/service-behaviour.md#api-keys; @turnkey/http's
// generated `v1CreateApiKeysIntentV2`, `v1DeleteApiKeysIntent`). The reads are get_api_key/get_api_keys
// (./identity.ts). A key stamps requests until it expires (server/auth.ts), and no longer once deleted.
import type { SubmitHandler } from '../context';
import { notFound } from '../errors';
import { addApiKey } from './accounts';
import { findUser } from './identity-lookups';

export const createApiKeys: SubmitHandler<'create_api_keys'> = {
  validate(ctx, p) {
    findUser(ctx, p.userId, 'parameters.userId');
  },
  execute(ctx, p) {
    const user = findUser(ctx, p.userId, 'parameters.userId');
    return { apiKeyIds: p.apiKeys.map((k, i) => addApiKey(ctx, user, k, `parameters.apiKeys[${i}]`).apiKeyId) };
  },
};

/** Each key must be one of `userId`'s: a key of another user is as unknown as a key of nobody. */
export const deleteApiKeys: SubmitHandler<'delete_api_keys'> = {
  validate(ctx, p) {
    findUser(ctx, p.userId, 'parameters.userId');
    keysOf(ctx, p.userId, p.apiKeyIds);
  },
  execute(ctx, p) {
    findUser(ctx, p.userId, 'parameters.userId');
    const ids = [...new Set(keysOf(ctx, p.userId, p.apiKeyIds))];
    for (const id of ids) ctx.store.apiKeys.delete(id);
    return { apiKeyIds: ids };
  },
};

function keysOf(ctx: Parameters<SubmitHandler['execute']>[0], userId: string, apiKeyIds: readonly string[]): string[] {
  return apiKeyIds.map((id, i) => {
    const key = ctx.store.apiKeys.get(id);
    if (key === undefined || key.organizationId !== ctx.org.organizationId || key.userId !== userId) {
      throw notFound(`no API key found with ID ${id} for user ${userId} (parameters.apiKeyIds[${i}])`);
    }
    return key.apiKeyId;
  });
}
