// Options objects are zod schemas: one declaration per option gives its type, its default and its check.
// This turns the first problem zod finds into a ConfigurationError shaped "<field> <fix>, got <value>": the
// field by its full JSON path (`rules[2].probability`), what it must be, and the value received. An unknown
// key lists the known ones, read from the schema itself.
import { z } from 'zod';
import { ConfigurationError } from './errors';

/** The keys an object schema declares, in declaration order. */
export function keysOf(schema: z.ZodObject): string[] {
  return Object.keys(schema.shape);
}

/** How `parseOptions` names what it parses. */
export interface ParseOptionsNaming {
  /** Put before every message, e.g. `transport: `. */
  prefix?: string;
  /** The value's own name, put before every field's path, e.g. `['seed']` gives `seed.users[0].userName`. */
  path?: readonly PropertyKey[];
  /** What a key is called in the unknown-key message (`unknown option "x"`); default `option`. */
  noun?: string;
}

/** The object schema at `path` below `schema`, through optional/default/pipe wrappers, arrays and union options. */
function objectAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodObject | undefined {
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault
  ) {
    return objectAt(schema.def.innerType as z.ZodType, path);
  }
  if (schema instanceof z.ZodPipe) return objectAt(schema.def.in as z.ZodType, path);
  if (schema instanceof z.ZodUnion) {
    for (const option of schema.def.options as z.ZodType[]) {
      const found = objectAt(option, path);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const [head, ...rest] = path;
  if (schema instanceof z.ZodObject) {
    if (path.length === 0) return schema;
    const field = (schema.shape as Record<string, z.ZodType | undefined>)[String(head)];
    return field === undefined ? undefined : objectAt(field, rest);
  }
  if (schema instanceof z.ZodArray && typeof head === 'number') return objectAt(schema.def.element as z.ZodType, rest);
  if (schema instanceof z.ZodRecord && path.length > 0) return objectAt(schema.def.valueType as z.ZodType, rest);
  return undefined;
}

/** `rules[2].probability`: keys joined by dots, array indexes in brackets. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    return out === '' ? String(key) : `${out}.${String(key)}`;
  }, '');
}

const MAX_SHOWN_CHARS = 60;

/**
 * A received value as a message shows it: strings quoted (long ones cut), numbers and booleans as they are,
 * anything else by its kind. Only for values that are not secret: a secret field declares its own message.
 */
export function shown(value: unknown): string {
  if (typeof value === 'string') {
    return value.length <= MAX_SHOWN_CHARS
      ? JSON.stringify(value)
      : `${JSON.stringify(value.slice(0, MAX_SHOWN_CHARS))}... (${value.length} characters)`;
  }
  if (value === null || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array of ${value.length}`;
  if (typeof value === 'function') return 'a function';
  return 'an object';
}

/** A zod error for `fix` ("must be ...") that adds the value received: `must be an email address, got "x"`. */
export function got(fix: string): (issue: { input?: unknown }) => string {
  return (issue) => (issue.input === undefined ? 'is required' : `${fix}, got ${shown(issue.input)}`);
}

const TYPE_NAMES: Record<string, string> = { int: 'an integer', object: 'an object', array: 'an array', undefined: 'undefined' };

function bound(issue: { origin: string; inclusive?: boolean; exact?: boolean }, limit: number | bigint, side: 'min' | 'max'): string {
  const n = Number(limit);
  if (issue.origin === 'string') {
    if (side === 'min' && n === 1) return 'must not be empty';
    return `must be ${issue.exact === true ? 'exactly' : side === 'min' ? 'at least' : 'at most'} ${n} characters long`;
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    return `must have ${issue.exact === true ? 'exactly' : side === 'min' ? 'at least' : 'at most'} ${n} item${n === 1 ? '' : 's'}`;
  }
  if (issue.inclusive === false) return `must be ${side === 'min' ? 'greater' : 'less'} than ${n}`;
  return `must be ${side === 'min' ? 'at least' : 'at most'} ${n}`;
}

/**
 * The messages of zod's own checks in this shape, for schemas that do not declare theirs. The value received
 * is shown: a field whose value is secret must declare its own message.
 */
function fixOf(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${TYPE_NAMES[issue.expected] ?? `a ${issue.expected}`}`;
    case 'too_small':
      return bound(issue, issue.minimum, 'min');
    case 'too_big':
      return bound(issue, issue.maximum, 'max');
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' && issue.pattern !== undefined ? `must match ${issue.pattern}` : `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_union':
      return 'does not match any of the accepted forms';
    case 'invalid_key':
      return 'has an invalid key';
    case 'invalid_element':
      return 'has an invalid element';
    default:
      return undefined;
  }
}

const defaultMessages: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'unrecognized_keys') return undefined;
  if (issue.input === undefined && issue.code === 'invalid_type') return 'is required';
  const fix = fixOf(issue);
  return fix === undefined ? undefined : got(fix)(issue);
};

