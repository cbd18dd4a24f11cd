// Sub-organizations (docs/service-behaviour.md#sub-organizations): create in every version the generated types
// still define, each intent read into one form and answered in its own result shape, and delete. The listings
// are in ./sub-organization-lists.ts. Sub-organizations cannot nest (https://docs.turnkey.com/reference/resource-limits).
import type { SubmitName } from '@walletinfra/sdk';
import type {
  CreateSubOrganizationIntent,
  CreateSubOrganizationIntentV1,
  CreateSubOrganizationIntentV2,
  CreateSubOrganizationIntentV3,
  CreateSubOrganizationIntentV4,
} from '@walletinfra/sdk/schemas';
import type { z } from 'zod';
import type { QueryHandler, RequestContext, SubmitHandler } from '../context';
import { deriveAddress } from '../crypto/keys';
import { failedPrecondition, invalidArgument } from '../errors';
import type { OrganizationRecord } from '../store/records';
import { addApiKey, createOrganization, createUser, type NewApiKey, type NewOauthProvider } from './accounts';
import { CURVE_OF_FORMAT, insertWallet, validateAccounts, type AccountParams } from './wallets';

/** A root user as every version can describe one; `field` is where it sits in the intent, for messages. */
interface RootUserInput {
  field: string;
  userName: string;
  userEmail?: string | undefined;
  userPhoneNumber?: string | undefined;
  apiKeys: NewApiKey[];
  authenticators: unknown[];
  oauthProviders: NewOauthProvider[];
}

interface PrivateKeyInput {
  privateKeyName: string;
  curve: string;
  privateKeyTags: string[];
  addressFormats: string[];
}

/** The intent of any version, read into one form. */
export interface NewSubOrganization {
  name: string;
  rootUsers: RootUserInput[];
  rootQuorumThreshold: number;
  wallet?: { walletName: string; accounts: AccountParams[] } | undefined;
  privateKeys?: PrivateKeyInput[] | undefined;
}

/** What one creation made, for each version's result. */
interface Created {
  subOrganizationId: string;
  rootUserIds: string[];
  wallet?: { walletId: string; addresses: string[] };
  privateKeys?: Array<{ privateKeyId: string; addresses: Array<{ format: string; address: string }> }>;
}

type Out<S extends z.ZodType> = z.output<S>;
/** A root user of any version: V2-V4's have no OAuth providers, V5-V8's do, V7-V8's have a phone number. */
type AnyRootUser =
  Out<typeof CreateSubOrganizationIntent>['rootUsers'][number] | Out<typeof CreateSubOrganizationIntentV2>['rootUsers'][number];

function rootUsersOf(users: readonly AnyRootUser[]): RootUserInput[] {
  return users.map((u, i) => ({
    field: `parameters.rootUsers[${i}]`,
    userName: u.userName,
    userEmail: u.userEmail,
    userPhoneNumber: 'userPhoneNumber' in u ? u.userPhoneNumber : undefined,
    apiKeys: u.apiKeys,
    authenticators: u.authenticators,
    oauthProviders: 'oauthProviders' in u ? u.oauthProviders : [],
  }));
}

/** From V4 on: a wallet (optional) where V3 had private keys. */
function withWallet(p: Out<typeof CreateSubOrganizationIntentV4> | Out<typeof CreateSubOrganizationIntent>): NewSubOrganization {
  return {
    name: p.subOrganizationName,
    rootUsers: rootUsersOf(p.rootUsers),
    rootQuorumThreshold: p.rootQuorumThreshold,
    wallet: p.wallet,
  };
}

const resultWithWallet = (c: Created) => ({
  subOrganizationId: c.subOrganizationId,
  ...(c.wallet === undefined ? {} : { wallet: c.wallet }),
  rootUserIds: c.rootUserIds,
});
const resultPlain = (c: Created) => ({ subOrganizationId: c.subOrganizationId, rootUserIds: c.rootUserIds });

