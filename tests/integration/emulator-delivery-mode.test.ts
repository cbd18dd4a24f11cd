// Where webhook deliveries may go: 'loopback-only' (the default) and 'manual' never send beyond loopback — a
// delivery to another host fails at once with the reason and no request is made; 'auto' sends anywhere the
// URL rules allow. The `fetch` here is a recording stand-in, so even 'auto' sends nothing off this machine.
import type { RunningEmulator } from '@walletinfra/emulator';
import { isLoopbackDestination } from '@walletinfra/emulator/webhooks/delivery-scope';
import { envelope, startTestEmulator, stampedPost } from './emulator-support';

const PUBLIC_URL = 'https://hooks.example.com/walletinfra';
const REFUSAL = (mode: string) =>
  `not sent: webhook delivery mode is ${mode}, which never sends beyond loopback (start the emulator with --webhook-delivery auto, or deliveryMode: 'auto', to deliver to other hosts)`;

function recordingFetch(): { fetch: typeof fetch; urls: string[] } {
  const urls: string[] = [];
  const fake = (async (input: string | URL | Request) => {
    urls.push(String(input));
    return new Response(null, { status: 200 });
  }) as typeof fetch;
  return { fetch: fake, urls };
}

async function withEndpoint(emu: RunningEmulator, url: string): Promise<void> {
  const res = await stampedPost(emu, '/public/v1/submit/create_webhook_endpoint', envelope(emu, 'ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT', { url, name: 'hook', subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }] }, Date.now()));
  expect(res.status).toBe(200);
  // one more activity, so there is an update to deliver
  const tag = await stampedPost(emu, '/public/v1/submit/create_private_key_tag', envelope(emu, 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', { privateKeyTagName: 't', privateKeyIds: [] }, Date.now()));
  expect(tag.status).toBe(200);
}

test.each(['loopback-only', 'manual'] as const)("'%s' never sends a delivery beyond loopback: it fails at once, with the reason", async (mode) => {
  const recorder = recordingFetch();
  const emu = await startTestEmulator({ deliveryMode: mode, fetch: recorder.fetch });
  try {
    await withEndpoint(emu, PUBLIC_URL);
    await emu.deliveries.drain(); // whatever the background worker has not attempted yet
    const drained = emu.deliveries.list();
    expect(drained.length).toBe(2);
    expect(drained.map((d) => [d.url, d.state, d.attempts.map((a) => a.error)])).toEqual(drained.map(() => [PUBLIC_URL, 'FAILED', [REFUSAL(mode)]]));
    expect(recorder.urls).toEqual([]);
  } finally {
    await emu.close();
  }
});

test("'auto' sends to any host the URL rules accept", async () => {
  const recorder = recordingFetch();
  const emu = await startTestEmulator({ deliveryMode: 'auto', fetch: recorder.fetch });
  try {
    await withEndpoint(emu, PUBLIC_URL);
    await emu.deliveries.drain();
    const drained = emu.deliveries.list();
    expect(drained.map((d) => d.state)).toEqual(['DELIVERED', 'DELIVERED']);
    expect(recorder.urls.length).toBe(2);
    expect(new Set(recorder.urls)).toEqual(new Set([PUBLIC_URL]));
  } finally {
    await emu.close();
  }
});

test("'manual' still delivers to loopback receivers (as 'loopback-only' does, in emulator-webhooks.test.ts)", async () => {
  const recorder = recordingFetch();
  const emu = await startTestEmulator({ deliveryMode: 'manual', fetch: recorder.fetch });
  try {
    await withEndpoint(emu, 'http://127.0.0.1:9/hook');
    await emu.deliveries.drain();
    const drained = emu.deliveries.list();
    expect(drained.map((d) => d.state)).toEqual(['DELIVERED', 'DELIVERED']);
    expect(new Set(recorder.urls)).toEqual(new Set(['http://127.0.0.1:9/hook']));
  } finally {
    await emu.close();
  }
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
