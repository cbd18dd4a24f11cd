// The emulator's state: one typed collection per resource behind a small interface with `reset()` and one
// `transaction()` boundary (as stripe-mock's and LocalStack's stores). Persistence lives in ./sqlite.ts.
import { Collection, type CollectionSpec } from './collection';
import { SqliteDocuments } from './sqlite';
import type * as R from './records';

type Spec<T> = Omit<CollectionSpec<T>, 'name'>;
const spec = <T>(s: Spec<T>): Spec<T> => s;

/** Every collection once: its name (the key, also the documents' collection column) and how its records are keyed. */
const COLLECTIONS = {
  organizations: spec<R.OrganizationRecord>({ id: (r) => r.organizationId, orgId: (r) => r.parentOrganizationId ?? null }),
  users: spec<R.UserRecord>({ id: (r) => r.userId, orgId: (r) => r.organizationId }),
  apiKeys: spec<R.ApiKeyRecord>({ id: (r) => r.apiKeyId, orgId: (r) => r.organizationId, altKey: (r) => r.publicKey }),
  authenticators: spec<R.AuthenticatorRecord>({
    id: (r) => r.authenticatorId,
    orgId: (r) => r.organizationId,
    altKey: (r) => r.credentialId,
  }),
  mfaPolicies: spec<R.MfaPolicyRecord>({ id: (r) => r.mfaPolicyId, orgId: (r) => r.organizationId, altKey: (r) => r.userId }),
  // Policy and wallet names are unique per organization (docs/service-behaviour.md#policies; the emulator
  // answers "wallet label must be unique" the same way).
  policies: spec<R.PolicyRecord>({ id: (r) => r.policyId, orgId: (r) => r.organizationId, uniqueKey: (r) => r.policyName }),
  webhookEndpoints: spec<R.WebhookEndpointRecord>({ id: (r) => r.endpointId, orgId: (r) => r.organizationId }),
  fiatCredentials: spec<R.FiatCredentialRecord>({ id: (r) => r.fiatOnrampCredentialId, orgId: (r) => r.organizationId }),
  ipAllowlists: spec<R.IpAllowlistRecord>({ id: (r) => r.id, orgId: (r) => r.organizationId }),
  sessionProfiles: spec<R.SessionProfileRecord>({ id: (r) => r.sessionProfileId, orgId: (r) => r.organizationId }),
  tags: spec<R.TagRecord>({ id: (r) => r.tagId, orgId: (r) => r.organizationId }),
  privateKeys: spec<R.PrivateKeyRecord>({ id: (r) => r.privateKeyId, orgId: (r) => r.organizationId }),
  wallets: spec<R.WalletRecord>({ id: (r) => r.walletId, orgId: (r) => r.organizationId, uniqueKey: (r) => r.walletName }),
  walletAccounts: spec<R.WalletAccountRecord>({
    id: (r) => r.walletAccountId,
    orgId: (r) => r.organizationId,
    altKey: (r) => r.address.toLowerCase(),
  }),
  // One activity per body fingerprint and organization: the service's idempotency key.
  activities: spec<R.ActivityRecord>({ id: (r) => r.id, orgId: (r) => r.organizationId, uniqueKey: (r) => r.fingerprint }),
  policyEvaluations: spec<R.PolicyEvaluationRecord>({ id: (r) => r.id, orgId: (r) => r.organizationId, altKey: (r) => r.activityId }),
  solHistory: spec<R.SolHistoryRecord>({ id: (r) => r.id, orgId: (r) => r.organizationId }),
  earnWrappers: spec<R.EarnWrapperRecord>({ id: (r) => r.id, orgId: (r) => r.organizationId }),
  earnRequests: spec<R.EarnRequestRecord>({ id: (r) => r.requestId, orgId: (r) => r.organizationId }),
  authProxyConfigs: spec<R.AuthProxyConfigRecord>({ id: (r) => r.authProxyConfigId, orgId: (r) => r.organizationId }),
  otps: spec<R.OtpRecord>({ id: (r) => r.otpId, orgId: (r) => r.organizationId }),
  deliveries: spec<R.DeliveryRecord>({ id: (r) => r.deliveryId, orgId: (r) => r.organizationId }),
  // One interface per contract address and chain; found by that key when a transaction calls the contract.
  smartContractInterfaces: spec<R.SmartContractInterfaceRecord>({
    id: (r) => r.smartContractInterfaceId,
    orgId: (r) => r.organizationId,
    uniqueKey: (r) => r.addressKey,
  }),
  // Identifiers are unique in an organization (generated types `v1VelocityControl.identifier`).
  velocityControls: spec<R.VelocityControlRecord>({
    id: (r) => r.velocityControlId,
    orgId: (r) => r.organizationId,
    uniqueKey: (r) => r.identifier,
  }),
  velocityDataPoints: spec<R.VelocityDataPointRecord>({ id: (r) => r.id, orgId: (r) => r.organizationId }),
};

