'use strict';
// bench/REPORT.md and bench/plots/*.svg from the suites' results. The report is generated: edit this
// file (or a suite), never the Markdown.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { markdownTable, ratio } = require('./format');
const { renderSvg } = require('./plot');
const { GOALS, goalEntries } = require('./goals');
const { withEarlierRuns, earlierRunsJson, earlierRatios, runsMet } = require('./earlier');

const BENCH = path.resolve(__dirname, '..');

/**
 * Where a run's report goes: bench/ for a full run (the committed report), bench/out/quick/ (git-ignored)
 * for a --quick smoke run, so a smoke run never replaces the numbers worth quoting.
 */
function reportDir(quick) {
  return quick ? path.join(BENCH, 'out', 'quick') : BENCH;
}

/** The headline furthest from its limit: the largest `gap` (how many times slower than the limit). */
function furthest(headlines) {
  return headlines.filter((h) => Number.isFinite(h.gap)).sort((a, b) => b.gap - a.gap)[0];
}

function headlineTable(headlines) {
  return markdownTable(
    ['ratio', 'factor from the limit', 'what', 'detail'],
    headlines.map((h) => [ratio(h.ratio), ratio(h.gap), h.label, h.detail]),
  );
}

/** Says so when other work shared the machine: ratios absorb most of it, absolute numbers do not. */
function loadNote(machine) {
  const start = Number.parseFloat(machine.loadAverage);
  const end = os.loadavg()[0];
  const loaded = start > machine.cores * 0.75 || end > machine.cores * 0.75;
  return loaded
    ? `The machine was loaded by other work during this run (1-minute load average ${start.toFixed(2)} at the start, ${end.toFixed(2)} at the end, on ${machine.cores} cores): both sides of every ratio ran under it, but throughput cells, where client and server each need a core, suffer most.`
    : `The machine was quiet (1-minute load average ${start.toFixed(2)} at the start, ${end.toFixed(2)} at the end, on ${machine.cores} cores).`;
}

function goalTable(entries, earlier) {
  const what = new Map(GOALS.map((g) => [g.id, g.what]));
  const goals = entries.filter((e) => e.goal !== null);
  const shown = (r) => (r === null ? '—' : ratio(r));
  if (earlier.length === 0) {
    return markdownTable(
      ['id', 'ratio', 'goal', 'met', 'what', 'detail'],
      goals.map((e) => [`\`${e.id}\``, shown(e.ratio), e.goal, e.met ? 'yes' : '**no**', what.get(e.id), e.detail]),
    );
  }
  return markdownTable(
    ['id', 'ratio', 'earlier runs', 'goal', 'met in every run', 'what', 'detail (this run)'],
    goals.map((e) => [
      `\`${e.id}\``,
      shown(e.ratio),
      earlierRatios(e, shown) || '—',
      e.goal,
      runsMet(e, '**no**'),
      what.get(e.id),
      e.detail,
    ]),
  );
}

/** The goals' summary line: this run, and every run when earlier runs of the same commit are given. */
function goalSummary(entries, earlier) {
  const goals = entries.filter((e) => e.goal !== null);
  const thisRun = `${goals.filter((e) => e.met).length} of ${GOALS.length} goals met in this run`;
  if (earlier.length === 0) return `${thisRun} (also in [REPORT.json](REPORT.json)).`;
  const runs = earlier
    .map(
      (r) =>
        `${r.date} (1-minute load average ${r.loadAverageAtStart.split(' ')[0]} at the start, ${(r.loadAverageAtEnd ?? '?').split(' ')[0]} at the end)`,
    )
    .join('; ');
  return (
    `${thisRun}; **${goals.filter((e) => e.metInEvery).length} of ${GOALS.length} met in every run of this commit that measured ` +
    `them** (${earlier.length + 1} runs; a goal counts as met only when it held in every one; earlier: ${runs}). Also in [REPORT.json](REPORT.json).`
  );
}

