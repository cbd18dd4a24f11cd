// `check` of each resource: a table of invalid inputs with the expected property and reason, unknown
// values at preview, and the normal form `check` hands to the engine.
import { createRuntime, type Runtime } from '@walletinfra/pulumi/runtime/providers';
import { UNKNOWN } from '@walletinfra/pulumi/wire';

const ORG = 'org-default';
let rt: Runtime;
beforeAll(() => {
  const config: Record<string, string> = {
    'walletinfra:profiles': JSON.stringify({ child: { organizationId: 'org-child' } }),
    // check's own failures only: the linter's warnings are tested in tests/integration/provider/policy-preview-dependencies.test.ts
    'walletinfra:policyLint': 'off',
  };
  rt = createRuntime({ config: (k) => config[k], env: { WALLETINFRA_ORGANIZATION_ID: ORG } });
});

type Kind = 'policy' | 'webhookEndpoint' | 'fiatOnRampCredential';
const POLICY = { policyName: 'allow-treasury', effect: 'EFFECT_ALLOW' };
const HOOK = { url: 'https://hooks.example.com/walletinfra', name: 'ops' };
const FIAT = { onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE', publishableApiKey: 'pk_live_1', secretApiKey: 'sk_live_1' };

const invalid: Array<[string, Kind, Record<string, unknown>, Array<{ property: string; reason: string }>]> = [
  [
    'policy without name and effect',
    'policy',
    {},
    [
      { property: 'policyName', reason: 'required' },
      { property: 'effect', reason: 'required' },
    ],
  ],
  ['policy with a blank name', 'policy', { ...POLICY, policyName: '  ' }, [{ property: 'policyName', reason: 'must not be empty' }]],
  [
    'policy with an unknown effect',
    'policy',
    { ...POLICY, effect: 'EFFECT_MAYBE' },
    [{ property: 'effect', reason: 'must be one of EFFECT_ALLOW, EFFECT_DENY, got string "EFFECT_MAYBE"' }],
  ],
  [
    'policy with non-string fields',
    'policy',
    { ...POLICY, condition: 5, notes: true },
    [
      { property: 'condition', reason: 'must be a string, got number 5' },
      { property: 'notes', reason: 'must be a string, got boolean true' },
    ],
  ],
  [
    'policy with a misspelled field',
    'policy',
    { ...POLICY, condition: "activity.resourse == 'WALLET'" },
    [{ property: 'condition', reason: "unknown field 'resourse' of Activity; did you mean 'activity.resource'? (line 1, column 10)" }],
  ],
  [
    'policy with a syntax error in consensus',
    'policy',
    { ...POLICY, consensus: 'approvers.count() >= 2 &&' },
    [{ property: 'consensus', reason: "expected an expression after '&&', found the end of the input (line 1, column 26)" }],
  ],
  [
    'policy with a type error in consensus',
    'policy',
    { ...POLICY, consensus: "approvers.count() >= 'two'" },
    [{ property: 'consensus', reason: 'cannot compare int with string (line 1, column 19)' }],
  ],
  [
    'policy with an unknown property',
    'policy',
    { ...POLICY, policy_name: 'x' },
    [
      {
        property: 'policy_name',
        reason: 'unknown property; known properties: policyName, effect, condition, consensus, notes, time, organizationId, profile, adopt',
      },
    ],
  ],
  [
    'policy adopting two ways',
    'policy',
    { ...POLICY, adopt: { id: 'p-1', byName: true } },
    [{ property: 'adopt', reason: 'set exactly one of: id, byName' }],
  ],
  [
    'policy adopting by an unknown key',
    'policy',
    { ...POLICY, adopt: { name: 'x' } },
    [{ property: 'adopt', reason: 'unknown key "name"; use one of: id, byName' }],
  ],
  [
    'policy adopting an empty id',
    'policy',
    { ...POLICY, adopt: { id: '' } },
    [{ property: 'adopt', reason: 'id must be a non-empty string' }],
  ],
  [
    'policy with an empty organizationId',
    'policy',
    { ...POLICY, organizationId: ' ' },
    [{ property: 'organizationId', reason: 'must not be empty; omit it to use the configured organization' }],
  ],
  [
    'policy with an unconfigured profile',
    'policy',
    { ...POLICY, profile: 'eu' },
    [
      {
        property: 'profile',
        reason:
          'missing walletinfra settings for profile "eu": organizationId (looked in stack config walletinfra:profiles.eu.organizationId, environment variable WALLETINFRA_PROFILE_EU_ORGANIZATION_ID); ' +
          "add them to `walletinfra:profiles` (pulumi config set --secret --path 'walletinfra:profiles.eu.<key>' <value>) or to the environment",
      },
    ],
  ],
  [
    'policy with a malformed profile name',
    'policy',
    { ...POLICY, profile: 'e u' },
    [{ property: 'profile', reason: 'must be a profile name (letters, digits, "-" and "_")' }],
  ],
  [
    'webhook over http',
    'webhookEndpoint',
    { ...HOOK, url: 'http://hooks.example.com' },
    [{ property: 'url', reason: 'must use https, got http' }],
  ],
  [
    'webhook with credentials in the url',
    'webhookEndpoint',
    { ...HOOK, url: 'https://user:hunter2@hooks.example.com' },
    [{ property: 'url', reason: 'must not contain credentials (user info)' }],
  ],
  [
    'webhook to a private address',
    'webhookEndpoint',
    { ...HOOK, url: 'https://10.1.2.3/h' },
    [{ property: 'url', reason: 'must not point to a private address' }],
  ],
  [
    'webhook to localhost',
    'webhookEndpoint',
    { ...HOOK, url: 'https://localhost:8443/h' },
    [
      {
        property: 'url',
        reason:
          'must not point to a loopback address; to accept loopback receivers, set walletinfra:allowLoopbackWebhookUrls to true (local emulator only; env WALLETINFRA_ALLOW_LOOPBACK_WEBHOOK_URLS)',
      },
    ],
  ],
  [
    'webhook to IPv6 loopback',
    'webhookEndpoint',
    { ...HOOK, url: 'https://[::1]/h' },
    [
      {
        property: 'url',
        reason:
          'must not point to a loopback address; to accept loopback receivers, set walletinfra:allowLoopbackWebhookUrls to true (local emulator only; env WALLETINFRA_ALLOW_LOOPBACK_WEBHOOK_URLS)',
      },
    ],
  ],
  [
    'webhook to the metadata address',
    'webhookEndpoint',
    { ...HOOK, url: 'https://169.254.169.254/latest' },
    [{ property: 'url', reason: 'must not point to a cloud metadata address' }],
  ],
  [
    'webhook with a relative url',
    'webhookEndpoint',
    { ...HOOK, url: '/hooks' },
    [{ property: 'url', reason: 'must be an absolute URL such as https://hooks.example.com/walletinfra' }],
  ],
  ['webhook without a name', 'webhookEndpoint', { url: HOOK.url, name: '' }, [{ property: 'name', reason: 'must not be empty' }]],
  [
    'webhook with a non-boolean isActive',
    'webhookEndpoint',
    { ...HOOK, isActive: 'yes' },
    [{ property: 'isActive', reason: 'must be a boolean, got string "yes"' }],
  ],
  [
    'webhook subscriptions not a list',
    'webhookEndpoint',
    { ...HOOK, subscriptions: 'all' },
    [{ property: 'subscriptions', reason: 'must be a list of subscriptions, got string "all"' }],
  ],
  [
    'webhook subscription problems',
    'webhookEndpoint',
    {
      ...HOOK,
      subscriptions: [
        { eventType: 'ACTIVITY_UPDATE' },
        { eventType: 'ACTIVITY_UPDATES', filtersJson: '{' },
        { eventType: 'ACTIVITY_UPDATES', x: 1 },
      ],
    },
    [
      {
        property: 'subscriptions',
        reason:
          'subscriptions[0].eventType "ACTIVITY_UPDATE" is not a documented event type; use one of ACTIVITY_UPDATES, BALANCE_CONFIRMED_UPDATES, BALANCE_FINALIZED_UPDATES, SEND_TRANSACTION_STATUS_UPDATES; ' +
          'subscriptions[1].filtersJson must be valid JSON; subscriptions[2] has unknown key "x"; known keys: eventType, filtersJson, isActive',
      },
    ],
  ],
  [
    'webhook with no subscriptions',
    'webhookEndpoint',
    { ...HOOK, subscriptions: [] },
    [
      {
        property: 'subscriptions',
        reason:
          'is empty, so the endpoint would receive no events: subscribe to at least one event type, e.g. [{ eventType: "ACTIVITY_UPDATES" }] ' +
          '(event types: ACTIVITY_UPDATES, BALANCE_CONFIRMED_UPDATES, BALANCE_FINALIZED_UPDATES, SEND_TRANSACTION_STATUS_UPDATES)',
      },
    ],
  ],
  [
    'webhook duplicate subscriptions',
    'webhookEndpoint',
    {
      ...HOOK,
      subscriptions: [
        { eventType: 'ACTIVITY_UPDATES', filtersJson: '{"a":1,"b":2}' },
        { eventType: 'ACTIVITY_UPDATES', filtersJson: '{"b":2, "a":1}', isActive: true },
      ],
    },
    [{ property: 'subscriptions', reason: 'subscriptions[1] repeats subscriptions[0]' }],
  ],
  [
    'webhook subscription without an event type',
    'webhookEndpoint',
    { ...HOOK, subscriptions: [{ isActive: false }] },
    [{ property: 'subscriptions', reason: 'subscriptions[0].eventType: required' }],
  ],
  [
    'fiat with an unknown provider',
    'fiatOnRampCredential',
    { ...FIAT, onrampProvider: 'FIAT_ON_RAMP_PROVIDER_X' },
    [
      {
        property: 'onrampProvider',
        reason: 'must be one of FIAT_ON_RAMP_PROVIDER_COINBASE, FIAT_ON_RAMP_PROVIDER_MOONPAY, got string "FIAT_ON_RAMP_PROVIDER_X"',
      },
    ],
  ],
  [
    'fiat without a provider or publishable key',
    'fiatOnRampCredential',
    { secretApiKey: 'sk_live_1' },
    [
      { property: 'publishableApiKey', reason: 'required' },
      { property: 'onrampProvider', reason: 'required' },
    ],
  ],
  [
    'fiat without a secret',
    'fiatOnRampCredential',
    { ...FIAT, secretApiKey: undefined },
    [{ property: 'secretApiKey', reason: 'required: set secretApiKey (plain text, kept as a Pulumi secret) or encryptedSecretApiKey' }],
  ],
  [
    'fiat with both forms of the secret',
    'fiatOnRampCredential',
    { ...FIAT, encryptedSecretApiKey: 'ciphertext' },
    [{ property: 'secretApiKey', reason: 'set either secretApiKey or encryptedSecretApiKey, not both' }],
  ],
  [
    'fiat with both forms of the private key',
    'fiatOnRampCredential',
    { ...FIAT, privateApiKey: 'pk', encryptedPrivateApiKey: 'c' },
    [{ property: 'privateApiKey', reason: 'set either privateApiKey or encryptedPrivateApiKey, not both' }],
  ],
  [
    'fiat secrets of the wrong type never echo the value',
    'fiatOnRampCredential',
    { ...FIAT, secretApiKey: 12345, privateApiKey: '' },
    [
      { property: 'secretApiKey', reason: 'must be a string' },
      { property: 'privateApiKey', reason: 'must not be empty' },
    ],
  ],
  [
    'fiat with a non-boolean sandboxMode',
    'fiatOnRampCredential',
    { ...FIAT, sandboxMode: 'no' },
    [{ property: 'sandboxMode', reason: 'must be a boolean, got string "no"' }],
  ],
  [
    'fiat adopting by an unknown flag',
    'fiatOnRampCredential',
    { ...FIAT, adopt: { byName: true } },
    [{ property: 'adopt', reason: 'unknown key "byName"; use one of: id, byPublishableApiKey' }],
  ],
];

describe('check rejects', () => {
  test.each(invalid)('%s', async (_name, kind, news, failures) => {
    const result = await rt[kind].check({}, news);
    expect(result.failures).toEqual(failures);
  });
});

describe('check accepts', () => {
  test('a policy, filling the normal form and the organization', async () => {
    expect(await rt.policy.check({}, { ...POLICY, condition: "activity.resource == 'WALLET'", __provider: 'code' })).toEqual({
      inputs: {
        ...POLICY,
        condition: "activity.resource == 'WALLET'",
        consensus: '',
        notes: '',
        time: '',
        organizationId: ORG,
        __provider: 'code',
      },
    });
  });

  test('a policy in a profile or another organization', async () => {
    expect((await rt.policy.check({}, { ...POLICY, profile: 'child' })).inputs).toMatchObject({
      organizationId: 'org-child',
      profile: 'child',
    });
    expect((await rt.policy.check({}, { ...POLICY, organizationId: 'sub-1' })).inputs).toMatchObject({ organizationId: 'sub-1' });
  });

  test('a webhook endpoint: subscriptions sorted, defaults filled, filter JSON canonical', async () => {
    const news = {
      ...HOOK,
      subscriptions: [
        { eventType: 'BALANCE_CONFIRMED_UPDATES', filtersJson: '{"b": 2, "a": 1}' },
        { eventType: 'ACTIVITY_UPDATES', isActive: false },
      ],
    };
    expect(await rt.webhookEndpoint.check({}, news)).toEqual({
      inputs: {
        ...HOOK,
        isActive: true,
        organizationId: ORG,
        subscriptions: [
          { eventType: 'ACTIVITY_UPDATES', isActive: false },
          { eventType: 'BALANCE_CONFIRMED_UPDATES', filtersJson: '{"a":1,"b":2}', isActive: true },
        ],
      },
    });
  });

  test('a fiat credential keeps the secret as given (the engine stores it as a secret input)', async () => {
    expect(await rt.fiatOnRampCredential.check({}, FIAT)).toEqual({
      inputs: { ...FIAT, projectId: '', sandboxMode: false, organizationId: ORG },
    });
  });

  test.each<[Kind, Record<string, unknown>]>([
    [
      'policy',
      { policyName: UNKNOWN, effect: UNKNOWN, condition: UNKNOWN, consensus: UNKNOWN, time: UNKNOWN, notes: UNKNOWN, adopt: UNKNOWN },
    ],
    ['policy', { ...POLICY, organizationId: UNKNOWN, profile: UNKNOWN }],
    ['webhookEndpoint', { url: UNKNOWN, name: UNKNOWN, isActive: UNKNOWN, subscriptions: UNKNOWN }],
    ['webhookEndpoint', { ...HOOK, subscriptions: [{ eventType: UNKNOWN, filtersJson: UNKNOWN }, UNKNOWN] }],
    [
      'fiatOnRampCredential',
      { onrampProvider: UNKNOWN, publishableApiKey: UNKNOWN, secretApiKey: UNKNOWN, sandboxMode: UNKNOWN, projectId: UNKNOWN },
    ],
  ])('unknown values at preview: %s %j', async (kind, news) => {
    expect((await rt[kind].check({}, news)).failures).toBeUndefined();
  });

  test('unknown values are kept as they are', async () => {
    const result = await rt.policy.check({}, { ...POLICY, condition: UNKNOWN, organizationId: UNKNOWN });
    expect(result.inputs).toEqual({ ...POLICY, condition: UNKNOWN, consensus: '', notes: '', time: '', organizationId: UNKNOWN });
  });

  test('loopback webhook URLs pass when walletinfra:allowLoopbackWebhookUrls is set', async () => {
    const local = createRuntime({
      config: (k) => (k === 'walletinfra:allowLoopbackWebhookUrls' ? 'true' : undefined),
      env: { WALLETINFRA_ORGANIZATION_ID: ORG },
    });
    expect((await local.webhookEndpoint.check({}, { ...HOOK, url: 'http://127.0.0.1:9999/hook' })).failures).toBeUndefined();
    expect((await local.webhookEndpoint.check({}, { ...HOOK, url: 'https://10.0.0.1/hook' })).failures).toEqual([
      { property: 'url', reason: 'must not point to a private address' },
    ]);
  });

  test('a missing organization is a failure naming every place looked at', async () => {
    const bare = createRuntime({ config: () => undefined, env: {} });
    expect((await bare.policy.check({}, POLICY)).failures).toEqual([
      {
        property: 'organizationId',
        reason:
          'missing walletinfra settings for the default credentials: organizationId (looked in stack config walletinfra:organizationId, environment variable WALLETINFRA_ORGANIZATION_ID, environment variable TURNKEY_ORGANIZATION_ID); set them with `pulumi config set walletinfra:<key> <value>` (add --secret for apiPrivateKey) or in the environment',
      },
    ]);
  });
});
