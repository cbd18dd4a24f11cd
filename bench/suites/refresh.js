'use strict';
// 3. Refresh cost: the engine calls the provider's `read` once per resource, all at once. Our provider
// answers all of them from one coalesced `list_policies` per organization; the
// naive way is one `get_policy` per resource. Both go through the same client and the same per-organization
// concurrency limit, against the emulator answering at once and with 50 ms of injected latency. The same for
// who can act: 200 users and 400 API keys, read from one `list_users` (both kinds read it) against a
// `get_user` and a `get_api_key` per resource.
const { createRuntime } = require('@walletinfra/pulumi/dist/runtime');
const children = require('../lib/children');
const { CountingAgent } = require('../lib/counting-agent');
const { median, timed } = require('../lib/measure');
const { ratio, int, ms } = require('../lib/format');
const { lineChart } = require('../lib/plot');

const SIZES = [10, 100, 1000];
// --quick keeps the smoke run under two minutes: N=1,000 one-by-one at 50 ms alone takes ~13 s.
const QUICK_SIZES = [10, 100];
const LATENCIES = [0, 50];

/** What `create` stored as the resource's outputs (provider resources/policy/crud.ts `outputsOf`). */
function stateOf(policy, organizationId) {
  return {
    policyId: policy.policyId,
    policyName: policy.policyName,
    effect: policy.effect,
    condition: policy.condition,
    consensus: policy.consensus,
    notes: policy.notes,
    time: '',
    organizationId,
  };
}

/** One refresh in a fresh provider process state (a new runtime: nothing cached from the last trial). */
async function oneRefresh(env, fn) {
  const agent = new CountingAgent();
  const runtime = createRuntime({ env, clientOptions: { dispatcher: agent } });
  try {
    const { ms: wall, value } = await timed(() => fn(runtime));
    return { ms: wall, requests: agent.requests, value };
  } finally {
    await runtime.context.close();
    await agent.close();
  }
}

const APPROACHES = {
  // The provider's read for every resource concurrently, as the engine calls it during a refresh.
  ours: (policies, orgId) => (runtime) => Promise.all(policies.map((p) => runtime.policy.read(p.policyId, stateOf(p, orgId)))),
  // One get_policy per resource, through the provider's own session (same client, same limiter).
  naive: (policies) => (runtime) => {
    const session = runtime.context.session({});
    return Promise.all(policies.map((p) => session.client.getPolicy({ policyId: p.policyId })));
  },
  // The floor: a single list_policies round trip, the least any refresh of one organization can cost.
  floor: () => (runtime) => runtime.context.session({}).client.listPolicies({}),
};

function check(approach, value, policies) {
  if (approach === 'ours') {
    const gone = value.filter((r, i) => r.id !== policies[i].policyId);
    if (gone.length > 0) throw new Error(`provider read reported ${gone.length} existing policies as gone`);
  }
  if (approach === 'naive' && value.some((r, i) => r.policy.policyId !== policies[i].policyId))
    throw new Error('get_policy answered the wrong policy');
  if (approach === 'floor' && value.policies.length !== policies.length)
    throw new Error(`list_policies returned ${value.policies.length}, expected ${policies.length}`);
}

/** What `create` stored for a user and for one of its keys (provider resources/user, resources/apiKey `form`). */
function userStateOf(user, organizationId) {
  return { userId: user.userId, userName: user.userName, allowLockout: false, organizationId };
}
function keyStateOf(user, key, organizationId) {
  return {
    apiKeyId: key.apiKeyId,
    userId: user.userId,
    apiKeyName: key.apiKeyName,
    publicKey: key.publicKey,
    curveType: 'API_KEY_CURVE_P256',
    allowLockout: false,
    organizationId,
  };
}

const IDENTITY = { users: 200, keysPerUser: 2 };

const IDENTITY_APPROACHES = {
  // Every User and ApiKey read at once, as the engine calls them during a refresh.
  ours: (users, orgId) => (runtime) =>
    Promise.all([
      ...users.map((u) => runtime.user.read(u.userId, userStateOf(u, orgId))),
      ...users.flatMap((u) => u.keys.map((k) => runtime.apiKey.read(k.apiKeyId, keyStateOf(u, k, orgId)))),
    ]),
  naive: (users) => (runtime) => {
    const session = runtime.context.session({});
    return Promise.all([
      ...users.map((u) => session.client.getUser({ userId: u.userId })),
      ...users.flatMap((u) => u.keys.map((k) => session.client.getApiKey({ apiKeyId: k.apiKeyId }))),
    ]);
  },
  floor: () => (runtime) => runtime.context.session({}).client.listUsers({}),
};

function checkIdentity(approach, value, users) {
  const expected = users.length * (1 + IDENTITY.keysPerUser);
  if (approach === 'ours') {
    const gone = value.filter((r) => r.id === '').length;
    if (value.length !== expected || gone > 0) throw new Error(`provider read reported ${gone} of ${value.length} users and keys as gone`);
  }
  if (approach === 'floor' && value.users.length < users.length) throw new Error(`list_users returned ${value.users.length} users`);
}

