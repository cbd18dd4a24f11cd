// The commands' arguments and the run's opt-in: a mistake is one message naming it (and the usage), before
// anything is read or written, with the exit codes the README lists.
import { main, RUN_USAGE, SWEEP_USAGE } from '../../acceptance/cli';
import { OPT_IN } from '../../acceptance/run';

const CREDENTIALS = {
  WALLETINFRA_ORGANIZATION_ID: 'org-1',
  WALLETINFRA_API_PUBLIC_KEY: '02'.padEnd(66, 'a'),
  WALLETINFRA_API_PRIVATE_KEY: 'b'.repeat(64),
  // Nothing listens here: a test that reached the network would fail to connect, not touch a service.
  WALLETINFRA_BASE_URL: 'http://127.0.0.1:9',
};

let stderr: string[];
let stdout: string[];
beforeEach(() => {
  stderr = [];
  stdout = [];
  jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => (stderr.push(String(chunk)), true));
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => (stdout.push(String(chunk)), true));
});
afterEach(() => jest.restoreAllMocks());

test('the first argument names the command', async () => {
  expect(await main([], {})).toBe(2);
  expect(stderr.join('')).toBe('walletinfra acceptance: the first argument is the command: run, sweep or fidelity (got "")\n');
});

test('the run does not start without WALLETINFRA_ACC=1, and says what it would do and how to look first', async () => {
  expect(await main(['run'], CREDENTIALS)).toBe(3);
  expect(stderr.join('')).toBe(`acceptance: ${OPT_IN}\n`);
  expect(OPT_IN).toBe(
    'the acceptance run creates, changes and deletes objects in the organization the credentials name; set WALLETINFRA_ACC=1 to ' +
      'run it (a test organization or sub-organization is recommended), or pass --dry-run to see what it would do',
  );
});

test('missing credentials name the environment variables that set them', async () => {
  expect(await main(['run', '--dry-run'], { WALLETINFRA_API_PUBLIC_KEY: CREDENTIALS.WALLETINFRA_API_PUBLIC_KEY })).toBe(2);
  expect(stderr.join('')).toBe(
    'acceptance: missing settings: organizationId (environment variable WALLETINFRA_ORGANIZATION_ID or TURNKEY_ORGANIZATION_ID); ' +
      'apiPrivateKey (environment variable WALLETINFRA_API_PRIVATE_KEY or TURNKEY_API_PRIVATE_KEY). The credentials come from the ' +
      'environment: those of a user of the organization to test (README, "Acceptance tests against your own organization")\n',
  );
});

test('a bad option names itself, then the usage', async () => {
  expect(await main(['run', '--record'], CREDENTIALS)).toBe(2);
  expect(stderr.join('')).toBe(`walletinfra acceptance run: --record needs a value\n\n${RUN_USAGE}\n`);
  stderr.length = 0;
  expect(await main(['run', '--webhook-url', 'http://example.com/x'], CREDENTIALS)).toBe(2);
  expect(stderr.join('')).toBe(`walletinfra acceptance run: --webhook-url http://example.com/x: must be an https:// URL\n\n${RUN_USAGE}\n`);
  stderr.length = 0;
  expect(await main(['run', '--run-id', 'today'], { ...CREDENTIALS, WALLETINFRA_ACC: '1' })).toBe(2);
  expect(stderr.join('')).toBe(
    'acceptance: --run-id "today": must be <UTC date>t<UTC time>-<4 letters or digits>, e.g. 20260314t091500-k3f9\n',
  );
});

test('the sweep needs an age or a run, and reads them as the run prefix writes them', async () => {
  expect(await main(['sweep'], CREDENTIALS)).toBe(2);
  expect(stderr.join('')).toBe(
    `walletinfra acceptance sweep: --older-than AGE (e.g. 2h, or 0 for every age) or --run-id ID is required\n\n${SWEEP_USAGE}\n`,
  );
  stderr.length = 0;
  expect(await main(['sweep', '--run-id', 'yesterday'], CREDENTIALS)).toBe(2);
  expect(stderr.join('')).toBe(
    `walletinfra acceptance sweep: --run-id "yesterday": must be <UTC date>t<UTC time>-<4 letters or digits>, e.g. 20260314t091500-k3f9\n\n${SWEEP_USAGE}\n`,
  );
  stderr.length = 0;
  expect(await main(['sweep', '--older-than', '2 hours'], CREDENTIALS)).toBe(2);
  expect(stderr.join('')).toBe(
    `walletinfra acceptance sweep: --older-than "2 hours": must be a number and a unit (s, m, h, d), e.g. 2h, or 0 for every age\n\n${SWEEP_USAGE}\n`,
  );
});

test('--help prints the usage', async () => {
  expect(await main(['sweep', '--help'], {})).toBe(0);
  expect(stdout.join('')).toBe(`${SWEEP_USAGE}\n`);
});
