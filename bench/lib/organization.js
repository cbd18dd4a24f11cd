'use strict';
// A realistic organization as a bench spec (lib/e2e-programs.js): what `walletinfra-export` writes for a team
// that runs its signing on the service, about a thousand objects of all twelve kinds at scale 1. Users with two
// API keys each, user tags grouping them into approver teams, policies whose consensus names those tags (by the
// tags' ids, outputs of the UserTag resources, as an exported program names them), deny policies, policies that
// read a velocity control or a contract's interface, private-key tags, webhooks, session profiles, on-ramp
// credentials, IP allowlists of the organization and of some keys, and the root quorum as it is.
//
// Limits it stays within (the emulator's, from the service's documented ones): 100 users per organization (the
// root user is one), 10 long-lived API keys per user, 100 tags.
const crypto = require('node:crypto');

/** A compressed P-256 public key, as an API key carries it. */
function publicKey() {
  const { publicKey: key } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = key.export({ format: 'jwk' });
  const y = Buffer.from(jwk.y, 'base64url');
  return `${y[y.length - 1] % 2 === 0 ? '02' : '03'}${Buffer.from(jwk.x, 'base64url').toString('hex')}`;
}

const TRANSFER_ABI = JSON.stringify([
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
]);

/** A contract address, the same for a given index in every run. */
function address(i) {
  return `0x${crypto.createHash('sha256').update(`bench contract ${i}`).digest('hex').slice(0, 40)}`;
}

const pad = (i, n = 3) => String(i).padStart(n, '0');
const ref = (name, output) => ({ $ref: [name, output] });
const SIGN = "activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2'";

/** How many objects of each kind at `scale` (1: the full organization; the quick run's is smaller). */
function counts(scale) {
  const n = (full, least = 1) => Math.max(least, Math.round(full * scale));
  return {
    users: n(96, 4),
    keysPerUser: 2,
    userTags: n(24, 2),
    privateKeyTags: n(40),
    policies: n(500, 10),
    webhooks: n(12),
    sessionProfiles: n(12),
    onRamp: 2,
    keyAllowlists: n(5),
    interfaces: n(40, 2),
    controls: n(40, 2),
  };
}

/** The policies: most need a tag's approvers, some deny, some read a control or a contract's interface. */
function policies(c) {
  const out = [];
  for (let i = 0; i < c.policies; i += 1) {
    const tag = `team-${pad(i % c.userTags)}`;
    const name = `policy-${pad(i)}`;
    const base = { policyName: `bench ${name}`, notes: `bench organization: ${name}` };
    const kind = i % 20;
    let args;
    if (kind < 12) {
      args = {
        effect: 'EFFECT_ALLOW',
        condition: `${SIGN} && activity.params.type == 'TRANSACTION_TYPE_ETHEREUM' && wallet.id == 'wallet-${pad(i)}'`,
        consensus: { $concat: ["approvers.any(user, user.tags.contains('", ref(tag, 'userTagId'), "'))"] },
      };
    } else if (kind < 16) {
      args = {
        effect: 'EFFECT_ALLOW',
        condition: `activity.resource == 'POLICY' && activity.action == 'UPDATE' && activity.params.policy_name == 'bench ${name}'`,
        consensus: { $concat: ["approvers.filter(user, user.tags.contains('", ref(tag, 'userTagId'), "')).count() >= 2"] },
      };
    } else if (kind < 18) {
      args = {
        effect: 'EFFECT_DENY',
        condition: `activity.resource == 'PRIVATE_KEY' && activity.action == 'EXPORT' && wallet.id == 'wallet-${pad(i)}'`,
      };
    } else if (kind < 19) {
      const control = `control-${pad(i % c.controls)}`;
      args = {
        effect: 'EFFECT_ALLOW',
        condition: { $concat: [`${SIGN} && controls.`, ref(control, 'identifier')] },
        consensus: { $concat: ["approvers.any(user, user.tags.contains('", ref(tag, 'userTagId'), "'))"] },
      };
    } else {
      const contract = `interface-${pad(i % c.interfaces)}`;
      args = {
        effect: 'EFFECT_ALLOW',
        condition: {
          $concat: [`${SIGN} && eth.tx.to == '`, ref(contract, 'smartContractAddress'), "' && eth.tx.function_name == 'transfer'"],
        },
        consensus: { $concat: ["approvers.any(user, user.tags.contains('", ref(tag, 'userTagId'), "'))"] },
      };
    }
    out.push({ type: 'Policy', name, args: { ...base, ...args } });
  }
  return out;
}

