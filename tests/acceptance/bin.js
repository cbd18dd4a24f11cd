#!/usr/bin/env node
// `npm run test:acceptance`, `npm run sweep` and `npm run fidelity` run this: the first argument names the
// command (run, sweep, fidelity), the rest are its options (`--help` lists them).
'use strict';
// the acceptance tools' TypeScript runs without a build; the packages are the built ones (`dist`), as the Pulumi
// program and the provider processes load them (these commands build first)
require('../support/ts-register').registerTypeScript({ packages: 'dist' });
require('./cli.ts')
  .main(process.argv.slice(2))
  .then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      process.stderr.write(`walletinfra acceptance: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
