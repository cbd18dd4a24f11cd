'use strict';
// 7. A fleet scan at scale: `walletinfra-fleet scan` of 1,000 and 10,000 sub-organizations (examples/fleet's
// template; the fleet made by the emulator's seed-fleet with examples/fleet/shape.json, 3% drifted), each in a
// process of its own, against the floor: the same requests the scan sent, bare, at the same concurrency, from a
// process of their own (children/fleet-floor.js). The scan's peak resident memory at 10,000 against 1,000 says
// whether it streams (goal ≤ 1.2×) or holds what it read.
const { mkdirSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { execFile } = require('node:child_process');
const { fleetOptions, parentEnv, startFleetEmulator } = require('../lib/fleet');
const { median } = require('../lib/measure');
const { ratio, int, ms, mib } = require('../lib/format');

const SIZES = [1000, 10000];
const QUICK_SIZES = [100, 1000];
const CONCURRENCY = 8;
const DRIFT_PERCENT = 3;

/** Runs a child script with one JSON argument; resolves with the JSON it printed last. */
function oneShot(script, arg, env = process.env) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(__dirname, '..', 'children', script), JSON.stringify(arg)],
      { env, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${script}: ${stderr.trim().split('\n').slice(-3).join(' | ') || error.message}`));
        else resolve(JSON.parse(stdout.trim().split('\n').pop()));
      },
    );
  });
}

async function scanOnce(dir, creds) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, ...parentEnv(creds) };
  return oneShot('fleet-scan.js', { cwd: dir, env, args: ['scan', '--json-out', 'report.json', '--progress', 'none'] });
}

function floorOnce(creds, requests) {
  return oneShot('fleet-floor.js', { ...creds, concurrency: CONCURRENCY, requests });
}

async function run({ quick, log }) {
  const sizes = quick ? QUICK_SIZES : SIZES;
  const trials = quick ? 1 : 2;
  const { dataDir, emulator, creds, shape, recipient } = await startFleetEmulator('bench-fleet-');
  const dir = join(dataDir, 'fleet');
  mkdirSync(dir);
  log(`  N = ${sizes.join(', ')} sub-organizations (${DRIFT_PERCENT}% drifted), concurrency ${CONCURRENCY}; median of ${trials} trial(s)`);
  const cells = [];
  let seeded = 0;
  try {
    for (const n of sizes) {
      const made = await emulator.call('seedFleet', { count: n - seeded, shape, driftPercent: DRIFT_PERCENT, seed: 7 });
      seeded = n;
      const options = { name: 'bench-fleet', publicKey: made.delegatedApiKey.publicKey, recipient, extra: [`concurrency: ${CONCURRENCY}`] };
      writeFileSync(join(dir, 'fleet.yaml'), fleetOptions(options));
      const scans = [];
      const floors = [];
      // Trials interleave scan and floor, so drift of a shared machine falls on both alike.
      for (let t = 0; t < trials; t += 1) {
        const scan = await scanOnce(dir, creds);
        if (scan.summary.subOrganizations !== n)
          throw new Error(`the scan saw ${scan.summary.subOrganizations} sub-organizations, not ${n}`);
        scans.push(scan);
        floors.push(await floorOnce(creds, scan.requests));
      }
      const scan = scans[0];
      const cell = {
        n,
        scanMs: median(scans.map((s) => s.ms)),
        floorMs: median(floors.map((f) => f.ms)),
        rssKiB: Math.max(...scans.map((s) => s.maxRssKiB)),
        requests: Object.entries(scan.requests)
          .filter(([k]) => k !== 'retries')
          .reduce((a, [, v]) => a + v, 0),
        retries: scan.requests.retries ?? 0,
        summary: scan.summary,
      };
      log(
        `    N=${int(n)}: scan ${ms(cell.scanMs)}, floor ${ms(cell.floorMs)} (${int(cell.requests)} requests), peak RSS ${mib(cell.rssKiB)}; ` +
          `${cell.summary.conformant} conformant, ${cell.summary.drifted} drifted, ${cell.summary.unmanaged} unmanaged`,
      );
      cells.push(cell);
    }
  } finally {
    await emulator.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return report(cells, trials);
}

function report(cells, trials) {
  const [small, big] = [cells[0], cells[cells.length - 1]];
  const rows = cells.map((c) => [
    ratio(c.scanMs / c.floorMs),
    ratio(c.rssKiB / small.rssKiB),
    int(c.n),
    ms(c.scanMs),
    ms(c.floorMs),
    int(c.requests),
    int(c.retries),
    mib(c.rssKiB),
    `${c.summary.conformant} / ${c.summary.drifted} / ${c.summary.unmanaged}`,
  ]);
  return {
    id: 'fleet',
    title: '7. A fleet scan at scale',
    intro:
      "`walletinfra-fleet scan` of N sub-organizations made by the emulator's `seed-fleet` (examples/fleet/shape.json, " +
      `${DRIFT_PERCENT}% drifted) with examples/fleet's template, in a process of its own (template evaluation included), ` +
      `${CONCURRENCY} requests in flight. The floor is the same requests the scan sent (list_suborgs, then whoami and one ` +
      'request per list per sub-organization), bare, through the sdk at the same concurrency, from a process of its own. ' +
      `Peak RSS is the scan process's (getrusage). Times are medians of ${trials} trial(s), scan and floor interleaved.`,
    tables: [
      {
        caption: 'Fleet scan vs the same requests, bare',
        columns: [
          'time × floor',
          'peak RSS × smallest',
          'sub-organizations',
          'scan',
          'floor',
          'requests',
          'retries',
          'peak RSS',
          'conformant / drifted / unmanaged',
        ],
        rows,
      },
    ],
    plots: [],
    headlines: [
      {
        label: `fleet scan of ${int(big.n)} sub-organizations vs its requests, bare`,
        ratio: big.scanMs / big.floorMs,
        gap: big.scanMs / big.floorMs,
        detail: `${ms(big.scanMs)} vs ${ms(big.floorMs)} for ${int(big.requests)} requests`,
        why: `over the floor: the template's evaluation, and the classification of each sub-organization (${(((big.scanMs - big.floorMs) / big.n) * 1000).toFixed(0)} µs each)`,
      },
    ],
    metrics: [
      { id: 'fleet_scan_vs_floor', ratio: big.scanMs / big.floorMs, detail: `N=${int(big.n)}: ${ms(big.scanMs)} vs ${ms(big.floorMs)}` },
      {
        id: 'fleet_scan_rss_growth',
        ratio: big.rssKiB / small.rssKiB,
        detail: `peak RSS at N=${int(big.n)} ${mib(big.rssKiB)} vs N=${int(small.n)} ${mib(small.rssKiB)}`,
      },
    ],
  };
}

module.exports = { run };