/** Each activity type: how its intent reads, and its result's shape (the generated `v1CreateSubOrganizationResult…`). */
const VERSIONS: Record<string, { read: (p: never) => NewSubOrganization; result: (c: Created) => Record<string, unknown> }> = {
  // V1: one root user holding the passkey; the service's name for that user is UNCONFIRMED, the emulator uses the organization's
  ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION: {
    read: (p: Out<typeof CreateSubOrganizationIntentV1>) => ({
      name: p.name,
      rootUsers: [{ field: 'parameters', userName: p.name, apiKeys: [], authenticators: [p.rootAuthenticator], oauthProviders: [] }],
      rootQuorumThreshold: 1,
    }),
    result: resultPlain,
  },
  ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V2: {
    read: (p: Out<typeof CreateSubOrganizationIntentV2>) => ({
      name: p.subOrganizationName,
      rootUsers: rootUsersOf(p.rootUsers),
      rootQuorumThreshold: p.rootQuorumThreshold,
    }),
    result: resultPlain,
  },
  ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V3: {
    read: (p: Out<typeof CreateSubOrganizationIntentV3>) => ({
      name: p.subOrganizationName,
      rootUsers: rootUsersOf(p.rootUsers),
      rootQuorumThreshold: p.rootQuorumThreshold,
      privateKeys: p.privateKeys,
    }),
    result: (c) => ({ subOrganizationId: c.subOrganizationId, privateKeys: c.privateKeys ?? [], rootUserIds: c.rootUserIds }),
  },
  // V4 to V8 differ only in their root users
  ...Object.fromEntries(
    [4, 5, 6, 7, 8].map((v) => [`ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V${v}`, { read: withWallet, result: resultWithWallet }]),
  ),
};

// A private key's addresses in several formats come from one key: every deriver draws its key from here.
function fixedBytes(bytes: Uint8Array): (n: number) => Uint8Array {
  return (n) => bytes.slice(0, n);
}

function validatePrivateKeys(keys: readonly PrivateKeyInput[]): void {
  keys.forEach((k, i) => {
    const at = `invalid request body: parameters.privateKeys[${i}]`;
    if (k.privateKeyTags.length > 0) {
      throw invalidArgument(`${at}.privateKeyTags: a new sub-organization has no private key tags yet; tag its keys after it is made`);
    }
    k.addressFormats.forEach((f, j) => {
      if (CURVE_OF_FORMAT[f] === undefined) {
        throw invalidArgument(
          `${at}.addressFormats[${j}]: ${f} is not supported by the emulator (supported: ${Object.keys(CURVE_OF_FORMAT).join(', ')})`,
        );
      }
      if (CURVE_OF_FORMAT[f] !== k.curve)
        throw invalidArgument(`${at}.addressFormats[${j}]: ${f} needs ${CURVE_OF_FORMAT[f]}, not ${k.curve}`);
    });
  });
}

function validateNew(ctx: RequestContext, n: NewSubOrganization): void {
  if (ctx.org.parentOrganizationId !== undefined) throw invalidArgument('sub-organizations cannot create sub-organizations');
  if (n.rootQuorumThreshold > n.rootUsers.length) {
    throw invalidArgument('invalid request body: parameters.rootQuorumThreshold: must not exceed the number of root users');
  }
  for (const u of n.rootUsers) {
    if (u.authenticators.length > 0) {
      const where = u.field === 'parameters' ? 'parameters.rootAuthenticator' : `${u.field}.authenticators`;
      throw invalidArgument(
        `invalid request body: ${where}: passkey attestation is not supported by the emulator; register passkeys with POST /__admin/users`,
      );
    }
  }
  if (n.wallet !== undefined) validateAccounts(n.wallet.accounts, 'parameters.wallet.accounts');
  if (n.privateKeys !== undefined) validatePrivateKeys(n.privateKeys);
}

function insertPrivateKeys(ctx: RequestContext, orgId: string, keys: readonly PrivateKeyInput[]): NonNullable<Created['privateKeys']> {
  const now = ctx.env.now();
  return keys.map((k) => {
    const secret = ctx.env.randomBytes(32);
    const addresses = k.addressFormats.map((format) => ({ format, address: deriveAddress(format, fixedBytes(secret))?.address ?? '' }));
    const privateKeyId = ctx.env.uuid();
    const publicKey = Buffer.from(ctx.env.randomBytes(33)).toString('hex');
    ctx.store.privateKeys.insert({
      privateKeyId,
      organizationId: orgId,
      privateKeyName: k.privateKeyName,
      curve: k.curve,
      publicKey,
      createdAt: now,
      updatedAt: now,
    });
    return { privateKeyId, addresses };
  });
}

