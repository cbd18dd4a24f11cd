// The guard each stack's `pulumi` runs under (provider/src/fleet/up/guard.ts), with a stand-in for the Pulumi CLI
// that logs each SIGINT it gets and ends on SIGTERM: its parent gone (the guard's stdin ends, as when
// walletinfra-fleet is killed), the guard sends it exactly one SIGINT and exits as it does. The SIGINT's arrival,
// in a process that is not ours, is looked for in its log (bounded).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../../../support/e2e/process';

const GUARD = join(REPO_ROOT, 'provider', 'src', 'fleet', 'up', 'guard.ts');
const REGISTER = join(REPO_ROOT, 'tests', 'support', 'ts-register-src.js');

/** The stand-in: says `ready`, appends `INT` to its log on each SIGINT (and says so), exits 7 on SIGTERM. */
const PULUMI = `
const { appendFileSync } = require('node:fs');
process.on('SIGINT', () => { appendFileSync(process.argv[2], 'INT\\n'); process.stdout.write('INT\\n'); });
process.on('SIGTERM', () => process.exit(7));
process.stdout.write('ready\\n');
setInterval(() => {}, 1 << 30);
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'guard-'));
  writeFileSync(join(dir, 'pulumi.js'), PULUMI);
});

/** The guard in a process group of its own, running the stand-in; `line(text)` resolves once it forwards that line. */
function guarded(log: string): { guard: ChildProcess; line: (text: string) => Promise<void>; exited: Promise<number | null> } {
  const guard = spawn(process.execPath, ['-r', REGISTER, GUARD, process.execPath, join(dir, 'pulumi.js'), log], {
    stdio: ['pipe', 'pipe', 'inherit'],
    detached: true,
  });
  let out = '';
  const waiting: Array<{ text: string; resolve: () => void }> = [];
  guard.stdout?.setEncoding('utf8').on('data', (d: string) => {
    out += d;
    for (const w of waiting.filter((x) => out.includes(x.text))) w.resolve();
  });
  return {
    guard,
    line: (text) => new Promise((resolve) => (out.includes(text) ? resolve() : waiting.push({ text, resolve }))),
    exited: new Promise((resolve) => guard.on('exit', (code) => resolve(code))),
  };
}

/** The stand-in's pid: the guard's only child. */
function pulumiPid(guard: ChildProcess): number {
  return Number(execFileSync('ps', ['-o', 'pid=', '--ppid', String(guard.pid)], { encoding: 'utf8' }).trim());
}

test('its parent gone (stdin ends), the guard sends the engine one SIGINT and waits for it to end', async () => {
  const log = join(dir, 'parent-gone.log');
  const { guard, line, exited } = guarded(log);
  await line('ready\n');
  guard.stdin?.end();
  // the SIGINT's line is not forwarded any more (nobody reads it): the log says it came, once
  for (let checks = 0; checks < 1_000 && !readFileSync(log, { flag: 'a+', encoding: 'utf8' }).includes('INT'); checks += 1) {
    await new Promise((r) => setTimeout(r, 10));
  }
  process.kill(pulumiPid(guard), 'SIGTERM');
  expect(await exited).toBe(7);
  expect(readFileSync(log, 'utf8')).toBe('INT\n');
});
