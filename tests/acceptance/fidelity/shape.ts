// The shape of an answer, and how two answers to the same request differ in it: the status; for an error its
// code, message (ids, numbers and quoted values aside), detail types and turnkeyErrorCode; for a success which
// fields are there, the types of their values, and the values of enum fields (ACTIVITY_STATUS_COMPLETED).
// Ids, times, names and counts are not shape: they differ between any two organizations.
//
// What the organization holds is not shape either (./schema.ts reads the published types): a field the types
// call optional is there when the organization has the data, so its presence is not compared; a map's keys are
// data (compared as one key, `*`); an enum is compared only where the types declare one (an organization's name
// in capitals is not an enum value). Where the types say nothing (an undocumented field) the answers speak
// for themselves: a field one side always sends and the other never does, an upper-case value that differs.
//
// Lists hold each organization's own objects, so inside a list a field counts only when every element of one
// side has it and no element of the other does (a field some elements lack is optional), and enum values are
// compared only outside lists.
import type { FieldSpec, SchemaView } from './schema';

/** What is known about one path of an answer (`activity.status`, `policies[].policyName`). */
interface PathShape {
  /** `string`, `number`, `boolean`, `null`, `object`, `array`. */
  types: Set<string>;
  /** Enum-like string values seen there. */
  enums: Set<string>;
  /** How many of the enclosing objects had the field, and how many enclosing objects there were. */
  present: number;
  parents: number;
}

interface Shape {
  /** Every field path and what was seen there. */
  paths: Map<string, PathShape>;
  /** How many objects sat at each path (`''` is the answer itself). */
  objects: Map<string, number>;
  /** What the published types declare at each path (undefined: nothing, or no types were given). */
  specs: Map<string, FieldSpec | undefined>;
}

/** An enum-like value: upper-case words joined by underscores (`EFFECT_ALLOW`, `DENY`). */
export function isEnumValue(value: string): boolean {
  return /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/.test(value) && /[A-Z]{2}/.test(value);
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** `policies[].policyName` from `['policies', '[]', 'policyName']`. */
const joined = (segments: readonly string[]): string => segments.join('.').replace(/\.\[\]/g, '[]');

function walk(value: unknown, segments: readonly string[], shape: Shape, view: SchemaView | undefined): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, [...segments, '[]'], shape, view);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const path = joined(segments);
  shape.objects.set(path, (shape.objects.get(path) ?? 0) + 1);
  // A map's keys are the organization's data: every key reads as one, `*`.
  const map = segments.length > 0 && view?.(segments)?.record === true;
  for (const [key, child] of Object.entries(value)) {
    const childSegments = [...segments, map ? '*' : key];
    const childPath = joined(childSegments);
    if (!shape.specs.has(childPath)) shape.specs.set(childPath, view?.(childSegments));
    const spec = shape.specs.get(childPath);
    const entry = shape.paths.get(childPath) ?? { types: new Set<string>(), enums: new Set<string>(), present: 0, parents: 0 };
    entry.types.add(typeOf(child));
    // A declared enum's every value counts (`none` too); where the types say nothing, upper-case words do.
    if (typeof child === 'string' && (spec === undefined ? isEnumValue(child) : spec.enum)) entry.enums.add(child);
    entry.present += 1;
    shape.paths.set(childPath, entry);
    walk(child, childSegments, shape, view);
  }
}

function parentOf(path: string): string {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? '' : path.slice(0, dot);
}

/** Every path of a JSON value with what was seen there (and, given a view, what the types declare there). */
export function shapeOf(value: unknown, view?: SchemaView): Shape {
  const shape: Shape = { paths: new Map(), objects: new Map(), specs: new Map() };
  walk(value, [], shape, view);
  for (const [path, entry] of shape.paths) entry.parents = shape.objects.get(parentOf(path)) ?? 0;
  return shape;
}

const inList = (path: string) => path.includes('[]');
const list = (values: Iterable<string>) => [...values].sort().join(', ');

function typesWithoutNull(entry: PathShape): string[] {
  return [...entry.types].filter((t) => t !== 'null').sort();
}

