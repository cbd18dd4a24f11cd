// A tiny structural validator for seed files: every error names the JSON path ("seed.users[0].userName:
// is required"), unknown keys are errors listing the known ones. Seeds are hand-written, so the messages
// matter more than brevity.

export class SeedError extends Error {
  override readonly name = 'SeedError';
}

export type Shape<T> = (value: unknown, path: string) => T;

function fail(path: string, message: string): never {
  throw new SeedError(`${path}: ${message}`);
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

export const str =
  (opts: { nonEmpty?: boolean; pattern?: RegExp; what?: string } = {}): Shape<string> =>
  (v, p) => {
    if (typeof v !== 'string') fail(p, `must be a string, got ${describe(v)}`);
    if (opts.nonEmpty === true && v.trim() === '') fail(p, 'must not be empty');
    if (opts.pattern !== undefined && !opts.pattern.test(v)) fail(p, `must be ${opts.what ?? `a string matching ${String(opts.pattern)}`}`);
    return v;
  };

export const oneOf =
  <const T extends string>(values: readonly T[]): Shape<T> =>
  (v, p) => {
    if (typeof v !== 'string' || !values.includes(v as T)) fail(p, `must be one of ${values.join(', ')}`);
    return v as T;
  };

export const bool: Shape<boolean> = (v, p) => {
  if (typeof v !== 'boolean') fail(p, `must be a boolean, got ${describe(v)}`);
  return v;
};

export const int =
  (min: number, max: number): Shape<number> =>
  (v, p) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) fail(p, `must be an integer from ${min} to ${max}`);
    return v;
  };

export const arr =
  <T>(item: Shape<T>): Shape<T[]> =>
  (v, p) => {
    if (!Array.isArray(v)) fail(p, `must be an array, got ${describe(v)}`);
    return v.map((x, i) => item(x, `${p}[${i}]`));
  };

export const record =
  <T>(item: Shape<T>): Shape<Record<string, T>> =>
  (v, p) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(p, `must be an object, got ${describe(v)}`);
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, item(x, `${p}.${k}`)]));
  };

/** Any JSON value, kept as is (checked elsewhere). */
export const json: Shape<unknown> = (v) => v;

type Fields = Record<string, { shape: Shape<unknown>; optional: boolean }>;
type Out<F extends Fields> = { [K in keyof F as F[K]['optional'] extends true ? never : K]: ReturnType<F[K]['shape']> } & {
  [K in keyof F as F[K]['optional'] extends true ? K : never]?: ReturnType<F[K]['shape']>;
};

export const req = <T>(shape: Shape<T>) => ({ shape, optional: false as const });
export const opt = <T>(shape: Shape<T>) => ({ shape, optional: true as const });

export const obj =
  <F extends Fields>(fields: F): Shape<Out<F>> =>
  (v, p) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(p, `must be an object, got ${describe(v)}`);
    const input = v as Record<string, unknown>;
    for (const key of Object.keys(input)) {
      if (!(key in fields)) fail(`${p}.${key}`, `is not a known field (known: ${Object.keys(fields).join(', ')})`);
    }
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(fields)) {
      if (input[key] === undefined) {
        if (!field.optional) fail(`${p}.${key}`, 'is required');
        continue;
      }
      out[key] = field.shape(input[key], `${p}.${key}`);
    }
    return out as Out<F>;
  };
