// What a scan does when the service misbehaves for some sub-organizations (the emulator's fault rules by
// organization): a 429 storm longer than the retry budget and 5xx past the retries make those unreachable, with
// the cause and the setting to change, while the others are classified; a storm within the budget is waited out
// (the waits counted); a sub-organization deleted after it was listed is reported deleted; the requests in flight
// stay within --concurrency. The scan's clock and sleep are the test's: the retry budget passes without waiting.
import { expect } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main, type CliDeps } from '@walletinfra/pulumi/fleet/cli';
import type { FleetReport, ReportSubOrganization } from '@walletinfra/pulumi/fleet/report/schema';
import { countingDispatcher } from '../../support/counting-dispatcher';
import { useTestEmulator } from '../../support/emulator';
import { createFleet, fleetOptions, parentEnv, type SubOrganization, type TestFleet } from '../../support/fleet';
import { REPO_ROOT } from '../../support/e2e/process';

jest.setTimeout(300_000);

/** What the emulator does while a fault delays a request: the test's hook (a deletion mid-scan). */
let duringDelay: () => Promise<void> = () => Promise.resolve();
const emu = useTestEmulator({ sleep: () => duringDelay() });
const TEMPLATE = join(REPO_ROOT, 'examples', 'fleet', 'template');
let fleet: TestFleet;
let dir: string;

async function scan(
  flags: readonly string[] = [],
  dispatcher?: NonNullable<CliDeps['connection']>['dispatcher'],
): Promise<{ code: number; report: FleetReport; err: string }> {
  let now = Date.UTC(2026, 0, 15, 12, 0, 0);
  const err: string[] = [];
  const deps: CliDeps = {
    now: () => now,
    stdout: () => undefined,
    stderr: (t) => void err.push(t),
    writeFile: (p, t) => writeFileSync(p, t),
    readFile: (p) => readFileSync(p, 'utf8'),
    env: {
      ...parentEnv(emu),
      WALLETINFRA_MAX_RETRIES: '2',
      PATH: process.env.PATH,
      HOME: process.env.HOME,
    },
    cwd: dir,
    isTTY: false,
    // The retries' waits move the scan's clock instead of waiting: the budget passes at once.
    connection: {
      sleep: (ms) => Promise.resolve(void (now += ms)),
      random: () => 0.5,
      ...(dispatcher !== undefined ? { dispatcher } : {}),
    },
  };
  const code = await main(['scan', '--json-out', 'report.json', '--progress', 'lines', ...flags], deps);
  return { code, report: JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as FleetReport, err: err.join('') };
}

const entry = (report: FleetReport, sub: SubOrganization): ReportSubOrganization =>
  report.subOrganizations.find((e) => e.id === sub.id) as ReportSubOrganization;

beforeAll(async () => {
  fleet = await createFleet(emu, 5);
  mkdirSync(join(REPO_ROOT, '.data'), { recursive: true });
  dir = mkdtempSync(join(REPO_ROOT, '.data', 'fleet-faults-'));
  writeFileSync(join(dir, 'fleet.yaml'), fleetOptions(fleet.delegatedKey.publicKey, TEMPLATE, 'retryBudgetMs: 30000\n'));
});

afterEach(() => {
  emu.faults.set([]);
  duringDelay = () => Promise.resolve();
});
afterAll(() => fleet?.close());

test('429 past the retry budget and 5xx past the retries: those are unreachable, with the cause; a short storm is waited out', async () => {
  const [storm, failing, brief] = fleet.subOrganizations as [SubOrganization, SubOrganization, SubOrganization];
  emu.faults.set([
    {
      organizationId: storm.id,
      status: 429,
      message: 'Too many requests in a short period of time. Please wait a few minutes and try again.',
    },
    { organizationId: failing.id, status: 500 },
    { organizationId: brief.id, status: 429, times: 3 },
  ]);
  const { code, report, err } = await scan();
  expect(code).toBe(1);
  expect(entry(report, storm)).toMatchObject({
    status: 'unreachable',
    cause: 'rate-limited',
    reason:
      'rate limited for the whole retry budget (30 s after 11 attempts; 429 Too many requests in a short period of time. Please wait a few minutes and try again.): ' +
      'lower concurrency or raise retryBudgetMs',
  });
  expect(entry(report, failing)).toMatchObject({
    status: 'unreachable',
    cause: 'server-error',
    reason: 'server errors after 3 attempts (500 injected fault)',
  });
  expect(entry(report, brief).status).toBe('conformant');
  expect(report.subOrganizations.filter((e) => e.status === 'conformant')).toHaveLength(3);
  expect(report.summary).toMatchObject({ subOrganizations: 5, conformant: 3, unreachable: 2 });
  expect(report.run.requests.retries).toBeGreaterThanOrEqual(3 + 2);
  expect(err).toMatch(/rate-limit waits/);
});

test('--concurrency 2: never more than two requests at the service at once, and two at once when there is work for them', async () => {
  // The first two whoami requests are held until both are in flight: the limit is reached, not only never passed.
  const { dispatcher, counts, close } = countingDispatcher({ path: /\/whoami$/, count: 2 });
  const { code, report } = await scan(['--concurrency', '2'], dispatcher as never);
  await close();
  expect(code).toBe(0);
  expect(report.summary).toMatchObject({ subOrganizations: 5, conformant: 5 });
  expect([counts.max, counts.inFlight]).toEqual([2, 0]);
  // every request of the scan went through the limit
  expect(counts.total).toBe(Object.entries(report.run.requests).reduce((n, [op, c]) => (op === 'retries' ? n : n + c), 0));
});

test('a sub-organization deleted after it was listed is reported deleted; the others are classified', async () => {
  const doomed = fleet.subOrganizations[3] as SubOrganization;
  // Its whoami is held while its end user deletes it (as only a root user of the sub-organization may).
  emu.faults.set([{ organizationId: doomed.id, path: '/public/v1/query/whoami', delayMs: 1 }]);
  duringDelay = async () => {
    duringDelay = () => Promise.resolve();
    await doomed.endUser.deleteSubOrganization({});
  };
  const { code, report } = await scan();
  expect(code).toBe(1);
  expect(entry(report, doomed)).toMatchObject({
    status: 'unreachable',
    cause: 'deleted',
    reason: 'deleted since it was listed (404 no organization found with the given ID)',
  });
  expect(report.summary).toMatchObject({ subOrganizations: 5, unreachable: 1 });
});
