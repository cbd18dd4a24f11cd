#!/usr/bin/env node
// The public surface of each package, as a committed list: every name each entry point of its package.json
// `exports` map makes importable, with its kind, read from the TypeScript sources with the compiler API
// (https://github.com/microsoft/TypeScript/wiki/Using-the-Compiler-API). tests/unit/repo/packaging/public-surface.test.ts
// fails when the sources and the list disagree; `npm run api:names` rewrites the lists, and refuses to drop a
// name that the package's CHANGELOG.md does not name under `## Unreleased`, so no name leaves unannounced. Names
// moved from one entry to another may be announced as a group, by one list item naming both entries.
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { join, relative, resolve } = require('node:path');
const ts = require('typescript');

const ROOT = resolve(__dirname, '..');
/** The packages whose surfaces are listed, by directory. */
const PACKAGES = ['sdk', 'provider', 'emulator'];
const LIST = join('api', 'public-names.txt');
const COMMAND = 'npm run api:names';

/** `{ key, source }` for each JavaScript entry of a package's `exports` (dist/a/index.js -> src/a/index.ts). */
function entriesOf(packageDir) {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const tsconfig = ts.readConfigFile(join(packageDir, 'tsconfig.json'), ts.sys.readFile).config ?? {};
  const outDir = tsconfig.compilerOptions?.outDir ?? 'dist';
  const rootDir = tsconfig.compilerOptions?.rootDir ?? 'src';
  const entries = [];
  for (const [key, target] of Object.entries(pkg.exports ?? {})) {
    const file = typeof target === 'string' ? target : target.default;
    if (!file.endsWith('.js')) continue; // ./package.json
    const built = relative(join(packageDir, outDir), join(packageDir, file));
    entries.push({ key, source: join(packageDir, rootDir, built.replace(/\.js$/, '.ts')) });
  }
  return entries;
}

/** The compiler options of the packages, with the workspace packages read from their sources, not dist/. */
function compilerOptions() {
  const base = ts.readConfigFile(join(ROOT, 'tsconfig.base.json'), ts.sys.readFile).config;
  const { options } = ts.convertCompilerOptionsFromJson(base.compilerOptions, ROOT);
  return {
    ...options,
    noEmit: true,
    composite: false,
    baseUrl: ROOT,
    paths: {
      '@walletinfra/sdk': ['sdk/src/index.ts'],
      '@walletinfra/sdk/*': ['sdk/src/*'],
      '@walletinfra/emulator': ['emulator/src/index.ts'],
      '@walletinfra/emulator/*': ['emulator/src/*'],
      '@walletinfra/pulumi': ['provider/src/index.ts'],
      '@walletinfra/pulumi/*': ['provider/src/*'],
    },
  };
}

const KINDS = [
  [ts.SymbolFlags.Class, 'class'],
  [ts.SymbolFlags.Function, 'function'],
  [ts.SymbolFlags.Variable, 'const'],
  [ts.SymbolFlags.Enum, 'enum'],
  [ts.SymbolFlags.ValueModule, 'namespace'],
  [ts.SymbolFlags.Interface, 'interface'],
  [ts.SymbolFlags.TypeAlias, 'type'],
];

/** Whether any step from the entry to the declaration is `export type` / `import type` (the name is then a type only). */
function typeOnly(checker, symbol) {
  let current = symbol;
  for (let depth = 0; depth < 32 && current.flags & ts.SymbolFlags.Alias; depth++) {
    if ((current.declarations ?? []).some((d) => ts.isTypeOnlyImportOrExportDeclaration(d))) return true;
    const next = checker.getImmediateAliasedSymbol(current);
    if (next === undefined) break;
    current = next;
  }
  return false;
}

/** `class`, `function`, `const`, `interface`, `type`... joined with `+` when one name is several (a schema and its type). */
function kindOf(checker, exported) {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const onlyType = typeOnly(checker, exported);
  const kinds = KINDS.filter(([flag, name]) => symbol.flags & flag && !(onlyType && !isTypeKind(name))).map(([, name]) => name);
  if (onlyType && kinds.length === 0) return 'type';
  return kinds.length === 0 ? 'unknown' : kinds.join('+');
}

function isTypeKind(kind) {
  return kind === 'interface' || kind === 'type';
}

/**
 * Every entry's exported names: `[{ entry, name, kind }]`, sorted. Entries of several packages are read in
 * one program, so the sdk's files are parsed once.
 */
