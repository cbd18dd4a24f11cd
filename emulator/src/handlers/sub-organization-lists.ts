// The parent's listings of its sub-organizations (docs/service-behaviour.md#sub-organizations): `list_suborgs`
// with each filter of the generated `v1GetSubOrgIdsRequest`, and `list_verified_suborgs`, the sub-organizations
// whose user has a verified email or phone number. Both page through the parent's sub-organizations in creation
// order on the store's index; a filter reads each candidate's own records by their indexed keys, never another
// organization's.
import type { QueryHandler, RequestContext } from '../context';
import { invalidArgument } from '../errors';
import type { OrganizationRecord, UserRecord } from '../store/records';
import { pageOf, type PaginationInput } from './pagination';
import { sameAddress } from './util';

type Filter = (org: OrganizationRecord) => boolean;

interface ListBody {
  filterType?: string | undefined;
  filterValue?: string | undefined;
  paginationOptions?: PaginationInput | undefined;
}

function page(ctx: RequestContext, body: ListBody, filter: Filter | undefined): { organizationIds: string[] } {
  const found = pageOf(
    ctx.store.organizations,
    ctx.org.organizationId,
    body.paginationOptions,
    { newestFirst: false, ...(filter === undefined ? {} : { filter }) },
    'sub-organization',
  );
  return { organizationIds: found.map((s) => s.organizationId) };
}

function checkFilterPair(body: ListBody): void {
  if ((body.filterType === undefined) !== (body.filterValue === undefined)) {
    throw invalidArgument('invalid request body: filterType and filterValue must be given together');
  }
}

function anyUser(ctx: RequestContext, test: (u: UserRecord) => boolean): Filter {
  return (org) => ctx.store.users.listByOrg(org.organizationId).some(test);
}

function suborgFilter(ctx: RequestContext, type: string, value: string): Filter {
  const { store } = ctx;
  const lower = value.toLowerCase();
  switch (type) {
    case 'NAME':
      return (org) => org.name === value;
    case 'USERNAME':
      return anyUser(ctx, (u) => u.userName === value);
    case 'EMAIL':
      return anyUser(ctx, (u) => u.userEmail?.toLowerCase() === lower);
    case 'PHONE_NUMBER':
      return anyUser(ctx, (u) => u.userPhoneNumber === value);
    case 'OIDC_TOKEN':
      return anyUser(ctx, (u) => u.oauthProviders.some((o) => o.oidcToken === value));
    case 'PUBLIC_KEY':
      return (org) => store.apiKeys.findByKeyIn(org.organizationId, lower).length > 0;
    case 'CREDENTIAL_ID':
      return (org) => store.authenticators.findByKeyIn(org.organizationId, value).length > 0;
    case 'WALLET_ACCOUNT_ADDRESS':
      return (org) => store.walletAccounts.findByKeyIn(org.organizationId, lower).some((a) => sameAddress(a.address, value));
    default:
      // the request schema admits only the types above
      return () => false;
  }
}

export const listSuborgs: QueryHandler<'list_suborgs'> = (ctx, body) => {
  checkFilterPair(body);
  return page(ctx, body, body.filterType === undefined ? undefined : suborgFilter(ctx, body.filterType, body.filterValue as string));
};

/**
 * A user's contact is verified when the emulator was told so (the fleet seed's `verified`): the emulator issues
 * no verification tokens, so no API request verifies one (docs/service-behaviour.md#sub-organizations, UNCONFIRMED).
 */
function verifiedFilter(ctx: RequestContext, type: string | undefined, value: string | undefined): Filter {
  const lower = value?.toLowerCase();
  return anyUser(ctx, (u) => {
    const email = u.userEmailVerified === true && u.userEmail !== undefined;
    const phone = u.userPhoneNumberVerified === true && u.userPhoneNumber !== undefined;
    if (type === 'EMAIL') return email && u.userEmail?.toLowerCase() === lower;
    if (type === 'PHONE_NUMBER') return phone && u.userPhoneNumber === value;
    return email || phone;
  });
}

/** Without a filter: every sub-organization with a verified contact. */
export const listVerifiedSuborgs: QueryHandler<'list_verified_suborgs'> = (ctx, body) => {
  checkFilterPair(body);
  return page(ctx, body, verifiedFilter(ctx, body.filterType, body.filterValue));
};
