#!/usr/bin/env node
// `npm run soak`: the reliability suite (tests/reliability) at its large counts, then RELIABILITY.md at the
// repository root with every figure, the goal it is held to, the seeds, and the commands to reproduce it.
// Inside `npm test` the same measures run at small counts. Exit status: 0 when every goal held.
// Options: WALLETINFRA_RELIABILITY_SEED=<int> replaces every measure's default seed; extra arguments go to
// jest (e.g. `npm run soak -- -t R3` for one measure; RELIABILITY.md then lists only what ran).
// `node scripts/soak.js --render` only rewrites RELIABILITY.md from the figures of the last (or a running) soak.
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
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
const outDir = path.join(root, '.data', 'reliability');
const figuresFile = path.join(outDir, 'figures.jsonl');
if (renderOnly) {
  const now = new Date();
  process.exit(render(now, now, 'not finished (rendered with --render)'));
}

log('building the packages (tsc -b)...');
sh('npx', ['tsc', '-b', 'sdk', 'emulator', 'provider'], { stdio: 'inherit' });
log('ensuring the Pulumi CLI...');
const pulumiBin = sh('bash', ['scripts/ensure-pulumi.sh', '--print-bin-dir']).trim().split('\n').pop();

mkdirSync(outDir, { recursive: true });
rmSync(figuresFile, { force: true });

const started = new Date();
log('running tests/reliability at soak size (this takes a while)...');
const jest = spawnSync('npx', ['jest', 'tests/reliability', '--runInBand', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${pulumiBin}:${process.env.PATH}`, WALLETINFRA_SOAK: '1', WALLETINFRA_RELIABILITY_OUT: figuresFile, PULUMI_SKIP_UPDATE_CHECK: 'true' },
});
process.exit(render(started, new Date(), `jest exit ${jest.status}`, jest.status === 0));

/** Writes RELIABILITY.md from the figures file; returns the exit status. */
function render(started, finished, status, jestOk = false) {
  const figures = existsSync(figuresFile)
    ? [...new Map(readFileSync(figuresFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).map((f) => [f.id, f])).values()].sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }))
    : []; // the last figure of each measure
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
    '',
    '| id | what | goal | figure | goal met |',
    '|---|---|---|---|---|',
    ...figures.map((f) => `| ${f.id} | ${cell(f.what)} | ${cell(f.goal)} | ${cell(f.figure)} | ${f.ok ? 'yes' : '**no**'} |`),
    '',
    '## Reproduce',
    '',
    'Everything: `npm run soak` (seeds below are the defaults; `WALLETINFRA_RELIABILITY_SEED=<int> npm run soak` draws',
    'other ones). The Pulumi measures (R2, R5) need the CLI on `PATH`:',
    '`export PATH="$(bash scripts/ensure-pulumi.sh --print-bin-dir | tail -1):$PATH"`. One measure:',
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
  writeFileSync(path.join(root, 'RELIABILITY.md'), lines.join('\n'));
  log(`wrote RELIABILITY.md (${figures.length} measures, ${figures.filter((f) => !f.ok).length} goals missed)`);
  return jestOk && figures.every((f) => f.ok) ? 0 : 1;
}
