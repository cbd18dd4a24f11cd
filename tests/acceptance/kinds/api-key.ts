// ApiKey: keys of the fixture user (named with the run prefix, deleted at the end) whose public keys are made
// fresh for the run and whose private keys are discarded at once, so nobody can ever sign with them.
import type { Scenario } from './types';

export const apiKeyScenario: Scenario = {
  name: 'ApiKey',
  stem: 'api-key',
  why: "keys of the run's own fixture user, whose private keys were discarded when they were made, so nobody can sign with them",
  fixtureUser: true,
  create: (ctx, role) => ({
    userId: ctx.fixtureUserId,
    apiKeyName: ctx.name(`api-key-${role}`),
    publicKey: ctx.publicKey(`api-key-${role}`),
  }),
  // A rotation: a new public key, created before the old key is deleted.
  replace: (ctx, args) => ({ ...args, publicKey: ctx.publicKey('api-key-replacement') }),
  async handMade(ctx, args) {
    const { result } = await ctx.client.createApiKeys({
      userId: String(args.userId),
      apiKeys: [{ apiKeyName: String(args.apiKeyName), publicKey: String(args.publicKey), curveType: 'API_KEY_CURVE_P256' }],
    });
    const id = result.apiKeyIds[0];
    if (id === undefined) throw new Error('create_api_keys answered without an API key id');
    return id;
  },
  notApplicable: {
    update: 'an API key has no update: every field replaces it',
    drift: 'an API key has no update, so nothing of it can change outside Pulumi but its deletion',
  },
};
