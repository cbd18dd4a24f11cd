// The README's first command (`npm run up` = scripts/main-job.sh) end to end: it starts the emulator from
// the example seed, configures the stack from the emulator's credentials, applies the baseline, prints the
// outputs and stops the emulator; run again, it changes nothing. The data and state directories are
// redirected into .data/e2e/ so a developer's own main-job state is never touched.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, cleanEnv, run, type RunResult } from '../support/e2e/process';

// A cap, not a wait: the tests wait on pulumi's exit. The slowest test here took 47 s at load 4-6; a full
// `npm test` on 2 cores runs e2e files 2-3x slower than that, and a load of 10 more, so 300 s was too close.
jest.setTimeout(900_000);

const stack = `e2e-main-${process.pid}`;
const base = join(REPO_ROOT, '.data', 'e2e', `main-job-${process.pid}`);
const env = { ...cleanEnv(), WALLETINFRA_MAIN_DATA_DIR: join(base, 'data'), WALLETINFRA_MAIN_STATE_DIR: join(base, 'state') };

function mainJob(args: string[] = []): Promise<RunResult> {
  return run('bash', [join(REPO_ROOT, 'scripts', 'main-job.sh'), '--stack', stack, ...args], { cwd: REPO_ROOT, env });
}

function progress(result: RunResult): string[] {
  return result.stdout.split('\n').filter((l) => l.startsWith('[up] '));
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(() => mkdirSync(base, { recursive: true }));
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
  rmSync(join(REPO_ROOT, '.pulumi-state', 'config', `Pulumi.${stack}.yaml`), { force: true });
});

test('rejects an unknown argument with a clear message', async () => {
  const result = await mainJob(['--bogus']);
  expect(result.code).toBe(1);
  expect(result.stderr).toBe('[up] error: unknown argument "--bogus" (known: --keep-running, --stack NAME, --help)\n');
});

test('npm run up brings up the baseline organization, prints every step and the outputs, and stops the emulator', async () => {
  const result = await mainJob();
  if (result.code !== 0) throw new Error(`main job failed:\n${result.stdout}\n${result.stderr}`);
  const lines = progress(result);
  const expected = [
    /^\[up\] npm packages already installed$/,
    /^\[up\] building sdk, emulator and provider \(tsc -b\)\.\.\.$/,
    /^\[up\] ensuring the Pulumi CLI \(scripts\/ensure-pulumi\.sh\)\.\.\.$/,
    /^\[up\] pulumi v3\.\d+\.\d+ from .+; state in /,
    /^\[up\] starting the emulator \(seed emulator\/seeds\/example\.json, data in /,
    /^\[up\] emulator listening at http:\/\/127\.0\.0\.1:\d+ \(pid \d+\)$/,
    /^\[up\] organization [0-9a-f-]+, API key [0-9a-f]{12}\.\.\., on-ramp encryption key [0-9a-f]{12}\.\.\.$/,
    new RegExp(`^\\[up\\] creating stack ${stack}\\.\\.\\.$`),
    /^\[up\] configuring the stack from .*credentials\.json \(the private key as a secret\)\.\.\.$/,
    /^\[up\] generating a sandbox on-ramp secret key \(kept as a stack secret\)\.\.\.$/,
    new RegExp(`^\\[up\\] pulumi up --yes \\(stack ${stack}\\)\\.\\.\\.$`),
    /^\[up\] stack outputs:$/,
    /^\[up\] checking that a second run would change nothing \(pulumi preview --expect-no-changes\)\.\.\.$/,
    /^\[up\] no changes pending$/,
    /^\[up\] stopping the emulator \(pid \d+\)\.\.\.$/,
    /^\[up\] done$/,
  ];
  expect(lines).toHaveLength(expected.length);
  lines.forEach((line, i) => expect(line).toMatch(expected[i]!));
  expect(result.stdout).toMatch(/Resources:\n\s+\+ 11 created/);

  // The outputs, printed as JSON after "stack outputs:".
  const json = result.stdout.slice(
    result.stdout.indexOf('[up] stack outputs:\n') + '[up] stack outputs:\n'.length,
    result.stdout.indexOf('[up] checking'),
  );
  const outputs = JSON.parse(json) as Record<string, unknown>;
  expect(Object.keys(outputs).sort()).toEqual([
    'approversTagId',
    'ciDeployer',
    'fiatOnRampCredentialId',
    'ipAllowlist',
    'policyIds',
    'privateKeyTags',
    'rootQuorum',
    'sessionProfiles',
    'wallets',
    'webhookEndpointId',
  ]);
  const seed = JSON.parse(readFileSync(join(REPO_ROOT, 'emulator', 'seeds', 'example.json'), 'utf8')) as {
    wallets: Array<{ walletName: string }>;
  };
  expect((outputs.wallets as Array<{ name: string }>).map((w) => w.name).sort()).toEqual(seed.wallets.map((w) => w.walletName).sort());

  // The emulator is stopped and its pid file gone; its state stays for the next run.
  const pid = Number(/emulator listening at \S+ \(pid (\d+)\)/.exec(result.stdout)?.[1]);
  expect(processAlive(pid)).toBe(false);
  expect(existsSync(join(base, 'data', 'emulator.pid'))).toBe(false);
  expect(existsSync(join(base, 'data', 'credentials.json'))).toBe(true);
  // The private key went to the stack config encrypted, never as plain text.
  const credentials = JSON.parse(readFileSync(join(base, 'data', 'credentials.json'), 'utf8')) as { apiPrivateKey: string };
  const stackConfig = readFileSync(join(REPO_ROOT, '.pulumi-state', 'config', `Pulumi.${stack}.yaml`), 'utf8');
  expect(stackConfig).toContain('walletinfra:apiPrivateKey:\n    secure: ');
  expect(stackConfig).not.toContain(credentials.apiPrivateKey);
});

test('running it again changes nothing', async () => {
  const result = await mainJob();
  if (result.code !== 0) throw new Error(`main job failed:\n${result.stdout}\n${result.stderr}`);
  const lines = progress(result);
  expect(lines).toContain(`[up] using stack ${stack}`);
  expect(lines).not.toContain('[up] generating a sandbox on-ramp secret key (kept as a stack secret)...');
  expect(lines).toContain('[up] no changes pending');
  expect(result.stdout).toMatch(/Resources:\n\s+11 unchanged/);
  expect(result.stdout).not.toMatch(/[+~-] \d+ (created|updated|deleted|to create|to update|to delete)/);
});
