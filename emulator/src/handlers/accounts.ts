// Building blocks for organizations, users and their credentials, shared by the bootstrap, the seed, the
// admin endpoints and create_sub_organization.
import { p256 } from '@noble/curves/p256';
import { apiPublicKeyProblem } from '@walletinfra/sdk/rules';
import type { Env } from '../env';
import { invalidArgument, resourceExhausted } from '../errors';
import type { ApiKeyRecord, AuthenticatorRecord, OauthProviderRecord, OrganizationRecord, UserRecord } from '../store/records';
import type { Store } from '../store/store';

type Deps = { store: Store; env: Env };

const CREDENTIAL_TYPE_OF_CURVE: Record<string, string> = {
  API_KEY_CURVE_P256: 'CREDENTIAL_TYPE_API_KEY_P256',
  API_KEY_CURVE_SECP256K1: 'CREDENTIAL_TYPE_API_KEY_SECP256K1',
  API_KEY_CURVE_ED25519: 'CREDENTIAL_TYPE_API_KEY_ED25519',
};

export function createOrganization(d: Deps, name: string, parentOrganizationId?: string): OrganizationRecord {
  const now = d.env.now();
  const org: OrganizationRecord = {
    organizationId: d.env.uuid(),
    name,
    rootQuorum: { userIds: [], threshold: 1 },
    timePoliciesEnabled: true,
    createdAt: now,
    updatedAt: now,
  };
  if (parentOrganizationId !== undefined) org.parentOrganizationId = parentOrganizationId;
  return d.store.organizations.insert(org);
}

export interface NewOauthProvider {
  providerName: string;
  oidcToken?: string | undefined;
  oidcClaims?: { iss: string; sub: string; aud: string } | undefined;
}

export interface NewUser {
  userName: string;
  userEmail?: string | undefined;
  userPhoneNumber?: string | undefined;
  userTags?: string[] | undefined;
  oauthProviders?: NewOauthProvider[] | undefined;
  isRoot?: boolean | undefined;
}

/** The `iss`, `sub` and `aud` of an OIDC token (a JWT), read without verifying it; undefined when it is not one. */
export function oidcClaimsOf(token: string): { iss: string; sub: string; aud: string } | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const aud: unknown = Array.isArray(claims.aud) ? (claims.aud as unknown[])[0] : claims.aud;
    if (typeof claims.iss !== 'string' || typeof claims.sub !== 'string' || typeof aud !== 'string') return undefined;
    return { iss: claims.iss, sub: claims.sub, aud };
  } catch {
    return undefined;
  }
}

function oauthProviderRecord(d: Deps, o: NewOauthProvider, now: number): OauthProviderRecord {
  const claims = o.oidcClaims ?? (o.oidcToken === undefined ? undefined : oidcClaimsOf(o.oidcToken));
  const record: OauthProviderRecord = {
    providerId: d.env.uuid(),
    providerName: o.providerName,
    issuer: claims?.iss ?? '',
    audience: claims?.aud ?? '',
    subject: claims?.sub ?? '',
    createdAt: now,
  };
  if (o.oidcToken !== undefined) record.oidcToken = o.oidcToken;
  return record;
}

export function createUser(d: Deps, org: OrganizationRecord, input: NewUser): UserRecord {
  const now = d.env.now();
  const user: UserRecord = {
    userId: d.env.uuid(),
    organizationId: org.organizationId,
    userName: input.userName,
    userTags: input.userTags ?? [],
    oauthProviders: (input.oauthProviders ?? []).map((o) => oauthProviderRecord(d, o, now)),
    createdAt: now,
    updatedAt: now,
  };
  if (input.userEmail !== undefined) user.userEmail = input.userEmail;
  if (input.userPhoneNumber !== undefined) user.userPhoneNumber = input.userPhoneNumber;
  d.store.users.insert(user);
  if (input.isRoot === true) {
    const current = d.store.organizations.get(org.organizationId) ?? org;
    current.rootQuorum.userIds.push(user.userId);
    current.updatedAt = now;
    d.store.organizations.update(current);
    org.rootQuorum = current.rootQuorum;
  }
  return user;
}

/** The public key in the form the curve's stamps carry it, or a 400 naming the field (the sdk's rule, shared with the provider's check). */
export function checkApiPublicKey(curve: string, publicKey: string, field: string): string {
  const problem = apiPublicKeyProblem(curve, publicKey);
  if (problem !== undefined) throw invalidArgument(`invalid request body: ${field}: ${problem}`);
  return publicKey.trim().toLowerCase();
}

