// R3: fuzzed requests over every route, generated from a seed with fast-check: mostly correctly stamped
// bodies with one mutation (a field removed, replaced by arbitrary JSON, a huge string or array, deep
// nesting, an unknown key), plus unstamped, oversized and malformed-JSON variants. Goals: no 5xx, no
// connection resets, every rejection in the service's error shape, no state change from a rejected request,
// and the server still answering at the end.
// "No state change" is proved without dumping the whole store after every request: the store's change counter
// (SQLite's count of written rows, rolled-back writes included) stays put unless something was written, so a
// full dump is compared only after a request that moved it, plus every FULL_CHECK_EVERY requests and after
// the last one, which also checks that the counter missed nothing.
import fc from 'fast-check';
import { ApiKeyStamper, operations, type QueryName, type SubmitName } from '@walletinfra/sdk';
import type { RunningEmulator } from '@walletinfra/emulator';
import { join } from 'node:path';
import { sampleParameters, sampleQueryBodies } from '../support/client-fixtures';
import { startTestEmulator, stampedPost } from '../support/emulator';
import { report, seedFor, size } from '../support/reliability/measure';

jest.setTimeout(3_600_000);

const FULL_CHECK_EVERY = 500;

const SEED_FILE = join(__dirname, '..', '..', 'emulator', 'seeds', 'example.json');
let emu: RunningEmulator;
let stamper: ApiKeyStamper;
beforeAll(async () => {
  emu = await startTestEmulator({ seed: SEED_FILE });
  stamper = new ApiKeyStamper({ apiPublicKey: emu.credentials.apiPublicKey, apiPrivateKey: emu.credentials.apiPrivateKey });
});
afterAll(() => emu.close());

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Route = { kind: 'query' | 'submit' | 'proxy' | 'discovery'; name: string; path: string };

const ROUTES: Route[] = [
  ...Object.values(operations).map((o): Route => ({ kind: o.kind, name: o.name, path: o.path })),
  { kind: 'query', name: 'unknown', path: '/public/v1/query/no_such_query' },
  { kind: 'submit', name: 'unknown', path: '/public/v1/submit/no_such_submit' },
];

type Mutation =
  | { op: 'none' }
  | { op: 'delete'; at: number }
  | { op: 'replace'; at: number; value: Json }
  | { op: 'hugeString'; at: number; length: number }
  | { op: 'hugeArray'; at: number; length: number }
  | { op: 'deep'; at: number; depth: number }
  | { op: 'unknownKey'; at: number; key: string; value: Json };

type Variant = 'stamped' | 'unstamped' | 'oversized' | 'malformed';
interface Case {
  route: number;
  variant: Variant;
  mutation: Mutation;
  cut: number;
}

const json = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;
const at = fc.nat(1000);
const caseArb: fc.Arbitrary<Case> = fc.record({
  route: fc.nat(ROUTES.length - 1),
  variant: fc.oneof(
    { weight: 16, arbitrary: fc.constant<Variant>('stamped') },
    { weight: 1, arbitrary: fc.constant<Variant>('unstamped') },
    { weight: 1, arbitrary: fc.constant<Variant>('oversized') },
    { weight: 2, arbitrary: fc.constant<Variant>('malformed') },
  ),
  mutation: fc.oneof(
    fc.constant<Mutation>({ op: 'none' }),
    fc.record({ op: fc.constant('delete' as const), at }),
    { weight: 4, arbitrary: fc.record({ op: fc.constant('replace' as const), at, value: json }) },
    fc.record({ op: fc.constant('hugeString' as const), at, length: fc.integer({ min: 10_000, max: 900_000 }) }),
    fc.record({ op: fc.constant('hugeArray' as const), at, length: fc.integer({ min: 1_000, max: 100_000 }) }),
    fc.record({ op: fc.constant('deep' as const), at, depth: fc.integer({ min: 100, max: 50_000 }) }),
    fc.record({ op: fc.constant('unknownKey' as const), at, key: fc.string({ maxLength: 12 }), value: json }),
  ),
  cut: fc.nat(10_000),
});

/** Every (parent, key) slot of an object tree, the root included as the parent of its own keys. */
function slots(value: Json): Array<[Record<string, Json> | Json[], string | number]> {
  const out: Array<[Record<string, Json> | Json[], string | number]> = [];
  const walk = (v: Json) => {
    if (Array.isArray(v)) v.forEach((item, i) => (out.push([v, i]), walk(item)));
    else if (v !== null && typeof v === 'object') {
      for (const k of Object.keys(v)) {
        out.push([v, k]);
        walk(v[k] as Json);
      }
    }
  };
  walk(value);
  return out;
}

function deepValue(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** The body text for a case: a valid sample with one mutation applied. `deep` is spliced in as text. */
function bodyText(route: Route, mutation: Mutation): string {
  const org = emu.credentials.organizationId;
  let body: Json;
  if (route.kind === 'submit' && route.name in sampleParameters) {
    const op = operations[route.name as SubmitName];
    body = {
      type: op.activityType,
      timestampMs: String(Date.now()),
      organizationId: org,
      parameters: structuredClone(sampleParameters[route.name as SubmitName]) as Json,
    };
  } else if (route.kind === 'query' && route.name in sampleQueryBodies) {
    body = { organizationId: org, ...(structuredClone(sampleQueryBodies[route.name as QueryName]) as Record<string, Json>) };
  } else if (route.name === 'init_otp_v2') body = { otpType: 'OTP_TYPE_EMAIL', contact: 'a@example.com' };
  else body = { organizationId: org };
  if (mutation.op === 'none') return JSON.stringify(body);
  const all = slots(body);
  const [parent, key] = all[mutation.at % all.length] ?? [body, 'x'];
  const set = (v: Json) => ((parent as Record<string | number, Json>)[key] = v);
  switch (mutation.op) {
    case 'delete':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key as string];
      return JSON.stringify(body);
    case 'replace':
      set(mutation.value);
      return JSON.stringify(body);
    case 'hugeString':
      set('x'.repeat(mutation.length));
      return JSON.stringify(body);
    case 'hugeArray':
      set(new Array(mutation.length).fill({}));
      return JSON.stringify(body);
    case 'unknownKey':
      if (!Array.isArray(parent)) parent[`${mutation.key}_`] = mutation.value;
      return JSON.stringify(body);
    case 'deep': {
      set('__DEEP__');
      return JSON.stringify(body).replace('"__DEEP__"', deepValue(mutation.depth));
    }
  }
}

