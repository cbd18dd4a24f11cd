// The project `walletinfra-export` writes, as a pure function of what it read: every object declared with
// its current values and `adopt: { id }`, in a fixed order, so exporting twice writes identical files.
// Each kind says how its objects read as declarations (../resources/kind.ts `export`); the declarations are
// language-neutral, and the TypeScript program is rendered from them. Values are written as the service
// holds them (JSON string literals are exact TypeScript literals); what cannot be read back (on-ramp
// secrets) is never invented but read from stack config.
import { sameValue } from '../resources/common/diff';
import { ConfigSecret, inputsOfOutputs, type AnyKind, type ExportValue } from '../resources/kind';
import { KINDS } from '../resources/kinds';
import { assignNames, camel } from './names';
import { nativeProjectFiles } from './native';
import type { OrganizationSnapshot } from './snapshot';
import { nodejsProjectFiles } from './nodejs';
import type { Declaration, ExportOptions, ExportResult } from './types';

export type { Declaration, ExportOptions, ExportResult } from './types';
import { adoptionCommands, secretsParagraph } from './readme';

/** A value worth writing: not absent, not empty, not the kind's default for the property. */
function worthWriting(kind: AnyKind, key: string, value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  const fallback = (kind.defaults as Record<string, unknown>)[key];
  return fallback === undefined || !sameValue(value, fallback);
}

/** The inputs the live object implies, in the order of the kind's `args`, without what need not be written. */
function defaultProperties(kind: AnyKind, live: unknown): Array<[string, ExportValue | undefined]> {
  const inputs = inputsOfOutputs(kind, kind.fromLive(live, { organizationId: '' }));
  return Object.keys(kind.args.shape).map((key) => [key, worthWriting(kind, key, inputs[key]) ? (inputs[key] as ExportValue) : undefined]);
}

/** Every object of the snapshot as a declaration, kind by kind, with stable names; and the secrets they read. */
export function declarationsOf(
  snapshot: OrganizationSnapshot,
  kinds: readonly AnyKind[] = KINDS,
): { declarations: Declaration[]; secrets: ConfigSecret[] } {
  const declarations: Declaration[] = [];
  const secrets: ConfigSecret[] = [];
  for (const kind of kinds) {
    const items = snapshot.objects[kind.type] ?? [];
    const idOf = (live: unknown): string => kind.export.id?.(live) ?? (kind.shape === 'listed' ? kind.listing.idOf(live) : '');
    for (const { item, name } of assignNames(items, (live) => kind.export.name(live), idOf, kind.export.fallback)) {
      const secret = (suffix: string, what: string, placeholder: string): ConfigSecret => {
        const made = new ConfigSecret(`${camel(name)}${suffix}`, what, placeholder);
        secrets.push(made);
        return made;
      };
      const properties = (kind.export.properties?.(item, secret) ?? defaultProperties(kind, item)).filter(
        (p): p is [string, ExportValue] => p[1] !== undefined,
      );
      const retain = kind.export.retain?.(item, snapshot);
      declarations.push({
        kind,
        name,
        properties: [...properties, ['adopt', { id: idOf(item) }]],
        ...(retain !== undefined ? { retain } : {}),
      });
    }
  }
  return { declarations, secrets };
}

const lit = (v: unknown): string => JSON.stringify(v);

/** A value as TypeScript: flat objects on one line, everything else one element or property per line. */
function tsValue(value: ExportValue, indent: string): string {
  if (value instanceof ConfigSecret) return `config.requireSecret(${lit(value.key)})`;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${(value as readonly ExportValue[]).map((v) => `${indent}  ${tsValue(v, `${indent}  `)},`).join('\n')}\n${indent}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, ExportValue>);
    const inline = `{ ${entries.map(([k, v]) => `${k}: ${tsValue(v, indent)}`).join(', ')} }`;
    if (entries.every(([, v]) => typeof v !== 'object')) return inline;
    return `{\n${entries.map(([k, v]) => `${indent}  ${k}: ${tsValue(v, `${indent}  `)},`).join('\n')}\n${indent}}`;
  }
  return lit(value);
}

