// Program structure with pulumi.runtime.setMocks (https://www.pulumi.com/docs/iac/guides/testing/unit/): the examples' baseline program
// (examples/baseline/organization.ts) registers the expected resources with the expected type tokens
// and inputs; secrets travel as secrets and never reach `__provider`; the secret outputs are declared.
import * as pulumi from '@pulumi/pulumi';
import { MockMonitor } from '@pulumi/pulumi/runtime/mocks';
import { declareBaseline } from '../../../../examples/baseline/organization';
import {
  ApiKey,
  FiatOnRampCredential,
  IpAllowlist,
  Policy,
  PrivateKeyTag,
  RootQuorum,
  SessionProfile,
  WebhookEndpoint,
} from '@walletinfra/pulumi';

const SECRET_SIG = { '4dabf18193072939515e22adb298388d': '1b47061264138c4ac30d75fd1eb44270' };
const ON_RAMP_SECRET = 'sk_test_mocks_0123456789';

interface Registered {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
}

const registered: Registered[] = [];
const secretOutputsByName = new Map<string, string[]>();
const protectedByName = new Map<string, boolean>();
const beforeDeleteHooksByName = new Map<string, string[]>();
const CI_KEY = '0250a5c38dde91d157b793cfaf31b24b12e9b4faf46e001e609bdd0003144efc31';

beforeAll(async () => {
  // The mock monitor hands newResource() no options; record additionalSecretOutputs from the request.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be called with the monitor as `this` (original.call below)
  const original = MockMonitor.prototype.registerResource;
  MockMonitor.prototype.registerResource = function (
    req: {
      getName(): string;
      getAdditionalsecretoutputsList(): string[];
      getProtect(): boolean;
      getHooks(): { getBeforeDeleteList(): string[] } | undefined;
    },
    cb: (err: unknown, res: unknown) => void,
  ) {
    secretOutputsByName.set(req.getName(), req.getAdditionalsecretoutputsList());
    protectedByName.set(req.getName(), req.getProtect());
    beforeDeleteHooksByName.set(req.getName(), req.getHooks()?.getBeforeDeleteList() ?? []);
    return original.call(this, req, cb);
  };
  // Pulumi's mock monitor takes no resource hooks; this one does, like the engine, so the delete guard is registered.
  (
    MockMonitor.prototype as unknown as { registerResourceHook: (req: unknown, cb: (err: null, res: object) => void) => void }
  ).registerResourceHook = (_req, cb) => cb(null, {});
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        // pulumi.runtime.MockResourceArgs types the resource's inputs as `any`; they are its input properties.
        const inputs = args.inputs as Record<string, unknown>;
        registered.push({ type: args.type, name: args.name, inputs });
        // The id outputs other resources take (a key's userId, a policy's tag id) come back as the service's would.
        const ids: Record<string, string> = { User: 'userId', UserTag: 'userTagId' };
        const idOutput = ids[args.type.split(':').pop() ?? ''];
        const state = { ...inputs, organizationId: 'org-mock', ...(idOutput !== undefined ? { [idOutput]: `${args.name}-id` } : {}) };
        return { id: `${args.name}-id`, state };
      },
      call: () => ({}),
    },
    'walletinfra-baseline',
    'test',
    false,
  );
});

function settled(resources: pulumi.CustomResource[]): Promise<unknown> {
  return Promise.all(resources.map((r) => new Promise((resolve) => r.urn.apply(resolve))));
}

function outputValue<T>(o: pulumi.Output<T>): Promise<{ value: unknown; secret: boolean }> {
  return new Promise((resolve) => pulumi.all([o, pulumi.isSecret(o)]).apply(([value, secret]) => resolve({ value, secret })));
}

