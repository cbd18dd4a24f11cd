// The emulator's state: one typed collection per resource behind a small interface with `reset()` and one
// `transaction()` boundary (as stripe-mock's and LocalStack's stores). Persistence lives in ./sqlite.ts.
import { Collection, type CollectionSpec } from './collection';
import { SqliteDocuments } from './sqlite';
import type * as R from './records';

export class Store {
  readonly organizations: Collection<R.OrganizationRecord>;
  readonly users: Collection<R.UserRecord>;
  readonly apiKeys: Collection<R.ApiKeyRecord>;
  readonly authenticators: Collection<R.AuthenticatorRecord>;
  readonly mfaPolicies: Collection<R.MfaPolicyRecord>;
  readonly policies: Collection<R.PolicyRecord>;
  readonly webhookEndpoints: Collection<R.WebhookEndpointRecord>;
  readonly fiatCredentials: Collection<R.FiatCredentialRecord>;
  readonly ipAllowlists: Collection<R.IpAllowlistRecord>;
  readonly sessionProfiles: Collection<R.SessionProfileRecord>;
  readonly tags: Collection<R.TagRecord>;
  readonly privateKeys: Collection<R.PrivateKeyRecord>;
  readonly wallets: Collection<R.WalletRecord>;
  readonly walletAccounts: Collection<R.WalletAccountRecord>;
  readonly activities: Collection<R.ActivityRecord>;
  readonly policyEvaluations: Collection<R.PolicyEvaluationRecord>;
  readonly solHistory: Collection<R.SolHistoryRecord>;
  readonly earnWrappers: Collection<R.EarnWrapperRecord>;
  readonly earnRequests: Collection<R.EarnRequestRecord>;
  readonly authProxyConfigs: Collection<R.AuthProxyConfigRecord>;
  readonly otps: Collection<R.OtpRecord>;
  readonly deliveries: Collection<R.DeliveryRecord>;

  private readonly docs: SqliteDocuments;

