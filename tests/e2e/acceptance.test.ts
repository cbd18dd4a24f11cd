// The acceptance run (npm run test:acceptance) against a fresh emulator: the code path a user runs against
// the service, with the WALLETINFRA_* settings pointing at the emulator. The dry run lists exactly what the run
// then creates; every check of the run passes, naming its requests; its recording, made with the organization's
// id hidden, holds none of the run's secrets, personal data or that id, and replays through `npm run fidelity`
// with no difference. Then a run killed at a step chosen by a seeded
// random draw leaves objects behind, and `npm run sweep` removes exactly those, touching nothing else. A run
// interrupted with SIGINT while the provider works stops every process it started, says what it left, and the
// commands it prints inspect the stack it kept and delete what it left.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, watch } from 'node:fs';
import { join } from 'node:path';
import type { RunningEmulator } from '@walletinfra/emulator';
import { seededRandom } from '@walletinfra/emulator';
import { WalletInfraClient } from '@walletinfra/sdk';
import { IDENTIFIER_PLACEHOLDER, parseRecording, SECRET_PLACEHOLDER } from '@walletinfra/sdk/recording';
import type { AnyKind } from '@walletinfra/pulumi/resources/kind';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import { createContext } from '@walletinfra/pulumi/context';
import { LOOKUPS } from '../acceptance/datasources';
import { emulatorEnv, startAcceptanceEmulator } from '../acceptance/emulator';
import { inventory, sweepables, type Found } from '../acceptance/inventory';
import { ACCEPTANCE } from '../acceptance/kinds';
import { ownedByRun, parseRunId } from '../acceptance/prefix';
import type { RunReport } from '../acceptance/report';
import { cleanEnv, killTree, processTree, pulumiBinDir, REPO_ROOT, requireBuiltPackages, run, running } from '../support/e2e/process';

jest.setTimeout(900_000);

const BIN = join(REPO_ROOT, 'tests', 'acceptance', 'bin.js');
const OUT = join(REPO_ROOT, '.data', 'e2e', `acceptance-${process.pid}`);

function envFor(emulator: RunningEmulator): NodeJS.ProcessEnv {
  return { ...cleanEnv(), ...emulatorEnv(emulator), WALLETINFRA_ACC: '1', PATH: `${pulumiBinDir()}:${process.env.PATH ?? ''}` };
}

function acceptance(emulator: RunningEmulator, args: readonly string[]) {
  return run('node', [BIN, ...args], { cwd: REPO_ROOT, env: envFor(emulator) });
}

