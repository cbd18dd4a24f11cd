#!/usr/bin/env node
'use strict';
// `npm run bench [-- --quick]`: runs every suite against the built packages (dist/), prints progress and
// each table as it goes, writes bench/REPORT.md with SVG plots (bench/out/quick/ for --quick), and ends
// with the headline ratios.
const { parseArgs, UsageError, USAGE } = require('./lib/args');
const { describeMachine } = require('./lib/machine');
const { writeReport, furthest } = require('./lib/report');
const { textTable, ratio } = require('./lib/format');
const { nowMs } = require('./lib/measure');
const children = require('./lib/children');
const { goalEntries } = require('./lib/goals');
const { readEarlierRuns, withEarlierRuns, earlierRatios, runsMet } = require('./lib/earlier');

const SUITES = {
  stamping: { title: '1. Stamping and stamp verification', load: () => require('./suites/stamping') },
  throughput: { title: '2. Emulator throughput over loopback', load: () => require('./suites/throughput') },
  refresh: { title: '3. Refresh cost in the provider', load: () => require('./suites/refresh') },
  e2e: { title: '4. End to end with the real Pulumi CLI', load: () => require('./suites/e2e') },
  store: { title: '5. Scale of the emulator store', load: () => require('./suites/store') },
  native: { title: '6. The native provider end to end', load: () => require('./suites/native') },
  fleet: { title: '7. A fleet scan at scale', load: () => require('./suites/fleet') },
  organization: { title: '8. A whole organization end to end', load: () => require('./suites/organization') },
  rollout: { title: '9. A fleet rollout', load: () => require('./suites/rollout') },
};

function log(line) {
  process.stdout.write(`${line}\n`);
}

async function runSuite(id, options, index, total) {
  const { title, load } = SUITES[id];
  log(`\n[${index}/${total}] ${title}`);
  const t0 = nowMs();
  try {
    const result = await load().run({ quick: options.quick, log });
    for (const t of result.tables) log(`\n  ${t.caption}\n${textTable(t.columns, t.rows).replace(/^/gm, '  ')}`);
    log(`  done in ${((nowMs() - t0) / 1000).toFixed(1)} s`);
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`  FAILED: ${message}`);
    if (process.env.BENCH_DEBUG) console.error(error);
    return { id, title, intro: '', error: message, tables: [], plots: [], headlines: [], metrics: [] };
  } finally {
    await children.stopAll();
  }
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`bench: ${error.message}\n${USAGE}\n`);
    return 2;
  }
  let earlier;
  try {
    earlier = readEarlierRuns(options.earlier, { commit: describeMachine().commit, mode: options.quick ? 'quick' : 'full' });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`bench: ${error.message}\n`);
    return 2;
  }
  if (options.help) {
    log(USAGE);
    return 0;
  }
  const start = nowMs();
  const machine = describeMachine();
  log(
    `bench (${options.quick ? 'quick' : 'full'}): ${machine.cores} cores, ${machine.cpuModel}, Node ${machine.node}, load ${machine.loadAverage}`,
  );
  const results = [];
  for (const [i, id] of options.suites.entries()) results.push(await runSuite(id, options, i + 1, options.suites.length));
  const totalMs = nowMs() - start;
  const headlines = results.flatMap((r) => (r.error ? [] : r.headlines));
  if (options.writeReport) {
    const { file } = await writeReport({ machine, options, results, totalMs, earlier });
    log(`\nwrote ${file} and its plots/*.svg`);
  }
  log(
    `\nload average at the end: ${require('node:os')
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (at the start: ${machine.loadAverage})`,
  );
  log(`\nHeadline ratios (${(totalMs / 1000).toFixed(0)} s in all):`);
  log(
    textTable(
      ['ratio', 'from limit', 'what', 'detail'],
      headlines.map((h) => [ratio(h.ratio), ratio(h.gap), h.label, h.detail]),
    ),
  );
  const worst = furthest(headlines);
  if (worst) log(`\nFurthest from its limit: ${worst.label} (${ratio(worst.gap)}). ${worst.why ?? ''}`);
  const goals = withEarlierRuns(goalEntries(results), earlier).filter((e) => e.goal !== null);
  const shown = (r) => (r === null ? '-' : ratio(r));
  log(
    `\nGoals (${goals.filter((e) => e.met).length} of ${goals.length} met` +
      (earlier.length > 0 ? `; ${goals.filter((e) => e.metInEvery).length} met in every run that measured them):` : '):'),
  );
  log(
    textTable(
      ['id', 'ratio', ...(earlier.length > 0 ? ['earlier runs', 'goal', 'met in every run'] : ['goal', 'met'])],
      goals.map((e) => [
        e.id,
        shown(e.ratio),
        ...(earlier.length > 0 ? [earlierRatios(e, shown) || '-', e.goal, runsMet(e)] : [e.goal, e.met ? 'yes' : 'NO']),
      ]),
    ),
  );
  const failed = results.filter((r) => r.error);
  if (failed.length > 0) {
    log(`\n${failed.length} suite(s) failed: ${failed.map((r) => r.id).join(', ')}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  async (error) => {
    await children.stopAll();
    console.error(error);
    process.exitCode = 1;
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    children.stopAll().finally(() => process.exit(130));
  });
}
