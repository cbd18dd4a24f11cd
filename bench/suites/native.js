'use strict';
// 6. The native provider end to end with the real Pulumi CLI: `pulumi up` and `pulumi refresh --preview-only`
// over N policies through the walletinfra plugin (provider/bin) against the emulator, vs the same program
// through a walletinfra plugin whose resources do nothing (the native floor: bench/children/noop-native, the
// same gRPC server), and vs the do-nothing dynamic provider of suite 4 (today's floor, which serializes a
// closure into every resource). All three in one run, the variants taking turns, with the CPU time of each
// process (the plugin, the program, the engine, the emulator) beside the wall time.
const fs = require('node:fs');
const path = require('node:path');
const children = require('../lib/children');
const { writeFloorKinds, writePolicySpec } = require('../lib/e2e-programs');
const { pulumiBinDir, pulumiOk } = require('../lib/pulumi');
const { workspace, initStacks, measured, inTurn, requireBuiltProvider, upAndRefreshMedians } = require('../lib/stacks');
const { cpuTable, cpuMetric } = require('../lib/cpu-report');
const { ratio, ms } = require('../lib/format');
const { ROOT } = require('../lib/machine');

const WORK = path.join(ROOT, 'bench', 'out', 'native');
const PLUGIN = path.join(ROOT, 'provider', 'bin');
const NOOP_PLUGIN = path.join(ROOT, 'bench', 'children', 'noop-native');

const COMMANDS = [
  { id: 'up', label: 'pulumi up --yes (N creates)', args: ['up', '--yes', '--non-interactive'] },
  {
    id: 'refresh',
    label: 'pulumi refresh --preview-only (no drift)',
    args: ['refresh', '--preview-only', '--expect-no-changes', '--non-interactive'],
  },
];

/** The variants: the do-nothing dynamic provider, the do-nothing native plugin, and the walletinfra plugin. */
const VARIANTS = [
  { id: 'dynamic-floor', title: 'no-op dynamic provider', program: 'noop' },
  { id: 'native-floor', title: 'no-op native plugin', program: 'native', plugin: NOOP_PLUGIN },
  { id: 'native', title: 'walletinfra plugin', program: 'native', plugin: PLUGIN, service: true },
];

async function measureN({ n, bin, emulator, trials, log }) {
  const env = {
    BENCH_SPEC: writePolicySpec(path.join(WORK, `spec-${n}.json`), n),
    BENCH_FLOOR_KINDS: writeFloorKinds(path.join(WORK, 'floor-kinds.json')),
  };
  const spaces = VARIANTS.map((v) => workspace(WORK, v, { bin, types: ['Policy'], credentials: emulator.info.credentials, env }));
  const stack = `n${n}`;
  await initStacks(spaces, stack);
  const samples = Object.fromEntries(spaces.map((ws) => [ws.id, { up: [], refresh: [] }]));
  const timed = async (ws, command) => {
    await emulator.call('resetStats');
    const m = await measured(ws, command.args, stack);
    const served = await emulator.call('stats');
    samples[ws.id][command.id].push({ ...m, emulatorCpuMs: ws.service ? served.cpuMs : 0 });
    log(
      `    N=${n} ${ws.id.padEnd(13)} ${command.id.padEnd(8)} ${ms(m.ms).padStart(8)}  CPU: provider ${ms(m.cpu.provider)}, ` +
        `program ${ms(m.cpu.program)}, engine ${ms(m.cpu.engine)}${ws.service ? `, emulator ${ms(served.cpuMs)}` : ''}`,
    );
  };
  for (let t = 0; t < trials; t += 1) {
    for (const ws of inTurn(spaces, t)) {
      if (t > 0) await pulumiOk(['destroy', '--yes', '--non-interactive', '--stack', stack], { cwd: ws.cwd, env: ws.env });
      await timed(ws, COMMANDS[0]);
      await timed(ws, COMMANDS[1]);
    }
  }
  return upAndRefreshMedians(spaces, samples);
}

async function run({ quick, log }) {
  const bin = pulumiBinDir();
  requireBuiltProvider(ROOT);
  fs.rmSync(WORK, { recursive: true, force: true });
  const n = quick ? 30 : 300;
  const trials = quick ? 1 : 3;
  log(`  Pulumi CLI from ${bin}; N = ${n}; ${trials} up and refresh trial(s) per variant`);
  const emulator = await children.start('emulator', {});
  let measuredN;
  try {
    measuredN = await measureN({ n, bin, emulator, trials, log });
    const stored = await emulator.call('count', { collection: 'policies' });
    if (stored !== n) throw new Error(`after pulumi up the emulator holds ${stored} policies, expected ${n}`);
  } finally {
    await emulator.stop();
  }
  fs.rmSync(WORK, { recursive: true, force: true });
  return report(n, trials, measuredN);
}