/** Every string in a JSON value that starts with `prefix`. */
function prefixed(value: unknown, prefix: string): string[] {
  if (typeof value === 'string') return ownedByRun(prefix, value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((v) => prefixed(v, prefix));
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap((v) => prefixed(v, prefix));
  return [];
}

function clientOf(emulator: RunningEmulator): WalletInfraClient {
  const c = emulator.credentials;
  return new WalletInfraClient({
    baseUrl: emulator.baseUrl,
    organizationId: c.organizationId,
    apiPublicKey: c.apiPublicKey,
    apiPrivateKey: c.apiPrivateKey,
  });
}

/** Every activity of the organization, page by page (a run submits more than one page holds). */
async function allActivities(client: WalletInfraClient) {
  const all = [];
  for (let after: string | undefined; ;) {
    const { activities } = await client.listActivities({ paginationOptions: { limit: '100', ...(after !== undefined ? { after } : {}) } });
    all.push(...activities);
    after = activities.at(-1)?.id;
    if (activities.length < 100 || after === undefined) return all;
  }
}

async function prefixedObjects(emulator: RunningEmulator): Promise<Found[]> {
  const ctx = createContext({ env: emulatorEnv(emulator) });
  try {
    return await inventory(ctx.session({}), sweepables(KINDS as readonly AnyKind[]));
  } finally {
    await ctx.close();
  }
}

beforeAll(() => {
  requireBuiltPackages();
  mkdirSync(OUT, { recursive: true });
});
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

describe('a whole run against a fresh emulator', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startAcceptanceEmulator();
  });
  afterAll(async () => emulator.close());

  test('the dry run lists what the run creates; every check passes; the recording is clean and replays with no difference', async () => {
    const runId = parseRunId('20260314t091500-e2e1');
    const record = join(OUT, 'run.recording.jsonl');
    const reportFile = join(OUT, 'run.report.json');

    // The dry run: reads only (nothing is created), and names every object the run will create.
    const dry = await acceptance(emulator, ['run', '--dry-run', '--include-singletons', '--run-id', runId.id]);
    expect([dry.code, dry.stderr]).toEqual([0, '']);
    expect(dry.stdout).toContain('The run would start: nothing it would change lacks its prefix.');
    const section = dry.stdout.split('Would create:\n')[1]?.split(/\n(?=\S)/)[0] ?? '';
    const wouldCreate = new Set(
      section
        .split('\n')
        .map((l) => /^ {2}\S+(?: \(organization\))?\s+(wiacc-\S+) {2}\(/.exec(l)?.[1])
        .filter((n) => n !== undefined),
    );
    expect(await prefixedObjects(emulator)).toEqual([]);

    // The service's rate limits, as the emulator's seeded faults: some writes are answered 429 with Retry-After.
    emulator.faults.set({ seed: 30, rules: [{ path: '/public/v1/submit/*', probability: 0.06, status: 429, retryAfter: 1 }] });
    const result = await acceptance(emulator, [
      'run',
      '--include-singletons',
      '--run-id',
      runId.id,
      '--record',
      record,
      '--redact-organization',
      '--report',
      reportFile,
      '--keep',
    ]);
    const limited = emulator.faults.describe().rules[0]?.fired ?? 0;
    emulator.faults.set([]);
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as RunReport;
    expect(report.entries.filter((e) => e.outcome === 'fail')).toEqual([]);
    expect(result.code).toBe(0);
    // The rate limits were waited out within the retry budget, and the report counts them.
    expect(limited).toBeGreaterThan(0);
    expect(report.rateLimited).toBe(limited);
    expect(result.stdout).toContain(`, ${limited} answered "slow down" (429/503). Recording: ${record}`);
    // Every kind's scenarios and every data source were exercised, with request ids.
    const subjects = new Set(
      report.entries
        .filter((e) => e.outcome === 'pass')
        .map((e) => (e.subject.split(' ')[0] === 'data' ? e.subject : e.subject.replace(/ \S+$/, ''))),
    );
    for (const kind of KINDS) for (const s of ACCEPTANCE[kind.type] ?? []) expect([s.name, subjects.has(s.name)]).toEqual([s.name, true]);
    for (const name of Object.keys(LOOKUPS)) expect([name, subjects.has(`data source ${name}`)]).toEqual([name, true]);
    // Every check that sent a request names it. None are sent by the plan's own checks, what was skipped, and
    // the destroy of an object the service cannot delete (Pulumi drops it from the stack, with a warning).
    expect(
      report.entries
        .filter(
          (e) => e.outcome !== 'skip' && e.subject !== 'plan' && e.check !== 'left in place, with a warning' && e.requestIds.length === 0,
        )
        .map((e) => `${e.subject}: ${e.check}`),
    ).toEqual([]);
    expect(report.steps.filter((s) => s.pulumi !== undefined).map((s) => s.pulumi)).toEqual([
      'pulumi up',
      'pulumi preview --refresh',
      'pulumi up --refresh',
      'pulumi preview --refresh --expect-no-changes',
      'pulumi destroy',
    ]);

    // What the run created is what the dry run listed: the object each create activity named.
    const client = clientOf(emulator);
    try {
      const activities = await allActivities(client);
      const created = new Set<string>();
      const allowlistLabels = new Set<string>();
      for (const a of activities) {
        const names = prefixed(a.intent, runId.prefix);
        if (a.type === 'ACTIVITY_TYPE_SET_IP_ALLOWLIST') names.forEach((n) => allowlistLabels.add(n));
        else if (/_CREATE_/.test(a.type) && names[0] !== undefined) created.add(names[0]);
      }
      const listedIp = [...wouldCreate].filter((n) => /-ip-/.test(n));
      expect([...created].sort()).toEqual([...wouldCreate].filter((n) => !listedIp.includes(n)).sort());
      expect(listedIp.filter((n) => !allowlistLabels.has(n))).toEqual([]);
    } finally {
      await client.close();
    }
    // Only what the service cannot delete is left (the session profiles the dry run listed as left in place).
    expect((await prefixedObjects(emulator)).map((f) => f.type)).toEqual(['SessionProfile', 'SessionProfile', 'SessionProfile']);

    // The recording: no secret of the run, no personal data, no ciphertext; with --redact-organization, not the
    // organization's id either (the header, every process's lines and the report name its placeholder).
    const text = readFileSync(record, 'utf8');
    const { organizationId } = emulator.credentials;
    expect(text).not.toContain(organizationId);
    expect(report.organizationId).toMatch(IDENTIFIER_PLACEHOLDER);
    expect(parseRecording(text).header.identity.organizationId).toBe(report.organizationId);
    const keptPlan = JSON.parse(readFileSync(join(REPO_ROOT, '.data', 'acceptance', runId.id, 'plan.json'), 'utf8')) as unknown;
    const planted = [
      emulator.credentials.apiPrivateKey,
      ...(JSON.stringify(keptPlan).match(/sk_test_[0-9a-f]+/g) ?? []),
      '+447700900123',
      '+447700900456',
      `${runId.prefix}user@example.com`,
      `${runId.prefix}user-renamed`,
    ];
    expect(planted.length).toBeGreaterThan(6);
    for (const value of planted) expect([value, text.includes(value)]).toEqual([value, false]);
    const { exchanges } = parseRecording(text);
    const processes = new Set(exchanges.map((e) => e.process));
    expect([...processes].sort()).toEqual(['program', 'provider', 'runner']);
    for (const p of processes)
      expect([p, exchanges.some((e) => e.process === p && JSON.stringify(e.request).includes(report.organizationId))]).toEqual([p, true]);
    const ciphertexts = exchanges.flatMap(
      (e) => JSON.stringify([e.request, e.response]).match(/"encrypted(?:Secret|Private)ApiKey":"[^"]*"/g) ?? [],
    );
    expect(ciphertexts.length).toBeGreaterThan(0);
    expect(ciphertexts.filter((c) => !SECRET_PLACEHOLDER.test(c.split('":"')[1]?.slice(0, -1) ?? ''))).toEqual([]);

    // The recording replays against a fresh emulator with no difference (npm run fidelity).
    const fidelity = await run('node', [BIN, 'fidelity', record], { cwd: REPO_ROOT, env: cleanEnv() });
    expect(fidelity.stdout).toMatch(/ {2}no differences in \d+ operations\n$/);
    expect([fidelity.code, fidelity.stderr]).toEqual([0, '']);
    rmSync(join(REPO_ROOT, '.data', 'acceptance', runId.id), { recursive: true, force: true });
  });
});

