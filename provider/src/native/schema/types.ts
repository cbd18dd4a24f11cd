// Pulumi schema types from zod schemas (https://www.pulumi.com/docs/iac/extending-pulumi/schema/#type): zod 4
// writes each schema as JSON Schema (`z.toJSONSchema`), and this walks it into Pulumi's type system. Objects
// and enums become named types (`walletinfra:index:<Owner><Property>`, a list's item named in the singular);
// an object reached from both a resource's inputs and its outputs is one type, required where both require
// it. Constraints Pulumi's schema cannot say (lengths, patterns, limits) stay with the provider's `check`.
// A union (`oneOf`) is never written: Pulumi's Python SDK fails on union-typed inputs before anything is sent
// (pulumi/pulumi#17181), so a union of primitives becomes the one type that holds them all (a string, which
// Pulumi YAML coerces numbers and booleans into) and any other union becomes Any; the provider's `check` still
// takes each variant.
import { z } from 'zod';
import { enumMemberNames, pascalCase, singular } from '../names';
import { nameOfToken, typeToken } from '../../tokens';

/** A property's type: a primitive, a list, a map, a named type or Any (never a union: see above). */
export interface TypeSpec {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  $ref?: string;
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
}

export interface PropertySpec extends TypeSpec {
  description?: string;
  secret?: boolean;
  replaceOnChanges?: boolean;
}

