// Sub-organizations (docs/service-behaviour.md#sub-organizations): every version of the create intent the
// generated types still define (`v1CreateSubOrganizationIntent` ... `V8`, each with its own root-user
// params), their results, the delete intent, and the two listing queries. The service's delegated-access guide
// sends V7 (https://docs.turnkey.com/concepts/policies/delegated-access-backend); @turnkey/http 6.6.0 sends V8.
// Every version is kept to the fields the emulator can honour: no email/SMS/OTP switches, no verification
// token, no client signature, no OIDC claims (the same deviation for each, listed in the type-conformance test).
import { z } from 'zod';
import { Id, Pagination, Uint64String } from './common';
import { API_KEY_CURVES, ADDRESS_FORMATS, CURVES, SUBORG_FILTER_TYPES, VERIFIED_SUBORG_FILTER_TYPES } from './enums';
import { AuthenticatorParamsV2 } from './identity';
import { boundedArray } from './limits';
import { CreateWalletIntent } from './activities';

const Name = z.string().min(1, 'must not be empty');

/** `apiApiKeyParams`: no curve (P-256). */
const RootApiKeyV1 = z.strictObject({ apiKeyName: Name, publicKey: Name, expirationSeconds: Uint64String.optional() });
/** `v1ApiKeyParamsV2`: with its curve. */
const RootApiKeyV2 = z.strictObject({
  apiKeyName: Name,
  publicKey: Name,
  curveType: z.enum(API_KEY_CURVES),
  expirationSeconds: Uint64String.optional(),
});
/** `v1OauthProviderParams`: the token is required. */
const OauthProviderV1 = z.strictObject({ providerName: z.string(), oidcToken: z.string() });
/** `v1OauthProviderParamsV2` without `oidcClaims` (see the file's comment). */
const OauthProviderV2 = z.strictObject({ providerName: z.string(), oidcToken: z.string().optional() });

const authenticators = boundedArray(AuthenticatorParamsV2, 'authenticators');

/** `v1RootUserParams` */
const RootUserV1 = z.strictObject({
  userName: Name,
  userEmail: z.string().optional(),
  apiKeys: boundedArray(RootApiKeyV1, 'apiKeys'),
  authenticators,
});
/** `v1RootUserParamsV2`: OAuth providers. */
const RootUserV2 = RootUserV1.extend({ oauthProviders: boundedArray(OauthProviderV1, 'oauthProviders') });
/** `v1RootUserParamsV3`: API keys with their curve. */
const RootUserV3 = RootUserV2.extend({ apiKeys: boundedArray(RootApiKeyV2, 'apiKeys') });
/** `v1RootUserParamsV4`: a phone number. */
const RootUserV4 = RootUserV3.extend({ userPhoneNumber: z.string().optional() });
/** `v1RootUserParamsV5`: OAuth providers whose token is optional. */
const RootUserV5 = RootUserV4.extend({ oauthProviders: boundedArray(OauthProviderV2, 'oauthProviders') });

const rootUsers = <T extends z.ZodType>(user: T) => boundedArray(user, 'rootUsers').min(1, 'must have at least one root user');
const RootQuorumThreshold = z.number().int('must be an integer').min(1, 'must be at least 1');
/** `v1WalletParams`, as `create_wallet` takes it. */
const WalletParams = CreateWalletIntent;

/** `v1PrivateKeyParams` (V3 made private keys where later versions make a wallet). */
const PrivateKeyParams = z.strictObject({
  privateKeyName: Name,
  curve: z.enum(CURVES),
  privateKeyTags: boundedArray(Id, 'userTagIds'),
  addressFormats: boundedArray(z.enum(ADDRESS_FORMATS), 'walletAccounts'),
});

