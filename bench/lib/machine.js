'use strict';
// What the numbers were measured on. Ratios travel between machines; absolute numbers only make sense
// next to this description.
const os = require('node:os');
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');

function gitCommit() {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    // The bench's own outputs do not make the code differ: a repeated run (--earlier) follows one that rewrote them.
    const outputs = [':!bench/REPORT.md', ':!bench/REPORT.json', ':!bench/plots'];
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', '--', '.', ...outputs], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    return dirty === '' ? sha : `${sha} (with uncommitted changes)`;
  } catch {
    return 'unknown';
  }
}

function describeMachine(now = new Date()) {
  const cpus = os.cpus();
  return {
    date: now.toISOString(),
    cores: typeof os.availableParallelism === 'function' ? os.availableParallelism() : cpus.length,
    cpuModel: cpus[0] ? cpus[0].model.trim() : 'unknown',
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' '),
    commit: gitCommit(),
  };
}

module.exports = { describeMachine, ROOT };