  constructor(dataDir?: string) {
    const specs = new Map<string, CollectionSpec<never>>();
    const spec = <T>(s: CollectionSpec<T>): CollectionSpec<T> => {
      specs.set(s.name, s as unknown as CollectionSpec<never>);
      return s;
    };
    const organizations = spec<R.OrganizationRecord>({ name: 'organizations', id: (r) => r.organizationId, orgId: (r) => r.parentOrganizationId ?? null });
    const users = spec<R.UserRecord>({ name: 'users', id: (r) => r.userId, orgId: (r) => r.organizationId });
    const apiKeys = spec<R.ApiKeyRecord>({ name: 'apiKeys', id: (r) => r.apiKeyId, orgId: (r) => r.organizationId, altKey: (r) => r.publicKey });
    const authenticators = spec<R.AuthenticatorRecord>({ name: 'authenticators', id: (r) => r.authenticatorId, orgId: (r) => r.organizationId, altKey: (r) => r.credentialId });
    const mfaPolicies = spec<R.MfaPolicyRecord>({ name: 'mfaPolicies', id: (r) => r.mfaPolicyId, orgId: (r) => r.organizationId, altKey: (r) => r.userId });
    // Policy and wallet names are unique per organization (docs/service-behaviour.md#policies; the emulator
    // answers "wallet label must be unique" the same way).
    const policies = spec<R.PolicyRecord>({ name: 'policies', id: (r) => r.policyId, orgId: (r) => r.organizationId, uniqueKey: (r) => r.policyName });
    const webhookEndpoints = spec<R.WebhookEndpointRecord>({ name: 'webhookEndpoints', id: (r) => r.endpointId, orgId: (r) => r.organizationId });
    const fiatCredentials = spec<R.FiatCredentialRecord>({ name: 'fiatCredentials', id: (r) => r.fiatOnrampCredentialId, orgId: (r) => r.organizationId });
    const ipAllowlists = spec<R.IpAllowlistRecord>({ name: 'ipAllowlists', id: (r) => r.id, orgId: (r) => r.organizationId });
    const sessionProfiles = spec<R.SessionProfileRecord>({ name: 'sessionProfiles', id: (r) => r.sessionProfileId, orgId: (r) => r.organizationId });
    const tags = spec<R.TagRecord>({ name: 'tags', id: (r) => r.tagId, orgId: (r) => r.organizationId });
    const privateKeys = spec<R.PrivateKeyRecord>({ name: 'privateKeys', id: (r) => r.privateKeyId, orgId: (r) => r.organizationId });
    const wallets = spec<R.WalletRecord>({ name: 'wallets', id: (r) => r.walletId, orgId: (r) => r.organizationId, uniqueKey: (r) => r.walletName });
    const walletAccounts = spec<R.WalletAccountRecord>({
      name: 'walletAccounts',
      id: (r) => r.walletAccountId,
      orgId: (r) => r.organizationId,
      altKey: (r) => r.address.toLowerCase(),
    });
    // One activity per body fingerprint and organization: the service's idempotency key.
    const activities = spec<R.ActivityRecord>({
      name: 'activities',
      id: (r) => r.id,
      orgId: (r) => r.organizationId,
      uniqueKey: (r) => r.fingerprint,
    });
    const policyEvaluations = spec<R.PolicyEvaluationRecord>({ name: 'policyEvaluations', id: (r) => r.id, orgId: (r) => r.organizationId, altKey: (r) => r.activityId });
    const solHistory = spec<R.SolHistoryRecord>({ name: 'solHistory', id: (r) => r.id, orgId: (r) => r.organizationId });
    const earnWrappers = spec<R.EarnWrapperRecord>({ name: 'earnWrappers', id: (r) => r.id, orgId: (r) => r.organizationId });
    const earnRequests = spec<R.EarnRequestRecord>({ name: 'earnRequests', id: (r) => r.requestId, orgId: (r) => r.organizationId });
    const authProxyConfigs = spec<R.AuthProxyConfigRecord>({ name: 'authProxyConfigs', id: (r) => r.authProxyConfigId, orgId: (r) => r.organizationId });
    const otps = spec<R.OtpRecord>({ name: 'otps', id: (r) => r.otpId, orgId: (r) => r.organizationId });
    const deliveries = spec<R.DeliveryRecord>({ name: 'deliveries', id: (r) => r.deliveryId, orgId: (r) => r.organizationId });

    const docs = new SqliteDocuments(dataDir, (collection, data) => {
      const uniqueKey = specs.get(collection)?.uniqueKey;
      return { uniqueKey: uniqueKey === undefined ? null : uniqueKey(JSON.parse(data) as never) };
    });
    this.docs = docs;
    const c = <T>(s: CollectionSpec<T>) => new Collection<T>(docs, s);
    this.organizations = c(organizations);
    this.users = c(users);
    this.apiKeys = c(apiKeys);
    this.authenticators = c(authenticators);
    this.mfaPolicies = c(mfaPolicies);
    this.policies = c(policies);
    this.webhookEndpoints = c(webhookEndpoints);
    this.fiatCredentials = c(fiatCredentials);
    this.ipAllowlists = c(ipAllowlists);
    this.sessionProfiles = c(sessionProfiles);
    this.tags = c(tags);
    this.privateKeys = c(privateKeys);
    this.wallets = c(wallets);
    this.walletAccounts = c(walletAccounts);
    this.activities = c(activities);
    this.policyEvaluations = c(policyEvaluations);
    this.solHistory = c(solHistory);
    this.earnWrappers = c(earnWrappers);
    this.earnRequests = c(earnRequests);
    this.authProxyConfigs = c(authProxyConfigs);
    this.otps = c(otps);
    this.deliveries = c(deliveries);
  }

  /** Runs `fn` atomically: every write inside commits together or not at all. */
  transaction<T>(fn: () => T): T {
    return this.docs.transaction(fn);
  }

  /** Deletes every resource (the emulator's own keys in the meta table survive). */
  reset(): void {
    this.docs.clear();
  }

  /** Every document, grouped by collection and ordered by creation; for tests that prove "nothing changed". */
  dump(): Record<string, unknown[]> {
    const out: Record<string, unknown[]> = {};
    for (const row of this.docs.dump()) (out[row.collection] ??= []).push(JSON.parse(row.data));
    return out;
  }

  getMeta(key: string): string | undefined {
    return this.docs.getMeta(key);
  }

  setMeta(key: string, value: string): void {
    this.docs.setMeta(key, value);
  }

  close(): void {
    this.docs.close();
  }
}