/** How two successful answers differ in shape, one sentence each (the service's first, then the emulator's). */
export function shapeDifferences(service: unknown, emulator: unknown, view?: SchemaView): string[] {
  const a = shapeOf(service, view);
  const b = shapeOf(emulator, view);
  const out: string[] = [];
  const paths = [...new Set([...a.paths.keys(), ...b.paths.keys()])].sort();
  for (const path of paths) {
    const s = a.paths.get(path);
    const e = b.paths.get(path);
    const spec = a.specs.get(path) ?? b.specs.get(path);
    // An optional field is there when the organization has the data: its presence is content, not shape.
    if ((s === undefined || e === undefined) && spec?.optional === true) continue;
    // A missing field counts only where the other side had objects to hold it, and this side always sent it.
    if (s !== undefined && e === undefined) {
      if ((b.objects.get(parentOf(path)) ?? 0) > 0 && s.present === s.parents) {
        out.push(`field ${path}: the service sends it (${list(s.types)}), the emulator does not`);
      }
      continue;
    }
    if (s === undefined && e !== undefined) {
      if ((a.objects.get(parentOf(path)) ?? 0) > 0 && e.present === e.parents) {
        out.push(`field ${path}: the emulator sends it (${list(e.types)}), the service does not`);
      }
      continue;
    }
    if (s === undefined || e === undefined) continue;
    const st = typesWithoutNull(s);
    const et = typesWithoutNull(e);
    if (st.length > 0 && et.length > 0 && st.join() !== et.join())
      out.push(`field ${path}: the service sends ${st.join(' or ')}, the emulator ${et.join(' or ')}`);
    else if (s.types.has('null') !== e.types.has('null') && st.length + et.length > 0 && !inList(path)) {
      out.push(`field ${path}: the service sends ${list(s.types)}, the emulator ${list(e.types)}`);
    }
    // Values are compared where the types declare an enum; where they say nothing, upper-case words are taken for one.
    const enumField = spec === undefined ? true : spec.enum;
    if (enumField && !inList(path) && (s.enums.size > 0 || e.enums.size > 0) && list(s.enums) !== list(e.enums)) {
      out.push(`field ${path}: the service sends ${list(s.enums) || 'no enum value'}, the emulator ${list(e.enums) || 'no enum value'}`);
    }
  }
  return out;
}

/** An error message without what differs between organizations: ids (hidden ones too), hex, numbers, quoted values, run names. */
export function normalizeMessage(message: string): string {
  return message
    .replace(/redacted-id-[0-9a-f]{12}/g, '<id>')
    .replace(/<redacted:[0-9a-f]+>|redacted-[0-9a-f]{12}(@example\.com)?/g, '<redacted>')
    .replace(/wiacc-\d{8}t\d{6}-[a-z0-9]{4}-[A-Za-z0-9._-]*/g, '<name>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\b(?:0x)?[0-9a-f]{16,}\b/gi, '<hex>')
    .replace(/"[^"]*"|'[^']*'/g, '"…"')
    .replace(/\b\d+(?:\.\d+)?\b/g, '<n>')
    .trim();
}

interface ErrorShape {
  code?: unknown;
  message?: unknown;
  details?: unknown;
  turnkeyErrorCode?: unknown;
}

function detailTypes(details: unknown): string[] {
  if (!Array.isArray(details)) return [];
  return [
    ...new Set(details.map((d) => (d as { '@type'?: unknown } | null)?.['@type']).filter((t): t is string => typeof t === 'string')),
  ].sort();
}

function turnkeyCode(body: ErrorShape): string | undefined {
  if (typeof body.turnkeyErrorCode === 'string') return body.turnkeyErrorCode;
  if (!Array.isArray(body.details)) return undefined;
  for (const d of body.details) {
    const code = (d as { turnkeyErrorCode?: unknown } | null)?.turnkeyErrorCode;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** How two error answers differ. */
export function errorDifferences(service: unknown, emulator: unknown): string[] {
  const s = (service ?? {}) as ErrorShape;
  const e = (emulator ?? {}) as ErrorShape;
  const out: string[] = [];
  if (s.code !== e.code) out.push(`error code: the service ${JSON.stringify(s.code)}, the emulator ${JSON.stringify(e.code)}`);
  const sm = typeof s.message === 'string' ? normalizeMessage(s.message) : undefined;
  const em = typeof e.message === 'string' ? normalizeMessage(e.message) : undefined;
  if (sm !== em) out.push(`error message: the service ${JSON.stringify(s.message)}, the emulator ${JSON.stringify(e.message)}`);
  const sd = detailTypes(s.details).join(', ');
  const ed = detailTypes(e.details).join(', ');
  if (sd !== ed) out.push(`error details: the service ${sd || 'none'}, the emulator ${ed || 'none'}`);
  const st = turnkeyCode(s);
  const et = turnkeyCode(e);
  if (st !== et) out.push(`turnkeyErrorCode: the service ${st ?? 'none'}, the emulator ${et ?? 'none'}`);
  return out;
}

/** Every difference between the service's recorded answer and the emulator's (`view`: the operation's published types). */
export function answerDifferences(
  service: { status: number; body: unknown },
  emulator: { status: number; body: unknown },
  view?: SchemaView,
): string[] {
  if (service.status !== emulator.status) {
    const why = emulator.status >= 400 ? `: ${describeError(emulator.body)}` : '';
    return [`status: the service ${service.status}, the emulator ${emulator.status}${why}`];
  }
  if (service.status >= 400) return errorDifferences(service.body, emulator.body);
  return shapeDifferences(service.body, emulator.body, view);
}

function describeError(body: unknown): string {
  const message = (body as ErrorShape | null)?.message;
  return typeof message === 'string' ? message : JSON.stringify(body);
}