function collectSurfaces(packages = PACKAGES) {
  const perPackage = packages.map((dir) => ({ dir, entries: entriesOf(join(ROOT, dir)) }));
  const roots = perPackage.flatMap((p) => p.entries.map((e) => e.source));
  const program = ts.createProgram({ rootNames: roots, options: compilerOptions() });
  const checker = program.getTypeChecker();
  const result = {};
  for (const { dir, entries } of perPackage) {
    const names = [];
    for (const { key, source } of entries) {
      const file = program.getSourceFile(source);
      if (file === undefined)
        throw new Error(`${dir}/package.json exports ${key}, but its source ${relative(ROOT, source)} does not exist`);
      const moduleSymbol = checker.getSymbolAtLocation(file);
      const exported = moduleSymbol === undefined ? [] : checker.getExportsOfModule(moduleSymbol);
      for (const symbol of exported) names.push({ entry: key, name: symbol.name, kind: kindOf(checker, symbol) });
    }
    names.sort((a, b) => compare(a.entry, b.entry) || compare(a.name, b.name));
    result[dir] = names;
  }
  return result;
}

function compare(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

const HEADER = [
  '# The public names of this package: `entry name kind`, one a line, for every key of package.json `exports`.',
  `# Generated by \`${COMMAND}\` from the sources (scripts/public-names.js); tests/unit/repo/packaging/public-surface.test.ts`,
  '# fails when they disagree. A name leaves only with a line naming it under `## Unreleased` in CHANGELOG.md.',
];

function formatList(names) {
  return [...HEADER, ...names.map((n) => `${n.entry} ${n.name} ${n.kind}`)].join('\n') + '\n';
}

function parseList(text) {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [entry, name, kind] = line.trim().split(/\s+/);
      return { entry, name, kind };
    });
}

function readList(dir) {
  try {
    return parseList(readFileSync(join(ROOT, dir, LIST), 'utf8'));
  } catch (e) {
    if (e.code === 'ENOENT') return [];
    throw e;
  }
}

/** The text under `## Unreleased` in the package's CHANGELOG.md, up to the next `## ` heading ('' if none). */
function unreleasedSection(dir) {
  const lines = readFileSync(join(ROOT, dir, 'CHANGELOG.md'), 'utf8').split('\n');
  const start = lines.findIndex((l) => /^## Unreleased\s*$/.test(l));
  if (start === -1) return '';
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  return lines.slice(start + 1, end === -1 ? undefined : end).join('\n');
}

/** Whether the text has a code span naming `name`: `` `name` ``, `` `name()` `` or `` `entry`'s `name` `` alike. */
function names(text, name) {
  const spans = text.match(/`[^`\n]+`/g) ?? [];
  return spans.some((span) => {
    const inner = span.slice(1, -1).replace(/\(.*\)$/, '');
    return inner === name || inner.endsWith(`.${name}`);
  });
}

/** The items of a Markdown list (`- ...` with its continuation lines), each as one string. */
function listItems(text) {
  const items = [];
  for (const line of text.split('\n')) {
    if (/^\s*[-*] /.test(line)) items.push(line);
    else if (items.length > 0 && /^\s+\S/.test(line)) items[items.length - 1] += ` ${line.trim()}`;
    else items.push('');
  }
  return items.filter((i) => i !== '');
}

/**
 * Whether a list item names both import paths in code spans (`` `@walletinfra/sdk` `` and
 * `` `@walletinfra/sdk/schemas` ``): one line announces a whole group of names moved from one entry to another.
 */
function announcesMove(text, from, to) {
  return listItems(text).some((item) => {
    const spans = (item.match(/`[^`\n]+`/g) ?? []).map((span) => span.slice(1, -1));
    return spans.includes(from) && spans.includes(to);
  });
}

/** What a kind promises to users: `interface` and `type` are both a type, `function` and `const` both a value. */
const PROMISE = {
  interface: 'type',
  type: 'type',
  function: 'value',
  const: 'value',
  class: 'class',
  enum: 'enum',
  namespace: 'namespace',
};

/**
 * What users could rely on that the current kind no longer gives: a class that became an interface is no
 * longer `new`-able, a schema whose type alias went away is no longer a type. An interface that became a
 * type alias, or a function that became a const, gives the same.
 */
function lostKinds(listed, current) {
  const promised = (kind) => new Set(kind.split('+').map((k) => PROMISE[k] ?? k));
  const now = promised(current);
  if (now.has('class') || now.has('enum')) now.add('type');
  return [...promised(listed)].filter((k) => !now.has(k));
}

/**
 * What differs between a package's list and its sources: `unannounced` (listed names that are gone, or lost
 * a kind, without a CHANGELOG line naming them), `stale` (the list needs regenerating) and `announced`.
 */