interface Outcome {
  status: number;
  reset: boolean;
  shaped: boolean;
}

async function send(route: Route, c: Case): Promise<Outcome> {
  const base = route.kind === 'proxy' ? emu.authProxyUrl : emu.baseUrl;
  let text = bodyText(route, c.mutation);
  if (c.variant === 'oversized') text = `${text}${' '.repeat(1024 * 1024 + 1)}`;
  if (c.variant === 'malformed') text = text.slice(0, Math.max(1, c.cut % text.length));
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (route.kind === 'proxy') headers['X-Auth-Proxy-Config-Id'] = emu.credentials.authProxyConfigId;
  if (c.variant !== 'unstamped' && route.kind !== 'proxy') {
    const stamp = stamper.stamp(text);
    headers[stamp.headerName] = stamp.headerValue;
  }
  try {
    const res = await fetch(
      `${base}${route.path}`,
      route.kind === 'discovery' ? { method: 'GET' } : { method: 'POST', body: text, headers },
    );
    const answer = await res.text();
    let shaped = true;
    if (res.status >= 400) {
      try {
        const j = JSON.parse(answer) as { code?: unknown; message?: unknown; details?: unknown };
        shaped = typeof j.code === 'number' && typeof j.message === 'string' && Array.isArray(j.details);
      } catch {
        shaped = false;
      }
    }
    return { status: res.status, reset: false, shaped };
  } catch {
    return { status: 0, reset: true, shaped: false };
  }
}

test('R3: fuzzed, correctly stamped requests over every route (plus unstamped, oversized, malformed): no 5xx, no resets, the error shape, no state change when rejected', async () => {
  const count = size(300, 10_000);
  const seed = seedFor(20_261_124);
  const cases = fc.sample(caseArb, { seed, numRuns: count });
  let fiveXx = 0;
  let resets = 0;
  let unshaped = 0;
  let rejected = 0;
  let changedByRejected = 0;
  let accepted = 0;
  const routesHit = new Set<string>();
  const problems: string[] = [];
  // the state after the last request and the change counter it was taken at: a rejected request must leave it exactly as it was
  let state = JSON.stringify(emu.store.dump());
  let changes = emu.store.changeCount();
  let dumps = 0;
  let missedByCounter = 0;
  for (const [i, c] of cases.entries()) {
    const route = ROUTES[c.route] as Route;
    routesHit.add(route.path);
    const out = await send(route, c);
    if (out.reset) resets += 1;
    else if (out.status >= 500) fiveXx += 1;
    const moved = emu.store.changeCount() !== changes;
    let after = state;
    if (moved || (i + 1) % FULL_CHECK_EVERY === 0 || i === cases.length - 1) {
      after = JSON.stringify(emu.store.dump());
      dumps += 1;
      if (!moved && after !== state) missedByCounter += 1;
    }
    if (out.status >= 400 || out.reset) {
      rejected += 1;
      if (!out.reset && !out.shaped) unshaped += 1;
      if (after !== state) changedByRejected += 1;
    } else accepted += 1;
    state = after;
    changes = emu.store.changeCount();
    if ((out.reset || out.status >= 500 || (out.status >= 400 && !out.shaped)) && problems.length < 10)
      problems.push(`${route.path} ${c.variant} ${JSON.stringify(c.mutation).slice(0, 120)} -> ${out.reset ? 'reset' : out.status}`);
  }
  const alive = await stampedPost(emu, '/public/v1/query/list_policies', { organizationId: emu.credentials.organizationId });
  const shapedPct = rejected === 0 ? 100 : (100 * (rejected - unshaped - resets)) / rejected;
  const fig = report({
    id: 'R3',
    what: `${count} fuzzed requests over ${routesHit.size} routes (fast-check, seeded): stamped with one mutation, unstamped, oversized, malformed JSON`,
    goal: '0 × 5xx, 0 resets, 100% error shape, 0 state change from rejected requests, server alive',
    figure:
      `${fiveXx} × 5xx, ${resets} resets, ${shapedPct.toFixed(1)}% of ${rejected} rejections in the error shape, ${changedByRejected} state changes from rejected requests, ${accepted} accepted; server ${alive.status === 200 ? 'alive' : `answered ${alive.status}`} ` +
      `(state compared by ${dumps} full dumps: after every request that wrote, every ${FULL_CHECK_EVERY} requests and at the end; ${missedByCounter} changes the store's change counter missed)`,
    ok: fiveXx === 0 && resets === 0 && unshaped === 0 && changedByRejected === 0 && missedByCounter === 0 && alive.status === 200,
    count,
    seed,
    file: 'tests/reliability/r3-fuzzed-requests.test.ts',
    notes: problems,
  });
  expect({ fiveXx, resets, unshaped, changedByRejected, missedByCounter, alive: alive.status, problems }).toEqual({
    fiveXx: 0,
    resets: 0,
    unshaped: 0,
    changedByRejected: 0,
    missedByCounter: 0,
    alive: 200,
    problems: [],
  });
  expect(fig.ok).toBe(true);
});
