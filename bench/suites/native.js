'use strict';
// 6. The native provider end to end with the real Pulumi CLI: `pulumi up` and `pulumi refresh --preview-only`
// over N policies through the walletinfra plugin (provider/bin) against the emulator, vs the same program
// through a walletinfra plugin whose resources do nothing (the native floor: bench/children/noop-native, the
// same gRPC server), and vs the do-nothing dynamic provider of suite 4 (today's floor, which serializes a
// closure into every resource). All three in one run, the variants taking turns.
const fs = require('node:fs');
const path = require('node:path');
const children = require('../lib/children');
const { writeProgram } = require('../lib/e2e-programs');
const { pulumiBinDir, pulumiEnv, pulumiOk } = require('../lib/pulumi');
const { ratio, ms } = require('../lib/format');
const { ROOT } = require('../lib/machine');
const { median } = require('../lib/measure');

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

async function measureN({ n, bin, credentials, trials, log }) {
  const spaces = VARIANTS.map((v) => {
    const dir = path.join(WORK, v.id);
    const cwd = writeProgram(path.join(dir, 'program'), v.program, v.plugin);
    const service = v.service
      ? {
          WALLETINFRA_BASE_URL: credentials.baseUrl,
          WALLETINFRA_ORGANIZATION_ID: credentials.organizationId,
          WALLETINFRA_API_PUBLIC_KEY: credentials.apiPublicKey,
          WALLETINFRA_API_PRIVATE_KEY: credentials.apiPrivateKey,
        }
      : {};
    return { ...v, cwd, env: pulumiEnv(bin, dir, { BENCH_RESOURCES: String(n), ...service }), stack: ['--stack', `n${n}`] };
  });
  for (const ws of spaces) await pulumiOk(['stack', 'init', `n${n}`, '--non-interactive'], { cwd: ws.cwd, env: ws.env });
  const samples = Object.fromEntries(spaces.map((ws) => [ws.id, { up: [], refresh: [] }]));
  // Which variant goes first turns each trial, so drift of a shared machine falls on all alike.
  const inTurn = (t) => spaces.map((_, i) => spaces[(i + t) % spaces.length]);
  const timed = async (ws, command) => {
    const r = await pulumiOk([...command.args, ...ws.stack], { cwd: ws.cwd, env: ws.env });
    samples[ws.id][command.id].push(r.ms);
    log(`    N=${n} ${ws.id.padEnd(13)} ${command.id.padEnd(8)} ${ms(r.ms).padStart(8)}`);
  };
  for (let t = 0; t < trials; t += 1) {
    for (const ws of inTurn(t)) {
      if (t > 0) await pulumiOk(['destroy', '--yes', '--non-interactive', ...ws.stack], { cwd: ws.cwd, env: ws.env });
      await timed(ws, COMMANDS[0]);
      await timed(ws, COMMANDS[1]);
    }
  }
  return Object.fromEntries(spaces.map((ws) => [ws.id, { up: median(samples[ws.id].up), refresh: median(samples[ws.id].refresh) }]));
}

async function run({ quick, log }) {
  const bin = pulumiBinDir();
  if (!fs.existsSync(path.join(ROOT, 'provider', 'dist', 'native', 'server.js')))
    throw new Error('provider/dist is not built (npx tsc -b provider)');
  fs.rmSync(WORK, { recursive: true, force: true });
  const n = quick ? 30 : 300;
  const trials = quick ? 1 : 3;
  log(`  Pulumi CLI from ${bin}; N = ${n}; ${trials} up and refresh trial(s) per variant`);
  const emulator = await children.start('emulator', {});
  let measured;
  try {
    measured = await measureN({ n, bin, credentials: emulator.info.credentials, trials, log });
    const stored = await emulator.call('count', { collection: 'policies' });
    if (stored !== n) throw new Error(`after pulumi up the emulator holds ${stored} policies, expected ${n}`);
  } finally {
    await emulator.stop();
  }
  fs.rmSync(WORK, { recursive: true, force: true });
  return report(n, trials, measured);
}

function report(n, trials, m) {
  const native = m.native;
  const rows = COMMANDS.map((c) => [
    ratio(native[c.id] / m['native-floor'][c.id]),
    ratio(native[c.id] / m['dynamic-floor'][c.id]),
    c.label,
    String(n),
    ms(native[c.id]),
    ms(m['native-floor'][c.id]),
    ms(m['dynamic-floor'][c.id]),
  ]);
  const metric = (id, command, floor, what) => ({
    id,
    ratio: native[command] / m[floor][command],
    detail: `N=${n}: ${ms(native[command])} vs ${ms(m[floor][command])} (${what})`,
  });
  return {
    id: 'native',
    title: '6. The native provider end to end',
    intro:
      'Wall time of `pulumi up` (N creates on an empty stack, repeated after an untimed `destroy`) and `pulumi refresh ' +
      '--preview-only --expect-no-changes` for a JavaScript program declaring N `walletinfra:index:Policy` resources ' +
      '(a CustomResource of the schema type, as the generated SDK registers it) through the walletinfra plugin against an ' +
      'in-memory emulator, vs the same program through a walletinfra plugin whose resources do nothing (the native floor: ' +
      "the same gRPC server), and vs suite 4's do-nothing dynamic provider (today's floor: a serialized closure in every " +
      `resource). Medians of ${trials} trial(s), the variants taking turns.`,
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
    ],
    plots: [],
    headlines: COMMANDS.map((c) => ({
      label: `native ${c.id === 'up' ? 'pulumi up' : 'pulumi refresh --preview-only'}, N=${n}: vs no-op native plugin`,
      ratio: native[c.id] / m['native-floor'][c.id],
      gap: native[c.id] / m['native-floor'][c.id],
      detail: `${ms(native[c.id])} vs ${ms(m['native-floor'][c.id])}; the no-op dynamic provider takes ${ms(m['dynamic-floor'][c.id])}`,
      why: 'What the plugin does beyond answering: the requests to the emulator (stamped), the per-kind checks and diffs.',
    })),
    metrics: [
      metric('native_up_vs_native_floor', 'up', 'native-floor', 'walletinfra plugin vs no-op native plugin'),
      metric('native_refresh_vs_native_floor', 'refresh', 'native-floor', 'walletinfra plugin vs no-op native plugin'),
      metric('native_up_vs_dynamic_floor', 'up', 'dynamic-floor', 'walletinfra plugin vs no-op dynamic provider'),
      metric('native_refresh_vs_dynamic_floor', 'refresh', 'dynamic-floor', 'walletinfra plugin vs no-op dynamic provider'),
    ],
  };
}

module.exports = { run };
