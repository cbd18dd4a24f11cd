'use strict';
// The emulator under test, in its own process (see lib/children.js), plus the bench's setup commands:
// bulk inserts straight into its store (setup speed: 100,000 activities through HTTP would take minutes), a fleet
// of sub-organizations through its seed-fleet,
// reset, and injected latency through its own fault rules.
const crypto = require('node:crypto');
const diagnostics = require('node:diagnostics_channel');
const inspector = require('node:inspector');
const path = require('node:path');
const { startEmulator } = require('@walletinfra/emulator');
const { activityFingerprint } = require('@walletinfra/sdk');
const { serve } = require('./serve');
const { summarize } = require('../lib/profile');

const EXAMPLE_SEED = path.join(path.dirname(require.resolve('@walletinfra/emulator/package.json')), 'seeds', 'example.json');

let emulator;
let profiler;

// Every HTTP request this process serves, by path (`/public/v1/query/list_policies`), counted from Node's own
// diagnostics channel, so a suite can say how many requests a command made without touching the emulator.
let requests = new Map();
let cpuAtReset = process.cpuUsage();
diagnostics.subscribe('http.server.request.start', ({ request }) => {
  const where = (request.url ?? '').split('?')[0];
  requests.set(where, (requests.get(where) ?? 0) + 1);
});

