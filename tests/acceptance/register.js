// Lets `node` run the acceptance tools' TypeScript (tests/acceptance/*.ts) without a build step: a .ts file is
// transpiled on load (cached by content), and `@walletinfra/<package>/<path>` resolves to the package's
// BUILT module (`<package>/dist/<path>`), deep paths included, which is what the Pulumi program and the
// provider processes load too. `npm run test:acceptance`, `sweep` and `fidelity` build the packages first.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const crypto = require('node:crypto');
const os = require('node:os');

const root = path.resolve(__dirname, '..', '..');
const packages = { '@walletinfra/sdk': 'sdk', '@walletinfra/emulator': 'emulator', '@walletinfra/pulumi': 'provider' };
const cacheDir = path.join(os.tmpdir(), 'walletinfra-acceptance-ts-cache');
fs.mkdirSync(cacheDir, { recursive: true });
let ts;

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  for (const [name, dir] of Object.entries(packages)) {
    if (request === name) return path.join(root, dir, 'dist', 'index.js');
    if (request.startsWith(`${name}/`)) {
      const sub = request.slice(name.length + 1);
      const base = path.join(root, dir, 'dist', sub);
      for (const candidate of [`${base}.js`, path.join(base, 'index.js')]) if (fs.existsSync(candidate)) return candidate;
    }
  }
  try {
    return resolveFilename.call(this, request, parent, ...rest);
  } catch (error) {
    if (request.startsWith('.') && !request.endsWith('.ts')) {
      for (const candidate of [`${request}.ts`, path.join(request, 'index.ts')]) {
        try {
          return resolveFilename.call(this, candidate, parent, ...rest);
        } catch {
          // try the next
        }
      }
    }
    throw error;
  }
};

require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const key = crypto.createHash('sha256').update(filename).update('\0').update(source).digest('hex');
  const cached = path.join(cacheDir, `${key}.js`);
  let output;
  try {
    output = fs.readFileSync(cached, 'utf8');
  } catch {
    ts ??= require('typescript');
    output = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
      fileName: filename,
    }).outputText;
    fs.writeFileSync(`${cached}.${process.pid}`, output);
    fs.renameSync(`${cached}.${process.pid}`, cached);
  }
  module._compile(output, filename);
};
