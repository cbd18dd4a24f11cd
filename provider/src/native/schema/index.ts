// The native provider's Pulumi package schema (https://www.pulumi.com/docs/iac/extending-pulumi/schema/),
// generated from the declarations: every resource kind (../../resources/kinds.ts: its zod `args` and
// `outputs`, the documentation of each property, its secrets, the field table's replacements, the dynamic
// type it is aliased to), every data source as a function (../../datasources), and the provider's settings
// (../../config/settings.ts). Nobody writes it by hand: `npm run schema` writes provider/schema.json, and a
// test fails when that file and this code disagree. The SDKs of every language and the docs (docs/native/)
// are generated from it.
import type { z } from 'zod';
import { PageInfo, Pagination, Timestamp } from '@walletinfra/sdk/schemas';
import { CONFIG_NAMESPACE, KNOWN_KEYS, SETTING_KEYS, SettingsSchema, metaOf, type SettingKey } from '../../config';
import { DATA_SOURCES } from '../../datasources';
import { SELECTOR_DOCS, type AnyDataSource } from '../../datasources/define';
import { COMMON_INPUTS, type AnyKind } from '../../resources/kind';
import { KINDS } from '../../resources/kinds';
import { SDK_PACKAGES } from '../names';
import { functionToken, PACKAGE, typeToken } from '../../tokens';
import { jsonSchemaOf, TypeCollector, type NamedTypeSpec, type ObjectTypeSpec, type PropertySpec } from './types';

export type { PropertySpec, ObjectTypeSpec, NamedTypeSpec, TypeSpec, EnumTypeSpec } from './types';

export interface ResourceSpec {
  description: string;
  inputProperties: Record<string, PropertySpec>;
  requiredInputs?: string[];
  properties: Record<string, PropertySpec>;
  required: string[];
  aliases: Array<{ type: string }>;
}

export interface FunctionSpec {
  description: string;
  inputs: ObjectTypeSpec;
  outputs: ObjectTypeSpec;
}

export interface PackageSchema {
  name: string;
  displayName: string;
  description: string;
  keywords: string[];
  homepage: string;
  repository: string;
  license: string;
  publisher: string;
  version?: string;
  meta: { moduleFormat: string };
  config: { variables: Record<string, PropertySpec> };
  provider: { description: string; inputProperties: Record<string, PropertySpec> };
  types: Record<string, NamedTypeSpec>;
  resources: Record<string, ResourceSpec>;
  functions: Record<string, FunctionSpec>;
  language: Record<string, unknown>;
}

/** Shapes the sdk uses in many places, named once. */
export const WELL_KNOWN = [
  { name: 'Timestamp', schema: Timestamp },
  { name: 'Pagination', schema: Pagination },
  { name: 'PageInfo', schema: PageInfo },
];

function settingSpec(key: SettingKey): PropertySpec {
  const meta = metaOf(key);
  // The setting's type is its default's; settings without a default (the credentials) are text.
  const parsed = SettingsSchema.shape[key].safeParse(undefined);
  const fallback: unknown = parsed.success ? parsed.data : undefined;
  const type = typeof fallback === 'number' ? 'integer' : typeof fallback === 'boolean' ? 'boolean' : 'string';
  return { type, description: meta.description, ...(meta.secret === true ? { secret: true } : {}) };
}

/** The provider's settings: the stack config `walletinfra:*`, and an explicit provider's arguments. */
export function settingsProperties(): Record<string, PropertySpec> {
  const out: Record<string, PropertySpec> = {};
  for (const key of SETTING_KEYS) out[key] = settingSpec(key);
  out.profiles = {
    type: 'string',
    description:
      `Named credentials, a JSON object of profiles (\`${CONFIG_NAMESPACE}:profiles\`, provider README "Several organizations"); ` +
      'a resource or function selects one with `profile`.',
    secret: true,
  };
  if (Object.keys(out).length !== KNOWN_KEYS.length) throw new Error('the schema lists a setting the provider does not know');
  return out;
}

