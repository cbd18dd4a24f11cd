// Every data source, in its Promise and Output forms, against the emulator seeded with the example
// organization (emulator/seeds/example.json); the same settings resolution as the resources.
import * as path from 'node:path';
import * as pulumi from '@pulumi/pulumi';
import { decryptCredentialBundle } from '@turnkey/crypto';
import { encryptOnRampSecret } from '@walletinfra/sdk';
import { createDataSources } from '@walletinfra/pulumi/datasources';
import { createContext, type OwnedContext } from '@walletinfra/pulumi/context';
import { failure, startHarness, type Harness } from '../../support/provider-harness';

let h: Harness;
let ctx: OwnedContext;
let ds: ReturnType<typeof createDataSources>;
let org: string;

beforeAll(async () => {
  h = await startHarness({ emulator: { seed: path.join(__dirname, '../../../emulator/seeds/example.json') } });
  org = h.emulator.credentials.organizationId;
  ctx = createContext({ config: (k) => h.config[k], env: {}, now: () => h.clock.now() });
  ds = createDataSources(() => ctx);
});
afterAll(async () => {
  await ctx.close();
  await h.close();
});

/** The value and secretness of an Output, outside a Pulumi program. */
function settle<T>(o: pulumi.Output<T>): Promise<{ value: unknown; secret: boolean }> {
  return new Promise((resolve) => pulumi.all([o, pulumi.isSecret(o)]).apply(([value, secret]) => resolve({ value, secret })));
}

test('wallets and private-key tags', async () => {
  const wallets = await ds.wallets.promise();
  expect([wallets.organizationId, wallets.wallets.map((w) => w.walletName).sort()]).toEqual([org, ['Payroll', 'Treasury']]);
  const tags = await ds.privateKeyTags.promise();
  expect(tags.privateKeyTags.map((t) => [t.tagName, t.tagType]).sort()).toEqual([
    ['cold-storage', 'TAG_TYPE_PRIVATE_KEY'],
    ['hot-wallet', 'TAG_TYPE_PRIVATE_KEY'],
  ]);
});

test('the IP allowlist, of the organization and of one API key', async () => {
  const allowlist = await ds.ipAllowlist.promise();
  expect([allowlist.allowlist.enabled, allowlist.allowlist.rules.map((r) => [r.cidr, r.label])]).toEqual([
    false,
    [
      ['203.0.113.0/24', 'office'],
      ['2001:db8:1234::/48', 'office v6'],
    ],
  ]);
  const forKey = await ds.ipAllowlist.promise({ publicKey: h.emulator.credentials.apiPublicKey });
  expect([forKey.allowlist.publicKey, forKey.allowlist.rules]).toEqual([h.emulator.credentials.apiPublicKey, []]);
});

test('session profiles, all and one', async () => {
  const all = await ds.sessionProfiles.promise();
  const names = all.sessionProfiles.map((p) => p.sessionProfileName).sort();
  expect(names).toEqual(['read-mostly', 'signing']);
  const signing = all.sessionProfiles.find((p) => p.sessionProfileName === 'signing')!;
  const one = await ds.sessionProfile.promise({ sessionProfileId: signing.sessionProfileId });
  expect([one.sessionProfile.scope, one.sessionProfile.expirationSeconds]).toEqual(["activity.action == 'SIGN'", '300']);
});

test('an API key and a user’s MFA policies', async () => {
  const dump = h.emulator.store.dump() as { apiKeys: Array<{ apiKeyId: string; apiKeyName: string; userId: string }> };
  const alice = dump.apiKeys.find((k) => k.apiKeyName === 'alice laptop')!;
  const key = await ds.apiKey.promise({ apiKeyId: alice.apiKeyId });
  expect([key.apiKey.apiKeyName, key.apiKey.credential.publicKey]).toEqual([
    'alice laptop',
    '02a6cf8e57b18145d85481fb21422e13d18e492bdaf5b1c97278497b5a6bb1de5c',
  ]);
  const mfa = await ds.mfaPolicies.promise({ userId: alice.userId });
  expect([mfa.userId, mfa.mfaPolicies.map((p) => [p.mfaPolicyName, p.order])]).toEqual([
    alice.userId,
    [
      ['email OTP for exports', 0],
      ['passkey or SMS for policy changes', 1],
    ],
  ]);
});

