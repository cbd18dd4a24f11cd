// The project `walletinfra-export` writes for the native provider: the same declarations as the TypeScript
// export (./render.ts `declarationsOf`), written in YAML, Python, Go or TypeScript on the generated SDK by the
// native program renderer (../native/examples.ts), with each language's project files and a README that says
// how to get the plugin and the SDK. Every object keeps `adopt: { id }`, so the first `pulumi up` creates
// nothing.
import type { AnyKind, ConfigSecret } from '../resources/kind';
import { SDK_PACKAGES } from '../native/names';
import { PROGRAM_FILE, renderProgram, renderResource, type Program, type ProgramLanguage, type ProgramValue } from '../native/examples';
import { generateSchema, type PackageSchema } from '../native/schema';
import type { OrganizationSnapshot } from './snapshot';
import { nodejsProjectFiles } from './nodejs';
import { adoptionCommands, secretsParagraph } from './readme';
import type { Declaration, ExportOptions } from './types';

/** How a line comment starts in each language. */
const COMMENT: Record<ProgramLanguage, string> = { yaml: '#', python: '#', go: '//', typescript: '//' };

const PLUGIN = './node_modules/@walletinfra/pulumi/bin/pulumi-resource-walletinfra';

function program(declared: readonly Declaration[], options: Pick<ExportOptions, 'organizationId' | 'profile'>): Program {
  // Placement settings go before `adopt`, which stays last.
  const placement: Array<[string, ProgramValue]> = [
    ...(options.organizationId !== undefined ? [['organizationId', options.organizationId] as [string, ProgramValue]] : []),
    ...(options.profile !== undefined ? [['profile', options.profile] as [string, ProgramValue]] : []),
  ];
  return {
    resources: declared.map((d) => {
      const own = d.properties.filter(([k]) => k !== 'adopt');
      const adopt = d.properties.filter(([k]) => k === 'adopt');
      return {
        name: d.name,
        type: d.kind.type,
        properties: Object.fromEntries([...own, ...placement, ...adopt]),
        ...(d.retain !== undefined ? { retainOnDelete: true } : {}),
      };
    }),
  };
}

/**
 * One declaration on the native provider in `language`, as the export writes it into a program there (a
 * TypeScript one on the generated SDK): what a report shows to adopt one object, with the kind's notes.
 */
export function nativeDeclaration(d: Declaration, language: ProgramLanguage, schema: PackageSchema): string {
  const resource = program([d], {}).resources[0];
  if (resource === undefined) throw new Error(`no declaration for ${d.name}`);
  const notes = [d.kind.export.note, d.retain].filter((c) => c !== undefined).map((c) => `${COMMENT[language]} ${c}`);
  return [...notes, renderResource(resource, language, schema)].join('\n');
}

/** The steps that get the SDK a language's program imports (none for YAML). */
function sdkSteps(language: ProgramLanguage, version: string): string[] {
  const gen = (lang: string) => `pulumi package gen-sdk ${PLUGIN} --language ${lang} --out sdk`;
  switch (language) {
    case 'yaml':
      return [];
    case 'python':
      return [gen('python')];
    case 'go':
      return [
        gen('go'),
        `printf 'module ${SDK_PACKAGES.goModule}\\n\\ngo 1.25\\n\\nrequire github.com/pulumi/pulumi/sdk/v3 v3.248.0\\n' > sdk/go.mod`,
        'go mod tidy',
      ];
    case 'typescript':
      return [
        gen('nodejs'),
        '(cd sdk/nodejs && npx tsc && cp package.json bin/)',
        `npm install   # ${SDK_PACKAGES.nodejs} from ./sdk/nodejs/bin (${version})`,
      ];
  }
}

