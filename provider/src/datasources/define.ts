// Data sources as plain functions in Pulumi's two usual forms (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/: dynamic providers have no
// invoke, so lookups run in the program process): `getX(args)` returns a Promise, `getXOutput(args)` an
// Output that waits for Input arguments. Both read the same settings as the resources (stack config
// `walletinfra:*`, then the environment), through the same resolution function.
import * as pulumi from '@pulumi/pulumi';
import { InvalidRequestError } from '@walletinfra/sdk/errors';
import { lookupError } from '../program';
import type { ProviderContext } from '../runtime/context';

/** Every data source accepts these: which credentials and which organization. */
export interface LookupSelector {
  /** Named credentials from `walletinfra:profiles` / `WALLETINFRA_PROFILE_<NAME>_*`. */
  profile?: string;
  /** Read another organization (e.g. a sub-organization) with the selected credentials. */
  organizationId?: string;
}

export type InputArgs<A> = { [K in keyof A]: pulumi.Input<A[K]> };

export interface Lookup<A, R> {
  (args: A): Promise<R>;
}

export interface LookupPair<A, R> {
  promise: (args?: A) => Promise<R>;
  /** Nested Outputs (secret fields) are unwrapped into the result, whose secretness they carry. */
  output: (args?: InputArgs<A>) => pulumi.Output<pulumi.Unwrap<R>>;
}

/** Unknown argument names are an error that lists the known ones. */
function checkArgs(name: string, args: object, known: readonly string[]): void {
  const all = ['profile', 'organizationId', ...known];
  const unknown = Object.keys(args).filter((k) => !all.includes(k) && (args as Record<string, unknown>)[k] !== undefined);
  if (unknown.length > 0) {
    throw InvalidRequestError.fromIssues(
      name,
      unknown.map((k) => ({ path: k, message: `is not an argument of ${name}; known: ${all.join(', ')}` })),
    );
  }
}

export function selectorOfArgs(args: LookupSelector): { profile?: string; organizationId?: string } {
  return {
    ...(args.profile !== undefined ? { profile: args.profile } : {}),
    ...(args.organizationId !== undefined ? { organizationId: args.organizationId } : {}),
  };
}

export function define<A extends object, R>(
  name: string,
  known: readonly string[],
  context: () => ProviderContext,
  impl: (ctx: ProviderContext, args: A) => Promise<R>,
): LookupPair<A, R> {
  const promise = async (args?: A): Promise<R> => {
    const a = (args ?? {}) as A;
    const ctx = context(); // throws the program's one configuration error as it is
    try {
      checkArgs(name, a, known);
      return await impl(ctx, a);
    } catch (error) {
      // Attributed to the lookup, in configuration terms, printed by Pulumi without a stack trace.
      throw lookupError(name, error, ctx, selectorOfArgs(a));
    }
  };
  const output = (args?: InputArgs<A>): pulumi.Output<pulumi.Unwrap<R>> =>
    pulumi.output<R>(pulumi.output(args ?? ({} as InputArgs<A>)).apply((a) => promise(a as unknown as A)));
  return { promise, output };
}
