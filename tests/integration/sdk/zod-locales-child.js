// Run by zod-locales.test.ts as `node -r ../../support/ts-register-src.js zod-locales-child.js MODE`: loads zod as
// MODE says (`eager`: as a library does; `lazy`: after installLazyZodLocales; `runtime` and `plugin`: through the
// entry of the provider process the engine starts), then reports which of zod's locale modules loaded, the names
// `z.locales` offers, and zod's message for a number where a string belongs in French. Prints one JSON line.
const mode = process.argv[2];
let installed;
if (mode === 'lazy') installed = require('@walletinfra/sdk/process').installLazyZodLocales();
if (mode === 'runtime') require('@walletinfra/pulumi/runtime');
if (mode === 'plugin') require('@walletinfra/pulumi/native/main');
const loadedAtStart = () =>
  Object.keys(require.cache)
    .filter((file) => /[\\/]zod[\\/]v4[\\/]locales[\\/]/.test(file))
    .map((file) => file.replace(/.*[\\/]locales[\\/]/, ''))
    .sort();
const { z } = require('zod');
const atStart = loadedAtStart();
const names = Object.keys(z.locales);
const sameInCore = Object.keys(z.core.locales).join() === names.join();
z.config(z.locales.fr());
const french = z.string().safeParse(1).error.issues[0].message;
z.config(z.locales.en());
process.stdout.write(`${JSON.stringify({ installed, atStart, afterFrench: loadedAtStart(), names, sameInCore, french })}\n`);
