// What runs in the user's program process: the settings as the program sees them (stack config through
// `pulumi.runtime`, which also knows which values are encrypted), a check of the stack config made once
// before anything is registered or requested, and the error form Pulumi prints without a stack trace.
import { isAbsolute } from 'node:path';
import * as pulumi from '@pulumi/pulumi';
import { ConfigurationError, WalletInfraError } from '@walletinfra/sdk/errors';
import { explainServiceError } from '../config/explain';
import { ProgramDeclarations } from '../ownership';
import { messageOf } from '../errors';
import { checkConfigKeys } from '../config/keys';
import { stackFileSecrecy } from '../config/stack-file';
import { COMMON_KEYS, SET_ONLY_KEYS } from '../resources/common/inputs';
import { createContext, type OwnedContext, type ProviderContext } from '../context';
import { debugRequested } from '../internal/debug';

type Runtime = typeof pulumi.runtime & {
  isConfigSecret?: (key: string) => boolean;
  allConfig?: () => Record<string, string>;
  getRootDirectory?: () => string;
};

let context: OwnedContext | undefined;

/** The project's directory as the language host gives it (an absolute path), else the program's own. */
function projectDir(root: string | undefined): string {
  return root !== undefined && isAbsolute(root) ? root : process.cwd();
}

export function programContext(): OwnedContext {
  const runtime = pulumi.runtime as Runtime;
  context ??= createContext({
    // Lookups share a list only while it is in flight: a lookup that waits on a resource runs after the
    // provider process wrote it, and a list this process read earlier would not show that write.
    listTtlMs: 0,
    config: (key) => runtime.getConfig(key),
    keys: () => Object.keys(runtime.allConfig?.() ?? {}),
    isSecret: (key) => runtime.isConfigSecret?.(key),
    // The program runs in the project's directory (or its `main`), which holds the stack's config file.
    plainInSecret: stackFileSecrecy(projectDir(runtime.getRootDirectory?.()), pulumi.getStack()),
  });
  return context;
}

/**
 * The form of a user-facing failure in the program: `pulumi.RunError`, which Pulumi prints as its message
 * alone (cmd/run/run.js in @pulumi/pulumi). The stack goes to Pulumi's debug log (`--debug`), and to
 * stderr with WALLETINFRA_DEBUG=1.
 *
 * The RunError itself carries no stack frames: Pulumi also formats every uncaught error with
 * `util.inspect(err, { colors: true })` for its trace span (same file, `defaultErrorMessage`), and Node's
 * colouring loops without end, for minutes and gigabytes, on a frame under `node_modules/@scope/file`
 * (https://github.com/nodejs/node/issues/64011) — which is where source maps place @pulumi/pulumi's own
 * files (`node_modules/@pulumi/output.ts`), so any error thrown through an Output has one.
 */
export function runError(where: string, error: unknown): pulumi.RunError & { code?: string } {
  if (error instanceof pulumi.RunError) return withoutFrames(error);
  const message = messageOf(error);
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  if (stack !== '') {
    void pulumi.log.debug(`${where}: ${stack}`).catch(() => undefined);
    if (debugRequested()) process.stderr.write(`${where}: ${stack}\n`);
  }
  const text = where === '' || message.includes(where) ? message : `${where}: ${message}`;
  const out = withoutFrames(new pulumi.RunError(text)) as pulumi.RunError & { code?: string };
  // The sdk's stable code stays available to programs that catch the error.
  if (error instanceof WalletInfraError) out.code = error.code;
  return out;
}

function withoutFrames<E extends Error>(error: E): E {
  error.stack = `${error.name}: ${error.message}`;
  return error;
}

let checked: pulumi.RunError | null | undefined;

/**
 * Checks the stack config once per program (unknown `walletinfra:*` keys, settings in the wrong namespace,
 * secrets in plain text, malformed values); throws the same RunError every time when it is wrong, so
 * Pulumi reports it once.
 */
export function preflight(): void {
  if (checked === undefined) {
    try {
      const ctx = programContext();
      checkConfigKeys(ctx.sources());
      ctx.endpoints({});
      checked = null;
    } catch (error) {
      checked = error instanceof WalletInfraError ? runError('walletinfra configuration', error) : null;
    }
  }
  if (checked !== null) throw checked;
}

