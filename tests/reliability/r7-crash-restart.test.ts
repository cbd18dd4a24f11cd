// R7: `kill -9` of the emulator (the real CLI, a child process, SQLite in WAL mode) in the middle of concurrent
// writes, a restart on the same data dir, then every body resent byte for byte with its original stamp (as a
// client does when it never saw an answer). Goals: nothing lost, nothing half-applied (an activity without its
// policy or the reverse), nothing duplicated, and SQLite's integrity check ok.
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ActivityRecord, PolicyRecord } from '@walletinfra/emulator/store/records';
import { ApiKeyStamper, operations } from '@walletinfra/sdk';
import { report, size } from '../support/reliability/measure';

jest.setTimeout(3_600_000);

const ROOT = join(__dirname, '..', '..');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'walletinfra-r7-'));
});
const children: ChildProcess[] = [];
afterAll(() => {
  // A failed assertion must not leave an emulator running (jest would wait for it).
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Emulator {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<number | null>;
}

async function start(): Promise<Emulator> {
  const child = spawn(
    process.execPath,
    [
      '-r',
      join(ROOT, 'tests', 'support', 'ts-register-src.js'),
      join(ROOT, 'emulator', 'src', 'cli.ts'),
      '--port',
      '0',
      '--data-dir',
      dir,
      '--json',
      '--webhook-delivery',
      'manual',
    ],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', () => reject(new Error('the emulator exited during start-up')));
  });
  return { child, baseUrl: (JSON.parse(line) as { baseUrl: string }).baseUrl, exited };
}

interface Write {
  name: string;
  text: string;
  stamp: string;
  firstActivityId?: string;
}

/** Calls the emulator's admin API with the token of its current start. */
async function admin(emu: Emulator, adminToken: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${emu.baseUrl}/__admin${path}`, {
    method,
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as unknown;
  if (!res.ok) throw new Error(`admin ${method} ${path}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function send(baseUrl: string, w: Write): Promise<{ status: number; activityId?: string } | undefined> {
  try {
    const res = await fetch(`${baseUrl}/public/v1/submit/create_policy`, {
      method: 'POST',
      body: w.text,
      headers: { 'Content-Type': 'application/json', 'X-Stamp': w.stamp },
    });
    const json = (await res.json()) as { activity?: { id: string } };
    return { status: res.status, ...(json.activity === undefined ? {} : { activityId: json.activity.id }) };
  } catch {
    return undefined; // the connection died with the process
  }
}

test('R7: kill -9 during concurrent writes, restart, identical resend: 0 lost, 0 half-applied, 0 duplicated, integrity ok', async () => {
  const crashes = size(1, 5);
  const perRound = size(40, 600);
  const credentials = () =>
    JSON.parse(readFileSync(join(dir, 'credentials.json'), 'utf8')) as {
      organizationId: string;
      apiPublicKey: string;
      apiPrivateKey: string;
      adminToken: string;
    };
  const dumpOf = async (e: Emulator) =>
    (await admin(e, credentials().adminToken, 'GET', '/dump')) as { activities?: ActivityRecord[]; policies?: PolicyRecord[] };
  let emu = await start();
  const writes: Write[] = [];
  let answeredBeforeCrash = 0;
  let cutOff = 0;
  let changedActivityIds = 0;
  let unansweredKept = 0;
  let unansweredMissing = 0;
  let minimumKept = 0;
  let minimumMissing = 0;
  let failedResends = 0;
  for (let round = 0; round < crashes; round++) {
    const creds = credentials();
    const stamper = new ApiKeyStamper({ apiPublicKey: creds.apiPublicKey, apiPrivateKey: creds.apiPrivateKey });
    const batch: Write[] = Array.from({ length: perRound }, (_, i) => {
      const name = `r7 round ${round} write ${i}`;
      const text = JSON.stringify({
        type: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
        timestampMs: String(Date.now()),
        organizationId: creds.organizationId,
        parameters: { policyName: name, effect: 'EFFECT_ALLOW', notes: '' },
      });
      return { name, text, stamp: stamper.stamp(text).headerValue };
    });
    writes.push(...batch);
    // Every write in flight at once. Which writes the kill cuts off must not be left to the machine's speed (a
    // fast one answered all 40 before the kill landed, and the crash proved nothing), so the emulator's fault
    // rules sort them in the order it takes them: the first third are answered; the next `committed` are
    // committed and their connection dropped (the client never hears of them); the next `held` wait before
    // anything is done with them (never committed before the kill); the rest run as usual, racing the kill.
    // The kill is sent once the answers and the drops are in: the race decides only where in the rest it lands.
    const killAt = Math.max(1, Math.floor(perRound / 3));
    const committed = Math.max(1, Math.floor(perRound / 10));
    const held = committed;
    const path = '/public/v1/submit/create_policy';
    await admin(emu, creds.adminToken, 'PUT', '/faults', {
      rules: [
        { path, delayMs: 0, times: killAt },
        { path, dropResponse: true, times: committed },
        { path, delayMs: 600_000, times: held },
      ],
    });
    let answered = 0;
    let dropped = 0;
    let killed = false;
    const kill = (): void => {
      if (!killed) emu.child.kill('SIGKILL');
      killed = true;
    };
    const inFlight = batch.map(async (w) => {
      const r = await send(emu.baseUrl, w);
      if (r?.status === 200 && r.activityId !== undefined) {
        w.firstActivityId = r.activityId;
        answered += 1;
      } else if (r === undefined && !killed) {
        dropped += 1;
      }
      if (answered >= killAt && dropped === committed) kill();
    });
    await Promise.all(inFlight);
    kill();
    await emu.exited;
    answeredBeforeCrash += answered;
    cutOff += perRound - answered;
    emu = await start();
    // What the crash left of this round's unanswered writes: the dropped ones are there, the held ones are not.
    const kept = new Set(((await dumpOf(emu)).policies ?? []).map((p) => p.policyName));
    const unanswered = batch.filter((w) => w.firstActivityId === undefined);
    unansweredKept += unanswered.filter((w) => kept.has(w.name)).length;
    unansweredMissing += unanswered.filter((w) => !kept.has(w.name)).length;
    minimumKept += committed;
    minimumMissing += held;
    // the client's retry: the same bytes and stamp for every write it has no answer to, and for the rest too
    for (const w of batch) {
      const r = await send(emu.baseUrl, w);
      if (r?.status !== 200 || r.activityId === undefined) failedResends += 1;
      else if (w.firstActivityId !== undefined && w.firstActivityId !== r.activityId) changedActivityIds += 1;
    }
  }
  const dump = await dumpOf(emu);
  emu.child.kill('SIGTERM');
  await emu.exited;

  const policies = (dump.policies ?? []).filter((p) => p.policyName.startsWith('r7 '));
  const activities = (dump.activities ?? []).filter(
    (a) => a.type === 'ACTIVITY_TYPE_CREATE_POLICY_V3' && String(a.parameters?.policyName).startsWith('r7 '),
  );
  const count = (names: string[]) => names.reduce((m, n) => m.set(n, (m.get(n) ?? 0) + 1), new Map<string, number>());
  const policyCount = count(policies.map((p) => p.policyName));
  const activityCount = count(activities.map((a) => a.parameters.policyName as string));
  const lost = writes.filter((w) => !policyCount.has(w.name)).length;
  const duplicated = [...policyCount.values(), ...activityCount.values()].filter((n) => n > 1).length;
  const policyIds = new Set(policies.map((p) => p.policyId));
  const createdPolicyId = (a: ActivityRecord) => operations.create_policy.result.safeParse(a.result.createPolicyResult).data?.policyId;
  const completedIds = new Set(activities.filter((a) => a.status === 'ACTIVITY_STATUS_COMPLETED').map(createdPolicyId));
  const halfApplied =
    activities.filter((a) => a.status !== 'ACTIVITY_STATUS_COMPLETED' || !policyIds.has(createdPolicyId(a) ?? '')).length +
    policies.filter((p) => !completedIds.has(p.policyId)).length;
  const db = new Database(join(dir, 'emulator.db'), { readonly: true });
  const integrity = (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map((r) => r.integrity_check).join('; ');
  db.close();

  const fig = report({
    id: 'R7',
    what: `${crashes} × kill -9 of the emulator during ${perRound} concurrent writes, restart on the same data dir, identical-body resend`,
    goal: '0 lost, 0 half-applied, 0 duplicated; store integrity check ok',
    figure: `${lost} lost, ${halfApplied} half-applied, ${duplicated} duplicated of ${writes.length} writes (${answeredBeforeCrash} answered before the kills, ${cutOff} cut off: ${unansweredKept} of those committed, ${unansweredMissing} not); ${changedActivityIds} resends answered with another activity, ${failedResends} resends failed; integrity_check: ${integrity}`,
    ok: lost === 0 && halfApplied === 0 && duplicated === 0 && changedActivityIds === 0 && failedResends === 0 && integrity === 'ok',
    count: writes.length,
    file: 'tests/reliability/r7-crash-restart.test.ts',
  });
  // The kills cut writes off on both sides of their commit (the fault rules make sure of it), so both kinds
  // of resend were tried: one the service has to recognise, one it has to apply for the first time.
  expect(unansweredKept).toBeGreaterThanOrEqual(minimumKept);
  expect(unansweredMissing).toBeGreaterThanOrEqual(minimumMissing);
  expect({ lost, halfApplied, duplicated, changedActivityIds, failedResends, integrity }).toEqual({
    lost: 0,
    halfApplied: 0,
    duplicated: 0,
    changedActivityIds: 0,
    failedResends: 0,
    integrity: 'ok',
  });
  expect(fig.ok).toBe(true);
});