function executeNew(ctx: RequestContext, n: NewSubOrganization): Created {
  const sub = createOrganization(ctx, n.name, ctx.org.organizationId);
  const rootUserIds = n.rootUsers.map((u) => {
    const user = createUser(ctx, sub, { ...u, isRoot: true });
    u.apiKeys.forEach((k, j) => addApiKey(ctx, user, k, `${u.field}.apiKeys[${j}]`));
    return user.userId;
  });
  const org = ctx.store.organizations.get(sub.organizationId) as OrganizationRecord;
  org.rootQuorum.threshold = n.rootQuorumThreshold;
  ctx.store.organizations.update(org);
  const created: Created = { subOrganizationId: sub.organizationId, rootUserIds };
  if (n.wallet !== undefined) {
    const { wallet, accounts } = insertWallet(ctx, sub.organizationId, n.wallet.walletName, n.wallet.accounts);
    created.wallet = { walletId: wallet.walletId, addresses: accounts.map((a) => a.address) };
  }
  if (n.privateKeys !== undefined) created.privateKeys = insertPrivateKeys(ctx, sub.organizationId, n.privateKeys);
  return created;
}

/** The handler of one create version. */
function createAs(activityType: string): SubmitHandler<'create_sub_organization'> {
  const version = VERSIONS[activityType] as (typeof VERSIONS)[string];
  return {
    validate: (ctx, p) => validateNew(ctx, version.read(p as never)),
    execute: (ctx, p) => version.result(executeNew(ctx, version.read(p as never))),
  };
}

/** The newest version (V8), the one `operations.create_sub_organization` describes. */
export const createSubOrganization = createAs('ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8');

/** The earlier versions' handlers, by activity type (`submitHandlerFor` picks one by the body's `type`). */
export const earlierCreateSubOrganization: Readonly<Record<string, SubmitHandler<SubmitName>>> = Object.fromEntries(
  Object.keys(VERSIONS)
    .filter((type) => type !== 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8')
    .map((type) => [type, createAs(type) as unknown as SubmitHandler<SubmitName>]),
);

/**
 * Deleting a sub-organization (https://docs.turnkey.com/concepts/sub-organizations, "Deleting sub-organizations"):
 * submitted in the sub-organization itself by one of its root users (the root quorum decides: the parent's
 * key is refused as for any write, and no policy can grant it, docs/service-behaviour.md#sub-organizations);
 * refused while a wallet or private key has not been exported, unless `deleteWithoutExport`. Everything it
 * holds goes when the activity's transaction ends, the activity itself included: afterwards every request
 * naming it is answered as for an unknown organization.
 */
export const deleteSubOrganization: SubmitHandler<'delete_sub_organization'> = {
  validate(ctx) {
    if (ctx.org.parentOrganizationId === undefined) {
      throw invalidArgument(
        `invalid request body: organizationId: ${ctx.org.organizationId} is not a sub-organization; delete_sub_organization deletes the sub-organization it is submitted to`,
      );
    }
  },
  execute(ctx, p) {
    const orgId = ctx.org.organizationId;
    if (p.deleteWithoutExport !== true) {
      const wallets = ctx.store.wallets.listByOrg(orgId).filter((w) => !w.exported).length;
      const keys = ctx.store.privateKeys.countByOrg(orgId);
      if (wallets + keys > 0) {
        throw failedPrecondition(
          `sub-organization ${orgId} holds ${wallets} wallet(s) and ${keys} private key(s) that have not been exported: export them first, or set parameters.deleteWithoutExport to true to delete them with it`,
        );
      }
    }
    ctx.store.atEndOfTransaction(() => ctx.store.deleteOrganization(orgId));
    return { subOrganizationUuid: orgId };
  },
};

/**
 * `whoami`: the target organization's id and name, and the user whose key stamped the request. A parent's key
 * may target one of its sub-organizations (docs/service-behaviour.md#sub-organizations): the answer names the
 * sub-organization and the parent's user.
 */
export const whoami: QueryHandler<'whoami'> = (ctx) => ({
  organizationId: ctx.org.organizationId,
  organizationName: ctx.org.name,
  userId: ctx.caller.user.userId,
  username: ctx.caller.user.userName,
});
