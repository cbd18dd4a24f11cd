// A Pulumi program on the native provider, written in YAML, Python, Go or TypeScript (on the generated Node.js
// SDK) from one language-neutral description: resources with their properties, function calls, and stack
// outputs. The schema supplies what each language needs (Go's input types, enum names, which functions Go
// calls `Lookup*`); names follow each SDK generator's rules (pkg/codegen of github.com/pulumi/pulumi). The
// docs' examples (docs/native/) and the end-to-end programs are written with it, and so can the tools that
// write programs for native stacks.
import { stringify } from 'yaml';
import { ConfigSecret, ConfigValue, type ExportValue } from '../resources/kind';
import { pascalCase, pythonName, SDK_PACKAGES } from './names';
import { functionToken, nameOfToken, resourceToken } from '../tokens';
import type { EnumTypeSpec, NamedTypeSpec, PackageSchema, PropertySpec, TypeSpec } from './schema';
import { ANY } from './schema/types';

const ANY_REF = ANY.$ref;

export type ProgramLanguage = 'yaml' | 'python' | 'go' | 'typescript';

/**
 * The package a TypeScript program imports: the generated SDK (`native`), or the dynamic classes of
 * `@walletinfra/pulumi` (`dynamic`, same arguments; enum-typed properties take the service's values, which the
 * generated SDK's enum types accept too, so a dynamic program moves to the SDK by its import alone).
 */
export type TypeScriptPackage = 'native' | 'dynamic';

export interface RenderOptions {
  /** TypeScript only (default `native`). */
  typescriptPackage?: TypeScriptPackage;
}

/** The module a TypeScript program on each package imports. */
export const TYPESCRIPT_MODULE: Record<TypeScriptPackage, string> = {
  native: SDK_PACKAGES.nodejs,
  dynamic: '@walletinfra/pulumi',
};
export const PROGRAM_LANGUAGES: readonly ProgramLanguage[] = ['yaml', 'python', 'go', 'typescript'];

/** An output of a resource or a function call of the program: `policy.policyId`, `seed.policy.policyName`. */
export class OutputRef {
  constructor(
    readonly name: string,
    readonly path: readonly string[],
  ) {}
}

/** A literal the program marks secret. */
export class SecretLiteral {
  constructor(readonly value: string) {}
}

/**
 * A property value: JSON-like data, a secret from stack config (ConfigSecret), a plain value from stack config
 * (ConfigValue), a secret literal, or an output.
 */
export type ProgramValue =
  | Exclude<ExportValue, readonly ExportValue[] | { readonly [key: string]: ExportValue }>
  | ConfigValue
  | SecretLiteral
  | OutputRef
  | readonly ProgramValue[]
  | { readonly [key: string]: ProgramValue };

export interface ProgramResource {
  /** The resource's name (its URN's last part). */
  name: string;
  /** The kind's type name: `Policy`. */
  type: string;
  properties: Readonly<Record<string, ProgramValue>>;
  /** Kept in the organization when Pulumi deletes the resource (the resource option `retainOnDelete`). */
  retainOnDelete?: boolean;
}

export interface ProgramCall {
  name: string;
  /** The data source's name: `getPolicy`. */
  function: string;
  args: Readonly<Record<string, ProgramValue>>;
}

export interface Program {
  resources: readonly ProgramResource[];
  calls?: readonly ProgramCall[];
  outputs?: Readonly<Record<string, OutputRef>>;
}

/** The file a language's program lives in. */
export const PROGRAM_FILE: Record<ProgramLanguage, string> = {
  yaml: 'Main.yaml',
  python: '__main__.py',
  go: 'main.go',
  typescript: 'index.ts',
};

const q = (text: string): string => JSON.stringify(text);

/** A YAML scalar, quoted only where YAML needs it (a string that reads as a number, a boolean or a mapping). */
function yamlScalar(value: string | number | boolean | null): string {
  return stringify(value, { lineWidth: 0 }).trimEnd();
}

