// Lets `node` run the repository's TypeScript without a build step, for child processes of the tests and for the
// acceptance tools: a .ts file is transpiled on load (cached by content, so only the first process pays for loading
// TypeScript), a relative import finds its .ts file, and `@walletinfra/<package>[/<path>]` resolves to the package's
// `src` (what jest runs) or to its built `dist` (what the Pulumi program and the provider processes load).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const crypto = require('node:crypto');
const os = require('node:os');

const root = path.resolve(__dirname, '..', '..');
const PACKAGES = { '@walletinfra/sdk': 'sdk', '@walletinfra/emulator': 'emulator', '@walletinfra/pulumi': 'provider' };
const cacheDir = path.join(os.tmpdir(), 'walletinfra-ts-cache');
let ts;

/** The file a `@walletinfra/*` request names in `src` (a path the .ts lookup below completes) or in `dist`. */
const WORKSPACE_FILE = {
  src: (dir, sub) => path.join(root, dir, 'src', sub ?? 'index.ts'),
  dist: (dir, sub) => {
    if (sub === undefined) return path.join(root, dir, 'dist', 'index.js');
    const base = path.join(root, dir, 'dist', sub);
    return [`${base}.js`, path.join(base, 'index.js')].find((candidate) => fs.existsSync(candidate)) ?? base;
  },
};

function transpile(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const cached = path.join(cacheDir, `${crypto.createHash('sha256').update(filename).update('\0').update(source).digest('hex')}.js`);
  let output;
  try {
    output = fs.readFileSync(cached, 'utf8');
  } catch {
    ts ??= require('typescript');
    output = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
      fileName: filename,
    }).outputText;
    fs.mkdirSync(cacheDir, { recursive: true });
    fs.writeFileSync(`${cached}.${process.pid}`, output);
    fs.renameSync(`${cached}.${process.pid}`, cached);
  }
  module._compile(output, filename);
}

/** Installs the hook; `packages` says where `@walletinfra/*` resolve: their TypeScript `src` or their built `dist`. */
function registerTypeScript({ packages }) {
  const workspaceFile = WORKSPACE_FILE[packages];
  if (workspaceFile === undefined) throw new Error(`registerTypeScript: packages must be 'src' or 'dist', got ${JSON.stringify(packages)}`);
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, parent, ...rest) {
    for (const [name, dir] of Object.entries(PACKAGES)) {
      if (request === name) request = workspaceFile(dir);
      else if (request.startsWith(`${name}/`)) request = workspaceFile(dir, request.slice(name.length + 1));
    }
    try {
      return resolve.call(this, request, parent, ...rest);
    } catch (e) {
      if (!request.endsWith('.ts')) {
        for (const candidate of [`${request}.ts`, path.join(request, 'index.ts')]) {
          try {
            return resolve.call(this, candidate, parent, ...rest);
          } catch {
            // try the next
          }
        }
      }
      throw e;
    }
  };
  require.extensions['.ts'] = transpile;
}

module.exports = { registerTypeScript };
