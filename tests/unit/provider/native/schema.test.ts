// The native provider's schema is generated from the declarations, and what is committed from it
// (provider/schema.json, docs/native/) is exactly what the code generates: a change to a kind, a data source or
// a setting that is not regenerated fails here with the command that regenerates. The schema says what the
// declarations say: every kind a resource with its documented inputs and outputs, its secrets, the properties
// whose change replaces it and the dynamic type it is aliased to, and every data source a function.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_SOURCES } from '@walletinfra/pulumi/datasources';
import { renderDocs } from '@walletinfra/pulumi/native/docs';
import { functionToken } from '@walletinfra/pulumi/tokens';
import { generateSchema, importIdOf, schemaFileText, type PropertySpec, type TypeSpec } from '@walletinfra/pulumi/native/schema';
import { ANY, unionType } from '@walletinfra/pulumi/native/schema/types';
import type { AnyKind } from '@walletinfra/pulumi/resources/kind';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';

const ROOT = join(__dirname, '../../../..');
const REGENERATE = 'npm run schema';
const schema = generateSchema();

function stale(file: string): string {
  return `${file} does not match the code; regenerate it with \`${REGENERATE}\` and commit the result`;
}

test('provider/schema.json is the schema the code generates', () => {
  const committed = readFileSync(join(ROOT, 'provider', 'schema.json'), 'utf8');
  const generated = schemaFileText(schema);
  if (committed !== generated) throw new Error(stale('provider/schema.json'));
  expect(committed).toBe(generated);
});

test('docs/native/ holds exactly the pages the schema renders', () => {
  const pages = renderDocs(schema);
  const dir = join(ROOT, 'docs', 'native');
  const files = readdirSync(dir).filter((f) => f.endsWith('.md'));
  expect(files.sort()).toEqual(Object.keys(pages).sort());
  for (const [file, text] of Object.entries(pages)) {
    if (readFileSync(join(dir, file), 'utf8') !== text) throw new Error(stale(`docs/native/${file}`));
  }
});

test('package.json names the command that regenerates them', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  expect(pkg.scripts.schema).toBe('tsc -b provider && node scripts/native-schema.js');
});

/** Every `$ref` in a type, nested ones included. */
function refs(type: TypeSpec | undefined): string[] {
  if (type === undefined) return [];
  return [...(type.$ref !== undefined ? [type.$ref] : []), ...refs(type.items), ...refs(type.additionalProperties)];
}

test('every type a property names is declared, and every declared type is used', () => {
  const properties: PropertySpec[] = [
    ...Object.values(schema.resources).flatMap((r) => [...Object.values(r.inputProperties), ...Object.values(r.properties)]),
    ...Object.values(schema.functions).flatMap((f) => [...Object.values(f.inputs.properties), ...Object.values(f.outputs.properties)]),
    ...Object.values(schema.types).flatMap((t) => ('enum' in t ? [] : Object.values(t.properties))),
    ...Object.values(schema.config.variables),
  ];
  const used = new Set(
    properties
      .flatMap(refs)
      .filter((r) => r.startsWith('#/types/'))
      .map((r) => r.replace('#/types/', '')),
  );
  expect([...used].filter((t) => schema.types[t] === undefined)).toEqual([]);
  expect(Object.keys(schema.types).filter((t) => !used.has(t))).toEqual([]);
  expect(properties.flatMap(refs).filter((r) => !r.startsWith('#/types/') && r !== 'pulumi.json#/Any')).toEqual([]);
});

// Pulumi's Python SDK fails on a union-typed input before anything is sent ("Unexpected type. Expected 'list' got
// 'typing.Union[...]'", pulumi/pulumi#17181), so the schema holds no union anywhere: not in resources, functions,
// types or the configuration.
test('the schema holds no union type anywhere', () => {
  const unions: string[] = [];
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
    else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (['oneOf', 'anyOf', 'allOf'].includes(k)) unions.push(`${path}.${k}`);
        walk(v, `${path}.${k}`);
      }
    }
  };
  walk(JSON.parse(readFileSync(join(ROOT, 'provider', 'schema.json'), 'utf8')), 'schema');
  expect(unions).toEqual([]);
});

test('a union of the declarations becomes the one type that takes every variant', () => {
  expect(unionType([{ type: 'string' }, { type: 'integer' }])).toEqual({ type: 'string' });
  expect(unionType([{ type: 'integer' }, { type: 'number' }])).toEqual({ type: 'number' });
  expect(unionType([{ type: 'boolean' }, { type: 'boolean' }])).toEqual({ type: 'boolean' });
  expect(unionType([{ type: 'boolean' }, { type: 'integer' }])).toEqual(ANY);
  expect(unionType([{ type: 'string' }, { type: 'array', items: ANY }, { type: 'object', additionalProperties: ANY }])).toEqual(ANY);
  expect(unionType([{ type: 'string' }, { $ref: '#/types/walletinfra:index:PolicyEffect' }])).toEqual(ANY);
});

