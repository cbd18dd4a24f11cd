// Every operation of the interface round-trips through our sdk client against the emulator over loopback,
// with read-after-write checks.
import { encryptOnRampSecret, generateApiKeyPair, operations, type WalletInfraClient } from '@walletinfra/sdk';
import type { RunningEmulator } from '@walletinfra/emulator';
import { join } from 'node:path';
import { queryHandlerFor, submitHandlerFor } from '@walletinfra/emulator/handlers';
import { clientFor, FIXED_NOW, manualClock, startTestEmulator } from '../../support/emulator';

const SEED = join(__dirname, '..', '..', '..', 'emulator', 'seeds', 'example.json');
const SOL_ADDRESS = 'GpAN18bdsLw4DivyMvMu8gtXjDsbrzT28JKKLqyAyi6C';
const ts = (ms: number) => ({ seconds: String(Math.floor(ms / 1000)), nanos: String((ms % 1000) * 1_000_000) });

let emu: RunningEmulator;
let client: WalletInfraClient;
const clock = manualClock();

beforeAll(async () => {
  emu = await startTestEmulator({ seed: SEED, clock: clock.now });
  client = clientFor(emu, undefined, undefined, { now: clock.now });
});
afterAll(async () => {
  await client.close();
  await emu.close();
});

test('policies: create, get, list, update (keep omitted, clear empty), delete', async () => {
  const created = await client.createPolicy({
    policyName: 'ops can create wallets',
    effect: 'EFFECT_ALLOW',
    condition: "activity.resource == 'WALLET' && activity.action == 'CREATE'",
    consensus: "approvers.any(user, user.tags.contains('x'))",
    notes: 'n1',
  });
  expect(created.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
  expect(created.activity.type).toBe('ACTIVITY_TYPE_CREATE_POLICY_V3');
  const policyId = created.result.policyId;
  expect((await client.getPolicy({ policyId })).policy).toEqual({
    policyId,
    policyName: 'ops can create wallets',
    effect: 'EFFECT_ALLOW',
    createdAt: ts(FIXED_NOW),
    updatedAt: ts(FIXED_NOW),
    notes: 'n1',
    consensus: "approvers.any(user, user.tags.contains('x'))",
    condition: "activity.resource == 'WALLET' && activity.action == 'CREATE'",
  });
  clock.advance(1500);
  const updated = await client.updatePolicy({ policyId, policyName: 'renamed', policyConsensus: '', policyEffect: 'EFFECT_DENY' });
  expect(updated.result).toEqual({ policyId });
  const after = (await client.getPolicy({ policyId })).policy;
  expect(after).toMatchObject({
    policyName: 'renamed',
    effect: 'EFFECT_DENY',
    consensus: '',
    notes: 'n1',
    condition: "activity.resource == 'WALLET' && activity.action == 'CREATE'",
  });
  expect(after.updatedAt).toEqual(ts(FIXED_NOW + 1500));
  expect((await client.listPolicies()).policies.map((p) => p.policyName)).toEqual(['Seed: no exports', 'renamed']);
  expect((await client.deletePolicy({ policyId })).result).toEqual({ policyId });
  expect((await client.listPolicies()).policies.map((p) => p.policyName)).toEqual(['Seed: no exports']);
});

test('get_active_policies reports time-based policies against the clock', async () => {
  const { result } = await client.createPolicy({
    policyName: 'january only',
    effect: 'EFFECT_ALLOW',
    notes: '',
    time: "time.now >= Timestamp('2026-01-01T00:00:00Z') && time.now < Timestamp('2026-02-01T00:00:00Z')",
  });
  const active = await client.getActivePolicies();
  expect(active.evaluatedAtMs).toBe(String(clock.now()));
  expect(active.statuses.find((s) => s.policyId === result.policyId)).toEqual({
    organizationId: emu.credentials.organizationId,
    policyId: result.policyId,
    active: true,
    timeExpr: "time.now >= Timestamp('2026-01-01T00:00:00Z') && time.now < Timestamp('2026-02-01T00:00:00Z')",
  });
  await client.deletePolicy({ policyId: result.policyId });
});

test('webhook endpoints: create, list, update url/name/isActive, delete', async () => {
  const created = await client.createWebhookEndpoint({
    url: 'https://hooks.acme.example/turnkey',
    name: 'activity feed',
    subscriptions: [{ eventType: 'ACTIVITY_UPDATES', filtersJson: '{}' }],
  });
  const endpointId = created.result.endpointId;
  const expected = {
    endpointId,
    organizationId: emu.credentials.organizationId,
    url: 'https://hooks.acme.example/turnkey',
    name: 'activity feed',
    isActive: true,
    subscriptions: [{ eventType: 'ACTIVITY_UPDATES', filtersJson: '{}', isActive: true }],
  };
  expect(created.result.webhookEndpoint).toEqual(expected);
  expect((await client.listWebhookEndpoints()).webhookEndpoints).toEqual([expected]);
  const updated = await client.updateWebhookEndpoint({ endpointId, url: 'https://hooks2.acme.example/x', isActive: false });
  expect(updated.result.webhookEndpoint).toEqual({ ...expected, url: 'https://hooks2.acme.example/x', isActive: false });
  expect((await client.listWebhookEndpoints()).webhookEndpoints).toEqual([
    { ...expected, url: 'https://hooks2.acme.example/x', isActive: false },
  ]);
  expect((await client.deleteWebhookEndpoint({ endpointId })).result).toEqual({ endpointId });
  expect((await client.listWebhookEndpoints()).webhookEndpoints).toEqual([]);
});

test('fiat on-ramp credentials: create, list, update (sandboxMode kept), delete; ciphertexts stored as sent', async () => {
  const secret = encryptOnRampSecret('sk_live_123', emu.onRampEncryptionPublicKey);
  const created = await client.createFiatOnRampCredential({
    onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
    projectId: 'proj-1',
    publishableApiKey: 'pk_1',
    encryptedSecretApiKey: secret,
    sandboxMode: true,
  });
  const id = created.result.fiatOnRampCredentialId;
  const list = (await client.listFiatOnRampCredentials()).fiatOnRampCredentials;
  expect(list).toEqual([
    {
      fiatOnrampCredentialId: id,
      organizationId: emu.credentials.organizationId,
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
      projectId: 'proj-1',
      publishableApiKey: 'pk_1',
      encryptedSecretApiKey: secret,
      sandboxMode: true,
      createdAt: ts(clock.now()),
      updatedAt: ts(clock.now()),
    },
  ]);
  const secret2 = encryptOnRampSecret('sk_live_456', emu.onRampEncryptionPublicKey);
  const privateKey = encryptOnRampSecret('-----BEGIN KEY-----', emu.onRampEncryptionPublicKey);
  await client.updateFiatOnRampCredential({
    fiatOnrampCredentialId: id,
    onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
    publishableApiKey: 'pk_2',
    encryptedSecretApiKey: secret2,
    encryptedPrivateApiKey: privateKey,
  });
  const [after] = (await client.listFiatOnRampCredentials()).fiatOnRampCredentials;
  expect(after).toMatchObject({
    onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
    publishableApiKey: 'pk_2',
    encryptedSecretApiKey: secret2,
    encryptedPrivateApiKey: privateKey,
    sandboxMode: true,
  });
  expect(after).not.toHaveProperty('projectId');
  expect((await client.deleteFiatOnRampCredential({ fiatOnrampCredentialId: id })).result).toEqual({ fiatOnRampCredentialId: id });
  expect((await client.listFiatOnRampCredentials()).fiatOnRampCredentials).toEqual([]);
});

test('IP allowlist: seeded, set (normalised, de-duplicated), per-key scope, remove', async () => {
  const seeded = (await client.getIpAllowlist()).allowlist;
  expect(seeded).toEqual({
    organizationId: emu.credentials.organizationId,
    rules: [
      { cidr: '203.0.113.0/24', label: 'office', createdAt: String(FIXED_NOW) },
      { cidr: '2001:db8:1234::/48', label: 'office v6', createdAt: String(FIXED_NOW) },
    ],
    enabled: false,
    onEvaluationError: 'DENY',
  });
  clock.advance(10);
  await client.setIpAllowlist({
    enabled: true,
    rules: [{ cidr: '203.0.113.77/24', label: 'first' }, { cidr: '198.51.100.0/22' }, { cidr: '203.0.113.0/24', label: 'dup' }],
    onEvaluationError: 'ALLOW',
  });
  expect((await client.getIpAllowlist()).allowlist).toEqual({
    organizationId: emu.credentials.organizationId,
    rules: [
      { cidr: '203.0.113.0/24', label: 'first', createdAt: String(FIXED_NOW) },
      { cidr: '198.51.100.0/22', label: '', createdAt: String(clock.now()) },
    ],
    enabled: true,
    onEvaluationError: 'ALLOW',
  });
  const publicKey = emu.credentials.apiPublicKey;
  await client.setIpAllowlist({ publicKey, rules: [{ cidr: '2001:DB8:0:0:0:1::/80', label: 'ci' }] });
  expect((await client.getIpAllowlist({ publicKey })).allowlist.rules).toEqual([
    { cidr: '2001:db8::/80', label: 'ci', createdAt: String(clock.now()) },
  ]);
  await client.removeIpAllowlist({ publicKey });
  await client.removeIpAllowlist();
  expect((await client.getIpAllowlist()).allowlist).toEqual({
    organizationId: emu.credentials.organizationId,
    rules: [],
    enabled: false,
    onEvaluationError: 'DENY',
  });
  expect((await client.getIpAllowlist({ publicKey })).allowlist.rules).toEqual([]);
});

test('session profiles: seeded list, create, get', async () => {
  const before = (await client.getSessionProfiles()).sessionProfiles;
  expect(before.map((s) => [s.sessionProfileName, s.scope, s.expirationSeconds])).toEqual([
    ['read-mostly', "activity.action != 'EXPORT' && activity.action != 'SIGN'", '900'],
    ['signing', "activity.action == 'SIGN'", '300'],
  ]);
  const { result } = await client.createSessionProfile({ sessionProfileName: 'exports', scope: "activity.action == 'EXPORT'", notes: 'n' });
  expect((await client.getSessionProfile({ sessionProfileId: result.sessionProfileId })).sessionProfile).toEqual({
    sessionProfileId: result.sessionProfileId,
    sessionProfileName: 'exports',
    scope: "activity.action == 'EXPORT'",
    notes: 'n',
    createdAt: ts(clock.now()),
    updatedAt: ts(clock.now()),
  });
  expect((await client.getSessionProfiles()).sessionProfiles).toHaveLength(3);
});

test('private key tags: seeded, create, list (user tags are not listed)', async () => {
  const { result } = await client.createPrivateKeyTag({ privateKeyTagName: 'exchange', privateKeyIds: [] });
  expect(result.privateKeyIds).toEqual([]);
  const tags = (await client.listPrivateKeyTags()).privateKeyTags;
  expect(tags.map((t) => [t.tagName, t.tagType])).toEqual([
    ['cold-storage', 'TAG_TYPE_PRIVATE_KEY'],
    ['hot-wallet', 'TAG_TYPE_PRIVATE_KEY'],
    ['exchange', 'TAG_TYPE_PRIVATE_KEY'],
  ]);
  expect(tags[2]?.tagId).toBe(result.privateKeyTagId);
});

test('wallets: seeded, create with derived Ethereum and Solana addresses, list accounts', async () => {
  expect((await client.listWallets()).wallets.map((w) => w.walletName)).toEqual(['Treasury', 'Payroll']);
  const { result } = await client.createWallet({
    walletName: 'Ops',
    accounts: [
      { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' },
      { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' },
    ],
  });
  expect(result.addresses[0]).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect(result.addresses[1]).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  const accounts = (await client.listWalletAccounts({ walletId: result.walletId, includeWalletDetails: true })).accounts;
  expect(accounts.map((a) => a.address)).toEqual(result.addresses);
  expect(accounts[0]?.walletDetails?.walletName).toBe('Ops');
  expect((await client.listWallets()).wallets.map((w) => w.walletName)).toEqual(['Treasury', 'Payroll', 'Ops']);
});

test('sub-organizations: seeded, create with a wallet, list with filters and pagination', async () => {
  const seeded = (await client.listSuborgs()).organizationIds;
  expect(seeded).toHaveLength(2);
  const key = generateApiKeyPair();
  const { result } = await client.createSubOrganization({
    subOrganizationName: 'Customer 1003',
    rootUsers: [
      {
        userName: 'c3',
        userEmail: 'c3@customer.example',
        apiKeys: [{ apiKeyName: 'k', publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256' }],
        authenticators: [],
        oauthProviders: [],
      },
    ],
    rootQuorumThreshold: 1,
    wallet: {
      walletName: 'w',
      accounts: [
        { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' },
      ],
    },
  });
  const subId = result.subOrganizationId;
  expect(result.rootUserIds).toHaveLength(1);
  expect((await client.listSuborgs()).organizationIds).toEqual([...seeded, subId]);
  expect((await client.listSuborgs({ filterType: 'EMAIL', filterValue: 'C3@customer.example' })).organizationIds).toEqual([subId]);
  expect((await client.listSuborgs({ filterType: 'PUBLIC_KEY', filterValue: key.publicKey })).organizationIds).toEqual([subId]);
  expect((await client.listSuborgs({ filterType: 'NAME', filterValue: 'Customer 1001' })).organizationIds).toEqual([seeded[0]]);
  expect(
    (await client.listSuborgs({ filterType: 'WALLET_ACCOUNT_ADDRESS', filterValue: result.wallet?.addresses[0] as string }))
      .organizationIds,
  ).toEqual([subId]);
  expect((await client.listSuborgs({ paginationOptions: { limit: '1', after: seeded[0] as string } })).organizationIds).toEqual([
    seeded[1],
  ]);
  expect((await client.listSuborgs({ paginationOptions: { before: subId } })).organizationIds).toEqual(seeded);
  // the sub-organization's own key reads its wallets; the parent's key reads them too
  const subClient = clientFor(emu, key, subId, { now: clock.now });
  expect((await subClient.listWallets()).wallets.map((w) => w.walletName)).toEqual(['w']);
  expect((await client.listWallets({ organizationId: subId })).wallets.map((w) => w.walletName)).toEqual(['w']);
  await subClient.close();
});

test('get_api_key and get_mfa_policies', async () => {
  const apiKeyId = emu.store.apiKeys.findByKey(emu.credentials.apiPublicKey)[0]?.apiKeyId as string;
  expect((await client.getApiKey({ apiKeyId })).apiKey).toEqual({
    credential: { publicKey: emu.credentials.apiPublicKey, type: 'CREDENTIAL_TYPE_API_KEY_P256' },
    apiKeyId,
    apiKeyName: 'emulator root key',
    createdAt: ts(FIXED_NOW),
    updatedAt: ts(FIXED_NOW),
  });
  const alice = emu.store.users.listByOrg(emu.credentials.organizationId).find((u) => u.userName === 'alice');
  const mfa = (await client.getMfaPolicies({ userId: alice?.userId as string })).mfaPolicies;
  expect(mfa.map((m) => [m.mfaPolicyName, m.order, m.requiredAuthenticationMethods])).toEqual([
    ['email OTP for exports', 0, [{ any: [{ type: 'AUTHENTICATION_TYPE_EMAIL_OTP' }] }]],
    ['passkey or SMS for policy changes', 1, [{ any: [{ type: 'AUTHENTICATION_TYPE_PASSKEY' }, { type: 'AUTHENTICATION_TYPE_SMS_OTP' }] }]],
  ]);
});

test('list_sol_transaction_history: newest first, opaque cursors, both network spellings', async () => {
  const first = await client.listSolTransactionHistory({
    address: SOL_ADDRESS,
    caip2: 'solana:mainnet',
    paginationOptions: { limit: '2' },
  });
  expect(first.transactions.map((t) => t.block.number)).toEqual(['331204877', '331150012']);
  expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
  const second = await client.listSolTransactionHistory({
    address: SOL_ADDRESS,
    caip2: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    paginationOptions: { limit: '2', after: first.pageInfo?.endCursor as string },
  });
  expect(second.transactions.map((t) => t.block.number)).toEqual(['330987455', '330801120']);
  const all: string[] = [];
  for await (const t of client.iterateSolTransactionHistory({
    address: SOL_ADDRESS,
    caip2: 'solana:mainnet',
    paginationOptions: { limit: '2' },
  }))
    all.push(t.signature);
  expect(all).toHaveLength(5);
  expect((await client.listSolTransactionHistory({ address: SOL_ADDRESS, caip2: 'solana:devnet' })).transactions).toEqual([]);
});

test('init_import_secrets returns one signed target per secret', async () => {
  const { result } = await client.initImportSecrets({ encryptionSuite: 'TRANSPORT_ENCRYPTION_SUITE_ENCLAVE_ENCRYPT_V1', numSecrets: 2 });
  expect(result.enclaveTargetMessages).toHaveLength(2);
  const bundle = JSON.parse(result.enclaveTargetMessages[0] as string) as Record<string, string>;
  expect(Object.keys(bundle)).toEqual(['version', 'data', 'dataSignature', 'enclaveQuorumPublic']);
  expect(JSON.parse(Buffer.from(bundle.data as string, 'hex').toString('utf8'))).toMatchObject({
    organizationId: emu.credentials.organizationId,
  });
});

test('earn_deposit and earn_withdraw against a seeded wrapper', async () => {
  const base = {
    wrapperAddress: '0xd264dbc2c0c6e1abc70907308abc5c6da43fa204',
    signWith: '0x1715c2A2315e2Abb651258805F11645c014aA3db',
    chainCaip2: 'eip155:1' as const,
  };
  const deposit = await client.earnDeposit({ ...base, assets: '1000000', sponsor: true });
  expect(deposit.result.depositRequestId).toMatch(/^[0-9a-f-]{36}$/);
  const withdraw = await client.earnWithdraw({ ...base, amountValue: 'MAX' });
  expect(withdraw.result.withdrawRequestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(emu.store.earnRequests.all().map((r) => [r.kind, r.amount, r.sponsor])).toEqual([
    ['DEPOSIT', '1000000', true],
    ['WITHDRAW', 'MAX', false],
  ]);
});

test('activities: get_activity and list_activities with filters', async () => {
  const { activity } = await client.createPrivateKeyTag({ privateKeyTagName: 'listing', privateKeyIds: [] });
  expect((await client.getActivity({ activityId: activity.id })).activity).toEqual(activity);
  const listed = await client.listActivities({ filterByType: ['ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'], paginationOptions: { limit: '1' } });
  expect(listed.activities.map((a) => a.id)).toEqual([activity.id]);
  const completed = await client.listActivities({ filterByStatus: ['ACTIVITY_STATUS_COMPLETED'], paginationOptions: { limit: '100' } });
  expect(completed.activities.length).toBeGreaterThan(10);
  expect((await client.getPolicyEvaluations({ activityId: activity.id })).policyEvaluations).toEqual([]);
});

test('auth proxy: wallet kit config and OTP init', async () => {
  expect(await client.getWalletKitConfig()).toEqual({
    enabledProviders: ['email', 'passkey', 'google'],
    sessionExpirationSeconds: '900',
    organizationId: emu.credentials.organizationId,
    oauthClientIds: { google: '123456789012-emulator.apps.googleusercontent.com' },
    oauthRedirectUrl: 'https://app.acme.example/oauth/callback',
    otpAlphanumeric: false,
    otpLength: '6',
  });
  const otp = await client.initOtpV2({ otpType: 'OTP_TYPE_EMAIL', contact: 'alice@acme.example' });
  expect(otp.otpId).toMatch(/^[0-9a-f-]{36}$/);
  expect(Object.keys(JSON.parse(otp.otpEncryptionTargetBundle) as object)).toEqual([
    'version',
    'data',
    'dataSignature',
    'enclaveQuorumPublic',
  ]);
  expect(emu.store.otps.get(otp.otpId)).toMatchObject({ contact: 'alice@acme.example', otpType: 'OTP_TYPE_EMAIL' });
});

test('discovery: JWKS with the exact Cache-Control', async () => {
  const res = await fetch(`${emu.baseUrl}/public/v1/discovery/webhooks/jwks`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('public, max-age=86400, s-maxage=86400, stale-if-error=604800');
  const jwks = (await res.json()) as { keys: Array<Record<string, string>> };
  expect(jwks.keys).toHaveLength(1);
  expect(jwks.keys[0]).toMatchObject({
    kty: 'OKP',
    crv: 'Ed25519',
    alg: 'EdDSA',
    use: 'sig',
    turnkey_signature_algorithm: 'ed25519',
    turnkey_signature_version: 'v1',
  });
  expect(await client.getWebhookJwks()).toEqual(jwks);
});

test('every query and submit operation of the sdk registry has a handler', () => {
  for (const op of Object.values(operations)) {
    if (op.kind === 'query') expect([op.name, queryHandlerFor(op.name) !== undefined]).toEqual([op.name, true]);
    if (op.kind === 'submit' && op.name !== 'approve_activity' && op.name !== 'reject_activity') {
      expect([op.name, submitHandlerFor(op.name) !== undefined]).toEqual([op.name, true]);
    }
  }
});
