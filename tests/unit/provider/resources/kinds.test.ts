// The one array of resource kinds: every kind registered there is complete (documented properties, a field
// table, a normal form, a serialized provider, a public class, its own steps when it writes them, integration tests
// findable by its name), and a
// declaration whose properties disagree with its field table or its docs fails when it is defined, naming what is
// wrong. What a shape requires (a listing, writes, an import id, all four steps) is the compiler's to refuse:
// kind-shapes.test.ts.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod';
import { ACTIVITY_TYPES } from '@walletinfra/sdk/policy';
import { POLICY_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { CreatePolicyIntent } from '@walletinfra/sdk/schemas';
import * as walletinfra from '@walletinfra/pulumi';
import { defineKind, type AnyKind, type ListedDeclaration } from '@walletinfra/pulumi/resources/kind';
import { KINDS, kindOfToken, STEPS } from '@walletinfra/pulumi/resources/kinds';
import { createRuntime } from '@walletinfra/pulumi/runtime/providers';
import { POLICIES } from '@walletinfra/pulumi/session/lists';

const RESOURCES = path.join(__dirname, '../../../../provider/src/resources');

describe.each(KINDS.map((k) => [k.type, k as AnyKind] as const))('%s', (_type, kind) => {
  test('documents every property it takes or returns', () => {
    const properties = [...Object.keys(kind.args.shape), ...Object.keys(kind.outputs.shape)];
    expect(properties.filter((p) => ((kind.docs as Record<string, string | undefined>)[p] ?? '').trim() === '')).toEqual([]);
  });

  test('follows the sdk field table of its own type, and every service field is an input', () => {
    expect(kind.table.resource).toBe(kind.type);
    const inputs = [...Object.keys(kind.args.shape), ...(kind.diff?.except ?? [])];
    expect(kind.table.fields.map((f) => f.field).filter((f) => !inputs.includes(f))).toEqual([]);
  });

  test('has a normal form, and its folder holds the declaration, the serialized provider and the class, and steps when it writes its own', () => {
    expect(typeof kind.fromLive).toBe('function');
    for (const file of ['spec.ts', 'provider.ts', 'resource.ts']) expect(fs.existsSync(path.join(RESOURCES, kind.member, file))).toBe(true);
    expect(fs.existsSync(path.join(RESOURCES, kind.member, 'steps.ts'))).toBe(kind.member in STEPS);
  });

  test('has its integration tests under its own name: tests/integration/provider/<kind-name>.test.ts', () => {
    const name = kind.member.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    expect(fs.existsSync(path.join(__dirname, '../../../integration/provider', `${name}.test.ts`))).toBe(true);
  });

  test('is a public class under its type, and a runtime member under its member name', () => {
    expect(typeof (walletinfra as Record<string, unknown>)[kind.type]).toBe('function');
    expect((walletinfra as unknown as Record<string, { name?: string }>)[kind.type]?.name).toBe(kind.type);
    const runtime = createRuntime({ env: {} });
    const lifecycle = ['check', 'create', 'delete', 'diff', 'read', 'update'];
    expect(Object.keys((runtime as unknown as Record<string, object>)[kind.member] ?? {}).sort()).toEqual(lifecycle);
    expect(Object.keys((runtime.lifecycles as Record<string, object>)[kind.member] ?? {}).sort()).toEqual(lifecycle);
  });

  test("names the service's activity types that make its objects (the unmanaged-objects report reads them)", () => {
    expect(kind.inventory.createdBy.filter((t) => !ACTIVITY_TYPES.includes(t))).toEqual([]);
  });

  test('is found by its dynamic and its native type token', () => {
    expect(kindOfToken(`pulumi-nodejs:dynamic/walletinfra:${kind.type}`)).toBe(kind);
    expect(kindOfToken(`walletinfra:index:${kind.type}`)).toBe(kind);
  });
});

test('the types, members and nouns are unique', () => {
  for (const key of ['type', 'member', 'noun', 'plural'] as const) {
    expect(new Set(KINDS.map((k) => k[key])).size).toBe(KINDS.length);
  }
});

/** A complete declaration to break one piece at a time. */
function declaration(): ListedDeclaration<z.ZodObject, z.ZodObject, { id: string }, 'byName'> & { member: string } {
  return {
    type: 'Policy',
    member: 'example',
    shape: 'listed',
    noun: 'example',
    plural: 'examples',
    description: 'An example.',
    table: POLICY_FIELD_TABLE,
    args: CreatePolicyIntent,
    outputs: CreatePolicyIntent.extend({ policyId: z.string() }),
    docs: {
      policyName: 'n',
      effect: 'e',
      condition: 'c',
      consensus: 'c',
      notes: 'n',
      time: 't',
      policyId: 'i',
    },
    defaults: {},
    adopt: { flag: 'byName', doc: 'by name' },
    export: { name: (l) => l.id, fallback: 'example' },
    inventory: { governs: 'policy', createdBy: ['ACTIVITY_TYPE_CREATE_POLICY_V3'] },
    listing: { list: POLICIES, idOf: (l) => l.id },
    idProperty: 'policyId',
    fromLive: () => ({ policyName: '', effect: 'EFFECT_ALLOW', condition: '', consensus: '', notes: '', time: '', policyId: '' }),
    writes: {
      create: { operation: 'create_policy', resultId: () => '', resultOf: () => ({}), label: () => '' },
    },
  };
}

test('a complete declaration defines a kind', () => {
  expect(defineKind(declaration()).dynamicToken).toBe('pulumi-nodejs:dynamic/walletinfra:Policy');
});

test.each([
  [
    'an undocumented property',
    (d: Record<string, unknown>) => (d.docs = { ...(d.docs as object), consensus: ' ' }),
    'property "consensus" has no documentation',
  ],
  [
    'a field of its table that is no input',
    (d: Record<string, unknown>) => (d.args = CreatePolicyIntent.omit({ time: true })),
    'the field table\'s "time" is not an input',
  ],
])('a declaration with %s fails when it is defined', (_what, breakIt, message) => {
  const d = declaration() as unknown as Record<string, unknown>;
  breakIt(d);
  expect(() => defineKind(d as unknown as ReturnType<typeof declaration>)).toThrow(`resource kind Policy: ${message}`);
});

test('a token of another package, or of no resource, names no kind', () => {
  for (const token of [
    'pulumi-nodejs:dynamic/other:Policy',
    'aws:index:Policy',
    'walletinfra:index:',
    'walletinfra:index:Policy:extra',
    'Policy',
  ]) {
    expect(kindOfToken(token)).toBeUndefined();
  }
  expect(kindOfToken('walletinfra:index:Policy', [])).toBeUndefined();
});
