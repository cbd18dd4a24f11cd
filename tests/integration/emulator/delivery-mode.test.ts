// Where webhook deliveries may go: 'loopback-only' (the default) and 'manual' never send beyond loopback — a
// delivery to another host fails at once with the reason and no request is made; 'auto' sends anywhere the
// URL rules allow. The `fetch` here is a recording stand-in, so even 'auto' sends nothing off this machine.
import type { DeliveryRecord, EmulatorOptions } from '@walletinfra/emulator';
import { isLoopbackDestination } from '@walletinfra/emulator/webhooks/delivery-scope';
import { envelope, startTestEmulator, stampedPost } from '../../support/emulator';

const PUBLIC_URL = 'https://hooks.example.com/walletinfra';
const REFUSAL = (mode: string) =>
  `not sent: webhook delivery mode is ${mode}, which never sends beyond loopback (start the emulator with --webhook-delivery auto, or deliveryMode: 'auto', to deliver to other hosts)`;

/**
 * Starts an emulator in `mode` with a recording `fetch`, creates an endpoint at `url` and one more activity (so
 * there are two updates to deliver), and attempts every delivery: the deliveries and the URLs fetched.
 */
async function deliver(mode: EmulatorOptions['deliveryMode'], url: string): Promise<{ deliveries: DeliveryRecord[]; fetched: string[] }> {
  const fetched: string[] = [];
  const recording = (async (input: string | URL | Request) => {
    fetched.push(input instanceof Request ? input.url : input.toString());
    return new Response(null, { status: 200 });
  }) as typeof fetch;
  const emu = await startTestEmulator({ deliveryMode: mode, fetch: recording });
  try {
    const res = await stampedPost(
      emu,
      '/public/v1/submit/create_webhook_endpoint',
      envelope(
        emu,
        'ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT',
        { url, name: 'hook', subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }] },
        Date.now(),
      ),
    );
    expect(res.status).toBe(200);
    const tag = await stampedPost(
      emu,
      '/public/v1/submit/create_private_key_tag',
      envelope(emu, 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', { privateKeyTagName: 't', privateKeyIds: [] }, Date.now()),
    );
    expect(tag.status).toBe(200);
    await emu.deliveries.drain(); // whatever the background worker has not attempted yet
    return { deliveries: emu.deliveries.list(), fetched };
  } finally {
    await emu.close();
  }
}

test.each(['loopback-only', 'manual'] as const)(
  "'%s' never sends a delivery beyond loopback: it fails at once, with the reason",
  async (mode) => {
    const { deliveries, fetched } = await deliver(mode, PUBLIC_URL);
    expect(deliveries.length).toBe(2);
    expect(deliveries.map((d) => [d.url, d.state, d.attempts.map((a) => a.error)])).toEqual(
      deliveries.map(() => [PUBLIC_URL, 'FAILED', [REFUSAL(mode)]]),
    );
    expect(fetched).toEqual([]);
  },
);

test("'auto' sends to any host the URL rules accept", async () => {
  const { deliveries, fetched } = await deliver('auto', PUBLIC_URL);
  expect(deliveries.map((d) => d.state)).toEqual(['DELIVERED', 'DELIVERED']);
  expect(fetched.length).toBe(2);
  expect(new Set(fetched)).toEqual(new Set([PUBLIC_URL]));
});

test("'manual' still delivers to loopback receivers (as 'loopback-only' does, in emulator-webhooks.test.ts)", async () => {
  const { deliveries, fetched } = await deliver('manual', 'http://127.0.0.1:9/hook');
  expect(deliveries.map((d) => d.state)).toEqual(['DELIVERED', 'DELIVERED']);
  expect(new Set(fetched)).toEqual(new Set(['http://127.0.0.1:9/hook']));
});

test('the default is loopback-only', async () => {
  const emu = await startTestEmulator({ deliveryMode: undefined });
  try {
    expect(emu.deliveryMode).toBe('loopback-only');
  } finally {
    await emu.close();
  }
});

test.each([
  ['http://127.0.0.1:8080/x', true],
  ['http://127.255.0.9/x', true],
  ['http://[::1]:9/x', true],
  ['http://localhost:3000/x', true],
  ['http://api.localhost/x', true],
  ['http://[::ffff:127.0.0.1]/x', false], // mapped forms are refused: the safe side
  ['https://hooks.example.com/x', false],
  ['https://8.8.8.8/x', false],
  ['http://10.0.0.1/x', false],
  ['http://localhost.example.com/x', false],
  ['http://[::ffff:8.8.8.8]/x', false],
  ['not a url', false],
])('isLoopbackDestination(%s) = %s', (url, expected) => {
  expect(isLoopbackDestination(url)).toBe(expected);
});