/** API keys per user (docs.turnkey.com/reference/resource-limits): 10 long-lived and 10 expiring. */
export const API_KEY_LIMIT = { longLived: 10, expiring: 10 } as const;

export interface NewApiKey {
  apiKeyName: string;
  publicKey: string;
  curveType?: string | undefined;
  expirationSeconds?: string | undefined;
}

function apiKeyExpired(key: ApiKeyRecord, nowMs: number): boolean {
  return key.expirationSeconds !== undefined && nowMs >= key.createdAt + Number(key.expirationSeconds) * 1000;
}

/**
 * Room for one more key of `user`: a long-lived key over the limit is refused; an expiring one makes room by
 * deleting one existing key, the oldest expired one first, else the oldest unexpired one
 * (docs.turnkey.com/reference/resource-limits).
 */
function makeRoomForKey(d: Deps, user: UserRecord, expiring: boolean): void {
  const keys = d.store.apiKeys.listByOrg(user.organizationId).filter((k) => k.userId === user.userId);
  if (!expiring) {
    if (keys.filter((k) => k.expirationSeconds === undefined).length >= API_KEY_LIMIT.longLived)
      throw resourceExhausted('user has exceeded maximum long-lived api keys');
    return;
  }
  const expiringKeys = keys.filter((k) => k.expirationSeconds !== undefined);
  if (expiringKeys.length < API_KEY_LIMIT.expiring) return;
  const now = d.env.now();
  const victim = expiringKeys.find((k) => apiKeyExpired(k, now)) ?? expiringKeys[0];
  if (victim !== undefined) d.store.apiKeys.delete(victim.apiKeyId);
}

export function addApiKey(d: Deps, user: UserRecord, input: NewApiKey, field: string): ApiKeyRecord {
  const curve = input.curveType ?? 'API_KEY_CURVE_P256';
  const publicKey = checkApiPublicKey(curve, input.publicKey, `${field}.publicKey`);
  if (input.expirationSeconds !== undefined && BigInt(input.expirationSeconds) === 0n) {
    throw invalidArgument('invalid api key expiration');
  }
  // a public key names one credential in its organization: stamps are matched to keys by it (docs/service-behaviour.md#api-keys)
  if (d.store.apiKeys.findByKeyIn(user.organizationId, publicKey).length > 0) {
    throw invalidArgument(`invalid request body: ${field}.publicKey: an API key with this public key already exists in the organization`, {
      turnkeyErrorCode: 'CREDENTIAL_CONFLICT',
    });
  }
  makeRoomForKey(d, user, input.expirationSeconds !== undefined);
  const now = d.env.now();
  const key: ApiKeyRecord = {
    apiKeyId: d.env.uuid(),
    organizationId: user.organizationId,
    userId: user.userId,
    apiKeyName: input.apiKeyName,
    publicKey,
    type: CREDENTIAL_TYPE_OF_CURVE[curve] ?? 'CREDENTIAL_TYPE_API_KEY_P256',
    createdAt: now,
    updatedAt: now,
  };
  if (input.expirationSeconds !== undefined) key.expirationSeconds = input.expirationSeconds;
  return d.store.apiKeys.insert(key);
}

export function addAuthenticator(
  d: Deps,
  user: UserRecord,
  input: { authenticatorName: string; credentialId: string; publicKey: string },
  field: string,
): AuthenticatorRecord {
  const publicKey = input.publicKey.trim().toLowerCase();
  try {
    p256.Point.fromHex(publicKey).assertValidity();
  } catch {
    throw invalidArgument(`invalid request body: ${field}.publicKey: must be a P-256 public key in hex (compressed or uncompressed)`);
  }
  if (!/^[A-Za-z0-9_-]+$/.test(input.credentialId)) throw invalidArgument(`invalid request body: ${field}.credentialId: must be base64url`);
  const record: AuthenticatorRecord = {
    authenticatorId: d.env.uuid(),
    organizationId: user.organizationId,
    userId: user.userId,
    authenticatorName: input.authenticatorName,
    credentialId: input.credentialId,
    publicKey,
    createdAt: d.env.now(),
  };
  return d.store.authenticators.insert(record);
}
