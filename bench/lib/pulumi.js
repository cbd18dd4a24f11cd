'use strict';
// Runs the real Pulumi CLI the way the end-to-end tests do (scripts/ensure-pulumi.sh provides it): local
// file backend, passphrase secrets, no update check, an isolated PULUMI_HOME under bench/out/.
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./machine');
const { nowMs } = require('./measure');
const { sampleTree } = require('./proc');

/** The directory holding pulumi, pulumi-language-nodejs and pulumi-resource-pulumi-nodejs. */
function pulumiBinDir() {
  const out = execFileSync('bash', [path.join(ROOT, 'scripts', 'ensure-pulumi.sh'), '--print-bin-dir'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const dir = out.trim().split('\n').pop();
  if (!dir || !fs.existsSync(path.join(dir, 'pulumi')))
    throw new Error(`scripts/ensure-pulumi.sh printed no usable bin dir (${JSON.stringify(dir)})`);
  return dir;
}

/** Environment for one isolated Pulumi workspace rooted at `workDir`. */
function pulumiEnv(binDir, workDir, extra = {}) {
  const home = path.join(workDir, 'pulumi-home');
  const state = path.join(workDir, 'state');
  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(state, { recursive: true });
  return {
    ...process.env,
    PATH: `${binDir}${path.delimiter}${process.env.PATH}`,
    PULUMI_HOME: home,
    PULUMI_BACKEND_URL: `file://${state}`,
    PULUMI_CONFIG_PASSPHRASE: 'bench-passphrase',
    PULUMI_SKIP_UPDATE_CHECK: 'true',
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: 'true',
    ...extra,
  };
}

// The dynamic-provider plugin is `sh pulumi-resource-pulumi-nodejs` running `node .../cmd/dynamic-provider/index.js`.
const PROVIDER_PROCESS = /node\S*\s+\S*cmd\/dynamic-provider\/index\.js/;

/**
 * Runs `pulumi ...args` in `cwd`; resolves to `{ms, code, output, providerPeakKiB}` (the peak resident memory of
 * the dynamic-provider process, 0 when the command started none). Never rejects for a non-zero exit.
 */
function runPulumi(args, { cwd, env }) {
  return new Promise((resolve, reject) => {
    const t0 = nowMs();
    const child = spawn('pulumi', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const sampler = sampleTree(child.pid, { provider: PROVIDER_PROCESS });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = nowMs() - t0;
      const peaks = sampler.stop();
      resolve({ ms, code, output: Buffer.concat(chunks).toString('utf8'), providerPeakKiB: peaks.provider });
    });
  });
}

/** Like runPulumi, but throws with the command's last lines of output unless it exits with `expectCode`. */
async function pulumiOk(args, opts, expectCode = 0) {
  const result = await runPulumi(args, opts);
  if (result.code !== expectCode) {
    const tail = result.output.trim().split('\n').slice(-15).join('\n');
    throw new Error(`pulumi ${args.join(' ')} exited ${result.code} (expected ${expectCode}):\n${tail}`);
  }
  return result;
}

module.exports = { pulumiBinDir, pulumiEnv, runPulumi, pulumiOk };