/** The refresh of 200 users and 400 keys, at 0 ms (and 50 ms unless quick) of injected latency. */
async function runIdentity({ quick, log, emulator, env, creds, trials }) {
  await emulator.call('reset');
  const users = await emulator.call('insertUsers', IDENTITY);
  const latencies = quick ? [0] : LATENCIES;
  const cells = [];
  for (const latencyMs of latencies) {
    await emulator.call('setLatency', { latencyMs });
    const samples = Object.fromEntries(Object.keys(IDENTITY_APPROACHES).map((a) => [a, []]));
    for (let t = 0; t < trials; t += 1) {
      for (const approach of Object.keys(IDENTITY_APPROACHES)) {
        const r = await oneRefresh(env, IDENTITY_APPROACHES[approach](users, creds.organizationId));
        checkIdentity(approach, r.value, users);
        samples[approach].push(r);
      }
    }
    const cell = { latencyMs };
    for (const [approach, list] of Object.entries(samples)) {
      cell[approach] = { ms: median(list.map((x) => x.ms)), requests: median(list.map((x) => x.requests)) };
    }
    log(
      `    ${IDENTITY.users} users + ${IDENTITY.users * IDENTITY.keysPerUser} keys, latency ${String(latencyMs).padStart(2)} ms: ours ${ms(cell.ours.ms)} / ${cell.ours.requests} req, naive ${ms(cell.naive.ms)} / ${cell.naive.requests} req, floor ${ms(cell.floor.ms)}`,
    );
    cells.push(cell);
  }
  await emulator.call('setLatency', { latencyMs: 0 });
  return cells;
}

async function run({ quick, log }) {
  const trials = quick ? 1 : 3;
  const sizes = quick ? QUICK_SIZES : SIZES;
  const emulator = await children.start('emulator', {});
  const creds = emulator.info.credentials;
  const env = {
    WALLETINFRA_BASE_URL: creds.baseUrl,
    WALLETINFRA_ORGANIZATION_ID: creds.organizationId,
    WALLETINFRA_API_PUBLIC_KEY: creds.apiPublicKey,
    WALLETINFRA_API_PRIVATE_KEY: creds.apiPrivateKey,
  };
  log(`  N = ${sizes.join(', ')}; injected latency ${LATENCIES.join(' and ')} ms; median of ${trials} trial(s)`);
  // One untimed refresh per approach first: module loading, JIT and key parsing are not part of a refresh.
  await emulator.call('insertPolicies', { count: 10 }).then(async (warm) => {
    for (const approach of Object.keys(APPROACHES)) await oneRefresh(env, APPROACHES[approach](warm, creds.organizationId));
  });
  const cells = [];
  for (const n of sizes) {
    await emulator.call('reset');
    const policies = await emulator.call('insertPolicies', { count: n });
    for (const latencyMs of LATENCIES) {
      await emulator.call('setLatency', { latencyMs });
      const cell = { n, latencyMs };
      const samples = Object.fromEntries(Object.keys(APPROACHES).map((a) => [a, []]));
      // Trials interleave the approaches, so drift of a shared machine falls on all of them alike.
      for (let t = 0; t < trials; t += 1) {
        for (const approach of Object.keys(APPROACHES)) {
          const r = await oneRefresh(env, APPROACHES[approach](policies, creds.organizationId));
          check(approach, r.value, policies);
          samples[approach].push(r);
        }
      }
      for (const [approach, list] of Object.entries(samples)) {
        cell[approach] = { ms: median(list.map((x) => x.ms)), requests: median(list.map((x) => x.requests)) };
      }
      log(
        `    N=${String(n).padStart(4)} latency ${String(latencyMs).padStart(2)} ms: ours ${ms(cell.ours.ms)} / ${cell.ours.requests} req, naive ${ms(cell.naive.ms)} / ${cell.naive.requests} req, floor ${ms(cell.floor.ms)}`,
      );
      cells.push(cell);
    }
  }
  await emulator.call('setLatency', { latencyMs: 0 });
  const identity = await runIdentity({ quick, log, emulator, env, creds, trials });
  return report(cells, trials, identity);
}

