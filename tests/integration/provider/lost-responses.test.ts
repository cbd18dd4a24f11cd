// A write whose response is lost (the service commits it, then drops the connection) is resolved before the
// provider gives up, for every resource and every write kind: by the activity its body's fingerprint names
// or, when the activity history cannot be read, by the object. No retries here (maxRetries 0, a zero retry
// budget), so the first lost answer is the last.
import type { Runtime } from '@walletinfra/pulumi/runtime';
import { useHarness } from '../../support/provider-harness';

const h = useHarness({ config: { 'walletinfra:retryBudgetMs': '0' } });
afterEach(() => {
  h.emulator.faults.set([]);
});

type Provider = Runtime['policy'];

interface Resource {
  name: string;
  provider: (rt: Runtime) => Provider;
  declared: (tag: string) => Record<string, unknown>;
  changed: (tag: string) => Record<string, unknown>;
  /** The live objects as `[id, what the test compares]`. */
  live: () => Promise<Array<[string, string]>>;
  shows: (tag: string, changed: boolean) => string;
  path: (kind: 'create' | 'update' | 'delete') => string;
}

const RESOURCES: Resource[] = [
  {
    name: 'Policy',
    provider: (rt) => rt.policy,
    declared: (tag) => ({ policyName: `lost-${tag}`, effect: 'EFFECT_DENY', notes: 'first' }),
    changed: (tag) => ({ policyName: `lost-${tag}`, effect: 'EFFECT_DENY', notes: 'second' }),
    live: async () => (await h.client.listPolicies({})).policies.map((p) => [p.policyId, `${p.policyName} ${p.notes}`]),
    shows: (tag, changed) => `lost-${tag} ${changed ? 'second' : 'first'}`,
    path: (kind) => `/public/v1/submit/${kind}_policy`,
  },
  {
    name: 'WebhookEndpoint',
    provider: (rt) => rt.webhookEndpoint,
    declared: (tag) => ({ url: `https://hooks.example.com/${tag}`, name: `lost-${tag}` }),
    changed: (tag) => ({ url: `https://hooks.example.com/${tag}`, name: `lost-${tag}-renamed` }),
    live: async () => (await h.client.listWebhookEndpoints({})).webhookEndpoints.map((e) => [e.endpointId, `${e.url} ${e.name}`]),
    shows: (tag, changed) => `https://hooks.example.com/${tag} lost-${tag}${changed ? '-renamed' : ''}`,
    path: (kind) => `/public/v1/submit/${kind}_webhook_endpoint`,
  },
  {
    name: 'FiatOnRampCredential',
    provider: (rt) => rt.fiatOnRampCredential,
    declared: (tag) => ({
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
      projectId: tag,
      publishableApiKey: `pk_${tag}_1`,
      secretApiKey: `sk_${tag}_secret`,
    }),
    changed: (tag) => ({
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
      projectId: tag,
      publishableApiKey: `pk_${tag}_2`,
      secretApiKey: `sk_${tag}_secret`,
    }),
    live: async () =>
      (await h.client.listFiatOnRampCredentials({})).fiatOnRampCredentials.map((c) => [
        c.fiatOnrampCredentialId,
        `${c.projectId} ${c.publishableApiKey}`,
      ]),
    shows: (tag, changed) => `${tag} pk_${tag}_${changed ? 2 : 1}`,
    path: (kind) => `/public/v1/submit/${kind}_fiat_on_ramp_credential`,
  },
];

const HISTORY_UNREADABLE = { path: '/public/v1/query/list_activities', status: 429 };

describe.each(RESOURCES)('$name', (r) => {
  test.each([
    ['the activity by its fingerprint', false],
    ['the object, when the activity history cannot be read', true],
  ])('create, update and delete whose responses are lost are resolved by %s', async (_how, unreadable) => {
    const tag = `${r.name.toLowerCase()}-${unreadable ? 'obj' : 'act'}`;
    const lines: string[] = [];
    const rt = h.newRuntime({}, { log: (line) => lines.push(line) });
    const p = r.provider(rt);
    const check = async (news: Record<string, unknown>) => (await p.check({}, news)).inputs;
    // One full cycle first: each write kind's reusable-activity lookup is then answered for this process.
    const warm = await p.create(await check(r.declared(`${tag}-warm`)));
    const warmUpdated = await p.update(warm.id, warm.outs, await check(r.changed(`${tag}-warm`)));
    await p.delete(warm.id, warmUpdated.outs);

    const lose = (kind: 'create' | 'update' | 'delete') =>
      h.emulator.faults.set([{ path: r.path(kind), dropResponse: true, times: 1 }, ...(unreadable ? [HISTORY_UNREADABLE] : [])]);
    const dropped = () => h.emulator.faults.describe().rules[0]!.fired;

    lose('create');
    const created = await p.create(await check(r.declared(tag)));
    expect(dropped()).toBe(1);
    h.emulator.faults.set([]);
    expect((await r.live()).filter(([, v]) => v === r.shows(tag, false))).toEqual([[created.id, r.shows(tag, false)]]);

    lose('update');
    const updated = await p.update(created.id, created.outs, await check(r.changed(tag)));
    expect(dropped()).toBe(1);
    h.emulator.faults.set([]);
    expect((await r.live()).filter(([id]) => id === created.id)).toEqual([[created.id, r.shows(tag, true)]]);

    lose('delete');
    await p.delete(created.id, updated.outs);
    expect(dropped()).toBe(1);
    h.emulator.faults.set([]);
    expect((await r.live()).filter(([id]) => id === created.id)).toEqual([]);

    expect(lines.filter((l) => l.includes('the response was lost, but the write took effect')).length).toBe(3);
  });
});

test('a write that did not take effect says so, and one nobody can judge says how the next up reconciles', async () => {
  const rt = h.newRuntime({}, { log: () => {} });
  const inputs = (await rt.policy.check({}, { policyName: 'never-committed', effect: 'EFFECT_DENY', notes: 'n' })).inputs;
  await rt.policy.create((await rt.policy.check({}, { policyName: 'warm-up', effect: 'EFFECT_DENY', notes: 'n' })).inputs);
  // A 500 before processing: the service never made the activity.
  h.emulator.faults.set([{ path: '/public/v1/submit/create_policy', status: 500, times: 1 }]);
  await expect(rt.policy.create(inputs)).rejects.toThrow(
    'create_policy: injected fault (HTTP 500, INTERNAL). Create policy "never-committed" did not take effect ' +
      '(the service has no activity with its fingerprint); running `pulumi up` again submits it',
  );
  // A 500 and no way to read the history, and the object is not there: unknown (it could wait for approval).
  h.emulator.faults.set([{ path: '/public/v1/submit/create_policy', status: 500, times: 1 }, HISTORY_UNREADABLE]);
  const error = (await rt.policy.create(inputs).catch((e: unknown) => e)) as Error;
  const fingerprint = /fingerprint (sha256:[0-9a-f]{64})/.exec(error.message)?.[1];
  expect(error.message).toBe(
    '/public/v1/submit/create_policy: injected fault (HTTP 500, INTERNAL). Whether create policy "never-committed" took effect is unknown: ' +
      'the activity history could not be read (/public/v1/query/list_activities: injected fault (HTTP 429, RATE_LIMIT_EXCEEDED) ' +
      '[gave up after 1 attempt in 0 ms, the retry time budget of 0 ms is spent]) and the object does not show it. ' +
      `The next \`pulumi up\` reconciles: it waits for the activity (fingerprint ${fingerprint}) if it is still pending, adopts the ` +
      'object if the create completed (every declared value matching), and submits it again only if nothing happened',
  );
  expect(fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
});
