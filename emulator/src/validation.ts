// What the emulator reads from its user (options, fault rules, seeds, admin request bodies) is declared as
// zod schemas and parsed by the sdk's option parser, so every refusal reads "<field> <fix>, got <value>"
// with the field's full JSON path. These are the checks those schemas share.
import { ConfigurationError } from '@walletinfra/sdk';
import { got, parseOptions, type ParseOptionsNaming } from '@walletinfra/sdk/options';
import { z } from 'zod';

/** Parses `value` with `schema`; a refusal is thrown as `as` (a ConfigurationError subclass), same message. */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  naming: ParseOptionsNaming,
  as: new (message: string) => ConfigurationError,
): z.output<S> {
  try {
    return parseOptions(schema, value, naming);
  } catch (e) {
    // parseOptions throws a plain ConfigurationError; the caller's subclass says what was refused
    if (e instanceof ConfigurationError && e.constructor === ConfigurationError) throw new as(e.message);
    throw e;
  }
}

/** A string with something in it besides white space (kept as given). */
export const nonEmpty = z
  .string({ error: got('must be a non-empty string') })
  .refine((v) => v.trim() !== '', { error: got('must not be empty') });

/** A string matching `pattern`, described to the user as `what` ("an email address"). */
export function matching(pattern: RegExp, what: string): z.ZodString {
  const error = got(`must be ${what}`);
  return z.string({ error }).regex(pattern, { error });
}

/** Decimal digits in a string, as the service writes 64-bit counts (`expirationSeconds`). */
export const digits = matching(/^[0-9]+$/, 'a string of decimal digits');

/** An integer from `min` to `max`; `unit` is said after the range ("seconds"). */
export function intFrom(min: number, max: number, unit = ''): z.ZodNumber {
  const error = got(`must be an integer from ${min} to ${max}${unit === '' ? '' : ` (${unit})`}`);
  return z.int({ error }).min(min, { error }).max(max, { error });
}

/** An integer of at least `min`. */
export function intAtLeast(min: number, unit = ''): z.ZodNumber {
  const what = min === 1 ? 'a positive integer' : min === 0 ? 'a non-negative integer' : `an integer of at least ${min}`;
  const error = got(`must be ${what}${unit === '' ? '' : ` (${unit})`}`);
  return z.int({ error }).min(min, { error });
}

/** One of `values`, listed in the message. */
export function oneOf<const T extends string>(values: readonly [T, ...T[]]): z.ZodEnum<{ [K in T]: K }> {
  return z.enum(values, { error: got(`must be one of ${values.join(', ')}`) });
}

/** A boolean, `true` or `false`. */
export const flag = z.boolean({ error: got('must be true or false') });

/** A function (an injected clock, source of randomness, logger...). */
export function callable<T>(): z.ZodType<T, T> {
  return z.custom<T>((v) => typeof v === 'function', { error: got('must be a function') });
}
