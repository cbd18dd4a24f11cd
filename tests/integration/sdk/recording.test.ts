// A recording of real exchanges between the sdk's client and the emulator, with planted secrets and personal
// data: every exchange is there (operation, bodies, status, timing, the request id), and none of what was
// planted is, nor the stamp or the API private key. The same holds when the recording is switched on by the
// environment, as the Pulumi provider's processes do (installRecordingFromEnv).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encryptOnRampSecret, generateApiKeyPair } from '@walletinfra/sdk/crypto';
import { installRecordingFromEnv, RECORDING_ENV } from '@walletinfra/sdk/process';
import { parseRecording, Redactor, recordExchanges, REDACTION_SUMMARY, writeRecordingHeader } from '@walletinfra/sdk/recording';
import { clientFor, useTestEmulator } from '../../support/emulator';

const emu = useTestEmulator();
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'walletinfra-recording-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const PLANTED = {
  onRampSecret: 'sk_live_planted_0123456789abcdef',
  email: 'grace.hopper@navy.example.org',
  phone: '+447700900777',
  userName: 'Grace Hopper',
};

/** Writes through the client: a user with personal data, an on-ramp credential with a ciphertext, a failing read. */
async function exchanges(): Promise<{ ciphertext: string; apiKeyPrivate: string }> {
  const client = clientFor(emu);
  const userKey = generateApiKeyPair();
  try {
    await client.createUsers({
      users: [
        {
          userName: PLANTED.userName,
          userEmail: PLANTED.email,
          userPhoneNumber: PLANTED.phone,
          apiKeys: [{ apiKeyName: 'laptop', publicKey: userKey.publicKey, curveType: 'API_KEY_CURVE_P256' }],
          authenticators: [],
          oauthProviders: [],
          userTags: [],
        },
      ],
    });
    const ciphertext = encryptOnRampSecret(PLANTED.onRampSecret, emu.onRampEncryptionPublicKey);
    await client.createFiatOnRampCredential({
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
      publishableApiKey: 'pk_test_visible',
      encryptedSecretApiKey: ciphertext,
      sandboxMode: true,
    });
    await client.listUsers({});
    await client.listFiatOnRampCredentials({});
    await expect(client.getPolicy({ policyId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ status: 404 });
    return { ciphertext, apiKeyPrivate: userKey.privateKey };
  } finally {
    await client.close();
  }
}

function assertClean(text: string, planted: readonly string[]): void {
  for (const value of planted) expect([value, text.includes(value)]).toEqual([value, false]);
  // No stamp (request headers are not recorded at all), and no signature (a vote's is redacted).
  expect(text).not.toMatch(/x-stamp/i);
  expect(text).not.toMatch(/"signature":"(?!<redacted:)/);
}

test('every exchange is recorded, with its request id, and no planted secret or personal data', async () => {
  const file = join(dir, 'recording.jsonl');
  writeRecordingHeader(file, {
    format: 'walletinfra-recording',
    version: 1,
    startedAt: '2026-03-14T09:15:00.000Z',
    service: emu.baseUrl,
    identity: { organizationId: emu.credentials.organizationId, apiPublicKey: emu.credentials.apiPublicKey },
    tool: 'test',
    redaction: REDACTION_SUMMARY,
  });
  const recorder = recordExchanges({
    file,
    process: 'test',
    redactor: new Redactor({ secrets: [emu.credentials.apiPrivateKey] }),
    step: () => 'planted',
  });
  let planted: { ciphertext: string; apiKeyPrivate: string };
  try {
    planted = await exchanges();
  } finally {
    recorder.stop();
  }
  const text = readFileSync(file, 'utf8');
  assertClean(text, [...Object.values(PLANTED), planted.ciphertext, planted.apiKeyPrivate, emu.credentials.apiPrivateKey]);

  const { header, exchanges: recorded } = parseRecording(text);
  expect(header.service).toBe(emu.baseUrl);
  expect(recorded.map((e) => [e.operation, e.status, e.step, e.process, e.attempt])).toEqual([
    ['create_users', 200, 'planted', 'test', 1],
    ['create_fiat_on_ramp_credential', 200, 'planted', 'test', 1],
    ['list_users', 200, 'planted', 'test', 1],
    ['list_fiat_on_ramp_credentials', 200, 'planted', 'test', 1],
    ['get_policy', 404, 'planted', 'test', 1],
  ]);
  for (const e of recorded) {
    expect(e.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(e.durationMs).toBeGreaterThanOrEqual(0);
    expect(e.path).toBe(
      `/public/v1/${e.operation === 'get_policy' || e.operation.startsWith('list_') ? 'query' : 'submit'}/${e.operation}`,
    );
  }
  // What is not secret is kept as it was sent: the intent's other fields, the error the service answered.
  expect(JSON.stringify(recorded[1]?.request)).toContain('pk_test_visible');
  expect(recorded[4]?.response).toMatchObject({ code: 5 });
  // The user's name and contact details stand in the request and in the list alike, with the same placeholders.
  const created = (recorded[0]?.request as { parameters: { users: Array<{ userEmail: string; userName: string }> } }).parameters.users[0];
  const listed = JSON.stringify(recorded[2]?.response);
  expect(listed).toContain(created?.userEmail);
  expect(listed).toContain(created?.userName);
});

test('a process records from its environment: the same file, the step it was given, the API private keys in it never written', async () => {
  const file = join(dir, 'from-env.jsonl');
  const recorder = installRecordingFromEnv('provider', {
    [RECORDING_ENV.file]: file,
    [RECORDING_ENV.key]: 'ab'.repeat(32),
    [RECORDING_ENV.step]: 'pulumi up',
    WALLETINFRA_API_PRIVATE_KEY: emu.credentials.apiPrivateKey,
  });
  expect(recorder).toBeDefined();
  let planted: { ciphertext: string; apiKeyPrivate: string };
  try {
    planted = await exchanges();
  } finally {
    recorder?.stop();
  }
  const text = readFileSync(file, 'utf8');
  assertClean(text, [...Object.values(PLANTED), planted.ciphertext, planted.apiKeyPrivate, emu.credentials.apiPrivateKey]);
  const lines = text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { process: string; step: string });
  expect(lines).toHaveLength(5);
  expect(new Set(lines.map((l) => `${l.process}/${l.step}`))).toEqual(new Set(['provider/pulumi up']));
  // Off unless asked.
  expect(installRecordingFromEnv('provider', {})).toBeUndefined();
});

test("a process told to hide the organization's id writes it nowhere, and the same placeholder as the others", async () => {
  const file = join(dir, 'hidden.jsonl');
  const organizationId = emu.credentials.organizationId;
  const env = { [RECORDING_ENV.file]: file, [RECORDING_ENV.key]: 'cd'.repeat(32), [RECORDING_ENV.hide]: organizationId };
  const recorder = installRecordingFromEnv('provider', env);
  try {
    await exchanges();
  } finally {
    recorder?.stop();
  }
  const text = readFileSync(file, 'utf8');
  expect(text).not.toContain(organizationId);
  // What the run's own redactor (same key, same id) writes in the header and its lines.
  const hidden = new Redactor({ key: new Uint8Array(Buffer.from('cd'.repeat(32), 'hex')), identifiers: [organizationId] }).text(
    organizationId,
  );
  expect(text.split(`"organizationId":"${hidden}"`).length - 1).toBeGreaterThanOrEqual(5);
});