/** A data source's failure: translated into configuration terms, attributed to the lookup, no stack trace. */
export function lookupError(
  name: string,
  error: unknown,
  ctx: ProviderContext,
  selector: { profile?: string; organizationId?: string },
): pulumi.RunError {
  let baseUrl = '';
  try {
    baseUrl = ctx.endpoints(selector).baseUrl;
  } catch {
    // The settings are wrong; the error says so.
  }
  return runError(name, explainServiceError(error, { sources: ctx.sources(), selector, baseUrl }));
}

let declarations = new ProgramDeclarations();

/**
 * Forgets what this process's program declared and read of its config, so the same process can run a program
 * again as a new one: `walletinfra-fleet` evaluates a template once per sub-organization in one process with
 * Pulumi's mocks (fleet/template/child.ts) instead of loading the provider anew for each.
 */
export function startNewProgram(): void {
  context = undefined;
  checked = undefined;
  declarations = new ProgramDeclarations();
}

/**
 * One object, one owner (../ownership.ts), checked in the program where resources have names: a second
 * resource that declares the same unique value (a policy name, an adopted id) is refused, naming both.
 * Values that are Outputs are checked once known.
 */
export function declareUnique(type: string, what: string, value: unknown, resource: string, why: string): void {
  const check = (v: unknown): void => {
    if (typeof v !== 'string' || v === '') return;
    const elsewhere = declarations.declare(type, what, v, resource);
    if (elsewhere !== undefined) {
      throw runError(
        '',
        new ConfigurationError(
          `${type} "${resource}" declares ${what} ${JSON.stringify(v)}, which ${type} "${elsewhere.holder}" already declares: ${why}`,
        ),
      );
    }
  };
  if (pulumi.Output.isInstance(value)) value.apply(check);
  else check(value);
}

/** The `id` of an `adopt` input, a plain value or an Output. */
function adoptedId(adopt: unknown): unknown {
  if (pulumi.Output.isInstance(adopt)) return adopt.apply((a) => (a as { id?: unknown } | undefined)?.id);
  return adopt !== null && typeof adopt === 'object' ? (adopt as { id?: unknown }).id : undefined;
}

/** The common inputs every resource's state keeps, set or not. */
const ALWAYS_OUTPUT_KEYS = COMMON_KEYS.filter((k) => !(SET_ONLY_KEYS as readonly string[]).includes(k));

/**
 * The inputs a resource registers, after what every resource's constructor checks first: the stack config
 * (a mistake stops the program here, once, before anything is registered or requested), and that no other
 * resource of the program adopts the same object. Each of `optional` (the output-only properties and the
 * inputs a program may leave out) and `organizationId` is seeded as undefined, so the class gets an Output
 * for each (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/, pulumi/pulumi#6587).
 * `profile` and `adopt` are registered only when the program sets them: see {@link unsetPlacementOutputs}.
 */
export function resourceInputs(type: string, name: string, args: object & { adopt?: unknown }, optional: readonly string[]): pulumi.Inputs {
  preflight();
  declareUnique(
    type,
    'adopt.id',
    adoptedId(args.adopt),
    name,
    'an object has one owner in a stack (deleting either resource would delete it under the other); remove one of the two adopt lines',
  );
  return { ...Object.fromEntries([...optional, ...ALWAYS_OUTPUT_KEYS].map((k) => [k, undefined])), ...args };
}

/**
 * Called by every resource's constructor after `super`: `profile` and `adopt`, when the program leaves them
 * out, read as an Output of undefined that depends on the resource (known once its id is), made on first use.
 * Registering them would give the same value at a price paid for every resource of every program: Pulumi
 * makes four promises, each with a formatted stack trace, for each registered property (`transferProperties`
 * in @pulumi/pulumi's runtime/rpc.js).
 */
export function unsetPlacementOutputs(resource: pulumi.CustomResource, registered: pulumi.Inputs): void {
  for (const key of SET_ONLY_KEYS) {
    if (key in registered) continue;
    Object.defineProperty(resource, key, {
      configurable: true,
      enumerable: true,
      get: () => {
        const value = resource.id.apply((): undefined => undefined);
        Object.defineProperty(resource, key, { value, enumerable: true });
        return value;
      },
    });
  }
}
