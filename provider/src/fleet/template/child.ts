// A child process that evaluates a TypeScript (or JavaScript) fleet template with Pulumi's mocks
// (https://www.pulumi.com/docs/iac/guides/testing/unit/): the program runs without the engine, and every resource
// it registers is recorded instead of created. Its own process, in the template's directory: a program may read
// files relative to it, call process.exit, or leak, and the command that started it goes on. It loads TypeScript the
// way `pulumi up` does (@pulumi/pulumi's own choice of `typescript` and `ts-node`, the template's tsconfig.json),
// without type checking. One process evaluates many times: before each evaluation the template's own modules and
// @walletinfra/pulumi's are unloaded, so each run starts from nothing (its one-owner checks included).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import type * as PulumiTypes from '@pulumi/pulumi';
import { isSecretEnvelope, PROVIDER_KEY } from '../../wire';
import type { ChildRequest, ChildResponse, RegisteredResource } from './child-protocol';

type PulumiModule = typeof PulumiTypes;
interface MockArgs {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
  custom?: boolean;
}

const templateDir = resolve(process.argv[2] ?? '.');
const templateRequire = createRequire(join(templateDir, 'index.js'));

function packageRoot(name: string): string | undefined {
  try {
    return dirname(templateRequire.resolve(`${name}/package.json`));
  } catch {
    return undefined;
  }
}

/** The program's entry, as `pulumi up` finds it: Pulumi.yaml's `main`, package.json's `main`, or the directory itself. */
function entryPoint(main: string | undefined): string {
  if (main !== undefined) return resolve(templateDir, main);
  const pkgFile = join(templateDir, 'package.json');
  if (existsSync(pkgFile)) {
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { main?: unknown };
    if (typeof pkg.main === 'string') return resolve(templateDir, pkg.main);
  }
  return templateDir;
}

/** ts-node in transpile-only mode, with @pulumi/pulumi's choice of compiler (cmd/run/run.js in @pulumi/pulumi). */
function registerTypeScript(): void {
  const tsutils = templateRequire('@pulumi/pulumi/tsutils') as {
    typeScriptRequireStrings(): { tsnodeRequire: string; typescriptRequire: string };
    loadTypeScriptCompilerOptions(path: string): Record<string, unknown>;
  };
  const tsconfig = join(templateDir, 'tsconfig.json');
  const { tsnodeRequire, typescriptRequire } = tsutils.typeScriptRequireStrings();
  const tsn = templateRequire(tsnodeRequire) as { register(options: Record<string, unknown>): void };
  tsn.register({
    compiler: typescriptRequire,
    transpileOnly: true,
    project: tsconfig,
    skipProject: !existsSync(tsconfig),
    compilerOptions: {
      target: 'ES2020',
      module: 'commonjs',
      moduleResolution: 'node',
      sourceMap: true,
      ...tsutils.loadTypeScriptCompilerOptions(tsconfig),
    },
  });
}

/**
 * Unloads the template's own modules and resets @walletinfra/pulumi's program state (its one-owner checks, its
 * config), so the next evaluation starts clean without loading the provider again; an installed provider without
 * that reset is unloaded whole.
 */
function startNewProgram(): void {
  const root = packageRoot('@walletinfra/pulumi');
  const program = root === undefined ? undefined : join(root, 'dist', 'program.js');
  const loaded =
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the template's own copy of the provider, found at run time
    program !== undefined && existsSync(program) ? (require(program) as { startNewProgram?: () => void }) : undefined;
  const reset = loaded?.startNewProgram;
  const own = (file: string): boolean =>
    (file.startsWith(templateDir + sep) && !file.includes(`${sep}node_modules${sep}`)) ||
    (reset === undefined && root !== undefined && file.startsWith(root + sep));
  for (const file of Object.keys(require.cache)) if (own(file)) delete require.cache[file];
  reset?.();
}

/** Plain values: secrets unwrapped (their property names noted), the serialized provider left out. */
function plain(inputs: Record<string, unknown>): { inputs: Record<string, unknown>; secret: string[] } {
  const secret = new Set<string>();
  const unwrap = (value: unknown, top: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => unwrap(v, top));
    if (value !== null && typeof value === 'object') {
      if (isSecretEnvelope(value)) {
        secret.add(top);
        return unwrap(value.value, top);
      }
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unwrap(v, top)]));
    }
    return value;
  };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(inputs)) if (key !== PROVIDER_KEY && value !== undefined) out[key] = unwrap(value, key);
  return { inputs: out, secret: [...secret] };
}

const STRING_METHODS = [
  'at',
  'charAt',
  'charCodeAt',
  'codePointAt',
  'endsWith',
  'includes',
  'indexOf',
  'lastIndexOf',
  'localeCompare',
  'match',
  'matchAll',
  'normalize',
  'padEnd',
  'padStart',
  'repeat',
  'replace',
  'replaceAll',
  'search',
  'slice',
  'split',
  'startsWith',
  'substr',
  'substring',
  'toLocaleLowerCase',
  'toLocaleUpperCase',
  'toLowerCase',
  'toUpperCase',
  'trim',
  'trimEnd',
  'trimStart',
] as const;

/**
 * Watches the program's own code for string operations on the stand-ins (`name.startsWith('vip-')`): a template that
 * looks into a sub-organization's values cannot be evaluated once for all. Frames outside the template's own files
 * (Pulumi's, the provider's) are not the template's doing. Returns the undo.
 */