export interface ObjectTypeSpec {
  type: 'object';
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

export interface EnumTypeSpec {
  type: 'string';
  description?: string;
  enum: Array<{ name: string; value: string }>;
}

export type NamedTypeSpec = ObjectTypeSpec | EnumTypeSpec;

/** A JSON Schema node as zod writes it (the parts this reads). */
interface JsonNode {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonNode>;
  required?: string[];
  items?: JsonNode;
  additionalProperties?: JsonNode | boolean;
  anyOf?: JsonNode[];
  oneOf?: JsonNode[];
  allOf?: JsonNode[];
  $ref?: string;
  $defs?: Record<string, JsonNode>;
}

export const ANY: TypeSpec = { $ref: 'pulumi.json#/Any' };

/** Property names every SDK can spell. */
const PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The JSON Schema of a zod schema as a program passes it (`input`: defaults optional) or as it comes back. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonNode {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonNode;
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Two property specs without their documentation, for comparing the types of the same property seen twice. */
function sameType(a: PropertySpec, b: PropertySpec): boolean {
  const bare = ({ description: _d, secret: _s, replaceOnChanges: _r, ...rest }: PropertySpec) => rest;
  return canonical(bare(a)) === canonical(bare(b));
}

export class TypeCollector {
  readonly types = new Map<string, NamedTypeSpec>();
  private readonly wellKnown: Array<{ name: string; shapes: string[] }>;

  /** `wellKnown`: shared shapes (the sdk's `Timestamp`) named once instead of after every place they occur. */
  constructor(wellKnown: ReadonlyArray<{ name: string; schema: z.ZodType }> = []) {
    this.wellKnown = wellKnown.map((w) => ({
      name: w.name,
      shapes: (['input', 'output'] as const).map((io) => {
        const { $schema: _s, ...node } = jsonSchemaOf(w.schema, io) as JsonNode & { $schema?: string };
        return canonical(node);
      }),
    }));
  }

  /** The properties of an object schema, its nested types named after `owner`. */
  objectOf(root: JsonNode, owner: string, defs: Record<string, JsonNode> = root.$defs ?? {}): ObjectTypeSpec {
    const node = this.resolve(root, defs);
    const properties: Record<string, PropertySpec> = {};
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      if (!PROPERTY_NAME.test(key)) throw new Error(`${owner}.${key}: a property name the SDKs cannot spell`);
      const spec = this.typeOf(child, `${owner}${pascalCase(key)}`, defs);
      const description = this.resolve(child, defs).description;
      properties[key] = description !== undefined ? { ...spec, description } : spec;
    }
    const required = (node.required ?? []).filter((k) => k in properties);
    return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  }

  private resolve(node: JsonNode, defs: Record<string, JsonNode>): JsonNode {
    if (node.$ref === undefined) return node;
    const name = /^#\/\$defs\/(.+)$/.exec(node.$ref)?.[1];
    const target = name !== undefined ? defs[name] : undefined;
    if (target === undefined) throw new Error(`unresolved reference ${node.$ref}`);
    return { ...target, ...(node.description !== undefined ? { description: node.description } : {}) };
  }

  /** The type of one JSON Schema node; `name` is what a named type made for it is called. */
  typeOf(raw: JsonNode, name: string, defs: Record<string, JsonNode>): TypeSpec {
    const refName = raw.$ref !== undefined ? /^#\/\$defs\/(.+)$/.exec(raw.$ref)?.[1] : undefined;
    const node = this.resolve(raw, defs);
    const named = refName !== undefined && !refName.startsWith('__') ? pascalCase(refName) : name;
    const variants = (node.anyOf ?? node.oneOf ?? []).filter((v) => v.type !== 'null');
    if (variants.length === 1) return this.typeOf(variants[0]!, named, defs);
    if (variants.length > 1) return unionType(variants.map((v, i) => this.typeOf(v, `${named}${i}`, defs)));
    if (node.allOf !== undefined && node.allOf.length === 1) return this.typeOf(node.allOf[0]!, named, defs);
    const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type;
    if (node.enum !== undefined || (node.const !== undefined && typeof node.const === 'string' && type === undefined)) {
      const values = node.enum ?? [node.const];
      if (values.every((v): v is string => typeof v === 'string')) {
        return values.length === 1 ? { type: 'string' } : this.namedEnum(named, values, node.description);
      }
    }
    switch (type) {
      case 'string':
      case 'boolean':
      case 'integer':
      case 'number':
        return { type };
      case 'array':
        return { type: 'array', items: node.items !== undefined ? this.typeOf(node.items, singularName(named), defs) : ANY };
      case 'object': {
        const hasProperties = node.properties !== undefined && Object.keys(node.properties).length > 0;
        if (!hasProperties) {
          const values = node.additionalProperties;
          return {
            type: 'object',
            additionalProperties: values !== undefined && typeof values === 'object' ? this.typeOf(values, `${named}Value`, defs) : ANY,
          };
        }
        return this.namedObject(named, node, defs);
      }
      default:
        return ANY;
    }
  }

  private namedObject(name: string, node: JsonNode, defs: Record<string, JsonNode>): TypeSpec {
    const shape = canonical(node);
    const known = this.wellKnown.find((w) => w.shapes.includes(shape));
    const typeName = known?.name ?? name;
    const spec = this.objectOf(node, typeName, defs);
    const description = node.description;
    return this.register(typeName, description !== undefined ? { ...spec, description } : spec);
  }

  private namedEnum(name: string, values: readonly string[], description: string | undefined): TypeSpec {
    const names = enumMemberNames(values);
    const spec: EnumTypeSpec = {
      type: 'string',
      ...(description !== undefined ? { description } : {}),
      enum: values.map((value, i) => ({ name: names[i]!, value })),
    };
    return this.register(name, spec);
  }

  /**
   * Registers a named type. The same name seen again (a type reached from inputs and from outputs) must hold
   * the same properties with the same types; it is required where both require it.
   */
  private register(name: string, spec: NamedTypeSpec): TypeSpec {
    const token = typeToken(name);
    const known = this.types.get(token);
    if (known === undefined) {
      this.types.set(token, spec);
    } else if ('enum' in spec || 'enum' in known) {
      if (canonical(known) !== canonical(spec)) throw new Error(`type ${name} is declared twice with different values`);
    } else {
      const merged: Record<string, PropertySpec> = { ...known.properties };
      for (const [key, property] of Object.entries(spec.properties)) {
        const before = merged[key];
        if (before !== undefined && !sameType(before, property)) throw new Error(`type ${name}: property ${key} has two different types`);
        merged[key] = before ?? property;
      }
      const required = (known.required ?? []).filter((k) => (spec.required ?? []).includes(k));
      const description = known.description ?? spec.description;
      this.types.set(token, {
        type: 'object',
        ...(description !== undefined ? { description } : {}),
        properties: merged,
        ...(required.length > 0 ? { required } : {}),
      });
    }
    return { $ref: `#/types/${token}` };
  }
}

const PRIMITIVES: ReadonlyArray<TypeSpec['type']> = ['string', 'integer', 'number', 'boolean'];

/**
 * The one type that takes every variant of a union: the variants' type when they agree, a number for integers
 * and numbers, a string for primitives that include one, Any for the rest (lists, objects, named types).
 */
export function unionType(variants: readonly TypeSpec[]): TypeSpec {
  const types = new Set(
    variants.map((v) => (v.$ref === undefined && v.items === undefined && v.additionalProperties === undefined ? v.type : undefined)),
  );
  if (types.has(undefined) || ![...types].every((t) => PRIMITIVES.includes(t))) return ANY;
  if (types.size === 1) return { type: [...types][0]! };
  if ([...types].every((t) => t === 'integer' || t === 'number')) return { type: 'number' };
  return types.has('string') ? { type: 'string' } : ANY;
}

/** The item type's name of a list named `name`: `WebhookEndpointSubscriptions` → `WebhookEndpointSubscription`. */
function singularName(name: string): string {
  const words = name.split(/(?=[A-Z])/);
  const last = words.pop() ?? name;
  return `${words.join('')}${pascalCase(singular(last))}`;
}

/** A named type's short name (for the docs), from a `$ref`. */
export function refName(ref: string): string {
  return nameOfToken(ref.replace(/^#\/types\//, ''));
}