/** A program-wide identifier for a resource or call name: `deny-exports` → `denyExports` / `deny_exports`. */
function camel(name: string): string {
  const pascal = pascalCase(name);
  const id = pascal.length > 0 ? pascal[0]!.toLowerCase() + pascal.slice(1) : '_';
  return /^[0-9]/.test(id) ? `_${id}` : id;
}

function snake(name: string): string {
  return pythonName(camel(name));
}

/**
 * Key-value lines of a Go composite literal as gofmt writes them: the values of consecutive one-line entries
 * aligned; an entry whose value spans lines stands alone.
 */
function goFields(entries: ReadonlyArray<readonly [string, string]>, indent: string): string {
  const lines: string[] = [];
  let run: Array<readonly [string, string]> = [];
  const flush = () => {
    const width = Math.max(0, ...run.map(([k]) => k.length));
    for (const [k, v] of run) lines.push(`${indent}${k}:${' '.repeat(width - k.length + 1)}${v},`);
    run = [];
  };
  for (const [k, v] of entries) {
    if (v.includes('\n')) {
      flush();
      lines.push(`${indent}${k}: ${v},`);
    } else run.push([k, v]);
  }
  flush();
  return lines.join('\n');
}

/** Go's name of a property or a member: the first letter upper-cased (pkg/codegen/go `Title`). */
function goName(name: string): string {
  return name[0]!.toUpperCase() + name.slice(1);
}

/** The named type a property refers to; none for a primitive, an array, a map or Pulumi's `Any` (a value as written). */
function namedRef(type: TypeSpec | undefined): string | undefined {
  return type?.$ref === undefined || type.$ref === ANY_REF ? undefined : type.$ref;
}

class Renderer {
  constructor(
    readonly schema: PackageSchema,
    readonly language: ProgramLanguage,
    readonly typescriptPackage: TypeScriptPackage = 'native',
  ) {}

