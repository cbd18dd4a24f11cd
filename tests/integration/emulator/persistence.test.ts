// Persistence and the command line: state in SQLite under the data dir
// survives a restart; credentials.json is written with mode 0600; the CLI starts, reports, and stops cleanly.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { EmulatorOptionsError, SeedError, startEmulator } from '@walletinfra/emulator';
import { adminHeaders, envelope, stampedPost } from '../../support/emulator';

const ROOT = join(__dirname, '..', '..', '..');
const SEED = join(ROOT, 'emulator', 'seeds', 'example.json');
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'walletinfra-emulator-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('a restart on the same data dir keeps the organization, its key, its resources and the emulator keys', async () => {
  const first = await startEmulator({ dataDir: dir, seed: SEED });
  const created = await stampedPost(
    first,
    '/public/v1/submit/create_policy',
    envelope(first, 'ACTIVITY_TYPE_CREATE_POLICY_V3', { policyName: 'kept', effect: 'EFFECT_ALLOW', notes: '' }, Date.now()),
  );
  expect(created.status).toBe(200);
  const jwks: unknown = await (await fetch(`${first.baseUrl}/public/v1/discovery/webhooks/jwks`)).json();
  const dump = first.store.dump();
  const credentials = first.credentials;
  await first.close();

  const second = await startEmulator({ dataDir: dir, seed: SEED });
  try {
    // the same organization and key; new URLs and a new admin token on every start
    expect(second.credentials).toEqual({
      ...credentials,
      baseUrl: second.baseUrl,
      authProxyUrl: second.authProxyUrl,
      adminUrl: second.adminUrl,
      adminToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as unknown,
    });
    expect(second.credentials.adminToken).not.toBe(credentials.adminToken);
    expect(second.store.dump()).toEqual(dump); // the seed is not applied twice
    expect(await (await fetch(`${second.baseUrl}/public/v1/discovery/webhooks/jwks`)).json()).toEqual(jwks);
    expect(second.onRampEncryptionPublicKey).toBe(first.onRampEncryptionPublicKey);
    const got = await stampedPost(second, '/public/v1/query/get_activity', {
      organizationId: credentials.organizationId,
      activityId: created.activity.id,
    });
    expect(got.activity).toEqual(created.activity);
    const file = join(dir, 'credentials.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(second.credentials);
    expect(statSync(join(dir, 'emulator.db')).isFile()).toBe(true);
  } finally {
    await second.close();
  }
});

test('a seed that fails at first start leaves nothing behind: the next start applies the fixed seed', async () => {
  await expect(
    startEmulator({
      dataDir: dir,
      seed: {
        wallets: [
          {
            walletName: 'w',
            accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: 'x', addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }],
          },
        ],
      },
    }),
  ).rejects.toThrow(new SeedError("seed.wallets[0].accounts[0].path: must be a BIP-32 path such as m/44'/60'/0'/0/0"));
  const emu = await startEmulator({ dataDir: dir, seed: SEED });
  try {
    expect(emu.store.wallets.all().map((w) => w.walletName)).toEqual(['Treasury', 'Payroll', 'Customer 1001 wallet']);
  } finally {
    await emu.close();
  }
});

test('rootApiKey must match the key a data dir was created with', async () => {
  const first = await startEmulator({ dataDir: dir });
  const key = { publicKey: first.credentials.apiPublicKey, privateKey: first.credentials.apiPrivateKey };
  await first.close();
  const same = await startEmulator({ dataDir: dir, rootApiKey: key });
  await same.close();
  await expect(
    startEmulator({ dataDir: dir, rootApiKey: { publicKey: '02' + 'ab'.repeat(32), privateKey: 'cd'.repeat(32) } }),
  ).rejects.toThrow(
    new EmulatorOptionsError(
      'invalid emulator options: rootApiKey differs from the key this data dir was created with; omit rootApiKey or use another data dir',
    ),
  );
});

test('options are strict: an unknown option lists the known ones', async () => {
  await expect(startEmulator({ prot: 1 } as never)).rejects.toThrow(
    new EmulatorOptionsError(
      'invalid emulator options: unknown option "prot"; known: port, authProxyPort, host, dataDir, credentialsFile, seed, faults, allowLoopbackWebhooks, clock, random, sleep, randomSeed, livenessWindowMs, maxBodyBytes, deliveryMode, deliveryRetry, fetch, rootApiKey, log',
    ),
  );
  await expect(startEmulator({ seed: { users: [{ userName: '' }] } })).rejects.toThrow(
    new SeedError('seed.users[0].userName must not be empty, got ""'),
  );
});

test('a seed is checked at every start, though applied only to a new organization', async () => {
  const first = await startEmulator({ dataDir: dir });
  await first.close();
  await expect(startEmulator({ dataDir: dir, seed: { wallets: [{ walletName: 'w', accounts: {} as never }] } })).rejects.toThrow(
    new SeedError('seed.wallets[0].accounts must be an array, got an object'),
  );
  await expect(startEmulator({ dataDir: dir, seed: join(dir, 'missing.json') })).rejects.toThrow(
    new EmulatorOptionsError(
      `invalid emulator options: seed must be the path of a readable JSON file, got ${JSON.stringify(join(dir, 'missing.json'))} (ENOENT)`,
    ),
  );
});