function post(method, params = {}) {
  return new Promise((resolve, reject) => profiler.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
}

function org() {
  return emulator.credentials.organizationId;
}

function policyRecord(i, now) {
  return {
    policyId: crypto.randomUUID(),
    organizationId: org(),
    policyName: `bench-policy-${String(i).padStart(6, '0')}`,
    effect: i % 5 === 0 ? 'EFFECT_DENY' : 'EFFECT_ALLOW',
    condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'SIGN'",
    consensus: i % 5 === 0 ? '' : 'approvers.count() >= 1',
    notes: 'bench: inserted through the store',
    createdAt: now,
    updatedAt: now,
  };
}

/** A completed create_policy activity as the write path records it (emulator activities/engine.ts). */
function activityRecord(i, now, signature) {
  const { userId, apiPublicKey } = emulator.credentials;
  const parameters = { policyName: `bench-activity-policy-${i}`, effect: 'EFFECT_ALLOW', notes: 'bench' };
  const timestampMs = String(now - 1000 * i);
  const body = JSON.stringify({ type: 'ACTIVITY_TYPE_CREATE_POLICY_V3', timestampMs, organizationId: org(), parameters });
  const id = crypto.randomUUID();
  const createdAt = now - 1000 * i;
  return {
    id,
    organizationId: org(),
    operation: 'create_policy',
    type: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
    status: 'ACTIVITY_STATUS_COMPLETED',
    parameters,
    intentKey: 'createPolicyIntentV3',
    result: { createPolicyResult: { policyId: crypto.randomUUID() } },
    // The vote's signature is shown by get_activity, never verified again; one real signature serves all.
    votes: [
      {
        id: crypto.randomUUID(),
        userId,
        activityId: id,
        selection: 'VOTE_SELECTION_APPROVED',
        message: body,
        publicKey: apiPublicKey,
        signature,
        scheme: 'SIGNATURE_SCHEME_TK_API_P256',
        createdAt,
      },
    ],
    fingerprint: activityFingerprint(body),
    submittedBy: { userId, publicKey: apiPublicKey },
    timestampMs,
    createdAt,
    updatedAt: createdAt,
  };
}

serve({
  async start({ dataDir, seed }) {
    emulator = await startEmulator({ ...(dataDir ? { dataDir } : {}), ...(seed === 'example' ? { seed: EXAMPLE_SEED } : {}) });
    // The key on-ramp secrets are encrypted to travels with the credentials: a provider pointed at the emulator needs it.
    return {
      baseUrl: emulator.baseUrl,
      credentials: { ...emulator.credentials, onRampEncryptionPublicKey: emulator.onRampEncryptionPublicKey },
    };
  },
  reset() {
    emulator.reset();
  },
  /** Sub-organizations of the parent made by the emulator's fleet seed (README "Seeding a fleet"), one transaction. */
  async seedFleet({ count, shape, driftPercent, driftKinds, seed }) {
    const res = await fetch(`${emulator.baseUrl}/__admin/seed-fleet`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator.credentials.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ count, shape, driftPercent, ...(driftKinds ? { driftKinds } : {}), seed, history: false }),
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`seed-fleet answered ${res.status}: ${JSON.stringify(body)}`);
    return body;
  },
  /**
   * A passkey for every root user of every sub-organization (the delegated-access guide's end users log in with one;
   * the seed makes them without): a root user who cannot sign is refused in a root quorum by the provider's lock-out
   * rules. The public keys are random bytes: nothing signs with them.
   */
  registerPasskeys() {
    const now = Date.now();
    let count = 0;
    emulator.store.transaction(() => {
      for (const o of emulator.store.organizations.all()) {
        if (o.parentOrganizationId !== org()) continue;
        for (const userId of o.rootQuorum.userIds) {
          emulator.store.authenticators.insert({
            authenticatorId: crypto.randomUUID(),
            organizationId: o.organizationId,
            userId,
            authenticatorName: 'passkey',
            credentialId: crypto.randomBytes(16).toString('base64url'),
            publicKey: `02${crypto.randomBytes(32).toString('hex')}`,
            createdAt: now,
          });
          count += 1;
        }
      }
    });
    return count;
  },
  setLatency({ latencyMs }) {
    emulator.faults.set(latencyMs > 0 ? [{ path: '/public/v1/*', delayMs: latencyMs }] : []);
  },
  /** Requests served by path and this process's CPU time (ms) since the last `resetStats`. */
  stats() {
    const cpu = process.cpuUsage(cpuAtReset);
    return { requests: Object.fromEntries(requests), cpuMs: (cpu.user + cpu.system) / 1000 };
  },
  resetStats() {
    requests = new Map();
    cpuAtReset = process.cpuUsage();
  },
  count({ collection }) {
    return emulator.store[collection].listByOrg(org()).length;
  },
  /** Inserts `count` policies in one transaction; returns them in wire order (oldest first). */
  insertPolicies({ count }) {
    const now = Date.now();
    const records = Array.from({ length: count }, (_, i) => policyRecord(i, now));
    emulator.store.transaction(() => records.forEach((r) => emulator.store.policies.insert(r)));
    return records.map(({ policyId, policyName, effect, condition, consensus, notes }) => ({
      policyId,
      policyName,
      effect,
      condition,
      consensus,
      notes,
    }));
  },
  /**
   * Inserts `users` users with `keysPerUser` API keys each in one transaction (the store has no per-organization
   * user limit; create_users does); returns them with their keys. The public keys are random bytes: nothing
   * signs with them.
   */
  insertUsers({ users, keysPerUser }) {
    const now = Date.now();
    const out = [];
    emulator.store.transaction(() => {
      for (let i = 0; i < users; i += 1) {
        const userId = crypto.randomUUID();
        const userName = `bench-user-${String(i).padStart(4, '0')}`;
        emulator.store.users.insert({
          userId,
          organizationId: org(),
          userName,
          userTags: [],
          oauthProviders: [],
          createdAt: now,
          updatedAt: now,
        });
        const keys = [];
        for (let k = 0; k < keysPerUser; k += 1) {
          const key = {
            apiKeyId: crypto.randomUUID(),
            organizationId: org(),
            userId,
            apiKeyName: `${userName} key ${k}`,
            publicKey: `02${crypto.randomBytes(32).toString('hex')}`,
            type: 'CREDENTIAL_TYPE_API_KEY_P256',
            createdAt: now,
            updatedAt: now,
          };
          emulator.store.apiKeys.insert(key);
          keys.push({ apiKeyId: key.apiKeyId, apiKeyName: key.apiKeyName, publicKey: key.publicKey });
        }
        out.push({ userId, userName, keys });
      }
    });
    return out;
  },
  /** Inserts `count` completed activities in one transaction; returns 64 of their ids spread over the range. */
  insertActivities({ count }) {
    const now = Date.now();
    const signature = crypto.randomBytes(71).toString('hex');
    const ids = [];
    const step = Math.max(1, Math.floor(count / 64));
    emulator.store.transaction(() => {
      for (let i = 0; i < count; i += 1) {
        const record = activityRecord(i, now, signature);
        emulator.store.activities.insert(record);
        if (i % step === 0) ids.push(record.id);
      }
    });
    return ids;
  },
  /** Starts V8's sampling profiler in this process (the server's), for `profileStop`. */
  async profileStart() {
    profiler = new inspector.Session();
    profiler.connect();
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 200 });
    await post('Profiler.start');
  },
  /** Stops the profiler; returns the emulator's and sdk's functions by inclusive share of busy CPU time. */
  async profileStop({ top }) {
    const { profile } = await post('Profiler.stop');
    profiler.disconnect();
    return summarize(profile, { include: /\/(emulator|sdk)\/dist\//, top });
  },
  async close() {
    if (emulator) await emulator.close();
  },
});
