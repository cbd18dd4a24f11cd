#!/usr/bin/env node
// Removes the built files in a package's dist/ whose TypeScript source no longer exists in src/, so that
// `npm pack` (prepack: `tsc -b && node ../scripts/prune-dist.js`) never ships the output of a deleted or
// renamed source file. `tsc -b` only writes outputs; it never deletes the ones it no longer produces.
// Run from a package directory (npm runs lifecycle scripts there), or pass the package directory.
'use strict';
const { existsSync, readdirSync, rmSync, rmdirSync } = require('node:fs');
const { join, relative } = require('node:path');

const OUTPUT_SUFFIXES = ['.d.ts.map', '.d.ts', '.js.map', '.js'];

/** The source a dist file was built from (`dist/a/b.js` -> `src/a/b.ts`), or undefined for other files. */
function sourceOf(packageDir, file) {
  const rel = relative(join(packageDir, 'dist'), file);
  const suffix = OUTPUT_SUFFIXES.find((s) => rel.endsWith(s));
  return suffix === undefined ? undefined : join(packageDir, 'src', rel.slice(0, -suffix.length) + '.ts');
}

/** Deletes stale outputs (and directories left empty); returns their paths relative to the package. */
function pruneDist(packageDir) {
  const removed = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(path);
        if (readdirSync(path).length === 0) rmdirSync(path);
        continue;
      }
      const source = sourceOf(packageDir, path);
      if (source !== undefined && !existsSync(source)) {
        rmSync(path);
        removed.push(relative(packageDir, path));
      }
    }
  };
  if (existsSync(join(packageDir, 'dist'))) walk(join(packageDir, 'dist'));
  return removed;
}

module.exports = { pruneDist };

if (require.main === module) {
  const dir = process.argv[2] ?? process.cwd();
  for (const file of pruneDist(dir)) console.error(`[prepack] removed stale ${file} (its source is gone)`);
}
