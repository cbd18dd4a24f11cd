#!/usr/bin/env node
// Installed as `walletinfra-emulator`. A committed shim, so npm can link the bin at install time,
// before `tsc -b` has produced dist/.
require('../dist/cli.js');