/** The 1, 5 and 15-minute load averages now, as describeMachine writes them. */
function loadNow() {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

function machineSection(m, options, endLoad) {
  return [
    '## Machine',
    '',
    markdownTable(
      ['value', 'what'],
      [
        [m.date, 'date (UTC)'],
        [`${m.cores}`, 'cores available to Node.js'],
        [m.cpuModel, 'CPU model'],
        [m.node, 'Node.js'],
        [m.platform, 'OS'],
        [`${m.memoryGiB} GiB`, 'memory'],
        [m.loadAverage, 'load average (1, 5, 15 min) at start'],
        [endLoad, 'load average (1, 5, 15 min) at the end'],
        [m.commit, 'commit'],
        [options.quick ? 'quick (smoke run: short cells, small N)' : 'full', 'mode'],
      ],
    ),
  ].join('\n');
}

function suiteSection(result) {
  const parts = [`## ${result.title}`, '', result.intro, ''];
  if (result.error) {
    parts.push(`**Not measured in this run:** ${result.error}`, '');
    return parts.join('\n');
  }
  for (const t of result.tables) parts.push(`**${t.caption}**`, '', markdownTable(t.columns, t.rows), '');
  for (const p of result.plots) parts.push(`![${p.alt}](plots/${p.file})`, '');
  for (const n of result.notes ?? []) parts.push(n, '');
  return parts.join('\n');
}

async function writeReport({ machine, options, results, totalMs, earlier = [] }) {
  const dir = reportDir(options.quick);
  const plotsDir = path.join(dir, 'plots');
  fs.mkdirSync(plotsDir, { recursive: true });
  for (const r of results) {
    for (const p of r.error ? [] : r.plots) fs.writeFileSync(path.join(plotsDir, p.file), await renderSvg(p.spec));
  }
  const headlines = results.flatMap((r) => (r.error ? [] : r.headlines));
  const worst = furthest(headlines);
  const entries = withEarlierRuns(goalEntries(results), earlier);
  const endLoad = loadNow();
  const json = {
    generatedBy: `npm run bench${options.quick ? ' -- --quick' : ''}`,
    date: machine.date,
    commit: machine.commit,
    mode: options.quick ? 'quick' : 'full',
    loadAverageAtStart: machine.loadAverage,
    loadAverageAtEnd: endLoad,
    entries,
    ...(earlier.length > 0 ? { earlierRuns: earlierRunsJson(earlier) } : {}),
  };
  fs.writeFileSync(path.join(dir, 'REPORT.json'), `${JSON.stringify(json, null, 2)}\n`);
  const text = [
    '# Benchmark report',
    '',
    `Generated by \`npm run bench${options.quick ? ' -- --quick' : ''}\` (see bench/README.md); do not edit by hand. Every ratio compares two ` +
      'numbers measured in this same run, so it survives a noisy machine far better than the absolute numbers.',
    '',
    '## Goals',
    '',
    goalSummary(entries, earlier),
    '',
    goalTable(entries, earlier),
    '',
    loadNote(machine),
    '',
    '## Headline ratios',
    '',
    headlineTable(headlines),
    '',
    worst ? `Furthest from its limit: **${worst.label}** (${ratio(worst.gap)} away). ${worst.why ?? ''}`.trim() : '',
    '',
    ...headlines.filter((h) => h.why && h !== worst).map((h) => `- **${h.label}:** ${h.why}`),
    '',
    machineSection(machine, options, endLoad),
    '',
    ...results.map(suiteSection),
    `_Total bench time: ${(totalMs / 1000).toFixed(0)} s._`,
    '',
  ].join('\n');
  const file = path.join(dir, 'REPORT.md');
  fs.writeFileSync(file, text);
  return { file: path.relative(path.dirname(BENCH), file), headlines, worst, entries };
}

module.exports = { writeReport, reportDir, headlineTable, furthest };
