'use strict';
// One `walletinfra-fleet scan` in a process of its own (the built CLI's `main`, as the bin runs it), so its peak
// resident memory is its own: argv[2] is the JSON {cwd, args, env}. Prints one JSON line: the wall time of the
// scan (from the command's start to its report), the process's peak RSS (getrusage's ru_maxrss, KiB on Linux),
// the exit code and the report's request counts.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
// The built CLI module itself (not an entry of the package's exports: the bin's own code).
const { main, defaultDeps } = require(join(__dirname, '..', '..', 'provider', 'dist', 'fleet', 'cli.js'));

async function scan() {
  const { cwd, args, env } = JSON.parse(process.argv[2]);
  const deps = { ...defaultDeps(), cwd, env, isTTY: false, stdout: () => undefined, stderr: () => undefined };
  const start = Number(process.hrtime.bigint()) / 1e6;
  const code = await main(args, deps);
  const ms = Number(process.hrtime.bigint()) / 1e6 - start;
  const out = args[args.indexOf('--json-out') + 1];
  const report = JSON.parse(readFileSync(join(cwd, out), 'utf8'));
  process.stdout.write(
    `${JSON.stringify({ ms, code, maxRssKiB: process.resourceUsage().maxRSS, requests: report.run.requests, summary: report.summary })}\n`,
  );
}

scan().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  },
);