export type CollectionName = keyof typeof COLLECTIONS;
type Collections = { readonly [K in CollectionName]: (typeof COLLECTIONS)[K] extends Spec<infer T> ? Collection<T> : never };

// Store gets one `Collection` field per entry of COLLECTIONS, made in its constructor; this typed base says so.
const WithCollections = class {} as new () => Collections;

// Entries a memo holds before it starts over: bounds memory when many distinct keys are read between writes.
const MEMO_LIMIT = 1024;

export class Store extends WithCollections {
  private readonly docs: SqliteDocuments;
  /** {@link memo}'s entries, each valid while the version of the collections it read stays the same */
  private readonly memos = new Map<string, { version: number; value: unknown }>();

  constructor(dataDir?: string) {
    super();
    const specs: Record<string, Spec<never> | undefined> = COLLECTIONS;
    this.docs = new SqliteDocuments(dataDir, (collection, data) => {
      const uniqueKey = specs[collection]?.uniqueKey;
      return { uniqueKey: uniqueKey === undefined ? null : uniqueKey(JSON.parse(data) as never) };
    });
    for (const [name, s] of Object.entries(specs)) {
      (this as unknown as Record<string, Collection<never>>)[name] = new Collection<never>(this.docs, { name, ...(s as Spec<never>) });
    }
  }

  /** Runs `fn` atomically: every write inside commits together or not at all. */
  transaction<T>(fn: () => T): T {
    return this.docs.transaction(fn);
  }

  /**
   * Deletes a sub-organization and every record it holds, one indexed delete per collection (sub-organizations
   * cannot nest, so nothing else names it). Returns whether it existed.
   */
  deleteOrganization(organizationId: string): boolean {
    return this.transaction(() => {
      for (const name of Object.keys(COLLECTIONS) as CollectionName[]) this[name].deleteByOrg(organizationId);
      return this.organizations.delete(organizationId);
    });
  }

  /**
   * Runs `fn` as the last step of the outermost transaction now open (it commits with it, or not at all), or
   * at once outside a transaction; see SqliteDocuments.atEndOfTransaction.
   */
  atEndOfTransaction(fn: () => void): void {
    this.docs.atEndOfTransaction(fn);
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

  /**
   * A number that moves whenever anything is written (rolled-back writes move it too), and stays put
   * otherwise: tests prove "nothing changed" by it, and take a {@link dump} only when it moved.
   */
  changeCount(): number {
    return this.docs.totalChanges();
  }

  /**
   * `compute()`, or what it returned for `key` before if no document of `reads` (the collections `compute`
   * reads) has been written since: any committed or rolled-back write to one of them, a reset or a seed
   * makes it compute again. The value is deep-frozen, since it is handed to every later caller. Inside a
   * transaction nothing is memoised (its writes may yet be rolled back). `undefined` is never memoised.
   */
  memo<T>(key: string, reads: readonly CollectionName[], compute: () => T): T {
    if (this.docs.isInTransaction()) return compute();
    const version = this.docs.version(reads);
    const hit = this.memos.get(key);
    if (hit !== undefined && hit.version === version) return hit.value as T;
    const value = compute();
    if (value === undefined) return value;
    if (this.memos.size >= MEMO_LIMIT) this.memos.clear();
    this.memos.set(key, { version, value: deepFreeze(value) });
    return value;
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

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
