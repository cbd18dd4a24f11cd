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
const { median } = require('../lib/measure');

const WORK = path.join(ROOT, 'bench', 'out', 'e2e');

const COMMANDS = [
  // `up --yes` as users run it (a preview, then the update) on an empty stack: N creates.
  { id: 'up', label: 'pulumi up --yes (N creates)', args: ['up', '--yes', '--non-interactive'] },
  { id: 'preview', label: 'pulumi preview (no changes)', args: ['preview', '--non-interactive', '--expect-no-changes'] },
  // 3.248 rejects --yes with --preview-only; --expect-no-changes makes a clean run exit 0 (README of ensure-pulumi).
  {
    id: 'refresh',
    label: 'pulumi refresh --preview-only (no drift)',
    args: ['refresh', '--preview-only', '--expect-no-changes', '--non-interactive'],
  },
];

function walletinfraEnv(credentials) {
  return {
    WALLETINFRA_BASE_URL: credentials.baseUrl,
    WALLETINFRA_ORGANIZATION_ID: credentials.organizationId,
    WALLETINFRA_API_PUBLIC_KEY: credentials.apiPublicKey,
    WALLETINFRA_API_PRIVATE_KEY: credentials.apiPrivateKey,
  };
}

/** One isolated workspace (PULUMI_HOME, file backend, program) per variant; a stack per N. */
function workspace(variant, n, bin, extraEnv) {
  const dir = path.join(WORK, variant);
  return {
    variant,
    cwd: path.join(dir, 'program'),
    env: pulumiEnv(bin, dir, { BENCH_RESOURCES: String(n), ...extraEnv }),
    stack: ['--stack', `n${n}`],
  };
}

async function timedCommand(ws, command, samples, n, log) {
  const r = await pulumiOk([...command.args, ...ws.stack], { cwd: ws.cwd, env: ws.env });
  samples.push({ ms: r.ms, peakKiB: r.providerPeakKiB });
  log(`    N=${n} ${ws.variant.padEnd(11)} ${command.id.padEnd(8)} ${ms(r.ms).padStart(8)}  provider peak ${mib(r.providerPeakKiB)}`);
}

/**
 * Runs every command `trials` times per variant, alternating which variant goes first so that drift of a
 * shared machine falls on both alike. `up` is repeated after an (untimed) destroy; preview and refresh are
 * repeatable as they are. Returns `{variant: {command: {ms: median, peakKiB: max}}}`.
 */
async function measureN({ n, bin, credentials, trials, log }) {
  const spaces = [workspace('noop', n, bin, {}), workspace('walletinfra', n, bin, walletinfraEnv(credentials))];
  for (const ws of spaces) await pulumiOk(['stack', 'init', `n${n}`, '--non-interactive'], { cwd: ws.cwd, env: ws.env });
  const samples = Object.fromEntries(spaces.map((ws) => [ws.variant, Object.fromEntries(COMMANDS.map((c) => [c.id, []]))]));
  const inTurn = (t) => (t % 2 === 0 ? spaces : [...spaces].reverse());
  const [up, ...repeatable] = COMMANDS;
  for (let t = 0; t < trials.up; t += 1) {
    for (const ws of inTurn(t)) {
      if (t > 0) await pulumiOk(['destroy', '--yes', '--non-interactive', ...ws.stack], { cwd: ws.cwd, env: ws.env });
      await timedCommand(ws, up, samples[ws.variant].up, n, log);
    }
  }
  for (let t = 0; t < trials.repeat; t += 1) {
    for (const ws of inTurn(t)) for (const c of repeatable) await timedCommand(ws, c, samples[ws.variant][c.id], n, log);
  }
  const summary = (list) => ({ ms: median(list.map((x) => x.ms)), peakKiB: Math.max(...list.map((x) => x.peakKiB)) });
  return Object.fromEntries(
    spaces.map((ws) => [ws.variant, Object.fromEntries(COMMANDS.map((c) => [c.id, summary(samples[ws.variant][c.id])]))]),
  );
}

async function run({ quick, log }) {
  const bin = pulumiBinDir();
  fs.rmSync(WORK, { recursive: true, force: true });
  for (const variant of ['noop', 'walletinfra']) writeProgram(path.join(WORK, variant, 'program'), variant);
  const sizes = quick ? [10, 30] : [10, 100, 300];
  // Three of each, so the median drops one outlier: with two, an up of the floor took 20.8 and 25.6 s in one
  // run, and N=100 once came out at 0.92x of a provider that does nothing.
  const trials = quick ? { up: 1, repeat: 1 } : { up: 3, repeat: 3 };
  log(`  Pulumi CLI from ${bin}; N = ${sizes.join(', ')}; ${trials.up} up and ${trials.repeat} preview/refresh trial(s) per variant`);
  const results = [];
  for (const n of sizes) {
    // A fresh in-memory emulator per N, so each refresh lists exactly the N policies it manages.
    const emulator = await children.start('emulator', {});
    const measured = await measureN({ n, bin, credentials: emulator.info.credentials, trials, log });
    const stored = await emulator.call('count', { collection: 'policies' });
    if (stored !== n) throw new Error(`after pulumi up the emulator holds ${stored} policies, expected ${n}`);
    await emulator.stop();
    results.push({ n, floor: measured.noop, ours: measured.walletinfra, trials });
  }
  fs.rmSync(WORK, { recursive: true, force: true });
  return report(results);
}

