// The native provider's reference docs (docs/native/), rendered from its schema the way Pulumi's registry
// renders a provider's pages (https://www.pulumi.com/docs/iac/extending-pulumi/schema/): a page per resource
// (description, an example in YAML, Python, Go and TypeScript, inputs, outputs, the types they use, how to
// import), one page for the functions, and an index with the package names of every SDK. `npm run schema`
// writes them; a test fails when the committed pages and the code disagree.
import { DATA_SOURCES } from '../datasources';
import type { AnyDataSource } from '../datasources/define';
import { ConfigSecret, type AnyKind, type ExampleValue } from '../resources/kind';
import { KINDS } from '../resources/kinds';
import { pascalCase, pythonName, SDK_PACKAGES } from './names';
import { functionToken, nameOfToken, resourceToken } from '../tokens';
import { configKeys, PROGRAM_LANGUAGES, renderProgram, type Program, type ProgramLanguage } from './examples';
import { ANY } from './schema/types';
import { importIdOf, importIdPlaceholder, type NamedTypeSpec, type PackageSchema, type PropertySpec, type TypeSpec } from './schema';

const FENCE: Record<ProgramLanguage, string> = { yaml: 'yaml', python: 'python', go: 'go', typescript: 'typescript' };
const TITLE: Record<ProgramLanguage, string> = {
  yaml: 'YAML',
  python: 'Python',
  go: 'Go',
  typescript: `TypeScript (${SDK_PACKAGES.nodejs})`,
};

