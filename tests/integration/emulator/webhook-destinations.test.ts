// The shared table of webhook destinations (tests/support/webhook-destination-cases.ts), answered by the
// emulator's create_webhook_endpoint over HTTP: the same verdicts and messages as the provider's `check`.
import type { RunningEmulator } from '@walletinfra/emulator';
import { DESTINATION_CASES } from '../../support/webhook-destination-cases';
import { envelope, FIXED_NOW, manualClock, serviceError, startTestEmulator, stampedPost } from '../../support/emulator';

const EMULATOR_HINT = '; to accept loopback receivers, set the emulator option allowLoopbackWebhooks to true (--allow-loopback-webhooks)';
const PATH = '/public/v1/submit/create_webhook_endpoint';
const emulators: Partial<Record<'strict' | 'loopback', RunningEmulator>> = {};

beforeAll(async () => {
  emulators.strict = await startTestEmulator({ allowLoopbackWebhooks: false, clock: manualClock().now });
  emulators.loopback = await startTestEmulator({ allowLoopbackWebhooks: true, clock: manualClock().now });
});
afterAll(async () => {
  await emulators.strict?.close();
  await emulators.loopback?.close();
});

test.each(DESTINATION_CASES.map((c) => [c.url, c.allowLoopback, c] as const))(
  'emulator: %s (allowLoopback=%s)',
  async (_url, _allow, c) => {
    const emu = (c.allowLoopback ? emulators.loopback : emulators.strict) as RunningEmulator;
    const body = envelope(emu, 'ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT', { url: c.url, name: 'ops' }, FIXED_NOW);
    const res = await stampedPost(emu, PATH, body);
    if (c.problem === undefined) {
      expect(res.status).toBe(200);
      return;
    }
    const message = `invalid request body: parameters.url: ${c.problem}${c.namesSetting ? EMULATOR_HINT : ''}`;
    expect([res.status, res.json]).toEqual([400, serviceError(3, message, 'REQUEST_INVALID')]);
  },
);
