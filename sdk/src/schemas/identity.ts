// Who can act in an organization: users, their API keys, user tags and the root quorum
// (docs/service-behaviour.md#users, #api-keys, #user-tags, #root-quorum). Shapes are @turnkey/http's generated
// `v1User`, `datav1Tag`, `externaldatav1Quorum`, `v1Config` and the user, tag, key and quorum intents.
// Requests are strict, responses loose, as everywhere in ./.
import { z } from 'zod';
import { Id, openEnum, Timestamp, Uint64String } from './common';
import { API_KEY_CURVES, AUTHENTICATOR_TRANSPORTS, CREDENTIAL_TYPES, ORGANIZATION_FEATURE_NAMES } from './enums';
import { boundedArray } from './limits';
import { ApiKey, MfaPolicy, PrivateKeyTag } from './resources';

// ---- field rules shared by the intents (docs/service-behaviour.md#users) ----

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9][0-9]{6,14}$/;
/** A plain `local@domain.tld`; the service's own check is stricter and undocumented (docs/service-behaviour.md#users). */
export const UserEmail = z.string().regex(EMAIL, 'must be an email address');
/** "in E.164 format e.g. +13214567890" (the generated types' description of `userPhoneNumber`). */
export const UserPhoneNumber = z.string().regex(E164, 'must be a phone number in E.164 format, e.g. +13214567890');
/** In an update, the empty string removes the email ("Setting this to an empty string will remove the user's email"). */
const UserEmailOrEmpty = z.string().refine((v) => v === '' || EMAIL.test(v), 'must be an email address, or empty to remove it');
const UserPhoneNumberOrEmpty = z
  .string()
  .refine((v) => v === '' || E164.test(v), 'must be a phone number in E.164 format (e.g. +13214567890), or empty to remove it');
const UserName = z.string().min(1, 'must not be empty');
/** `expirationSeconds` of an API key: a positive number of seconds; "0" is the service's "invalid api key expiration". */
export const ApiKeyExpirationSeconds = Uint64String.regex(/^0*[1-9][0-9]*$/, 'invalid api key expiration: must be at least 1 second');

// ---- responses ----

/** `datav1Tag` with `tagType: TAG_TYPE_USER`: the same shape as a private-key tag; members show on users (`userTags`). */
export const UserTag = PrivateKeyTag;
export type UserTag = z.infer<typeof UserTag>;

