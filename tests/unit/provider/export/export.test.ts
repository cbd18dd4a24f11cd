// walletinfra-export's pure parts: arguments, stable names, and the rendered program for a known snapshot.
import { LANGUAGES, parseArgs } from '@walletinfra/pulumi/export/args';
import { runExport } from '@walletinfra/pulumi/export/cli';
import { assignNames, camel, slug } from '@walletinfra/pulumi/export/names';
import { renderProject } from '@walletinfra/pulumi/export/render';
import type { OrganizationSnapshot } from '@walletinfra/pulumi/export/snapshot';

const TS = { seconds: '0', nanos: '0' };
const VERSIONS = { walletinfraPulumi: '0.1.0', pulumi: '3.248.0' };

test('arguments: --out required, unknown flags and languages named', () => {
  expect(parseArgs(['--out', 'dir', '--profile', 'ops', '--organization-id=org-2'])).toEqual({
    out: 'dir',
    profile: 'ops',
    organizationId: 'org-2',
    language: 'typescript',
    native: false,
    help: false,
    version: false,
  });
  expect(parseArgs(['--out', 'd', '--language', 'python'])).toMatchObject({ language: 'python', native: false });
  expect(parseArgs(['--out', 'd', '--language', 'typescript', '--native'])).toMatchObject({ language: 'typescript', native: true });
  expect(() => parseArgs([])).toThrow('--out DIR is required (where to write the project)');
  expect(() => parseArgs(['--out', 'd', '--language', 'csharp'])).toThrow(
    '--language csharp: not supported; supported languages: typescript, yaml, python, go',
  );
  expect(() => parseArgs(['--out', 'd', '--language', 'go', '--native'])).toThrow(
    '--native is for --language typescript: go programs always use the native provider',
  );
  expect(() => parseArgs(['--out', 'd', '--force'])).toThrow(
    'unknown option --force; known: --out, --organization-id, --profile, --language, --native, --version, --help',
  );
  expect(() => parseArgs(['--out'])).toThrow('--out needs a value');
});

test('--language: typescript, yaml, python or go; another value is one line naming them, before anything is read or written', async () => {
  expect(LANGUAGES).toEqual(['typescript', 'yaml', 'python', 'go']);
  expect(parseArgs(['--out', 'd', '--language', 'typescript']).language).toBe('typescript');
  for (const language of ['java', 'TypeScript', 'dotnet']) {
    const stderr: string[] = [];
    const touched: string[] = [];
    const code = await runExport(['--out', 'd', `--language=${language}`], {
      // no credentials: reading the organization would fail with another message
      env: {},
      stdout: (t) => touched.push(`stdout ${t}`),
      stderr: (t) => stderr.push(t),
      writeFile: (p) => touched.push(`write ${p}`),
      mkdir: (p) => touched.push(`mkdir ${p}`),
    });
    expect([code, touched, stderr.join('').split('\n')[0]]).toEqual([
      1,
      [],
      `walletinfra-export: --language ${language}: not supported; supported languages: typescript, yaml, python, go`,
    ]);
  }
});

test('names: readable slugs, collisions numbered in id order whatever the input order', () => {
  expect(slug('Allow wallet creation!', 'policy')).toBe('allow-wallet-creation');
  expect(slug('Équipe → ops', 'x')).toBe('equipe-ops');
  expect(slug('***', 'policy')).toBe('policy');
  expect(camel('moonpay-pk-live')).toBe('moonpayPkLive');
  const items = [
    { n: 'Ops', id: 'b' },
    { n: 'ops', id: 'a' },
    { n: 'Alpha', id: 'c' },
  ];
  const named = assignNames(
    items,
    (i) => i.n,
    (i) => i.id,
    'x',
  ).map((r) => [r.item.id, r.name]);
  expect(named).toEqual([
    ['c', 'alpha'],
    ['a', 'ops'],
    ['b', 'ops-2'],
  ]);
  expect(
    assignNames(
      [...items].reverse(),
      (i) => i.n,
      (i) => i.id,
      'x',
    ).map((r) => [r.item.id, r.name]),
  ).toEqual(named);
});

