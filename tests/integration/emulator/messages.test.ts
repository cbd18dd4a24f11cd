// Every kind of error message the emulator answers with, one example each, printed for review (as
// noble-curves does for its errors): the request pipeline (routing, size, JSON, stamp, organization,
// liveness, faults), the shared schemas, the handlers' rules and the admin API. Asserted exactly, in the
// service's `{code, message}` shape, so a changed or added message shows up here.
import { p256 } from '@noble/curves/p256';
import { join } from 'node:path';
import { admin, envelope, FIXED_NOW, manualClock, post, stampedPost, useTestEmulator } from '../../support/emulator';

const SEED = join(__dirname, '..', '..', '..', 'emulator', 'seeds', 'example.json');
const UNKNOWN = '00000000-0000-4000-8000-000000000001';
const STRANGER_PRIVATE = '11'.repeat(32);
const STRANGER = { privateKey: STRANGER_PRIVATE, publicKey: Buffer.from(p256.getPublicKey(STRANGER_PRIVATE, true)).toString('hex') };
const emu = useTestEmulator({ seed: SEED, clock: manualClock().now, maxBodyBytes: 4096, allowLoopbackWebhooks: false });

const q = (name: string) => `/public/v1/query/${name}`;
const s = (name: string) => `/public/v1/submit/${name}`;
const env = (type: string, parameters: unknown, at = FIXED_NOW) => envelope(emu, type, parameters, at);
const line = (r: { status: number; json: unknown }) => {
  const j = r.json as { code?: unknown; message?: unknown };
  return `${r.status} ${String(j.code)} ${String(j.message)}`;
};

async function messages(): Promise<string[]> {
  const org = emu.credentials.organizationId;
  const out: string[] = [];
  const push = async (r: Promise<{ status: number; json: unknown }>) => out.push(line(await r));
  // routing, size, JSON, stamp
  await push(stampedPost(emu, q('no_such_query'), { organizationId: org }));
  await push(fetch(`${emu.baseUrl}${q('list_policies')}`).then(async (r) => ({ status: r.status, json: (await r.json()) as unknown })));
  await push(stampedPost(emu, q('list_policies'), JSON.stringify({ organizationId: org, pad: 'x'.repeat(5000) })));
  await push(stampedPost(emu, q('list_policies'), '{"organizationId":'));
  await push(post(`${emu.baseUrl}${q('list_policies')}`, JSON.stringify({ organizationId: org })));
  await push(post(`${emu.baseUrl}${q('list_policies')}`, JSON.stringify({ organizationId: org }), { 'X-Stamp': 'not-a-stamp' }));
  await push(stampedPost(emu, q('list_policies'), { organizationId: org }, STRANGER));
  await push(stampedPost(emu, q('list_policies'), { organizationId: UNKNOWN }));
  // schemas and liveness
  await push(stampedPost(emu, q('list_policies'), { organizationId: org, bogus: 1 }));
  await push(
    stampedPost(
      emu,
      s('create_policy'),
      env('ACTIVITY_TYPE_CREATE_POLICY_V3', { policyName: 'x', effect: 'EFFECT_ALLOW', notes: '' }, FIXED_NOW - 3_600_000),
    ),
  );
  await push(stampedPost(emu, s('create_policy'), env('ACTIVITY_TYPE_CREATE_POLICY_V3', { policyName: 1, effect: 'EFFECT_MAYBE' })));
  // handlers' rules
  await push(stampedPost(emu, q('get_policy'), { organizationId: org, policyId: UNKNOWN }));
  await push(
    stampedPost(
      emu,
      s('create_policy'),
      env('ACTIVITY_TYPE_CREATE_POLICY_V3', { policyName: 'Seed: no exports', effect: 'EFFECT_DENY', notes: '' }),
    ),
  );
  await push(
    stampedPost(
      emu,
      s('create_policy'),
      env('ACTIVITY_TYPE_CREATE_POLICY_V3', { policyName: 'y', effect: 'EFFECT_ALLOW', notes: '', time: 'x' }),
    ),
  );
  await push(
    stampedPost(
      emu,
      s('create_webhook_endpoint'),
      env('ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT', { url: 'https://127.0.0.1/hook', name: 'n' }),
    ),
  );
  await push(stampedPost(emu, s('set_ip_allowlist'), env('ACTIVITY_TYPE_SET_IP_ALLOWLIST', { rules: [{ cidr: '::ffff:1.2.3.4/128' }] })));
  await push(
    stampedPost(
      emu,
      s('create_fiat_on_ramp_credential'),
      env('ACTIVITY_TYPE_CREATE_FIAT_ON_RAMP_CREDENTIAL', {
        onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
        publishableApiKey: 'pk',
        encryptedSecretApiKey: 'plain',
      }),
    ),
  );
  // faults and the admin API
  await admin(emu, 'PUT', '/faults', { rules: [{ path: q('list_policies'), status: 503, times: 1 }] });
  await push(stampedPost(emu, q('list_policies'), { organizationId: org }));
  await push(admin(emu, 'PUT', '/faults', { rules: [{ path: '/x', status: 200 }] }));
  await push(admin(emu, 'PUT', '/faults', { rules: [{ path: '/x', probability: 2 }] }));
  await push(admin(emu, 'POST', '/seed', { users: [{ userName: 'a', nmae: 'b' }] }));
  await push(admin(emu, 'POST', '/seed', { users: [{ userName: 'a', apiKeys: [{ apiKeyName: 'k', publicKey: 5 }] }] }));
  await push(admin(emu, 'POST', '/users', { userName: 'a', root: 'yes' }));
  await push(admin(emu, 'POST', `/organizations/${org}/settings`, { requiredApprovals: 0 }));
  await push(fetch(`${emu.adminUrl}/faults`).then(async (r) => ({ status: r.status, json: (await r.json()) as unknown })));
  return out;
}

