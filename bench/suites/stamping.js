'use strict';
// 1. Stamping: how many X-Stamp headers per second our sdk makes and verifies, against the service's own
// stamper (@turnkey/api-key-stamper, the peer) and node:crypto with a cached KeyObject (the limit).
const sdk = require('@walletinfra/sdk');
const { ApiKeyStamper: TurnkeyStamper } = require('@turnkey/api-key-stamper');
const { verifyStampSignature } = require('@turnkey/crypto');
const { compareRates } = require('../lib/measure');
const { nodeStamper, nodeVerifier } = require('../lib/node-stamp');
const { ratio, int } = require('../lib/format');
const { barChart } = require('../lib/plot');

const ORG = '7c1f3a52-5a7e-4c55-9a57-0f6f1c1e2d3b';

/** A typical submit body: a create_policy activity as the provider sends it. */
function submitBody(i) {
  return JSON.stringify({
    type: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
    timestampMs: String(1767225600000 + i),
    organizationId: ORG,
    parameters: {
      policyName: `Allow treasury signers to move up to 1 ETH (${i})`,
      effect: 'EFFECT_ALLOW',
      condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'SIGN' && eth.tx.value <= 1000000000000000000",
      consensus: "approvers.filter(user, user.tags.contains('b0b8e4a8-0e3e-4f2a-9c66-3f4d27a1c9a0')).count() >= 2",
      notes: 'managed by pulumi: stack treasury/prod',
    },
  });
}

const POOL = 256;

function timing(quick) {
  return quick ? { trials: 3, durationMs: 200, warmupMs: 100 } : { trials: 5, durationMs: 1000, warmupMs: 300 };
}

async function run({ quick, log }) {
  const pair = sdk.generateApiKeyPair();
  const bodies = Array.from({ length: POOL }, (_, i) => submitBody(i));
  const ours = new sdk.ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey });
  const oursPure = new sdk.ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey, runtimeOverride: 'purejs' });
  if (ours.runtime !== 'node') throw new Error(`the sdk stamper runs on ${ours.runtime}, expected node:crypto under Node.js`);
  const turnkey = new TurnkeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey });
  const turnkeyPure = new TurnkeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey, runtimeOverride: 'purejs' });
  const limitStamp = nodeStamper(pair);
  const limitVerify = nodeVerifier(pair);
  // Stamps to verify: ours (node:crypto, random nonce, S as signed). Every verifier must accept every one of
  // them before we time it, or the table would be measuring rejections.
  const stamped = bodies.map((body) => ({ body, header: ours.stamp(body).headerValue }));
  for (const { body, header } of quick ? stamped.slice(0, 32) : stamped) {
    const decoded = sdk.decodeStamp(header);
    const okTurnkey = await verifyStampSignature(decoded.publicKey, decoded.signature, body).catch(() => false);
    if (!sdk.verifyStamp({ headerValue: header, body }).ok || !limitVerify(header, body) || okTurnkey !== true) {
      throw new Error('a verifier rejected a valid stamp; refusing to time it');
    }
  }
  const t = timing(quick);
  log(`  stamping: ${bodies[0].length}-byte submit body, ${t.trials} trials x ${t.durationMs} ms per case`);
  const stampRates = await compareRates(
    [
      { name: 'limit', fn: (i) => limitStamp(bodies[i % POOL]) },
      { name: 'ours', fn: (i) => ours.stamp(bodies[i % POOL]) },
      { name: 'oursPure', fn: (i) => oursPure.stamp(bodies[i % POOL]) },
      { name: 'turnkey', async: true, fn: (i) => turnkey.stamp(bodies[i % POOL]) },
      { name: 'turnkeyPure', async: true, fn: (i) => turnkeyPure.stamp(bodies[i % POOL]) },
    ],
    t,
  );
  log(`  verification: ${t.trials} trials x ${t.durationMs} ms per case`);
  const verifyRates = await compareRates(
    [
      { name: 'limit', fn: (i) => limitVerify(stamped[i % POOL].header, stamped[i % POOL].body) },
      { name: 'ours', fn: (i) => sdk.verifyStamp({ headerValue: stamped[i % POOL].header, body: stamped[i % POOL].body }) },
      {
        name: 'turnkey',
        async: true,
        fn: (i) => {
          const { header, body } = stamped[i % POOL];
          const d = sdk.decodeStamp(header);
          return verifyStampSignature(d.publicKey, d.signature, body);
        },
      },
    ],
    t,
  );
  return report(stampRates, verifyRates, bodies[0].length);
}

