'use strict';
// Peak memory and CPU time of processes we do not start ourselves (the engine starts the plugins): poll
// /proc for a root pid and its descendants and keep each match's VmHWM (the kernel's high-water mark of
// resident memory, so a sample taken late still sees the earlier peak) and its last CPU time (user +
// system, from /proc/<pid>/stat: a process that exits between two samples loses at most one interval of
// it). Linux only.
const fs = require('node:fs');

function readParent(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 4 is the parent pid; the command name (field 2) may contain spaces, so split after its ')'.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function descendants(rootPid) {
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = readParent(entry);
    if (parent === undefined) continue;
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(Number(entry));
  }
  const out = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

function highWaterKiB(pid) {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

// /proc/<pid>/stat counts CPU time in clock ticks: USER_HZ, 100 on Linux (getconf CLK_TCK).
const TICK_MS = 10;

/** User + system CPU time of `pid` in ms, or undefined when it is gone. */
function cpuMsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields 14 and 15 (utime, stime); field 2 may contain spaces, so count after its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

function cmdline(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/**
 * Samples every `intervalMs` `rootPid` and its descendants whose command line matches one of `patterns`
 * ({name: RegExp}); `stop()` returns `{name: peak VmHWM in KiB over all matching processes}`, and
 * `cpuMs()` `{name: CPU ms summed over the matching processes, as last sampled}`.
 */
function sampleTree(rootPid, patterns, intervalMs = 50) {
  const names = Object.keys(patterns);
  const peaks = Object.fromEntries(names.map((name) => [name, 0]));
  const known = new Map();
  const cpu = new Map();
  const tick = () => {
    for (const pid of [rootPid, ...descendants(rootPid)]) {
      if (!known.has(pid)) {
        const line = cmdline(pid);
        known.set(pid, names.find((name) => patterns[name].test(line)) ?? null);
      }
      const name = known.get(pid);
      if (name === null) continue;
      const kib = highWaterKiB(pid);
      if (kib !== undefined && kib > peaks[name]) peaks[name] = kib;
      const used = cpuMsOf(pid);
      if (used !== undefined) cpu.set(pid, used);
    }
  };
  const timer = setInterval(tick, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return peaks;
    },
    cpuMs() {
      const out = Object.fromEntries(names.map((name) => [name, 0]));
      for (const [pid, used] of cpu) out[known.get(pid)] += used;
      return out;
    },
  };
}

module.exports = { sampleTree, descendants, highWaterKiB };