/** The input names that stand for a service field (a secret given in plain text or encrypted). */
function inputNames(kind: AnyKind, fields: readonly string[]): string[] {
  return fields.flatMap((f) => kind.inputNames?.[f] ?? [f]);
}

/** What `pulumi import` takes as a kind's id, as the docs and the schema say it. */
export function importIdOf(kind: AnyKind): string {
  // A kind addressed by its organization or scope says what its id is.
  return kind.shape === 'listed' ? `the ${kind.noun}'s id (\`${kind.idProperty}\`)` : kind.importId;
}

/** The placeholder for the import id in the example command. */
export function importIdPlaceholder(kind: AnyKind): string {
  return kind.shape === 'listed' ? `<${kind.idProperty}>` : '<id>';
}

function resourceDescription(kind: AnyKind): string {
  return [
    kind.description,
    '',
    '## Import',
    '',
    `Import an existing ${kind.noun} by ${importIdOf(kind)}; the provider reads it with the provider's credentials and organization:`,
    '',
    '```sh',
    `$ pulumi import ${kind.nativeToken} <name> ${importIdPlaceholder(kind)}`,
    '```',
  ].join('\n');
}

function commonInputs(kind: AnyKind, collector: TypeCollector): Record<string, PropertySpec> {
  const adoptType = `${kind.type}Adopt`;
  collector.types.set(typeToken(adoptType), {
    type: 'object',
    description: `How to take over an existing ${kind.noun}: exactly one of \`id\` and \`${kind.adopt.flag}\`.`,
    properties: {
      id: { type: 'string', description: `Take over the ${kind.noun} with this id.` },
      [kind.adopt.flag]: { type: 'boolean', description: kind.adopt.doc },
    },
  });
  return {
    organizationId: {
      type: 'string',
      description: `The organization to manage the ${kind.noun} in (default: the credentials' organization).`,
    },
    profile: {
      type: 'string',
      description: "Named credentials from `walletinfra:profiles` that this resource's calls use (default: the provider's settings).",
    },
    adopt: {
      $ref: `#/types/${typeToken(adoptType)}`,
      description:
        `Take over an existing ${kind.noun} instead of creating one (provider README, "Adopting existing objects"); read only on create. ` +
        '`pulumi import` does the same without a program change.',
    },
  };
}

/** Documentation, secrecy and replacement marks on a kind's properties. */
function annotate(
  kind: AnyKind,
  properties: Record<string, PropertySpec>,
  secrets: readonly string[],
  replaces: readonly string[],
): Record<string, PropertySpec> {
  const docs = kind.docs as Record<string, string>;
  return Object.fromEntries(
    Object.entries(properties).map(([key, spec]) => [
      key,
      {
        ...spec,
        ...(docs[key] !== undefined ? { description: docs[key] } : {}),
        ...(secrets.includes(key) ? { secret: true } : {}),
        ...(replaces.includes(key) ? { replaceOnChanges: true } : {}),
      },
    ]),
  );
}

export function resourceSpec(kind: AnyKind, collector: TypeCollector): ResourceSpec {
  const replaces = inputNames(kind, kind.replaceKeys);
  const args = collector.objectOf(jsonSchemaOf(kind.args, 'input'), kind.type);
  const outputs = collector.objectOf(jsonSchemaOf(kind.outputs, 'output'), kind.type);
  const common = commonInputs(kind, collector);
  const inputProperties = annotate(kind, { ...args.properties, ...common }, kind.secrets?.inputs ?? [], replaces);
  const placement = {
    organizationId: { ...common.organizationId!, description: `The organization the ${kind.noun} is in.` },
    profile: common.profile!,
    adopt: common.adopt!,
  };
  const properties = annotate(kind, { ...outputs.properties, ...placement }, kind.secrets?.outputs ?? [], replaces);
  const requiredInputs = args.required ?? [];
  if (COMMON_INPUTS.some((k) => k in args.properties)) throw new Error(`resource kind ${kind.type}: an input shadows a common input`);
  return {
    description: resourceDescription(kind),
    inputProperties,
    ...(requiredInputs.length > 0 ? { requiredInputs } : {}),
    properties,
    required: [...(outputs.required ?? []), 'organizationId'],
    aliases: [{ type: kind.dynamicToken }],
  };
}