/** One declaration as TypeScript (`placement`: properties written as code, e.g. `organizationId`). */
export function tsDeclaration(d: Declaration, placement: Array<[string, string]> = []): string {
  const lines = [...d.properties.map(([k, v]) => `  ${k}: ${tsValue(v, '  ')},`), ...placement.map(([k, v]) => `  ${k}: ${v},`)];
  const comments = [d.kind.export.note, d.retain].filter((c) => c !== undefined).map((c) => `// ${c}\n`);
  return `${comments.join('')}new walletinfra.${d.kind.type}(${lit(d.name)}, {\n${lines.join('\n')}\n}${d.retain !== undefined ? ', { retainOnDelete: true }' : ''});`;
}

/** A kind's section heading in the program and the README. */
function sectionOf(kind: AnyKind): string {
  return kind.export.section ?? kind.plural.charAt(0).toUpperCase() + kind.plural.slice(1);
}

export function renderProject(snapshot: OrganizationSnapshot, options: ExportOptions, kinds: readonly AnyKind[] = KINDS): ExportResult {
  const { declarations, secrets } = declarationsOf(snapshot, kinds);
  const counts: Record<string, number> = {};
  for (const d of declarations) counts[d.kind.type] = (counts[d.kind.type] ?? 0) + 1;
  const language = options.language ?? 'typescript';
  const native = language !== 'typescript' || options.native === true;
  return {
    files: native
      ? nativeProjectFiles(snapshot, options, language, declarations, secrets, kinds, sectionOf)
      : projectFiles({ snapshot, options, declared: declarations, secrets, kinds }),
    counts,
    secrets: secrets.map((s) => ({ key: s.key, command: `pulumi config set --secret ${s.key} ${s.placeholder}`, what: s.what })),
  };
}

/** What a project is written from: the organization read, the options, the declarations, the secrets they read. */
interface Project {
  snapshot: OrganizationSnapshot;
  options: ExportOptions;
  declared: readonly Declaration[];
  secrets: readonly ConfigSecret[];
  kinds: readonly AnyKind[];
}

/** The TypeScript project: Pulumi.yaml, package.json, tsconfig.json, index.ts with every declaration, a README. */
function projectFiles(project: Project): Record<string, string> {
  const { snapshot, options } = project;
  const projectName = `walletinfra-${snapshot.organizationId.slice(0, 8)}`;
  return {
    ...nodejsProjectFiles(projectName, `Organization ${snapshot.organizationId}, exported by walletinfra-export`, options),
    'index.ts': indexFile(project),
    'README.md': readmeFile(project),
  };
}

/** index.ts: the settings it reads, then every declaration, kind by kind. */
function indexFile({ snapshot, options, declared, secrets, kinds }: Project): string {
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
  const placement: Array<[string, string]> = [
    ...(options.organizationId !== undefined ? [['organizationId', 'organizationId'] as [string, string]] : []),
    ...(options.profile !== undefined ? [['profile', 'profile'] as [string, string]] : []),
  ];
  const body: string[] = [];
  for (const kind of kinds) {
    const items = declared.filter((d) => d.kind === kind);
    if (items.length === 0) continue;
    body.push('', `// ---- ${sectionOf(kind)} ----`, '', items.map((d) => tsDeclaration(d, placement)).join('\n\n'));
  }
  // One blank line between blocks, whichever optional lines are present.
  return `${[...header, ...body].join('\n')}\n`.replace(/\n{3,}/g, '\n\n');
}

/** README.md: what the project declares, kind by kind, and the commands that take the organization over. */
function readmeFile({ snapshot, options, declared, secrets, kinds }: Project): string {
  const countLines = kinds
    .map((kind) => [sectionOf(kind), declared.filter((d) => d.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([title, n]) => `- ${title}: ${n}`);
  return [
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
    ...adoptionCommands(secrets),
    '```',
    '',
    secretsParagraph(secrets),
    '',
    'Session profiles cannot be changed or deleted by the service: editing one creates a new profile, and',
    'removing one from the program leaves it in the organization (the provider says so in the output).',
    '',
  ].join('\n');
}
