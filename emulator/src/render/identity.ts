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

/** An AAGUID of zeros: the emulator does not read attestations, so it knows no authenticator model. */
const UNKNOWN_AAGUID = '00000000-0000-0000-0000-000000000000';

/** `v1User`, every field the generated types require (a passkey's model and attestation are unknown here). */
export function renderUser(store: Store, u: UserRecord, format: TimeFormat): Record<string, unknown> {
  const out: Record<string, unknown> = { userId: u.userId, userName: u.userName };
  if (u.userEmail !== undefined) out.userEmail = u.userEmail;
  if (u.userPhoneNumber !== undefined) out.userPhoneNumber = u.userPhoneNumber;
  out.authenticators = store.authenticators
    .listByOrg(u.organizationId)
    .filter((a) => a.userId === u.userId)
    .map((a) => ({
      transports: [],
      attestationType: 'none',
      aaguid: UNKNOWN_AAGUID,
      credentialId: a.credentialId,
      model: '',
      credential: { publicKey: a.publicKey, type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR' },
      authenticatorId: a.authenticatorId,
      authenticatorName: a.authenticatorName,
      createdAt: renderTime(a.createdAt, format),
      updatedAt: renderTime(a.createdAt, format),
    }));
  out.apiKeys = store.apiKeys
    .listByOrg(u.organizationId)
    .filter((k) => k.userId === u.userId)
    .map((k) => renderApiKey(k, format));
  out.userTags = u.userTags;
  // records from before providers had ids get a stable one from their position
  out.oauthProviders = u.oauthProviders.map((o, i) => ({
    providerId: o.providerId ?? `${u.userId}-oauth-${i}`,
    providerName: o.providerName,
    issuer: o.issuer ?? '',
    audience: o.audience ?? '',
    subject: o.subject ?? '',
    createdAt: renderTime(o.createdAt ?? u.createdAt, format),
    updatedAt: renderTime(o.createdAt ?? u.createdAt, format),
  }));
  out.createdAt = renderTime(u.createdAt, format);
  out.updatedAt = renderTime(u.updatedAt, format);
  out.mfaPolicies = store.mfaPolicies.findByKey(u.userId).map((m) => renderMfaPolicy(m, format));
  return out;
}
