#!/usr/bin/env node
// A stand-in for the GitHub CLI (`gh`) for the workflow tests: GitHub is not reachable from tests, so the few
// commands the example workflows run are answered from a JSON file ($FAKE_GH_STATE) holding issues and
// pull-request comments. `--jq` filters go through the real `jq -r`, as gh applies them. Anything else fails
// loudly, so a workflow that starts using another command shows up here.
'use strict';
const { execFileSync } = require('node:child_process');
const { readFileSync, writeFileSync, existsSync } = require('node:fs');

const statePath = process.env.FAKE_GH_STATE;
if (!statePath) fail('FAKE_GH_STATE is not set');
const state = existsSync(statePath) ? JSON.parse(readFileSync(statePath, 'utf8')) : { issues: [], comments: [], labels: [], calls: [] };
const argv = process.argv.slice(2);
state.calls.push(argv);

function fail(message) {
  process.stderr.write(`fake gh: ${message}\n`);
  process.exit(1);
}
function save() {
  writeFileSync(statePath, JSON.stringify(state, null, 2));
}
/** Flags after the positional words: `--name value`, `-F key=@file`, `--paginate` (no value). */
function parse(words) {
  const pos = [];
  const flags = {};
  for (let i = 0; i < words.length; i += 1) {
    const w = words[i];
    if (w === '--paginate') flags.paginate = true;
    else if (w.startsWith('-')) flags[w.replace(/^-+/, '')] = words[++i];
    else pos.push(w);
  }
  return { pos, flags };
}
function output(value, jq) {
  const json = JSON.stringify(value);
  const text = jq === undefined ? json : execFileSync('jq', ['-r', jq], { input: json, encoding: 'utf8' });
  process.stdout.write(text.endsWith('\n') || text === '' ? text : `${text}\n`);
}
const bodyOf = (flags) => {
  if (flags['body-file'] !== undefined) return readFileSync(flags['body-file'], 'utf8');
  if (flags.body !== undefined) return flags.body;
  const field = flags.F ?? flags.f;
  if (field !== undefined && field.startsWith('body=@')) return readFileSync(field.slice('body=@'.length), 'utf8');
  fail(`no body in ${JSON.stringify(flags)}`);
};

const [group, verb, ...rest] = argv;
const { pos, flags } = parse(rest);
const issue = (n) => state.issues.find((i) => i.number === Number(n)) ?? fail(`no issue #${n}`);

if (group === 'label' && verb === 'create') {
  if (!state.labels.includes(pos[0])) state.labels.push(pos[0]);
} else if (group === 'issue' && verb === 'list') {
  const found = state.issues.filter(
    (i) => (flags.state === undefined || i.state === flags.state) && (flags.label === undefined || i.labels.includes(flags.label)),
  );
  const fields = (flags.json ?? 'number').split(',');
  output(
    found.map((i) => Object.fromEntries(fields.map((f) => [f, i[f]]))),
    flags.jq,
  );
} else if (group === 'issue' && verb === 'create') {
  const number = state.issues.length + 1;
  state.issues.push({
    number,
    title: flags.title,
    labels: flags.label ? [flags.label] : [],
    state: 'open',
    body: bodyOf(flags),
    comments: [],
  });
  process.stdout.write(`https://github.com/${process.env.GITHUB_REPOSITORY}/issues/${number}\n`);
} else if (group === 'issue' && verb === 'edit') {
  issue(pos[0]).body = bodyOf(flags);
} else if (group === 'issue' && verb === 'close') {
  const i = issue(pos[0]);
  i.state = 'closed';
  if (flags.comment !== undefined) i.comments.push(flags.comment);
} else if (group === 'pr' && verb === 'comment') {
  state.comments.push({ id: state.comments.length + 1001, pr: Number(pos[0]), body: bodyOf(flags) });
} else if (group === 'api') {
  const all = [verb, ...rest];
  const { pos: apiPos, flags: apiFlags } = parse(all);
  const path = apiPos[0];
  let m;
  if ((apiFlags.method ?? 'GET') === 'GET' && (m = /^repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(path))) {
    output(
      state.comments.filter((c) => c.pr === Number(m[1])).map(({ id, body }) => ({ id, body })),
      apiFlags.jq,
    );
  } else if (apiFlags.method === 'PATCH' && (m = /^repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(path))) {
    const c = state.comments.find((x) => x.id === Number(m[1])) ?? fail(`no comment ${m[1]}`);
    c.body = bodyOf(apiFlags);
    output({ id: c.id });
  } else {
    fail(`unsupported api call: ${all.join(' ')}`);
  }
} else {
  fail(`unsupported command: ${argv.join(' ')}`);
}
save();