describe.each(KINDS.map((k) => [k.type, k as AnyKind] as const))('resource %s', (_type, kind) => {
  const resource = schema.resources[kind.nativeToken]!;

  test('takes its declared inputs and the common ones, returns its declared outputs and its placement, each documented', () => {
    expect(Object.keys(resource.inputProperties)).toEqual([...Object.keys(kind.args.shape), 'organizationId', 'profile', 'adopt']);
    expect(Object.keys(resource.properties)).toEqual([...Object.keys(kind.outputs.shape), 'organizationId', 'profile', 'adopt']);
    const undocumented = [...Object.entries(resource.inputProperties), ...Object.entries(resource.properties)].filter(
      ([, p]) => (p.description ?? '').trim() === '',
    );
    expect(undocumented).toEqual([]);
    expect(resource.required).toContain('organizationId');
  });

  test('marks its secrets, and the properties whose change replaces it as its field table says', () => {
    const marked = (props: Record<string, PropertySpec>, mark: 'secret' | 'replaceOnChanges') =>
      Object.keys(props).filter((k) => props[k]![mark] === true);
    expect(marked(resource.inputProperties, 'secret').sort()).toEqual([...(kind.secrets?.inputs ?? [])].sort());
    expect(marked(resource.properties, 'secret').sort()).toEqual([...(kind.secrets?.outputs ?? [])].sort());
    const replaces = kind.replaceKeys.flatMap((f) => kind.inputNames?.[f] ?? [f]);
    expect(marked(resource.inputProperties, 'replaceOnChanges').sort()).toEqual(
      replaces.filter((k) => k in resource.inputProperties).sort(),
    );
    expect(marked(resource.properties, 'replaceOnChanges')).toContain('organizationId');
  });

  test('is aliased to the dynamic type its existing resources have, and says what pulumi import takes', () => {
    expect(resource.aliases).toEqual([{ type: kind.dynamicToken }]);
    expect(resource.description).toContain(`pulumi import ${kind.nativeToken} <name> `);
    expect(importIdOf(kind).trim()).not.toBe('');
    // A kind addressed by scope (no service id) must say what its id is.
    expect(kind.shape === 'listed' ? kind.idProperty : kind.importId).not.toBe('');
  });

  test('declares an example for its docs', () => {
    expect(kind.example).toBeDefined();
  });
});

test('every data source is a function with documented arguments and results', () => {
  expect(Object.keys(schema.functions)).toEqual(DATA_SOURCES.map((d) => functionToken(d.name)));
  for (const ds of DATA_SOURCES) {
    const fn = schema.functions[functionToken(ds.name)]!;
    expect(Object.keys(fn.inputs.properties)).toEqual([...ds.argumentKeys]);
    const undocumented = [...Object.entries(fn.inputs.properties), ...Object.entries(fn.outputs.properties)].filter(
      ([, p]) => (p.description ?? '').trim() === '',
    );
    expect([ds.name, undocumented]).toEqual([ds.name, []]);
  }
  const credentials = schema.functions['walletinfra:index:getFiatOnRampCredentials']!;
  expect(credentials.outputs.properties.fiatOnRampCredentials!.secret).toBe(true);
});

test('the configuration is every setting, secrets marked', () => {
  expect(schema.config.variables).toEqual(schema.provider.inputProperties);
  expect(schema.config.variables.apiPrivateKey).toMatchObject({ type: 'string', secret: true });
  expect(schema.config.variables.profiles).toMatchObject({ type: 'string', secret: true });
  expect(schema.config.variables.maxRetries?.type).toBe('integer');
  expect(schema.config.variables.allowLoopbackWebhookUrls?.type).toBe('boolean');
});

test('names and enum members: an enum of the sdk is a named type with the values the wire takes', () => {
  expect(schema.types['walletinfra:index:PolicyEffect']).toEqual({
    type: 'string',
    enum: [
      { name: 'Allow', value: 'EFFECT_ALLOW' },
      { name: 'Deny', value: 'EFFECT_DENY' },
    ],
  });
  expect(schema.resources['walletinfra:index:Policy']!.inputProperties.effect).toMatchObject({
    $ref: '#/types/walletinfra:index:PolicyEffect',
  });
  // Unions of the declarations, as one type every SDK takes (below): an expiration as text (YAML coerces a
  // number), an ABI or IDL as Any (a list, an object or JSON text).
  expect(schema.resources['walletinfra:index:SessionProfile']!.inputProperties.expirationSeconds).toMatchObject({ type: 'string' });
  expect(schema.resources['walletinfra:index:SmartContractInterface']!.inputProperties.smartContractInterface).toMatchObject({
    $ref: 'pulumi.json#/Any',
  });
  expect(schema.language).toEqual({
    nodejs: { packageName: '@walletinfra/pulumi-native', dependencies: { '@pulumi/pulumi': '^3.248.0' }, respectSchemaVersion: true },
    python: { packageName: 'pulumi_walletinfra', requires: { pulumi: '>=3.248.0,<4.0.0' }, respectSchemaVersion: true },
    go: {
      importBasePath: 'github.com/walletinfra/walletinfra/sdk/go/walletinfra',
      generateResourceContainerTypes: false,
      respectSchemaVersion: true,
    },
  });
});