function report(s, v, bodyBytes) {
  const stampRows = [
    [ratio(s.ours / s.limit), 'our sdk `ApiKeyStamper.stamp` (default under Node.js: node:crypto, key object built once)', int(s.ours)],
    [ratio(s.oursPure / s.limit), 'our sdk `ApiKeyStamper.stamp`, `runtimeOverride: "purejs"` (noble-curves, RFC 6979)', int(s.oursPure)],
    [
      ratio(s.turnkey / s.limit),
      '@turnkey/api-key-stamper 0.6.17 `stamp` (Node runtime: node:crypto, key re-imported per call)',
      int(s.turnkey),
    ],
    [
      ratio(s.turnkeyPure / s.limit),
      '@turnkey/api-key-stamper 0.6.17 `stamp`, `runtimeOverride: "purejs"` (noble-curves)',
      int(s.turnkeyPure),
    ],
    [ratio(1), '**limit**: node:crypto `sign` with a cached KeyObject + the same header encoding', int(s.limit)],
  ];
  const verifyRows = [
    [ratio(v.ours / v.limit), 'our sdk `verifyStamp` (decode and check the header + node:crypto verify, cached key object)', int(v.ours)],
    [ratio(v.turnkey / v.limit), '@turnkey/crypto 2.13.2 `verifyStampSignature` (after decoding the header)', int(v.turnkey)],
    [ratio(1), '**limit**: decode header + node:crypto `verify` with a cached KeyObject', int(v.limit)],
  ];
  const cols = ['× limit (1.00 = as fast as node:crypto)', 'implementation', 'per second'];
  const barRows = [
    { group: 'stamp', series: 'our sdk', y: Math.round(s.ours) },
    { group: 'stamp', series: 'our sdk (purejs)', y: Math.round(s.oursPure) },
    { group: 'stamp', series: '@turnkey/api-key-stamper (node)', y: Math.round(s.turnkey) },
    { group: 'stamp', series: '@turnkey/api-key-stamper (purejs)', y: Math.round(s.turnkeyPure) },
    { group: 'stamp', series: 'node:crypto (limit)', y: Math.round(s.limit) },
    { group: 'verify', series: 'our sdk', y: Math.round(v.ours) },
    { group: 'verify', series: '@turnkey/crypto', y: Math.round(v.turnkey) },
    { group: 'verify', series: 'node:crypto (limit)', y: Math.round(v.limit) },
  ];
  return {
    id: 'stamping',
    title: '1. Stamping and stamp verification',
    intro:
      `One \`X-Stamp\` header per request: ECDSA P-256 over SHA-256 of the exact body, DER hex inside base64url JSON ` +
      `(docs/service-behaviour.md#request-stamps). Body: a ${bodyBytes}-byte \`create_policy\` submit body (256 variants cycled). ` +
      'Rates are the median of interleaved trials on one core; every verifier is first checked to accept every stamp.',
    tables: [
      { caption: 'Stamps per second', columns: cols, rows: stampRows },
      { caption: 'Verifications per second', columns: cols, rows: verifyRows },
    ],
    plots: [
      {
        file: 'stamping.svg',
        alt: 'stamps and verifications per second',
        spec: barChart({ title: 'Stamps and verifications per second (higher is better)', rows: barRows, yTitle: 'operations / s' }),
      },
    ],
    headlines: [
      {
        label: 'stamp: our sdk vs node:crypto',
        ratio: s.ours / s.limit,
        gap: s.limit / s.ours,
        detail: `${int(s.ours)}/s vs ${int(s.limit)}/s; @turnkey/api-key-stamper ${ratio(s.turnkey / s.limit)}`,
        why: `Our sdk signs with node:crypto like the limit, with the key object built once; what remains is the header (UTF-8 body buffer, JSON, base64url) and the call through the stamper. Its purejs runtime (noble-curves) lands at ${ratio(s.oursPure / s.limit)}; the peer stamper at ${ratio(s.turnkey / s.limit)} in its node:crypto mode (it re-imports the key on every call) and ${ratio(s.turnkeyPure / s.limit)} in pure JS.`,
      },
      {
        label: 'verify: our sdk vs node:crypto',
        ratio: v.ours / v.limit,
        gap: v.limit / v.ours,
        detail: `${int(v.ours)}/s vs ${int(v.limit)}/s; @turnkey/crypto ${ratio(v.turnkey / v.limit)}`,
        why: `Both verify with OpenSSL through a cached key object; ours also checks the header strictly (base64url alphabet, UTF-8, JSON object, scheme, compressed-key form) before verifying. ${ratio(v.ours / v.turnkey)} the peer's rate.`,
      },
    ],
    metrics: [
      {
        id: 'stamp_vs_node',
        ratio: s.ours / s.limit,
        detail: `${int(s.ours)}/s vs ${int(s.limit)}/s (purejs runtime ${ratio(s.oursPure / s.limit)})`,
      },
      { id: 'verify_vs_node', ratio: v.ours / v.limit, detail: `${int(v.ours)}/s vs ${int(v.limit)}/s` },
      { id: 'stamp_purejs_vs_node', ratio: s.oursPure / s.limit, detail: `${int(s.oursPure)}/s vs ${int(s.limit)}/s` },
      { id: 'stamp_turnkey_vs_node', ratio: s.turnkey / s.limit, detail: `@turnkey/api-key-stamper (node runtime) ${int(s.turnkey)}/s` },
    ],
  };
}

module.exports = { run, submitBody };