function isPrefix(prefix: readonly PropertyKey[], path: readonly PropertyKey[]): boolean {
  return prefix.length <= path.length && prefix.every((key, i) => key === path[i]);
}

/**
 * The problem to report: the first, unless an object holding it also has an unknown key, which is then
 * reported first (`{rulez: []}` is a misspelt `rules` more often than a missing one).
 */
function leadIssue(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue | undefined {
  const [first] = issues;
  if (first === undefined) return undefined;
  return issues.find((issue) => issue.code === 'unrecognized_keys' && isPrefix(issue.path, first.path)) ?? first;
}

/**
 * A union that fails reports the problem of the option the value was meant for: the one that got furthest
 * (an issue deeper in the value, or one that is not "wrong type" at the top). Undecided, the union's own message.
 */
function unionChoice(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const candidates = issue.errors
    .map((errors) => leadIssue(errors))
    .filter((lead): lead is z.core.$ZodIssue => lead !== undefined && !(lead.code === 'invalid_type' && lead.path.length === 0));
  const depth = Math.max(...candidates.map((c) => c.path.length));
  const deepest = candidates.filter((c) => c.path.length === depth);
  const [chosen] = deepest;
  if (deepest.length !== 1 || chosen === undefined) return issue;
  return unionChoice({ ...chosen, path: [...issue.path, ...chosen.path] });
}

/** `unknown option "baseURL"; known: baseUrl, ...` or `timeoutMs must be a positive number, got 0`. */
function describeIssue(schema: z.ZodType, raw: z.core.$ZodIssue, naming: ParseOptionsNaming): string {
  const issue = unionChoice(raw);
  const root = naming.path ?? [];
  const where = jsonPath([...root, ...issue.path]);
  if (issue.code === 'unrecognized_keys') {
    const known = objectAt(schema, issue.path);
    const list = known === undefined ? '' : `; known: ${keysOf(known).join(', ')}`;
    const noun = naming.noun ?? 'option';
    const kind = where === '' ? noun : `${where} ${noun}`;
    return `unknown ${kind} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}${list}`;
  }
  return where === '' ? issue.message : `${where} ${issue.message}`;
}

/**
 * Parses `value` with `schema`, or throws a ConfigurationError: the prefix and the first problem, named by
 * its field's full path. `naming` may be the prefix alone.
 */
export function parseOptions<S extends z.ZodType>(schema: S, value: unknown, naming: string | ParseOptionsNaming = ''): z.output<S> {
  const how = typeof naming === 'string' ? { prefix: naming } : naming;
  const prefix = how.prefix ?? '';
  // A named value is checked by its schema alone (an array may be allowed); an options object must be an object.
  if (how.path === undefined && (typeof value !== 'object' || value === null))
    throw new ConfigurationError(`${prefix}options must be an object`);
  const parsed = schema.safeParse(value, { error: defaultMessages });
  if (parsed.success) return parsed.data;
  const lead = leadIssue(parsed.error.issues);
  throw new ConfigurationError(`${prefix}${lead === undefined ? 'invalid options' : describeIssue(schema, lead, how)}`);
}

/** A value the schema cannot describe structurally (a function, a class instance), checked by a predicate. */
export function custom<T>(check: (value: unknown) => boolean, problem: string): z.ZodType<T, T> {
  return z.custom<T>((v) => check(v), { error: problem });
}

/** `must be a positive integer, got 1.5` for any number that is not one. */
export function positiveNumber(kind: 'integer' | 'number', unit = ''): z.ZodNumber {
  const error = got(`must be a positive ${kind}${unit === '' ? '' : ` (${unit})`}`);
  const base = z.number({ error }).positive({ error });
  return kind === 'integer' ? base.int({ error }) : base;
}
