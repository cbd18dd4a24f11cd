// Holding the emulator to recordings: every recording under tests/fixtures/recordings/ replays against a fresh
// emulator with no difference in the shape of any answer, and a recording edited to differ (a field the
// service sent and the emulator does not, another error code, another enum value, another status) is reported
// precisely: the operation, the field or the code, both values, and which exchange (its line in the recording and
// its request's id).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseRecording, type RecordedExchange } from '@walletinfra/sdk/recording';
import { fidelity } from '../../acceptance/fidelity/cli';
import { replayOrder } from '../../acceptance/fidelity/replay';
import { requestIdOf } from '../../acceptance/report';

const DIR = join(__dirname, '..', '..', 'fixtures', 'recordings');
const FIXTURE = 'emulator-acceptance.jsonl';

jest.setTimeout(120_000);

const recordings = readdirSync(DIR).filter((f) => f.endsWith('.jsonl'));

test('there is a recording to hold the emulator to', () => {
  expect(recordings).toContain(FIXTURE);
});

test.each(recordings)('%s replays with no difference', async (file) => {
  const lines: string[] = [];
  const { differences, reports } = await fidelity([{ file, text: readFileSync(join(DIR, file), 'utf8') }], { out: (l) => lines.push(l) });
  expect(reports[0]?.operations.filter((o) => o.differences.length > 0)).toEqual([]);
  expect(differences).toBe(0);
  expect(lines.join('\n')).toMatch(/ {2}no differences in \d+ operations$/);
});

/** The fixture with edits, each edited exchange's line in the recording, and its request's id (the report names both). */
function edited(edits: Array<{ pick: (e: RecordedExchange) => boolean; change: (e: RecordedExchange) => void }>): {
  text: string;
  at: number[];
  ids: string[];
} {
  const text = readFileSync(join(DIR, FIXTURE), 'utf8');
  const { header, exchanges } = parseRecording(text);
  // The first exchange of each kind in the order the replay sends them.
  const order = replayOrder(exchanges);
  const targets = edits.map(({ pick, change }) => {
    const target = order.find(pick);
    if (target === undefined) throw new Error('the fixture has no exchange to edit');
    change(target);
    return target;
  });
  return {
    text: [header, ...exchanges].map((l) => JSON.stringify(l)).join('\n'),
    at: targets.map((t) => exchanges.indexOf(t) + 2),
    ids: targets.map((t) => requestIdOf(t) ?? ''),
  };
}

/** The recorded JSON, edited by hand. */
type Body = Record<string, unknown>;
const activityOf = (e: RecordedExchange): Body => (e.response as { activity: Body }).activity;

