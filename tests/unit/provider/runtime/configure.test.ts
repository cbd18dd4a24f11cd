// The runtime's `configure`: stack config as the dynamic-provider shim hands it over (full keys, structured
// values possibly as objects with secret envelopes, https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/, https://www.pulumi.com/docs/iac/concepts/secrets/) becomes the settings source.
import { createRuntime } from '@walletinfra/pulumi/runtime/providers';

const SECRET = { '4dabf18193072939515e22adb298388d': '1b47061264138c4ac30d75fd1eb44270' };

test('configure feeds stack config to every resource, objects and secret envelopes included', async () => {
  const warnings: string[] = [];
  const rt = createRuntime({ env: {}, warn: (line) => warnings.push(line) });
  const raw: Record<string, unknown> = {
    'walletinfra:organizationId': 'org-from-configure',
    'walletinfra:profiles': {
      eu: { ...SECRET, value: { organizationId: 'org-eu', apiPublicKey: 'ab', apiPrivateKey: { ...SECRET, value: 'cd' } } },
    },
    'other:key': 'ignored',
  };
  await rt.configure({ config: { get: (k: string) => raw[k] as string | undefined, require: (k: string) => raw[k] as string } });
  const policy = { policyName: 'p', effect: 'EFFECT_ALLOW' };
  expect((await rt.policy.check({}, policy)).inputs).toMatchObject({ organizationId: 'org-from-configure' });
  // the policy linter's warnings at the default level (walletinfra:policyLint = warn) for an unconditional ALLOW
  expect(warnings.map((line) => /: ([a-z-]+): /.exec(line)?.[1])).toEqual([
    'allow-without-condition',
    'unscoped-signing-or-export',
    'management-without-consensus',
  ]);
  expect((await rt.webhookEndpoint.check({}, { url: 'https://h.example.com', name: 'n', profile: 'eu' })).inputs).toMatchObject({
    organizationId: 'org-eu',
  });
  expect(rt.context.settings({ profile: 'eu' })).toMatchObject({ organizationId: 'org-eu', apiPublicKey: 'ab', apiPrivateKey: 'cd' });
});

test('before configure (or on an engine without it) only the environment counts', async () => {
  const rt = createRuntime({ env: { TURNKEY_ORGANIZATION_ID: 'org-env' } });
  expect((await rt.policy.check({}, { policyName: 'p', effect: 'EFFECT_DENY' })).inputs).toMatchObject({ organizationId: 'org-env' });
});

test('the environment is read at call time, so rotated credentials apply without a new provider', async () => {
  const env: Record<string, string> = {
    WALLETINFRA_ORGANIZATION_ID: 'o',
    WALLETINFRA_API_PUBLIC_KEY: 'aa',
    WALLETINFRA_API_PRIVATE_KEY: 'bb',
  };
  const rt = createRuntime({ env });
  expect(rt.context.settings({}).apiPrivateKey).toBe('bb');
  env.WALLETINFRA_API_PRIVATE_KEY = 'ee';
  expect(rt.context.settings({}).apiPrivateKey).toBe('ee');
});