const SNAPSHOT: OrganizationSnapshot = {
  organizationId: '11111111-2222-3333-4444-555555555555',
  objects: {
    Policy: [
      {
        policyId: 'p-1',
        policyName: 'Deny exports',
        effect: 'EFFECT_DENY',
        condition: "activity.action == 'EXPORT'",
        consensus: '',
        notes: '',
        createdAt: TS,
        updatedAt: TS,
      },
    ],
    WebhookEndpoint: [],
    FiatOnRampCredential: [
      {
        fiatOnrampCredentialId: 'f-1',
        organizationId: 'o',
        onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
        projectId: 'proj',
        publishableApiKey: 'pk',
        encryptedSecretApiKey: 'enc',
        encryptedPrivateApiKey: 'enc2',
        createdAt: TS,
        updatedAt: TS,
      },
    ],
    IpAllowlist: [{ organizationId: 'o', rules: [], enabled: true, onEvaluationError: 'DENY' }],
    PrivateKeyTag: [],
    SessionProfile: [],
  },
};

test('the program: values as held, adopt by id, secrets from config, an empty enabled list keeps allowLockout', () => {
  const { files, counts, secrets } = renderProject(SNAPSHOT, { versions: VERSIONS, profile: 'ops' });
  expect(counts).toEqual({ Policy: 1, FiatOnRampCredential: 1, IpAllowlist: 1 });
  expect(secrets.map((s) => s.command)).toEqual([
    'pulumi config set --secret coinbasePkSecretApiKey <secret API key>',
    'pulumi config set --secret coinbasePkPrivateApiKey <private API key>',
  ]);
  expect(files['index.ts'])
    .toBe(`// Organization 11111111-2222-3333-4444-555555555555, exported by walletinfra-export. Every object is adopted (\`adopt: { id }\`):
// the first \`pulumi up\` takes them over without creating anything; from then on this file is the organization.
import * as pulumi from '@pulumi/pulumi';
import * as walletinfra from '@walletinfra/pulumi';

const config = new pulumi.Config();
const profile = "ops";

// ---- Policies ----

new walletinfra.Policy("deny-exports", {
  policyName: "Deny exports",
  effect: "EFFECT_DENY",
  condition: "activity.action == 'EXPORT'",
  adopt: { id: "p-1" },
  profile: profile,
});

// ---- Fiat on-ramp credentials ----

// The service never returns secrets: set them in stack config (see README.md).
new walletinfra.FiatOnRampCredential("coinbase-pk", {
  onrampProvider: "FIAT_ON_RAMP_PROVIDER_COINBASE",
  projectId: "proj",
  publishableApiKey: "pk",
  secretApiKey: config.requireSecret("coinbasePkSecretApiKey"),
  privateApiKey: config.requireSecret("coinbasePkPrivateApiKey"),
  adopt: { id: "f-1" },
  profile: profile,
});

// ---- IP allowlists (the organization's, then per API key) ----

new walletinfra.IpAllowlist("organization", {
  enabled: true,
  rules: [],
  allowLockout: true,
  adopt: { id: "organization" },
  profile: profile,
});
`);
  expect(renderProject(SNAPSHOT, { versions: VERSIONS, profile: 'ops' })).toEqual(
    renderProject(SNAPSHOT, { versions: VERSIONS, profile: 'ops' }),
  );
});