test('fault rules given later through faults.set are checked like the option', async () => {
  const emu = await startEmulator();
  try {
    expect(() => emu.faults.set({ seed: 1, rules: [{ path: '/x' }, { path: '/y', pendingPolls: 0 }] })).toThrow(
      new EmulatorOptionsError('invalid emulator options: faults.rules[1].pendingPolls must be an integer from 1 to 1000, got 0'),
    );
    expect(emu.faults.describe()).toEqual({ rules: [] });
  } finally {
    await emu.close();
  }
});

describe('walletinfra-emulator CLI', () => {
  function run(args: string[]) {
    const child = spawn(
      process.execPath,
      ['-r', join(__dirname, '..', '..', 'support', 'ts-register-src.js'), join(ROOT, 'emulator', 'src', 'cli.ts'), ...args],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const firstLine = new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
    return { child, exited, firstLine, stderr: () => stderr };
  }

  test('--json prints one line when ready, the API answers, SIGTERM exits 0', async () => {
    const cli = run(['--port', '0', '--data-dir', dir, '--seed', SEED, '--json']);
    const ready = JSON.parse(await cli.firstLine) as Record<string, string>;
    expect(ready).toEqual({
      baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) as unknown,
      authProxyUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) as unknown,
      adminUrl: `${ready.baseUrl}/__admin`,
      organizationId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      credentialsFile: join(dir, 'credentials.json'),
    });
    const credentials = JSON.parse(readFileSync(join(dir, 'credentials.json'), 'utf8')) as { baseUrl: string; adminToken: string };
    expect(credentials.baseUrl).toBe(ready.baseUrl);
    expect(await (await fetch(`${ready.adminUrl}/health`, { headers: adminHeaders({ credentials }) })).json()).toEqual({
      status: 'ok',
      organizationId: ready.organizationId,
    });
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  test('without a data dir the credentials (admin token included) go to a private 0600 file, removed on exit', async () => {
    const cli = run(['--port', '0', '--json']);
    const ready = JSON.parse(await cli.firstLine) as { adminUrl: string; credentialsFile: string };
    const file = ready.credentialsFile;
    expect(file).toMatch(/walletinfra-emulator-[^/]+\/credentials\.json$/);
    expect([statSync(file).mode & 0o777, statSync(dirname(file)).mode & 0o777]).toEqual([0o600, 0o700]);
    const credentials = JSON.parse(readFileSync(file, 'utf8')) as { adminToken: string };
    expect((await fetch(`${ready.adminUrl}/health`, { headers: adminHeaders({ credentials }) })).status).toBe(200);
    expect((await fetch(`${ready.adminUrl}/health`)).status).toBe(401);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
    expect(existsSync(dirname(file))).toBe(false);
  });

  test('human output says where it listens', async () => {
    const cli = run(['--port', '0']);
    expect(await cli.firstLine).toBe('walletinfra emulator listening');
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
  });

  test.each([
    [
      ['--bogus'],
      'walletinfra-emulator: unknown option "--bogus"; known: --port, --auth-proxy-port, --host, --data-dir, --seed, --faults, --allow-loopback-webhooks, --webhook-delivery, --liveness-window-ms, --json, --help',
    ],
    [['--port', 'eighty'], 'walletinfra-emulator: --port must be a port number from 0 to 65535, got "eighty"'],
    [['--seed'], 'walletinfra-emulator: --seed needs a value (FILE)'],
    [
      ['--faults', '/nonexistent/faults.json'],
      'walletinfra-emulator: --faults must be the path of a readable JSON file, got "/nonexistent/faults.json" (ENOENT)',
    ],
  ])('bad flags %j exit 2 with a clear message', async (args, message) => {
    const cli = run(args);
    expect(await cli.exited).toBe(2);
    expect(cli.stderr().split('\n')[0]).toBe(message);
    expect(cli.stderr()).toContain('Usage: walletinfra-emulator [options]');
  });

  // each refusal is printed once, alone (no stack trace, no usage), and the exit code is 1
  test.each([
    [
      'a seed file with an unknown key',
      { seed: { users: [], userTgas: ['ops'] } },
      'walletinfra-emulator: unknown seed field "userTgas"; known: organization, authProxy, userTags, users, privateKeyTags, privateKeys, wallets, sessionProfiles, smartContractInterfaces, velocityControls, policies, ipAllowlist, subOrganizations, solanaTransactions, earnWrappers',
    ],
    [
      'a seed file with a nested field of the wrong type',
      { seed: { users: [{ userName: 'a', apiKeys: [{ apiKeyName: 'k', publicKey: '02ab', expirationSeconds: 60 }] }] } },
      'walletinfra-emulator: seed.users[0].apiKeys[0].expirationSeconds must be a string of decimal digits, got 60',
    ],
    [
      'a faults file with a bad rule',
      {
        faults: {
          rules: [
            { path: '/public/v1/submit/*', status: 503 },
            { path: '/x', probability: '0.5' },
          ],
        },
      },
      'walletinfra-emulator: invalid emulator options: faults.rules[1].probability must be a number from 0 to 1, got "0.5"',
    ],
  ])('%s exits 1 naming the field', async (_what, files, message) => {
    const args = ['--port', '0'];
    for (const [flag, content] of Object.entries(files)) {
      const file = join(dir, `${flag}.json`);
      writeFileSync(file, JSON.stringify(content));
      args.push(`--${flag}`, file);
    }
    const cli = run(args);
    expect(await cli.exited).toBe(1);
    expect(cli.stderr()).toBe(`${message}\n`);
  });
});
