// A data source is declared once, like a resource kind (../resources/kind.ts): its name, its arguments and its
// result as zod objects built from the sdk's request and response schemas (the TypeScript types are inferred
// from them), the documentation of every argument and result property, and how it reads the service. From
// the one declaration come the program's two usual forms (`getX(args)` returns a Promise, `getXOutput(args)`
// an Output that waits for Input arguments: dynamic providers have no invoke, so lookups run in the program
// process, https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/), the native provider's
// Invoke `walletinfra:index:getX` and its schema function (../native/). Both read the same settings as the
// resources (stack config `walletinfra:*`, then the environment), through the same resolution function, and
// check their arguments the same way.
import * as pulumi from '@pulumi/pulumi';
import { z } from 'zod';
import { InvalidRequestError, type ValidationIssue } from '@walletinfra/sdk/errors';
import { toValidationIssues } from '@walletinfra/sdk/schemas';
import { lookupError } from '../program/process';
import type { ProviderContext } from '../context';

/** Every data source accepts these: which credentials and which organization. */
export interface LookupSelector {
  /** Named credentials from `walletinfra:profiles` / `WALLETINFRA_PROFILE_<NAME>_*`. */
  profile?: string;
  /** Read another organization (e.g. a sub-organization) with the selected credentials. */
  organizationId?: string;
}

/** The selector arguments, for the declarations that take them (all but the lookups that need no API key take both). */
export const SELECTOR = z.object({
  profile: z.string().optional(),
  organizationId: z.string().optional(),
});

export const SELECTOR_DOCS = {
  profile: 'Named credentials from `walletinfra:profiles` (default: the provider settings).',
  organizationId: "The organization to read (default: the credentials' organization), e.g. a sub-organization.",
} as const;

export type InputArgs<A> = { [K in keyof A]: pulumi.Input<A[K]> };

export interface Lookup<A, R> {
  (args: A): Promise<R>;
}

export interface LookupPair<A, R> {
  promise: (args?: A) => Promise<R>;
  /** Nested Outputs (secret fields) are unwrapped into the result, whose secretness they carry. */
  output: (args?: InputArgs<A>) => pulumi.Output<pulumi.Unwrap<R>>;
}

export interface DataSourceDeclaration<A extends z.ZodObject, R extends z.ZodObject> {
  /** The program's function and the native function's name: `getPolicies` (token `walletinfra:index:getPolicies`). */
  name: string;
  /** One paragraph for the docs and the schema. */
  description: string;
  /** Which selector arguments it takes: both (default), or `profile` only (lookups that need no API key). */
  selector?: 'organization' | 'profile';
  /** Its own arguments, the selector left out: built from the sdk's request schema. */
  args: A;
  /** What it returns: built from the sdk's response schema. */
  result: R;
  /** The documentation of every argument and result property. */
  docs: { readonly [P in (keyof z.input<A> | keyof z.output<R>) & string]: string };
  /** Result properties that are always secret (ciphertexts): the native function returns them as secrets. */
  secretResults?: readonly (keyof z.output<R> & string)[];
  /** Checks beyond the argument types, in the same words (`set exactly one of policyId or policyName`). */
  refine?(args: z.output<A>): ValidationIssue[];
  read(ctx: ProviderContext, args: z.output<A> & LookupSelector): Promise<z.output<R>>;
}