function watchStandIns(standIns: readonly string[], seen: Array<{ value: string; at: string }>): () => void {
  const proto = String.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = new Map<string, (...args: unknown[]) => unknown>();
  const includes = proto.includes as (this: string, s: string) => boolean;
  const templateFrame = (): string | undefined => {
    const stack = new Error().stack ?? '';
    for (const line of stack.split('\n').slice(2)) {
      const m = /\(?((?:\/|[A-Za-z]:\\)[^():]+):(\d+):\d+\)?$/.exec(line.trim());
      if (m?.[1] !== undefined && m[1].startsWith(templateDir + sep) && !m[1].includes(`${sep}node_modules${sep}`))
        return `${m[1]}:${m[2]}`;
    }
    return undefined;
  };
  const hitsRegExp = (value: unknown): void => {
    if (typeof value !== 'string' || seen.length > 0) return;
    const hit = standIns.find((s) => includes.call(value, s));
    if (hit === undefined) return;
    const at = templateFrame();
    if (at !== undefined) seen.push({ value: hit, at });
  };
  for (const method of STRING_METHODS) {
    const original = proto[method] as (...args: unknown[]) => unknown;
    originals.set(method, original);
    proto[method] = function (this: string, ...args: unknown[]) {
      hitsRegExp(String(this));
      return original.apply(this, args);
    };
  }
  const regexp = RegExp.prototype as unknown as Record<'exec' | 'test', (s: string) => unknown>;
  const exec = regexp.exec;
  const test = regexp.test;
  regexp.exec = function (this: RegExp, s: string) {
    hitsRegExp(s);
    return exec.call(this, s);
  };
  regexp.test = function (this: RegExp, s: string) {
    hitsRegExp(s);
    return test.call(this, s);
  };
  return () => {
    for (const [method, original] of originals) proto[method] = original;
    regexp.exec = exec;
    regexp.test = test;
  };
}

/** Waits for every value a program exports (Outputs and promises); throws what the first of them throws. */
async function settled(pulumi: PulumiModule, outputs: unknown): Promise<void> {
  if (outputs === null || typeof outputs !== 'object') return;
  const values = Object.values(outputs as Record<string, unknown>).map((v) =>
    pulumi.Output.isInstance(v) ? (v as unknown as { promise(): Promise<unknown> }).promise() : v,
  );
  await Promise.all(values.filter((v): v is Promise<unknown> => v instanceof Promise));
}

/** The first line of what went wrong, as `pulumi up` would print it (a RunError's message alone). */
function describe(error: unknown): string {
  if (error instanceof Error) {
    const own = (error.stack ?? '').split('\n').find((l) => l.includes(templateDir + sep) && !l.includes(`${sep}node_modules${sep}`));
    const where = error.name === 'RunError' || own === undefined ? '' : ` (${own.trim().replace(/^at /, '')})`;
    return `${error.message}${where}`;
  }
  return String(error);
}

async function evaluate(request: ChildRequest): Promise<ChildResponse> {
  startNewProgram();
  const pulumi = templateRequire('@pulumi/pulumi') as PulumiModule;
  const settings = templateRequire('@pulumi/pulumi/runtime/settings') as { waitForRPCs(): Promise<void> };
  const resources: RegisteredResource[] = [];
  const errors: unknown[] = [];
  const onError = (error: unknown): void => void errors.push(error);
  process.on('unhandledRejection', onError);
  process.on('uncaughtException', onError);
  const seen: Array<{ value: string; at: string }> = [];
  const unwatch = request.watch.length > 0 ? watchStandIns(request.watch, seen) : () => undefined;
  try {
    pulumi.runtime.setAllConfig(request.config, []);
    await pulumi.runtime.setMocks(
      {
        newResource: (args: MockArgs) => {
          const { inputs, secret } = plain(args.inputs);
          if (args.custom !== false) resources.push({ type: args.type, name: args.name, inputs, secret });
          const outputs = Object.fromEntries(
            (request.outputs[args.type] ?? []).map((p) => [p, `⟦ref ${request.kindOf[args.type] ?? args.type} ${args.name} ${p}⟧`]),
          );
          return { id: `⟦ref ${request.kindOf[args.type] ?? args.type} ${args.name} id⟧`, state: { ...inputs, ...outputs } };
        },
        call: (args: { token: string }) => {
          const message =
            `the template calls ${args.token} (a data source): walletinfra-fleet evaluates templates without the service, so a template ` +
            'reads its sub-organization from subOrganization() and its own resources’ outputs only';
          // Pulumi's invoke reports a monitor's failure by its gRPC `details` (runtime/invoke.js in @pulumi/pulumi).
          throw Object.assign(new Error(message), { details: message });
        },
      },
      request.project,
      request.stack,
      false,
    );
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the template's program, found at run time
    const loaded = require(entryPoint(request.main)) as unknown;
    const program = typeof loaded === 'function' ? loaded : (loaded as { default?: unknown } | null)?.default;
    const outputs = typeof program === 'function' ? await (program as () => unknown)() : loaded;
    // The stack outputs, as `pulumi up` resolves them: a lookup that fails there fails here.
    await settled(pulumi, outputs);
    await settings.waitForRPCs();
  } catch (error) {
    errors.push(error);
  } finally {
    unwatch();
    process.off('unhandledRejection', onError);
    process.off('uncaughtException', onError);
  }
  const [first] = errors;
  if (first !== undefined) return { id: request.id, error: describe(first) };
  return { id: request.id, resources, ...(seen[0] !== undefined ? { inspected: seen[0] } : {}) };
}

registerTypeScript();
process.on('message', (message: ChildRequest) => {
  void evaluate(message).then((response) => process.send?.(response));
});
process.send?.({ ready: true });
