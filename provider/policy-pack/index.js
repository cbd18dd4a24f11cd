// The pack's entry, run by @pulumi/pulumi/cmd/run-policy-pack in this directory: it serves the linter's
// policies to the engine (../dist/policy-pack/index.js; the provider README, "Policy lint").
'use strict';
require('../dist/policy-pack/index').runPolicyPack();
