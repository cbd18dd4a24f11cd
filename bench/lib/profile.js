'use strict';
// Where a server's CPU time goes: a V8 CPU profile (node:inspector, taken inside the server's process)
// reduced to the functions of our own packages with their inclusive share of busy time. It lets the report
// say *why* a ratio is what it is, with numbers from the same run instead of a guess.
const path = require('node:path');
const { ROOT } = require('./machine');

const IDLE = new Set(['(idle)', '(program)']);

/** Short location: `emulator/dist/store/sqlite.js:71`, `@noble/curves/abstract/modular.js:38`. */
function where(callFrame) {
  let file = callFrame.url.replace(/^file:\/\//, '');
  const nm = file.lastIndexOf('node_modules/');
  file = nm >= 0 ? file.slice(nm + 'node_modules/'.length) : path.relative(ROOT, file);
  return `${file}:${callFrame.lineNumber + 1}`;
}

/** `name location`; an anonymous function is named after the nearest named caller (`(anonymous)@listByOrg`). */
function keyOf(id, byId, parent) {
  const cf = byId.get(id).callFrame;
  let name = cf.functionName;
  for (let cur = parent.get(id); !name && cur !== undefined; cur = parent.get(cur)) {
    const caller = byId.get(cur).callFrame.functionName;
    if (caller) name = `(anonymous)@${caller}`;
  }
  return `${name || '(anonymous)'} ${where(cf)}`;
}

/**
 * Reduces a profile to shares of busy time (idle excluded):
 * - `entries`: each sample goes to the deepest frame in a file matching `include` (so a function's share
 *   holds its own code plus the libraries and natives it calls: noble-curves, SQLite, JSON), top `top`;
 *   samples with no such frame go to "outside".
 * - `inclusive(fnName)`: the share of samples with `fnName` anywhere on the stack.
 */
function summarize(profile, { include, top = 8 }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const timeOf = new Map();
  profile.samples.forEach((id, i) => timeOf.set(id, (timeOf.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  let busy = 0;
  let gc = 0;
  let outside = 0;
  const own = new Map(); // deepest own frame -> time
  const byName = new Map();
  for (const [id, t] of timeOf) {
    const leaf = byId.get(id).callFrame.functionName;
    if (IDLE.has(leaf)) continue;
    busy += t;
    if (leaf === '(garbage collector)') {
      gc += t;
      continue;
    }
    let attributed = false;
    const names = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const cf = byId.get(cur).callFrame;
      if (!include.test(cf.url)) continue;
      names.add(cf.functionName);
      if (!attributed) {
        const key = keyOf(cur, byId, parent);
        own.set(key, (own.get(key) ?? 0) + t);
        attributed = true;
      }
    }
    if (!attributed) outside += t;
    for (const name of names) byName.set(name, (byName.get(name) ?? 0) + t);
  }
  const share = (t) => (busy > 0 ? t / busy : 0);
  const entries = [...own]
    .filter(([, t]) => share(t) >= 0.005)
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, t]) => {
      const [fn, loc] = key.split(' ');
      return { fn, loc, share: share(t) };
    });
  return {
    busyMs: busy / 1000,
    gcShare: share(gc),
    outsideShare: share(outside),
    entries,
    inclusive: Object.fromEntries([...byName].map(([name, t]) => [name, share(t)])),
  };
}

module.exports = { summarize };
