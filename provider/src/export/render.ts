// The project `walletinfra-export` writes, as a pure function of what it read: every object declared with
// its current values and `adopt: { id }`, in a fixed order, so exporting twice writes identical files.
// Values are written as the service holds them (JSON string literals are exact TypeScript literals);
// what cannot be read back (on-ramp secrets) is never invented but read from stack config.
import { ipAllowlistId, isEmptyAllowlist } from '../resources/ipAllowlist/types';
import { assignNames, camel } from './names';
import type { OrganizationSnapshot } from './snapshot';

export interface ExportOptions {
  /** Written into every resource when the export read another organization than the credentials'. */
  organizationId?: string;
  profile?: string;
  versions: { walletinfraPulumi: string; pulumi: string; typescript?: string; typesNode?: string };
}

export interface ExportResult {
  files: Record<string, string>;
  counts: Record<string, number>;
  /** `pulumi config set --secret` commands the user must run before `pulumi up`. */
  secrets: Array<{ key: string; command: string; what: string }>;
}

const lit = (v: unknown): string => JSON.stringify(v);

function objectLiteral(fields: Array<[string, string | undefined]>, indent: string): string {
  const lines = fields.filter(([, v]) => v !== undefined).map(([k, v]) => `${indent}  ${k}: ${v},`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function arrayLiteral(items: string[], indent: string): string {
  if (items.length === 0) return '[]';
  return `[\n${items.map((i) => `${indent}  ${i},`).join('\n')}\n${indent}]`;
}

interface Declared {
  kind: string;
  code: string;
}

export function renderProject(snapshot: OrganizationSnapshot, options: ExportOptions): ExportResult {
  const placement: Array<[string, string | undefined]> = [
    ['organizationId', options.organizationId !== undefined ? 'organizationId' : undefined],
    ['profile', options.profile !== undefined ? 'profile' : undefined],
  ];
  const declared: Declared[] = [];
  const secrets: ExportResult['secrets'] = [];
  const declare = (kind: string, type: string, name: string, fields: Array<[string, string | undefined]>, note?: string) => {
    const comment = note !== undefined ? `// ${note}\n` : '';
    declared.push({ kind, code: `${comment}new walletinfra.${type}(${lit(name)}, ${objectLiteral([...fields, ...placement], '')});` });
  };

  for (const { item: p, name } of assignNames(
    snapshot.policies,
    (p) => p.policyName,
    (p) => p.policyId,
    'policy',
  )) {
    declare('policies', 'Policy', name, [
      ['policyName', lit(p.policyName)],
      ['effect', lit(p.effect)],
      ['condition', p.condition !== '' ? lit(p.condition) : undefined],
      ['consensus', p.consensus !== '' ? lit(p.consensus) : undefined],
      ['notes', p.notes !== '' ? lit(p.notes) : undefined],
      ['time', p.time !== undefined && p.time !== '' ? lit(p.time) : undefined],
      ['adopt', `{ id: ${lit(p.policyId)} }`],
    ]);
  }

  for (const { item: e, name } of assignNames(
    snapshot.webhookEndpoints,
    (e) => e.name,
    (e) => e.endpointId,
    'webhook',
  )) {
    const subs = (e.subscriptions ?? []).map((s) =>
      objectLiteral(
        [
          ['eventType', lit(s.eventType)],
          ['filtersJson', s.filtersJson !== undefined && s.filtersJson !== '' ? lit(s.filtersJson) : undefined],
          ['isActive', s.isActive === false ? 'false' : undefined],
        ],
        '    ',
      ),
    );
    declare('webhookEndpoints', 'WebhookEndpoint', name, [
      ['name', lit(e.name)],
      ['url', lit(e.url)],
      ['subscriptions', subs.length > 0 ? arrayLiteral(subs, '  ') : undefined],
      ['isActive', e.isActive ? undefined : 'false'],
      ['adopt', `{ id: ${lit(e.endpointId)} }`],
    ]);
  }

  const fiatNames = assignNames(
    snapshot.fiatOnRampCredentials,
    (f) => `${f.onrampProvider.replace(/^FIAT_ON_RAMP_PROVIDER_/, '')} ${f.publishableApiKey}`,
    (f) => f.fiatOnrampCredentialId,
    'on-ramp',
  );
  for (const { item: f, name } of fiatNames) {
    const key = `${camel(name)}SecretApiKey`;
    secrets.push({
      key,
      command: `pulumi config set --secret ${key} <secret API key>`,
      what: `the secret API key of on-ramp credential ${f.fiatOnrampCredentialId}`,
    });
    let privateKey: string | undefined;
    if (f.encryptedPrivateApiKey !== undefined && f.encryptedPrivateApiKey !== '') {
      privateKey = `${camel(name)}PrivateApiKey`;
      secrets.push({
        key: privateKey,
        command: `pulumi config set --secret ${privateKey} <private API key>`,
        what: `the private API key of on-ramp credential ${f.fiatOnrampCredentialId}`,
      });
    }
    declare(
      'fiatOnRampCredentials',
      'FiatOnRampCredential',
      name,
      [
        ['onrampProvider', lit(f.onrampProvider)],
        ['projectId', f.projectId !== undefined && f.projectId !== '' ? lit(f.projectId) : undefined],
        ['publishableApiKey', lit(f.publishableApiKey)],
        ['secretApiKey', `config.requireSecret(${lit(key)})`],
        ['privateApiKey', privateKey !== undefined ? `config.requireSecret(${lit(privateKey)})` : undefined],
        ['sandboxMode', f.sandboxMode === true ? 'true' : undefined],
        ['adopt', `{ id: ${lit(f.fiatOnrampCredentialId)} }`],
      ],
      'The service never returns secrets: set them in stack config (see README.md).',
    );
  }

  const rules = (list: OrganizationSnapshot['ipAllowlist']) =>
    arrayLiteral(
      list.rules.map((r) =>
        r.label !== undefined && r.label !== '' ? `{ cidr: ${lit(r.cidr)}, label: ${lit(r.label)} }` : `{ cidr: ${lit(r.cidr)} }`,
      ),
      '  ',
    );
  const org = snapshot.ipAllowlist;
  if (!isEmptyAllowlist(org, false)) {
    declare('ipAllowlists', 'IpAllowlist', 'organization', [
      ['enabled', org.enabled === true ? 'true' : 'false'],
      ['rules', rules(org)],
      ['onEvaluationError', org.onEvaluationError === 'ALLOW' ? lit('ALLOW') : undefined],
      ['allowLockout', org.enabled === true && org.rules.length === 0 ? 'true' : undefined],
      ['adopt', `{ id: ${lit(ipAllowlistId(undefined))} }`],
    ]);
  }
  for (const { item: k, name } of assignNames(
    snapshot.keyAllowlists,
    (k) => `api-key ${k.apiKeyName}`,
    (k) => k.publicKey,
    'api-key',
  )) {
    declare('ipAllowlists', 'IpAllowlist', name, [
      ['publicKey', lit(k.publicKey)],
      ['rules', rules(k.allowlist)],
      ['onEvaluationError', k.allowlist.onEvaluationError === 'ALLOW' ? lit('ALLOW') : undefined],
      ['adopt', `{ id: ${lit(ipAllowlistId(k.publicKey))} }`],
    ]);
  }

  for (const { item: t, name } of assignNames(
    snapshot.privateKeyTags,
    (t) => t.tag.tagName,
    (t) => t.tag.tagId,
    'tag',
  )) {
    declare('privateKeyTags', 'PrivateKeyTag', name, [
      ['privateKeyTagName', lit(t.tag.tagName)],
      ['privateKeyIds', t.members.length > 0 ? arrayLiteral(t.members.map(lit), '  ') : undefined],
      ['adopt', `{ id: ${lit(t.tag.tagId)} }`],
    ]);
  }

  for (const { item: s, name } of assignNames(
    snapshot.sessionProfiles,
    (s) => s.sessionProfileName,
    (s) => s.sessionProfileId,
    'session-profile',
  )) {
    declare(
      'sessionProfiles',
      'SessionProfile',
      name,
      [
        ['sessionProfileName', lit(s.sessionProfileName)],
        ['scope', lit(s.scope)],
        ['expirationSeconds', s.expirationSeconds !== undefined && s.expirationSeconds !== '' ? lit(s.expirationSeconds) : undefined],
        ['notes', s.notes !== undefined && s.notes !== '' ? lit(s.notes) : undefined],
        ['adopt', `{ id: ${lit(s.sessionProfileId)} }`],
      ],
      'Session profiles cannot change or be deleted: any edit creates a new profile, destroy leaves it in place.',
    );
  }

  const counts: Record<string, number> = {};
  for (const d of declared) counts[d.kind] = (counts[d.kind] ?? 0) + 1;
  return { files: projectFiles(snapshot, options, declared, secrets), counts, secrets };
}

const SECTIONS: Array<[string, string]> = [
  ['policies', 'Policies'],
  ['webhookEndpoints', 'Webhook endpoints'],
  ['fiatOnRampCredentials', 'Fiat on-ramp credentials'],
  ['ipAllowlists', "IP allowlists (the organization's, then per API key)"],
  ['privateKeyTags', 'Private-key tags'],
  ['sessionProfiles', 'Session profiles'],
];

function projectFiles(
  snapshot: OrganizationSnapshot,
  options: ExportOptions,
  declared: Declared[],
  secrets: ExportResult['secrets'],
): Record<string, string> {
  const projectName = `walletinfra-${snapshot.organizationId.slice(0, 8)}`;
  const usesConfig = secrets.length > 0;
  const header = [
    `// Organization ${snapshot.organizationId}, exported by walletinfra-export. Every object is adopted (\`adopt: { id }\`):`,
    '// the first `pulumi up` takes them over without creating anything; from then on this file is the organization.',
    ...(usesConfig ? ["import * as pulumi from '@pulumi/pulumi';"] : []),
    "import * as walletinfra from '@walletinfra/pulumi';",
    '',
    ...(usesConfig ? ['const config = new pulumi.Config();'] : []),
    ...(options.organizationId !== undefined ? [`const organizationId = ${lit(options.organizationId)};`] : []),
    ...(options.profile !== undefined ? [`const profile = ${lit(options.profile)};`] : []),
  ];
  const body: string[] = [];
  for (const [kind, title] of SECTIONS) {
    const items = declared.filter((d) => d.kind === kind);
    if (items.length === 0) continue;
    body.push('', `// ---- ${title} ----`, '', items.map((d) => d.code).join('\n\n'));
  }
  // One blank line between blocks, whichever optional lines are present.
  const index = `${[...header, ...body].join('\n')}\n`.replace(/\n{3,}/g, '\n\n');

  const dependencies: Record<string, string> = {
    '@pulumi/pulumi': options.versions.pulumi,
    '@walletinfra/pulumi': options.versions.walletinfraPulumi,
  };
  const devDependencies: Record<string, string> = {};
  if (options.versions.typesNode !== undefined) devDependencies['@types/node'] = options.versions.typesNode;
  if (options.versions.typescript !== undefined) devDependencies.typescript = options.versions.typescript;
  const pkg = { name: projectName, private: true, main: 'index.ts', dependencies, devDependencies };

  const pulumiYaml = [
    `name: ${projectName}`,
    `description: Organization ${snapshot.organizationId}, exported by walletinfra-export`,
    'runtime:',
    '  name: nodejs',
    '  options:',
    '    typescript: true',
    'main: index.ts',
    '',
  ].join('\n');

  const tsconfig = {
    compilerOptions: {
      strict: true,
      target: 'ES2020',
      module: 'commonjs',
      moduleResolution: 'node',
      esModuleInterop: true,
      skipLibCheck: true,
    },
    files: ['index.ts'],
  };

  const countLines = SECTIONS.map(([kind, title]) => [title, declared.filter((d) => d.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([title, n]) => `- ${title}: ${n}`);
  const readme = [
    `# Organization ${snapshot.organizationId} as code`,
    '',
    'Written by `walletinfra-export`. `index.ts` declares every object the organization had, with its',
    'values as the service holds them and `adopt: { id }`, so the first `pulumi up` takes them over and',
    'creates nothing.',
    '',
    ...countLines,
    '',
    '## Next steps',
    '',
    '```sh',
    'npm install',
    'pulumi stack init <stack>',
    '# the credentials the provider uses (or walletinfra:* stack config, see the @walletinfra/pulumi README)',
    'export WALLETINFRA_ORGANIZATION_ID=' + (options.organizationId ?? snapshot.organizationId),
    'export WALLETINFRA_API_PUBLIC_KEY=<66 hex chars>',
    'export WALLETINFRA_API_PRIVATE_KEY=<64 hex chars>',
    ...secrets.map((s) => s.command),
    'pulumi preview          # adopts every object, creates none',
    'pulumi up',
    'pulumi preview --expect-no-changes',
    '```',
    '',
    secrets.length > 0
      ? 'The service never returns on-ramp secrets, so they are read from stack config:\n\n' +
        secrets.map((s) => `- \`${s.key}\`: ${s.what}`).join('\n')
      : 'Nothing needs a secret.',
    '',
    'Session profiles cannot be changed or deleted by the service: editing one creates a new profile, and',
    'removing one from the program leaves it in the organization (the provider says so in the output).',
    '',
  ].join('\n');

  return {
    'Pulumi.yaml': pulumiYaml,
    'package.json': `${JSON.stringify(pkg, null, 2)}\n`,
    'tsconfig.json': `${JSON.stringify(tsconfig, null, 2)}\n`,
    'index.ts': index,
    'README.md': readme,
  };
}
