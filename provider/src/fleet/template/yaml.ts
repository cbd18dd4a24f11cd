// A YAML fleet template, evaluated here rather than by Pulumi's YAML host: a YAML program is data, so its
// resources follow from its config by substitution alone (https://www.pulumi.com/docs/iac/languages-sdks/yaml/yaml-language-reference/).
// What this evaluates: `config` (declared keys with their `type` and `default`, and every key the stack config
// holds, bare keys in the project's namespace), `variables`, `resources` of the walletinfra kinds with their
// `properties`, interpolations `${name}`, `${name.property}`, `${name["key"]}`, `${name[0]}`, `${name.id}`,
// `${pulumi.project}`, `${pulumi.stack}`, and `fn::secret`, `fn::join`. Anything else (`fn::invoke` and the other
// functions, resources of other packages) is refused, naming where it is: docs/fleet.md, "YAML templates".
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { ConfigurationError } from '@walletinfra/sdk/errors';
import { resourceToken } from '../../tokens';
import type { RegisteredResource } from './child-protocol';

export interface YamlEvaluationInput {
  file: string;
  project: string;
  stack: string;
  /** The stack config, full keys (`walletinfra-fleet:subOrganizationId`, `<project>:recipient`). */
  config: Readonly<Record<string, string>>;
  /** Per resource type token, the kind's type (`walletinfra:index:Policy` → `Policy`). */
  kindOf: Readonly<Record<string, string>>;
}

interface Program {
  config: Record<string, { type?: string; default?: unknown; value?: unknown }>;
  variables: Record<string, unknown>;
  resources: Record<string, { type: string; properties?: unknown }>;
}

/** A resource's output by reference: replaced by a token (./tokens.ts). */
class Ref {
  constructor(readonly text: string) {}
}

function refuse(file: string, where: string, problem: string): never {
  throw new ConfigurationError(`${file}: ${where}: ${problem}`);
}

function readProgram(file: string): Program {
  let doc: unknown;
  try {
    doc = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    refuse(file, 'the program', `not valid YAML (${(error as Error).message.split('\n')[0] ?? ''})`);
  }
  const raw = (doc ?? {}) as Record<string, unknown>;
  const section = (key: string): Record<string, unknown> => {
    const value = raw[key];
    if (value === undefined || value === null) return {};
    if (typeof value !== 'object' || Array.isArray(value)) refuse(file, key, 'must be a map');
    return value as Record<string, unknown>;
  };
  return {
    config: { ...section('configuration'), ...section('config') } as Program['config'],
    variables: section('variables'),
    resources: section('resources') as Program['resources'],
  };
}

/** Text config as a declared type has it (Pulumi's stack config holds text; lists and maps as JSON). */
function typed(file: string, key: string, text: string, type: string | undefined): unknown {
  const t = type?.toLowerCase();
  if (t === undefined || t === 'string') return text;
  if (t === 'integer' || t === 'number') {
    const n = Number(text);
    if (!Number.isFinite(n)) refuse(file, `config.${key}`, `the value ${JSON.stringify(text)} is not a number`);
    return n;
  }
  if (t === 'boolean') return text === 'true';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return refuse(file, `config.${key}`, `the value is not ${t} (JSON)`);
  }
}

class Evaluator {
  private readonly values = new Map<string, unknown>();
  private readonly active = new Set<string>();
  /** The resources in the order their dependencies allow (dependencies first). */
  readonly registered: RegisteredResource[] = [];

  constructor(
    private readonly program: Program,
    private readonly input: YamlEvaluationInput,
  ) {}

  private configValue(name: string): unknown {
    const full = name.includes(':') ? name : `${this.input.project}:${name}`;
    const declared = this.program.config[name] ?? this.program.config[full];
    const text = this.input.config[full];
    if (text !== undefined) return typed(this.input.file, name, text, declared?.type);
    if (declared?.value !== undefined) return declared.value;
    if (declared?.default !== undefined) return declared.default;
    return undefined;
  }

  /** A name's value: a resource (its outputs by reference), a variable, or config. */
  private root(name: string, where: string): unknown {
    if (name === 'pulumi') return { project: this.input.project, stack: this.input.stack };
    if (Object.hasOwn(this.program.resources, name)) {
      this.resource(name);
      return { __resource: name };
    }
    if (Object.hasOwn(this.program.variables, name)) {
      if (this.active.has(name)) refuse(this.input.file, where, `variable ${name} refers to itself`);
      if (!this.values.has(name)) {
        this.active.add(name);
        this.values.set(name, this.value(this.program.variables[name], `variables.${name}`));
        this.active.delete(name);
      }
      return this.values.get(name);
    }
    const config = this.configValue(name);
    if (config !== undefined) return config;
    return refuse(
      this.input.file,
      where,
      `\${${name}}: no resource, variable or config value of that name (config keys: set them in the options' config)`,
    );
  }

