'use strict';
// 2. Emulator throughput over loopback: stamped list_wallets (a query) and create_policy (a write, unique
// bodies) at concurrency 1, 16 and 64, vs a bare node:http server answering the emulator's own response
// bytes for the same path (the limit of a Node.js HTTP server on this machine) and vs the same bare server
// verifying each request's stamp with node:crypto first (the limit of any server that authenticates every
// request), in the same run.
const crypto = require('node:crypto');
const { verifyStamp } = require('@walletinfra/sdk');
const { compareRates } = require('../lib/measure');
const children = require('../lib/children');
const { runLoad } = require('../lib/load');
const { BodyPool } = require('../lib/body-pool');
const { rawClient } = require('../lib/raw-client');
const { ratio, int, ms } = require('../lib/format');
const { barChart } = require('../lib/plot');

const CONCURRENCY = [1, 16, 64];
const LIST_PATH = '/public/v1/query/list_wallets';
const CREATE_PATH = '/public/v1/submit/create_policy';

function assertClean(cell, what) {
  if (cell.non2xx > 0 || cell.errors > 0) {
    throw new Error(`${what}: ${cell.non2xx} non-2xx answers and ${cell.errors} errors (first: ${cell.firstFailure})`);
  }
  if (cell.ok === 0) throw new Error(`${what}: no request completed`);
}

/** The emulator, a bare server answering the emulator's own bytes, and the stamped requests for both. */
async function setUp() {
  const emulator = await children.start('emulator', { seed: 'example' });
  const creds = emulator.info.credentials;
  const keyPair = { publicKey: creds.apiPublicKey, privateKey: creds.apiPrivateKey };
  const pool = new BodyPool({ keyPair, organizationId: creds.organizationId, runId: crypto.randomBytes(4).toString('hex') });
  // Query: one body, stamped once (a query carries no timestamp, so the same stamp stays valid).
  const listSigned = { body: JSON.stringify({ organizationId: creds.organizationId }) };
  listSigned.headers = { 'content-type': 'application/json', accept: 'application/json', 'x-stamp': pool.stamp(listSigned.body) };
  const client = rawClient(creds.baseUrl, keyPair);
  const listText = await client.prepare(LIST_PATH, { organizationId: creds.organizationId })();
  await client.close();
  const probe = pool.next();
  const createRes = await fetch(`${creds.baseUrl}${CREATE_PATH}`, { method: 'POST', headers: probe.headers, body: probe.body });
  const createText = await createRes.text();
  if (createRes.status !== 200) throw new Error(`create_policy probe answered ${createRes.status}: ${createText.slice(0, 300)}`);
  const responses = { [LIST_PATH]: listText, [CREATE_PATH]: createText };
  const bare = await children.start('bare-server', { responses });
  const authBare = await children.start('bare-server', { responses, verifyWith: keyPair });
  // The bare server ignores bodies: it gets a fixed cycle of create bodies of the same size.
  const bareCreates = Array.from({ length: 512 }, () => pool.make());
  let bareIndex = 0;
  return {
    emulator,
    pool,
    listSigned,
    sizes: { list: listText.length, create: createText.length },
    /** autocannon options for `op` against `target` ('emulator', 'bare' or 'authBare'). */
    load(op, target, connections, durationMs) {
      const baseUrl = { bare: bare.info.baseUrl, authBare: authBare.info.baseUrl, emulator: creds.baseUrl }[target];
      if (op === 'list_wallets') return { baseUrl, path: LIST_PATH, connections, durationMs, fixed: listSigned };
      const next = target === 'emulator' ? () => pool.next() : () => bareCreates[bareIndex++ % bareCreates.length];
      return { baseUrl, path: CREATE_PATH, connections, durationMs, next };
    },
  };
}

