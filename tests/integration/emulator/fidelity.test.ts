// Independent client fidelity: the real service's own SDKs, @turnkey/http's TurnkeyClient with
// @turnkey/api-key-stamper and @turnkey/sdk-server, drive the emulator without noticing a difference.
import { expect } from '@jest/globals';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { encryptOnRampSecret } from '@turnkey/crypto';
import { createActivityPoller, TurnkeyClient, TurnkeyRequestError } from '@turnkey/http';
import { Turnkey } from '@turnkey/sdk-server';
import type { RunningEmulator } from '@walletinfra/emulator';
import { join } from 'node:path';
import { startTestEmulator } from '../../support/emulator';

const SEED = join(__dirname, '..', '..', '..', 'emulator', 'seeds', 'example.json');
let emu: RunningEmulator;
let tk: TurnkeyClient;
let organizationId: string;
const now = () => String(Date.now());

beforeAll(async () => {
  emu = await startTestEmulator({ seed: SEED });
  organizationId = emu.credentials.organizationId;
  tk = new TurnkeyClient(
    { baseUrl: emu.baseUrl },
    new ApiKeyStamper({ apiPublicKey: emu.credentials.apiPublicKey, apiPrivateKey: emu.credentials.apiPrivateKey }),
  );
});
afterAll(() => emu.close());

const isTimestamp = (t: unknown) => expect(t).toEqual({ seconds: expect.stringMatching(/^\d+$/), nanos: expect.stringMatching(/^\d+$/) });

test('@turnkey/http: policies create, get, list, update, delete', async () => {
  const created = await tk.createPolicy({
    type: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
    timestampMs: now(),
    organizationId,
    parameters: {
      policyName: 'tk policy',
      effect: 'EFFECT_ALLOW',
      notes: 'from @turnkey/http',
      condition: "activity.resource == 'WALLET'",
    },
  });
  expect(created.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
  isTimestamp(created.activity.createdAt);
  const policyId = created.activity.result.createPolicyResult?.policyId as string;
  const { policy } = await tk.getPolicy({ organizationId, policyId });
  expect(policy).toMatchObject({
    policyId,
    policyName: 'tk policy',
    effect: 'EFFECT_ALLOW',
    notes: 'from @turnkey/http',
    consensus: '',
    condition: "activity.resource == 'WALLET'",
  });
  isTimestamp(policy.createdAt);
  expect((await tk.getPolicies({ organizationId })).policies.map((p) => p.policyName)).toContain('tk policy');
  const updated = await tk.updatePolicy({
    type: 'ACTIVITY_TYPE_UPDATE_POLICY_V2',
    timestampMs: now(),
    organizationId,
    parameters: { policyId, policyNotes: 'changed' },
  });
  expect(updated.activity.result.updatePolicyResultV2).toEqual({ policyId });
  expect((await tk.getPolicy({ organizationId, policyId })).policy.notes).toBe('changed');
  const deleted = await tk.deletePolicy({
    type: 'ACTIVITY_TYPE_DELETE_POLICY',
    timestampMs: now(),
    organizationId,
    parameters: { policyId },
  });
  expect(deleted.activity.result.deletePolicyResult).toEqual({ policyId });
  const { activity } = await tk.getActivity({ organizationId, activityId: deleted.activity.id });
  expect(activity).toEqual(deleted.activity);
});

test('@turnkey/http: errors arrive as TurnkeyRequestError with code and details', async () => {
  const error = await tk.getPolicy({ organizationId, policyId: 'nope' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TurnkeyRequestError);
  expect((error as TurnkeyRequestError).message).toBe(
    'Turnkey error 5: no policy found with ID nope (Details: [{"@type":"type.googleapis.com/errors.v1.TurnkeyErrorDetail","turnkeyErrorCode":"UNSPECIFIED"}])',
  );
  expect((error as TurnkeyRequestError).code).toBe(5);
});

test('@turnkey/http: webhook endpoints create, update, list, delete', async () => {
  const created = await tk.createWebhookEndpoint({
    type: 'ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT',
    timestampMs: now(),
    organizationId,
    parameters: { url: 'https://hooks.acme.example/tk', name: 'tk', subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }] },
  });
  const endpointId = created.activity.result.createWebhookEndpointResult?.endpointId as string;
  await tk.updateWebhookEndpoint({
    type: 'ACTIVITY_TYPE_UPDATE_WEBHOOK_ENDPOINT',
    timestampMs: now(),
    organizationId,
    parameters: { endpointId, name: 'tk renamed' },
  });
  const listed = await tk.listWebhookEndpoints({ organizationId });
  expect(listed.webhookEndpoints).toEqual([
    {
      endpointId,
      organizationId,
      url: 'https://hooks.acme.example/tk',
      name: 'tk renamed',
      isActive: true,
      subscriptions: [{ eventType: 'ACTIVITY_UPDATES', isActive: true }],
    },
  ]);
  await tk.deleteWebhookEndpoint({
    type: 'ACTIVITY_TYPE_DELETE_WEBHOOK_ENDPOINT',
    timestampMs: now(),
    organizationId,
    parameters: { endpointId },
  });
  expect((await tk.listWebhookEndpoints({ organizationId })).webhookEndpoints).toEqual([]);
});

