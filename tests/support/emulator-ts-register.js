// Lets a child `node` process run the emulator's TypeScript sources directly (as jest does), so the CLI can
// be tested without a prior `tsc -b`: .ts files are transpiled on load and @walletinfra/* map to src/.
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const crypto = require('node:crypto');
const os = require('node:os');

// Transpiled output is cached by content hash, so only the first child process pays for loading TypeScript.
const cacheDir = path.join(os.tmpdir(), 'walletinfra-emulator-ts-cache');
fs.mkdirSync(cacheDir, { recursive: true });
let ts;

const root = path.resolve(__dirname, '..', '..');
const packages = { '@walletinfra/sdk': 'sdk', '@walletinfra/emulator': 'emulator' };
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  for (const [name, dir] of Object.entries(packages)) {
    if (request === name) return path.join(root, dir, 'src', 'index.ts');
    if (request.startsWith(`${name}/`)) request = path.join(root, dir, 'src', request.slice(name.length + 1));
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
require.extensions['.ts'] = (module, filename) => {
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
    fs.writeFileSync(`${cached}.${process.pid}`, output);
    fs.renameSync(`${cached}.${process.pid}`, cached);
  }
  module._compile(output, filename);
};
