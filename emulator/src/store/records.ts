// What the emulator stores per resource. Timestamps are milliseconds since the epoch; rendering to the wire
// shapes (`{seconds, nanos}` for the API, ISO-8601 in webhook payloads) happens in ../render/. Secrets never live here except the
// ciphertexts clients send, which are stored as given (docs/service-behaviour.md#fiat-on-ramp-credentials).

export interface OrganizationRecord {
  organizationId: string;
  name: string;
  parentOrganizationId?: string;
  /** Root users and how many of them must approve a write (docs/service-behaviour.md#activities, #policy-language). `threshold` > 1 = consensus. */
  rootQuorum: { userIds: string[]; threshold: number };
  /** Time-based policies are early access in the service (docs/service-behaviour.md#policies); on by default here. */
  timePoliciesEnabled: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface UserRecord {
  userId: string;
  organizationId: string;
  userName: string;
  userEmail?: string;
  userPhoneNumber?: string;
  /** the email / phone number was verified (list_verified_suborgs); set by the fleet seed only (docs/service-behaviour.md#sub-organizations) */
  userEmailVerified?: boolean;
  userPhoneNumberVerified?: boolean;
  /** ids of TAG_TYPE_USER tags: a tag's members are the users listing it (docs/service-behaviour.md#user-tags) */
  userTags: string[];
  oauthProviders: OauthProviderRecord[];
  createdAt: number;
  updatedAt: number;
}

/** An OIDC identity of a user. Records written before `providerId` existed lack the optional fields. */
export interface OauthProviderRecord {
  providerId?: string;
  providerName: string;
  oidcToken?: string;
  issuer?: string;
  audience?: string;
  subject?: string;
  createdAt?: number;
}

export interface ApiKeyRecord {
  apiKeyId: string;
  organizationId: string;
  userId: string;
  apiKeyName: string;
  /** compressed P-256 point, lowercase hex (docs/service-behaviour.md#request-stamps) */
  publicKey: string;
  type: string;
  expirationSeconds?: string;
  sessionProfileId?: string;
  createdAt: number;
  updatedAt: number;
}

/** A passkey registered for a user (WebAuthn stamps, docs/service-behaviour.md#request-stamps). */
export interface AuthenticatorRecord {
  authenticatorId: string;
  organizationId: string;
  userId: string;
  authenticatorName: string;
  /** base64url credential id as the browser reports it */
  credentialId: string;
  /** P-256 public key, hex (compressed or uncompressed SEC1) */
  publicKey: string;
  createdAt: number;
}

export interface MfaPolicyRecord {
  mfaPolicyId: string;
  organizationId: string;
  userId: string;
  mfaPolicyName: string;
  condition: string;
  requiredAuthenticationMethods: Array<{ any: Array<{ type: string; id?: string }> }>;
  order: number;
  notes?: string;
  createdAt: number;
  updatedAt: number;
}

export interface PolicyRecord {
  policyId: string;
  organizationId: string;
  policyName: string;
  effect: string;
  condition: string;
  consensus: string;
  notes: string;
  time?: string;
  createdAt: number;
  updatedAt: number;
}

export interface WebhookSubscriptionRecord {
  eventType: string;
  filtersJson?: string;
  isActive: boolean;
}

export interface WebhookEndpointRecord {
  endpointId: string;
  organizationId: string;
  url: string;
  name: string;
  isActive: boolean;
  subscriptions: WebhookSubscriptionRecord[];
  createdAt: number;
  updatedAt: number;
}

export interface FiatCredentialRecord {
  fiatOnrampCredentialId: string;
  organizationId: string;
  onrampProvider: string;
  projectId?: string;
  publishableApiKey: string;
  encryptedSecretApiKey: string;
  encryptedPrivateApiKey?: string;
  sandboxMode?: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface IpAllowlistRecord {
  /** `<organizationId>|<publicKey or empty>`: one list per organization and one per API key (docs/service-behaviour.md#ip-allowlist) */
  id: string;
  organizationId: string;
  publicKey?: string;
  enabled: boolean;
  onEvaluationError: string;
  rules: Array<{ cidr: string; label: string; createdAt: number }>;
}

export interface SessionProfileRecord {
  sessionProfileId: string;
  organizationId: string;
  sessionProfileName: string;
  scope: string;
  expirationSeconds?: string;
  notes?: string;
  createdAt: number;
  updatedAt: number;
}

export interface TagRecord {
  tagId: string;
  organizationId: string;
  tagName: string;
  tagType: 'TAG_TYPE_USER' | 'TAG_TYPE_PRIVATE_KEY';
  privateKeyIds: string[];
  createdAt: number;
  updatedAt: number;
}

/** A private key (not a wallet account). Its tags hold the membership (TagRecord.privateKeyIds). */
export interface PrivateKeyRecord {
  privateKeyId: string;
  organizationId: string;
  privateKeyName: string;
  curve: string;
  /** hex; the emulator never signs with private keys, so this is a random point-sized value */
  publicKey: string;
  createdAt: number;
  updatedAt: number;
}

export interface WalletRecord {
  walletId: string;
  organizationId: string;
  walletName: string;
  exported: boolean;
  imported: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface WalletAccountRecord {
  walletAccountId: string;
  organizationId: string;
  walletId: string;
  curve: string;
  pathFormat: string;
  path: string;
  addressFormat: string;
  address: string;
  publicKey?: string;
  name?: string;
  createdAt: number;
  updatedAt: number;
}

export interface VoteRecord {
  id: string;
  userId: string;
  activityId: string;
  selection: 'VOTE_SELECTION_APPROVED' | 'VOTE_SELECTION_REJECTED';
  message: string;
  publicKey: string;
  signature: string;
  scheme: string;
  createdAt: number;
}

export interface ActivityRecord {
  id: string;
  organizationId: string;
  /** wire name of the operation (`create_policy`), to re-run the effect when consensus is reached */
  operation: string;
  type: string;
  status: string;
  /** the submitted `parameters` */
  parameters: Record<string, unknown>;
  intentKey: string;
  result: Record<string, unknown>;
  failure?: { code: number; message: string; details: Array<Record<string, unknown>> };
  votes: VoteRecord[];
  fingerprint: string;
  /** who must approve while CONSENSUS_NEEDED: the root quorum, or the policies' consensus expressions */
  consensusBy?: 'ROOT_QUORUM' | 'POLICY';
  submittedBy: { userId: string; publicKey: string };
  /** while PENDING (a `pendingPolls` fault): get_activity calls left before the effect runs */
  pendingPolls?: number;
  timestampMs: string;
  createdAt: number;
  updatedAt: number;
}

export interface PolicyEvaluationRecord {
  id: string;
  activityId: string;
  organizationId: string;
  voteId: string;
  policyEvaluations: Array<{ policyId: string; outcome: string }>;
  createdAt: number;
}

/** Seeded history of one address on one network, newest first (docs/service-behaviour.md#solana-transaction-history). */
export interface SolHistoryRecord {
  /** `<organizationId>|<address>|<network>`; network is the genesis-hash CAIP-2 id */
  id: string;
  organizationId: string;
  address: string;
  caip2: string;
  transactions: Array<Record<string, unknown>>;
}

export interface EarnWrapperRecord {
  /** `<organizationId>|<chainCaip2>|<lowercase wrapperAddress>` */
  id: string;
  organizationId: string;
  wrapperAddress: string;
  chainCaip2: string;
  asset: { symbol: string; caip19: string; decimals: number };
  vaultName: string;
}

export interface EarnRequestRecord {
  requestId: string;
  organizationId: string;
  kind: 'DEPOSIT' | 'WITHDRAW';
  wrapperAddress: string;
  chainCaip2: string;
  signWith: string;
  amount: string;
  sponsor: boolean;
  status: 'PENDING' | 'COMPLETED' | 'FAILED';
  txHash: string;
  createdAt: number;
}

export interface AuthProxyConfigRecord {
  authProxyConfigId: string;
  organizationId: string;
  enabledProviders: string[];
  sessionExpirationSeconds: string;
  otpLength: string;
  otpAlphanumeric: boolean;
  oauthClientIds?: Record<string, string>;
  oauthRedirectUrl?: string;
}

export interface OtpRecord {
  otpId: string;
  organizationId: string;
  otpType: string;
  contact: string;
  /** the code a real service would send by email/SMS; visible through the admin API only */
  code: string;
  createdAt: number;
}

export interface DeliveryAttempt {
  attempt: number;
  at: number;
  /** HTTP status, when the receiver answered */
  status?: number;
  error?: string;
  /** when the next attempt is due, when there is one */
  nextAttemptAt?: number;
}

export interface DeliveryRecord {
  deliveryId: string;
  eventId: string;
  organizationId: string;
  endpointId: string;
  url: string;
  eventType: string;
  body: string;
  state: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: DeliveryAttempt[];
  nextAttemptAt: number;
  createdAt: number;
}

/** An uploaded ABI or IDL (docs/service-behaviour.md#smart-contract-interfaces); immutable, like the service's. */
export interface SmartContractInterfaceRecord {
  smartContractInterfaceId: string;
  organizationId: string;
  smartContractAddress: string;
  /** `type|address`, the address lowercase for Ethereum: one interface per contract */
  addressKey: string;
  smartContractInterface: string;
  type: string;
  label: string;
  notes: string;
  createdAt: number;
  updatedAt: number;
}

/** A velocity control as created (docs/service-behaviour.md#velocity-controls); immutable. */
export interface VelocityControlRecord {
  velocityControlId: string;
  organizationId: string;
  name: string;
  identifier: string;
  dataSource: Record<string, unknown>;
  aggregation: {
    method: string;
    operator: string;
    threshold: string;
    window: { rolling?: { duration: string }; infinite?: Record<string, never> };
    groupBy: { organization?: Record<string, never>; user?: Record<string, never>; wallet?: Record<string, never> };
  };
  createdAt: number;
  updatedAt: number;
}

/** One executed activity as velocity controls measure it: who, which wallet, which asset transfers it signed. */
export interface VelocityDataPointRecord {
  id: string;
  organizationId: string;
  activityId: string;
  activityType: string;
  userId: string;
  walletId?: string;
  /** CAIP-19 asset id and raw on-chain amount (decimal digits) */
  transfers: Array<{ caip19: string; amount: string }>;
  at: number;
}