  named(ref: string): { name: string; spec: NamedTypeSpec } {
    const token = ref.replace(/^#\/types\//, '');
    const spec = this.schema.types[token];
    if (spec === undefined) throw new Error(`the schema has no type ${token}`);
    return { name: nameOfToken(token), spec };
  }

  resource(type: string): { inputs: Record<string, PropertySpec> } {
    const spec = this.schema.resources[resourceToken(type)];
    if (spec === undefined) throw new Error(`the schema has no resource ${type}`);
    return { inputs: spec.inputProperties };
  }

  call(fn: string): { inputs: Record<string, PropertySpec>; goName: string } {
    const spec = this.schema.functions[functionToken(fn)];
    if (spec === undefined) throw new Error(`the schema has no function ${fn}`);
    // Go names a get-function of a resource's type `Lookup*` (pkg/codegen/go, functions named like resources).
    const rest = fn.replace(/^get/, '');
    const lookup = fn.startsWith('get') && this.schema.resources[resourceToken(rest)] !== undefined;
    return { inputs: spec.inputs.properties, goName: lookup ? `Lookup${rest}` : goName(fn) };
  }

  enumMember(spec: EnumTypeSpec, value: string): string {
    const member = spec.enum.find((e) => e.value === value);
    if (member === undefined) throw new Error(`${value} is not a value of ${spec.enum.map((e) => e.value).join(', ')}`);
    return member.name;
  }

  // ---- values ----

  value(type: TypeSpec | undefined, v: ProgramValue, indent: string): string {
    switch (this.language) {
      case 'typescript':
        return this.ts(type, v, indent);
      case 'python':
        return this.py(type, v, indent);
      case 'go':
        return this.go(type, v, indent);
      case 'yaml':
        throw new Error('YAML values are written by yamlValue');
    }
  }

  ref(r: OutputRef): string {
    switch (this.language) {
      case 'typescript':
        // An Output lifts one property; below it a property may be absent, so the path is read in an apply.
        return r.path.length <= 1 ? [camel(r.name), ...r.path].join('.') : `${camel(r.name)}.apply((v) => v.${r.path.join('?.')})`;
      case 'python':
        return [snake(r.name), ...r.path.map(pythonName)].join('.');
      case 'go': {
        // A resource's outputs are fields; a call's Output result has a method per property.
        const isCall = this.callNames.has(r.name);
        const [first, ...rest] = r.path;
        const head = isCall ? `${camel(r.name)}.${goName(first ?? '')}()` : `${camel(r.name)}.${goName(first ?? '')}`;
        return [head, ...rest.map((p) => `${goName(p)}()`)].join('.');
      }
      case 'yaml':
        return `\${${[r.name, ...r.path].join('.')}}`;
    }
  }

  callNames = new Set<string>();

  ts(type: TypeSpec | undefined, v: ProgramValue, indent: string): string {
    if (v instanceof OutputRef) return this.ref(v);
    if (v instanceof SecretLiteral) return `pulumi.secret(${q(v.value)})`;
    if (v instanceof ConfigSecret) return `config.requireSecret(${q(v.key)})`;
    if (v instanceof ConfigValue) return `config.require(${q(v.key)})`;
    const ref = namedRef(type);
    if (typeof v === 'string' && ref !== undefined && this.typescriptPackage === 'native') {
      const { name, spec } = this.named(ref);
      if ('enum' in spec) return `walletinfra.${name}.${this.enumMember(spec, v)}`;
    }
    if (Array.isArray(v)) {
      const items = (v as readonly ProgramValue[]).map((item) => this.ts(type?.items, item, `${indent}  `));
      return items.length === 0 ? '[]' : `[\n${items.map((i) => `${indent}  ${i},`).join('\n')}\n${indent}]`;
    }
    if (v !== null && typeof v === 'object') {
      const properties = this.objectProperties(type);
      const entries = Object.entries(v as Record<string, ProgramValue>).map(
        ([k, x]) => `${indent}  ${/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : q(k)}: ${this.ts(properties?.[k], x, `${indent}  `)},`,
      );
      return entries.length === 0 ? '{}' : `{\n${entries.join('\n')}\n${indent}}`;
    }
    return JSON.stringify(v);
  }

  py(type: TypeSpec | undefined, v: ProgramValue, indent: string): string {
    if (v instanceof OutputRef) return this.ref(v);
    if (v instanceof SecretLiteral) return `pulumi.Output.secret(${q(v.value)})`;
    if (v instanceof ConfigSecret) return `config.require_secret(${q(v.key)})`;
    if (v instanceof ConfigValue) return `config.require(${q(v.key)})`;
    const ref = namedRef(type);
    if (typeof v === 'string' && ref !== undefined) {
      const { name, spec } = this.named(ref);
      if ('enum' in spec) return `walletinfra.${name}.${pythonName(this.enumMember(spec, v)).toUpperCase()}`;
    }
    if (typeof v === 'boolean') return v ? 'True' : 'False';
    if (v === null) return 'None';
    if (Array.isArray(v)) {
      const items = (v as readonly ProgramValue[]).map((item) => this.py(type?.items, item, `${indent}    `));
      return items.length === 0 ? '[]' : `[\n${items.map((i) => `${indent}    ${i},`).join('\n')}\n${indent}]`;
    }
    if (typeof v === 'object') {
      const entries = Object.entries(v as Record<string, ProgramValue>);
      if (ref !== undefined) {
        const { name, spec } = this.named(ref);
        if (!('enum' in spec)) {
          const args = entries.map(([k, x]) => `${indent}    ${pythonName(k)}=${this.py(spec.properties[k], x, `${indent}    `)},`);
          return args.length === 0 ? `walletinfra.${name}Args()` : `walletinfra.${name}Args(\n${args.join('\n')}\n${indent})`;
        }
      }
      const items = entries.map(([k, x]) => `${indent}    ${q(k)}: ${this.py(type?.additionalProperties, x, `${indent}    `)},`);
      return items.length === 0 ? '{}' : `{\n${items.join('\n')}\n${indent}}`;
    }
    return JSON.stringify(v);
  }

  go(type: TypeSpec | undefined, v: ProgramValue, indent: string): string {
    if (v instanceof OutputRef) return this.ref(v);
    if (v instanceof SecretLiteral) return `pulumi.ToSecret(pulumi.String(${q(v.value)})).(pulumi.StringOutput)`;
    if (v instanceof ConfigSecret) return `cfg.RequireSecret(${q(v.key)})`;
    if (v instanceof ConfigValue) return `pulumi.String(cfg.Require(${q(v.key)}))`;
    if (type?.$ref !== undefined && type.$ref !== ANY_REF) {
      const { name, spec } = this.named(type.$ref);
      if ('enum' in spec) return `walletinfra.${name}${this.enumMember(spec, typeof v === 'string' ? v : JSON.stringify(v))}`;
      const entries = Object.entries((v ?? {}) as Record<string, ProgramValue>).map(
        ([k, x]) => [goName(k), this.go(spec.properties[k], x, `${indent}\t`)] as const,
      );
      return `&walletinfra.${name}Args{\n${goFields(entries, `${indent}\t`)}\n${indent}}`;
    }
    if (Array.isArray(v)) {
      const items = (v as readonly ProgramValue[]).map((item) => `${indent}\t${this.go(type?.items, item, `${indent}\t`)},`);
      return `${this.goArrayType(type?.items)}{${items.length === 0 ? '' : `\n${items.join('\n')}\n${indent}`}}`;
    }
    if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v as Record<string, ProgramValue>).map(
        ([k, x]) => [q(k), this.go(type?.additionalProperties, x, `${indent}\t`)] as const,
      );
      return `pulumi.Map{${entries.length === 0 ? '' : `\n${goFields(entries, `${indent}\t`)}\n${indent}`}}`;
    }
    if (typeof v === 'string') return `pulumi.String(${q(v)})`;
    if (typeof v === 'boolean') return `pulumi.Bool(${String(v)})`;
    if (typeof v === 'number') return type?.type === 'number' ? `pulumi.Float64(${v})` : `pulumi.Int(${v})`;
    return 'nil';
  }

  goArrayType(items: TypeSpec | undefined): string {
    if (items?.$ref !== undefined && items.$ref !== ANY_REF) return `walletinfra.${this.named(items.$ref).name}Array`;
    switch (items?.type) {
      case 'string':
        return 'pulumi.StringArray';
      case 'boolean':
        return 'pulumi.BoolArray';
      case 'integer':
        return 'pulumi.IntArray';
      case 'number':
        return 'pulumi.Float64Array';
      default:
        return 'pulumi.Array';
    }
  }

  objectProperties(type: TypeSpec | undefined): Record<string, PropertySpec> | undefined {
    if (type?.$ref === undefined || type.$ref === ANY_REF) return undefined;
    const { spec } = this.named(type.$ref);
    return 'enum' in spec ? undefined : spec.properties;
  }

  // ---- YAML ----

  yamlValue(v: ProgramValue, indent: string): string {
    if (v instanceof OutputRef) return yamlScalar(this.ref(v));
    if (v instanceof SecretLiteral) return `\n${indent}fn::secret: ${yamlScalar(v.value)}`;
    if (v instanceof ConfigSecret || v instanceof ConfigValue) return yamlScalar(`\${${v.key}}`);
    if (Array.isArray(v)) {
      if (v.length === 0) return '[]';
      return (v as readonly ProgramValue[])
        .map((item) => {
          const text = this.yamlValue(item, `${indent}  `);
          return `\n${indent}- ${text.startsWith('\n') ? text.trimStart() : text}`;
        })
        .join('');
    }
    if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v as Record<string, ProgramValue>);
      if (entries.length === 0) return '{}';
      return entries.map(([k, x]) => `\n${indent}${k}: ${this.yamlValue(x, `${indent}  `)}`.replace(/: \n/, ':\n')).join('');
    }
    return yamlScalar(v);
  }
}

