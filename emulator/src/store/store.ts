// The emulator's state: one typed collection per resource behind a small interface with `reset()` and one
// `transaction()` boundary (stripe-mock/LocalStack stores). Persistence lives in ./sqlite.ts.
import { Collection } from './collection';
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
    const docs = new SqliteDocuments(dataDir);
    this.docs = docs;
    const c = <T>(spec: ConstructorParameters<typeof Collection<T>>[1]) => new Collection<T>(docs, spec);
    this.organizations = c({ name: 'organizations', id: (r) => r.organizationId, orgId: (r) => r.parentOrganizationId ?? null });
    this.users = c({ name: 'users', id: (r) => r.userId, orgId: (r) => r.organizationId });
    this.apiKeys = c({ name: 'apiKeys', id: (r) => r.apiKeyId, orgId: (r) => r.organizationId, altKey: (r) => r.publicKey });
    this.authenticators = c({
      name: 'authenticators',
      id: (r) => r.authenticatorId,
      orgId: (r) => r.organizationId,
      altKey: (r) => r.credentialId,
    });
    this.mfaPolicies = c({ name: 'mfaPolicies', id: (r) => r.mfaPolicyId, orgId: (r) => r.organizationId, altKey: (r) => r.userId });
    this.policies = c({ name: 'policies', id: (r) => r.policyId, orgId: (r) => r.organizationId });
    this.webhookEndpoints = c({ name: 'webhookEndpoints', id: (r) => r.endpointId, orgId: (r) => r.organizationId });
    this.fiatCredentials = c({ name: 'fiatCredentials', id: (r) => r.fiatOnrampCredentialId, orgId: (r) => r.organizationId });
    this.ipAllowlists = c({ name: 'ipAllowlists', id: (r) => r.id, orgId: (r) => r.organizationId });
    this.sessionProfiles = c({ name: 'sessionProfiles', id: (r) => r.sessionProfileId, orgId: (r) => r.organizationId });
    this.tags = c({ name: 'tags', id: (r) => r.tagId, orgId: (r) => r.organizationId });
    this.wallets = c({ name: 'wallets', id: (r) => r.walletId, orgId: (r) => r.organizationId });
    this.walletAccounts = c({
      name: 'walletAccounts',
      id: (r) => r.walletAccountId,
      orgId: (r) => r.organizationId,
      altKey: (r) => r.address.toLowerCase(),
    });
    this.activities = c({
      name: 'activities',
      id: (r) => r.id,
      orgId: (r) => r.organizationId,
      altKey: (r) => `${r.organizationId}|${r.fingerprint}`,
    });
    this.policyEvaluations = c({ name: 'policyEvaluations', id: (r) => r.id, orgId: (r) => r.organizationId, altKey: (r) => r.activityId });
    this.solHistory = c({ name: 'solHistory', id: (r) => r.id, orgId: (r) => r.organizationId });
    this.earnWrappers = c({ name: 'earnWrappers', id: (r) => r.id, orgId: (r) => r.organizationId });
    this.earnRequests = c({ name: 'earnRequests', id: (r) => r.requestId, orgId: (r) => r.organizationId });
    this.authProxyConfigs = c({ name: 'authProxyConfigs', id: (r) => r.authProxyConfigId, orgId: (r) => r.organizationId });
    this.otps = c({ name: 'otps', id: (r) => r.otpId, orgId: (r) => r.organizationId });
    this.deliveries = c({ name: 'deliveries', id: (r) => r.deliveryId, orgId: (r) => r.organizationId });
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
