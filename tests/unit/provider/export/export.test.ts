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
    help: false,
    version: false,
  });
  expect(() => parseArgs([])).toThrow('--out DIR is required (where to write the project)');
  expect(() => parseArgs(['--out', 'd', '--language', 'python'])).toThrow(
    '--language python: not supported; supported languages: typescript',
  );
  expect(() => parseArgs(['--out', 'd', '--force'])).toThrow(
    'unknown option --force; known: --out, --organization-id, --profile, --language, --version, --help',
  );
  expect(() => parseArgs(['--out'])).toThrow('--out needs a value');
});

test('--language: only typescript; another value is one line naming the supported languages, before anything is read or written', async () => {
  expect(LANGUAGES).toEqual(['typescript']);
  expect(parseArgs(['--out', 'd', '--language', 'typescript']).language).toBe('typescript');
  for (const language of ['python', 'TypeScript', 'go']) {
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
      `walletinfra-export: --language ${language}: not supported; supported languages: typescript`,
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