/** Whether any value is a secret literal. */
function usesSecretLiterals(program: Program): boolean {
  const walk = (v: ProgramValue): boolean =>
    v instanceof SecretLiteral ||
    (Array.isArray(v) && (v as readonly ProgramValue[]).some(walk)) ||
    (v !== null &&
      typeof v === 'object' &&
      !Array.isArray(v) &&
      !(v instanceof OutputRef) &&
      !(v instanceof ConfigSecret) &&
      !(v instanceof ConfigValue) &&
      Object.values(v as Record<string, ProgramValue>).some(walk));
  return [...program.resources.map((r) => r.properties), ...(program.calls ?? []).map((c) => c.args)].some((p) =>
    Object.values(p).some(walk),
  );
}

/** Every stack config key the program reads (secrets and plain values), in order of first use. */
export function configKeys(program: Program): Array<ConfigSecret | ConfigValue> {
  const found = new Map<string, ConfigSecret | ConfigValue>();
  const walk = (v: ProgramValue): void => {
    if (v instanceof ConfigSecret || v instanceof ConfigValue) found.set(v.key, v);
    else if (Array.isArray(v)) (v as readonly ProgramValue[]).forEach(walk);
    else if (v !== null && typeof v === 'object' && !(v instanceof OutputRef) && !(v instanceof SecretLiteral)) {
      Object.values(v as Record<string, ProgramValue>).forEach(walk);
    }
  };
  for (const r of program.resources) Object.values(r.properties).forEach(walk);
  for (const c of program.calls ?? []) Object.values(c.args).forEach(walk);
  return [...found.values()];
}