/** A table cell: pipes escaped, line breaks as spaces. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n+/g, ' ');
}

function typeName(type: TypeSpec | undefined, link: (name: string) => string): string {
  if (type === undefined) return '';
  if (type.$ref === ANY.$ref) return 'any';
  if (type.$ref !== undefined) {
    const name = nameOfToken(type.$ref.replace(/^#\/types\//, ''));
    return link(name);
  }
  if (type.type === 'array') return `list of ${typeName(type.items, link)}`;
  if (type.type === 'object') return `map of ${typeName(type.additionalProperties, link)}`;
  return type.type ?? 'any';
}

/** The named types `properties` refer to, nested ones included, in order of first use. */
function typesUsed(schema: PackageSchema, properties: readonly PropertySpec[]): string[] {
  const seen: string[] = [];
  const visit = (type: TypeSpec | undefined): void => {
    if (type === undefined) return;
    if (type.$ref !== undefined && type.$ref.startsWith('#/types/')) {
      const token = type.$ref.replace(/^#\/types\//, '');
      if (seen.includes(token)) return;
      seen.push(token);
      const spec = schema.types[token];
      if (spec !== undefined && !('enum' in spec)) for (const p of Object.values(spec.properties)) visit(p);
      return;
    }
    visit(type.items);
    visit(type.additionalProperties);
  };
  properties.forEach(visit);
  return seen;
}

const anchor = (name: string): string => `[${name}](#${name.toLowerCase()})`;

function propertyTable(
  properties: Record<string, PropertySpec>,
  required: readonly string[],
  notes: (key: string, p: PropertySpec) => string[],
): string {
  const rows = Object.entries(properties).map(([key, p]) => {
    const text = [p.description ?? '', ...notes(key, p)].filter((t) => t !== '').join(' ');
    return `| \`${key}\` | ${cell(typeName(p, anchor))} | ${required.includes(key) ? 'yes' : ''} | ${cell(text)} |`;
  });
  return ['| property | type | required | description |', '|---|---|---|---|', ...rows].join('\n');
}

function typeSection(schema: PackageSchema, tokens: readonly string[]): string[] {
  if (tokens.length === 0) return [];
  const out = ['## Types', ''];
  for (const token of tokens) {
    const spec: NamedTypeSpec | undefined = schema.types[token];
    if (spec === undefined) continue;
    const name = nameOfToken(token);
    out.push(`### ${name}`, '');
    if (spec.description !== undefined) out.push(spec.description, '');
    if ('enum' in spec) {
      out.push(
        '| value | Python | Go | Node.js |',
        '|---|---|---|---|',
        ...spec.enum.map(
          (e) => `| \`${e.value}\` | \`${name}.${pythonName(e.name).toUpperCase()}\` | \`${name}${e.name}\` | \`${name}.${e.name}\` |`,
        ),
        '',
      );
    } else {
      out.push(
        propertyTable(spec.properties, spec.required ?? [], () => []),
        '',
      );
    }
  }
  return out;
}

/** A kind's example, or one made of its required inputs with placeholders. */
function exampleOf(kind: AnyKind, schema: PackageSchema): { name: string; properties: Readonly<Record<string, ExampleValue>> } {
  if (kind.example !== undefined) return kind.example;
  const spec = schema.resources[kind.nativeToken];
  const properties: Record<string, ExampleValue> = {};
  for (const key of spec?.requiredInputs ?? []) {
    const p = spec?.inputProperties[key];
    const enumSpec = p?.$ref !== undefined ? schema.types[p.$ref.replace(/^#\/types\//, '')] : undefined;
    properties[key] =
      enumSpec !== undefined && 'enum' in enumSpec
        ? (enumSpec.enum[0]?.value ?? '')
        : p?.type === 'boolean'
          ? false
          : p?.type === 'integer' || p?.type === 'number'
            ? 1
            : p?.type === 'array'
              ? []
              : `<${key}>`;
  }
  return { name: kind.member.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), properties };
}

function examples(kind: AnyKind, schema: PackageSchema): string[] {
  const example = exampleOf(kind, schema);
  const program: Program = { resources: [{ name: example.name, type: kind.type, properties: example.properties }] };
  const out = ['## Example', ''];
  for (const language of PROGRAM_LANGUAGES) {
    out.push(`### ${TITLE[language]}`, '', `\`\`\`${FENCE[language]}`, renderProgram(program, language, schema).trimEnd(), '```', '');
  }
  return [...out, ...configInstructions(program)];
}

/** The stack config an example reads, as the commands that set it (a secret with `--secret`). */
function configInstructions(program: Program): string[] {
  const keys = configKeys(program);
  if (keys.length === 0) return [];
  const what = keys.map((k) => `\`${k.key}\` (${k.what})`).join(', ');
  return [
    `The example reads the stack config ${what}; set ${keys.length === 1 ? 'it' : 'them'} first:`,
    '',
    '```sh',
    ...keys.map((k) => `pulumi config set ${k instanceof ConfigSecret ? '--secret ' : ''}${k.key} ${k.placeholder}`),
    '```',
    '',
  ];
}

export function resourcePage(kind: AnyKind, schema: PackageSchema): string {
  const spec = schema.resources[kind.nativeToken];
  if (spec === undefined) throw new Error(`the schema has no resource ${kind.nativeToken}`);
  const description = spec.description.split('\n## Import')[0]!.trim();
  const inputNotes = (_key: string, p: PropertySpec): string[] => [
    ...(p.secret === true ? ['Secret.'] : []),
    ...(p.replaceOnChanges === true && !/replaces/.test(p.description ?? '') ? [`Changing it replaces the ${kind.noun}.`] : []),
  ];
  const outputNotes = (_key: string, p: PropertySpec): string[] => (p.secret === true ? ['Secret.'] : []);
  const used = typesUsed(schema, [...Object.values(spec.inputProperties), ...Object.values(spec.properties)]);
  return [
    `# ${kind.type}`,
    '',
    `\`${kind.nativeToken}\` · aliased to \`${kind.dynamicToken}\`, so a stack of dynamic resources moves over without replacing anything.`,
    '',
    description,
    '',
    ...examples(kind, schema),
    '## Inputs',
    '',
    propertyTable(spec.inputProperties, spec.requiredInputs ?? [], inputNotes),
    '',
    '## Outputs',
    '',
    'Besides the resource `id`:',
    '',
    propertyTable(spec.properties, spec.required, outputNotes),
    '',
    ...typeSection(schema, used),
    '## Import',
    '',
    `By ${importIdOf(kind)}, in the organization of the provider's settings:`,
    '',
    '```sh',
    `pulumi import ${kind.nativeToken} <name> ${importIdPlaceholder(kind)}`,
    '```',
    '',
    'The provider reads the object and Pulumi writes its declaration (`pulumi import` prints it, or writes it with `--out`).',
    '',
  ].join('\n');
}

function functionNames(ds: AnyDataSource, schema: PackageSchema): string {
  const rest = ds.name.replace(/^get/, '');
  const go = ds.name.startsWith('get') && schema.resources[resourceToken(rest)] !== undefined ? `Lookup${rest}` : pascalCase(ds.name);
  return [
    `YAML \`fn::invoke: { function: ${functionToken(ds.name)} }\``,
    `Python \`walletinfra.${pythonName(ds.name)}()\` / \`${pythonName(ds.name)}_output()\``,
    `Go \`walletinfra.${go}\` / \`${go}Output\``,
    `Node.js \`walletinfra.${ds.name}()\` / \`${ds.name}Output()\``,
  ].join(' · ');
}

export function functionsPage(schema: PackageSchema, dataSources: readonly AnyDataSource[] = DATA_SOURCES): string {
  const out = [
    '# Functions',
    '',
    'Read-only lookups (Invoke). Each takes `profile` and (except those that need no API key) `organizationId`, like the resources. ' +
      'An argument of the wrong type or an unknown argument fails the call, naming it, before any request is sent.',
    '',
  ];
  const used: string[] = [];
  for (const ds of dataSources) {
    const spec = schema.functions[functionToken(ds.name)];
    if (spec === undefined) throw new Error(`the schema has no function ${ds.name}`);
    out.push(
      `## ${ds.name}`,
      '',
      spec.description,
      '',
      functionNames(ds, schema),
      '',
      '### Arguments',
      '',
      propertyTable(spec.inputs.properties, spec.inputs.required ?? [], () => []),
      '',
      '### Result',
      '',
      propertyTable(spec.outputs.properties, spec.outputs.required ?? [], (_k, p) => (p.secret === true ? ['Secret.'] : [])),
      '',
    );
    for (const t of typesUsed(schema, [...Object.values(spec.inputs.properties), ...Object.values(spec.outputs.properties)])) {
      if (!used.includes(t)) used.push(t);
    }
  }
  return [...out, ...typeSection(schema, used)].join('\n');
}

export function indexPage(schema: PackageSchema, kinds: readonly AnyKind[] = KINDS): string {
  return [
    '# The native provider: reference',
    '',
    'Generated from the provider\'s schema (`provider/schema.json`) by `npm run schema`; see the provider README, "Native provider", for installing ' +
      'the plugin and generating SDKs.',
    '',
    '| language | package | import |',
    '|---|---|---|',
    `| YAML | (none: the schema's types directly) | \`type: ${resourceToken('<Resource>')}\` |`,
    `| Python | \`${SDK_PACKAGES.python}\` | \`import ${SDK_PACKAGES.python} as walletinfra\` |`,
    `| Go | module \`${SDK_PACKAGES.goModule}\` | \`import "${SDK_PACKAGES.goImport}"\` |`,
    `| TypeScript / JavaScript | \`${SDK_PACKAGES.nodejs}\` | \`import * as walletinfra from '${SDK_PACKAGES.nodejs}'\` |`,
    '',
    '.NET and Java SDKs are not generated: they cannot be built or tested here.',
    '',
    '## Resources',
    '',
    '| resource | import id |',
    '|---|---|',
    ...kinds.map((k) => `| [${k.type}](${k.type}.md) | ${cell(importIdOf(k))} |`),
    '',
    `## [Functions](functions.md)`,
    '',
    Object.keys(schema.functions)
      .map((t) => `[\`${nameOfToken(t)}\`](functions.md#${nameOfToken(t).toLowerCase()})`)
      .join(' · '),
    '',
    '## Configuration',
    '',
    "The stack config `walletinfra:<key>`, or an explicit provider's arguments:",
    '',
    propertyTable(schema.config.variables, [], (_k, p) => (p.secret === true ? ['Secret.'] : [])),
    '',
  ].join('\n');
}

/** Every page of docs/native/, by file name. */
export function renderDocs(
  schema: PackageSchema,
  kinds: readonly AnyKind[] = KINDS,
  dataSources: readonly AnyDataSource[] = DATA_SOURCES,
): Record<string, string> {
  const pages: Record<string, string> = { 'README.md': indexPage(schema, kinds), 'functions.md': functionsPage(schema, dataSources) };
  for (const kind of kinds) pages[`${kind.type}.md`] = resourcePage(kind, schema);
  return pages;
}
