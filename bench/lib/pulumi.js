'use strict';
// Runs the real Pulumi CLI the way the end-to-end tests do (scripts/ensure-pulumi.sh provides it): local
// file backend, passphrase secrets, no update check, an isolated PULUMI_HOME under bench/out/.
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
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

// The dynamic-provider plugin is `sh pulumi-resource-pulumi-nodejs` running `node .../cmd/dynamic-provider/index.js`;
// the native plugins are node scripts named pulumi-resource-walletinfra; the engine is the root process.
const PATTERNS = {
  provider: /node\S*\s+\S*cmd\/dynamic-provider\/index\.js/,
  plugin: /pulumi-resource-walletinfra(\s|$)/,
  engine: /^pulumi\s/,
  languageHost: /pulumi-language-nodejs/,
};

const PRELOAD = path.join(__dirname, 'preload.js');
let runs = 0;

/** The per-process records ./preload.js appended to `file` (none when the file is missing). */
function processRecords(file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  fs.rmSync(file, { force: true });
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

/**
 * Runs `pulumi ...args` in `cwd`; resolves to `{ms, code, output, providerPeakKiB, pluginPeakKiB}` (the peak resident
 * memory of the dynamic-provider process and of a native plugin, 0 when the command started none). Never rejects for a
 * non-zero exit. With `account`, every Node.js process of the command runs ./preload.js and the result also has
 * `processes` (each one's role, exact CPU ms, modules loaded and peak RSS) and `cpu` (CPU ms of the engine and the
 * language host, sampled from /proc every 50 ms).
 */
function runPulumi(args, { cwd, env, account = false, profile }) {
  return new Promise((resolve, reject) => {
    const log = account ? path.join(os.tmpdir(), `bench-processes-${process.pid}-${(runs += 1)}.jsonl`) : undefined;
    const accounting = account
      ? {
          NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --require ${PRELOAD}`.trim(),
          BENCH_PROCESS_LOG: log,
          ...(profile !== undefined ? { BENCH_CPU_PROFILE_DIR: profile.dir, BENCH_CPU_PROFILE_ROLES: profile.roles.join(',') } : {}),
        }
      : {};
    const t0 = nowMs();
    const child = spawn('pulumi', args, { cwd, env: { ...env, ...accounting }, stdio: ['ignore', 'pipe', 'pipe'] });
    const sampler = sampleTree(child.pid, PATTERNS);
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = nowMs() - t0;
      const peaks = sampler.stop();
      const result = {
        ms,
        code,
        output: Buffer.concat(chunks).toString('utf8'),
        providerPeakKiB: peaks.provider,
        pluginPeakKiB: peaks.plugin,
      };
      if (account) {
        const sampled = sampler.cpuMs();
        result.processes = processRecords(log);
        result.cpu = { engine: sampled.engine, languageHost: sampled.languageHost };
      }
      resolve(result);
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
