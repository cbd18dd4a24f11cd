'use strict';
// The variants the end-to-end suites compare, each in its own Pulumi workspace (PULUMI_HOME, file backend,
// program), and one command through one of them, measured: wall time, the provider's peak memory, and where the
// CPU time went, per process (lib/preload.js in every Node.js process, /proc for the engine and the language
// host). The emulator's CPU is the suite's to read from its child (children/emulator.js `stats`).
const fs = require('node:fs');
const path = require('node:path');
const { medianOf } = require('./cpu-report');
const { writeProgram } = require('./e2e-programs');
const { pulumiEnv, pulumiOk } = require('./pulumi');

/** The environment that points @walletinfra/pulumi and the walletinfra plugin at an emulator. */
function serviceEnv(credentials) {
  return {
    WALLETINFRA_BASE_URL: credentials.baseUrl,
    WALLETINFRA_ORGANIZATION_ID: credentials.organizationId,
    WALLETINFRA_API_PUBLIC_KEY: credentials.apiPublicKey,
    WALLETINFRA_API_PRIVATE_KEY: credentials.apiPrivateKey,
    WALLETINFRA_ON_RAMP_ENCRYPTION_PUBLIC_KEY: credentials.onRampEncryptionPublicKey,
  };
}

/**
 * One variant's workspace under `work`: `{id, title, program, plugin?, service?}` with its program written for
 * resources of `types`. `env` is added to every command (BENCH_SPEC, BENCH_FLOOR_KINDS); a variant with `service`
 * also gets the emulator's credentials.
 */
function workspace(work, variant, { bin, types, credentials, env = {} }) {
  const dir = path.join(work, variant.id);
  const cwd = writeProgram(path.join(dir, 'program'), variant.program, { types, pluginDir: variant.plugin });
  const service = variant.service ? serviceEnv(credentials) : {};
  return { ...variant, dir, cwd, env: pulumiEnv(bin, dir, { ...env, ...service }) };
}

/** `pulumi stack init` of `stack` in every workspace. */
async function initStacks(spaces, stack) {
  for (const ws of spaces) await pulumiOk(['stack', 'init', stack, '--non-interactive'], { cwd: ws.cwd, env: ws.env });
}

const PROVIDER_ROLES = new Set(['dynamic-provider', 'plugin', 'noop-plugin']);

/** CPU ms per part of a command from runPulumi's accounting: the provider process(es), the program, the engine and its host. */
function cpuParts(result) {
  const sum = (pred) => result.processes.filter(pred).reduce((a, p) => a + p.cpuMs, 0);
  const providers = result.processes.filter((p) => PROVIDER_ROLES.has(p.role));
  return {
    provider: sum((p) => PROVIDER_ROLES.has(p.role)),
    program: sum((p) => p.role === 'program'),
    engine: result.cpu.engine + result.cpu.languageHost,
    providerModules: Math.max(0, ...providers.map((p) => p.modules)),
    providerProcesses: providers.length,
  };
}

/** Runs `pulumi ...args --stack stack` in a workspace with accounting; `{ms, peakKiB, cpu}`. */
async function measured(ws, args, stack, extra = {}) {
  const r = await pulumiOk([...args, '--stack', stack], { ...extra, cwd: ws.cwd, env: { ...ws.env, ...extra.env }, account: true });
  return { ms: r.ms, peakKiB: Math.max(r.providerPeakKiB, r.pluginPeakKiB), cpu: cpuParts(r), output: r.output };
}

/** The order of the variants in trial `t`: each goes first in turn, so drift of a shared machine falls on all alike. */
function inTurn(spaces, t) {
  return spaces.map((_, i) => spaces[(i + t) % spaces.length]);
}

/** Throws unless the provider is built: the native suites run its plugin from provider/dist. */
function requireBuiltProvider(root) {
  if (!fs.existsSync(path.join(root, 'provider', 'dist', 'native', 'server.js')))
    throw new Error('provider/dist is not built (npx tsc -b provider)');
}

/** `{[workspace id]: {up, refresh}}`: the medians of each workspace's `up` and `refresh` samples. */
function upAndRefreshMedians(spaces, samples) {
  return Object.fromEntries(spaces.map((ws) => [ws.id, { up: medianOf(samples[ws.id].up), refresh: medianOf(samples[ws.id].refresh) }]));
}

module.exports = { serviceEnv, workspace, initStacks, measured, inTurn, cpuParts, requireBuiltProvider, upAndRefreshMedians };
