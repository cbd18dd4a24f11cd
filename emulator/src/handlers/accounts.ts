// Building blocks for organizations, users and their credentials, shared by the bootstrap, the seed, the
// admin endpoints and create_sub_organization.
import { p256 } from '@noble/curves/p256';
import type { Env } from '../env';
import { invalidArgument } from '../errors';
import type { ApiKeyRecord, AuthenticatorRecord, OrganizationRecord, UserRecord } from '../store/records';
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

export interface NewUser {
  userName: string;
  userEmail?: string | undefined;
  userPhoneNumber?: string | undefined;
  userTags?: string[] | undefined;
  oauthProviders?: Array<{ providerName: string; oidcToken?: string | undefined }> | undefined;
  isRoot?: boolean | undefined;
}

export function createUser(d: Deps, org: OrganizationRecord, input: NewUser): UserRecord {
  const now = d.env.now();
  const user: UserRecord = {
    userId: d.env.uuid(),
    organizationId: org.organizationId,
    userName: input.userName,
    userTags: input.userTags ?? [],
    oauthProviders: (input.oauthProviders ?? []).map((o) =>
      o.oidcToken === undefined ? { providerName: o.providerName } : { providerName: o.providerName, oidcToken: o.oidcToken },
    ),
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

/** A P-256 public key must be a 33-byte compressed point (docs/service-behaviour.md#request-stamps); returns it lowercased. */
export function checkP256PublicKey(publicKey: string, field: string): string {
  const hex = publicKey.trim().toLowerCase();
  let ok = /^0[23][0-9a-f]{64}$/.test(hex);
  if (ok) {
    try {
      p256.Point.fromHex(hex).assertValidity();
    } catch {
      ok = false;
    }
  }
  if (!ok) throw invalidArgument(`invalid request body: ${field}: must be a compressed P-256 public key (66 hex characters)`);
  return hex;
}

export interface NewApiKey {
  apiKeyName: string;
  publicKey: string;
  curveType?: string | undefined;
  expirationSeconds?: string | undefined;
}

export function addApiKey(d: Deps, user: UserRecord, input: NewApiKey, field: string): ApiKeyRecord {
  const curve = input.curveType ?? 'API_KEY_CURVE_P256';
  const publicKey =
    curve === 'API_KEY_CURVE_P256' ? checkP256PublicKey(input.publicKey, `${field}.publicKey`) : input.publicKey.toLowerCase();
  if (input.expirationSeconds !== undefined && BigInt(input.expirationSeconds) === 0n) {
    throw invalidArgument('invalid api key expiration');
  }
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
