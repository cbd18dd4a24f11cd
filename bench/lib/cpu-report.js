'use strict';
// Where a command's CPU time went, per process, from lib/stacks.js `measured` samples: the median of each part over
// the trials, a table of them per variant and command, and a ratio of our processes' CPU (provider, program, engine
// and language host; the emulator left out, it is the service) against a floor's. CPU time is counted, not timed:
// on a machine shared with other work it moves far less than wall time, which is why the suites report both.
const { ms, ratio, int, mib } = require('./format');
const { median } = require('./measure');

/** The median wall time, CPU parts and emulator CPU of a list of samples; the largest peak memory and module count. */
function medianOf(samples) {
  const med = (f) => median(samples.map(f));
  return {
    ms: med((s) => s.ms),
    peakKiB: Math.max(...samples.map((s) => s.peakKiB)),
    cpu: {
      provider: med((s) => s.cpu.provider),
      program: med((s) => s.cpu.program),
      engine: med((s) => s.cpu.engine),
      providerModules: Math.max(...samples.map((s) => s.cpu.providerModules)),
    },
    emulatorCpuMs: med((s) => s.emulatorCpuMs ?? 0),
    ...(samples[0]?.requests !== undefined ? { requests: samples[samples.length - 1].requests } : {}),
    trials: samples.length,
  };
}

/** CPU of the processes that are ours or Pulumi's (not the service's). */
function clientCpu(m) {
  return m.cpu.provider + m.cpu.program + m.cpu.engine;
}

/** The table: one row per command and variant (`[[id, title], ...]`), `m[id][command]` as medianOf gives it. */
function cpuTable(commands, variants, m) {
  const rows = [];
  for (const c of commands) {
    const floorId = variants[variants.length > 1 ? 1 : 0][0];
    for (const [id, title] of variants) {
      const x = m[id][c.id];
      rows.push([
        ratio(clientCpu(x) / clientCpu(m[floorId][c.id])),
        c.id,
        title,
        ms(x.cpu.provider),
        ms(x.cpu.program),
        ms(x.cpu.engine),
        ms(clientCpu(x)),
        x.emulatorCpuMs > 0 ? ms(x.emulatorCpuMs) : '-',
        int(x.cpu.providerModules),
        mib(x.peakKiB),
      ]);
    }
  }
  return {
    caption: `CPU time per process (medians; the ratio is the provider, program and engine together vs the ${variants[1]?.[1] ?? 'floor'})`,
    columns: [
      '× floor (CPU, emulator left out)',
      'command',
      'variant',
      'provider process(es)',
      'program',
      'engine and language host',
      'together',
      'emulator (the service)',
      'modules in the provider',
      'provider peak RSS',
    ],
    rows,
  };
}

/** A metric: our processes' CPU vs the floor's for one command. */
function cpuMetric(id, ours, floor, what) {
  return {
    id,
    ratio: clientCpu(ours) / clientCpu(floor),
    detail:
      `${what}: CPU of provider + program + engine ${ms(clientCpu(ours))} vs ${ms(clientCpu(floor))} ` +
      `(provider ${ms(ours.cpu.provider)} vs ${ms(floor.cpu.provider)}); the emulator's own ${ms(ours.emulatorCpuMs)} left out`,
  };
}

module.exports = { medianOf, cpuTable, cpuMetric, clientCpu };
