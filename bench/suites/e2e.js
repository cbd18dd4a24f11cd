'use strict';
// 4. End to end with the real Pulumi CLI: `pulumi up`, `pulumi preview` and `pulumi refresh --preview-only`
// over N policies through @walletinfra/pulumi against the emulator, vs the same program with a dynamic
// provider that does nothing (the engine's floor). Also the peak resident memory of the provider process.
const fs = require('node:fs');
const path = require('node:path');
const children = require('../lib/children');
const { writeProgram } = require('../lib/e2e-programs');
const { pulumiBinDir, pulumiEnv, pulumiOk } = require('../lib/pulumi');
const { ratio, ms, mib } = require('../lib/format');
const { lineChart } = require('../lib/plot');
const { ROOT } = require('../lib/machine');

const WORK = path.join(ROOT, 'bench', 'out', 'e2e');

const COMMANDS = [
  // `up --yes` as users run it (a preview, then the update) on an empty stack: N creates.
  { id: 'up', label: 'pulumi up --yes (N creates)', args: ['up', '--yes', '--non-interactive'] },
  { id: 'preview', label: 'pulumi preview (no changes)', args: ['preview', '--non-interactive', '--expect-no-changes'] },
  // 3.248 rejects --yes with --preview-only; --expect-no-changes makes a clean run exit 0 (README of ensure-pulumi).
  { id: 'refresh', label: 'pulumi refresh --preview-only (no drift)', args: ['refresh', '--preview-only', '--expect-no-changes', '--non-interactive'] },
];

function walletinfraEnv(credentials) {
  return {
    WALLETINFRA_BASE_URL: credentials.baseUrl,
    WALLETINFRA_ORGANIZATION_ID: credentials.organizationId,
    WALLETINFRA_API_PUBLIC_KEY: credentials.apiPublicKey,
    WALLETINFRA_API_PRIVATE_KEY: credentials.apiPrivateKey,
  };
}

async function runVariant({ variant, n, bin, extraEnv, log }) {
  const dir = path.join(WORK, variant);
  const env = pulumiEnv(bin, dir, { BENCH_RESOURCES: String(n), ...extraEnv });
  const stack = ['--stack', `n${n}`];
  const cwd = path.join(dir, 'program');
  await pulumiOk(['stack', 'init', `n${n}`, '--non-interactive'], { cwd, env });
  const out = {};
  for (const c of COMMANDS) {
    const r = await pulumiOk([...c.args, ...stack], { cwd, env });
    out[c.id] = { ms: r.ms, peakKiB: r.providerPeakKiB };
    log(`    N=${n} ${variant.padEnd(11)} ${c.id.padEnd(8)} ${ms(r.ms).padStart(8)}  provider peak ${mib(r.providerPeakKiB)}`);
  }
  return out;
}

async function run({ quick, log }) {
  const bin = pulumiBinDir();
  fs.rmSync(WORK, { recursive: true, force: true });
  for (const variant of ['noop', 'walletinfra']) writeProgram(path.join(WORK, variant, 'program'), variant);
  const sizes = quick ? [10, 30] : [10, 100, 300];
  log(`  Pulumi CLI from ${bin}; N = ${sizes.join(', ')}; programs in ${path.relative(ROOT, WORK)}/`);
  const results = [];
  for (const n of sizes) {
    // A fresh in-memory emulator per N, so each refresh lists exactly the N policies it manages.
    const emulator = await children.start('emulator', {});
    const floor = await runVariant({ variant: 'noop', n, bin, extraEnv: {}, log });
    const ours = await runVariant({ variant: 'walletinfra', n, bin, extraEnv: walletinfraEnv(emulator.info.credentials), log });
    const stored = await emulator.call('count', { collection: 'policies' });
    if (stored < n) throw new Error(`after pulumi up the emulator holds ${stored} policies, expected at least ${n}`);
    await emulator.stop();
    results.push({ n, floor, ours });
  }
  fs.rmSync(WORK, { recursive: true, force: true });
  return report(results);
}

function report(results) {
  const rows = [];
  const points = [];
  for (const c of COMMANDS) {
    for (const { n, floor, ours } of results) {
      rows.push([
        ratio(ours[c.id].ms / floor[c.id].ms),
        c.label,
        String(n),
        ms(ours[c.id].ms),
        ms(floor[c.id].ms),
        mib(ours[c.id].peakKiB),
        mib(floor[c.id].peakKiB),
      ]);
      points.push({ x: n, y: ours[c.id].ms / 1000, series: `${c.id}: @walletinfra/pulumi` });
      points.push({ x: n, y: floor[c.id].ms / 1000, series: `${c.id}: no-op provider (floor)` });
    }
  }
  const last = results[results.length - 1];
  const peakOurs = Math.max(...results.flatMap((r) => COMMANDS.map((c) => r.ours[c.id].peakKiB)));
  const peakFloor = Math.max(...results.flatMap((r) => COMMANDS.map((c) => r.floor[c.id].peakKiB)));
  return {
    id: 'e2e',
    title: '4. End to end with the real Pulumi CLI',
    intro:
      'Wall time of each CLI command, from spawn to exit, for a JavaScript program declaring N `Policy` resources ' +
      '(@walletinfra/pulumi against an in-memory emulator on loopback), vs the same program and inputs through a dynamic ' +
      'provider whose methods return at once (the engine floor: language host, closure serialization, gRPC, state). ' +
      'Commands run in order on one stack: `up` (N creates), `preview` and `refresh --preview-only` (both with ' +
      '`--expect-no-changes`, so a perpetual diff would fail the bench). Peak memory is the VmHWM of the ' +
      '`cmd/dynamic-provider` node process, sampled from /proc every 50 ms.',
    tables: [
      {
        caption: 'Wall time per command',
        columns: ['× floor (1.00 = no cost over the engine)', 'command', 'N', '@walletinfra/pulumi', 'no-op floor', 'provider peak RSS', 'floor provider peak RSS'],
        rows,
      },
    ],
    plots: [
      {
        file: 'e2e-wall-time.svg',
        alt: 'pulumi wall time against N',
        spec: lineChart({ title: 'Pulumi CLI wall time against N (lower is better)', rows: points, xTitle: 'policies (N)', yTitle: 'seconds' }),
      },
    ],
    headlines: COMMANDS.filter((c) => c.id !== 'preview').map((c) => ({
      label: `${c.id === 'up' ? 'pulumi up' : 'pulumi refresh --preview-only'}, N=${last.n}: vs no-op provider`,
      ratio: last.ours[c.id].ms / last.floor[c.id].ms,
      gap: last.ours[c.id].ms / last.floor[c.id].ms,
      detail: `${ms(last.ours[c.id].ms)} vs ${ms(last.floor[c.id].ms)}; provider peak RSS ${mib(peakOurs)} vs ${mib(peakFloor)}`,
    })),
  };
}

module.exports = { run };
