// WebhookEndpoint through the provider's own methods against the emulator: create (normal form), read, no-op
// diffs, in-place update, replacement on subscriptions, out-of-band change and deletion, delete (twice),
// adoption, an inactive endpoint (two writes), and the partial failure when the second write fails.
import type { WebhookEndpoint as ServiceWebhookEndpoint } from '@walletinfra/sdk/schemas';
import { checkAndCreate, checkedInputs, failure, useHarness, present } from '../../support/provider-harness';

const h = useHarness();

const SUBSCRIPTIONS = [{ eventType: 'BALANCE_CONFIRMED_UPDATES', filtersJson: '{ "walletId": "w-1" }' }, { eventType: 'ACTIVITY_UPDATES' }];
const NORMAL_SUBSCRIPTIONS = [
  { eventType: 'ACTIVITY_UPDATES', isActive: true },
  { eventType: 'BALANCE_CONFIRMED_UPDATES', filtersJson: '{"walletId":"w-1"}', isActive: true },
];
const DECLARED = { url: 'https://hooks.example.com/walletinfra', name: 'ops', subscriptions: SUBSCRIPTIONS };

async function live(): Promise<ServiceWebhookEndpoint[]> {
  return (await h.client.listWebhookEndpoints({})).webhookEndpoints;
}

function checked(news: Record<string, unknown>): Promise<Record<string, unknown>> {
  return checkedInputs(h.runtime.webhookEndpoint, news);
}

describe('WebhookEndpoint lifecycle', () => {
  let id: string;
  let inputs: Record<string, unknown>;
  let outs: Record<string, unknown>;

  test('create returns the whole normal-form state', async () => {
    inputs = await checked(DECLARED);
    expect(inputs).toEqual({ url: DECLARED.url, name: 'ops', isActive: true, subscriptions: NORMAL_SUBSCRIPTIONS, organizationId: h.org });
    const created = await h.runtime.webhookEndpoint.create(inputs);
    id = created.id;
    outs = created.outs;
    expect(outs).toEqual({ ...inputs, endpointId: id });
    expect((await live()).map((e) => [e.endpointId, e.url, e.name, e.isActive])).toEqual([[id, DECLARED.url, 'ops', true]]);
  });

  test('read equals what was created; no diff after create or read', async () => {
    const read = present(await h.newRuntime().webhookEndpoint.read(id, outs));
    expect(read).toEqual({ id, props: outs, inputs });
    expect(await h.runtime.webhookEndpoint.diff(id, outs, inputs)).toEqual({ changes: false });
    expect(await h.runtime.webhookEndpoint.diff(id, read.props, read.inputs)).toEqual({ changes: false });
    expect(await h.runtime.webhookEndpoint.diff(id, read.props, { ...DECLARED, organizationId: h.org })).toEqual({ changes: false });
  });

  test('url, name and isActive update in place', async () => {
    const news = await checked({ ...DECLARED, url: 'https://hooks.example.com/v2', name: 'ops-v2', isActive: false });
    expect(await h.runtime.webhookEndpoint.diff(id, outs, news)).toEqual({ changes: undefined });
    const updated = await h.newRuntime().webhookEndpoint.update(id, outs, news);
    expect(updated).toEqual({ outs: { ...news, endpointId: id } });
    expect((await live()).map((e) => [e.endpointId, e.url, e.name, e.isActive])).toEqual([
      [id, 'https://hooks.example.com/v2', 'ops-v2', false],
    ]);
    outs = updated.outs;
    inputs = news;
  });

  test('an out-of-band change is detected by read', async () => {
    await h.client.updateWebhookEndpoint({ endpointId: id, isActive: true, name: 'renamed by hand' });
    const read = present(await h.newRuntime().webhookEndpoint.read(id, outs));
    expect(read).toEqual({
      id,
      props: { ...outs, isActive: true, name: 'renamed by hand' },
      inputs: { ...inputs, isActive: true, name: 'renamed by hand' },
    });
    expect(await h.runtime.webhookEndpoint.diff(id, read.props, inputs)).toEqual({ changes: undefined });
    expect(await h.newRuntime().webhookEndpoint.update(id, read.props, inputs)).toEqual({ outs });
    expect((await live()).map((e) => [e.name, e.isActive])).toEqual([['ops-v2', false]]);
  });

  test('changing subscriptions replaces: a new endpoint, then the old one deleted', async () => {
    const news = await checked({
      ...DECLARED,
      url: 'https://hooks.example.com/v2',
      name: 'ops-v2',
      isActive: false,
      subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }],
    });
    expect(await h.runtime.webhookEndpoint.diff(id, outs, news)).toEqual({ changes: undefined, replaces: ['subscriptions'] });
    const rt = h.newRuntime();
    const replacement = await rt.webhookEndpoint.create(news);
    await rt.webhookEndpoint.delete(id, outs);
    expect(replacement.id).not.toBe(id);
    expect(replacement.outs).toEqual({ ...news, endpointId: replacement.id });
    expect((await live()).map((e) => [e.endpointId, e.isActive, e.subscriptions])).toEqual([
      [replacement.id, false, [{ eventType: 'ACTIVITY_UPDATES', isActive: true }]],
    ]);
    id = replacement.id;
    outs = replacement.outs;
    inputs = news;
  });

  test('delete, and delete again', async () => {
    // `pulumi destroy` is a run of its own (a run that still declares the endpoint would keep it).
    await h.newRuntime().webhookEndpoint.delete(id, outs);
    expect(await live()).toEqual([]);
    await expect(h.newRuntime().webhookEndpoint.delete(id, outs)).resolves.toBeUndefined();
  });

  test('an out-of-band deletion reads as gone', async () => {
    const created = await checkAndCreate(h.runtime.webhookEndpoint, { ...DECLARED, name: 'deleted-by-hand' });
    await h.client.deleteWebhookEndpoint({ endpointId: created.id });
    expect(await h.newRuntime().webhookEndpoint.read(created.id, created.outs)).toEqual({ id: '' });
  });
});

