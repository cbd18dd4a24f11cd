// What the service's published types say about each field of an answer, read from the sdk's response schemas
// (their keys and optional keys are the published types' own: tests/unit/sdk/schemas/turnkey-types.test.ts).
// The shape comparison (./shape.ts) asks it which differences are shape and which are the organization's
// content: a field the types call optional is there when the organization has the data (OAuth settings, a
// transaction's display amounts), so its presence is content; a map's keys are the organization's own; a
// value is an enum only where the types declare one. A field the types do not declare is shape: the service
// sends something undocumented, or the emulator does.
import type { z } from 'zod';
import { operations, operationsByActivityType } from '@walletinfra/sdk/operations';
import type { AnyOperation, SubmitOperation } from '@walletinfra/sdk/operations';

/** One field as the published types declare it. */
export interface FieldSpec {
  optional: boolean;
  /** A closed set of values (an enum, a literal, an open enum of the sdk). */
  enum: boolean;
  /** A map whose keys are data (`oauthClientIds`), not field names. */
  record: boolean;
}

/** The spec of the field at a path of segments (`['activity', 'status']`, `['policies', '[]', 'effect']`), if declared. */
export type SchemaView = (path: readonly string[]) => FieldSpec | undefined;

interface Def {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { def: Def }).def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schema inside its wrappers, and whether one of them makes it optional. */
function unwrap(schema: z.ZodType): { schema: z.ZodType; optional: boolean } {
  let current = schema;
  let optional = false;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType !== undefined) {
      if (def.type === 'optional' || def.type === 'default') optional = true;
      current = def.innerType;
    } else if (def.type === 'pipe' && def.in !== undefined) current = def.in;
    else if (def.type === 'lazy' && def.getter !== undefined) current = def.getter();
    else return { schema: current, optional };
  }
}

function isEnum(schema: z.ZodType): boolean {
  const def = defOf(schema);
  // The sdk's open enums are strings described by their values (sdk/src/schemas/common.ts `openEnum`).
  return def.type === 'enum' || def.type === 'literal' || (def.type === 'string' && (schema.description ?? '').startsWith('one of '));
}

/** The spec at `path` under `schema`; undefined where the schema does not declare the field. */
export function fieldSpec(schema: z.ZodType, path: readonly string[]): FieldSpec | undefined {
  let { schema: current, optional } = unwrap(schema);
  for (const [i, segment] of path.entries()) {
    const def = defOf(current);
    let next: z.ZodType | undefined;
    // A union declares the field when one of its members does.
    if (def.type === 'union') return (def.options ?? []).map((o) => fieldSpec(o, path.slice(i))).find((s) => s !== undefined);
    if (segment === '[]') next = def.type === 'array' ? def.element : undefined;
    else if (def.type === 'record') next = def.valueType;
    else if (def.type === 'object') next = def.shape?.[segment];
    if (next === undefined) return undefined;
    ({ schema: current, optional } = unwrap(next));
  }
  return { optional, enum: isEnum(current), record: defOf(current).type === 'record' };
}

/** A submit's answer: the activity, with its intent and result as the operation declares them. */
function activityView(op: SubmitOperation, rest: readonly string[], whole: z.ZodType): FieldSpec | undefined {
  const [field, key, ...inner] = rest;
  if (field === 'type' && key === undefined) return { optional: false, enum: true, record: false };
  if (field === 'intent' && key === op.intentKey)
    return inner.length === 0 ? { optional: false, enum: false, record: false } : fieldSpec(op.request, inner);
  if (field === 'result' && key === op.resultKey && op.resultKey !== undefined)
    return inner.length === 0 ? { optional: false, enum: false, record: false } : fieldSpec(op.result, inner);
  return fieldSpec(whole, ['activity', ...rest]);
}

/** The view of one answer: by its operation, and for an activity by the activity's own type. */
export function schemaView(operation: string, answer: unknown): SchemaView | undefined {
  const op = (operations as Readonly<Record<string, AnyOperation>>)[operation];
  if (op === undefined) return undefined;
  const response = op.response;
  const type = (answer as { activity?: { type?: unknown } } | undefined)?.activity?.type;
  const submit = op.kind === 'submit' ? op : typeof type === 'string' ? operationsByActivityType.get(type) : undefined;
  return (path) =>
    submit !== undefined && path[0] === 'activity' ? activityView(submit, path.slice(1), response) : fieldSpec(response, path);
}