/** Pulumi.yaml and the language's dependency files. */
function projectFiles(language: ProgramLanguage, name: string, description: string, options: ExportOptions): Record<string, string> {
  const head = [`name: ${name}`, `description: ${description}`];
  switch (language) {
    case 'yaml':
      return { 'Pulumi.yaml': [...head, 'runtime: yaml', ''].join('\n') };
    case 'python':
      return {
        'Pulumi.yaml': [...head, 'runtime:', '  name: python', '  options:', '    toolchain: pip', '    virtualenv: venv', ''].join('\n'),
        // The generated SDK from ./sdk (pulumi install puts both into the virtualenv).
        'requirements.txt': [`pulumi==${options.versions.pulumi.replace(/^[\^~]/, '')}`, './sdk/python', ''].join('\n'),
      };
    case 'go':
      return {
        'Pulumi.yaml': [...head, 'runtime: go', ''].join('\n'),
        'go.mod': [
          `module ${name}`,
          '',
          'go 1.25',
          '',
          'require (',
          '\tgithub.com/pulumi/pulumi/sdk/v3 v3.248.0',
          `\t${SDK_PACKAGES.goModule} v0.0.0`,
          ')',
          '',
          `replace ${SDK_PACKAGES.goModule} => ./sdk`,
          '',
        ].join('\n'),
      };
    case 'typescript':
      return nodejsProjectFiles(name, description, options, { [SDK_PACKAGES.nodejs]: 'file:sdk/nodejs/bin' });
  }
}

const TITLE: Record<ProgramLanguage, string> = { yaml: 'YAML', python: 'Python', go: 'Go', typescript: 'TypeScript' };

export function nativeProjectFiles(
  snapshot: OrganizationSnapshot,
  options: ExportOptions,
  language: ProgramLanguage,
  declared: readonly Declaration[],
  secrets: readonly ConfigSecret[],
  kinds: readonly AnyKind[],
  sectionOf: (kind: AnyKind) => string,
): Record<string, string> {
  const name = `walletinfra-${snapshot.organizationId.slice(0, 8)}`;
  const description = `Organization ${snapshot.organizationId}, exported by walletinfra-export`;
  const c = COMMENT[language];
  const file = PROGRAM_FILE[language];
  const header = [
    `${c} Organization ${snapshot.organizationId}, exported by walletinfra-export (the walletinfra provider).`,
    `${c} Every object is adopted (\`adopt: { id }\`): the first \`pulumi up\` takes them over without creating anything.`,
    '',
  ].join('\n');
  const text = renderProgram(program(declared, options), language, generateSchema(kinds));
  const countLines = kinds
    .map((kind) => [sectionOf(kind), declared.filter((d) => d.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([title, n]) => `- ${title}: ${n}`);
  const version = options.versions.walletinfraPulumi;
  const readme = [
    `# Organization ${snapshot.organizationId} as code (${TITLE[language]})`,
    '',
    `Written by \`walletinfra-export --language ${language}\`. \`${file}\` declares every object the organization had`,
    'on the walletinfra native provider, with its values as the service holds them and `adopt: { id }`, so the',
    'first `pulumi up` takes them over and creates nothing.',
    '',
    ...countLines,
    '',
    '## Next steps',
    '',
    `The plugin comes with \`@walletinfra/pulumi\` ${version} (\`npm install @walletinfra/pulumi@${version}\` here, or`,
    '`pulumi plugin install resource walletinfra <version> -f <the packed plugin>`; see the @walletinfra/pulumi README,',
    '"Install the plugin"); with the npm package, add to Pulumi.yaml:',
    '',
    '```yaml',
    'plugins:',
    '  providers:',
    '    - name: walletinfra',
    '      path: ./node_modules/@walletinfra/pulumi/bin',
    '```',
    '',
    '```sh',
    ...sdkSteps(language, version),
    'pulumi stack init <stack>',
    `pulumi config set walletinfra:organizationId ${options.organizationId ?? snapshot.organizationId}`,
    'pulumi config set walletinfra:apiPublicKey <66 hex chars>',
    'pulumi config set --secret walletinfra:apiPrivateKey <64 hex chars>',
    ...adoptionCommands(secrets),
    '```',
    '',
    secretsParagraph(secrets),
    '',
  ].join('\n');
  return { ...projectFiles(language, name, description, options), [file]: `${header}${text}`, 'README.md': readme };
}
