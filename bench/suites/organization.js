'use strict';
// 8. A whole organization end to end: `pulumi up` and `pulumi refresh --preview-only` of a realistic organization
// (lib/organization.js: about a thousand objects of all twelve kinds, what a first `up` after `walletinfra-export`
// declares) through the dynamic provider and through the native plugin, each against its own floor (a provider
// doing nothing, registering the same resources and properties), all four in one run, the variants taking turns.
// The refresh's HTTP requests are counted at the emulator: one list per kind (and one read per IP allowlist, which
// the service addresses by scope and cannot list), or the suite fails.
const fs = require('node:fs');
const path = require('node:path');
const children = require('../lib/children');
const { writeFloorKinds } = require('../lib/e2e-programs');
const { organizationSpec } = require('../lib/organization');
const { pulumiBinDir } = require('../lib/pulumi');
const { workspace, initStacks, measured, inTurn, serviceEnv, requireBuiltProvider, upAndRefreshMedians } = require('../lib/stacks');
const { cpuTable, cpuMetric } = require('../lib/cpu-report');
const { ratio, ms, int } = require('../lib/format');
const { ROOT } = require('../lib/machine');

const WORK = path.join(ROOT, 'bench', 'out', 'organization');
const PLUGIN = path.join(ROOT, 'provider', 'bin');
const NOOP_PLUGIN = path.join(ROOT, 'bench', 'children', 'noop-native');

const UP = { id: 'up', label: 'pulumi up --yes (every object created)', args: ['up', '--yes', '--non-interactive'] };
const REFRESH = {
  id: 'refresh',
  label: 'pulumi refresh --preview-only (no drift)',
  args: ['refresh', '--preview-only', '--expect-no-changes', '--non-interactive'],
};
const COMMANDS = [UP, REFRESH];

const VARIANTS = [
  { id: 'dynamic', title: '@walletinfra/pulumi (dynamic provider)', program: 'walletinfra', service: true },
  { id: 'dynamic-floor', title: 'no-op dynamic provider', program: 'noop' },
  { id: 'native', title: 'walletinfra plugin', program: 'native', plugin: PLUGIN, service: true },
  { id: 'native-floor', title: 'no-op native plugin', program: 'native', plugin: NOOP_PLUGIN },
];

/** Fails unless every request of a refresh is a read its kinds need, each list once; returns the total. */
function checkRefreshRequests(requests, perKind, variant) {
  // One request per list; one `get_ip_allowlist` per allowlist (the service addresses them by scope).
  const allowed = (p) => (p.endsWith('/get_ip_allowlist') ? (perKind.IpAllowlist ?? 0) : 1);
  const problems = [];
  for (const [p, count] of Object.entries(requests)) {
    if (!p.startsWith('/public/v1/query/')) problems.push(`${count} × ${p} (not a read)`);
    else if (/\/get_(policy|user|api_key|user_tag|webhook_endpoint|session_profile|velocity_control|smart_contract_interface)$/.test(p))
      problems.push(`${count} × ${p} (one object at a time instead of its list)`);
    else if (count > allowed(p)) problems.push(`${count} × ${p} (at most ${allowed(p)})`);
  }
  if (problems.length > 0) throw new Error(`the ${variant} refresh made more requests than one list per kind: ${problems.join('; ')}`);
  return Object.values(requests).reduce((a, b) => a + b, 0);
}

/** The spec with the organization's own root user in its root quorum (each service variant has its own emulator). */
function writeSpec(file, spec, rootUserId) {
  const resources = spec.resources.map((r) => (r.type === 'RootQuorum' ? { ...r, args: { ...r.args, userIds: [rootUserId] } } : r));
  fs.writeFileSync(file, JSON.stringify({ resources }));
  return file;
}