/** Starts the run and kills it, and everything it started, when it announces `step N/`. */
function runUntilStep(
  emulator: RunningEmulator,
  args: readonly string[],
  step: number,
): Promise<{ output: string; killed: number[]; killedAt?: string }> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn('node', [BIN, ...args], {
      cwd: REPO_ROOT,
      env: envFor(emulator),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let killedAt: string | undefined;
    let killed: number[] = [];
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      output += d;
      const line = output.split('\n').find((l) => l.startsWith(`step ${step}/`));
      if (line !== undefined && killedAt === undefined && child.pid !== undefined) {
        killedAt = line;
        killed = killTree(child.pid);
      }
    });
    child.stderr?.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.on('error', reject);
    child.on('close', () => resolve({ output, killed, ...(killedAt !== undefined ? { killedAt } : {}) }));
  });
}

describe('a run killed at a random step', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startAcceptanceEmulator();
  });
  afterAll(async () => emulator.close());

  // Steps 3 to 10 of 11 (after the fixtures exist, up to the destroy): the seeded draw picks one, the same every time.
  const SEED = 30;
  const step = 3 + ((seededRandom(SEED)(1)[0] ?? 0) % 8);

  test(`killed at step ${step} (seed ${SEED}), the sweeper deletes exactly the objects it left, and nothing else`, async () => {
    const runId = parseRunId('20260314t091500-kil1');
    const client = clientOf(emulator);
    const othersBefore = await client.listUsers({});
    try {
      const killed = await runUntilStep(emulator, ['run', '--run-id', runId.id, '--record', join(OUT, 'killed.recording.jsonl')], step);
      expect(killed.killedAt).toMatch(new RegExp(`^step ${step}/11: `));

      // The listing names every leftover, kind by kind, and deletes nothing (it also lets any request the
      // killed processes had in flight finish before the leftovers are counted).
      const listed = await acceptance(emulator, ['sweep', '--older-than', '0']);
      expect([listed.code, listed.stderr]).toEqual([0, '']);
      const left = await prefixedObjects(emulator);
      expect(left.length).toBeGreaterThan(0);
      expect(left.filter((f) => !ownedByRun(runId.prefix, f.name))).toEqual([]);
      const listedNames = listed.stdout
        .split('\n')
        .filter((l) => /^ {4}wiacc-/.test(l))
        .map((l) => l.trim().split(/\s+/).slice(0, 2).join(' '));
      expect(listedNames.sort()).toEqual(left.map((f) => `${f.name} ${f.id}`).sort());
      // Nothing of the killed run is still running.
      expect(killed.killed.filter(running)).toEqual([]);

      const swept = await acceptance(emulator, ['sweep', '--older-than', '0', '--yes']);
      expect([swept.code, swept.stderr]).toEqual([0, '']);
      // A user's API keys go with the user when the user's kind comes first: the sweep says so and counts them.
      const deletedIds = swept.stdout
        .split('\n')
        .filter((l) => l.endsWith('  deleted') || l.endsWith('  gone (deleted with an object before it)'))
        .map((l) => l.trim().split(/\s+/)[1]);
      expect(deletedIds.sort()).toEqual(
        left
          .filter((f) => f.cannotDelete === undefined)
          .map((f) => f.id)
          .sort(),
      );
      expect(await prefixedObjects(emulator)).toEqual(left.filter((f) => f.cannotDelete !== undefined));

      // Nothing without the prefix was touched: the organization's own user and API key, its wallet.
      const othersAfter = await client.listUsers({});
      const own = (users: typeof othersBefore.users) =>
        users.filter((u) => !ownedByRun(runId.prefix, u.userName)).map((u) => [u.userId, u.apiKeys.map((k) => k.apiKeyId)]);
      expect(own(othersAfter.users)).toEqual(own(othersBefore.users));
      expect((await client.listWallets({})).wallets.map((w) => w.walletName)).toEqual(['acceptance-solana']);
    } finally {
      await client.close();
      const dir = join(REPO_ROOT, '.data', 'acceptance', runId.id);
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Resolves with the first line of `file` that `wanted` accepts, as the file grows (no polling: fs.watch). */
function whenRecorded(file: string, wanted: (line: string) => boolean): Promise<string> {
  return new Promise((resolve) => {
    const look = (): boolean => {
      const line = existsSync(file) ? readFileSync(file, 'utf8').split('\n').find(wanted) : undefined;
      if (line === undefined) return false;
      watcher.close();
      resolve(line);
      return true;
    };
    const watcher = watch(OUT, () => void look());
    look();
  });
}

describe('a run interrupted with Ctrl-C', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startAcceptanceEmulator();
  });
  afterAll(async () => emulator.close());

  test('while the provider writes: it stops every process, keeps its stack, says what it left, and its sweep removes it', async () => {
    const runId = parseRunId('20260314t091500-int1');
    const record = join(OUT, 'interrupted.recording.jsonl');
    const dir = join(REPO_ROOT, '.data', 'acceptance', runId.id);
    const child = spawn('node', [BIN, 'run', '--run-id', runId.id, '--record', record], {
      cwd: REPO_ROOT,
      env: envFor(emulator),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    try {
      // The point: the provider process has answered its first request of the first `pulumi up`.
      await whenRecorded(record, (l) => l.includes('"process":"provider"') && l.includes('"step":"pulumi up (create, adopt)"'));
      const tree = processTree(child.pid as number);
      // The run, pulumi, its language host, the program and the provider at least.
      expect(tree.length).toBeGreaterThanOrEqual(5);
      // Ctrl-C in a terminal: the run's process group (Pulumi runs in a group of its own).
      process.kill(-(child.pid as number), 'SIGINT');
      expect(await exited).toBe(130);
      expect(tree.map((p) => p.pid).filter(running)).toEqual([]);

      // (after the line scripts/ensure-pulumi.sh writes)
      const lines = stderr
        .trimEnd()
        .split('\n')
        .filter((l) => !l.startsWith('[pulumi] '));
      expect(lines[0]).toMatch(/^acceptance: SIGINT: stopping pulumi up \(pid \d+\) and what it started; the run starts nothing more/);
      const at = lines.indexOf(
        'acceptance: interrupted by SIGINT during step 4/11, pulumi up (create, adopt): the run started nothing more.',
      );
      expect(at).toBeGreaterThan(0);
      expect(lines[at + 1]).toMatch(/^Stopped pulumi up \(pid \d+\) and the \d+ processes it had started; none is still running\.$/);
      // What it left, kind by kind: exactly the objects named with its prefix.
      const left = (await prefixedObjects(emulator)).filter((f) => ownedByRun(runId.prefix, f.name));
      expect(left.length).toBeGreaterThan(0);
      expect(lines[at + 2]).toBe(
        `Left in organization ${emulator.credentials.organizationId}: ${left.length} object${left.length === 1 ? '' : 's'} named ${runId.prefix}...`,
      );
      const kinds = [...new Set(left.map((f) => f.type))];
      expect(lines.slice(at + 3, at + 3 + kinds.length).map((l) => l.split(':')[0]?.trim())).toEqual(kinds);
      expect(lines.slice(at + 3, at + 3 + kinds.length).join('\n')).toBe(
        kinds
          .map((k) => {
            const of = left.filter((f) => f.type === k);
            const stays = of.some((f) => f.cannotDelete !== undefined) ? ', which the service cannot delete' : '';
            return `  ${k}: ${of.length}${stays} (${of.map((f) => f.name).join(', ')})`;
          })
          .join('\n'),
      );
      // The stack it kept, with the passphrase of its secrets: the printed command reads it.
      const inspect =
        lines[lines.indexOf("The run's Pulumi project is kept with its state and the passphrase of its secrets; its stack:") + 1] ?? '';
      expect(existsSync(join(dir, 'passphrase'))).toBe(true);
      const stack = await run('bash', ['-c', inspect.trim()], { cwd: REPO_ROOT, env: cleanEnv() });
      expect([stack.code, stack.stderr]).toEqual([0, '']);
      expect(stack.stdout).toContain('walletinfra');
      // The sweep it prints, run as printed: everything it left is gone but what the service cannot delete.
      const sweepAt = lines.indexOf('Delete what it left, with the same WALLETINFRA_* settings:');
      expect(lines[sweepAt + 1]).toBe(`  npm run sweep -- --run-id ${runId.id} --yes`);
      const swept = await run('bash', ['-c', lines[sweepAt + 1]?.trim() ?? ''], { cwd: REPO_ROOT, env: envFor(emulator) });
      expect(swept.code).toBe(0);
      expect((await prefixedObjects(emulator)).filter((f) => ownedByRun(runId.prefix, f.name))).toEqual(
        left.filter((f) => f.cannotDelete !== undefined),
      );
      const report = JSON.parse(readFileSync(join(REPO_ROOT, '.data', 'acceptance', `${runId.id}.report.json`), 'utf8')) as RunReport;
      expect(report.interrupted).toEqual({ signal: 'SIGINT', step: 'pulumi up (create, adopt)' });
      expect(stdout).toContain('step 4/11: pulumi up (create, adopt)');
      expect(stdout).not.toContain('step 5/11');
    } finally {
      if (child.exitCode === null) killTree(child.pid as number);
      rmSync(dir, { recursive: true, force: true });
      rmSync(join(REPO_ROOT, '.data', 'acceptance', `${runId.id}.report.json`), { force: true });
    }
  });
});