describe('the baseline example', () => {
  let baseline: ReturnType<typeof declareBaseline>;
  beforeAll(async () => {
    baseline = declareBaseline({
      webhookUrl: 'https://hooks.example.com/walletinfra',
      webhookEventTypes: ['ACTIVITY_UPDATES', 'BALANCE_CONFIRMED_UPDATES'],
      signingApprovals: 3,
      onRampPublishableApiKey: 'pk_test_baseline',
      onRampSecretApiKey: pulumi.secret(ON_RAMP_SECRET),
      adoptExisting: true,
      ipAllowlist: { enabled: true, rules: [{ cidr: '198.51.100.0/24', label: 'ci' }] },
      approverIds: ['user-alice', 'user-bob'],
      ciApiPublicKey: CI_KEY,
      rootQuorum: { userIds: ['user-root'], threshold: 1 },
    });
    await settled(Object.values(baseline) as pulumi.CustomResource[]);
  });

  test('registers three policies, a webhook endpoint, an on-ramp credential, the IP allowlist, a user, its key, a tag and the quorum', () => {
    const byName = Object.fromEntries(registered.map((r) => [r.name, r.type]));
    expect(byName).toEqual({
      'signing-needs-approvals': 'pulumi-nodejs:dynamic/walletinfra:Policy',
      'deny-private-key-exports': 'pulumi-nodejs:dynamic/walletinfra:Policy',
      'activity-updates': 'pulumi-nodejs:dynamic/walletinfra:WebhookEndpoint',
      'moonpay-sandbox': 'pulumi-nodejs:dynamic/walletinfra:FiatOnRampCredential',
      'organization-ip-allowlist': 'pulumi-nodejs:dynamic/walletinfra:IpAllowlist',
      'ci-deployer': 'pulumi-nodejs:dynamic/walletinfra:User',
      'ci-deployer-key': 'pulumi-nodejs:dynamic/walletinfra:ApiKey',
      approvers: 'pulumi-nodejs:dynamic/walletinfra:UserTag',
      'root-quorum': 'pulumi-nodejs:dynamic/walletinfra:RootQuorum',
      'approvers-approve-policy-changes': 'pulumi-nodejs:dynamic/walletinfra:Policy',
    });
  });

  test('wires the declared inputs (undefined inputs are dropped)', () => {
    const inputs = (name: string) => {
      const { __provider, ...rest } = registered.find((r) => r.name === name)!.inputs;
      return rest;
    };
    expect(inputs('signing-needs-approvals')).toEqual({
      policyName: 'Signing needs approvals',
      effect: 'EFFECT_ALLOW',
      condition: "activity.action == 'SIGN'",
      consensus: 'approvers.count() >= 3',
      notes: 'Managed by Pulumi (examples/baseline)',
      adopt: { byName: true },
    });
    expect(inputs('activity-updates')).toEqual({
      name: 'Activity updates',
      url: 'https://hooks.example.com/walletinfra',
      isActive: true,
      subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }, { eventType: 'BALANCE_CONFIRMED_UPDATES' }],
      adopt: { byUrlAndName: true },
    });
    expect(inputs('moonpay-sandbox')).toEqual({
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
      publishableApiKey: 'pk_test_baseline',
      secretApiKey: { ...SECRET_SIG, value: ON_RAMP_SECRET },
      sandboxMode: true,
      adopt: { byPublishableApiKey: true },
    });
    expect(inputs('organization-ip-allowlist')).toEqual({
      enabled: true,
      rules: [{ cidr: '198.51.100.0/24', label: 'ci' }],
      adopt: { byScope: true },
    });
    expect(inputs('ci-deployer')).toEqual({ userName: 'ci-deployer', adopt: { byName: true } });
    expect(inputs('ci-deployer-key')).toEqual({
      userId: 'ci-deployer-id',
      apiKeyName: 'ci-deployer',
      publicKey: CI_KEY,
      curveType: 'API_KEY_CURVE_P256',
      adopt: { byPublicKey: true },
    });
    expect(inputs('approvers')).toEqual({ userTagName: 'approvers', userIds: ['user-alice', 'user-bob'], adopt: { byName: true } });
    expect(inputs('root-quorum')).toEqual({ threshold: 1, userIds: ['user-root'] });
    // The policy names the tag by its id output, never by a literal.
    expect(inputs('approvers-approve-policy-changes')).toEqual({
      policyName: 'Approvers approve policy changes',
      effect: 'EFFECT_ALLOW',
      condition: "activity.resource == 'POLICY'",
      consensus: "approvers.filter(user, user.tags.contains('approvers-id')).count() >= 2",
      notes: 'Managed by Pulumi (examples/baseline)',
      adopt: { byName: true },
    });
  });

  test('one serialized provider per type, shared by every resource of that type, with no secret', () => {
    const providers = registered.map((r) => r.inputs.__provider);
    for (const p of providers) {
      expect(typeof p).toBe('string');
      expect(p as string).not.toContain(ON_RAMP_SECRET);
    }
    const policyTexts = registered.filter((r) => r.type.endsWith(':Policy')).map((r) => r.inputs.__provider);
    expect(new Set(policyTexts).size).toBe(1);
    expect(new Set(providers).size).toBe(8);
  });

  test('declares the credential’s sensitive outputs secret, and nothing for the others', () => {
    expect(Object.fromEntries(secretOutputsByName)).toEqual({
      'signing-needs-approvals': [],
      'deny-private-key-exports': [],
      'activity-updates': [],
      'moonpay-sandbox': ['encryptedSecretApiKey', 'encryptedPrivateApiKey', 'secretApiKeyFingerprint', 'privateApiKeyFingerprint'],
      'organization-ip-allowlist': [],
      'ci-deployer': [],
      'ci-deployer-key': [],
      approvers: [],
      'root-quorum': [],
      'approvers-approve-policy-changes': [],
    });
  });

  test('outputs come back on the resource objects', async () => {
    expect(await outputValue(baseline.signingApproval.id)).toEqual({ value: 'signing-needs-approvals-id', secret: false });
    expect(await outputValue(baseline.signingApproval.organizationId)).toEqual({ value: 'org-mock', secret: false });
    expect(await outputValue(baseline.activityWebhook.url)).toEqual({ value: 'https://hooks.example.com/walletinfra', secret: false });
  });
});

