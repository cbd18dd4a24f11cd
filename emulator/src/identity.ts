// Who can act in an organization, as the voting engine and the policy evaluator need it: the root quorum and
// its members (docs/service-behaviour.md#root-quorum), and which user holds which credential (API keys and
// passkeys, docs/service-behaviour.md#api-keys). Reads only; the handlers in ./handlers/ write.
import type { ApiKeyRecord, AuthenticatorRecord, OrganizationRecord } from './store/records';
import type { Store } from './store/store';

export interface RootQuorum {
  threshold: number;
  userIds: readonly string[];
}

/** The organization's root quorum; undefined for an unknown organization. */
export function rootQuorumOf(store: Store, organizationId: string): RootQuorum | undefined {
  return store.organizations.get(organizationId)?.rootQuorum;
}

/** Whether `userId` is a member of the root quorum of `org`. */
export function isRootQuorumMember(org: Pick<OrganizationRecord, 'rootQuorum'>, userId: string): boolean {
  return org.rootQuorum.userIds.includes(userId);
}

/** A credential as policies see it (`credentials` in consensus, docs/service-behaviour.md#policy-language). */
export interface HeldCredential {
  /** the API key id or authenticator id */
  id: string;
  userId: string;
  type: string;
  publicKey: string;
  /** the passkey's credential id (passkeys only) */
  credentialId?: string;
}

function ofApiKey(k: ApiKeyRecord): HeldCredential {
  return { id: k.apiKeyId, userId: k.userId, type: k.type, publicKey: k.publicKey };
}

function ofAuthenticator(a: AuthenticatorRecord): HeldCredential {
  return {
    id: a.authenticatorId,
    userId: a.userId,
    type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR',
    publicKey: a.publicKey,
    credentialId: a.credentialId,
  };
}

/** Every API key and passkey of a user of `organizationId`, API keys first, each oldest first. */
export function credentialsOfUser(store: Store, organizationId: string, userId: string): HeldCredential[] {
  return [
    ...store.apiKeys
      .listByOrg(organizationId)
      .filter((k) => k.userId === userId)
      .map(ofApiKey),
    ...store.authenticators
      .listByOrg(organizationId)
      .filter((a) => a.userId === userId)
      .map(ofAuthenticator),
  ];
}

/**
 * The credential registered in `organizationId` under an API key id, authenticator id or public key, with the
 * user who holds it; undefined when none is. Answers "whose key is this" for a vote or an activity parameter.
 */
export function credentialHolder(store: Store, organizationId: string, idOrPublicKey: string): HeldCredential | undefined {
  const byId = store.apiKeys.get(idOrPublicKey);
  if (byId?.organizationId === organizationId) return ofApiKey(byId);
  const byKey = store.apiKeys.findByKeyIn(organizationId, idOrPublicKey.toLowerCase())[0];
  if (byKey !== undefined) return ofApiKey(byKey);
  const passkey = store.authenticators
    .listByOrg(organizationId)
    .find((a) => a.authenticatorId === idOrPublicKey || a.publicKey === idOrPublicKey.toLowerCase());
  return passkey === undefined ? undefined : ofAuthenticator(passkey);
}
