// The organization a fresh emulator starts with: one organization, one root user with a P-256 API key, and
// an auth proxy configuration. Its ids and key are kept in the meta table, so `reset`
// recreates the same organization and the credentials a client holds stay valid.
import { loadApiKeyPair } from '@walletinfra/sdk';
import { generateP256KeyPair } from './crypto/keys';
import type { Env } from './env';
import type { Store } from './store/store';

export interface Bootstrap {
  organizationId: string;
  userId: string;
  apiKeyId: string;
  apiPublicKey: string;
  apiPrivateKey: string;
  authProxyConfigId: string;
}

const META_KEY = 'bootstrap';

/** The bootstrap identity, made on first start (in `rootApiKey` if given). Returns whether it is new. */
export function loadOrCreateBootstrap(
  store: Store,
  env: Env,
  rootApiKey?: { publicKey: string; privateKey: string },
): { bootstrap: Bootstrap; created: boolean } {
  const existing = store.getMeta(META_KEY);
  if (existing !== undefined) return { bootstrap: JSON.parse(existing) as Bootstrap, created: false };
  let key = generateP256KeyPair(env.randomBytes);
  if (rootApiKey !== undefined) {
    // throws InvalidApiKeyError naming the field; never echoes the private key
    const pair = loadApiKeyPair(rootApiKey);
    key = { publicKey: pair.publicKey, privateKey: rootApiKey.privateKey.trim().toLowerCase() };
  }
  const bootstrap: Bootstrap = {
    organizationId: env.uuid(),
    userId: env.uuid(),
    apiKeyId: env.uuid(),
    apiPublicKey: key.publicKey,
    apiPrivateKey: key.privateKey,
    authProxyConfigId: env.uuid(),
  };
  store.setMeta(META_KEY, JSON.stringify(bootstrap));
  createBootstrapRecords(store, env, bootstrap);
  return { bootstrap, created: true };
}

/** (Re)creates the bootstrap organization's records with their fixed ids. */
export function createBootstrapRecords(store: Store, env: Env, b: Bootstrap): void {
  const now = env.now();
  store.transaction(() => {
    store.organizations.insert({
      organizationId: b.organizationId,
      name: 'Emulator Organization',
      rootQuorum: { userIds: [b.userId], threshold: 1 },
      timePoliciesEnabled: true,
      createdAt: now,
      updatedAt: now,
    });
    store.users.insert({
      userId: b.userId,
      organizationId: b.organizationId,
      userName: 'root',
      userTags: [],
      oauthProviders: [],
      createdAt: now,
      updatedAt: now,
    });
    store.apiKeys.insert({
      apiKeyId: b.apiKeyId,
      organizationId: b.organizationId,
      userId: b.userId,
      apiKeyName: 'emulator root key',
      publicKey: b.apiPublicKey,
      type: 'CREDENTIAL_TYPE_API_KEY_P256',
      createdAt: now,
      updatedAt: now,
    });
    store.authProxyConfigs.insert({
      authProxyConfigId: b.authProxyConfigId,
      organizationId: b.organizationId,
      enabledProviders: ['email', 'passkey'],
      sessionExpirationSeconds: '900',
      otpLength: '6',
      otpAlphanumeric: false,
    });
  });
}

/** Deletes every resource and recreates the bootstrap organization (same ids, same key). */
export function resetToBootstrap(store: Store, env: Env, b: Bootstrap): void {
  store.transaction(() => {
    store.reset();
    createBootstrapRecords(store, env, b);
  });
}
