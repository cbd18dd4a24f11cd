#!/usr/bin/env node
// Installed as `walletinfra-drift`. A committed shim, so npm can link the bin at install time,
// before `tsc -b` has produced dist/.
require('../dist/drift/cli.js').runCli();
