// Bad input: a table of malformed requests for every endpoint — wrong types, missing
// fields, bad enums, bad JSON, huge bodies, unknown ids — each answered with the right 4xx in the service's
// error shape, and the state unchanged afterwards.
import { expect } from '@jest/globals';
import { earlierSubmitVersions, operations } from '@walletinfra/sdk';
import type { RunningEmulator } from '@walletinfra/emulator';
import { join } from 'node:path';
import { adminHeaders, envelope, FIXED_NOW, manualClock, post, serviceError, stampedPost, startTestEmulator } from '../../support/emulator';

const SEED = join(__dirname, '..', '..', '..', 'emulator', 'seeds', 'example.json');
const UNKNOWN = '00000000-0000-4000-8000-000000000001';
const clock = manualClock();
let emu: RunningEmulator;
let org: string;

beforeAll(async () => {
  emu = await startTestEmulator({ seed: SEED, clock: clock.now });
  org = emu.credentials.organizationId;
});
afterAll(() => emu.close());

const q = (name: string) => `/public/v1/query/${name}`;
const s = (name: string) => `/public/v1/submit/${name}`;
const env = (type: string, parameters: unknown) => envelope(emu, type, parameters, FIXED_NOW);
const invalid = (message: string) => [400, serviceError(3, `invalid request body: ${message}`, 'REQUEST_INVALID')] as const;
const notFound = (message: string) => [404, serviceError(5, message, 'UNSPECIFIED')] as const;

type Case = [string, string, () => unknown, readonly [number, unknown]];

const submitTypes = Object.values(operations).flatMap((o) => (o.kind === 'submit' ? [[o.name, o.activityType] as const] : []));
/** What a wrong `type` is told: the one type, or every version the operation still takes. */
function typeRefusal(name: string, type: string): string {
  const earlier = (earlierSubmitVersions as Partial<Record<string, readonly { activityType: string }[]>>)[name];
  if (earlier === undefined) return `type: must be "${type}"`;
  return `type: must be one of ${[type, ...earlier.map((o) => o.activityType)].join(', ')} (the versions of ${name})`;
}
const queryNames = Object.values(operations).flatMap((o) => (o.kind === 'query' ? [o.name] : []));

/** For every query and submit: bad JSON, a non-object, an unknown field; for submits also a wrong type and missing parameters. */
const generic: Case[] = [
  ...queryNames.flatMap((name): Case[] => [
    [`${name}: bad JSON`, q(name), () => '{"organizationId":', invalid('not valid JSON')],
    [`${name}: array body`, q(name), () => '[]', invalid('expected a JSON object')],
    [
      `${name}: unknown field`,
      q(name),
      () => ({ organizationId: org, bogus: 1 }),
      [400, expect.objectContaining({ code: 3, message: expect.stringContaining('bogus: is not a known field') })],
    ],
    [
      `${name}: organizationId of the wrong type`,
      q(name),
      () => ({ organizationId: 7 }),
      [400, serviceError(3, 'invalid request body: organizationId: must be a string', 'INVALID_ORGANIZATION_ID')],
    ],
  ]),
  ...submitTypes.flatMap(([name, type]): Case[] => [
    [`${name}: bad JSON`, s(name), () => '{"type":', invalid('not valid JSON')],
    [
      `${name}: wrong activity type`,
      s(name),
      () => env('ACTIVITY_TYPE_NOPE', {}),
      [400, expect.objectContaining({ message: expect.stringContaining(typeRefusal(name, type)) })],
    ],
    [
      `${name}: parameters missing`,
      s(name),
      () => ({ type, timestampMs: String(FIXED_NOW), organizationId: org }),
      invalid('parameters: is required'),
    ],
    [
      `${name}: timestampMs a number`,
      s(name),
      () => ({ type, timestampMs: FIXED_NOW, organizationId: org, parameters: {} }),
      [400, expect.objectContaining({ message: expect.stringContaining('timestampMs: must be of type string, got number') })],
    ],
    [
      `${name}: unknown envelope field`,
      s(name),
      () => ({ ...env(type, {}), extra: true }),
      [400, expect.objectContaining({ message: expect.stringContaining('extra: is not a known field') })],
    ],
  ]),
];

