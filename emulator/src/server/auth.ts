// Authentication of query and submit requests (docs/service-behaviour.md#request-stamps, #errors): an `X-Stamp` (P-256 API key) or an
// `X-Stamp-Webauthn` (passkey) whose credential belongs to the target organization or its parent. Each
// failure has its own message, from the service's documented list where there is one (docs/service-behaviour.md#errors).
import { verifyStamp } from '@walletinfra/sdk';
import type { Caller, Core } from '../context';
import { parseWebAuthnStamp, verifyWebAuthnAssertion } from '../crypto/webauthn';
import { invalidArgument, notFound, unauthenticated } from '../errors';
import type { ApiKeyRecord, OrganizationRecord, UserRecord } from '../store/records';

export const AUTH_MESSAGES = {
  missing: 'cannot authenticate public API activity request without a stamp (X-Stamp/X-Stamp-Webauthn header)',
  undecodable: 'could not extract api key stamp',
  malformed: 'malformed activity stamp',
  badSignature: 'could not verify api key signature',
  unknownKey: 'could not find public key in organization',
  wrongOrg: 'organization mismatch: the public key is not registered in this organization or its parent organization',
  expired: 'expired api key',
  unknownCredential: 'credential ID could not be found in organization or its parent organization',
  badWebAuthn: 'could not verify WebAuthN signature',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The target organization of a body: 400 when malformed, 404 when unknown (docs/service-behaviour.md#errors messages). */
export function targetOrganization(core: Core, organizationId: unknown): OrganizationRecord {
  if (organizationId === undefined || organizationId === '') {
    throw invalidArgument('invalid request body: organizationId: is required', { turnkeyErrorCode: 'INVALID_ORGANIZATION_ID' });
  }
  if (typeof organizationId !== 'string') {
    throw invalidArgument('invalid request body: organizationId: must be a string', { turnkeyErrorCode: 'INVALID_ORGANIZATION_ID' });
  }
  if (!UUID.test(organizationId))
    throw invalidArgument('malformed organization ID provided', { turnkeyErrorCode: 'INVALID_ORGANIZATION_ID' });
  const org = core.store.organizations.get(organizationId.toLowerCase());
  if (org === undefined) throw notFound('no organization found with the given ID', { turnkeyErrorCode: 'ORGANIZATION_NOT_FOUND' });
  return org;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function expired(core: Core, key: ApiKeyRecord): boolean {
  if (key.expirationSeconds === undefined) return false;
  return core.env.now() >= key.createdAt + Number(key.expirationSeconds) * 1000;
}

/**
 * Order: a stamp must be present and its signature must hold over the exact body bytes before anything about
 * the organization is revealed; then the organization (400/404), then the credential's membership and expiry.
 */
export function authenticate(
  core: Core,
  headers: Record<string, string | string[] | undefined>,
  body: Buffer,
  organizationId: unknown,
): { caller: Caller; org: OrganizationRecord } {
  const stamp = header(headers, 'x-stamp');
  const webauthn = header(headers, 'x-stamp-webauthn');
  if ((stamp === undefined || stamp === '') && (webauthn === undefined || webauthn === '')) {
    throw unauthenticated(AUTH_MESSAGES.missing, { turnkeyErrorCode: 'SIGNATURE_MISSING' });
  }
  if (stamp !== undefined && stamp !== '') return apiKeyCaller(core, stamp, body, organizationId);
  return webAuthnCaller(core, webauthn as string, body, organizationId);
}

function orgIdsOf(org: OrganizationRecord): string[] {
  return [org.organizationId, org.parentOrganizationId].filter((id): id is string => id !== undefined);
}

/** What an API key stamp resolves to in the store: the target organization, the key, its user. */
interface ApiKeyHolder {
  org: OrganizationRecord;
  key: ApiKeyRecord;
  user: UserRecord;
}

/** The collections {@link apiKeyHolder} reads. */
const API_KEY_HOLDER_READS = ['organizations', 'apiKeys', 'users'] as const;

function apiKeyCaller(core: Core, stamp: string, body: Buffer, organizationId: unknown): { caller: Caller; org: OrganizationRecord } {
  const verified = verifyStamp({ headerValue: stamp, body });
  if (!verified.ok) {
    if (verified.reason === 'invalid_signature')
      throw unauthenticated(AUTH_MESSAGES.badSignature, { turnkeyErrorCode: 'SIGNATURE_INVALID' });
    const lead = verified.reason === 'malformed_stamp' ? AUTH_MESSAGES.undecodable : AUTH_MESSAGES.malformed;
    throw unauthenticated(`${lead}: ${verified.message}`, { turnkeyErrorCode: 'SIGNATURE_INVALID' });
  }
  // The store lookups are the same for every request of one key to one organization until an organization,
  // key or user is written (a revoked key, a deleted user, a changed organization): memoised until then.
  // Only a successful lookup is memoised; a failing one throws its error on every request.
  const { org, key, user } =
    typeof organizationId === 'string'
      ? core.store.memo(`auth ${verified.publicKey} ${organizationId}`, API_KEY_HOLDER_READS, () =>
          apiKeyHolder(core, verified.publicKey, organizationId),
        )
      : apiKeyHolder(core, verified.publicKey, organizationId);
  // expiry moves with the clock, not with writes: checked on every request
  if (expired(core, key)) throw unauthenticated(AUTH_MESSAGES.expired, { turnkeyErrorCode: 'API_KEY_EXPIRED' });
  const caller: Caller = {
    user,
    publicKey: verified.publicKey,
    scheme: verified.scheme,
    signature: verified.signature,
    credentialType: key.type,
    credentialId: key.apiKeyId,
    viaParent: key.organizationId !== org.organizationId,
  };
  return { caller, org };
}

/** The organization, API key and user behind a verified public key, or the error the request deserves. */
function apiKeyHolder(core: Core, publicKey: string, organizationId: unknown): ApiKeyHolder {
  const org = targetOrganization(core, organizationId);
  // The key is looked up in the target organization, then in its parent, never across all organizations: in
  // the delegated-access pattern one backend key is an API key in every sub-organization
  // (https://docs.turnkey.com/concepts/policies/delegated-access-overview), and a stamp names its organization.
  const key = orgIdsOf(org)
    .map((id) => core.store.apiKeys.findByKeyIn(id, publicKey)[0])
    .find((k) => k !== undefined);
  if (key === undefined) {
    if (!core.store.apiKeys.hasKey(publicKey))
      throw unauthenticated(AUTH_MESSAGES.unknownKey, { turnkeyErrorCode: 'PUBLIC_KEY_NOT_FOUND' });
    throw unauthenticated(AUTH_MESSAGES.wrongOrg, { turnkeyErrorCode: 'PUBLIC_KEY_NOT_FOUND' });
  }
  // before the user lookup, so an expired key of a removed user still reads as expired (the caller checks
  // expiry again on every request, memoised or not)
  if (expired(core, key)) throw unauthenticated(AUTH_MESSAGES.expired, { turnkeyErrorCode: 'API_KEY_EXPIRED' });
  const user = core.store.users.get(key.userId);
  if (user === undefined) throw unauthenticated(AUTH_MESSAGES.unknownKey, { turnkeyErrorCode: 'PUBLIC_KEY_NOT_FOUND' });
  return { org, key, user };
}

function webAuthnCaller(core: Core, value: string, body: Buffer, organizationId: unknown): { caller: Caller; org: OrganizationRecord } {
  const parsed = parseWebAuthnStamp(value);
  if (!parsed.ok) throw unauthenticated(`${AUTH_MESSAGES.malformed}: ${parsed.message}`, { turnkeyErrorCode: 'SIGNATURE_INVALID' });
  const org = targetOrganization(core, organizationId);
  const authenticator = orgIdsOf(org)
    .map((id) => core.store.authenticators.findByKeyIn(id, parsed.stamp.credentialId)[0])
    .find((a) => a !== undefined);
  if (authenticator === undefined) throw unauthenticated(AUTH_MESSAGES.unknownCredential, { turnkeyErrorCode: 'CREDENTIAL_NOT_FOUND' });
  const problem = verifyWebAuthnAssertion(parsed.stamp, body, authenticator.publicKey);
  if (problem !== undefined) throw unauthenticated(`${AUTH_MESSAGES.badWebAuthn}: ${problem}`, { turnkeyErrorCode: 'SIGNATURE_INVALID' });
  const user = core.store.users.get(authenticator.userId);
  if (user === undefined) throw unauthenticated(AUTH_MESSAGES.unknownCredential, { turnkeyErrorCode: 'CREDENTIAL_NOT_FOUND' });
  const caller: Caller = {
    user,
    publicKey: authenticator.publicKey,
    scheme: 'SIGNATURE_SCHEME_TK_API_P256',
    signature: Buffer.from(parsed.stamp.signature).toString('hex'),
    credentialType: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR',
    credentialId: authenticator.authenticatorId,
    viaParent: authenticator.organizationId !== org.organizationId,
  };
  return { caller, org };
}