async function measureAll({ spec, bin, trials, log }) {
  fs.mkdirSync(WORK, { recursive: true });
  const floorKinds = writeFloorKinds(path.join(WORK, 'floor-kinds.json'));
  const types = Object.keys(spec.perKind);
  const emulators = {};
  const spaces = VARIANTS.map((v) => {
    const specFile = writeSpec(path.join(WORK, `spec-${v.id}.json`), spec, 'bench-root-user');
    return workspace(
      WORK,
      { ...v, service: false, needsService: v.service },
      { bin, types, env: { BENCH_SPEC: specFile, BENCH_FLOOR_KINDS: floorKinds } },
    );
  });
  const samples = Object.fromEntries(spaces.map((ws) => [ws.id, { up: [], refresh: [] }]));
  const timed = async (ws, command, stack) => {
    const emulator = emulators[ws.id];
    let extra = {};
    if (emulator !== undefined) {
      await emulator.call('resetStats');
      extra = { env: serviceEnv(emulator.info.credentials) };
    }
    const m = await measured(ws, command.args, stack, extra);
    const served = emulator !== undefined ? await emulator.call('stats') : { cpuMs: 0, requests: undefined };
    const sample = { ...m, emulatorCpuMs: served.cpuMs };
    if (command === REFRESH && emulator !== undefined) {
      sample.requests = { total: checkRefreshRequests(served.requests, spec.perKind, ws.id), byPath: served.requests };
    }
    samples[ws.id][command.id].push(sample);
    log(
      `    ${ws.id.padEnd(13)} ${command.id.padEnd(8)} ${ms(m.ms).padStart(8)}  CPU: provider ${ms(m.cpu.provider)}, program ${ms(m.cpu.program)}, ` +
        `engine ${ms(m.cpu.engine)}${emulator !== undefined ? `, emulator ${ms(served.cpuMs)}` : ''}` +
        `${sample.requests !== undefined ? `; ${sample.requests.total} requests` : ''}`,
    );
  };
  let stack;
  for (let t = 0; t < trials.up; t += 1) {
    // A fresh stack and fresh emulators for each `up`: cheaper than destroying a thousand objects, and the same
    // empty start.
    stack = `org-t${t}`;
    await Promise.all(Object.values(emulators).map((e) => e.stop()));
    for (const ws of spaces) {
      if (!ws.needsService) continue;
      emulators[ws.id] = await children.start('emulator', {});
      writeSpec(ws.env.BENCH_SPEC, spec, emulators[ws.id].info.credentials.userId);
    }
    await initStacks(spaces, stack);
    for (const ws of inTurn(spaces, t)) await timed(ws, UP, stack);
  }
  for (const ws of spaces) {
    const emulator = emulators[ws.id];
    if (emulator === undefined) continue;
    const policies = await emulator.call('count', { collection: 'policies' });
    if (policies !== spec.perKind.Policy)
      throw new Error(`after pulumi up (${ws.id}) the emulator holds ${policies} policies, expected ${spec.perKind.Policy}`);
  }
  for (let t = 0; t < trials.refresh; t += 1) for (const ws of inTurn(spaces, t)) await timed(ws, REFRESH, stack);
  await Promise.all(Object.values(emulators).map((e) => e.stop()));
  return upAndRefreshMedians(spaces, samples);
}

async function run({ quick, log }) {
  const bin = pulumiBinDir();
  requireBuiltProvider(ROOT);
  fs.rmSync(WORK, { recursive: true, force: true });
  const scale = quick ? 0.06 : 1;
  const trials = quick ? { up: 1, refresh: 1 } : { up: 2, refresh: 3 };
  const spec = organizationSpec(scale, 'bench-root-user');
  log(
    `  Pulumi CLI from ${bin}; ${spec.resources.length} objects (${Object.entries(spec.perKind)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ')}); ${trials.up} up and ${trials.refresh} refresh trial(s) per variant`,
  );
  const m = await measureAll({ spec, bin, trials, log });
  fs.rmSync(WORK, { recursive: true, force: true });
  return report(spec, trials, m);
}

