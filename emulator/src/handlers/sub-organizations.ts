// Sub-organizations: create activity (V8 intent), list_suborgs with filters and pagination, and whoami (docs/service-behaviour.md#transport,
// docs/service-behaviour.md#sub-organizations). Sub-organizations cannot nest (docs/service-behaviour.md#limits-and-pagination resource limits).
import type { QueryHandler, SubmitHandler } from '../context';
import { invalidArgument } from '../errors';
import type { OrganizationRecord } from '../store/records';
import { addApiKey, createOrganization, createUser } from './accounts';
import { pageOf } from './pagination';
import { sameAddress } from './util';
import { insertWallet, validateAccounts } from './wallets';

export const createSubOrganization: SubmitHandler<'create_sub_organization'> = {
  validate(ctx, p) {
    if (ctx.org.parentOrganizationId !== undefined) throw invalidArgument('sub-organizations cannot create sub-organizations');
    if (p.rootQuorumThreshold > p.rootUsers.length) {
      throw invalidArgument('invalid request body: parameters.rootQuorumThreshold: must not exceed the number of root users');
    }
    p.rootUsers.forEach((u, i) => {
      if (u.authenticators.length > 0) {
        throw invalidArgument(
          `invalid request body: parameters.rootUsers[${i}].authenticators: passkey attestation is not supported by the emulator; register passkeys with POST /__admin/users`,
        );
      }
    });
    if (p.wallet !== undefined) validateAccounts(p.wallet.accounts, 'parameters.wallet.accounts');
  },
  execute(ctx, p) {
    const sub = createOrganization(ctx, p.subOrganizationName, ctx.org.organizationId);
    const rootUserIds = p.rootUsers.map((u, i) => {
      const user = createUser(ctx, sub, { ...u, isRoot: true });
      u.apiKeys.forEach((k, j) => addApiKey(ctx, user, k, `parameters.rootUsers[${i}].apiKeys[${j}]`));
      return user.userId;
    });
    const org = ctx.store.organizations.get(sub.organizationId) as OrganizationRecord;
    org.rootQuorum.threshold = p.rootQuorumThreshold;
    ctx.store.organizations.update(org);
    const result: Record<string, unknown> = { subOrganizationId: sub.organizationId };
    if (p.wallet !== undefined) {
      const { wallet, accounts } = insertWallet(ctx, sub.organizationId, p.wallet.walletName, p.wallet.accounts);
      result.wallet = { walletId: wallet.walletId, addresses: accounts.map((a) => a.address) };
    }
    result.rootUserIds = rootUserIds;
    return result;
  },
};

export const listSuborgs: QueryHandler<'list_suborgs'> = (ctx, body) => {
  if ((body.filterType === undefined) !== (body.filterValue === undefined)) {
    throw invalidArgument('invalid request body: filterType and filterValue must be given together');
  }
  const filter =
    body.filterType === undefined
      ? undefined
      : (s: OrganizationRecord) => matches(ctx.store, s, body.filterType as string, body.filterValue as string);
  const page = pageOf(
    ctx.store.organizations,
    ctx.org.organizationId,
    body.paginationOptions,
    { newestFirst: false, ...(filter === undefined ? {} : { filter }) },
    'sub-organization',
  );
  return { organizationIds: page.map((s) => s.organizationId) };
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

function matches(store: Parameters<QueryHandler>[0]['store'], org: OrganizationRecord, type: string, value: string): boolean {
  const id = org.organizationId;
  const users = () => store.users.listByOrg(id);
  const lower = value.toLowerCase();
  switch (type) {
    case 'NAME':
      return org.name === value;
    case 'USERNAME':
      return users().some((u) => u.userName === value);
    case 'EMAIL':
      return users().some((u) => u.userEmail?.toLowerCase() === lower);
    case 'PHONE_NUMBER':
      return users().some((u) => u.userPhoneNumber === value);
    case 'OIDC_TOKEN':
      return users().some((u) => u.oauthProviders.some((o) => o.oidcToken === value));
    case 'PUBLIC_KEY':
      return store.apiKeys.listByOrg(id).some((k) => k.publicKey === lower);
    case 'CREDENTIAL_ID':
      return store.authenticators.listByOrg(id).some((a) => a.credentialId === value);
    case 'WALLET_ACCOUNT_ADDRESS':
      return store.walletAccounts.listByOrg(id).some((a) => sameAddress(a.address, value));
    default:
      return false;
  }
}
