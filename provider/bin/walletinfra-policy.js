#!/usr/bin/env node
// Installed as `walletinfra-policy`. A committed shim, so npm can link the bin at install time,
// before `tsc -b` has produced dist/.
require('../dist/policy-review/cli.js').runPolicyCli();