/** A declared data source: the declaration, with the names derived from it. */
export interface DataSource<A extends z.ZodObject = z.ZodObject, R extends z.ZodObject = z.ZodObject> extends DataSourceDeclaration<A, R> {
  /** Every argument it takes, the selector's included, in declaration order. */
  readonly argumentKeys: readonly string[];
  /** The selector arguments it takes. */
  readonly selectorKeys: readonly (keyof LookupSelector)[];
  /** `args` with the selector arguments it takes: what a call is checked against. */
  readonly allArgs: z.ZodObject;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the list of data sources holds every one's own types
export type AnyDataSource = DataSource<z.ZodObject, any>;

/** An object type without the index signature zod gives an empty strict object. */
type Known<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

/** The arguments a program passes to a data source. */
export type ArgsOfDataSource<D> = D extends DataSource<infer A, z.ZodObject> ? Known<z.input<A>> & LookupSelector : never;
/** What a data source returns. */
export type ResultOfDataSource<D> = D extends DataSource<z.ZodObject, infer R> ? z.output<R> : never;

/** Builds a data source from its declaration; throws at load time when a property has no documentation. */
export function dataSource<A extends z.ZodObject, R extends z.ZodObject>(decl: DataSourceDeclaration<A, R>): DataSource<A, R> {
  const selectorKeys: (keyof LookupSelector)[] = decl.selector === 'profile' ? ['profile'] : ['profile', 'organizationId'];
  const own = Object.keys(decl.args.shape);
  for (const key of [...own, ...Object.keys(decl.result.shape)]) {
    const doc = (decl.docs as Record<string, string | undefined>)[key];
    if (doc === undefined || doc.trim() === '') throw new Error(`data source ${decl.name}: property "${key}" has no documentation`);
  }
  const selector = decl.selector === 'profile' ? { profile: SELECTOR.shape.profile } : SELECTOR.shape;
  return { ...decl, argumentKeys: [...own, ...selectorKeys], selectorKeys, allArgs: decl.args.extend(selector) };
}

/** Unknown argument names are an error that lists the known ones. */
function unknownArguments(ds: AnyDataSource, args: object): ValidationIssue[] {
  const unknown = Object.keys(args).filter((k) => !ds.argumentKeys.includes(k) && (args as Record<string, unknown>)[k] !== undefined);
  return unknown.map((k) => ({ path: k, message: `is not an argument of ${ds.name}; known: ${ds.argumentKeys.join(', ')}` }));
}

/**
 * Every problem with a data source's arguments, each naming the argument: unknown names, then values of the
 * wrong type, then the data source's own rules. Values are never quoted (an argument may hold a secret).
 */
export function argumentIssues(ds: AnyDataSource, args: Record<string, unknown>): ValidationIssue[] {
  const unknown = unknownArguments(ds, args);
  if (unknown.length > 0) return unknown;
  const given = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== null));
  const parsed = ds.allArgs.safeParse(given);
  if (!parsed.success) return toValidationIssues(parsed.error);
  return ds.refine?.(parsed.data) ?? [];
}

/** The arguments with their types checked; throws the lookup's InvalidRequestError naming every bad one. */
export function checkedArguments(ds: AnyDataSource, args: Record<string, unknown>): Record<string, unknown> & LookupSelector {
  const issues = argumentIssues(ds, args);
  if (issues.length > 0) throw InvalidRequestError.fromIssues(ds.name, issues);
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== null));
}

export function selectorOfArgs(args: LookupSelector): { profile?: string; organizationId?: string } {
  return {
    ...(args.profile !== undefined ? { profile: args.profile } : {}),
    ...(args.organizationId !== undefined ? { organizationId: args.organizationId } : {}),
  };
}

/**
 * The program's two forms of `ds`, on the program's settings. `view` turns the result into what the program
 * returns (secret fields as secret Outputs).
 */
export function define<A extends z.ZodObject, R extends z.ZodObject, V = z.output<R>>(
  ds: DataSource<A, R>,
  context: () => ProviderContext,
  view?: (result: z.output<R>) => V,
): LookupPair<Known<z.input<A>> & LookupSelector, V> {
  type Args = Known<z.input<A>> & LookupSelector;
  const promise = async (args?: Args): Promise<V> => {
    const a = (args ?? {}) as Record<string, unknown>;
    const ctx = context(); // throws the program's one configuration error as it is
    try {
      const checked = checkedArguments(ds as AnyDataSource, a);
      const result = await ds.read(ctx, checked as z.output<A> & LookupSelector);
      return view !== undefined ? view(result) : (result as V);
    } catch (error) {
      // Attributed to the lookup, in configuration terms, printed by Pulumi without a stack trace.
      throw lookupError(ds.name, error, ctx, selectorOfArgs(a));
    }
  };
  const output = (args?: InputArgs<Args>): pulumi.Output<pulumi.Unwrap<V>> =>
    pulumi.output<V>(pulumi.output(args ?? ({} as InputArgs<Args>)).apply((a) => promise(a as unknown as Args)));
  return { promise, output };
}
