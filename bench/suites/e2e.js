'use strict';
// 4. End to end with the real Pulumi CLI: `pulumi up`, `pulumi preview` and `pulumi refresh --preview-only`
// over N policies through @walletinfra/pulumi against the emulator, vs the same program with a dynamic
// provider that does nothing (the engine's floor). Also the peak resident memory of the provider process.
const fs = require('node:fs');
const path = require('node:path');
const children = require('../lib/children');
const { writeFloorKinds, writePolicySpec } = require('../lib/e2e-programs');
const { pulumiBinDir, pulumiOk } = require('../lib/pulumi');
const { workspace, initStacks, measured } = require('../lib/stacks');
const { cpuTable, cpuMetric, medianOf } = require('../lib/cpu-report');
const { ratio, ms, mib } = require('../lib/format');
const { lineChart } = require('../lib/plot');
const { ROOT } = require('../lib/machine');

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

const VARIANTS = [
  { id: 'noop', title: 'no-op dynamic provider (floor)', program: 'noop' },
  { id: 'walletinfra', title: '@walletinfra/pulumi', program: 'walletinfra', service: true },
];

/**
 * Runs every command `trials` times per variant, alternating which variant goes first so that drift of a
 * shared machine falls on both alike. `up` is repeated after an (untimed) destroy; preview and refresh are
 * repeatable as they are. Returns `{variant: {command: medianOf(samples)}}`.
 */
async function measureN({ n, bin, emulator, trials, log }) {
  const dir = path.join(WORK, `n${n}`);
  const env = {
    BENCH_SPEC: writePolicySpec(path.join(dir, 'spec.json'), n),
    BENCH_FLOOR_KINDS: writeFloorKinds(path.join(dir, 'floor-kinds.json')),
  };
  const spaces = VARIANTS.map((v) => workspace(dir, v, { bin, types: ['Policy'], credentials: emulator.info.credentials, env }));
  const stack = `n${n}`;
  await initStacks(spaces, stack);
  const samples = Object.fromEntries(spaces.map((ws) => [ws.id, Object.fromEntries(COMMANDS.map((c) => [c.id, []]))]));
  const inTurn = (t) => (t % 2 === 0 ? spaces : [...spaces].reverse());
  const timed = async (ws, command) => {
    await emulator.call('resetStats');
    const m = await measured(ws, command.args, stack);
    const served = await emulator.call('stats');
    samples[ws.id][command.id].push({ ...m, emulatorCpuMs: ws.service ? served.cpuMs : 0 });
    log(
      `    N=${n} ${ws.id.padEnd(11)} ${command.id.padEnd(8)} ${ms(m.ms).padStart(8)}  provider peak ${mib(m.peakKiB)}, ` +
        `CPU: provider ${ms(m.cpu.provider)}, program ${ms(m.cpu.program)}, engine ${ms(m.cpu.engine)}`,
    );
  };
  const [up, ...repeatable] = COMMANDS;
  for (let t = 0; t < trials.up; t += 1) {
    for (const ws of inTurn(t)) {
      if (t > 0) await pulumiOk(['destroy', '--yes', '--non-interactive', '--stack', stack], { cwd: ws.cwd, env: ws.env });
      await timed(ws, up);
    }
  }
  for (let t = 0; t < trials.repeat; t += 1) {
    for (const ws of inTurn(t)) for (const c of repeatable) await timed(ws, c);
  }
  return Object.fromEntries(spaces.map((ws) => [ws.id, Object.fromEntries(COMMANDS.map((c) => [c.id, medianOf(samples[ws.id][c.id])]))]));
}

async function run({ quick, log }) {
  const bin = pulumiBinDir();
  fs.rmSync(WORK, { recursive: true, force: true });
  const sizes = quick ? [10, 30] : [10, 100, 300];
  // Three of each, so the median drops one outlier: with two, an up of the floor took 20.8 and 25.6 s in one
  // run, and N=100 once came out at 0.92x of a provider that does nothing.
  const trials = quick ? { up: 1, repeat: 1 } : { up: 3, repeat: 3 };
  log(`  Pulumi CLI from ${bin}; N = ${sizes.join(', ')}; ${trials.up} up and ${trials.repeat} preview/refresh trial(s) per variant`);
  const results = [];
  for (const n of sizes) {
    // A fresh in-memory emulator per N, so each refresh lists exactly the N policies it manages.
    const emulator = await children.start('emulator', {});
    const m = await measureN({ n, bin, emulator, trials, log });
    const stored = await emulator.call('count', { collection: 'policies' });
    if (stored !== n) throw new Error(`after pulumi up the emulator holds ${stored} policies, expected ${n}`);
    await emulator.stop();
    results.push({ n, floor: m.noop, ours: m.walletinfra, trials });
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
      'provider whose methods return at once (the engine floor: language host, closure serialization, gRPC, state), ' +
      "registering the same properties as @walletinfra/pulumi's `Policy` and answering with values of the same shape " +
      '(bench/children/floor.js), so what is left over it is our work. ' +
      '`up` creates N resources on an empty stack (repeated after an untimed `destroy`); `preview` and ' +
      '`refresh --preview-only` follow with `--expect-no-changes`, so a perpetual diff would fail the bench. Times are ' +
      `medians of ${results[0].trials.up} \`up\` and ${results[0].trials.repeat} preview/refresh trial(s), variants alternating. ` +
      'Peak memory is the largest VmHWM of the `cmd/dynamic-provider` node process over the trials, sampled from /proc every 50 ms. ' +
      'The CPU table (N = the largest) says which process spent the time; the emulator is the service, so it is left out of the ratio.',
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
      cpuTable(
        COMMANDS,
        [
          ['ours', '@walletinfra/pulumi'],
          ['floor', 'no-op dynamic provider'],
        ],
        { ours: last.ours, floor: last.floor },
      ),
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
      cpuMetric('up_cpu_vs_floor', last.ours.up, last.floor.up, `pulumi up, N=${last.n}`),
      cpuMetric('refresh_cpu_vs_floor', last.ours.refresh, last.floor.refresh, `pulumi refresh --preview-only, N=${last.n}`),
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
    `${ms(perResourceMs)} per resource (requests to the emulator, stamping, checks and state; the floor registers the same ` +
    `properties, so Pulumi's own work per property is on both sides). Profiles of each part: bench/README.md, ` +
    `"Where the provider's remaining cost goes".`
  );
}

module.exports = { run };