async function run({ quick, log }) {
  const durationMs = quick ? 1000 : 3000;
  const fx = await setUp();
  // The emulator verifies every stamp with the sdk's verifyStamp (emulator server/auth.ts): its rate on one
  // core is a ceiling on the emulator's requests per second, measured here so the report can say how close.
  const { verify } = await compareRates(
    [{ name: 'verify', fn: () => verifyStamp({ headerValue: fx.listSigned.headers['x-stamp'], body: fx.listSigned.body }) }],
    { trials: 3, durationMs: quick ? 150 : 500, warmupMs: 100 },
  );
  log(`  ${durationMs / 1000} s per cell; list_wallets answer ${fx.sizes.list} bytes, create_policy answer ${fx.sizes.create} bytes`);
  const cells = [];
  let createRate = 2000;
  const prepareWrites = async () => {
    // Each write cell starts from the same store (create_policy slows down as policies accumulate) and
    // has enough unique bodies stamped in advance.
    await fx.emulator.call('reset');
    fx.pool.fill(Math.min(60000, Math.ceil(createRate * (durationMs / 1000) * 1.5) + 500));
  };
  for (const op of ['list_wallets', 'create_policy']) {
    for (const connections of CONCURRENCY) {
      const bareCell = await runLoad(fx.load(op, 'bare', connections, durationMs));
      assertClean(bareCell, `bare server ${op} c=${connections}`);
      const authCell = await runLoad(fx.load(op, 'authBare', connections, durationMs));
      assertClean(authCell, `stamp-verifying bare server ${op} c=${connections}`);
      if (op === 'create_policy') await prepareWrites();
      const emuCell = await runLoad(fx.load(op, 'emulator', connections, durationMs));
      assertClean(emuCell, `emulator ${op} c=${connections}`);
      if (op === 'create_policy') createRate = Math.max(createRate, emuCell.rps);
      log(
        `    ${op.padEnd(13)} c=${String(connections).padStart(2)}: emulator ${int(emuCell.rps)} req/s (p50 ${ms(emuCell.p50)}, p99 ${ms(emuCell.p99)}), bare+verify ${int(authCell.rps)} req/s, bare ${int(bareCell.rps)} req/s`,
      );
      cells.push({ op, connections, emu: emuCell, bare: bareCell, auth: authCell });
    }
  }
  const policiesAfter = await fx.emulator.call('count', { collection: 'policies' });
  const stampedOnTheFly = fx.pool.stampedOnTheFly;
  // Where the emulator's CPU goes at c=16, profiled after the timed cells (profiling slows the server).
  const profiles = {};
  for (const op of ['list_wallets', 'create_policy']) {
    if (op === 'create_policy') await prepareWrites();
    await fx.emulator.call('profileStart');
    await runLoad(fx.load(op, 'emulator', 16, quick ? 500 : 2000));
    profiles[op] = await fx.emulator.call('profileStop', { top: 6 });
  }
  return report(cells, stampedOnTheFly, durationMs, verify, { profiles, policiesAfter });
}

function pct(x) {
  return `${(100 * x).toFixed(0)}%`;
}