/** Least-squares line through (N, extra ms over the floor): fixed cost and cost per resource. */
function fit(results, id) {
  const pts = results.map((r) => [r.n, r.ours[id].ms - r.floor[id].ms]);
  const mx = pts.reduce((a, [x]) => a + x, 0) / pts.length;
  const my = pts.reduce((a, [, y]) => a + y, 0) / pts.length;
  const sxx = pts.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  const perResource = sxx === 0 ? NaN : pts.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0) / sxx;
  return { fixedMs: my - perResource * mx, perResourceMs: perResource };
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
        ms((ours[c.id].ms - floor[c.id].ms) / n),
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
      '`up` creates N resources on an empty stack (repeated after an untimed `destroy`); `preview` and ' +
      '`refresh --preview-only` follow with `--expect-no-changes`, so a perpetual diff would fail the bench. Times are ' +
      `medians of ${results[0].trials.up} \`up\` and ${results[0].trials.repeat} preview/refresh trial(s), variants alternating. ` +
      'Peak memory is the largest VmHWM of the `cmd/dynamic-provider` node process over the trials, sampled from /proc every 50 ms.',
    tables: [
      {
        caption: 'Wall time per command',
        columns: [
          '× floor (1.00 = no cost over the engine)',
          'command',
          'N',
          '@walletinfra/pulumi',
          'no-op floor',
          'extra per resource',
          'provider peak RSS',
          'floor provider peak RSS',
        ],
        rows,
      },
    ],
    plots: [
      {
        file: 'e2e-wall-time.svg',
        alt: 'pulumi wall time against N',
        spec: lineChart({
          title: 'Pulumi CLI wall time against N (lower is better)',
          rows: points,
          xTitle: 'policies (N)',
          yTitle: 'seconds',
        }),
      },
    ],
    headlines: COMMANDS.filter((c) => c.id !== 'preview').map((c) => ({
      label: `${c.id === 'up' ? 'pulumi up' : 'pulumi refresh --preview-only'}, N=${last.n}: vs no-op provider`,
      ratio: last.ours[c.id].ms / last.floor[c.id].ms,
      gap: last.ours[c.id].ms / last.floor[c.id].ms,
      detail: `${ms(last.ours[c.id].ms)} vs ${ms(last.floor[c.id].ms)}; provider peak RSS ${mib(peakOurs)} vs ${mib(peakFloor)}`,
      why: whyOf(results, c.id),
    })),
    metrics: [
      {
        id: 'refresh_vs_floor',
        ratio: last.ours.refresh.ms / last.floor.refresh.ms,
        detail: `N=${last.n}: ${ms(last.ours.refresh.ms)} vs ${ms(last.floor.refresh.ms)}; ${fitText(results, 'refresh')}`,
      },
      {
        id: 'up_vs_floor',
        ratio: last.ours.up.ms / last.floor.up.ms,
        detail: `N=${last.n}: ${ms(last.ours.up.ms)} vs ${ms(last.floor.up.ms)}; ${fitText(results, 'up')}`,
      },
      {
        id: 'provider_rss_vs_floor',
        ratio: last.ours.up.peakKiB / last.floor.up.peakKiB,
        detail: `pulumi up, N=${last.n}: provider peak RSS ${mib(last.ours.up.peakKiB)} vs ${mib(last.floor.up.peakKiB)}`,
      },
      {
        id: 'preview_vs_floor',
        ratio: last.ours.preview.ms / last.floor.preview.ms,
        detail: `N=${last.n}: ${ms(last.ours.preview.ms)} vs ${ms(last.floor.preview.ms)}`,
      },
    ],
  };
}

function fitText(results, id) {
  const { fixedMs, perResourceMs } = fit(results, id);
  return `extra over the floor: ${ms(fixedMs)} fixed + ${ms(perResourceMs)} per resource`;
}

function whyOf(results, id) {
  const { fixedMs, perResourceMs } = fit(results, id);
  return (
    `A line through the extra time over the floor at N = ${results.map((r) => r.n).join(', ')} gives ${ms(fixedMs)} fixed ` +
    `(loading @walletinfra/pulumi and the sdk in the program and the provider process, configuring the client) plus ` +
    `${ms(perResourceMs)} per resource (requests to the emulator, stamping, checks and state, and Pulumi's own work for ` +
    `each of the 9 properties the bench's Policy registers against the floor's 6). Profiles of each part: bench/README.md, ` +
    `"Where the provider's remaining cost goes".`
  );
}

module.exports = { run };