  private access(path: string, where: string): unknown {
    const parts = [...path.matchAll(/([^.[\]]+)|\[(?:"((?:[^"\\]|\\.)*)"|(\d+))\]/g)].map(
      (m) => m[1] ?? (m[2] !== undefined ? m[2] : Number(m[3])),
    );
    const [head, ...rest] = parts;
    let value = this.root(String(head), where);
    for (const [i, key] of rest.entries()) {
      const resource = (value as { __resource?: string } | null)?.__resource;
      if (resource !== undefined) {
        if (i !== rest.length - 1 && typeof key === 'string')
          refuse(this.input.file, where, `\${${path}}: only a resource's own outputs can be read`);
        const kind = this.input.kindOf[this.program.resources[resource]?.type ?? ''] ?? '';
        value = new Ref(`⟦ref ${kind} ${resource} ${String(key)}⟧`);
        continue;
      }
      value = (value as Record<string | number, unknown> | undefined)?.[key as string];
    }
    if ((value as { __resource?: string } | null)?.__resource !== undefined) {
      refuse(this.input.file, where, `\${${path}}: a resource itself; name one of its outputs, e.g. \${${path}.id}`);
    }
    return value;
  }

  private interpolate(text: string, where: string): unknown {
    const whole = /^\$\{([^}]+)\}$/.exec(text);
    if (whole?.[1] !== undefined) {
      const v = this.access(whole[1], where);
      return v instanceof Ref ? v.text : v;
    }
    return text.replace(/\$\$\{|\$\{([^}]+)\}/g, (m, path: string | undefined) => {
      if (path === undefined) return '${';
      const v = this.access(path, where);
      return v instanceof Ref ? v.text : typeof v === 'string' ? v : JSON.stringify(v);
    });
  }

  value(node: unknown, where: string): unknown {
    if (typeof node === 'string') return this.interpolate(node, where);
    if (Array.isArray(node)) return node.map((v, i) => this.value(v, `${where}[${i}]`));
    if (node === null || typeof node !== 'object') return node;
    const entries = Object.entries(node as Record<string, unknown>);
    const fn = entries.find(([k]) => k.toLowerCase().startsWith('fn::'));
    if (fn !== undefined) return this.call(fn[0], fn[1], `${where}.${fn[0]}`);
    return Object.fromEntries(entries.map(([k, v]) => [k, this.value(v, `${where}.${k}`)]));
  }

  private call(name: string, arg: unknown, where: string): unknown {
    switch (name.toLowerCase()) {
      case 'fn::secret':
        return { __secret: this.value(arg, where) };
      case 'fn::join': {
        const [sep, items] = Array.isArray(arg) ? (arg as unknown[]) : [];
        const values = this.value(items, where);
        if (typeof sep !== 'string' || !Array.isArray(values)) refuse(this.input.file, where, 'takes [separator, [values...]]');
        return values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(sep);
      }
      default:
        return refuse(
          this.input.file,
          where,
          `${name} is not evaluated by walletinfra-fleet (it evaluates interpolations, fn::secret and fn::join, without the engine or the service); ` +
            'compute the value in the options’ config instead, or write the template in TypeScript',
        );
    }
  }

  resource(name: string): void {
    if (this.registered.some((r) => r.name === name)) return;
    const where = `resources.${name}`;
    if (this.active.has(where)) refuse(this.input.file, where, 'depends on itself');
    const declared = this.program.resources[name] as { type?: unknown; properties?: unknown };
    if (typeof declared.type !== 'string' || this.input.kindOf[declared.type] === undefined) {
      refuse(
        this.input.file,
        `${where}.type`,
        `${JSON.stringify(declared.type)} is not a walletinfra resource (${resourceToken('<Kind>')}); a fleet template declares walletinfra resources only`,
      );
    }
    this.active.add(where);
    const properties = this.value(declared.properties ?? {}, `${where}.properties`) as Record<string, unknown>;
    this.active.delete(where);
    const secret: string[] = [];
    const inputs: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(properties)) {
      const wrapped = (v as { __secret?: unknown } | null)?.__secret;
      if (wrapped !== undefined) secret.push(key);
      if (v !== undefined && v !== null) inputs[key] = wrapped ?? v;
    }
    this.registered.push({ type: declared.type, name, inputs, secret });
  }
}

/** The resources a YAML template declares for one stack config, dependencies first. */
export function evaluateYaml(input: YamlEvaluationInput): RegisteredResource[] {
  const program = readProgram(input.file);
  const evaluator = new Evaluator(program, input);
  for (const name of Object.keys(program.resources)) evaluator.resource(name);
  for (const [name, value] of Object.entries(program.variables)) evaluator.value(value, `variables.${name}`);
  return evaluator.registered;
}