function report(cells, onTheFly, durationMs, verifyRate, { profiles, policiesAfter }) {
  const rows = cells.map((c) => [
    ratio(c.emu.rps / c.auth.rps),
    ratio(c.emu.rps / c.bare.rps),
    `\`${c.op}\``,
    String(c.connections),
    int(c.emu.rps),
    `${ms(c.emu.p50)} / ${ms(c.emu.p99)}`,
    int(c.auth.rps),
    int(c.bare.rps),
    `${ms(c.bare.p50)} / ${ms(c.bare.p99)}`,
  ]);
  const bars = cells.flatMap((c) => [
    { group: `${c.op} c=${c.connections}`, series: 'emulator', y: Math.round(c.emu.rps) },
    { group: `${c.op} c=${c.connections}`, series: 'bare node:http + stamp verify (limit)', y: Math.round(c.auth.rps) },
    { group: `${c.op} c=${c.connections}`, series: 'bare node:http', y: Math.round(c.bare.rps) },
  ]);
  // Best rate over the concurrency levels, per server: the most each can do, whatever the client count.
  const best = (op, side) => cells.filter((c) => c.op === op).sort((a, b) => b[side].rps - a[side].rps)[0];
  return {
    id: 'throughput',
    title: '2. Emulator throughput over loopback',
    intro:
      `autocannon, ${durationMs / 1000} s per cell, keep-alive, no pipelining; the server runs in its own process (one core each ` +
      'for client and server on a 2-core machine). Every emulator request is stamped; `create_policy` bodies are unique ' +
      '(timestampMs and policyName vary), pre-stamped with node:crypto before the cell. The bare server reads the body and answers the ' +
      'bytes the emulator answered for the same path; "bare + verify" is the same server checking each X-Stamp over the body with ' +
      'node:crypto and a cached key object first (the limit for a server that authenticates every request). Latencies are per response (hrtime), 2xx only; any non-2xx fails the bench.',
    tables: [
      {
        caption: 'Requests per second and latency',
        columns: [
          '× bare + verify (req/s)',
          '× bare server',
          'operation',
          'connections',
          'emulator req/s',
          'emulator p50 / p99',
          'bare + verify req/s',
          'bare req/s',
          'bare p50 / p99',
        ],
        rows,
      },
      ...['list_wallets', 'create_policy'].map((op) => ({
        caption: `Where the emulator's CPU time goes: \`${op}\`, c=16 (V8 profile, ${ms(profiles[op].busyMs)} busy)`,
        columns: ['share of busy CPU', 'innermost emulator/sdk function (with what it calls)', 'where'],
        rows: [
          ...profiles[op].entries.map((e) => [pct(e.share), `\`${e.fn}\``, e.loc]),
          [pct(profiles[op].gcShare), '(garbage collector)', 'V8'],
          [pct(profiles[op].outsideShare), '(outside our code: Node.js HTTP, event loop)', ''],
        ],
      })),
    ],
    plots: [
      {
        file: 'throughput.svg',
        alt: 'emulator vs bare server throughput',
        spec: barChart({ title: 'Requests per second over loopback (higher is better)', rows: bars, yTitle: 'requests / s' }),
      },
    ],
    notes: [
      `Stamp verification alone (the sdk's \`verifyStamp\`, which the emulator runs on every request) manages ${int(verifyRate)}/s on one core in this run: ` +
        `the emulator's best list_wallets rate is ${ratio(best('list_wallets', 'emu').emu.rps / verifyRate)} of that ceiling, create_policy ${ratio(best('create_policy', 'emu').emu.rps / verifyRate)}.`,
      `Each \`create_policy\` cell starts from a freshly reset store and adds the policies it creates (${int(policiesAfter)} after the last cell); ` +
        'the profile shows what a write costs as the organization grows.',
      ...(onTheFly > 0 ? [`${int(onTheFly)} create_policy bodies were stamped during a timed cell (the pre-stamped pool ran out).`] : []),
    ],
    headlines: ['list_wallets', 'create_policy'].map((op) => {
      const emu = best(op, 'emu');
      const auth = best(op, 'auth');
      const bare = best(op, 'bare');
      const top = profiles[op].entries
        .slice(0, 3)
        .map((e) => `\`${e.fn}\` ${pct(e.share)}`)
        .join(', ');
      return {
        label: `emulator ${op}: best req/s vs a bare node:http server verifying the stamp`,
        ratio: emu.emu.rps / auth.auth.rps,
        gap: auth.auth.rps / emu.emu.rps,
        detail: `${int(emu.emu.rps)} req/s (c=${emu.connections}) vs ${int(auth.auth.rps)} (c=${auth.connections}); plain bare server ${int(bare.bare.rps)} (${ratio(emu.emu.rps / bare.bare.rps)})`,
        why:
          `Both verify the P-256 stamp with node:crypto (the sdk's verifyStamp: ${pct(profiles[op].inclusive.verifyStamp ?? 0)} of the emulator's busy CPU on ${op}); ` +
          `the emulator also parses and validates the body with the sdk's schemas, looks the key and organization up, runs the handler in SQLite and renders the answer. ` +
          `Largest shares in its profile: ${top}, garbage collection ${pct(profiles[op].gcShare)}, Node.js HTTP and the event loop ${pct(profiles[op].outsideShare)}.`,
      };
    }),
    metrics: ['list_wallets', 'create_policy'].flatMap((op) => {
      const emu = best(op, 'emu');
      const auth = best(op, 'auth');
      const bare = best(op, 'bare');
      return [
        {
          id: `emulator_${op}_vs_auth_bare`,
          ratio: emu.emu.rps / auth.auth.rps,
          detail: `${int(emu.emu.rps)} req/s (c=${emu.connections}) vs ${int(auth.auth.rps)} req/s (c=${auth.connections})`,
        },
        {
          id: `emulator_${op}_vs_bare`,
          ratio: emu.emu.rps / bare.bare.rps,
          detail: `${int(emu.emu.rps)} req/s vs ${int(bare.bare.rps)} req/s (plain bare server)`,
        },
        {
          id: `auth_bare_${op}_vs_bare`,
          ratio: auth.auth.rps / bare.bare.rps,
          detail: `stamp-verifying bare server ${int(auth.auth.rps)} req/s vs plain ${int(bare.bare.rps)} req/s`,
        },
      ];
    }),
  };
}

module.exports = { run };
