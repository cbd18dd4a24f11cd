'use strict';
// Peak memory of processes we do not start ourselves (the engine starts the dynamic-provider plugin):
// poll /proc for the descendants of a root pid and keep each match's VmHWM (the kernel's high-water mark
// of resident memory, so a sample taken late still sees the earlier peak). Linux only.
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

function cmdline(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/**
 * Samples every `intervalMs` the descendants of `rootPid` whose command line matches one of `patterns`
 * ({name: RegExp}); `stop()` returns `{name: peak VmHWM in KiB over all matching processes}`.
 */
function sampleTree(rootPid, patterns, intervalMs = 50) {
  const peaks = Object.fromEntries(Object.keys(patterns).map((name) => [name, 0]));
  const known = new Map();
  const tick = () => {
    for (const pid of descendants(rootPid)) {
      if (!known.has(pid)) {
        const line = cmdline(pid);
        known.set(pid, Object.keys(patterns).find((name) => patterns[name].test(line)) ?? null);
      }
      const name = known.get(pid);
      if (name === null) continue;
      const kib = highWaterKiB(pid);
      if (kib !== undefined && kib > peaks[name]) peaks[name] = kib;
    }
  };
  const timer = setInterval(tick, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return peaks;
    },
  };
}

module.exports = { sampleTree, descendants, highWaterKiB };