/** `v1CreateSubOrganizationIntent`: one root user, named after the organization, holding one passkey. */
export const CreateSubOrganizationIntentV1 = z.strictObject({ name: Name, rootAuthenticator: AuthenticatorParamsV2 });
/** `v1CreateSubOrganizationIntentV2`: root users (V2 to V4 take `v1RootUserParams`, without OAuth providers). */
export const CreateSubOrganizationIntentV2 = z.strictObject({
  subOrganizationName: Name,
  rootUsers: rootUsers(RootUserV1),
  rootQuorumThreshold: RootQuorumThreshold,
});
/** `v1CreateSubOrganizationIntentV3`: private keys. */
export const CreateSubOrganizationIntentV3 = CreateSubOrganizationIntentV2.extend({
  privateKeys: boundedArray(PrivateKeyParams, 'privateKeyIds'),
});
/** `v1CreateSubOrganizationIntentV4`: a wallet instead of private keys. */
export const CreateSubOrganizationIntentV4 = z.strictObject({
  subOrganizationName: Name,
  rootUsers: rootUsers(RootUserV1),
  rootQuorumThreshold: RootQuorumThreshold,
  wallet: WalletParams.optional(),
});
/** `v1CreateSubOrganizationIntentV5` */
export const CreateSubOrganizationIntentV5 = CreateSubOrganizationIntentV4.extend({ rootUsers: rootUsers(RootUserV2) });
/** `v1CreateSubOrganizationIntentV6` */
export const CreateSubOrganizationIntentV6 = CreateSubOrganizationIntentV4.extend({ rootUsers: rootUsers(RootUserV3) });
/** `v1CreateSubOrganizationIntentV7`: the version the delegated-access guide sends. */
export const CreateSubOrganizationIntentV7 = CreateSubOrganizationIntentV4.extend({ rootUsers: rootUsers(RootUserV4) });
/** `v1CreateSubOrganizationIntentV8`: the version @turnkey/http 6.6.0 sends. */
export const CreateSubOrganizationIntent = CreateSubOrganizationIntentV4.extend({ rootUsers: rootUsers(RootUserV5) });

const WalletResult = z.looseObject({ walletId: z.string(), addresses: z.array(z.string()) });

/** `v1CreateSubOrganizationResult` (V1 and V2). */
export const CreateSubOrganizationResultV1 = z.looseObject({ subOrganizationId: z.string(), rootUserIds: z.array(z.string()).optional() });
/** `v1CreateSubOrganizationResultV3`: the private keys with their addresses. */
export const CreateSubOrganizationResultV3 = CreateSubOrganizationResultV1.extend({
  privateKeys: z.array(
    z.looseObject({
      privateKeyId: z.string().optional(),
      addresses: z.array(z.looseObject({ format: z.string().optional(), address: z.string().optional() })).optional(),
    }),
  ),
});
/** `v1CreateSubOrganizationResultV4` ... `V8`: the same shape. */
export const CreateSubOrganizationResult = CreateSubOrganizationResultV1.extend({ wallet: WalletResult.optional() });

/**
 * `v1DeleteSubOrganizationIntent`: submitted in the sub-organization itself, by its own root user
 * (https://docs.turnkey.com/concepts/sub-organizations, "Deleting sub-organizations").
 */
export const DeleteSubOrganizationIntent = z.strictObject({ deleteWithoutExport: z.boolean().optional() });
export const DeleteSubOrganizationResult = z.looseObject({ subOrganizationUuid: z.string() });

// ---- queries ----

/** `v1GetSubOrgIdsRequest` (path `list_suborgs`): `filterValue` is what the `filterType` matches. */
export const ListSuborgsRequest = z.strictObject({
  organizationId: Id,
  filterType: z.enum(SUBORG_FILTER_TYPES).optional(),
  filterValue: z.string().optional(),
  paginationOptions: Pagination.optional(),
});
export const ListSuborgsResponse = z.looseObject({ organizationIds: z.array(z.string()) });

/** `v1GetVerifiedSubOrgIdsRequest` (path `list_verified_suborgs`): sub-organizations with a verified email or phone number. */
export const ListVerifiedSuborgsRequest = z.strictObject({
  organizationId: Id,
  filterType: z.enum(VERIFIED_SUBORG_FILTER_TYPES).optional(),
  filterValue: z.string().optional(),
  paginationOptions: Pagination.optional(),
});
export const ListVerifiedSuborgsResponse = ListSuborgsResponse;
