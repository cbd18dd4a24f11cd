// Changes the process: zod's translated error messages load when first asked for, not when zod loads. Nothing in
// the sdk calls this module; a process opts in from its entry point (`installLazyZodLocales()` from
// `@walletinfra/sdk/process`, as the Pulumi provider's runtime and its plugin do).
//
// zod 4's index (`zod`, and `zod/v4/core`) exports `locales`, every translation of its messages, by requiring
// `v4/locales/index.cjs`, which requires all of them (about 60 modules) at once. A process that never calls
// `z.config(z.locales.xx())` loads them for nothing: about half of zod's load time (60 ms of CPU of its 130 on this
// machine), on the critical path of every provider process the engine starts. Once installed, that index is a module
// whose exports are the same names, each loading its locale on first read (the same `default` export zod's index
// returns): `z.locales.fr()` works as before, and only what is read is loaded. English, zod's default, is loaded by
// zod itself as before (`v4/classic/external.cjs` requires `../locales/en.cjs`).
//
// The names and files are read from the installed zod's own index, so a zod release that adds a locale keeps them
// all; an index of another shape, a zod already loaded, or one that cannot be found leaves zod as it is.
import { readFileSync } from 'node:fs';
import { Module } from 'node:module';
import { dirname, join } from 'node:path';

/** `var ar_js_1 = require("./ar.cjs");` then `Object.defineProperty(exports, "ar", { ... __importDefault(ar_js_1).default ...`. */
const REQUIRE = /var (\w+) = require\("(\.\/[\w-]+\.cjs)"\);/g;
const EXPORT =
  /Object\.defineProperty\(exports, "(\w+)", \{ enumerable: true, get: function \(\) \{ return __importDefault\((\w+)\)\.default; \} \}\);/g;

/** Each exported locale name with the file it comes from, as zod's index maps them; undefined when it is not that shape. */
export function localeFiles(indexSource: string): Map<string, string> | undefined {
  const files = new Map<string, string>();
  for (const [, variable, file] of indexSource.matchAll(REQUIRE)) files.set(variable as string, file as string);
  const names = new Map<string, string>();
  for (const [, name, variable] of indexSource.matchAll(EXPORT)) {
    const file = files.get(variable as string);
    if (file === undefined) return undefined;
    names.set(name as string, file);
  }
  // every require is exported, and nothing else is in the index
  if (names.size === 0 || names.size !== files.size) return undefined;
  return names;
}

/** Where zod's locales index is, for the zod this sdk loads; undefined when zod is not where expected. */
function localesIndex(): string | undefined {
  try {
    const index = join(dirname(require.resolve('zod')), 'v4', 'locales', 'index.cjs');
    return require.resolve(index);
  } catch {
    return undefined;
  }
}

/**
 * Puts a lazy module in place of zod's locales index before zod loads. Returns whether it did: not when zod (or its
 * locales) already loaded, when zod is not found, or when its index is not of the shape read above.
 */
export function installLazyZodLocales(): boolean {
  const index = localesIndex();
  if (index === undefined || require.cache[index] !== undefined) return false;
  let names: Map<string, string> | undefined;
  try {
    names = localeFiles(readFileSync(index, 'utf8'));
  } catch {
    return false;
  }
  if (names === undefined) return false;
  const lazy = new Module(index);
  lazy.filename = index;
  lazy.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(index));
  const exports: Record<string, unknown> = {};
  Object.defineProperty(exports, '__esModule', { value: true });
  for (const [name, file] of names) {
    Object.defineProperty(exports, name, {
      enumerable: true,
      get: () => {
        // what zod's index returns: `__importDefault(require(file)).default`
        const locale = lazy.require(file) as { __esModule?: boolean; default?: unknown };
        return locale.__esModule === true ? locale.default : locale;
      },
    });
  }
  lazy.exports = exports;
  lazy.loaded = true;
  require.cache[index] = lazy;
  return true;
}
