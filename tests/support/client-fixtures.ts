// One valid input and one valid service answer per operation, shared by the client tests.
import type { QueryName, RequestOf, SubmitName } from '@walletinfra/sdk';
import { ERC20_TRANSFER } from './erc20-abi';

export const ORG = 'b3d2c1a0-0000-4000-8000-000000000001';
export const TS = { seconds: '1767225600', nanos: '0' };

const policy = {
  policyId: 'pol-1',
  policyName: 'allow wallet creation',
  effect: 'EFFECT_ALLOW',
  createdAt: TS,
  updatedAt: TS,
  notes: '',
  consensus: '',
  condition: "activity.resource == 'WALLET'",
};
const webhookEndpoint = {
  endpointId: 'wh-1',
  organizationId: ORG,
  url: 'https://hooks.example.com/turnkey',
  name: 'main',
  isActive: true,
  subscriptions: [{ eventType: 'ACTIVITY_UPDATES', isActive: true }],
};
const ERC20_ABI = JSON.stringify([ERC20_TRANSFER]);
const smartContractInterface = {
  organizationId: ORG,
  smartContractInterfaceId: 'sci-1',
  smartContractAddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  smartContractInterface: ERC20_ABI,
  type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
  label: 'USDC',
  notes: '',
  createdAt: TS,
  updatedAt: TS,
};
const velocityControlParameters: RequestOf<'create_velocity_control'> = {
  name: 'daily sends',
  dataSource: { activityExecution: { filter: { activity: [{ activityType: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' }] } } },
  aggregation: {
    method: 'VELOCITY_CONTROL_AGGREGATION_METHOD_COUNT',
    operator: 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL',
    threshold: '10',
    window: { rolling: { duration: '86400' } },
    groupBy: { user: {} },
  },
  identifier: 'daily_sends',
};
const velocityControl = { velocityControlId: 'vc-1', organizationId: ORG, ...velocityControlParameters, createdAt: TS, updatedAt: TS };
const wallet = { walletId: 'w-1', walletName: 'treasury', createdAt: TS, updatedAt: TS, exported: false, imported: false };
const apiKey = {
  credential: { publicKey: '02' + 'a'.repeat(64), type: 'CREDENTIAL_TYPE_API_KEY_P256' },
  apiKeyId: 'key-1',
  apiKeyName: 'ci',
  createdAt: TS,
  updatedAt: TS,
};
const user = {
  userId: 'u-1',
  userName: 'ci',
  userEmail: 'ci@example.com',
  authenticators: [
    {
      transports: ['AUTHENTICATOR_TRANSPORT_USB'],
      attestationType: 'none',
      aaguid: '00000000-0000-0000-0000-000000000000',
      credentialId: 'cred-1',
      model: 'key',
      credential: { publicKey: '02' + 'c'.repeat(64), type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR' },
      authenticatorId: 'auth-1',
      authenticatorName: 'yubikey',
      createdAt: TS,
      updatedAt: TS,
    },
  ],
  apiKeys: [apiKey],
  userTags: ['t-ops'],
  oauthProviders: [
    {
      providerId: 'op-1',
      providerName: 'google',
      issuer: 'https://accounts.google.com',
      audience: 'app',
      subject: 's-1',
      createdAt: TS,
      updatedAt: TS,
    },
  ],
  createdAt: TS,
  updatedAt: TS,
  mfaPolicies: [],
};

export function activityJson(type: string, status: string, result: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    id: 'act-1',
    organizationId: ORG,
    status,
    type,
    intent: {},
    result,
    votes: [],
    fingerprint: 'sha256:' + '0'.repeat(64),
    canApprove: false,
    canReject: false,
    createdAt: TS,
    updatedAt: TS,
    ...extra,
  };
}

/** Query bodies WITHOUT organizationId (the client fills its default). */
export const sampleQueryBodies: { [N in QueryName]: Omit<RequestOf<N>, 'organizationId'> } = {
  get_api_key: { apiKeyId: 'key-1' },
  get_session_profile: { sessionProfileId: 'sp-1' },
  get_session_profiles: {},
  get_mfa_policies: { userId: 'user-1' },
  get_policy: { policyId: 'pol-1' },
  get_ip_allowlist: { publicKey: '02' + 'a'.repeat(64) },
  list_wallets: {},
  list_private_key_tags: {},
  list_private_keys: {},
  get_api_keys: { userId: 'u-1' },
  list_webhook_endpoints: {},
  list_fiat_on_ramp_credentials: {},
  list_suborgs: { filterType: 'EMAIL', filterValue: 'a@example.com', paginationOptions: { limit: '5', after: 'org-0' } },
  list_verified_suborgs: { filterType: 'PHONE_NUMBER', filterValue: '+13214567890', paginationOptions: { limit: '5' } },
  list_sol_transaction_history: { address: 'So1ana', caip2: 'solana:devnet', paginationOptions: { limit: '20' } },
  list_policies: {},
  get_activity: { activityId: 'act-1' },
  list_activities: {
    filterByStatus: ['ACTIVITY_STATUS_COMPLETED'],
    filterByType: ['ACTIVITY_TYPE_CREATE_POLICY_V3'],
    paginationOptions: { limit: '10' },
  },
  get_policy_evaluations: { activityId: 'act-1' },
  get_active_policies: {},
  list_wallet_accounts: { walletId: 'w-1', includeWalletDetails: true },
  list_users: {},
  get_user: { userId: 'u-1' },
  list_user_tags: {},
  get_organization_configs: {},
  whoami: {},
  list_smart_contract_interfaces: {},
  get_smart_contract_interface: { smartContractInterfaceId: 'sci-1' },
  list_velocity_controls: { paginationOptions: { limit: '50' } },
  get_velocity_control: { velocityControlId: 'vc-1' },
};

export const sampleQueryResponses: { [N in QueryName]: Record<string, unknown> } = {
  get_api_key: {
    apiKey: {
      credential: { publicKey: '02' + 'a'.repeat(64), type: 'CREDENTIAL_TYPE_API_KEY_P256' },
      apiKeyId: 'key-1',
      apiKeyName: 'ci',
      createdAt: TS,
      updatedAt: TS,
    },
  },
  get_session_profile: {
    sessionProfile: { sessionProfileId: 'sp-1', sessionProfileName: 'ro', scope: 'true', createdAt: TS, updatedAt: TS },
  },
  get_session_profiles: { sessionProfiles: [] },
  get_mfa_policies: {
    mfaPolicies: [
      {
        mfaPolicyId: 'mfa-1',
        mfaPolicyName: 'email',
        condition: 'true',
        requiredAuthenticationMethods: [{ any: [{ type: 'AUTHENTICATION_TYPE_EMAIL_OTP' }] }],
        order: 0,
        createdAt: TS,
        updatedAt: TS,
      },
    ],
  },
  get_policy: { policy },
  get_ip_allowlist: {
    allowlist: { organizationId: ORG, rules: [{ cidr: '203.0.113.0/24', label: 'office', createdAt: '1767225600000' }], enabled: true },
  },
  list_wallets: { wallets: [wallet] },
  list_private_key_tags: {
    privateKeyTags: [{ tagId: 't-1', tagName: 'hot', tagType: 'TAG_TYPE_PRIVATE_KEY', createdAt: TS, updatedAt: TS }],
  },
  get_api_keys: {
    apiKeys: [
      {
        credential: { publicKey: '02' + 'a'.repeat(64), type: 'CREDENTIAL_TYPE_API_KEY_P256' },
        apiKeyId: 'key-1',
        apiKeyName: 'ci',
        createdAt: TS,
        updatedAt: TS,
      },
    ],
  },
  list_private_keys: {
    privateKeys: [
      {
        privateKeyId: 'pk-1',
        publicKey: '02' + 'b'.repeat(64),
        privateKeyName: 'cold-1',
        curve: 'CURVE_SECP256K1',
        addresses: [{ format: 'ADDRESS_FORMAT_ETHEREUM', address: '0xabc' }],
        privateKeyTags: ['t-1'],
        createdAt: TS,
        updatedAt: TS,
        exported: false,
        imported: false,
      },
    ],
  },
  list_webhook_endpoints: { webhookEndpoints: [webhookEndpoint] },
  list_fiat_on_ramp_credentials: {
    fiatOnRampCredentials: [
      {
        fiatOnrampCredentialId: 'cred-1',
        organizationId: ORG,
        onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
        publishableApiKey: 'pk_live',
        encryptedSecretApiKey: 'ciphertext',
        sandboxMode: false,
        createdAt: TS,
        updatedAt: TS,
      },
    ],
  },
  list_suborgs: { organizationIds: ['org-1', 'org-2'] },
  list_verified_suborgs: { organizationIds: ['org-2'] },
  list_sol_transaction_history: {
    transactions: [
      {
        signature: 'sig1',
        block: { number: '300000000', hash: 'bh', timestamp: '2026-01-01T00:00:00Z' },
        status: 'FINALIZED',
        origin: 'TURNKEY',
        feePayer: 'So1ana',
        signers: [{ address: 'So1ana', writable: true }],
        fee: { amount: '5000', caip19: 'solana:devnet/slip44:501' },
        transfers: [{ direction: 'OUT', amount: '1000000', counterparty: 'Dest', display: { crypto: '0.001 SOL' } }],
        turnkey: { sponsored: false },
      },
    ],
    pageInfo: { hasNextPage: false, endCursor: 'c1' },
  },
  list_policies: { policies: [policy] },
  get_activity: {
    activity: activityJson('ACTIVITY_TYPE_CREATE_POLICY_V3', 'ACTIVITY_STATUS_COMPLETED', { createPolicyResult: { policyId: 'pol-1' } }),
  },
  list_activities: { activities: [] },
  get_policy_evaluations: {
    policyEvaluations: [
      {
        id: 'ev-1',
        activityId: 'act-1',
        organizationId: ORG,
        voteId: 'v-1',
        policyEvaluations: [{ policyId: 'pol-1', outcome: 'OUTCOME_ALLOW' }],
        createdAt: TS,
      },
    ],
  },
  get_active_policies: { statuses: [{ organizationId: ORG, policyId: 'pol-1', active: true }], evaluatedAtMs: '1767225600000' },
  list_wallet_accounts: {
    accounts: [
      {
        walletAccountId: 'wa-1',
        organizationId: ORG,
        walletId: 'w-1',
        curve: 'CURVE_SECP256K1',
        pathFormat: 'PATH_FORMAT_BIP32',
        path: "m/44'/60'/0'/0/0",
        addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
        address: '0xabc',
        createdAt: TS,
        updatedAt: TS,
        walletDetails: wallet,
      },
    ],
  },
  list_users: { users: [user] },
  get_user: { user },
  list_user_tags: { userTags: [{ tagId: 't-ops', tagName: 'ops', tagType: 'TAG_TYPE_USER', createdAt: TS, updatedAt: TS }] },
  get_organization_configs: {
    configs: { features: [{ name: 'FEATURE_NAME_WEBHOOK', value: 'true' }], quorum: { threshold: 1, userIds: ['u-1'] } },
  },
  whoami: { organizationId: 'org-1', organizationName: 'acme', userId: 'u-1', username: 'alice' },
  list_smart_contract_interfaces: { smartContractInterfaces: [smartContractInterface] },
  get_smart_contract_interface: { smartContractInterface },
  list_velocity_controls: { velocityControls: [velocityControl], pageInfo: { hasNextPage: false } },
  get_velocity_control: { velocityControl },
};

export const sampleParameters: { [N in SubmitName]: RequestOf<N> } = {
  delete_webhook_endpoint: { endpointId: 'wh-1' },
  create_policy: {
    policyName: 'allow wallets',
    effect: 'EFFECT_ALLOW',
    condition: "activity.resource == 'WALLET'",
    notes: 'n',
    consensus: 'true',
  },
  init_import_secrets: { encryptionSuite: 'TRANSPORT_ENCRYPTION_SUITE_ENCLAVE_ENCRYPT_V1', numSecrets: 2 },
  update_fiat_on_ramp_credential: {
    fiatOnrampCredentialId: 'cred-1',
    onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
    publishableApiKey: 'pk_test',
    encryptedSecretApiKey: 'ciphertext',
    projectId: 'proj',
  },
  earn_deposit: { wrapperAddress: '0xwrap', signWith: '0xme', assets: '1000000', chainCaip2: 'eip155:8453', sponsor: true },
  earn_withdraw: { wrapperAddress: '0xwrap', signWith: '0xme', chainCaip2: 'eip155:1', amountValue: 'MAX' },
  update_policy: { policyId: 'pol-1', policyName: 'renamed', policyEffect: 'EFFECT_DENY', policyCondition: '', policyNotes: 'why' },
  delete_policy: { policyId: 'pol-1' },
  create_webhook_endpoint: {
    url: 'https://hooks.example.com/turnkey',
    name: 'main',
    subscriptions: [{ eventType: 'ACTIVITY_UPDATES', filtersJson: '{}' }],
  },
  update_webhook_endpoint: { endpointId: 'wh-1', isActive: false },
  create_fiat_on_ramp_credential: {
    onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
    publishableApiKey: 'pk_live',
    encryptedSecretApiKey: 'ciphertext',
    sandboxMode: true,
  },
  delete_fiat_on_ramp_credential: { fiatOnrampCredentialId: 'cred-1' },
  approve_activity: { fingerprint: 'sha256:' + '1'.repeat(64) },
  reject_activity: { fingerprint: 'sha256:' + '2'.repeat(64) },
  set_ip_allowlist: { enabled: true, rules: [{ cidr: '203.0.113.0/24', label: 'office' }], onEvaluationError: 'DENY' },
  remove_ip_allowlist: { publicKey: '02' + 'a'.repeat(64) },
  create_session_profile: { sessionProfileName: 'read-only', scope: "activity.action != 'EXPORT'", expirationSeconds: '900' },
  create_private_key_tag: { privateKeyTagName: 'hot', privateKeyIds: ['pk-1'] },
  update_private_key_tag: {
    privateKeyTagId: 't-1',
    newPrivateKeyTagName: 'warm',
    addPrivateKeyIds: ['pk-2'],
    removePrivateKeyIds: ['pk-1'],
  },
  delete_private_key_tags: { privateKeyTagIds: ['t-1'] },
  create_wallet: {
    walletName: 'treasury',
    accounts: [
      { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' },
    ],
    mnemonicLength: 24,
  },
  create_sub_organization: {
    subOrganizationName: 'customer-1',
    rootUsers: [
      {
        userName: 'root',
        apiKeys: [{ apiKeyName: 'ci', publicKey: '02' + 'b'.repeat(64), curveType: 'API_KEY_CURVE_P256' }],
        authenticators: [],
        oauthProviders: [],
      },
    ],
    rootQuorumThreshold: 1,
  },
  delete_sub_organization: { deleteWithoutExport: true },
  create_users: {
    users: [
      {
        userName: 'alice',
        userEmail: 'alice@example.com',
        userPhoneNumber: '+13214567890',
        apiKeys: [{ apiKeyName: 'laptop', publicKey: '02' + 'd'.repeat(64), curveType: 'API_KEY_CURVE_P256', expirationSeconds: '3600' }],
        authenticators: [],
        oauthProviders: [{ providerName: 'google', oidcClaims: { iss: 'https://accounts.google.com', sub: 's-1', aud: 'app' } }],
        userTags: ['t-ops'],
      },
    ],
  },
  create_api_only_users: {
    apiOnlyUsers: [{ userName: 'ci', userTags: [], apiKeys: [{ apiKeyName: 'ci', publicKey: '02' + 'e'.repeat(64) }] }],
  },
  update_user: { userId: 'u-1', userName: 'renamed', userEmail: '', userTagIds: ['t-ops'] },
  update_user_name: { userId: 'u-1', userName: 'renamed' },
  update_user_email: { userId: 'u-1', userEmail: 'new@example.com' },
  update_user_phone_number: { userId: 'u-1', userPhoneNumber: '' },
  delete_users: { userIds: ['u-2'] },
  create_api_keys: {
    userId: 'u-1',
    apiKeys: [{ apiKeyName: 'signer', publicKey: '02' + 'f'.repeat(64), curveType: 'API_KEY_CURVE_SECP256K1' }],
  },
  delete_api_keys: { userId: 'u-1', apiKeyIds: ['key-1'] },
  create_user_tag: { userTagName: 'approvers', userIds: ['u-1'] },
  update_user_tag: { userTagId: 't-ops', newUserTagName: 'operators', addUserIds: ['u-2'], removeUserIds: [] },
  delete_user_tags: { userTagIds: ['t-ops'] },
  update_root_quorum: { threshold: 2, userIds: ['u-1', 'u-2'] },
  create_smart_contract_interface: {
    smartContractAddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    smartContractInterface: ERC20_ABI,
    type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
    label: 'USDC',
    notes: 'transfers only',
  },
  delete_smart_contract_interface: { smartContractInterfaceId: 'sci-1' },
  create_velocity_control: velocityControlParameters,
  delete_velocity_control: { velocityControlId: 'vc-1' },
  sign_transaction: {
    signWith: '0x' + 'a'.repeat(40),
    unsignedTransaction: '02e501808080808094' + 'b'.repeat(40) + '8080c0',
    type: 'TRANSACTION_TYPE_ETHEREUM',
  },
};

/** The object found at `activity.result[resultKey]` (or the whole result for approve/reject). */
export const sampleResults: { [N in SubmitName]: Record<string, unknown> } = {
  delete_webhook_endpoint: { endpointId: 'wh-1' },
  create_policy: { policyId: 'pol-1' },
  init_import_secrets: { enclaveTargetMessages: ['m1', 'm2'] },
  update_fiat_on_ramp_credential: { fiatOnRampCredentialId: 'cred-1' },
  earn_deposit: { depositRequestId: 'dep-1' },
  earn_withdraw: { withdrawRequestId: 'wd-1' },
  update_policy: { policyId: 'pol-1' },
  delete_policy: { policyId: 'pol-1' },
  create_webhook_endpoint: { endpointId: 'wh-1', webhookEndpoint },
  update_webhook_endpoint: { endpointId: 'wh-1', webhookEndpoint: { ...webhookEndpoint, isActive: false } },
  create_fiat_on_ramp_credential: { fiatOnRampCredentialId: 'cred-2' },
  delete_fiat_on_ramp_credential: { fiatOnRampCredentialId: 'cred-1' },
  approve_activity: {},
  reject_activity: {},
  set_ip_allowlist: {},
  remove_ip_allowlist: {},
  create_session_profile: { sessionProfileId: 'sp-2' },
  create_private_key_tag: { privateKeyTagId: 't-2', privateKeyIds: ['pk-1'] },
  update_private_key_tag: { privateKeyTagId: 't-1' },
  delete_private_key_tags: { privateKeyTagIds: ['t-1'], privateKeyIds: ['pk-2'] },
  create_wallet: { walletId: 'w-2', addresses: ['0xdef'] },
  create_sub_organization: { subOrganizationId: 'sub-1', rootUserIds: ['u-1'] },
  delete_sub_organization: { subOrganizationUuid: 'sub-1' },
  create_users: { userIds: ['u-3'] },
  create_api_only_users: { userIds: ['u-4'] },
  update_user: { userId: 'u-1' },
  update_user_name: { userId: 'u-1' },
  update_user_email: { userId: 'u-1' },
  update_user_phone_number: { userId: 'u-1' },
  delete_users: { userIds: ['u-2'] },
  create_api_keys: { apiKeyIds: ['key-2'] },
  delete_api_keys: { apiKeyIds: ['key-1'] },
  create_user_tag: { userTagId: 't-new', userIds: ['u-1'] },
  update_user_tag: { userTagId: 't-ops' },
  delete_user_tags: { userTagIds: ['t-ops'], userIds: ['u-1'] },
  update_root_quorum: {},
  create_smart_contract_interface: { smartContractInterfaceId: 'sci-2' },
  delete_smart_contract_interface: { smartContractInterfaceId: 'sci-1' },
  create_velocity_control: { velocityControlId: 'vc-2' },
  delete_velocity_control: { velocityControlId: 'vc-1' },
  sign_transaction: { signedTransaction: '02f8' + '0'.repeat(60) },
};