export function functionSpec(ds: AnyDataSource, collector: TypeCollector): FunctionSpec {
  const owner = ds.name[0]!.toUpperCase() + ds.name.slice(1);
  const docs = ds.docs as Record<string, string>;
  const described = (properties: Record<string, PropertySpec>, overrides: Record<string, string> = {}) =>
    Object.fromEntries(
      Object.entries(properties).map(([key, spec]) => {
        const description = overrides[key] ?? docs[key];
        const secret = ds.secretResults?.includes(key) === true;
        return [key, { ...spec, ...(description !== undefined ? { description } : {}), ...(secret ? { secret: true } : {}) }];
      }),
    );
  const inputs = collector.objectOf(jsonSchemaOf(ds.allArgs, 'input'), owner);
  const outputs = collector.objectOf(jsonSchemaOf(ds.result as z.ZodObject, 'output'), owner);
  const selectorDocs: Record<string, string> = { ...SELECTOR_DOCS };
  return {
    description: ds.description,
    inputs: { ...inputs, properties: described(inputs.properties, selectorDocs) },
    outputs: { ...outputs, properties: described(outputs.properties) },
  };
}

function sortedRecord<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function generateSchema(kinds: readonly AnyKind[] = KINDS, dataSources: readonly AnyDataSource[] = DATA_SOURCES): PackageSchema {
  const collector = new TypeCollector(WELL_KNOWN);
  const resources: Record<string, ResourceSpec> = {};
  for (const kind of kinds) resources[kind.nativeToken] = resourceSpec(kind, collector);
  const functions: Record<string, FunctionSpec> = {};
  for (const ds of dataSources) functions[functionToken(ds.name)] = functionSpec(ds, collector);
  for (const token of Object.keys(resources)) {
    if (collector.types.has(token)) throw new Error(`${token} is both a resource and a type`);
  }
  const settings = settingsProperties();
  return {
    name: PACKAGE,
    displayName: 'Wallet infrastructure',
    description: 'Policies, webhooks, credentials and the other organization settings of the hosted wallet service (Turnkey), as code.',
    keywords: ['pulumi', PACKAGE, 'turnkey', 'wallet', 'category/infrastructure', 'kind/native'],
    homepage: 'https://github.com/walletinfra/walletinfra/tree/main/provider#readme',
    repository: 'https://github.com/walletinfra/walletinfra',
    license: 'Apache-2.0',
    publisher: 'walletinfra',
    meta: { moduleFormat: '(.*)' },
    config: { variables: settings },
    provider: {
      description: 'The walletinfra provider: credentials, endpoints and limits (the same settings as the stack config).',
      inputProperties: settings,
    },
    types: sortedRecord(Object.fromEntries(collector.types)),
    resources,
    functions,
    language: {
      // respectSchemaVersion: each SDK carries the schema's version, the plugin's, and asks the engine for it.
      nodejs: { packageName: SDK_PACKAGES.nodejs, dependencies: { '@pulumi/pulumi': '^3.248.0' }, respectSchemaVersion: true },
      python: { packageName: SDK_PACKAGES.python, requires: { pulumi: '>=3.248.0,<4.0.0' }, respectSchemaVersion: true },
      go: { importBasePath: SDK_PACKAGES.goImport, generateResourceContainerTypes: false, respectSchemaVersion: true },
    },
  };
}

let cached: string | undefined;

/** The schema as GetSchema serves it (the plugin adds its version). */
export function schemaText(): string {
  cached ??= JSON.stringify(generateSchema());
  return cached;
}

/** provider/schema.json's content: the schema, formatted, without a version (the plugin's is added when served). */
export function schemaFileText(schema: PackageSchema = generateSchema()): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