describe('WebhookEndpoint adoption', () => {
  afterEach(async () => {
    for (const e of await live()) await h.client.deleteWebhookEndpoint({ endpointId: e.endpointId });
  });

  test('by id: taken over and brought to the declared state, no duplicate', async () => {
    const made = await h.client.createWebhookEndpoint({
      url: 'https://hooks.example.com/old',
      name: 'legacy',
      subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }],
    });
    const inputs = await checked({
      url: 'https://hooks.example.com/new',
      name: 'legacy',
      subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }],
      adopt: { id: made.result.endpointId },
    });
    const created = await h.newRuntime().webhookEndpoint.create(inputs);
    expect(created).toEqual({ id: made.result.endpointId, outs: { ...inputs, endpointId: made.result.endpointId } });
    expect((await live()).map((e) => [e.endpointId, e.url])).toEqual([[made.result.endpointId, 'https://hooks.example.com/new']]);
  });

  test('by id with different subscriptions is refused: they cannot change in place', async () => {
    const made = await h.client.createWebhookEndpoint({
      url: DECLARED.url,
      name: 'legacy',
      subscriptions: [{ eventType: 'BALANCE_FINALIZED_UPDATES' }],
    });
    const inputs = await checked({ ...DECLARED, name: 'legacy', adopt: { id: made.result.endpointId } });
    expect(await failure(h.newRuntime().webhookEndpoint.create(inputs), ['issues'])).toEqual({
      code: 'INVALID_REQUEST',
      message:
        `invalid request for adopt webhook endpoint ${made.result.endpointId}: subscriptions: ` +
        'is [{"eventType":"BALANCE_FINALIZED_UPDATES","isActive":true}] on the webhook endpoint and cannot be changed in place; declare the same subscriptions, or remove `adopt` to create a new webhook endpoint',
      issues: [
        {
          path: 'subscriptions',
          message:
            'is [{"eventType":"BALANCE_FINALIZED_UPDATES","isActive":true}] on the webhook endpoint and cannot be changed in place; declare the same subscriptions, or remove `adopt` to create a new webhook endpoint',
        },
      ],
    });
  });

  test('byUrlAndName adopts only an endpoint with the same subscriptions', async () => {
    const same = await h.client.createWebhookEndpoint({ url: DECLARED.url, name: 'ops', subscriptions: [...SUBSCRIPTIONS].reverse() });
    const inputs = await checked({ ...DECLARED, isActive: false, adopt: { byUrlAndName: true } });
    const adopted = await h.newRuntime().webhookEndpoint.create(inputs);
    expect(adopted.id).toBe(same.result.endpointId);
    expect((await live()).map((e) => [e.endpointId, e.isActive])).toEqual([[same.result.endpointId, false]]);
    // the same url and name with other subscriptions (a replacement in progress) is not taken over
    const other = await checked({ ...DECLARED, subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }], adopt: { byUrlAndName: true } });
    const created = await h.newRuntime().webhookEndpoint.create(other);
    expect(created.id).not.toBe(same.result.endpointId);
    expect((await live()).length).toBe(2);
  });
});