test('who can act: users, their API keys (public keys only), user tags with members and the root quorum; the export’s own credentials and the root users are retained', () => {
  const userOf = (userId: string, userName: string, apiKeys: unknown[], extra: Record<string, unknown> = {}) => ({
    userId,
    userName,
    apiKeys,
    authenticators: [],
    oauthProviders: [],
    userTags: [],
    mfaPolicies: [],
    createdAt: TS,
    updatedAt: TS,
    ...extra,
  });
  const keyOf = (apiKeyId: string, apiKeyName: string, publicKey: string, type = 'CREDENTIAL_TYPE_API_KEY_P256', extra = {}) => ({
    apiKeyId,
    apiKeyName,
    credential: { publicKey, type },
    createdAt: TS,
    updatedAt: TS,
    ...extra,
  });
  const own = `02${'a'.repeat(64)}`;
  const root = userOf('u-root', 'root', [keyOf('k-root', 'root key', own)]);
  const ci = userOf(
    'u-ci',
    'ci-deployer',
    [keyOf('k-ci', 'ci', `03${'b'.repeat(64)}`, 'CREDENTIAL_TYPE_API_KEY_P256', { expirationSeconds: '86400' })],
    {
      userEmail: 'ci@acme.example',
    },
  );
  const snapshot: OrganizationSnapshot = {
    organizationId: '11111111-2222-3333-4444-555555555555',
    ownPublicKey: own,
    objects: {
      User: [root, ci],
      ApiKey: [
        { userId: 'u-root', key: root.apiKeys[0] },
        { userId: 'u-ci', key: ci.apiKeys[0] },
      ],
      UserTag: [
        {
          tag: { tagId: 't-1', tagName: 'approvers', tagType: 'TAG_TYPE_USER', createdAt: TS, updatedAt: TS },
          members: ['u-ci', 'u-root'],
        },
      ],
      RootQuorum: [{ threshold: 1, userIds: ['u-root'] }],
    },
  };
  const { files, counts } = renderProject(snapshot, { versions: VERSIONS });
  expect(counts).toEqual({ UserTag: 1, User: 2, ApiKey: 2, RootQuorum: 1 });
  expect(files['index.ts'])
    .toBe(`// Organization 11111111-2222-3333-4444-555555555555, exported by walletinfra-export. Every object is adopted (\`adopt: { id }\`):
// the first \`pulumi up\` takes them over without creating anything; from then on this file is the organization.
import * as walletinfra from '@walletinfra/pulumi';

// ---- User tags ----

new walletinfra.UserTag("approvers", {
  userTagName: "approvers",
  userIds: [
    "u-ci",
    "u-root",
  ],
  adopt: { id: "t-1" },
});

// ---- Users ----

// Tag membership is declared on the user tags, API keys as ApiKey resources; passkeys and OAuth identities stay with the person.
new walletinfra.User("ci-deployer", {
  userName: "ci-deployer",
  userEmail: "ci@acme.example",
  adopt: { id: "u-ci" },
});

// Tag membership is declared on the user tags, API keys as ApiKey resources; passkeys and OAuth identities stay with the person.
// The user this export signed with and a root user: \`pulumi destroy\` and removing it from the program leave it in the organization.
new walletinfra.User("root", {
  userName: "root",
  adopt: { id: "u-root" },
}, { retainOnDelete: true });

// ---- API keys ----

// Public keys only: the private keys stay where they were made.
new walletinfra.ApiKey("ci", {
  userId: "u-ci",
  apiKeyName: "ci",
  publicKey: "03${'b'.repeat(64)}",
  expirationSeconds: "86400",
  adopt: { id: "k-ci" },
});

// Public keys only: the private keys stay where they were made.
// The key this export signed with and a root user's key: \`pulumi destroy\` and removing it from the program leave it in the organization.
new walletinfra.ApiKey("root-key", {
  userId: "u-root",
  apiKeyName: "root key",
  publicKey: "${own}",
  adopt: { id: "k-root" },
}, { retainOnDelete: true });

// ---- Root quorum ----

new walletinfra.RootQuorum("root-quorum", {
  threshold: 1,
  userIds: [
    "u-root",
  ],
  adopt: { id: "rootQuorum" },
});
`);
});

