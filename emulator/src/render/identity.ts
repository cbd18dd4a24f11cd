// Users, their API keys, authenticators and MFA policies on the wire (`v1User`, `v1ApiKey`, `v1MfaPolicy`
// in @turnkey/http's generated types). A user also appears inside an activity's votes, so inside webhook
// payloads: every time goes through the caller's format.
import type { ApiKeyRecord, MfaPolicyRecord, UserRecord } from '../store/records';
import type { Store } from '../store/store';
import { renderFields } from './fields';
import { optional } from './optional';
import { renderTime, type TimeFormat } from './time';

export function renderApiKey(k: ApiKeyRecord, format: TimeFormat): Record<string, unknown> {
  return {
    credential: optional({ publicKey: k.publicKey, type: k.type }, 'sessionProfileId', k.sessionProfileId),
    ...renderFields(k, ['apiKeyId', 'apiKeyName', 'createdAt', 'updatedAt', 'expirationSeconds'], format),
  };
}

export function renderMfaPolicy(m: MfaPolicyRecord, format: TimeFormat): Record<string, unknown> {
  return renderFields(
    m,
    ['mfaPolicyId', 'mfaPolicyName', 'condition', 'requiredAuthenticationMethods', 'order', 'notes', 'createdAt', 'updatedAt'],
    format,
  );
}

/** The collections {@link renderUser} reads, with the users themselves. */
const USER_READS = ['users', 'authenticators', 'apiKeys', 'mfaPolicies'] as const;

/**
 * The user `userId` on the wire, or `{userId}` alone when there is no such user. Memoised until a user or one
 * of their credentials is written: every activity shows its voters, and most are the same few users.
 */
export function renderUserById(store: Store, userId: string, format: TimeFormat): Readonly<Record<string, unknown>> {
  return store.memo(`user ${format} ${userId}`, USER_READS, () => {
    const user = store.users.get(userId);
    return user === undefined ? { userId } : renderUser(store, user, format);
  });
}

export function renderUser(store: Store, u: UserRecord, format: TimeFormat): Record<string, unknown> {
  const out: Record<string, unknown> = { userId: u.userId, userName: u.userName };
  if (u.userEmail !== undefined) out.userEmail = u.userEmail;
  if (u.userPhoneNumber !== undefined) out.userPhoneNumber = u.userPhoneNumber;
  out.authenticators = store.authenticators
    .listByOrg(u.organizationId)
    .filter((a) => a.userId === u.userId)
    .map((a) => ({
      authenticatorId: a.authenticatorId,
      authenticatorName: a.authenticatorName,
      credentialId: a.credentialId,
      credential: { publicKey: a.publicKey, type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR' },
      createdAt: renderTime(a.createdAt, format),
      updatedAt: renderTime(a.createdAt, format),
    }));
  out.apiKeys = store.apiKeys
    .listByOrg(u.organizationId)
    .filter((k) => k.userId === u.userId)
    .map((k) => renderApiKey(k, format));
  out.userTags = u.userTags;
  out.oauthProviders = u.oauthProviders.map((o) => ({ providerName: o.providerName }));
  out.createdAt = renderTime(u.createdAt, format);
  out.updatedAt = renderTime(u.updatedAt, format);
  out.mfaPolicies = store.mfaPolicies.findByKey(u.userId).map((m) => renderMfaPolicy(m, format));
  return out;
}