test('@turnkey/http + @turnkey/crypto: fiat on-ramp credentials encrypted to the emulator key', async () => {
  const secret = encryptOnRampSecret('sk_live_tk', emu.onRampEncryptionPublicKey);
  const created = await tk.createFiatOnRampCredential({
    type: 'ACTIVITY_TYPE_CREATE_FIAT_ON_RAMP_CREDENTIAL',
    timestampMs: now(),
    organizationId,
    parameters: {
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
      publishableApiKey: 'pk_tk',
      encryptedSecretApiKey: secret,
      sandboxMode: true,
    },
  });
  const id = created.activity.result.createFiatOnRampCredentialResult?.fiatOnRampCredentialId as string;
  const secret2 = encryptOnRampSecret('sk_live_tk2', emu.onRampEncryptionPublicKey);
  await tk.updateFiatOnRampCredential({
    type: 'ACTIVITY_TYPE_UPDATE_FIAT_ON_RAMP_CREDENTIAL',
    timestampMs: now(),
    organizationId,
    parameters: {
      fiatOnrampCredentialId: id,
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
      publishableApiKey: 'pk_tk2',
      encryptedSecretApiKey: secret2,
    },
  });
  const [credential] = (await tk.listFiatOnRampCredentials({ organizationId })).fiatOnRampCredentials;
  expect(credential).toMatchObject({
    fiatOnrampCredentialId: id,
    publishableApiKey: 'pk_tk2',
    encryptedSecretApiKey: secret2,
    sandboxMode: true,
  });
  await tk.deleteFiatOnRampCredential({
    type: 'ACTIVITY_TYPE_DELETE_FIAT_ON_RAMP_CREDENTIAL',
    timestampMs: now(),
    organizationId,
    parameters: { fiatOnrampCredentialId: id },
  });
  expect((await tk.listFiatOnRampCredentials({ organizationId })).fiatOnRampCredentials).toEqual([]);
});

test('@turnkey/http: the documented queries', async () => {
  const apiKeyId = emu.store.apiKeys.findByKey(emu.credentials.apiPublicKey)[0]?.apiKeyId as string;
  expect((await tk.getApiKey({ organizationId, apiKeyId })).apiKey.credential.type).toBe('CREDENTIAL_TYPE_API_KEY_P256');
  const profiles = (await tk.getSessionProfiles({ organizationId })).sessionProfiles;
  expect(
    (await tk.getSessionProfile({ organizationId, sessionProfileId: profiles[0]?.sessionProfileId as string })).sessionProfile
      .sessionProfileName,
  ).toBe('read-mostly');
  const alice = emu.store.users.listByOrg(organizationId).find((u) => u.userName === 'alice')?.userId as string;
  expect((await tk.getMfaPolicies({ organizationId, userId: alice })).mfaPolicies).toHaveLength(2);
  expect((await tk.getIpAllowlist({ organizationId })).allowlist.rules.map((r) => r.cidr)).toEqual([
    '203.0.113.0/24',
    '2001:db8:1234::/48',
  ]);
  const wallets = (await tk.getWallets({ organizationId })).wallets;
  expect(wallets.map((w) => [w.walletName, w.exported, w.imported])).toEqual([
    ['Treasury', false, false],
    ['Payroll', false, false],
  ]);
  expect((await tk.listPrivateKeyTags({ organizationId })).privateKeyTags.map((t) => t.tagName)).toEqual(['cold-storage', 'hot-wallet']);
  expect((await tk.getSubOrgIds({ organizationId, filterType: 'NAME', filterValue: 'Customer 1002' })).organizationIds).toHaveLength(1);
  const history = await tk.listSolTransactionHistory({
    organizationId,
    address: 'GpAN18bdsLw4DivyMvMu8gtXjDsbrzT28JKKLqyAyi6C',
    caip2: 'solana:mainnet',
    paginationOptions: { limit: '3' },
  });
  expect(history.transactions.map((t) => t.status)).toEqual(['CONFIRMED', 'FINALIZED', 'FINALIZED']);
  expect(history.pageInfo?.hasNextPage).toBe(true);
});

test('@turnkey/http createActivityPoller returns the completed activity', async () => {
  const poll = createActivityPoller({ client: tk, requestFn: tk.createPrivateKeyTag });
  const activity = await poll({
    type: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
    timestampMs: now(),
    organizationId,
    parameters: { privateKeyTagName: 'polled', privateKeyIds: [] },
  });
  expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
  expect(activity.result.createPrivateKeyTagResult?.privateKeyIds).toEqual([]);
});

test('@turnkey/sdk-server: apiClient calls with flattened results', async () => {
  const turnkey = new Turnkey({
    apiBaseUrl: emu.baseUrl,
    apiPublicKey: emu.credentials.apiPublicKey,
    apiPrivateKey: emu.credentials.apiPrivateKey,
    defaultOrganizationId: organizationId,
  });
  const api = turnkey.apiClient();
  const created = await api.createPolicy({
    policyName: 'sdk-server policy',
    effect: 'EFFECT_DENY',
    notes: '',
    condition: "activity.action == 'EXPORT'",
  });
  expect(created.policyId).toMatch(/^[0-9a-f-]{36}$/);
  expect(created.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
  expect((await api.getPolicies()).policies.map((p) => p.policyName)).toContain('sdk-server policy');
  expect((await api.getWallets()).wallets).toHaveLength(2);
});