test('every emulator error message, printed for review', async () => {
  const all = await messages();
  console.log(all.join('\n'));
  expect(all).toEqual(EXPECTED);
});

const EXPECTED: string[] = [
  '404 5 unknown operation: /public/v1/query/no_such_query',
  '405 12 method GET is not allowed on /public/v1/query/list_policies; use POST',
  '413 3 request body too large: the limit is 4096 bytes',
  '400 3 invalid request body: not valid JSON',
  '401 16 cannot authenticate public API activity request without a stamp (X-Stamp/X-Stamp-Webauthn header)',
  '401 16 could not extract api key stamp: stamp is not base64url-encoded JSON',
  '401 16 could not find public key in organization',
  '404 5 no organization found with the given ID',
  '400 3 invalid request body: bogus: is not a known field',
  '400 3 invalid request body: timestampMs: must be within 300000 ms of the server time (request liveness check)',
  '400 3 invalid request body: parameters.policyName: must be of type string, got number; parameters.effect: must be one of "EFFECT_ALLOW"|"EFFECT_DENY"; parameters.notes: is required',
  '404 5 no policy found with ID 00000000-0000-4000-8000-000000000001',
  '400 3 policy label must be unique',
  "400 3 invalid policy time: 1:1: unknown name 'x'; the names available in a time expression are time",
  '400 3 invalid request body: parameters.url: must not point to a loopback address; to accept loopback receivers, set the emulator option allowLoopbackWebhooks to true (--allow-loopback-webhooks)',
  '400 3 invalid request body: parameters.rules[0].cidr: "::ffff:1.2.3.4/128" is an IPv4-mapped IPv6 address; write the IPv4 CIDR 1.2.3.4/32 instead',
  "400 3 invalid request body: parameters.encryptedSecretApiKey: could not be decrypted with the on-ramp encryption key (encrypt it to the emulator's key from GET /__admin/onramp-encryption-key)",
  '503 14 injected fault',
  '400 3 invalid request body: faults.rules[0].status must be an integer from 400 to 599, got 200',
  '400 3 invalid request body: faults.rules[0].probability must be a number from 0 to 1, got 2',
  '400 3 invalid request body: unknown seed.users[0] field "nmae"; known: userName, userEmail, userPhoneNumber, tags, root, apiKeys, authenticators, oauthProviders, mfaPolicies',
  '400 3 invalid request body: seed.users[0].apiKeys[0].publicKey must be a non-empty string, got 5',
  '400 3 invalid request body: root must be true or false, got "yes"',
  '400 3 invalid request body: requiredApprovals must be an integer from 1 to 100, got 0',
  '401 16 admin endpoints need the admin token: send "Authorization: Bearer <adminToken>" (adminToken is in credentials.json)',
];
