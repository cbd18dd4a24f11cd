'use strict';
// 9. A fleet rollout: `walletinfra-fleet up` of N sub-organizations (40; 8 with --quick) at `--max-concurrent 4`
// against the same rollout at `--max-concurrent 1`, both in the same run, through the real Pulumi engine (the
// Automation API, one stack per sub-organization in a file backend, examples/fleet's template). Each arm rolls out a
// fleet of its own, made alike by the emulator's seed-fleet (examples/fleet/shape.json, every sub-organization's
// tag deleted, no stack yet): each stack adopts what the template declares and creates the tag. Both arms run
// `--concurrency-mode soft` with failure tolerance 0 (the stop rule is the same; strict would hold the 4 to 1 at
// tolerance 0, docs/fleet.md "Waves and the failure tolerance"). The ratio is the speed-up: time at 1 / time at 4.
const { mkdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { spawn } = require('node:child_process');
const { fleetOptions, parentEnv, ROOT, startFleetEmulator } = require('../lib/fleet');
const { nowMs } = require('../lib/measure');
const { pulumiBinDir, pulumiEnv } = require('../lib/pulumi');
const { ratio, int, ms } = require('../lib/format');

const BIN = join(ROOT, 'provider', 'bin', 'walletinfra-fleet.js');
const SIZE = 40;
const QUICK_SIZE = 8;
const ARMS = [4, 1];
/** A rollout of one sub-organization first, not measured: the first stack pays for cold caches (the template's
 * TypeScript compiled, plugins found), which would fall on whichever arm ran first. */
const WARM_UP = 'warm-up';

/** One `walletinfra-fleet up` in a process of its own; resolves with its wall time and report. */
function rollout(dir, env, maxConcurrent) {
  const args = [BIN, 'up', '--max-concurrent', String(maxConcurrent), '--concurrency-mode', 'soft', '--json-out', 'rollout.json'];
  return new Promise((resolve, reject) => {
    const t0 = nowMs();
    const child = spawn(process.execPath, args, { cwd: dir, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const elapsed = nowMs() - t0;
      if (code !== 0) {
        reject(new Error(`up --max-concurrent ${maxConcurrent} exited ${code}: ${stderr.trim().split('\n').slice(-4).join(' | ')}`));
        return;
      }
      resolve({ ms: elapsed, report: JSON.parse(readFileSync(join(dir, 'rollout.json'), 'utf8')) });
    });
  });
}

async function run({ quick, log }) {
  const n = quick ? QUICK_SIZE : SIZE;
  const binDir = pulumiBinDir();
  const { dataDir, emulator, creds, shape, recipient } = await startFleetEmulator('bench-rollout-', 'emulator');
  log(`  N = ${n} sub-organizations per arm, --max-concurrent ${ARMS.join(' and ')}, one rollout each`);
  const cells = [];
  try {
    let seeded = 0;
    const arms = [];
    for (const maxConcurrent of [WARM_UP, ...ARMS]) {
      const count = maxConcurrent === WARM_UP ? 1 : n;
      const made = await emulator.call('seedFleet', { count, shape, driftPercent: 100, driftKinds: ['missing-tag'], seed: 7 });
      const names = Array.from({ length: count }, (_, i) => `customer-${String(seeded + i + 1).padStart(5, '0')}`);
      seeded += count;
      const dir = join(dataDir, `arm-${maxConcurrent}`);
      mkdirSync(dir, { recursive: true });
      const options = {
        name: 'bench-rollout',
        publicKey: made.delegatedApiKey.publicKey,
        recipient,
        selectorNames: names,
        delegatedProfile: 'delegated',
        extra: [`backend: file://${join(dir, 'state')}`],
      };
      writeFileSync(join(dir, 'fleet.yaml'), fleetOptions(options));
      const env = {
        ...pulumiEnv(binDir, dir),
        ...parentEnv(creds),
        WALLETINFRA_PROFILE_DELEGATED_API_PRIVATE_KEY: made.delegatedApiKey.privateKey,
      };
      arms.push({ maxConcurrent, dir, env });
    }
    await emulator.call('registerPasskeys', {});
    const [warmUp, ...measured] = arms;
    await rollout(warmUp.dir, warmUp.env, 1);
    log('    warm-up rollout of one sub-organization done (not measured)');
    for (const arm of measured) {
      const { ms: elapsed, report } = await rollout(arm.dir, arm.env, arm.maxConcurrent);
      const s = report.summary;
      if (s.succeeded !== n || s.changed !== n) throw new Error(`--max-concurrent ${arm.maxConcurrent}: ${JSON.stringify(s)}`);
      const stackMs = report.subOrganizations.map((e) => e.durationMs ?? 0);
      const cell = { maxConcurrent: arm.maxConcurrent, ms: elapsed, meanStackMs: stackMs.reduce((a, b) => a + b, 0) / n };
      log(`    --max-concurrent ${arm.maxConcurrent}: ${ms(cell.ms)} (${int(n)} stacks, ${ms(cell.meanStackMs)} each on average)`);
      cells.push(cell);
    }
  } finally {
    await emulator.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return report(cells, n);
}

function report(cells, n) {
  const one = cells.find((c) => c.maxConcurrent === 1);
  const four = cells.find((c) => c.maxConcurrent === 4);
  const speedup = one.ms / four.ms;
  return {
    id: 'rollout',
    title: '9. A fleet rollout',
    intro:
      `\`walletinfra-fleet up\` of ${n} sub-organizations through the real Pulumi engine (one stack each through the ` +
      "Automation API, file backend, examples/fleet's template; each stack adopts the template's objects and creates " +
      'the deleted tag), at `--max-concurrent 4` and at `--max-concurrent 1`, each on a fleet of its own made alike ' +
      "by the emulator's seed-fleet, in the same run. The ratio is the speed-up (time at 1 / time at 4); on a " +
      'machine with fewer than four cores the engines share them, so it stays under 4.',
    tables: [
      {
        caption: 'Rollout wall time by --max-concurrent',
        columns: ['speed-up × 1 at a time', '--max-concurrent', 'sub-organizations', 'rollout', 'mean stack'],
        rows: cells.map((c) => [ratio(one.ms / c.ms), String(c.maxConcurrent), int(n), ms(c.ms), ms(c.meanStackMs)]),
      },
    ],
    plots: [],
    headlines: [
      {
        label: `fleet rollout of ${n} sub-organizations, --max-concurrent 4 vs 1 (speed-up)`,
        ratio: speedup,
        gap: 4 / speedup,
        detail: `${ms(four.ms)} at 4 vs ${ms(one.ms)} at 1`,
        why: `each stack is a Pulumi engine, a Node.js language host and the dynamic provider (${ms(one.meanStackMs)} alone, ${ms(four.meanStackMs)} four at once): CPU-bound on this machine's cores`,
      },
    ],
    metrics: [{ id: 'fleet_rollout_speedup_4_vs_1', ratio: speedup, detail: `N=${n}: ${ms(four.ms)} at 4 vs ${ms(one.ms)} at 1` }],
  };
}

module.exports = { run };