/** One resource's entry under `resources:`, not indented. */
function yamlResource(r: Renderer, res: ProgramResource): string[] {
  const lines = [`${res.name}:`, `  type: ${resourceToken(res.type)}`, `  properties:${r.yamlValue(res.properties, '    ')}`];
  if (res.retainOnDelete === true) lines.push('  options:', '    retainOnDelete: true');
  return lines.join('\n').split('\n');
}

function renderYaml(r: Renderer, program: Program): string {
  const lines: string[] = [];
  const config = configKeys(program);
  if (config.length > 0) {
    lines.push('config:');
    for (const c of config) lines.push(`  ${c.key}:`, '    type: string');
  }
  if ((program.calls ?? []).length > 0) {
    lines.push('variables:');
    for (const c of program.calls ?? []) {
      lines.push(`  ${c.name}:`, '    fn::invoke:', `      function: ${functionToken(c.function)}`);
      const args = Object.entries(c.args);
      lines.push(args.length === 0 ? '      arguments: {}' : `      arguments:${r.yamlValue(c.args, '        ')}`);
    }
  }
  lines.push('resources:');
  for (const res of program.resources) lines.push(...yamlResource(r, res).map((l) => `  ${l}`));
  const outputs = Object.entries(program.outputs ?? {});
  if (outputs.length > 0) {
    lines.push('outputs:');
    for (const [k, ref] of outputs) lines.push(`  ${k}: ${r.yamlValue(ref, '    ')}`);
  }
  return `${lines.join('\n')}\n`;
}

function tsResource(r: Renderer, res: ProgramResource): string {
  const opts = res.retainOnDelete === true ? ', { retainOnDelete: true }' : '';
  return `const ${camel(res.name)} = new walletinfra.${res.type}(${q(res.name)}, ${objectText(r, r.resource(res.type).inputs, res.properties, '')}${opts});`;
}