describe('WebhookEndpoint created inactive', () => {
  afterEach(async () => {
    h.emulator.faults.set([]);
    for (const e of await live()) await h.client.deleteWebhookEndpoint({ endpointId: e.endpointId });
  });

  test('takes a create and an update', async () => {
    const inputs = await checked({ ...DECLARED, isActive: false });
    h.resetRequests();
    const created = await h.newRuntime().webhookEndpoint.create(inputs);
    expect(created.outs).toEqual({ ...inputs, endpointId: created.id });
    expect(h.requests().filter((p) => p.includes('/submit/'))).toEqual([
      '/public/v1/submit/create_webhook_endpoint',
      '/public/v1/submit/update_webhook_endpoint',
    ]);
    expect((await live()).map((e) => e.isActive)).toEqual([false]);
  });

  test('when the update fails, the error carries the new endpoint so the engine keeps it', async () => {
    h.emulator.faults.set([{ path: '/public/v1/submit/update_webhook_endpoint', status: 500, message: 'database unavailable' }]);
    const inputs = await checked({ ...DECLARED, isActive: false });
    const error = await failure(h.newRuntime().webhookEndpoint.create(inputs), ['name', 'id', 'properties', 'reasons']);
    // A 500 may have been processed: the provider looked its activity up by fingerprint and found none.
    const NOT_APPLIED = (id: string) =>
      `/public/v1/submit/update_webhook_endpoint: database unavailable (HTTP 500, INTERNAL). Update webhook endpoint "ops" (${id}) ` +
      'did not take effect (the service has no activity with its fingerprint); running `pulumi up` again submits it';
    const [endpoint] = await live();
    expect(error).toEqual({
      code: 'SERVER_ERROR',
      message: `created webhook endpoint ${endpoint!.endpointId}, but deactivating it (isActive=false) failed: ${NOT_APPLIED(endpoint!.endpointId)}`,
      name: 'PartialFailureError',
      id: endpoint!.endpointId,
      properties: { ...inputs, isActive: true, endpointId: endpoint!.endpointId },
      reasons: [NOT_APPLIED(endpoint!.endpointId)],
    });
    expect(endpoint!.isActive).toBe(true);
    // the engine records `properties` as the state; the next `pulumi up` finishes the job
    h.emulator.faults.set([]);
    const recorded = error.properties as Record<string, unknown>;
    expect(await h.runtime.webhookEndpoint.diff(endpoint!.endpointId, recorded, inputs)).toEqual({ changes: undefined });
    expect(await h.newRuntime().webhookEndpoint.update(endpoint!.endpointId, recorded, inputs)).toEqual({
      outs: { ...inputs, endpointId: endpoint!.endpointId },
    });
    expect((await live()).map((e) => e.isActive)).toEqual([false]);
  });
});
