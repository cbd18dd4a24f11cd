'use strict';
// Timing primitives. Every loop is bounded in time and stops by itself; rates are medians of interleaved
// trials so slow drift of a shared machine (other processes, CPU frequency) hits every case alike.

/** Milliseconds from a monotonic clock (never the wall clock: NTP steps must not show up as latency). */
function nowMs() {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Operations per second of a synchronous `fn`, called in batches so reading the clock costs nothing. */
function rateSync(fn, durationMs, batch = 8) {
  let ops = 0;
  const start = nowMs();
  let elapsed;
  do {
    for (let i = 0; i < batch; i += 1) fn(ops + i);
    ops += batch;
    elapsed = nowMs() - start;
  } while (elapsed < durationMs);
  return (ops * 1000) / elapsed;
}

/** Operations per second of an async `fn`, one call at a time (what a caller awaiting each result sees). */
async function rateAsync(fn, durationMs) {
  let ops = 0;
  const start = nowMs();
  let elapsed;
  do {
    await fn(ops);
    ops += 1;
    elapsed = nowMs() - start;
  } while (elapsed < durationMs);
  return (ops * 1000) / elapsed;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile of an ascending array (p in 0..100). */
function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/**
 * Rates of several cases `{name, fn, async?}`: a warm-up of each, then `trials` rounds that run every case
 * once in turn; returns `{name: medianOpsPerSecond}`.
 */
async function compareRates(cases, { trials, durationMs, warmupMs }) {
  const run = (c, ms) => (c.async ? rateAsync(c.fn, ms) : Promise.resolve(rateSync(c.fn, ms)));
  for (const c of cases) await run(c, warmupMs);
  const samples = Object.fromEntries(cases.map((c) => [c.name, []]));
  for (let t = 0; t < trials; t += 1) {
    for (const c of cases) samples[c.name].push(await run(c, durationMs));
  }
  return Object.fromEntries(cases.map((c) => [c.name, median(samples[c.name])]));
}

/**
 * Sequential latency of an async `fn` for `durationMs` (at least `minSamples`, at most `maxSamples` calls):
 * p50, p99, mean in ms.
 */
async function latency(fn, { durationMs, minSamples = 5, maxSamples = 100000, warmup = 3 }) {
  for (let i = 0; i < warmup; i += 1) await fn(i);
  return summarizeLatencies(await latencySamples(fn, { durationMs, minSamples, maxSamples }));
}

/** Sequential call times (ms) of an async `fn`, `first` being the index of the first call. */
async function latencySamples(fn, { durationMs, minSamples, maxSamples, first = 0 }) {
  const samples = [];
  const start = nowMs();
  while (samples.length < maxSamples && (samples.length < minSamples || nowMs() - start < durationMs)) {
    const t0 = nowMs();
    await fn(first + samples.length);
    samples.push(nowMs() - t0);
  }
  return samples;
}

function summarizeLatencies(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), mean };
}

/**
 * Sequential latency of several cases `{name, fn}` compared with each other: a warm-up of each, then
 * `rounds` rounds in which every case runs for `durationMs / rounds` in turn (the order reversed every other
 * round), so drift of a shared machine falls on every case alike. Per case: p50, p99 and mean over all its
 * calls, as {@link latency}.
 */
async function interleavedLatency(cases, { rounds, durationMs, minSamples = 5, maxSamples = 100000, warmup = 3 }) {
  for (const c of cases) for (let i = 0; i < warmup; i += 1) await c.fn(i);
  const samples = Object.fromEntries(cases.map((c) => [c.name, []]));
  const per = { durationMs: durationMs / rounds, minSamples: Math.ceil(minSamples / rounds), maxSamples: Math.ceil(maxSamples / rounds) };
  for (let r = 0; r < rounds; r += 1) {
    for (const c of r % 2 === 0 ? cases : [...cases].reverse()) {
      samples[c.name].push(...(await latencySamples(c.fn, { ...per, first: samples[c.name].length })));
    }
  }
  return Object.fromEntries(cases.map((c) => [c.name, summarizeLatencies(samples[c.name])]));
}

/** Wall time in ms of one async call, with its result. */
async function timed(fn) {
  const t0 = nowMs();
  const value = await fn();
  return { ms: nowMs() - t0, value };
}

module.exports = { nowMs, rateSync, rateAsync, median, percentile, compareRates, latency, interleavedLatency, timed };