function renderTypeScript(r: Renderer, program: Program): string {
  const needsPulumi = configKeys(program).length > 0 || usesSecretLiterals(program);
  const lines = [
    ...(needsPulumi ? ['import * as pulumi from "@pulumi/pulumi";'] : []),
    `import * as walletinfra from ${q(TYPESCRIPT_MODULE[r.typescriptPackage])};`,
    '',
  ];
  if (configKeys(program).length > 0) lines.push('const config = new pulumi.Config();');
  if (r.typescriptPackage === 'dynamic' && (program.calls ?? []).length > 0) {
    // The dynamic package's data sources run in the program (`getPolicies()`), not as functions of a provider.
    throw new Error(`a program on the dynamic classes cannot call ${program.calls![0]!.function}: functions are the native provider's`);
  }
  for (const c of program.calls ?? []) {
    const { inputs } = r.call(c.function);
    lines.push(`const ${camel(c.name)} = walletinfra.${c.function}Output(${objectText(r, inputs, c.args, '')});`);
  }
  for (const res of program.resources) lines.push(tsResource(r, res));
  const outputs = Object.entries(program.outputs ?? {});
  if (outputs.length > 0) lines.push('');
  for (const [k, ref] of outputs) lines.push(`export const ${k} = ${r.ref(ref)};`);
  return `${lines.join('\n')}\n`;
}

/** An argument object whose properties have the types `inputs` declares. */
function objectText(
  r: Renderer,
  inputs: Record<string, PropertySpec>,
  values: Readonly<Record<string, ProgramValue>>,
  indent: string,
): string {
  const entries = Object.entries(values).map(([k, v]) => `${indent}  ${k}: ${r.ts(inputs[k], v, `${indent}  `)},`);
  return entries.length === 0 ? '{}' : `{\n${entries.join('\n')}\n${indent}}`;
}

