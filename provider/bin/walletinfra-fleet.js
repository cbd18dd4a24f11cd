#!/usr/bin/env node
// Installed as `walletinfra-fleet`. A committed shim, so npm can link the bin at install time,
// before `tsc -b` has produced dist/.
require('../dist/fleet/cli.js').runCli();