function report(n, trials, m) {
  const native = m.native;
  const wall = (v, c) => m[v][c].ms;
  const rows = COMMANDS.map((c) => [
    ratio(wall('native', c.id) / wall('native-floor', c.id)),
    ratio(wall('native', c.id) / wall('dynamic-floor', c.id)),
    c.label,
    String(n),
    ms(wall('native', c.id)),
    ms(wall('native-floor', c.id)),
    ms(wall('dynamic-floor', c.id)),
  ]);
  const metric = (id, command, floor, what) => ({
    id,
    ratio: native[command].ms / m[floor][command].ms,
    detail: `N=${n}: ${ms(native[command].ms)} vs ${ms(m[floor][command].ms)} (${what})`,
  });
  return {
    id: 'native',
    title: '6. The native provider end to end',
    intro:
      'Wall time of `pulumi up` (N creates on an empty stack, repeated after an untimed `destroy`) and `pulumi refresh ' +
      '--preview-only --expect-no-changes` for a JavaScript program declaring N `walletinfra:index:Policy` resources ' +
      '(a CustomResource of the schema type registering what the generated SDK registers) through the walletinfra plugin ' +
      'against an in-memory emulator, vs the same program through a walletinfra plugin whose resources do nothing (the ' +
      "native floor: the same gRPC server, answers of the same shape), and vs suite 4's do-nothing dynamic provider " +
      `(a serialized closure in every resource). Medians of ${trials} trial(s), the variants taking turns. The CPU table ` +
      'says which process spent the time: on two cores the emulator competes with the plugin, and its CPU is the ' +
      "service's work, not the provider's.",
    tables: [
      {
        caption: 'Wall time per command',
        columns: [
          '× native floor',
          '× dynamic floor',
          'command',
          'N',
          'walletinfra plugin',
          'no-op native plugin',
          'no-op dynamic provider',
        ],
        rows,
      },
      cpuTable(
        COMMANDS,
        [
          ['native', 'walletinfra plugin'],
          ['native-floor', 'no-op native plugin'],
          ['dynamic-floor', 'no-op dynamic provider'],
        ],
        m,
      ),
    ],
    plots: [],
    headlines: COMMANDS.map((c) => ({
      label: `native ${c.id === 'up' ? 'pulumi up' : 'pulumi refresh --preview-only'}, N=${n}: vs no-op native plugin`,
      ratio: native[c.id].ms / m['native-floor'][c.id].ms,
      gap: native[c.id].ms / m['native-floor'][c.id].ms,
      detail:
        `${ms(native[c.id].ms)} vs ${ms(m['native-floor'][c.id].ms)}; the no-op dynamic provider takes ${ms(m['dynamic-floor'][c.id].ms)}; ` +
        `CPU of the plugin ${ms(native[c.id].cpu.provider)} vs ${ms(m['native-floor'][c.id].cpu.provider)}, of the emulator ${ms(native[c.id].emulatorCpuMs)}`,
      why: 'What the plugin does beyond answering: the requests to the emulator (stamped), the per-kind checks and diffs; the CPU table says how much of it is the emulator’s.',
    })),
    metrics: [
      metric('native_up_vs_native_floor', 'up', 'native-floor', 'walletinfra plugin vs no-op native plugin'),
      metric('native_refresh_vs_native_floor', 'refresh', 'native-floor', 'walletinfra plugin vs no-op native plugin'),
      metric('native_up_vs_dynamic_floor', 'up', 'dynamic-floor', 'walletinfra plugin vs no-op dynamic provider'),
      metric('native_refresh_vs_dynamic_floor', 'refresh', 'dynamic-floor', 'walletinfra plugin vs no-op dynamic provider'),
      cpuMetric('native_up_cpu_vs_native_floor', native.up, m['native-floor'].up, `pulumi up, N=${n}`),
      cpuMetric('native_refresh_cpu_vs_native_floor', native.refresh, m['native-floor'].refresh, `pulumi refresh --preview-only, N=${n}`),
    ],
  };
}

module.exports = { run };