function renderPython(r: Renderer, program: Program): string {
  const needsPulumi =
    configKeys(program).length > 0 ||
    usesSecretLiterals(program) ||
    Object.keys(program.outputs ?? {}).length > 0 ||
    program.resources.some((res) => res.retainOnDelete === true);
  const lines = [...(needsPulumi ? ['import pulumi'] : []), `import ${SDK_PACKAGES.python} as walletinfra`, ''];
  if (configKeys(program).length > 0) lines.push('config = pulumi.Config()');
  for (const c of program.calls ?? []) {
    lines.push(`${snake(c.name)} = ${pyCall(r, `walletinfra.${pythonName(c.function)}_output(`, r.call(c.function).inputs, c.args)}`);
  }
  for (const res of program.resources) lines.push(pyResource(r, res));
  const outputs = Object.entries(program.outputs ?? {});
  if (outputs.length > 0) lines.push('');
  for (const [k, ref] of outputs) lines.push(`pulumi.export(${q(k)}, ${r.ref(ref)})`);
  return `${lines.join('\n')}\n`;
}

/** A call with one keyword argument per line (a lone name argument on the head's line). */
function pyCall(
  r: Renderer,
  head: string,
  inputs: Record<string, PropertySpec>,
  values: Readonly<Record<string, ProgramValue>>,
  retainOnDelete = false,
): string {
  const args = Object.entries(values).map(([k, v]) => `    ${pythonName(k)}=${r.py(inputs[k], v, '    ')},`);
  if (retainOnDelete) args.push('    opts=pulumi.ResourceOptions(retain_on_delete=True),');
  return (args.length === 0 ? `${head})` : `${head}\n${args.join('\n')}\n)`).replace(/\(\n {4}("[^"]*"),\n\)/g, '($1)');
}

function pyResource(r: Renderer, res: ProgramResource): string {
  return `${snake(res.name)} = ${pyCall(r, `walletinfra.${res.type}(\n    ${q(res.name)},`, r.resource(res.type).inputs, res.properties, res.retainOnDelete)}`;
}

/** One resource's statements in the function `pulumi.Run` runs, not indented (continuation lines are, by one tab). */
function goResource(r: Renderer, res: ProgramResource): string[] {
  const f = goFields(
    Object.entries(res.properties).map(([k, v]) => [goName(k), r.go(r.resource(res.type).inputs[k], v, '\t')] as const),
    '\t',
  );
  const text = `${camel(res.name)}, err := walletinfra.New${res.type}(ctx, ${q(res.name)}, &walletinfra.${res.type}Args{${f === '' ? '' : `\n${f}\n`}}${res.retainOnDelete === true ? ', pulumi.RetainOnDelete(true)' : ''})`;
  return [...text.split('\n'), 'if err != nil {', '\treturn err', '}'];
}

function renderGo(r: Renderer, program: Program): string {
  const body: string[] = [];
  const usesConfig = configKeys(program).length > 0;
  if (usesConfig) body.push('\t\tcfg := config.New(ctx, "")');
  const fields = (inputs: Record<string, PropertySpec>, values: Readonly<Record<string, ProgramValue>>, indent: string) =>
    goFields(
      Object.entries(values).map(([k, v]) => [goName(k), r.go(inputs[k], v, `${indent}\t`)] as const),
      `${indent}\t`,
    );
  for (const c of program.calls ?? []) {
    const { inputs, goName: fn } = r.call(c.function);
    const f = fields(inputs, c.args, '\t\t');
    body.push(`\t\t${camel(c.name)} := walletinfra.${fn}Output(ctx, walletinfra.${fn}OutputArgs{${f === '' ? '' : `\n${f}\n\t\t`}}, nil)`);
  }
  for (const res of program.resources) body.push(...goResource(r, res).map((l) => `\t\t${l}`));
  for (const [k, ref] of Object.entries(program.outputs ?? {})) body.push(`\t\tctx.Export(${q(k)}, ${r.ref(ref)})`);
  // A resource nothing refers to is still a variable Go wants used.
  const used = (name: string) => Object.values(program.outputs ?? {}).some((o) => o.name === name);
  for (const res of program.resources) if (!used(res.name)) body.push(`\t\t_ = ${camel(res.name)}`);
  for (const c of program.calls ?? []) if (!used(c.name)) body.push(`\t\t_ = ${camel(c.name)}`);
  const imports = [
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    ...(usesConfig ? ['\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"'] : []),
    `\t${q(SDK_PACKAGES.goImport)}`,
  ];
  return [
    'package main',
    '',
    'import (',
    ...imports,
    ')',
    '',
    'func main() {',
    '\tpulumi.Run(func(ctx *pulumi.Context) error {',
    ...body,
    '\t\treturn nil',
    '\t})',
    '}',
    '',
  ].join('\n');
}

/** `program` in `language`, on the SDKs generated from `schema` (YAML uses the schema's types directly). */
export function renderProgram(program: Program, language: ProgramLanguage, schema: PackageSchema, options: RenderOptions = {}): string {
  const r = new Renderer(schema, language, options.typescriptPackage);
  for (const c of program.calls ?? []) r.callNames.add(c.name);
  // Each resource and call is a variable of the program: two names that make the same one cannot both be declared.
  const names = [...program.resources.map((x) => x.name), ...(program.calls ?? []).map((c) => c.name)];
  const clash = names.find((n, i) => names.findIndex((m) => camel(m) === camel(n)) !== i);
  if (clash !== undefined) {
    const first = names.find((m) => camel(m) === camel(clash))!;
    throw new Error(`the program's names "${first}" and "${clash}" are one variable (${camel(clash)}) in a program; rename one of them`);
  }
  switch (language) {
    case 'yaml':
      return renderYaml(r, program);
    case 'typescript':
      return renderTypeScript(r, program);
    case 'python':
      return renderPython(r, program);
    case 'go':
      return renderGo(r, program);
  }
}

/**
 * One resource as `renderProgram` writes it inside a program, not indented: its entry under YAML's
 * `resources:`, its statement in TypeScript and Python, its statements in the function Go's `pulumi.Run` runs
 * (with `_ = name`, as Go wants every variable used). For a report that shows how to declare one object.
 */
export function renderResource(
  resource: ProgramResource,
  language: ProgramLanguage,
  schema: PackageSchema,
  options: RenderOptions = {},
): string {
  const r = new Renderer(schema, language, options.typescriptPackage);
  switch (language) {
    case 'yaml':
      return yamlResource(r, resource).join('\n');
    case 'typescript':
      return tsResource(r, resource);
    case 'python':
      return pyResource(r, resource);
    case 'go':
      return [...goResource(r, resource), `_ = ${camel(resource.name)}`].join('\n');
  }
}
