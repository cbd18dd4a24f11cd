#!/usr/bin/env node
// `npm run soak`: the reliability suite (tests/reliability) at its large counts, then RELIABILITY.md at the
// repository root with every figure, the goal it is held to, the seeds, and the commands to reproduce it.
// Inside `npm test` the same measures run at small counts. Exit status: 0 when every goal held.
// Options: WALLETINFRA_RELIABILITY_SEED=<int> replaces every measure's default seed; extra arguments go to
// jest (e.g. `npm run soak -- -t R3` for one measure; RELIABILITY.md then lists only what ran).
// `node scripts/soak.js --render` only rewrites RELIABILITY.md from the figures of the last (or a running) soak.
// `node scripts/soak.js --only R3,R7` runs only those measures and rewrites their rows of RELIABILITY.md; the
// other rows, and the run they came from, are carried over from the RELIABILITY.md already there.
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const log = (line) => process.stderr.write(`[soak] ${line}\n`);

function sh(command, args, options = {}) {
  const r = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', ...options });
  if (r.status !== 0) {
    log(`${command} ${args.join(' ')} failed (exit ${r.status})`);
    process.exit(1);
  }
  return r.stdout;
}

const renderOnly = process.argv[2] === '--render';
const only = onlyIds(process.argv.slice(2));
const reliabilityFile = path.join(root, 'RELIABILITY.md');
const outDir = path.join(root, '.data', 'reliability');
const figuresFile = path.join(outDir, 'figures.jsonl');
// Under --only, the rest of the report is what RELIABILITY.md held before this run.
const earlier = only === undefined ? undefined : readReport(reliabilityFile);
if (renderOnly) {
  const now = new Date();
  process.exit(render(now, now, 'not finished (rendered with --render)'));
}
const jestTargets = only === undefined ? ['tests/reliability'] : only.map(testFileOf);

log('building the packages (tsc -b)...');
sh('npx', ['tsc', '-b', 'sdk', 'emulator', 'provider'], { stdio: 'inherit' });
log('ensuring the Pulumi CLI...');
const pulumiBin = sh('bash', ['scripts/ensure-pulumi.sh', '--print-bin-dir']).trim().split('\n').pop();

mkdirSync(outDir, { recursive: true });
rmSync(figuresFile, { force: true });

const started = new Date();
log('running tests/reliability at soak size (this takes a while)...');
const jestArgs = only === undefined ? process.argv.slice(2) : [];
const jest = spawnSync('npx', ['jest', ...jestTargets, '--runInBand', ...jestArgs], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PATH: `${pulumiBin}:${process.env.PATH}`,
    WALLETINFRA_SOAK: '1',
    WALLETINFRA_RELIABILITY_OUT: figuresFile,
    PULUMI_SKIP_UPDATE_CHECK: 'true',
  },
});
process.exit(render(started, new Date(), `jest exit ${jest.status}`, jest.status === 0));

/** The ids after `--only` (`--only R3,R7` or `--only=R3,R7`), upper-cased; undefined without the option. */
function onlyIds(args) {
  const i = args.findIndex((a) => a === '--only' || a.startsWith('--only='));
  if (i < 0) return undefined;
  const value = args[i].startsWith('--only=') ? args[i].slice('--only='.length) : args[i + 1];
  const ids = (value ?? '')
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  if (ids.length === 0 || ids.some((id) => !/^R\d+$/.test(id))) {
    log(`--only needs measure ids such as R3,R7; got ${JSON.stringify(value ?? '')}`);
    process.exit(2);
  }
  return ids;
}

/** tests/reliability/r<n>-*.test.ts for measure R<n>. */
function testFileOf(id) {
  const dir = path.join(root, 'tests', 'reliability');
  const file = readdirSync(dir).find((f) => f.startsWith(`${id.toLowerCase()}-`) && f.endsWith('.test.ts'));
  if (file === undefined) {
    log(`no measure ${id}: tests/reliability has no ${id.toLowerCase()}-*.test.ts`);
    process.exit(2);
  }
  return path.posix.join('tests', 'reliability', file);
}

/**
 * The figures and the run description of a RELIABILITY.md this script wrote (or one in the same form):
 * table rows, reproduce lines (count, seed, file) and details, read back into figure objects.
 */
