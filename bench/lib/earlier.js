'use strict';
// Repeated runs (`--earlier FILE,...`): one run of a ratio near its goal does not settle it, so the report of
// the last run can carry the goals of earlier runs of the same commit, and a goal counts as met only when it
// held in every one of them (bench/README.md, "Goals and REPORT.json").
const fs = require('node:fs');
const { UsageError } = require('./args');

/** An earlier run as REPORT.json wrote it, checked to be a run of the same code in the same mode. */
function readEarlierRun(file, { commit, mode }) {
  let json;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new UsageError(`--earlier ${file}: not a readable REPORT.json (${why})`);
  }
  if (json === null || typeof json !== 'object' || !Array.isArray(json.entries)) {
    throw new UsageError(`--earlier ${file}: not a REPORT.json written by npm run bench (it has no "entries" list)`);
  }
  if (json.mode !== mode) {
    throw new UsageError(`--earlier ${file}: a ${json.mode} run, this one is ${mode}: compare runs of the same mode`);
  }
  if (/uncommitted|unknown/.test(commit) || json.commit !== commit) {
    throw new UsageError(
      `--earlier ${file}: measured on commit ${json.commit}, this run is on ${commit}: repeated runs must be of ` +
        'the same committed code (commit first, then run the bench again)',
    );
  }
  return {
    file,
    date: json.date,
    loadAverageAtStart: json.loadAverageAtStart,
    loadAverageAtEnd: json.loadAverageAtEnd,
    ratios: new Map(
      json.entries.filter((e) => e.goal !== null && e.skipped !== true).map((e) => [e.id, { ratio: e.ratio, met: e.met === true }]),
    ),
  };
}

function readEarlierRuns(files, current) {
  return files.map((file) => readEarlierRun(file, current));
}

/**
 * Goal entries of this run with the ratios of the earlier runs that ran its suite, in run order (`runs`, this run
 * last), and `metInEvery`: met in each of them (a suite that failed counts as not met; one an earlier run left out
 * with --only or --skip is not a run of that goal).
 */
function withEarlierRuns(entries, earlier) {
  return entries.map((e) => {
    if (e.goal === null) return e;
    const before = earlier.flatMap((run) => (run.ratios.has(e.id) ? [run.ratios.get(e.id)] : []));
    const runs = [...before, ...(e.skipped ? [] : [{ ratio: e.ratio, met: e.met }])];
    return { ...e, runs, metInEvery: runs.length > 0 && runs.every((r) => r.met) };
  });
}

/** The earlier runs' ratios of a goal entry from withEarlierRuns, formatted by `shown`, comma-separated. */
function earlierRatios(e, shown) {
  return (e.skipped ? e.runs : e.runs.slice(0, -1)).map((r) => shown(r.ratio)).join(', ');
}

/** "yes (2 of 2 runs)" / "no (1 of 2 runs)" / "not measured" (no run measured it). */
function runsMet(e, no = 'no') {
  if (e.runs.length === 0) return 'not measured';
  return `${e.metInEvery ? 'yes' : no} (${e.runs.filter((r) => r.met).length} of ${e.runs.length} runs)`;
}

/** What REPORT.json records of the earlier runs. */
function earlierRunsJson(earlier) {
  return earlier.map((run) => ({
    date: run.date,
    loadAverageAtStart: run.loadAverageAtStart,
    loadAverageAtEnd: run.loadAverageAtEnd,
    entries: [...run.ratios].map(([id, r]) => ({ id, ratio: r.ratio, met: r.met })),
    // Goals whose suite that run left out are not listed.
  }));
}

module.exports = { readEarlierRuns, withEarlierRuns, earlierRunsJson, earlierRatios, runsMet };
