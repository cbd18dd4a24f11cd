'use strict';
// 5. Scale of the emulator's store: latency of list, get and create over HTTP with 10,000 policies and
// 100,000 activities, against the same requests on a store of 100 policies and 1,000 activities, in the
// same run: both stores are up at once and their requests alternate in rounds.
// Records are inserted straight into the store (SQLite) for setup speed; every measured request goes
// through the whole HTTP pipeline (stamp verification, validation, handler, serialization).
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const children = require('../lib/children');
const { rawClient } = require('../lib/raw-client');
const { BodyPool } = require('../lib/body-pool');
const { interleavedLatency } = require('../lib/measure');
const { ratio, int, ms } = require('../lib/format');
const { barChart } = require('../lib/plot');
const { ROOT } = require('../lib/machine');

const WORK = path.join(ROOT, 'bench', 'out', 'store');
const SIZES = [
  { label: 'small', policies: 100, activities: 1000 },
  { label: 'large', policies: 10000, activities: 100000 },
];
const SAMPLE_IDS = 64;
const PROFILED = ['list_activities', 'list_policies', 'create_policy'];
const CREATE_PATH = '/public/v1/submit/create_policy';
// Requests under the profiler: a few slow lists, or enough quick writes for the sampler to see them.
const PROFILED_REQUESTS = { list_activities: 3, list_policies: 3, create_policy: 300 };

function operations(client, fixture, pool) {
  const pick = (ids, i) => ids[(i * 7919) % ids.length];
  const getPolicy = fixture.policyIds
    .slice(0, SAMPLE_IDS)
    .map((policyId) => client.prepare('/public/v1/query/get_policy', { organizationId: fixture.organizationId, policyId }));
  const getActivity = fixture.activityIds
    .slice(0, SAMPLE_IDS)
    .map((activityId) => client.prepare('/public/v1/query/get_activity', { organizationId: fixture.organizationId, activityId }));
  return [
    { id: 'get_policy', label: '`get_policy` (one of the policies)', fn: (i) => pick(getPolicy, i)() },
    { id: 'get_activity', label: '`get_activity` (one of the activities)', fn: (i) => pick(getActivity, i)() },
    {
      id: 'list_activities',
      label: '`list_activities`, first page of 100',
      fn: client.prepare('/public/v1/query/list_activities', {
        organizationId: fixture.organizationId,
        paginationOptions: { limit: '100' },
      }),
    },
    {
      id: 'list_policies',
      label: '`list_policies` (every policy: the answer grows with N)',
      fn: client.prepare('/public/v1/query/list_policies', { organizationId: fixture.organizationId }),
    },
    {
      id: 'create_policy',
      label: '`create_policy` (a new, uniquely named policy each time)',
      fn: () => {
        const { body, headers } = pool.next();
        return client.send(CREATE_PATH, body, headers);
      },
    },
  ];
}