function readReport(file) {
  if (!existsSync(file)) return { run: '', figures: [] };
  const lines = readFileSync(file, 'utf8').split('\n');
  const tableAt = lines.findIndex((l) => l.startsWith('| id |'));
  const runAt = lines.findIndex((l) => l.startsWith('Run:'));
  const run =
    runAt >= 0 && runAt < tableAt
      ? lines
          .slice(runAt, tableAt)
          .filter((l) => l.trim() !== '')
          .join(' ')
      : '';
  const byId = new Map();
  for (const line of lines.slice(tableAt + 2)) {
    if (!line.startsWith('| R')) break;
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replace(/\\\|/g, '|'));
    const [id, what, goal, figure, met] = cells;
    byId.set(id, { id, what, goal, figure, ok: met === 'yes' });
  }
  for (const line of lines) {
    const m = /^- (R\d+) \(n=(\d+)(?:, seed (-?\d+))?\): `.* npx jest (\S+) --runInBand`$/.exec(line);
    const f = m === null ? undefined : byId.get(m[1]);
    if (f === undefined) continue;
    f.count = Number(m[2]);
    if (m[3] !== undefined) f.seed = Number(m[3]);
    f.file = m[4];
  }
  const detailsAt = lines.indexOf('## Details');
  let current;
  for (const line of detailsAt < 0 ? [] : lines.slice(detailsAt + 1)) {
    const head = /^(R\d+):$/.exec(line);
    if (head !== null) current = byId.get(head[1]);
    else if (current !== undefined && line.startsWith('- ')) (current.notes ??= []).push(line.slice(2));
  }
  return { run, figures: [...byId.values()] };
}

/** Writes RELIABILITY.md from the figures file (and, under --only, the earlier report); returns the exit status. */
function render(started, finished, status, jestOk = false) {
  const measured = existsSync(figuresFile)
    ? [
        ...new Map(
          readFileSync(figuresFile, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l))
            .map((f) => [f.id, f]),
        ).values(),
      ]
    : []; // the last figure of each measure
  const carried = earlier === undefined ? [] : earlier.figures.filter((f) => !measured.some((m) => m.id === f.id));
  const figures = [...measured, ...carried].sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
  const seedEnv = process.env.WALLETINFRA_RELIABILITY_SEED;
  const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const reproduce = (f) =>
    `WALLETINFRA_SOAK=1${f.seed === undefined ? '' : ` WALLETINFRA_RELIABILITY_SEED=${f.seed}`} npx jest ${f.file} --runInBand`;

  const lines = [
    '# Reliability',
    '',
    'Figures from `npm run soak` (`scripts/soak.js`): the measures in `tests/reliability/` at their large counts,',
    'against the real emulator (HTTP over loopback, SQLite), the real provider runtime and the real Pulumi CLI.',
    '`npm test` runs the same measures at small counts. Each measure prints its figure as `[Rn] OK|MISS ...`.',
    '',
    `Run: ${started.toISOString()} to ${finished.toISOString()} (${Math.round((finished - started) / 60000)} min), Node ${process.version},`,
    `${os.cpus().length} CPU cores, ${os.platform()}/${os.arch()}; ${status}.`,
    ...(only === undefined
      ? []
      : [`Measured in this run (\`node scripts/soak.js --only ${only.join(',')}\`): ${measured.map((f) => f.id).join(', ') || 'none'}.`]),
    ...(carried.length === 0 ? [] : [`${carried.map((f) => f.id).join(', ')}: carried over from the earlier report, ${earlier.run}`]),
    '',
    '| id | what | goal | figure | goal met |',
    '|---|---|---|---|---|',
    ...figures.map((f) => `| ${f.id} | ${cell(f.what)} | ${cell(f.goal)} | ${cell(f.figure)} | ${f.ok ? 'yes' : '**no**'} |`),
    '',
    '## Reproduce',
    '',
    'Everything: `npm run soak` (seeds below are the defaults; `WALLETINFRA_RELIABILITY_SEED=<int> npm run soak` draws',
    'other ones). Some measures, keeping the other rows: `node scripts/soak.js --only R3,R7`. The Pulumi measures (R2, R5)',
    'need the CLI on `PATH`: `export PATH="$(bash scripts/ensure-pulumi.sh --print-bin-dir | tail -1):$PATH"`. One measure:',
    '',
    ...figures.map((f) => `- ${f.id} (n=${f.count}${f.seed === undefined ? '' : `, seed ${f.seed}`}): \`${reproduce(f)}\``),
    '',
  ];
  const notes = figures.filter((f) => Array.isArray(f.notes) && f.notes.length > 0);
  if (notes.length > 0) {
    lines.push('## Details', '');
    for (const f of notes) lines.push(`${f.id}:`, '', ...f.notes.map((n) => `- ${cell(n)}`), '');
  }
  if (seedEnv !== undefined) lines.push(`Seed override in this run: WALLETINFRA_RELIABILITY_SEED=${seedEnv}.`, '');
  writeFileSync(reliabilityFile, lines.join('\n'));
  log(`wrote RELIABILITY.md (${figures.length} measures, ${figures.filter((f) => !f.ok).length} goals missed)`);
  return jestOk && measured.every((f) => f.ok) && (only === undefined || only.every((id) => measured.some((f) => f.id === id))) ? 0 : 1;
}