const specific: Case[] = [
  // wrong types, missing fields, bad enums
  [
    'create_policy: wrong types and bad enum',
    s('create_policy'),
    () => env('ACTIVITY_TYPE_CREATE_POLICY_V3', { policyName: 1, effect: 'EFFECT_MAYBE' }),
    invalid(
      'parameters.policyName: must be of type string, got number; parameters.effect: must be one of "EFFECT_ALLOW"|"EFFECT_DENY"; parameters.notes: is required',
    ),
  ],
  [
    'create_policy: invalid condition',
    s('create_policy'),
    () =>
      env('ACTIVITY_TYPE_CREATE_POLICY_V3', {
        policyName: 'x',
        effect: 'EFFECT_ALLOW',
        notes: '',
        condition: "activity.resourse == 'WALLET'",
      }),
    [400, expect.objectContaining({ code: 3, message: expect.stringMatching(/^invalid policy condition: 1:\d+: /) })],
  ],
  [
    'create_policy: invalid consensus',
    s('create_policy'),
    () => env('ACTIVITY_TYPE_CREATE_POLICY_V3', { policyName: 'x', effect: 'EFFECT_ALLOW', notes: '', consensus: 'approvers.count() >=' }),
    [400, expect.objectContaining({ code: 3, message: expect.stringMatching(/^invalid policy consensus: 1:\d+: /) })],
  ],
  [
    'create_policy: duplicate name',
    s('create_policy'),
    () => env('ACTIVITY_TYPE_CREATE_POLICY_V3', { policyName: 'Seed: no exports', effect: 'EFFECT_DENY', notes: '' }),
    [400, serviceError(3, 'policy label must be unique', 'REQUEST_INVALID')],
  ],
  [
    'create_policy: empty name',
    s('create_policy'),
    () => env('ACTIVITY_TYPE_CREATE_POLICY_V3', { policyName: ' ', effect: 'EFFECT_DENY', notes: '' }),
    invalid('parameters.policyName: must not be empty'),
  ],
  [
    'update_policy: unknown id',
    s('update_policy'),
    () => env('ACTIVITY_TYPE_UPDATE_POLICY_V2', { policyId: UNKNOWN, policyName: 'x' }),
    notFound(`no policy found with ID ${UNKNOWN}`),
  ],
  [
    'delete_policy: unknown id',
    s('delete_policy'),
    () => env('ACTIVITY_TYPE_DELETE_POLICY', { policyId: UNKNOWN }),
    notFound(`no policy found with ID ${UNKNOWN}`),
  ],
  [
    'get_policy: unknown id',
    q('get_policy'),
    () => ({ organizationId: org, policyId: UNKNOWN }),
    notFound(`no policy found with ID ${UNKNOWN}`),
  ],
  ['get_policy: missing policyId', q('get_policy'), () => ({ organizationId: org }), invalid('policyId: is required')],
  [
    'create_webhook_endpoint: http URL',
    s('create_webhook_endpoint'),
    () => env('ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT', { url: 'http://hooks.example/x', name: 'n' }),
    invalid('parameters.url: must use https, got http'),
  ],
  [
    'create_webhook_endpoint: subscription without eventType',
    s('create_webhook_endpoint'),
    () => env('ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT', { url: 'https://hooks.example/x', name: 'n', subscriptions: [{}] }),
    invalid('parameters.subscriptions[0].eventType: is required'),
  ],
  [
    'create_webhook_endpoint: filtersJson not JSON',
    s('create_webhook_endpoint'),
    () =>
      env('ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT', {
        url: 'https://hooks.example/x',
        name: 'n',
        subscriptions: [{ eventType: 'ACTIVITY_UPDATES', filtersJson: '{' }],
      }),
    invalid('parameters.subscriptions[0].filtersJson: must be a JSON document'),
  ],
  [
    'update_webhook_endpoint: subscriptions cannot be updated',
    s('update_webhook_endpoint'),
    () => env('ACTIVITY_TYPE_UPDATE_WEBHOOK_ENDPOINT', { endpointId: UNKNOWN, subscriptions: [] }),
    invalid('parameters.subscriptions: is not a known field'),
  ],
  [
    'update_webhook_endpoint: isActive a string',
    s('update_webhook_endpoint'),
    () => env('ACTIVITY_TYPE_UPDATE_WEBHOOK_ENDPOINT', { endpointId: UNKNOWN, isActive: 'no' }),
    invalid('parameters.isActive: must be of type boolean, got string'),
  ],
  [
    'update_webhook_endpoint: unknown id',
    s('update_webhook_endpoint'),
    () => env('ACTIVITY_TYPE_UPDATE_WEBHOOK_ENDPOINT', { endpointId: UNKNOWN, name: 'n' }),
    notFound(`no webhook endpoint found with ID ${UNKNOWN}`),
  ],
  [
    'delete_webhook_endpoint: unknown id',
    s('delete_webhook_endpoint'),
    () => env('ACTIVITY_TYPE_DELETE_WEBHOOK_ENDPOINT', { endpointId: UNKNOWN }),
    notFound(`no webhook endpoint found with ID ${UNKNOWN}`),
  ],
  [
    'create_fiat_on_ramp_credential: bad provider',
    s('create_fiat_on_ramp_credential'),
    () =>
      env('ACTIVITY_TYPE_CREATE_FIAT_ON_RAMP_CREDENTIAL', {
        onrampProvider: 'FIAT_ON_RAMP_PROVIDER_X',
        publishableApiKey: 'pk',
        encryptedSecretApiKey: 'x',
      }),
    invalid('parameters.onrampProvider: must be one of "FIAT_ON_RAMP_PROVIDER_COINBASE"|"FIAT_ON_RAMP_PROVIDER_MOONPAY"'),
  ],
  [
    'create_fiat_on_ramp_credential: ciphertext not for our key',
    s('create_fiat_on_ramp_credential'),
    () =>
      env('ACTIVITY_TYPE_CREATE_FIAT_ON_RAMP_CREDENTIAL', {
        onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
        publishableApiKey: 'pk',
        encryptedSecretApiKey: 'sk_live_plaintext_secret',
      }),
    invalid(
      "parameters.encryptedSecretApiKey: could not be decrypted with the on-ramp encryption key (encrypt it to the emulator's key from GET /__admin/onramp-encryption-key)",
    ),
  ],
  [
    'update_fiat_on_ramp_credential: missing keys',
    s('update_fiat_on_ramp_credential'),
    () =>
      env('ACTIVITY_TYPE_UPDATE_FIAT_ON_RAMP_CREDENTIAL', {
        fiatOnrampCredentialId: UNKNOWN,
        onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
      }),
    invalid('parameters.publishableApiKey: is required; parameters.encryptedSecretApiKey: is required'),
  ],
  [
    'delete_fiat_on_ramp_credential: unknown id',
    s('delete_fiat_on_ramp_credential'),
    () => env('ACTIVITY_TYPE_DELETE_FIAT_ON_RAMP_CREDENTIAL', { fiatOnrampCredentialId: UNKNOWN }),
    notFound(`no fiat on-ramp credential found with ID ${UNKNOWN}`),
  ],
  [
    'set_ip_allowlist: wrong types',
    s('set_ip_allowlist'),
    () => env('ACTIVITY_TYPE_SET_IP_ALLOWLIST', { rules: 'x', enabled: 'yes' }),
    invalid('parameters.enabled: must be of type boolean, got string; parameters.rules: must be of type array, got string'),
  ],
  [
    'set_ip_allowlist: invalid CIDR names index and value',
    s('set_ip_allowlist'),
    () => env('ACTIVITY_TYPE_SET_IP_ALLOWLIST', { rules: [{ cidr: '10.0.0.0/24' }, { cidr: '10.0.0.300/24' }] }),
    invalid('parameters.rules[1].cidr: invalid CIDR "10.0.0.300/24"'),
  ],
  [
    'set_ip_allowlist: an IPv4-mapped IPv6 CIDR',
    s('set_ip_allowlist'),
    () => env('ACTIVITY_TYPE_SET_IP_ALLOWLIST', { rules: [{ cidr: '::ffff:1.2.3.4/128' }] }),
    invalid('parameters.rules[0].cidr: "::ffff:1.2.3.4/128" is an IPv4-mapped IPv6 address; write the IPv4 CIDR 1.2.3.4/32 instead'),
  ],
  [
    'set_ip_allowlist: too broad',
    s('set_ip_allowlist'),
    () => env('ACTIVITY_TYPE_SET_IP_ALLOWLIST', { rules: [{ cidr: '10.0.0.0/8' }] }),
    invalid('parameters.rules[0].cidr: "10.0.0.0/8" is broader than the maximum /20 for IPv4'),
  ],
  [
    'set_ip_allowlist: too many IPv4 rules',
    s('set_ip_allowlist'),
    () => env('ACTIVITY_TYPE_SET_IP_ALLOWLIST', { rules: Array.from({ length: 11 }, (_, i) => ({ cidr: `198.51.${i}.0/24` })) }),
    invalid('parameters.rules[10].cidr: "198.51.10.0/24" is IPv4 CIDR number 11: at most 10 IPv4 CIDRs are allowed'),
  ],
  [
    'set_ip_allowlist: enabled with a key scope',
    s('set_ip_allowlist'),
    () => env('ACTIVITY_TYPE_SET_IP_ALLOWLIST', { publicKey: emu.credentials.apiPublicKey, enabled: true }),
    invalid('parameters.enabled: can only be set on the organization-level allowlist (omit publicKey)'),
  ],
  [
    'set_ip_allowlist: unknown key',
    s('set_ip_allowlist'),
    () => env('ACTIVITY_TYPE_SET_IP_ALLOWLIST', { publicKey: '02' + 'ab'.repeat(32), rules: [] }),
    notFound(`no API key found with public key 02${'ab'.repeat(32)} in this organization`),
  ],
  [
    'create_session_profile: missing scope',
    s('create_session_profile'),
    () => env('ACTIVITY_TYPE_CREATE_SESSION_PROFILE', { sessionProfileName: 'x' }),
    invalid('parameters.scope: is required'),
  ],
  [
    'create_session_profile: invalid scope',
    s('create_session_profile'),
    () => env('ACTIVITY_TYPE_CREATE_SESSION_PROFILE', { sessionProfileName: 'x', scope: 'activity.action ==' }),
    [400, expect.objectContaining({ message: expect.stringMatching(/^invalid session profile scope: 1:\d+: /) })],
  ],
  [
    'create_session_profile: expiration not digits',
    s('create_session_profile'),
    () => env('ACTIVITY_TYPE_CREATE_SESSION_PROFILE', { sessionProfileName: 'x', scope: 'true', expirationSeconds: 900 }),
    invalid('parameters.expirationSeconds: must be of type string, got number'),
  ],
  [
    'get_session_profile: unknown id',
    q('get_session_profile'),
    () => ({ organizationId: org, sessionProfileId: UNKNOWN }),
    notFound(`no session profile found with ID ${UNKNOWN}`),
  ],
  [
    'create_private_key_tag: unknown private key',
    s('create_private_key_tag'),
    () => env('ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', { privateKeyTagName: 't', privateKeyIds: [UNKNOWN] }),
    notFound(`no private key found with ID ${UNKNOWN} (parameters.privateKeyIds[0])`),
  ],
  [
    'update_private_key_tag: unknown tag',
    s('update_private_key_tag'),
    () => env('ACTIVITY_TYPE_UPDATE_PRIVATE_KEY_TAG', { privateKeyTagId: UNKNOWN, addPrivateKeyIds: [], removePrivateKeyIds: [] }),
    notFound(`no private key tag found with ID ${UNKNOWN}`),
  ],
  [
    'delete_private_key_tags: unknown tag',
    s('delete_private_key_tags'),
    () => env('ACTIVITY_TYPE_DELETE_PRIVATE_KEY_TAGS', { privateKeyTagIds: [UNKNOWN] }),
    notFound(`no private key tag found with ID ${UNKNOWN}`),
  ],
  [
    'create_private_key_tag: duplicate name',
    s('create_private_key_tag'),
    () => env('ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', { privateKeyTagName: 'cold-storage', privateKeyIds: [] }),
    [400, serviceError(3, 'private key tag name must be unique', 'REQUEST_INVALID')],
  ],
  [
    'create_wallet: unsupported address format',
    s('create_wallet'),
    () =>
      env('ACTIVITY_TYPE_CREATE_WALLET', {
        walletName: 'w',
        accounts: [
          {
            curve: 'CURVE_SECP256K1',
            pathFormat: 'PATH_FORMAT_BIP32',
            path: "m/44'/0'/0'/0/0",
            addressFormat: 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH',
          },
        ],
      }),
    invalid(
      'parameters.accounts[0].addressFormat: ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH is not supported by the emulator (supported: ADDRESS_FORMAT_ETHEREUM, ADDRESS_FORMAT_SOLANA, ADDRESS_FORMAT_COMPRESSED, ADDRESS_FORMAT_UNCOMPRESSED)',
    ),
  ],
  [
    'create_wallet: curve does not fit the format',
    s('create_wallet'),
    () =>
      env('ACTIVITY_TYPE_CREATE_WALLET', {
        walletName: 'w',
        accounts: [
          { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' },
        ],
      }),
    invalid('parameters.accounts[0].curve: ADDRESS_FORMAT_ETHEREUM needs CURVE_SECP256K1'),
  ],
  [
    'create_wallet: duplicate name',
    s('create_wallet'),
    () => env('ACTIVITY_TYPE_CREATE_WALLET', { walletName: 'Treasury', accounts: [] }),
    [400, serviceError(3, 'wallet label must be unique', 'REQUEST_INVALID')],
  ],
  [
    'list_wallet_accounts: unknown wallet',
    q('list_wallet_accounts'),
    () => ({ organizationId: org, walletId: UNKNOWN }),
    notFound(`no wallet found with ID ${UNKNOWN}`),
  ],
  [
    'create_sub_organization: threshold above root users',
    s('create_sub_organization'),
    () =>
      env('ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8', {
        subOrganizationName: 's',
        rootUsers: [{ userName: 'u', apiKeys: [], authenticators: [], oauthProviders: [] }],
        rootQuorumThreshold: 2,
      }),
    invalid('parameters.rootQuorumThreshold: must not exceed the number of root users'),
  ],
  [
    'create_sub_organization: bad API key',
    s('create_sub_organization'),
    () =>
      env('ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8', {
        subOrganizationName: 's',
        rootUsers: [
          {
            userName: 'u',
            apiKeys: [{ apiKeyName: 'k', publicKey: '04abcd', curveType: 'API_KEY_CURVE_P256' }],
            authenticators: [],
            oauthProviders: [],
          },
        ],
        rootQuorumThreshold: 1,
      }),
    invalid('parameters.rootUsers[0].apiKeys[0].publicKey: must be a compressed P-256 public key (66 hex characters)'),
  ],
  [
    'list_suborgs: bad enum and limit',
    q('list_suborgs'),
    () => ({ organizationId: org, filterType: 'FOO', filterValue: 'x', paginationOptions: { limit: '0' } }),
    invalid(
      'filterType: must be one of "CREDENTIAL_ID"|"NAME"|"USERNAME"|"EMAIL"|"PHONE_NUMBER"|"OIDC_TOKEN"|"WALLET_ACCOUNT_ADDRESS"|"PUBLIC_KEY"; paginationOptions.limit: must be a string of decimal digits from 1 to 100',
    ),
  ],
  [
    'list_suborgs: filterType without value',
    q('list_suborgs'),
    () => ({ organizationId: org, filterType: 'NAME' }),
    invalid('filterType and filterValue must be given together'),
  ],
  [
    'list_suborgs: unknown cursor',
    q('list_suborgs'),
    () => ({ organizationId: org, paginationOptions: { after: UNKNOWN } }),
    invalid(`paginationOptions.after: no sub-organization with ID ${UNKNOWN}`),
  ],
  [
    'list_sol_transaction_history: bad caip2',
    q('list_sol_transaction_history'),
    () => ({ organizationId: org, address: 'x', caip2: 'eip155:1' }),
    invalid(
      'caip2: must be one of "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"|"solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"|"solana:mainnet"|"solana:devnet"',
    ),
  ],
  [
    'list_sol_transaction_history: not a wallet account',
    q('list_sol_transaction_history'),
    () => ({ organizationId: org, address: '7fJetE3nA8tioqVP8NupZt7TMLby7K8huA4GfEgxa7J1', caip2: 'solana:mainnet' }),
    notFound('no wallet account found with address 7fJetE3nA8tioqVP8NupZt7TMLby7K8huA4GfEgxa7J1 (private-key addresses are not supported)'),
  ],
  [
    'list_sol_transaction_history: foreign cursor',
    q('list_sol_transaction_history'),
    () => ({
      organizationId: org,
      address: 'GpAN18bdsLw4DivyMvMu8gtXjDsbrzT28JKKLqyAyi6C',
      caip2: 'solana:mainnet',
      paginationOptions: { after: Buffer.from(JSON.stringify({ a: 'other', n: 'x', s: 'y' })).toString('base64url') },
    }),
    invalid('paginationOptions.after: cursor belongs to a different address or network'),
  ],
  [
    'get_api_key: unknown id',
    q('get_api_key'),
    () => ({ organizationId: org, apiKeyId: UNKNOWN }),
    notFound(`no API key found with ID ${UNKNOWN}`),
  ],
  [
    'get_mfa_policies: unknown user',
    q('get_mfa_policies'),
    () => ({ organizationId: org, userId: UNKNOWN }),
    notFound(`no user found with ID ${UNKNOWN}`),
  ],
  [
    'get_activity: unknown id',
    q('get_activity'),
    () => ({ organizationId: org, activityId: UNKNOWN }),
    notFound(`no activity found with ID ${UNKNOWN}`),
  ],
  [
    'get_policy_evaluations: unknown id',
    q('get_policy_evaluations'),
    () => ({ organizationId: org, activityId: UNKNOWN }),
    notFound(`no activity found with ID ${UNKNOWN}`),
  ],
  [
    'list_activities: bad status',
    q('list_activities'),
    () => ({ organizationId: org, filterByStatus: ['DONE'] }),
    [400, expect.objectContaining({ message: expect.stringContaining('filterByStatus[0]: must be one of') })],
  ],
  [
    'init_import_secrets: wrong types',
    s('init_import_secrets'),
    () => env('ACTIVITY_TYPE_INIT_IMPORT_SECRETS', { encryptionSuite: 'X', numSecrets: '2' }),
    invalid(
      'parameters.encryptionSuite: must be "TRANSPORT_ENCRYPTION_SUITE_ENCLAVE_ENCRYPT_V1"; parameters.numSecrets: must be of type number, got string',
    ),
  ],
  [
    'init_import_secrets: too many',
    s('init_import_secrets'),
    () => env('ACTIVITY_TYPE_INIT_IMPORT_SECRETS', { encryptionSuite: 'TRANSPORT_ENCRYPTION_SUITE_ENCLAVE_ENCRYPT_V1', numSecrets: 101 }),
    invalid('parameters.numSecrets: must be at most 100'),
  ],
  [
    'earn_deposit: unknown wrapper',
    s('earn_deposit'),
    () =>
      env('ACTIVITY_TYPE_EARN_DEPOSIT', {
        wrapperAddress: '0x' + '1'.repeat(40),
        signWith: '0x1715c2A2315e2Abb651258805F11645c014aA3db',
        assets: '1',
        chainCaip2: 'eip155:1',
      }),
    invalid('parameters.wrapperAddress: is not a deployed Earn wrapper of this organization on eip155:1'),
  ],
  [
    'earn_deposit: wrapper on another chain',
    s('earn_deposit'),
    () =>
      env('ACTIVITY_TYPE_EARN_DEPOSIT', {
        wrapperAddress: '0xD264dbC2C0c6e1aBC70907308abc5C6Da43FA204',
        signWith: '0x1715c2A2315e2Abb651258805F11645c014aA3db',
        assets: '1',
        chainCaip2: 'eip155:8453',
      }),
    invalid('parameters.wrapperAddress: is not a deployed Earn wrapper of this organization on eip155:8453'),
  ],
  [
    'earn_deposit: bad chain and decimal assets',
    s('earn_deposit'),
    () =>
      env('ACTIVITY_TYPE_EARN_DEPOSIT', {
        wrapperAddress: '0xD264dbC2C0c6e1aBC70907308abc5C6Da43FA204',
        signWith: 'x',
        assets: '1.5',
        chainCaip2: 'eip155:10',
      }),
    invalid(
      'parameters.assets: must be a string of decimal digits; parameters.chainCaip2: must be one of "eip155:1"|"eip155:8453"|"eip155:42161"|"eip155:137"|"eip155:56"|"eip155:4217"',
    ),
  ],
  [
    'earn_withdraw: signWith not an account',
    s('earn_withdraw'),
    () =>
      env('ACTIVITY_TYPE_EARN_WITHDRAW', {
        wrapperAddress: '0xD264dbC2C0c6e1aBC70907308abc5C6Da43FA204',
        signWith: 'GpAN18bdsLw4DivyMvMu8gtXjDsbrzT28JKKLqyAyi6C',
        amountValue: 'MAX',
        chainCaip2: 'eip155:1',
      }),
    invalid(
      'parameters.signWith: must be an Ethereum wallet-account address of this organization (private-key identifiers are not supported)',
    ),
  ],
  [
    'earn_withdraw: zero amount',
    s('earn_withdraw'),
    () =>
      env('ACTIVITY_TYPE_EARN_WITHDRAW', {
        wrapperAddress: '0xD264dbC2C0c6e1aBC70907308abc5C6Da43FA204',
        signWith: '0x1715c2A2315e2Abb651258805F11645c014aA3db',
        amountValue: '0',
        chainCaip2: 'eip155:1',
      }),
    invalid("parameters.amountValue: must be greater than zero or 'MAX'"),
  ],
  [
    'approve_activity: unknown fingerprint',
    s('approve_activity'),
    () => env('ACTIVITY_TYPE_APPROVE_ACTIVITY', { fingerprint: 'sha256:ff' }),
    notFound('No activity found with fingerprint. Consensus activities must target an existing activity by fingerprint'),
  ],
  [
    'reject_activity: missing fingerprint',
    s('reject_activity'),
    () => env('ACTIVITY_TYPE_REJECT_ACTIVITY', {}),
    invalid('parameters.fingerprint: is required'),
  ],
];

test.each([...generic, ...specific])('%s', async (_name, path, body, [status, json]) => {
  const before = emu.store.dump();
  const res = await stampedPost(emu, path, body());
  expect([res.status, res.json]).toEqual([status, json]);
  expect(emu.store.dump()).toEqual(before);
});

describe('outside the operation table', () => {
  test('a body over 1 MiB: 413 before anything is read', async () => {
    const before = emu.store.dump();
    const huge = JSON.stringify(
      env('ACTIVITY_TYPE_CREATE_POLICY_V3', { policyName: 'x'.repeat(1024 * 1024), effect: 'EFFECT_ALLOW', notes: '' }),
    );
    const res = await stampedPost(emu, s('create_policy'), huge);
    expect([res.status, res.json]).toEqual([413, serviceError(3, 'request body too large: the limit is 1048576 bytes', 'REQUEST_INVALID')]);
    expect(emu.store.dump()).toEqual(before);
  });

  test('unknown path: 404; wrong method: 405', async () => {
    expect(await stampedPost(emu, q('get_nothing'), { organizationId: org })).toMatchObject({
      status: 404,
      json: serviceError(5, 'unknown operation: /public/v1/query/get_nothing', 'UNSPECIFIED'),
    });
    const get = await fetch(`${emu.baseUrl}${q('list_policies')}`);
    expect([get.status, get.headers.get('allow'), await get.json()]).toEqual([
      405,
      'POST',
      serviceError(12, 'method GET is not allowed on /public/v1/query/list_policies; use POST', 'UNSPECIFIED'),
    ]);
    const jwks = await post(`${emu.baseUrl}/public/v1/discovery/webhooks/jwks`, '{}');
    expect(jwks.status).toBe(405);
  });

  test.each([
    ['bad JSON', '{', invalid('not valid JSON')],
    ['unknown field', '{"x":1}', invalid('x: is not a known field')],
  ])('auth proxy wallet_kit_config: %s', async (_name, body, [status, json]) => {
    const res = await post(`${emu.authProxyUrl}/v1/wallet_kit_config`, body, {
      'X-Auth-Proxy-Config-Id': emu.credentials.authProxyConfigId,
    });
    expect([res.status, res.json]).toEqual([status, json]);
  });

  test.each([
    [
      'bad otpType',
      { otpType: 'OTP_TYPE_PIGEON', contact: 'a@b.example' },
      invalid('otpType: must be one of "OTP_TYPE_EMAIL"|"OTP_TYPE_SMS"|"OTP_TYPE_WHATSAPP"'),
    ],
    ['missing contact', { otpType: 'OTP_TYPE_EMAIL' }, invalid('contact: is required')],
    [
      'email that is not one',
      { otpType: 'OTP_TYPE_EMAIL', contact: 'nobody' },
      [400, serviceError(3, 'invalid request body: contact: must be an email address for OTP_TYPE_EMAIL', 'INVALID_EMAIL')],
    ],
    [
      'phone that is not E.164',
      { otpType: 'OTP_TYPE_SMS', contact: '555-1234' },
      invalid('contact: must be a phone number in E.164 format for OTP_TYPE_SMS'),
    ],
  ])('auth proxy otp_init_v2: %s', async (_name, body, [status, json]) => {
    const before = emu.store.dump();
    const res = await post(`${emu.authProxyUrl}/v1/otp_init_v2`, JSON.stringify(body), {
      'X-Auth-Proxy-Config-Id': emu.credentials.authProxyConfigId,
    });
    expect([res.status, res.json]).toEqual([status, json]);
    expect(emu.store.dump()).toEqual(before);
  });

  test('CORS: preflights are answered on the API and the proxy, never on admin endpoints', async () => {
    for (const url of [`${emu.baseUrl}${q('list_policies')}`, `${emu.authProxyUrl}/v1/otp_init_v2`]) {
      const res = await fetch(url, { method: 'OPTIONS' });
      expect([res.status, res.headers.get('access-control-allow-origin'), res.headers.get('access-control-allow-headers')]).toEqual([
        204,
        '*',
        'Content-Type, X-Stamp, X-Stamp-Webauthn, X-Client-Version, X-Auth-Proxy-Config-Id, X-Captcha-Token',
      ]);
    }
    expect((await stampedPost(emu, q('list_policies'), { organizationId: org })).headers.get('access-control-allow-origin')).toBe('*');
    const adminRes = await fetch(`${emu.adminUrl}/health`, { headers: adminHeaders(emu) });
    expect(adminRes.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('admin endpoints refuse bad input the same way', async () => {
    const res = await fetch(`${emu.adminUrl}/organizations/${org}/settings`, {
      method: 'POST',
      headers: adminHeaders(emu),
      body: JSON.stringify({ requiredApprovals: 5 }),
    });
    expect([res.status, await res.json()]).toEqual([
      400,
      serviceError(3, 'invalid request body: requiredApprovals must be at most the number of root users (1), got 5', 'REQUEST_INVALID'),
    ]);
    const seed = await fetch(`${emu.adminUrl}/seed`, {
      method: 'POST',
      headers: adminHeaders(emu),
      body: JSON.stringify({ wallets: [{ walletName: 'w', accounts: 'none' }] }),
    });
    expect([seed.status, await seed.json()]).toEqual([
      400,
      serviceError(3, 'invalid request body: seed.wallets[0].accounts must be an array, got "none"', 'REQUEST_INVALID'),
    ]);
    const unknown = await fetch(`${emu.adminUrl}/nothing`, { headers: adminHeaders(emu) });
    expect(unknown.status).toBe(404);
  });
});