function report(spec, trials, m) {
  const n = spec.resources.length;
  const wall = (v, c) => m[v][c].ms;
  const pairs = [
    ['dynamic', 'dynamic-floor', 'dynamic provider'],
    ['native', 'native-floor', 'native plugin'],
  ];
  const rows = [];
  for (const c of COMMANDS) {
    for (const [ours, floor, what] of pairs) {
      rows.push([
        ratio(wall(ours, c.id) / wall(floor, c.id)),
        c.label,
        what,
        ms(wall(ours, c.id)),
        ms(wall(floor, c.id)),
        ms((wall(ours, c.id) - wall(floor, c.id)) / n),
      ]);
    }
  }
  const requestRows = ['dynamic', 'native'].map((v) => {
    const r = m[v].refresh.requests;
    return [
      int(r.total),
      v === 'dynamic' ? 'dynamic provider' : 'native plugin',
      Object.entries(r.byPath)
        .sort((a, b) => b[1] - a[1])
        .map(([p, count]) => `${count} × ${p.replace('/public/v1/query/', '')}`)
        .join(', '),
    ];
  });
  const reads = (v) => m[v].refresh.requests.total;
  const needed = Object.keys(spec.perKind).length;
  const metric = (id, ours, floor, command) => ({
    id,
    ratio: wall(ours, command) / wall(floor, command),
    detail: `${n} objects: ${ms(wall(ours, command))} vs ${ms(wall(floor, command))}`,
  });
  return {
    id: 'organization',
    title: '8. A whole organization end to end',
    intro:
      `Wall time of \`pulumi up\` (every object created on an empty stack) and \`pulumi refresh --preview-only --expect-no-changes\` ` +
      `of a realistic organization: ${n} objects of all ${Object.keys(spec.perKind).length} kinds (${Object.entries(spec.perKind)
        .map(([k, c]) => `${c} ${k}`)
        .join(', ')}; policies whose consensus names user tags by their ids, as an exported program does), the first \`up\` ` +
      'after `walletinfra-export`. Through @walletinfra/pulumi (the dynamic provider) and through the walletinfra plugin, each ' +
      'against its own emulator, and each against its floor: the same program through a provider doing nothing that ' +
      'registers the same resources and properties (bench/children/floor.js). ' +
      `Medians of ${trials.up} \`up\` (each on a fresh stack and emulator) and ${trials.refresh} refresh trial(s), the four ` +
      'variants taking turns. The refresh requests are counted at the emulator: one list per kind (one read per IP allowlist, ' +
      'which the service addresses by scope), or the suite fails.',
    tables: [
      {
        caption: 'Wall time per command',
        columns: ['× its floor', 'command', 'path', 'walletinfra', 'its floor', 'extra per object'],
        rows,
      },
      {
        caption: 'HTTP requests of the refresh, counted at the emulator',
        columns: ['requests', 'path', 'by operation'],
        rows: requestRows,
      },
      cpuTable(
        COMMANDS,
        [
          ['dynamic', '@walletinfra/pulumi'],
          ['dynamic-floor', 'no-op dynamic provider'],
        ],
        m,
      ),
      cpuTable(
        COMMANDS,
        [
          ['native', 'walletinfra plugin'],
          ['native-floor', 'no-op native plugin'],
        ],
        m,
      ),
    ],
    plots: [],
    headlines: pairs.flatMap(([ours, floor, what]) =>
      COMMANDS.map((c) => ({
        label: `organization of ${n} objects, ${c.id === 'up' ? 'pulumi up' : 'pulumi refresh --preview-only'} (${what}): vs its floor`,
        ratio: wall(ours, c.id) / wall(floor, c.id),
        gap: wall(ours, c.id) / wall(floor, c.id),
        detail: `${ms(wall(ours, c.id))} vs ${ms(wall(floor, c.id))}; CPU of the provider ${ms(m[ours][c.id].cpu.provider)} vs ${ms(m[floor][c.id].cpu.provider)}, of the emulator ${ms(m[ours][c.id].emulatorCpuMs)}`,
        why: 'The creates are one write each (stamped, through the emulator on the same two cores) with their checks; the CPU tables say how much of the time is the emulator’s.',
      })),
    ),
    metrics: [
      metric('org_up_vs_floor', 'dynamic', 'dynamic-floor', 'up'),
      metric('org_refresh_vs_floor', 'dynamic', 'dynamic-floor', 'refresh'),
      metric('org_native_up_vs_native_floor', 'native', 'native-floor', 'up'),
      metric('org_native_refresh_vs_native_floor', 'native', 'native-floor', 'refresh'),
      {
        id: 'org_refresh_requests',
        ratio: Math.max(reads('dynamic'), reads('native')) / (needed + (spec.perKind.IpAllowlist ?? 1) - 1),
        detail: `requests of a refresh of ${n} objects of ${needed} kinds vs one list per kind and one read per IP allowlist: dynamic ${reads('dynamic')}, native ${reads('native')}`,
      },
      cpuMetric('org_up_cpu_vs_floor', m.dynamic.up, m['dynamic-floor'].up, `pulumi up of ${n} objects (dynamic)`),
      cpuMetric('org_native_up_cpu_vs_native_floor', m.native.up, m['native-floor'].up, `pulumi up of ${n} objects (native)`),
    ],
  };
}

module.exports = { run };