function report(cells, trials, identity) {
  const rows = cells.map((c) => [
    ratio(c.ours.ms / c.naive.ms),
    ratio(c.ours.requests / c.naive.requests),
    ratio(c.ours.ms / c.floor.ms),
    int(c.n),
    `${c.latencyMs} ms`,
    `${int(c.ours.requests)} / ${ms(c.ours.ms)}`,
    `${int(c.naive.requests)} / ${ms(c.naive.ms)}`,
    ms(c.floor.ms),
  ]);
  const timePoints = cells.flatMap((c) => [
    { x: c.n, y: c.ours.ms, series: `coalesced reads (ours), ${c.latencyMs} ms latency` },
    { x: c.n, y: c.naive.ms, series: `get_policy per resource, ${c.latencyMs} ms latency` },
  ]);
  const requestPoints = cells
    .filter((c) => c.latencyMs === 0)
    .flatMap((c) => [
      { x: c.n, y: c.ours.requests, series: 'coalesced reads (ours)' },
      { x: c.n, y: c.naive.requests, series: 'get_policy per resource' },
    ]);
  const maxN = Math.max(...cells.map((c) => c.n));
  const worst = cells.find((c) => c.n === maxN && c.latencyMs === LATENCIES[LATENCIES.length - 1]);
  const instant = cells.find((c) => c.n === maxN && c.latencyMs === 0);
  return {
    id: 'refresh',
    title: '3. Refresh cost in the provider',
    intro:
      "The provider runtime's `policy.read` called for N policies at once, as the engine does during `pulumi refresh`, " +
      'each trial in a fresh runtime (no cache carried over). Requests are counted by the undici dispatcher (retries ' +
      'included). "Naive" is one `get_policy` per resource through the same session and per-organization limit ' +
      '(`maxConcurrentRequests`, default 4); "one round trip" is a single `list_policies` of the same organization, ' +
      "the least a refresh can cost. Latency is injected by the emulator's fault rules (`delayMs` on every request). " +
      `Times are medians of ${trials} trial(s), after one untimed warm-up refresh per approach. The second table does ` +
      `the same for ${IDENTITY.users} users and ${IDENTITY.users * IDENTITY.keysPerUser} API keys (\`user.read\` and \`apiKey.read\` ` +
      'together): both kinds read one `list_users`; naive is a `get_user` and a `get_api_key` per resource.',
    tables: [
      {
        caption: 'Refresh of N policies',
        columns: [
          'time × naive',
          'requests × naive',
          'time × one round trip',
          'N',
          'latency',
          'ours: requests / time',
          'naive: requests / time',
          'one round trip',
        ],
        rows,
      },
      {
        caption: `Refresh of ${IDENTITY.users} users and ${IDENTITY.users * IDENTITY.keysPerUser} API keys`,
        columns: [
          'time × naive',
          'requests × naive',
          'time × one round trip',
          'latency',
          'ours: requests / time',
          'naive: requests / time',
          'one round trip',
        ],
        rows: identity.map((c) => [
          ratio(c.ours.ms / c.naive.ms),
          ratio(c.ours.requests / c.naive.requests),
          ratio(c.ours.ms / c.floor.ms),
          `${c.latencyMs} ms`,
          `${int(c.ours.requests)} / ${ms(c.ours.ms)}`,
          `${int(c.naive.requests)} / ${ms(c.naive.ms)}`,
          ms(c.floor.ms),
        ]),
      },
    ],
    plots: [
      {
        file: 'refresh-wall-time.svg',
        alt: 'refresh wall time against N',
        spec: lineChart({
          title: 'Refresh: wall time of the reads against N (lower is better)',
          rows: timePoints,
          xTitle: 'policies (N)',
          yTitle: 'ms',
          logY: true,
        }),
      },
      {
        file: 'refresh-requests.svg',
        alt: 'refresh requests against N',
        spec: lineChart({
          title: 'Refresh: HTTP requests against N',
          rows: requestPoints,
          xTitle: 'policies (N)',
          yTitle: 'requests',
          logY: true,
        }),
      },
    ],
    headlines: [
      {
        label: `refresh of ${int(worst.n)} policies at ${worst.latencyMs} ms: vs get_policy per resource`,
        ratio: worst.ours.ms / worst.naive.ms,
        gap: worst.ours.ms / worst.floor.ms,
        detail: `${int(worst.ours.requests)} vs ${int(worst.naive.requests)} requests, ${ms(worst.ours.ms)} vs ${ms(worst.naive.ms)}; one round trip ${ms(worst.floor.ms)}`,
        why:
          `One list_policies answers all ${int(worst.n)} reads; the time over that one round trip is the provider's own work, ` +
          `${(((instant.ours.ms - instant.floor.ms) / instant.n) * 1000).toFixed(0)} µs per resource with the emulator answering at once ` +
          '(resolving settings, matching the listed policy, building outputs and inputs).',
      },
    ],
    metrics: [
      {
        id: 'refresh_requests',
        ratio: Math.max(...cells.filter((c) => c.n === maxN).map((c) => c.ours.requests)),
        detail: `HTTP requests for a refresh of ${int(maxN)} policies (every latency, retries included); get_policy per resource: ${int(instant.naive.requests)}`,
      },
      {
        id: 'refresh_identity_requests',
        ratio: Math.max(...identity.map((c) => c.ours.requests)),
        detail:
          `HTTP requests for a refresh of ${IDENTITY.users} users and ${IDENTITY.users * IDENTITY.keysPerUser} API keys (every latency); ` +
          `get_user and get_api_key per resource: ${int(identity[0].naive.requests)}`,
      },
      {
        id: 'refresh_vs_one_round_trip',
        ratio: worst.ours.ms / worst.floor.ms,
        detail: `N=${int(worst.n)} at ${worst.latencyMs} ms: ${ms(worst.ours.ms)} vs ${ms(worst.floor.ms)}`,
      },
    ],
  };
}

module.exports = { run };