describe('resource classes', () => {
  test('a plain-text secret passed without pulumi.secret is still sent as a secret', async () => {
    const cred = new FiatOnRampCredential('plain', {
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
      publishableApiKey: 'pk',
      secretApiKey: 'sk_plain_given',
      privateApiKey: 'pk_plain_given',
      projectId: 'project-1',
    });
    await settled([cred]);
    const inputs = registered.find((r) => r.name === 'plain')!.inputs;
    expect(inputs.secretApiKey).toEqual({ ...SECRET_SIG, value: 'sk_plain_given' });
    expect(inputs.privateApiKey).toEqual({ ...SECRET_SIG, value: 'pk_plain_given' });
    expect(inputs.projectId).toBe('project-1');
  });

  test('caller options are kept next to the forced secret outputs', async () => {
    const cred = new FiatOnRampCredential(
      'opts',
      { onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE', publishableApiKey: 'pk', encryptedSecretApiKey: 'cipher' },
      { additionalSecretOutputs: ['publishableApiKey'], protect: false },
    );
    await settled([cred]);
    expect(secretOutputsByName.get('opts')).toEqual([
      'publishableApiKey',
      'encryptedSecretApiKey',
      'encryptedPrivateApiKey',
      'secretApiKeyFingerprint',
      'privateApiKeyFingerprint',
    ]);
    expect(registered.find((r) => r.name === 'opts')!.inputs.encryptedSecretApiKey).toEqual({ ...SECRET_SIG, value: 'cipher' });
  });

  test('a second Policy declaring the same policyName is refused in the program, naming both resources', () => {
    new Policy('first-of-two', { policyName: 'mocks: one name', effect: 'EFFECT_DENY' });
    expect(() => new Policy('second-of-two', { policyName: 'mocks: one name', effect: 'EFFECT_DENY' })).toThrow(
      'Policy "second-of-two" declares policyName "mocks: one name", which Policy "first-of-two" already declares: the service allows ' +
        'one policy per name, so one of them would fail or fight the other; give each its own policyName',
    );
  });

  test('profile and organizationId reach the provider as plain inputs', async () => {
    const p = new Policy('in-sub-org', { policyName: 'p', effect: 'EFFECT_DENY', profile: 'child', organizationId: 'sub-1' });
    const w = new WebhookEndpoint('hook-2', { url: 'https://hooks.example.com/2', name: 'two', profile: 'child' });
    await settled([p, w]);
    expect(registered.find((r) => r.name === 'in-sub-org')!.inputs).toMatchObject({ profile: 'child', organizationId: 'sub-1' });
    expect(registered.find((r) => r.name === 'hook-2')!.inputs).toMatchObject({ profile: 'child' });
  });

  test('profile and adopt left out are not registered, and read as undefined outputs that depend on the resource', async () => {
    const resources = [
      new Policy('no-placement', { policyName: 'no placement', effect: 'EFFECT_DENY' }),
      new WebhookEndpoint('hook-no-placement', { url: 'https://hooks.example.com/3', name: 'three' }),
      new IpAllowlist('allowlist-no-placement', { enabled: false, rules: [] }),
      new PrivateKeyTag('tag-no-placement', { privateKeyTagName: 'no placement' }),
      new SessionProfile('session-no-placement', { sessionProfileName: 'no placement', scope: 'true' }),
      new FiatOnRampCredential('ramp-no-placement', {
        onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
        publishableApiKey: 'pk',
        encryptedSecretApiKey: 'c',
      }),
    ];
    await settled(resources);
    for (const r of resources as Array<pulumi.CustomResource & { profile: pulumi.Output<unknown>; adopt: pulumi.Output<unknown> }>) {
      // Pulumi's transferProperties makes an own data property for every registered key; ours is made on first read.
      // eslint-disable-next-line @typescript-eslint/unbound-method -- only checked for presence, never called
      expect(Object.getOwnPropertyDescriptor(r, 'profile')?.get).toBeDefined();
      expect(await outputValue(r.profile)).toEqual({ value: undefined, secret: false });
      expect(await outputValue(r.adopt)).toEqual({ value: undefined, secret: false });
      expect(r.profile).toBe(r.profile);
      const deps = (r.adopt as unknown as { resources(): Set<pulumi.Resource> }).resources();
      expect([...deps]).toEqual([r]);
    }
  });

  test('profile and adopt set are registered outputs', async () => {
    const p = new Policy('with-placement', {
      policyName: 'with placement',
      effect: 'EFFECT_DENY',
      profile: 'child',
      adopt: { byName: true },
    });
    await settled([p]);
    // eslint-disable-next-line @typescript-eslint/unbound-method -- only checked for absence, never called
    expect(Object.getOwnPropertyDescriptor(p, 'profile')?.get).toBeUndefined();
    expect(await outputValue(p.profile)).toEqual({ value: 'child', secret: false });
    expect(await outputValue(p.adopt)).toEqual({ value: { byName: true }, secret: false });
  });
});

describe('one resource per adopted object', () => {
  const declare = {
    IpAllowlist: (name: string) => new IpAllowlist(name, { enabled: false, rules: [], adopt: { id: 'organization' } }),
    PrivateKeyTag: (name: string) => new PrivateKeyTag(name, { privateKeyTagName: name, adopt: { id: 'tag-held' } }),
    SessionProfile: (name: string) => new SessionProfile(name, { sessionProfileName: name, scope: 'true', adopt: { id: 'profile-held' } }),
  };
  test.each(Object.keys(declare) as Array<keyof typeof declare>)(
    '%s: a second resource adopting the same id is refused, naming both',
    async (type) => {
      const id = { IpAllowlist: 'organization', PrivateKeyTag: 'tag-held', SessionProfile: 'profile-held' }[type];
      const first = declare[type](`${type}-first`);
      expect(() => declare[type](`${type}-second`)).toThrow(
        `${type} "${type}-second" declares adopt.id "${id}", which ${type} "${type}-first" already declares: an object has one owner in a stack`,
      );
      await settled([first]);
    },
  );
});

describe('lock-out rules the program applies', () => {
  test('an ApiKey declaring the public key this stack signs with has its delete guarded, unless allowLockout, retainOnDelete or protect says otherwise', async () => {
    pulumi.runtime.setAllConfig(
      {
        'walletinfra:organizationId': '00000000-0000-4000-8000-000000000001',
        'walletinfra:apiPublicKey': CI_KEY,
        'walletinfra:apiPrivateKey': '1f4b7c0a2d6e9f3b8c5a7e1d4f2b9c6a3e8d5f1a7c4b2e9d6f3a8c5b1e7d4a2f',
      },
      ['walletinfra:apiPrivateKey'],
    );
    const key = { userId: 'u', apiKeyName: 'own', publicKey: CI_KEY.toUpperCase() };
    const resources = [
      new ApiKey('own-key', key),
      new ApiKey('own-key-allowed', { ...key, allowLockout: true }),
      new ApiKey('own-key-retained', key, { retainOnDelete: true }),
      new ApiKey('own-key-unprotected', key, { protect: false }),
      new ApiKey('other-key', { ...key, publicKey: '03' + CI_KEY.slice(2) }),
    ];
    await settled(resources);
    const names = ['own-key', 'own-key-allowed', 'own-key-retained', 'own-key-unprotected', 'other-key'];
    // The guard is a before-delete hook that applies the provider's delete refusal at preview (program/delete-guard.ts),
    // not Pulumi's `protect`, whose refusal would tell the user to remove a flag the program does not have.
    expect(names.map((n) => [n, beforeDeleteHooksByName.get(n), protectedByName.get(n)])).toEqual([
      ['own-key', ['walletinfra-lockout-guard'], false],
      ['own-key-allowed', [], false],
      ['own-key-retained', [], false],
      ['own-key-unprotected', [], false],
      ['other-key', [], false],
    ]);
    pulumi.runtime.setAllConfig({});
  });

  test('a second RootQuorum for the same organization is refused, naming both', () => {
    new RootQuorum('quorum-first', { threshold: 1, userIds: ['u'], organizationId: 'org-q' });
    expect(() => new RootQuorum('quorum-second', { threshold: 1, userIds: ['u'], organizationId: 'org-q' })).toThrow(
      'RootQuorum "quorum-second" declares the organization "organization org-q", which RootQuorum "quorum-first" already declares: ' +
        'an organization has one root quorum, so the two resources would fight over it; declare it once',
    );
  });
});