/** `v1Authenticator`: a passkey registered to a user. */
export const Authenticator = z.looseObject({
  transports: z.array(openEnum(AUTHENTICATOR_TRANSPORTS)),
  attestationType: z.string(),
  aaguid: z.string(),
  credentialId: z.string(),
  model: z.string(),
  credential: z.looseObject({ publicKey: z.string(), type: openEnum(CREDENTIAL_TYPES), sessionProfileId: z.string().optional() }),
  authenticatorId: z.string(),
  authenticatorName: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Authenticator = z.infer<typeof Authenticator>;

/** `v1OauthProvider`: an OIDC identity linked to a user. */
export const OauthProvider = z.looseObject({
  providerId: z.string(),
  providerName: z.string(),
  issuer: z.string(),
  audience: z.string(),
  subject: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type OauthProvider = z.infer<typeof OauthProvider>;

/** `v1User`: `userTags` holds the ids of the user's tags (membership lives on the user, docs/service-behaviour.md#user-tags). */
export const User = z.looseObject({
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string().optional(),
  userPhoneNumber: z.string().optional(),
  authenticators: z.array(Authenticator),
  apiKeys: z.array(ApiKey),
  userTags: z.array(z.string()),
  oauthProviders: z.array(OauthProvider),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  mfaPolicies: z.array(MfaPolicy),
});
export type User = z.infer<typeof User>;

/** `externaldatav1Quorum`: the users who may act as root, and how many of them must approve (docs/service-behaviour.md#root-quorum). */
export const RootQuorum = z.looseObject({ threshold: z.number(), userIds: z.array(z.string()) });
export type RootQuorum = z.infer<typeof RootQuorum>;

/** `v1Config`: the root quorum and the organization's feature switches; both optional in the generated types. */
export const OrganizationConfigs = z.looseObject({
  features: z.array(z.looseObject({ name: openEnum(ORGANIZATION_FEATURE_NAMES).optional(), value: z.string().optional() })).optional(),
  quorum: RootQuorum.optional(),
});
export type OrganizationConfigs = z.infer<typeof OrganizationConfigs>;

// ---- queries ----

const OrganizationOnly = z.strictObject({ organizationId: Id });

export const ListUserTagsRequest = OrganizationOnly;
export const ListUserTagsResponse = z.looseObject({ userTags: z.array(UserTag) });

/** TYPES `v1GetUsersRequest` (path `list_users`): every user, no pagination. */
export const ListUsersRequest = OrganizationOnly;
export const ListUsersResponse = z.looseObject({ users: z.array(User) });

export const GetUserRequest = z.strictObject({ organizationId: Id, userId: Id });
export const GetUserResponse = z.looseObject({ user: User });

/** The root quorum is read here: there is no `get_root_quorum` (docs/service-behaviour.md#root-quorum). */
export const GetOrganizationConfigsRequest = OrganizationOnly;
export const GetOrganizationConfigsResponse = z.looseObject({ configs: OrganizationConfigs });

/**
 * TYPES `v1GetWhoamiRequest` (path `whoami`): the organization a request targets and the user whose key stamped
 * it; "affords sub-organization look ups via parent organization" (its description in @turnkey/http), so it is
 * also how a parent's key learns a sub-organization's name (docs/service-behaviour.md#sub-organizations).
 */
export const WhoamiRequest = OrganizationOnly;
export const WhoamiResponse = z.looseObject({
  organizationId: z.string(),
  organizationName: z.string(),
  userId: z.string(),
  username: z.string(),
});

// ---- intents and results: API keys (docs/service-behaviour.md#api-keys) ----

/** `apiApiKeyParams`: a key of an API-only user; no curve, so P-256 (docs/service-behaviour.md#api-keys). */
export const ApiKeyParams = z.strictObject({
  apiKeyName: z.string().min(1, 'must not be empty'),
  publicKey: z.string().min(1, 'must not be empty'),
  expirationSeconds: ApiKeyExpirationSeconds.optional(),
});

/** `v1ApiKeyParamsV2`: the public half of a key pair the caller made; the service never sees the private key. */
export const ApiKeyParamsV2 = z.strictObject({
  apiKeyName: z.string().min(1, 'must not be empty'),
  publicKey: z.string().min(1, 'must not be empty'),
  curveType: z.enum(API_KEY_CURVES),
  expirationSeconds: ApiKeyExpirationSeconds.optional(),
});

/** `createApiKeysIntentV2` (the API reference page still shows the V1 intent without `curveType`; we follow the types). */
export const CreateApiKeysIntent = z.strictObject({
  apiKeys: boundedArray(ApiKeyParamsV2, 'apiKeys').min(1, 'must have at least one API key'),
  userId: Id,
});
export const CreateApiKeysResult = z.looseObject({ apiKeyIds: z.array(z.string()) });

export const DeleteApiKeysIntent = z.strictObject({
  userId: Id,
  apiKeyIds: boundedArray(Id, 'apiKeys').min(1, 'must name at least one API key'),
});
export const DeleteApiKeysResult = z.looseObject({ apiKeyIds: z.array(z.string()) });

// ---- users (docs/service-behaviour.md#users) ----

/** `v1AuthenticatorParamsV2`: a passkey with its WebAuthn attestation. */
export const AuthenticatorParamsV2 = z.strictObject({
  authenticatorName: z.string().min(1, 'must not be empty'),
  challenge: z.string(),
  attestation: z.strictObject({
    credentialId: z.string(),
    clientDataJson: z.string(),
    attestationObject: z.string(),
    transports: boundedArray(z.enum(AUTHENTICATOR_TRANSPORTS), 'transports'),
  }),
});

/** `v1OauthProviderParamsV2`: a provider named by an OIDC token or by its claims. */
export const OauthProviderParamsV2 = z.strictObject({
  providerName: z.string().min(1, 'must not be empty'),
  oidcToken: z.string().optional(),
  oidcClaims: z.strictObject({ iss: z.string(), sub: z.string(), aud: z.string() }).optional(),
});

/** `v1UserParamsV4`: the list fields are required and may be empty ("should be an empty array", the generated types). */
export const UserParamsV4 = z.strictObject({
  userName: UserName,
  userEmail: UserEmail.optional(),
  userPhoneNumber: UserPhoneNumber.optional(),
  apiKeys: boundedArray(ApiKeyParamsV2, 'apiKeys'),
  authenticators: boundedArray(AuthenticatorParamsV2, 'authenticators'),
  oauthProviders: boundedArray(OauthProviderParamsV2, 'oauthProviders'),
  userTags: boundedArray(Id, 'userTagIds'),
});

/** `createUsersIntentV4` */
export const CreateUsersIntent = z.strictObject({ users: boundedArray(UserParamsV4, 'users').min(1, 'must have at least one user') });
export const CreateUsersResult = z.looseObject({ userIds: z.array(z.string()) });

/** `v1ApiOnlyUserParams`: no phone number, no passkeys, P-256 keys only. */
export const ApiOnlyUserParams = z.strictObject({
  userName: UserName,
  userEmail: UserEmail.optional(),
  userTags: boundedArray(Id, 'userTagIds'),
  apiKeys: boundedArray(ApiKeyParams, 'apiKeys'),
});
export const CreateApiOnlyUsersIntent = z.strictObject({
  apiOnlyUsers: boundedArray(ApiOnlyUserParams, 'users').min(1, 'must have at least one user'),
});
export const CreateApiOnlyUsersResult = z.looseObject({ userIds: z.array(z.string()) });

/**
 * `v1UpdateUserIntent`: an omitted field keeps its value; `userTagIds`, when given, is the user's whole tag list
 * (an empty list removes every tag); an empty email or phone number removes it (docs/service-behaviour.md#users, UNCONFIRMED).
 */
export const UpdateUserIntent = z.strictObject({
  userId: Id,
  userName: UserName.optional(),
  userEmail: UserEmailOrEmpty.optional(),
  userTagIds: boundedArray(Id, 'userTagIds').optional(),
  userPhoneNumber: UserPhoneNumberOrEmpty.optional(),
});
export const UpdateUserResult = z.looseObject({ userId: z.string() });

export const UpdateUserNameIntent = z.strictObject({ userId: Id, userName: UserName });
export const UpdateUserNameResult = z.looseObject({ userId: z.string() });

/** "Setting this to an empty string will remove the user's email" (the generated types); `verificationToken` proves the address. */
export const UpdateUserEmailIntent = z.strictObject({
  userId: Id,
  userEmail: UserEmailOrEmpty,
  verificationToken: z.string().optional(),
});
export const UpdateUserEmailResult = z.looseObject({ userId: z.string() });

export const UpdateUserPhoneNumberIntent = z.strictObject({
  userId: Id,
  userPhoneNumber: UserPhoneNumberOrEmpty,
  verificationToken: z.string().optional(),
});
export const UpdateUserPhoneNumberResult = z.looseObject({ userId: z.string() });

export const DeleteUsersIntent = z.strictObject({ userIds: boundedArray(Id, 'userIds').min(1, 'must name at least one user') });
export const DeleteUsersResult = z.looseObject({ userIds: z.array(z.string()) });

// ---- user tags (docs/service-behaviour.md#user-tags) ----

export const CreateUserTagIntent = z.strictObject({
  userTagName: z.string().min(1, 'must not be empty'),
  userIds: boundedArray(Id, 'userIds'),
});
export const CreateUserTagResult = z.looseObject({ userTagId: z.string(), userIds: z.array(z.string()) });

/** Rename and membership in one write: both id arrays are required (empty when nothing changes). */
export const UpdateUserTagIntent = z.strictObject({
  userTagId: Id,
  newUserTagName: z.string().min(1, 'must not be empty').optional(),
  addUserIds: boundedArray(Id, 'userIds'),
  removeUserIds: boundedArray(Id, 'userIds'),
});
export const UpdateUserTagResult = z.looseObject({ userTagId: z.string() });

export const DeleteUserTagsIntent = z.strictObject({
  userTagIds: boundedArray(Id, 'userTagIds').min(1, 'must name at least one tag'),
});
/** `userIds`: the users that had one of the deleted tags. */
export const DeleteUserTagsResult = z.looseObject({ userTagIds: z.array(z.string()), userIds: z.array(z.string()) });

// ---- root quorum (docs/service-behaviour.md#root-quorum) ----

/**
 * `v1UpdateRootQuorumIntent`: the whole quorum, threshold and members, in one write. A threshold below 1 is the
 * service's "quorum threshold must be non-zero integer"; one above the members is refused by the service.
 */
export const UpdateRootQuorumIntent = z.strictObject({
  threshold: z
    .number()
    .int('must be an integer')
    .min(1, 'quorum threshold must be non-zero integer')
    .max(2 ** 31 - 1, 'must fit in int32'),
  userIds: boundedArray(Id, 'userIds'),
});
/** An empty object on the wire. */
export const UpdateRootQuorumResult = z.looseObject({});
