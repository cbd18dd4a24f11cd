// A recording of an organization that has data of its own, with requests that overlapped, replays with no
// difference: the organization's content is not the emulator's shape, and the order the service ran the
// requests in is read from what the answers contain, not from when they started. The recording is synthetic:
// the emulator's own run (tests/fixtures/recordings/emulator-acceptance.jsonl) with the answers an organization
// in use gives (OAuth settings in its wallet-kit configuration, a Solana transaction history, a key named in
// capitals, a person with an OAuth identity and a passkey), a list recorded as starting before the create whose
// object it answers with, and a read recorded as starting after the delete of the object it answers with. Shared with the organization's id hidden, it still replays.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDENTIFIER_PLACEHOLDER, parseRecording, Redactor, type RecordedExchange, type RecordingHeader } from '@walletinfra/sdk/recording';
import { main } from '../../acceptance/cli';
import { fidelity, type FidelityReport } from '../../acceptance/fidelity/cli';
import { replayOrder } from '../../acceptance/fidelity/replay';

jest.setTimeout(120_000);

const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'recordings', 'emulator-acceptance.jsonl');

type Body = Record<string, unknown>;

/** A Solana transaction with every field the published types allow (docs.turnkey.com, list_sol_transaction_history). */
function transaction(n: number): Body {
  return {
    signature: `5VfYmGBjvxKjKjuxV7XFQTdLX2L5VVXJGVCbNH1ZyHUJKpYzKhXY3GnNj3nG1N4Z9b${n}`,
    block: { number: String(280_000_000 + n), hash: `Gh5Kq${n}`, timestamp: '2026-03-01T10:00:00Z' },
    status: n % 2 === 0 ? 'CONFIRMED' : 'FINALIZED',
    origin: 'TURNKEY',
    feePayer: 'GpAN18bdsLw4DivyMvMu8gtXjDsbrzT28JKKLqyAyi6C',
    signers: [{ address: 'GpAN18bdsLw4DivyMvMu8gtXjDsbrzT28JKKLqyAyi6C', writable: true }],
    fee: { amount: '5000', caip19: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/slip44:501' },
    transfers: [
      {
        direction: 'OUT',
        asset: { caip19: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/slip44:501', symbol: 'SOL', name: 'Solana', decimals: 9 },
        amount: '1000000',
        counterparty: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
        display: { crypto: '0.001', usd: '0.15' },
      },
    ],
    turnkey: { sponsored: false, activityFingerprint: `sha256:${n}`, submittedAt: '2026-03-01T09:59:58Z' },
    executionFailed: false,
  };
}

const STAMP = { seconds: '1772359200', nanos: '0' };

/** A user of the organization: a person with an OAuth identity, a passkey and an email address. */
function person(): Body {
  return {
    userId: '7d1c44a0-8f0e-4c55-9b7e-2f6a1c0d9e11',
    userName: 'redacted-0a1b2c3d4e5f',
    userEmail: 'redacted-5f4e3d2c1b0a@example.com',
    authenticators: [
      {
        transports: ['AUTHENTICATOR_TRANSPORT_INTERNAL', 'AUTHENTICATOR_TRANSPORT_HYBRID'],
        attestationType: 'none',
        aaguid: 'fbfc3007-154e-4ecc-8c0b-6e020557d7bd',
        credentialId: 'AQIDBAUGBwgJCgsMDQ4PEA',
        model: 'iCloud Keychain',
        credential: { publicKey: '02' + 'ab'.repeat(32), type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR' },
        authenticatorId: '3c9f0f6e-54b0-4f1d-9a55-1e2d3c4b5a69',
        authenticatorName: 'redacted-112233445566',
        createdAt: STAMP,
        updatedAt: STAMP,
      },
    ],
    apiKeys: [],
    userTags: [],
    oauthProviders: [
      {
        providerId: '9e8d7c6b-5a49-4382-8716-f5e4d3c2b1a0',
        providerName: 'Google',
        issuer: 'https://accounts.google.com',
        audience: '1234-abcd.apps.googleusercontent.com',
        subject: 'redacted-665544332211',
        createdAt: STAMP,
        updatedAt: STAMP,
      },
    ],
    createdAt: STAMP,
    updatedAt: STAMP,
    mfaPolicies: [],
  };
}

/** The emulator's run, as an organization in use would have answered it, with one list and one create overlapping. */
function organizationInUse(): {
  header: RecordingHeader;
  exchanges: RecordedExchange[];
  moved: { list: RecordedExchange; create: RecordedExchange; read: RecordedExchange; delete: RecordedExchange };
} {
  const { header, exchanges } = parseRecording(readFileSync(FIXTURE, 'utf8'));
  for (const e of exchanges) {
    const body = e.response as Body | undefined;
    if (body === undefined || e.status !== 200) continue;
    if (e.operation === 'get_wallet_kit_config')
      Object.assign(body, {
        enabledProviders: ['google', 'apple', 'email', 'passkey'],
        oauthClientIds: { google: '1234-abcd.apps.googleusercontent.com', apple: 'com.acme.wallet' },
        oauthRedirectUrl: 'https://wallet.acme.example/redacted-0c1d2e3f4a5b',
        otpAlphanumeric: true,
        otpLength: '8',
        sessionExpirationSeconds: '1800',
      });
    if (e.operation === 'list_sol_transaction_history')
      Object.assign(body, {
        transactions: [transaction(1), transaction(2)],
        pageInfo: { hasNextPage: true, hasPreviousPage: false, startCursor: 'c1', endCursor: 'c2' },
      });
    // A person who signs in with Google and a passkey, and has an email address (placeholders, as recorded).
    if (e.operation === 'list_users') (body.users as Body[]).push(person());
    if (e.operation === 'get_api_key' && (body.apiKey as Body).apiKeyName === 'emulator root key')
      (body.apiKey as Body).apiKeyName = 'ACME_CI_DEPLOY';
    if (e.operation === 'get_organization_configs')
      (body.configs as Body).features = [{ name: 'FEATURE_NAME_EMAIL_AUTH', value: 'true' }, { name: 'FEATURE_NAME_WEBHOOK' }];
  }
  // A list of policies that the service ran after a create although it was sent first: recorded as starting
  // before the create, and answering with the created policy beside one made before (which a replay in start
  // order would take the created policy's id for: their notes and condition are the same).
  const byStart = [...exchanges].sort((a, b) => a.startedAt - b.startedAt);
  const policyOf = (e: RecordedExchange) =>
    (e.response as { activity: { result: { createPolicyResult: { policyId: string } } } }).activity.result.createPolicyResult.policyId;
  const listing = (create: RecordedExchange) =>
    byStart.find(
      (e) =>
        e.operation === 'list_policies' &&
        e.startedAt > create.startedAt &&
        JSON.stringify(e.response).includes(policyOf(create)) &&
        (e.response as { policies: unknown[] }).policies.length > 1,
    );
  const create = [...byStart].reverse().find((e) => e.operation === 'create_policy' && e.status === 200 && listing(e) !== undefined);
  const list = create === undefined ? undefined : listing(create);
  if (create === undefined || list === undefined) throw new Error('the fixture has no list of policies after a create');
  const end = create.startedAt + create.durationMs;
  list.startedAt = create.startedAt - 1;
  list.durationMs = end - list.startedAt + 5;
  // A read of a policy that the service ran before the policy's delete although it was sent after: recorded as
  // starting while the delete was under way, and answering with the policy (a replay in start order gets 404).
  const idOf = (e: RecordedExchange) => JSON.stringify(e.request).match(/"policyId":"([^"]+)"/)?.[1];
  const deleted = byStart.filter((e) => e.operation === 'delete_policy' && e.status === 200);
  const read = [...byStart]
    .reverse()
    .find((e) => e.operation === 'get_policy' && e.status === 200 && deleted.some((d) => idOf(d) === idOf(e) && d.startedAt > e.startedAt));
  const del = deleted.find((d) => read !== undefined && idOf(d) === idOf(read));
  if (read === undefined || del === undefined) throw new Error('the fixture has no read of a policy it then deletes');
  del.durationMs = Math.max(del.durationMs, 4);
  read.startedAt = del.startedAt + 1;
  read.durationMs = 2;
  return { header, exchanges, moved: { list, create, read, delete: del } };
}

test('an organization with data of its own, and overlapping requests, replay with no difference', async () => {
  const { header, exchanges, moved } = organizationInUse();
  // The list started first, and is replayed after the create whose policy it answers with; the read started
  // second, and is replayed before the delete of the policy it answers with.
  const order = replayOrder(exchanges);
  expect(order.indexOf(moved.list)).toBeGreaterThan(order.indexOf(moved.create));
  expect(order.indexOf(moved.read)).toBeLessThan(order.indexOf(moved.delete));
  const text = [header, ...exchanges].map((l) => JSON.stringify(l)).join('\n');
  const lines: string[] = [];
  const { reports, differences } = await fidelity([{ file: 'organization-in-use.jsonl', text }], { out: (l) => lines.push(l) });
  expect(reports[0]?.operations.filter((o) => o.differences.length > 0)).toEqual([]);
  expect(differences).toBe(0);
  expect(lines.join('\n')).toMatch(/ {2}no differences in \d+ operations$/);
});

test('with the organization id hidden it replays too; where the types are firm the shape still counts, each difference with its lines and request ids', async () => {
  const { header, exchanges } = organizationInUse();
  // The service without a field the types require, with one they do not declare, and a declared enum changed.
  const kit = exchanges.find((e) => e.operation === 'get_wallet_kit_config') as RecordedExchange;
  delete (kit.response as Body).sessionExpirationSeconds;
  (kit.response as Body).captchaEnabled = true;
  const status = exchanges.find((e) => e.operation === 'create_user_tag' && e.status === 200) as RecordedExchange;
  ((status.response as Body).activity as Body).status = 'ACTIVITY_STATUS_CONSENSUS_NEEDED';
  const organizationId = header.identity.organizationId;
  // What the recording tool writes with --redact-organization: the same redactor, told to hide the id.
  const redactor = new Redactor({ identifiers: [organizationId] });
  const hidden = redactor.text(organizationId);
  expect(hidden).toMatch(IDENTIFIER_PLACEHOLDER);
  // And an undeclared field in every answer of an operation sent more often than the terminal lists.
  const allowlists = exchanges.filter((e) => e.operation === 'get_ip_allowlist' && e.status === 200);
  expect(allowlists.length).toBeGreaterThan(5);
  for (const e of allowlists) (e.response as { allowlist: Body }).allowlist.etag = 'W/"1"';
  const text = [
    { ...header, identity: { ...header.identity, organizationId: hidden } },
    ...exchanges.map((e) => ({ ...e, request: redactor.json(e.request), response: redactor.json(e.response) })),
  ]
    .map((l) => JSON.stringify(l))
    .join('\n');
  expect(text).not.toContain(organizationId);
  expect(text.split(hidden).length - 1).toBeGreaterThan(exchanges.length);

  const dir = mkdtempSync(join(tmpdir(), 'fidelity-'));
  const printed: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => (printed.push(String(chunk)), true));
  try {
    const recording = join(dir, 'hidden.jsonl');
    writeFileSync(recording, text);
    expect(await main(['fidelity', '--report', join(dir, 'report.json'), recording])).toBe(1);
    const [report] = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as FidelityReport[];
    // The planted differences are the only ones: the hidden id maps onto the emulator's organization like any id.
    const found = report?.operations.filter((o) => o.differences.length > 0) ?? [];
    expect(found.map((o) => [o.operation, o.differences.map((d) => d.text)])).toEqual([
      [
        'create_user_tag',
        ['field activity.status: the service sends ACTIVITY_STATUS_CONSENSUS_NEEDED, the emulator ACTIVITY_STATUS_COMPLETED'],
      ],
      ['get_ip_allowlist', ['field allowlist.etag: the service sends it (string), the emulator does not']],
      [
        'get_wallet_kit_config',
        [
          'field captchaEnabled: the service sends it (boolean), the emulator does not',
          'field sessionExpirationSeconds: the emulator sends it (string), the service does not',
        ],
      ],
    ]);
    // Every exchange that shows one, by its line in the recording and its request id, none left out.
    const lines = text.split('\n');
    const difference = found.find((o) => o.operation === 'get_ip_allowlist')?.differences[0];
    expect(difference?.lines.map((n) => JSON.parse(lines[n - 1] ?? '{}') as RecordedExchange).map((e) => e.requestId)).toEqual(
      difference?.requestIds,
    );
    expect([...(difference?.requestIds ?? [])].sort()).toEqual(allowlists.map((e) => e.requestId).sort());
    // The terminal lists the first five and counts the rest.
    const shown =
      printed
        .join('')
        .split('\n')
        .find((l) => l.includes('allowlist.etag')) ?? '';
    expect(shown).toContain(`[line ${difference?.lines[0]} (request ${difference?.requestIds[0]}), line `);
    expect(shown).toMatch(new RegExp(`, \\+${allowlists.length - 5} more\\]$`));
  } finally {
    write.mockRestore();
    rmSync(dir, { recursive: true, force: true });
  }
});