test('planted differences are each reported, in their operation, with both values and the exchange', async () => {
  const firstCreate = (e: RecordedExchange) => e.operation === 'create_policy' && e.status === 200;
  const probe404 = (e: RecordedExchange) => e.operation === 'get_policy' && e.status === 404;
  const firstList = (e: RecordedExchange) => e.operation === 'list_webhook_endpoints' && e.status === 200;
  const firstTag = (e: RecordedExchange) => e.operation === 'create_private_key_tag' && e.status === 200;
  const { text, at, ids } = edited([
    // The service's create answer had no fingerprint: the emulator sends a field the service does not.
    { pick: firstCreate, change: (e) => delete activityOf(e).fingerprint },
    // The service answered the missing policy with another code and message.
    { pick: probe404, change: (e) => Object.assign(e.response as Body, { code: 9, message: 'policy not found: check the id' }) },
    // The service named a field the emulator does not send, in a list it answered.
    { pick: firstList, change: (e) => ((e.response as Body).etag = 'W/"1"') },
    // The service named the activity's type with another version.
    { pick: firstTag, change: (e) => (activityOf(e).type = 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG_V2') },
  ]);
  const lines: string[] = [];
  const { reports, differences } = await fidelity([{ file: 'planted.jsonl', text }], { out: (l) => lines.push(l) });
  const report = reports[0];
  if (report === undefined) throw new Error('no report');
  const found = report.operations.filter((o) => o.differences.length > 0).map((o) => [o.operation, o.differences]);
  expect(found).toEqual([
    [
      'create_policy',
      [
        {
          text: 'field activity.fingerprint: the emulator sends it (string), the service does not',
          lines: [at[0]],
          requestIds: [ids[0]],
        },
      ],
    ],
    [
      'create_private_key_tag',
      [
        {
          text: 'field activity.type: the service sends ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG_V2, the emulator ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
          lines: [at[3]],
          requestIds: [ids[3]],
        },
      ],
    ],
    [
      'get_policy',
      [
        { text: 'error code: the service 9, the emulator 5', lines: [at[1]], requestIds: [ids[1]] },
        {
          text: 'error message: the service "policy not found: check the id", the emulator "no policy found with ID 00000000-0000-4000-8000-000000000000"',
          lines: [at[1]],
          requestIds: [ids[1]],
        },
      ],
    ],
    [
      'list_webhook_endpoints',
      [{ text: 'field etag: the service sends it (string), the emulator does not', lines: [at[2]], requestIds: [ids[2]] }],
    ],
  ]);
  expect(differences).toBe(5);
  const printed = lines.join('\n');
  // Each difference names its exchanges by their line in the recording and the service's id of the request.
  expect(ids.every((id) => id !== '')).toBe(true);
  const recordingLines = text.split('\n');
  expect(JSON.parse(recordingLines[(at[1] ?? 0) - 1] ?? '{}')).toMatchObject({ operation: 'get_policy', status: 404 });
  expect(printed).toContain(`    - error code: the service 9, the emulator 5 [line ${at[1]} (request ${ids[1]})]`);
  expect(printed).toContain(`    - field etag: the service sends it (string), the emulator does not [line ${at[2]} (request ${ids[2]})]`);
  expect(printed).toMatch(/ {2}5 differences in 4 operations$/);
});

test('a status the emulator answers differently is the one difference of that exchange', async () => {
  const { text, at, ids } = edited([
    {
      pick: (e) => e.operation === 'get_policy' && e.status === 200,
      change: (e) => {
        e.status = 403;
        e.response = { code: 7, message: 'request not authorized', details: [] };
      },
    },
  ]);
  const { reports } = await fidelity([{ file: 'status.jsonl', text }], { out: () => undefined });
  const getPolicy = reports[0]?.operations.find((o) => o.operation === 'get_policy');
  expect(getPolicy?.differences).toEqual([{ text: 'status: the service 403, the emulator 200', lines: [at[0]], requestIds: [ids[0]] }]);
});

test('what depends on time is not compared, and says why: a rate-limited attempt, an activity the service had not finished', async () => {
  const text = readFileSync(join(DIR, FIXTURE), 'utf8');
  const { header, exchanges } = parseRecording(text);
  const create = exchanges.find((e) => e.operation === 'create_policy' && e.status === 200);
  if (create === undefined) throw new Error('the fixture has no create_policy');
  // The service answered the first attempt 429 (the client waited and resent the same body), and the second
  // attempt while the activity was still pending, without its result.
  const limited = { ...create, startedAt: create.startedAt - 1, status: 429, response: { code: 8, message: 'Too many requests' } };
  Object.assign(activityOf(create), { status: 'ACTIVITY_STATUS_PENDING', result: {} });
  const edited = [header, ...exchanges.flatMap((e) => (e === create ? [limited, { ...create, attempt: 2 }] : [e]))];
  const { reports, differences } = await fidelity([{ file: 'timing.jsonl', text: edited.map((l) => JSON.stringify(l)).join('\n') }], {
    out: () => undefined,
  });
  expect(differences).toBe(0);
  expect(reports[0]?.operations.find((o) => o.operation === 'create_policy')?.notCompared.map((n) => n.reason)).toEqual([
    'the service answered 429, which says when, not what (a client retries it)',
    'the service answered before the activity finished (ACTIVITY_STATUS_PENDING)',
  ]);
});

test('a recording that is not one is refused, naming the line', async () => {
  await expect(fidelity([{ file: 'broken.jsonl', text: '{"type":"exchange"}\n' }], { out: () => undefined })).rejects.toThrow(
    /^broken\.jsonl, line 1: not a recording line at /,
  );
  await expect(fidelity([{ file: 'empty.jsonl', text: '' }], { out: () => undefined })).rejects.toThrow(
    'empty.jsonl: no header line; is this a recording made with --record?',
  );
});
