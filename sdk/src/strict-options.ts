// Options objects are zod schemas: one declaration per option gives its type, its default and its check.
// This turns the first problem zod finds into a ConfigurationError that names the option; an unknown key
// lists the known ones, read from the schema itself.
import { z } from 'zod';
import { ConfigurationError } from './errors';

/** The keys an object schema declares, in declaration order. */
export function keysOf(schema: z.ZodObject): string[] {
  return Object.keys(schema.shape);
}

/** The object schema at `path` below `schema` (through optional/default wrappers), if there is one. */
function objectAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodObject | undefined {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; depth <= path.length && current !== undefined;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodDefault || current instanceof z.ZodPipe) {
      current = (current instanceof z.ZodPipe ? current.def.in : current.def.innerType) as z.ZodType;
      continue;
    }
    if (depth === path.length) return current instanceof z.ZodObject ? current : undefined;
    if (!(current instanceof z.ZodObject)) return undefined;
    current = (current.shape as Record<string, z.ZodType>)[String(path[depth])];
    depth += 1;
  }
  return undefined;
}

function dotted(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** `unknown option "baseURL"; known: baseUrl, ...` or `timeoutMs must be a positive number, got 0`. */
function describeIssue(schema: z.ZodType, issue: z.core.$ZodIssue): string {
  const where = dotted(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const known = objectAt(schema, issue.path);
    const list = known === undefined ? '' : `; known: ${keysOf(known).join(', ')}`;
    const kind = where === '' ? 'option' : `${where} option`;
    return `unknown ${kind} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}${list}`;
  }
  return where === '' ? issue.message : `${where} ${issue.message}`;
}

/** Parses `value` with `schema`, or throws a ConfigurationError (`prefix` + the first problem). */
export function parseOptions<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): z.output<S> {
  if (typeof value !== 'object' || value === null) throw new ConfigurationError(`${prefix}options must be an object`);
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  throw new ConfigurationError(`${prefix}${first === undefined ? 'invalid options' : describeIssue(schema, first)}`);
}

/** A value the schema cannot describe structurally (a function, a class instance), checked by a predicate. */
export function custom<T>(check: (value: unknown) => boolean, problem: string): z.ZodType<T, T> {
  return z.custom<T>((v) => check(v), { error: problem }) as z.ZodType<T, T>;
}

/** `must be a positive integer, got 1.5` for any number that is not one. */
export function positiveNumber(kind: 'integer' | 'number', unit = ''): z.ZodNumber {
  const text = `must be a positive ${kind}${unit === '' ? '' : ` (${unit})`}`;
  const error = (issue: { input?: unknown }) =>
    `${text}, got ${typeof issue.input === 'string' ? JSON.stringify(issue.input) : String(issue.input)}`;
  const base = z.number({ error }).positive({ error });
  return kind === 'integer' ? base.int({ error }) : base;
}