test('policies, with expressions parsed', async () => {
  const { policies } = await ds.policies.promise({ parseExpressions: true });
  const seeded = policies.find((p) => p.policyName === 'Seed: no exports')!;
  expect(seeded.parsed).toEqual({
    condition: {
      kind: 'binary',
      op: '==',
      left: { kind: 'field', target: { kind: 'ident', name: 'activity' }, name: 'action' },
      right: { kind: 'string', value: 'EXPORT' },
    },
  });
  const byName = await ds.policy.promise({ policyName: 'Seed: no exports' });
  expect([byName.policy.policyId, byName.policy.parsed]).toEqual([seeded.policyId, undefined]);
  const byId = await ds.policy.promise({ policyId: seeded.policyId, parseExpressions: true });
  expect(byId.policy).toEqual(seeded);
});

test('policy lookups that cannot answer', async () => {
  expect(await failure(ds.policy.promise({ policyName: 'nope' }))).toEqual({
    code: 'NOT_FOUND',
    message: `getPolicy: organization ${org} has no policy named "nope"`,
  });
  expect(await failure(ds.policy.promise({}))).toEqual({
    code: 'INVALID_REQUEST',
    message: 'invalid request for getPolicy: policyId: set exactly one of policyId or policyName',
  });
  expect(await failure(ds.wallets.promise({ walletName: 'x' } as never))).toEqual({
    code: 'INVALID_REQUEST',
    message: 'invalid request for getWallets: walletName: is not an argument of getWallets; known: profile, organizationId',
  });
});

test('sub-organizations: one page, every page, a filter', async () => {
  const all = await ds.subOrganizations.promise({ all: true });
  expect(all.organizationIds.length).toBe(2);
  const page = await ds.subOrganizations.promise({ paginationOptions: { limit: '1' } });
  expect(page.organizationIds).toEqual([all.organizationIds[0]]);
  const named = await ds.subOrganizations.promise({ filterType: 'NAME', filterValue: 'Customer 1002' });
  expect(named.organizationIds.length).toBe(1);
  expect(await failure(ds.subOrganizations.promise({ all: true, maxItems: 1 }))).toEqual({
    code: 'INVALID_REQUEST',
    message: 'getSubOrganizations: invalid request for collectAll: max: more than 1 items; raise max or narrow the query',
  });
});

test('Solana transaction history: one page and every page', async () => {
  const address = 'GpAN18bdsLw4DivyMvMu8gtXjDsbrzT28JKKLqyAyi6C';
  const all = await ds.solTransactionHistory.promise({ address, caip2: 'solana:mainnet', all: true });
  const page = await ds.solTransactionHistory.promise({ address, caip2: 'solana:mainnet', paginationOptions: { limit: '2' } });
  expect(all.transactions.length).toBeGreaterThan(2);
  expect(page.transactions.map((t) => t.signature)).toEqual(all.transactions.slice(0, 2).map((t) => t.signature));
  expect(page.pageInfo?.hasNextPage).toBe(true);
  expect(all.transactions[0]!.signature).toBe('3MfXg4NF9UWgW69a8v54CXTranfV6daSovFRULQ9GsFhFVburpC6pRAyhMNti7Zdqcsqrsg11Gh8KSHu99XoC1Wk');
});

test('webhook endpoints and fiat credentials; the credential’s encrypted keys are secret', async () => {
  await h.client.createWebhookEndpoint({ url: 'https://hooks.example.com/ds', name: 'ds' });
  const ciphertext = encryptOnRampSecret('sk_ds', h.emulator.onRampEncryptionPublicKey);
  await h.client.createFiatOnRampCredential({
    onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
    publishableApiKey: 'pk_ds',
    encryptedSecretApiKey: ciphertext,
  });
  const hooks = await ds.webhookEndpoints.promise();
  expect(hooks.webhookEndpoints.map((e) => [e.url, e.name, e.isActive])).toEqual([['https://hooks.example.com/ds', 'ds', true]]);
  const {
    fiatOnRampCredentials: [credential],
  } = await ds.fiatOnRampCredentials.promise();
  expect([credential!.publishableApiKey, credential!.encryptedPrivateApiKey]).toEqual(['pk_ds', undefined]);
  expect(await settle(credential!.encryptedSecretApiKey)).toEqual({ value: ciphertext, secret: true });
  const viaOutput = await settle(ds.fiatOnRampCredentials.output());
  expect(viaOutput.secret).toBe(true);
  expect(
    (viaOutput.value as { fiatOnRampCredentials: Array<{ encryptedSecretApiKey: string }> }).fiatOnRampCredentials[0]!
      .encryptedSecretApiKey,
  ).toBe(ciphertext);
  const keys = JSON.parse(h.emulator.store.getMeta('emulatorKeys') as string) as { onRampEncryption: { privateKey: string } };
  expect(Buffer.from(decryptCredentialBundle(ciphertext, keys.onRampEncryption.privateKey), 'hex').toString('utf8')).toBe('sk_ds');
});

