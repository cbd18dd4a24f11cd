// The provider's sources in layers, bottom to top (docs/architecture.md, "The map"): a file imports only from its
// own layer or the layers below it, so every arrow points down and each layer can be read knowing only those
// under it. Every relative import counts: static, type-only, re-exports, `require` and `import()`. A file belongs
// to the layer of the longest path prefix that names it; a file no layer names fails the test too, so a new
// folder gets its place here. The failure names each arrow that climbs: the importing file, the imported file,
// and their layers.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..', '..');
const SRC = join(ROOT, 'provider', 'src');

/** Bottom to top: each layer's name and the path prefixes (relative to provider/src) it holds. */
export const LAYERS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['foundations: errors, internal helpers, Pulumi wire values and type tokens', ['errors.ts', 'internal/', 'wire.ts', 'tokens.ts']],
  ["the commands' argument parsing and process plumbing", ['cli/']],
  ['a stack as the engine shows it: runs, events, redaction', ['stack/']],
  ['settings', ['config/']],
  ['sessions with the service: clients, coalesced lists, the activity history', ['session/']],
  ['what a deployment declares: one object, one owner; what check has seen', ['ownership.ts', 'deployment.ts']],
  ['what every lifecycle call receives', ['context.ts']],
  ["the policy linter's findings and organization view", ['policy-lint/']],
  [
    'the kind framework: the declaration, the lifecycle and the shared steps',
    ['resources/kind.ts', 'resources/lifecycle.ts', 'resources/common/'],
  ],
  ["the program process: settings, one-owner checks, a kind's class", ['program/']],
  ['the kinds, one folder each', ['resources/']],
  ['the registry of kinds', ['resources/kinds.ts', 'resources/field-docs.ts']],
  ['data sources', ['datasources/']],
  ['the dynamic provider', ['runtime/']],
  ['the native provider', ['native/']],
  ['walletinfra-export', ['export/']],
  ['walletinfra-policy', ['policy-review/']],
  ['walletinfra-drift', ['drift/']],
  ['walletinfra-fleet', ['fleet/']],
  ['the public entries: the program, the policy pack, policy testing', ['index.ts', 'policy-pack/', 'testing/']],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+['"](\.{1,2}\/[^'"]*)['"]|(?:^|\n)\s*import\s+['"](\.{1,2}\/[^'"]*)['"]|(?:require|import)\(\s*['"](\.{1,2}\/[^'"]*)['"]\s*\)/g;

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  return [`${base}.ts`, join(base, 'index.ts')].find((c) => {
    try {
      return statSync(c).isFile();
    } catch {
      return false;
    }
  });
}

/** The index in `layers` of a path relative to provider/src, by its longest matching prefix. */
export function layerOf(path: string, layers: typeof LAYERS = LAYERS): number | undefined {
  let best: { index: number; length: number } | undefined;
  layers.forEach(([, prefixes], index) => {
    for (const prefix of prefixes) {
      const matches = prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix;
      if (matches && (best === undefined || prefix.length > best.length)) best = { index, length: prefix.length };
    }
  });
  return best?.index;
}

/** Every arrow from a file to a file of a higher layer, as `from -> to (layer -> layer)`. */
export function upwardArrows(edges: ReadonlyArray<readonly [string, string]>, layers: typeof LAYERS = LAYERS): string[] {
  return edges.flatMap(([from, to]) => {
    const a = layerOf(from, layers);
    const b = layerOf(to, layers);
    if (a === undefined || b === undefined || b <= a) return [];
    return [`${from} -> ${to} (${layers[a]?.[0]} -> ${layers[b]?.[0]})`];
  });
}

function edges(): Array<[string, string]> {
  return sourceFiles(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((m) => resolveImport(file, (m[1] ?? m[2] ?? m[3]) as string))
      .filter((t): t is string => t !== undefined)
      .map((t): [string, string] => [relative(SRC, file), relative(SRC, t)]),
  );
}

test('an arrow up is named, one down or within a layer is not, and the longest prefix decides', () => {
  const layers = [
    ['low', ['a/']],
    ['high', ['b/', 'a/top.ts']],
  ] as const;
  expect(upwardArrows([['a/x.ts', 'b/y.ts']], layers)).toEqual(['a/x.ts -> b/y.ts (low -> high)']);
  expect(upwardArrows([['b/y.ts', 'a/x.ts']], layers)).toEqual([]);
  expect(upwardArrows([['a/x.ts', 'a/z.ts']], layers)).toEqual([]);
  expect(upwardArrows([['a/x.ts', 'a/top.ts']], layers)).toEqual(['a/x.ts -> a/top.ts (low -> high)']);
});

test('every source file of the provider has a layer', () => {
  expect(
    sourceFiles(SRC)
      .map((f) => relative(SRC, f))
      .filter((f) => layerOf(f) === undefined),
  ).toEqual([]);
});

test('no import in provider/src climbs to a higher layer', () => {
  expect(upwardArrows(edges())).toEqual([]);
});