/** Who can act: users with their keys, the approver teams, the root quorum as it is, and some keys' allowlists. */
function identity(c, rootUserId) {
  const out = [];
  for (let u = 0; u < c.users; u += 1) {
    const user = `user-${pad(u)}`;
    out.push({ type: 'User', name: user, args: { userName: `bench ${user}`, userEmail: `${user}@bench.example.com` } });
    for (let k = 0; k < c.keysPerUser; k += 1) {
      out.push({
        type: 'ApiKey',
        name: `${user}-key-${k}`,
        args: { userId: ref(user, 'userId'), apiKeyName: `bench ${user} key ${k}`, publicKey: publicKey() },
      });
    }
  }
  for (let t = 0; t < c.userTags; t += 1) {
    const members = [];
    for (let u = t; u < c.users; u += c.userTags) members.push(ref(`user-${pad(u)}`, 'userId'));
    out.push({ type: 'UserTag', name: `team-${pad(t)}`, args: { userTagName: `bench team ${pad(t)}`, userIds: members } });
  }
  out.push({ type: 'RootQuorum', name: 'root-quorum', args: { threshold: 1, userIds: [rootUserId] } });
  out.push({
    type: 'IpAllowlist',
    name: 'organization-allowlist',
    args: {
      enabled: false,
      rules: [
        { cidr: '203.0.113.0/24', label: 'office' },
        { cidr: '198.51.100.0/24', label: 'vpn' },
      ],
    },
  });
  for (let a = 0; a < c.keyAllowlists; a += 1) {
    out.push({
      type: 'IpAllowlist',
      name: `key-allowlist-${pad(a)}`,
      args: { publicKey: ref(`user-${pad(a)}-key-0`, 'publicKey'), rules: [{ cidr: '203.0.113.0/24', label: 'office' }] },
    });
  }
  return out;
}

/** What policies read and what the organization runs beside them. */
function surroundings(c) {
  const out = [];
  for (let i = 0; i < c.interfaces; i += 1) {
    out.push({
      type: 'SmartContractInterface',
      name: `interface-${pad(i)}`,
      args: {
        smartContractAddress: address(i),
        type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
        label: `token ${pad(i)}`,
        smartContractInterface: TRANSFER_ABI,
      },
    });
  }
  for (let i = 0; i < c.controls; i += 1) {
    out.push({
      type: 'VelocityControl',
      name: `control-${pad(i)}`,
      args: {
        name: `bench control ${pad(i)}`,
        identifier: `bench_signs_${pad(i)}`,
        dataSource: { activityExecution: {} },
        aggregation: {
          method: 'VELOCITY_CONTROL_AGGREGATION_METHOD_COUNT',
          operator: 'VELOCITY_CONTROL_AGGREGATION_OPERATOR_LESS_THAN_OR_EQUAL',
          threshold: String(100 + i),
          window: { rolling: { duration: '86400' } },
          groupBy: { organization: {} },
        },
      },
    });
  }
  for (let i = 0; i < c.privateKeyTags; i += 1) {
    out.push({ type: 'PrivateKeyTag', name: `key-tag-${pad(i)}`, args: { privateKeyTagName: `bench key tag ${pad(i)}` } });
  }
  for (let i = 0; i < c.webhooks; i += 1) {
    out.push({
      type: 'WebhookEndpoint',
      name: `webhook-${pad(i)}`,
      // A public name (never resolved here: the emulator delivers to loopback only) and no activity updates.
      args: {
        name: `bench webhook ${pad(i)}`,
        url: `https://hooks.bench.example.com/${pad(i)}`,
        subscriptions: [{ eventType: 'BALANCE_CONFIRMED_UPDATES' }],
      },
    });
  }
  for (let i = 0; i < c.sessionProfiles; i += 1) {
    out.push({
      type: 'SessionProfile',
      name: `session-${pad(i)}`,
      args: { sessionProfileName: `bench session ${pad(i)}`, scope: "activity.action != 'EXPORT'", expirationSeconds: String(600 + i) },
    });
  }
  for (const [i, provider] of ['FIAT_ON_RAMP_PROVIDER_MOONPAY', 'FIAT_ON_RAMP_PROVIDER_COINBASE'].slice(0, c.onRamp).entries()) {
    out.push({
      type: 'FiatOnRampCredential',
      name: `on-ramp-${i}`,
      args: { onrampProvider: provider, publishableApiKey: `pk_test_bench_${i}`, secretApiKey: `sk_test_bench_${i}`, sandboxMode: true },
    });
  }
  return out;
}

/**
 * The organization's spec at `scale`, for an organization whose root user is `rootUserId`: the resources in the order
 * an exported program declares them (what a policy names before the policy), and the count per kind.
 */
function organizationSpec(scale, rootUserId) {
  const c = counts(scale);
  const resources = [...identity(c, rootUserId), ...surroundings(c), ...policies(c)];
  const perKind = {};
  for (const r of resources) perKind[r.type] = (perKind[r.type] ?? 0) + 1;
  return { resources, perKind };
}

module.exports = { organizationSpec };