function diffSurface(dir, listed, current, unreleased) {
  const pkg = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')).name;
  const key = (n) => `${n.entry}\0${n.name}`;
  const now = new Map(current.map((n) => [key(n), n]));
  const before = new Map(listed.map((n) => [key(n), n]));
  const unannounced = [];
  const announced = [];
  const stale = [];
  const importPath = (entry) => (entry === '.' ? pkg : `${pkg}/${entry.slice(2)}`);
  for (const old of listed) {
    const found = now.get(key(old));
    const lost = found === undefined ? [old.kind] : lostKinds(old.kind, found.kind);
    const where = importPath(old.entry);
    if (lost.length > 0) {
      // a name gone from its entry but exported as before by another one has moved there
      const movedTo =
        found === undefined
          ? current.find((n) => n.name === old.name && n.entry !== old.entry && lostKinds(old.kind, n.kind).length === 0)
          : undefined;
      const what =
        found !== undefined
          ? `exports \`${old.name}\` as ${found.kind}, not ${old.kind}`
          : movedTo === undefined
            ? `no longer exports \`${old.name}\` (${old.kind})`
            : `no longer exports \`${old.name}\` (${old.kind}); ${importPath(movedTo.entry)} does`;
      const isAnnounced =
        names(unreleased, old.name) || (movedTo !== undefined && announcesMove(unreleased, where, importPath(movedTo.entry)));
      const entry = { ...old, message: `${where} ${what}` };
      if (movedTo !== undefined) entry.movedTo = importPath(movedTo.entry);
      (isAnnounced ? announced : unannounced).push(entry);
    } else if (found.kind !== old.kind) {
      stale.push(`${where}: \`${old.name}\` is now ${found.kind} (listed as ${old.kind})`);
    }
  }
  for (const n of current) {
    if (!before.has(key(n))) stale.push(`${n.entry === '.' ? pkg : `${pkg}/${n.entry.slice(2)}`}: \`${n.name}\` (${n.kind}) is not listed`);
  }
  if (announced.length > 0) stale.push(...announced.map((a) => `${a.message} (announced in CHANGELOG.md) but is still listed`));
  return { pkg, unannounced, stale };
}

/** The failure text for names that left without a CHANGELOG line: what happened and exactly what to do. */
function unannouncedMessage(dir, unannounced) {
  const lines = unannounced.map((u) => `  - ${u.message}`);
  const first = unannounced[0].name;
  const moved = unannounced.find((u) => u.movedTo !== undefined);
  const from = moved && moved.message.slice(0, moved.message.indexOf(' '));
  return [
    `${dir}/${LIST} lists public names that the sources no longer export as listed:`,
    ...lines,
    'Removing or changing a public name breaks the programs that use it. If that is intended, announce it:',
    `  1. add a line naming each one in backticks under \`## Unreleased\` in ${dir}/CHANGELOG.md (create that`,
    '     section above the latest release if there is none), saying what replaces it, for example',
    `       - Removed \`${first}\`: use \`...\` instead.`,
    ...(moved === undefined
      ? []
      : [
          '     Names moved to another entry may be announced together, by one line naming both entries, for example',
          `       - Moved ... from \`${from}\` to \`${moved.movedTo}\`: import them from \`${moved.movedTo}\`.`,
        ]),
    `  2. run \`${COMMAND}\` and commit ${dir}/${LIST} with the change.`,
    'If it is not intended, export the name again.',
  ].join('\n');
}

function staleMessage(dir, stale) {
  return [
    `${dir}/${LIST} does not match the sources:`,
    ...stale.map((s) => `  - ${s}`),
    `Run \`${COMMAND}\` and commit ${dir}/${LIST} (review the added names: each is a promise to users).`,
  ].join('\n');
}

/** Rewrites every package's list; fails (writing nothing) while a listed name is gone unannounced. */
function main() {
  const surfaces = collectSurfaces();
  const problems = [];
  for (const dir of PACKAGES) {
    const { unannounced } = diffSurface(dir, readList(dir), surfaces[dir], unreleasedSection(dir));
    if (unannounced.length > 0) problems.push(unannouncedMessage(dir, unannounced));
  }
  if (problems.length > 0) {
    process.stderr.write(`${problems.join('\n\n')}\n`);
    process.exitCode = 1;
    return;
  }
  for (const dir of PACKAGES) {
    writeFileSync(join(ROOT, dir, LIST), formatList(surfaces[dir]));
    process.stdout.write(`${dir}/${LIST}: ${surfaces[dir].length} names\n`);
  }
}

module.exports = {
  PACKAGES,
  LIST,
  COMMAND,
  collectSurfaces,
  diffSurface,
  formatList,
  parseList,
  readList,
  unreleasedSection,
  unannouncedMessage,
  staleMessage,
};

if (require.main === module) main();