test('the wallet-kit configuration and the webhook JWKS need no API key', async () => {
  const noKeys = createContext({
    config: (k) => (k === 'walletinfra:apiPrivateKey' || k === 'walletinfra:apiPublicKey' ? undefined : h.config[k]),
    env: {},
  });
  const publicOnly = createDataSources(() => noKeys);
  const kit = await publicOnly.walletKitConfig.promise();
  expect([kit.enabledProviders, kit.sessionExpirationSeconds, kit.organizationId]).toEqual([['email', 'passkey', 'google'], '900', org]);
  const jwks = await publicOnly.webhookJwks.promise();
  expect(jwks.keys.map((k) => [k.kty, k.crv, k.alg, k.use])).toEqual([['OKP', 'Ed25519', 'EdDSA', 'sig']]);
  expect(await failure(publicOnly.wallets.promise())).toEqual({
    code: 'INVALID_CONFIGURATION',
    message:
      'getWallets: missing walletinfra settings for the default credentials: apiPublicKey (looked in stack config walletinfra:apiPublicKey, environment variable WALLETINFRA_API_PUBLIC_KEY, environment variable TURNKEY_API_PUBLIC_KEY); ' +
      'apiPrivateKey (looked in stack config walletinfra:apiPrivateKey, environment variable WALLETINFRA_API_PRIVATE_KEY, environment variable TURNKEY_API_PRIVATE_KEY); ' +
      'set them with `pulumi config set walletinfra:<key> <value>` (add --secret for apiPrivateKey) or in the environment',
  });
  await noKeys.close();
});

test('Output forms wait for Input arguments', async () => {
  const profileId = (await ds.sessionProfiles.promise()).sessionProfiles[0]!.sessionProfileId;
  const result = await settle(ds.sessionProfile.output({ sessionProfileId: pulumi.output(Promise.resolve(profileId)) }));
  expect((result.value as { sessionProfile: { sessionProfileId: string } }).sessionProfile.sessionProfileId).toBe(profileId);
  expect(result.secret).toBe(false);
});

test('another organization through organizationId (a sub-organization read with the parent key)', async () => {
  const [child] = (await ds.subOrganizations.promise({ filterType: 'NAME', filterValue: 'Customer 1001' })).organizationIds;
  const wallets = await ds.wallets.promise({ organizationId: child! });
  expect([wallets.organizationId, wallets.wallets.map((w) => w.walletName)]).toEqual([child, ['Customer 1001 wallet']]);
});

test('users (with their keys, passkeys and tag ids, and whether each is a root user), user tags with members, the root quorum', async () => {
  const all = await ds.users.promise();
  const byName = Object.fromEntries(all.users.map((u) => [u.userName, u]));
  expect(Object.keys(byName).sort()).toEqual(['alice', 'bob', 'root']);
  expect([byName.root?.rootUser, byName.alice?.rootUser]).toEqual([true, false]);
  expect(byName.alice?.apiKeys.map((k) => k.apiKeyName)).toEqual(['alice laptop']);
  expect((await ds.users.promise({ userName: 'bob' })).users.map((u) => [u.userName, u.userPhoneNumber])).toEqual([
    ['bob', '+14155550123'],
  ]);
  const tags = await ds.userTags.promise();
  expect(tags.userTags.map((t) => [t.userTagName, t.userIds]).sort()).toEqual([
    ['approvers', [byName.alice?.userId, byName.bob?.userId].sort()],
    ['operations', [byName.bob?.userId]],
  ]);
  expect(await ds.rootQuorum.promise()).toEqual({ organizationId: org, threshold: 1, userIds: [byName.root?.userId] });
  expect(await settle(ds.rootQuorum.output({}))).toEqual({
    value: { organizationId: org, threshold: 1, userIds: [byName.root?.userId] },
    secret: false,
  });
  expect(await failure(ds.users.promise({ userNames: ['alice'] } as never))).toEqual({
    code: 'INVALID_REQUEST',
    message: 'invalid request for getUsers: userNames: is not an argument of getUsers; known: userName, profile, organizationId',
  });
});
