'use strict';
// The goals the bench is held to: one entry per id, each a ratio measured in the same run (see README,
// "Goals"). Suites report `metrics: [{id, ratio, detail}]`; bench/REPORT.json holds one entry per goal
// (`{id, ratio, goal, met, detail}`, ratio null when the run did not measure it) followed by the other
// metrics the suites reported (goal null).

const GOALS = [
  {
    id: 'stamp_vs_node',
    suite: 'stamping',
    op: '>=',
    value: 0.8,
    what: 'sdk ApiKeyStamper.stamp vs node:crypto sign with a cached KeyObject',
  },
  {
    id: 'verify_vs_node',
    suite: 'stamping',
    op: '>=',
    value: 0.8,
    what: 'sdk verifyStamp vs decode + node:crypto verify with a cached KeyObject',
  },
  {
    id: 'emulator_list_wallets_vs_auth_bare',
    suite: 'throughput',
    op: '>=',
    value: 0.5,
    what: 'emulator list_wallets best req/s vs a bare node:http server verifying the same stamp',
  },
  {
    id: 'emulator_create_policy_vs_auth_bare',
    suite: 'throughput',
    op: '>=',
    value: 0.3,
    what: 'emulator create_policy best req/s vs a bare node:http server verifying the same stamp',
  },
  {
    id: 'store_list_activities_100k',
    suite: 'store',
    op: '<=',
    value: 2,
    what: 'list_activities p50 with 100,000 activities vs a small store',
  },
  { id: 'store_create_policy_10k', suite: 'store', op: '<=', value: 1.5, what: 'create_policy p50 with 10,000 policies vs a small store' },
  {
    id: 'refresh_requests',
    suite: 'refresh',
    op: '<=',
    value: 2,
    what: 'HTTP requests for a refresh of 1,000 policies in one organization',
  },
  {
    id: 'refresh_identity_requests',
    suite: 'refresh',
    op: '<=',
    value: 2,
    what: 'HTTP requests for a refresh of 200 users and 400 API keys (one list request per kind at most)',
  },
  {
    id: 'refresh_vs_floor',
    suite: 'e2e',
    op: '<=',
    value: 1.15,
    what: 'pulumi refresh --preview-only, N=300, vs a do-nothing dynamic provider',
  },
  { id: 'up_vs_floor', suite: 'e2e', op: '<=', value: 1.15, what: 'pulumi up, N=300, vs a do-nothing dynamic provider' },
  {
    id: 'provider_rss_vs_floor',
    suite: 'e2e',
    op: '<=',
    value: 1.2,
    what: 'provider process peak RSS in that up vs the do-nothing provider',
  },
  {
    id: 'native_up_vs_native_floor',
    suite: 'native',
    op: '<=',
    value: 1.1,
    what: 'pulumi up, N=300, through the walletinfra plugin vs a do-nothing native plugin',
  },
  {
    id: 'native_refresh_vs_native_floor',
    suite: 'native',
    op: '<=',
    value: 1.1,
    what: 'pulumi refresh --preview-only, N=300, through the walletinfra plugin vs a do-nothing native plugin',
  },
  {
    id: 'native_up_vs_dynamic_floor',
    suite: 'native',
    op: '<=',
    value: 0.9,
    what: 'pulumi up, N=300, through the walletinfra plugin vs the do-nothing dynamic provider',
  },
  {
    id: 'native_refresh_vs_dynamic_floor',
    suite: 'native',
    op: '<=',
    value: 0.9,
    what: 'pulumi refresh --preview-only, N=300, through the walletinfra plugin vs the do-nothing dynamic provider',
  },
  {
    id: 'fleet_scan_vs_floor',
    suite: 'fleet',
    op: '<=',
    value: 1.5,
    what: 'walletinfra-fleet scan of 10,000 sub-organizations vs the same requests, bare, at the same concurrency',
  },
  {
    id: 'fleet_scan_rss_growth',
    suite: 'fleet',
    op: '<=',
    value: 1.2,
    what: "the scan process's peak RSS at 10,000 sub-organizations vs at 1,000",
  },
];

function goalText(g) {
  return `${g.op === '>=' ? '≥' : '≤'} ${g.value}`;
}

function isMet(g, ratio) {
  if (typeof ratio !== 'number' || !Number.isFinite(ratio)) return false;
  return g.op === '>=' ? ratio >= g.value : ratio <= g.value;
}

/** REPORT.json entries from the suites' metrics: every goal first (in table order), then the extra metrics. */
function goalEntries(results) {
  const metrics = new Map();
  const failed = new Map();
  for (const r of results) {
    for (const m of r.error ? [] : (r.metrics ?? [])) metrics.set(m.id, m);
    if (r.error) failed.set(r.id, r.error);
  }
  const entries = GOALS.map((g) => {
    const m = metrics.get(g.id);
    if (m === undefined) {
      const why = failed.get(g.suite);
      if (why)
        return { id: g.id, ratio: null, goal: goalText(g), met: false, detail: `not measured: the ${g.suite} suite failed (${why})` };
      // `skipped`: the run left the suite out (--only, --skip), which a repeated run's count does not hold against it.
      return {
        id: g.id,
        ratio: null,
        goal: goalText(g),
        met: false,
        skipped: true,
        detail: `not measured: the ${g.suite} suite did not run`,
      };
    }
    return { id: g.id, ratio: round(m.ratio), goal: goalText(g), met: isMet(g, m.ratio), detail: m.detail };
  });
  const goalIds = new Set(GOALS.map((g) => g.id));
  const extra = [...metrics.values()]
    .filter((m) => !goalIds.has(m.id))
    .map((m) => ({ id: m.id, ratio: round(m.ratio), goal: null, met: null, detail: m.detail }));
  return [...entries, ...extra];
}

function round(x) {
  return typeof x === 'number' && Number.isFinite(x) ? Number(x.toPrecision(4)) : null;
}

module.exports = { GOALS, goalEntries, goalText };