describe('for the native provider: the same declarations through the native program renderer', () => {
  const files = (language: 'yaml' | 'python' | 'go' | 'typescript') =>
    renderProject(SNAPSHOT, { versions: VERSIONS, profile: 'ops', language, native: true }).files;

  test('YAML: the schema types, config for the secrets, Main.yaml beside Pulumi.yaml', () => {
    const f = files('yaml');
    expect(Object.keys(f).sort()).toEqual(['Main.yaml', 'Pulumi.yaml', 'README.md']);
    expect(f['Pulumi.yaml']).toBe(`name: walletinfra-11111111
description: Organization 11111111-2222-3333-4444-555555555555, exported by walletinfra-export
runtime: yaml
`);
    expect(f['Main.yaml'])
      .toBe(`# Organization 11111111-2222-3333-4444-555555555555, exported by walletinfra-export (the walletinfra provider).
# Every object is adopted (\`adopt: { id }\`): the first \`pulumi up\` takes them over without creating anything.
config:
  coinbasePkSecretApiKey:
    type: string
  coinbasePkPrivateApiKey:
    type: string
resources:
  deny-exports:
    type: walletinfra:index:Policy
    properties:
      policyName: Deny exports
      effect: EFFECT_DENY
      condition: activity.action == 'EXPORT'
      profile: ops
      adopt:
        id: p-1
  coinbase-pk:
    type: walletinfra:index:FiatOnRampCredential
    properties:
      onrampProvider: FIAT_ON_RAMP_PROVIDER_COINBASE
      projectId: proj
      publishableApiKey: pk
      secretApiKey: \${coinbasePkSecretApiKey}
      privateApiKey: \${coinbasePkPrivateApiKey}
      profile: ops
      adopt:
        id: f-1
  organization:
    type: walletinfra:index:IpAllowlist
    properties:
      enabled: true
      rules: []
      allowLockout: true
      profile: ops
      adopt:
        id: organization
`);
  });

  test('Python: the generated SDK from ./sdk, the virtualenv from requirements.txt', () => {
    const f = files('python');
    expect(Object.keys(f).sort()).toEqual(['Pulumi.yaml', 'README.md', '__main__.py', 'requirements.txt']);
    expect(f['Pulumi.yaml']).toBe(`name: walletinfra-11111111
description: Organization 11111111-2222-3333-4444-555555555555, exported by walletinfra-export
runtime:
  name: python
  options:
    toolchain: pip
    virtualenv: venv
`);
    expect(f['requirements.txt']).toBe(`pulumi==3.248.0
./sdk/python
`);
    expect(f['__main__.py'])
      .toBe(`# Organization 11111111-2222-3333-4444-555555555555, exported by walletinfra-export (the walletinfra provider).
# Every object is adopted (\`adopt: { id }\`): the first \`pulumi up\` takes them over without creating anything.
import pulumi
import pulumi_walletinfra as walletinfra

config = pulumi.Config()
deny_exports = walletinfra.Policy(
    "deny-exports",
    policy_name="Deny exports",
    effect=walletinfra.PolicyEffect.DENY,
    condition="activity.action == 'EXPORT'",
    profile="ops",
    adopt=walletinfra.PolicyAdoptArgs(
        id="p-1",
    ),
)
coinbase_pk = walletinfra.FiatOnRampCredential(
    "coinbase-pk",
    onramp_provider=walletinfra.FiatOnRampCredentialOnrampProvider.COINBASE,
    project_id="proj",
    publishable_api_key="pk",
    secret_api_key=config.require_secret("coinbasePkSecretApiKey"),
    private_api_key=config.require_secret("coinbasePkPrivateApiKey"),
    profile="ops",
    adopt=walletinfra.FiatOnRampCredentialAdoptArgs(
        id="f-1",
    ),
)
organization = walletinfra.IpAllowlist(
    "organization",
    enabled=True,
    rules=[],
    allow_lockout=True,
    profile="ops",
    adopt=walletinfra.IpAllowlistAdoptArgs(
        id="organization",
    ),
)
`);
    expect(f['README.md']).toContain(
      'pulumi package gen-sdk ./node_modules/@walletinfra/pulumi/bin/pulumi-resource-walletinfra --language python --out sdk\n',
    );
  });

  test('Go: typed inputs, the SDK module replaced by ./sdk', () => {
    const f = files('go');
    expect(Object.keys(f).sort()).toEqual(['Pulumi.yaml', 'README.md', 'go.mod', 'main.go']);
    expect(f['go.mod']).toBe(`module walletinfra-11111111

go 1.25

require (
	github.com/pulumi/pulumi/sdk/v3 v3.248.0
	github.com/walletinfra/walletinfra/sdk v0.0.0
)

replace github.com/walletinfra/walletinfra/sdk => ./sdk
`);
    expect(f['main.go'])
      .toBe(`// Organization 11111111-2222-3333-4444-555555555555, exported by walletinfra-export (the walletinfra provider).
// Every object is adopted (\`adopt: { id }\`): the first \`pulumi up\` takes them over without creating anything.
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
	"github.com/walletinfra/walletinfra/sdk/go/walletinfra"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		denyExports, err := walletinfra.NewPolicy(ctx, "deny-exports", &walletinfra.PolicyArgs{
			PolicyName: pulumi.String("Deny exports"),
			Effect:     walletinfra.PolicyEffectDeny,
			Condition:  pulumi.String("activity.action == 'EXPORT'"),
			Profile:    pulumi.String("ops"),
			Adopt: &walletinfra.PolicyAdoptArgs{
				Id: pulumi.String("p-1"),
			},
		})
		if err != nil {
			return err
		}
		coinbasePk, err := walletinfra.NewFiatOnRampCredential(ctx, "coinbase-pk", &walletinfra.FiatOnRampCredentialArgs{
			OnrampProvider:    walletinfra.FiatOnRampCredentialOnrampProviderCoinbase,
			ProjectId:         pulumi.String("proj"),
			PublishableApiKey: pulumi.String("pk"),
			SecretApiKey:      cfg.RequireSecret("coinbasePkSecretApiKey"),
			PrivateApiKey:     cfg.RequireSecret("coinbasePkPrivateApiKey"),
			Profile:           pulumi.String("ops"),
			Adopt: &walletinfra.FiatOnRampCredentialAdoptArgs{
				Id: pulumi.String("f-1"),
			},
		})
		if err != nil {
			return err
		}
		organization, err := walletinfra.NewIpAllowlist(ctx, "organization", &walletinfra.IpAllowlistArgs{
			Enabled:      pulumi.Bool(true),
			Rules:        walletinfra.IpAllowlistRuleArray{},
			AllowLockout: pulumi.Bool(true),
			Profile:      pulumi.String("ops"),
			Adopt: &walletinfra.IpAllowlistAdoptArgs{
				Id: pulumi.String("organization"),
			},
		})
		if err != nil {
			return err
		}
		_ = denyExports
		_ = coinbasePk
		_ = organization
		return nil
	})
}
`);
  });

  test('TypeScript on the generated SDK (--native): its enums, the SDK from ./sdk/nodejs/bin', () => {
    const f = files('typescript');
    expect(Object.keys(f).sort()).toEqual(['Pulumi.yaml', 'README.md', 'index.ts', 'package.json', 'tsconfig.json']);
    expect(f['index.ts'])
      .toBe(`// Organization 11111111-2222-3333-4444-555555555555, exported by walletinfra-export (the walletinfra provider).
// Every object is adopted (\`adopt: { id }\`): the first \`pulumi up\` takes them over without creating anything.
import * as pulumi from "@pulumi/pulumi";
import * as walletinfra from "@walletinfra/pulumi-native";

const config = new pulumi.Config();
const denyExports = new walletinfra.Policy("deny-exports", {
  policyName: "Deny exports",
  effect: walletinfra.PolicyEffect.Deny,
  condition: "activity.action == 'EXPORT'",
  profile: "ops",
  adopt: {
    id: "p-1",
  },
});
const coinbasePk = new walletinfra.FiatOnRampCredential("coinbase-pk", {
  onrampProvider: walletinfra.FiatOnRampCredentialOnrampProvider.Coinbase,
  projectId: "proj",
  publishableApiKey: "pk",
  secretApiKey: config.requireSecret("coinbasePkSecretApiKey"),
  privateApiKey: config.requireSecret("coinbasePkPrivateApiKey"),
  profile: "ops",
  adopt: {
    id: "f-1",
  },
});
const organization = new walletinfra.IpAllowlist("organization", {
  enabled: true,
  rules: [],
  allowLockout: true,
  profile: "ops",
  adopt: {
    id: "organization",
  },
});
`);
    expect(JSON.parse(f['package.json']!)).toMatchObject({
      dependencies: { '@pulumi/pulumi': '3.248.0', '@walletinfra/pulumi': '0.1.0', '@walletinfra/pulumi-native': 'file:sdk/nodejs/bin' },
    });
  });

  test('the README of each says how to get the plugin and the SDK, and the secrets to set', () => {
    expect(files('yaml')['README.md']).toBe(`# Organization 11111111-2222-3333-4444-555555555555 as code (YAML)

Written by \`walletinfra-export --language yaml\`. \`Main.yaml\` declares every object the organization had
on the walletinfra native provider, with its values as the service holds them and \`adopt: { id }\`, so the
first \`pulumi up\` takes them over and creates nothing.

- Policies: 1
- Fiat on-ramp credentials: 1
- IP allowlists (the organization's, then per API key): 1

## Next steps

The plugin comes with \`@walletinfra/pulumi\` 0.1.0 (\`npm install @walletinfra/pulumi@0.1.0\` here, or
\`pulumi plugin install resource walletinfra <version> -f <the packed plugin>\`; see the @walletinfra/pulumi README,
"Install the plugin"); with the npm package, add to Pulumi.yaml:

\`\`\`yaml
plugins:
  providers:
    - name: walletinfra
      path: ./node_modules/@walletinfra/pulumi/bin
\`\`\`

\`\`\`sh
pulumi stack init <stack>
pulumi config set walletinfra:organizationId 11111111-2222-3333-4444-555555555555
pulumi config set walletinfra:apiPublicKey <66 hex chars>
pulumi config set --secret walletinfra:apiPrivateKey <64 hex chars>
pulumi config set --secret coinbasePkSecretApiKey <secret API key>
pulumi config set --secret coinbasePkPrivateApiKey <private API key>
pulumi preview          # adopts every object, creates none
pulumi up
pulumi preview --expect-no-changes
\`\`\`

The service never returns on-ramp secrets, so they are read from stack config:

- \`coinbasePkSecretApiKey\`: the secret API key of on-ramp credential f-1
- \`coinbasePkPrivateApiKey\`: the private API key of on-ramp credential f-1
`);
  });
});