/** An emulator with a data dir holding `size`'s records, and its requests (not timed). */
async function setUpSize(size, { quick, log }) {
  const dataDir = path.join(WORK, size.label);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const emulator = await children.start('emulator', { dataDir });
  const t0 = Date.now();
  const policyIds = (await emulator.call('insertPolicies', { count: size.policies })).map((p) => p.policyId);
  const activityIds = await emulator.call('insertActivities', { count: size.activities });
  log(
    `    ${size.label}: inserted ${int(size.policies)} policies and ${int(size.activities)} activities in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  const creds = emulator.info.credentials;
  const keyPair = { publicKey: creds.apiPublicKey, privateKey: creds.apiPrivateKey };
  const client = rawClient(creds.baseUrl, keyPair);
  // Unique create_policy bodies, stamped before the timed loop (one per request, at most maxSamples + profiled).
  const pool = new BodyPool({ keyPair, organizationId: creds.organizationId, runId: crypto.randomBytes(4).toString('hex') });
  pool.fill((quick ? 400 : 4000) + 16 + PROFILED_REQUESTS.create_policy);
  const ops = new Map(operations(client, { organizationId: creds.organizationId, policyIds, activityIds }, pool).map((op) => [op.id, op]));
  return {
    size,
    emulator,
    ops,
    async close() {
      await client.close();
      await emulator.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Both stores at once: per request kind, the small and the large store's requests alternate in rounds (see
 * interleavedLatency), so a change in the machine's load falls on both sides of the ratio alike.
 */
async function measureSizes(options) {
  const { quick, log } = options;
  const stores = [];
  const out = { small: {}, large: {} };
  try {
    for (const size of SIZES) stores.push(await setUpSize(size, options));
    for (const id of stores[0].ops.keys()) {
      const cases = stores.map((s) => ({ name: s.size.label, fn: s.ops.get(id).fn }));
      const measured = await interleavedLatency(cases, {
        rounds: quick ? 2 : 6,
        durationMs: quick ? 800 : 4000,
        minSamples: quick ? 4 : 20,
        warmup: quick ? 1 : 3,
        maxSamples: quick ? 400 : 4000,
      });
      for (const s of stores) {
        const label = s.size.label;
        out[label][id] = { label: s.ops.get(id).label, ...measured[label] };
        log(
          `    ${label.padEnd(5)}: ${id.padEnd(16)} p50 ${ms(out[label][id].p50)}  p99 ${ms(out[label][id].p99)}  (${out[label][id].count} requests)`,
        );
      }
      const large = stores[1];
      if (PROFILED.includes(id)) {
        // A few more requests under the profiler, to show where a large store's time goes.
        const op = large.ops.get(id);
        await large.emulator.call('profileStart');
        for (let i = 0; i < PROFILED_REQUESTS[id]; i += 1) await op.fn(i);
        out.large[id].profile = { ...(await large.emulator.call('profileStop', { top: 5 })), requests: PROFILED_REQUESTS[id] };
      }
    }
  } finally {
    for (const s of stores) await s.close();
  }
  return out;
}

/** The growth and the profile's largest entries in words, for the headline's explanation. */
function whyOf(profile, growth, items) {
  const [a, b] = profile.entries;
  const part = (e) => `\`${e.fn}\` (${e.loc}) ${(100 * e.share).toFixed(0)}%`;
  const shape = growth > 10 ? `grows with the ${items} held, not with the page returned` : 'stays close to the small store';
  return `Its latency ${shape}; CPU time: ${[a, b].filter(Boolean).map(part).join(', ')}, garbage collection ${(100 * profile.gcShare).toFixed(0)}% (V8 profile).`;
}

async function run(options) {
  const { small, large } = await measureSizes(options);
  fs.rmSync(WORK, { recursive: true, force: true });
  const ids = Object.keys(small);
  const rows = ids.map((id) => [
    ratio(large[id].p50 / small[id].p50),
    ratio(large[id].p99 / small[id].p99),
    small[id].label,
    `${ms(large[id].p50)} / ${ms(large[id].p99)}`,
    `${ms(small[id].p50)} / ${ms(small[id].p99)}`,
  ]);
  const bars = ids.map((id) => ({ group: id, series: 'p50, large store × small store', y: large[id].p50 / small[id].p50 }));
  return {
    id: 'store',
    title: '5. Scale of the emulator store',
    intro:
      `Sequential requests (one at a time, pre-stamped, keep-alive) against an emulator with a data dir (SQLite, WAL), ` +
      `holding ${int(SIZES[1].policies)} policies and ${int(SIZES[1].activities)} activities in one organization, vs ` +
      `${int(SIZES[0].policies)} and ${int(SIZES[0].activities)}. Records are inserted through the store in one transaction; ` +
      'requests go through the full HTTP pipeline. Both emulators run at once, and for each request kind the two stores take ' +
      'turns in short rounds, so load from elsewhere falls on both sides of a ratio alike. ' +
      'A ratio near 1.00× means the operation does not slow down as the store grows.',
    tables: [
      {
        caption: 'Latency, large store vs small store',
        columns: ['p50 × small', 'p99 × small', 'request', 'large: p50 / p99', 'small: p50 / p99'],
        rows,
      },
      ...PROFILED.map((id) => ({
        caption: `Where the time goes: \`${id}\` on the large store (V8 profile of ${large[id].profile.requests} requests, ${ms(large[id].profile.busyMs)} busy)`,
        columns: ['share of busy CPU', 'innermost emulator/sdk function (with what it calls)', 'where'],
        rows: [
          ...large[id].profile.entries.map((e) => [`${(100 * e.share).toFixed(0)}%`, `\`${e.fn}\``, e.loc]),
          [`${(100 * large[id].profile.gcShare).toFixed(0)}%`, '(garbage collector)', 'V8'],
          [`${(100 * large[id].profile.outsideShare).toFixed(0)}%`, '(outside our code: Node.js HTTP, event loop)', ''],
        ],
      })),
    ],
    plots: [
      {
        file: 'store-latency.svg',
        alt: 'store latency small vs large',
        spec: barChart({
          title: `Latency growth from ${int(SIZES[0].policies)}/${int(SIZES[0].activities)} to ${int(SIZES[1].policies)}/${int(SIZES[1].activities)} policies/activities (1 = flat)`,
          rows: bars,
          yTitle: 'p50 × small store',
          format: '.1f',
        }),
      },
    ],
    headlines: ['get_policy', 'list_activities', 'create_policy'].map((id) => ({
      label: `${id} with ${int(id === 'list_activities' ? SIZES[1].activities : SIZES[1].policies)} ${id === 'list_activities' ? 'activities' : 'policies'}: vs small store`,
      ratio: large[id].p50 / small[id].p50,
      gap: large[id].p50 / small[id].p50,
      detail: `p50 ${ms(large[id].p50)} vs ${ms(small[id].p50)}`,
      ...(large[id].profile
        ? { why: whyOf(large[id].profile, large[id].p50 / small[id].p50, id === 'list_activities' ? 'activities' : 'policies') }
        : {}),
    })),
    metrics: [
      {
        id: 'store_list_activities_100k',
        ratio: large.list_activities.p50 / small.list_activities.p50,
        detail: `p50 ${ms(large.list_activities.p50)} vs ${ms(small.list_activities.p50)} (first page of 100)`,
      },
      {
        id: 'store_create_policy_10k',
        ratio: large.create_policy.p50 / small.create_policy.p50,
        detail: `p50 ${ms(large.create_policy.p50)} vs ${ms(small.create_policy.p50)}`,
      },
      {
        id: 'store_get_policy_10k',
        ratio: large.get_policy.p50 / small.get_policy.p50,
        detail: `p50 ${ms(large.get_policy.p50)} vs ${ms(small.get_policy.p50)}`,
      },
      {
        id: 'store_get_activity_100k',
        ratio: large.get_activity.p50 / small.get_activity.p50,
        detail: `p50 ${ms(large.get_activity.p50)} vs ${ms(small.get_activity.p50)}`,
      },
      {
        id: 'store_list_policies_10k',
        ratio: large.list_policies.p50 / small.list_policies.p50,
        detail: `p50 ${ms(large.list_policies.p50)} vs ${ms(small.list_policies.p50)} (the whole list: grows with N by design)`,
      },
    ],
  };
}

module.exports = { run };
