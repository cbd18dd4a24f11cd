// The run itself refuses a live sample before its first write: with the on-ramp sample that once asked for a
// production credential put back, the dry run and the run both refuse to start (exit 3), name the resource and
// the input, and the emulator has seen no write at all.
import type { RunningEmulator } from '@walletinfra/emulator';
import { WalletInfraClient } from '@walletinfra/sdk';
import { emulatorEnv, startAcceptanceEmulator } from '../../acceptance/emulator';
import { ACCEPTANCE, type Scenario } from '../../acceptance/kinds';
import { EXIT, runAcceptance, type RunDeps } from '../../acceptance/run';

jest.setTimeout(60_000);

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startAcceptanceEmulator();
});
afterAll(async () => emulator.close());

const REFUSAL =
  'it would write something live: FiatOnRampCredential onramp-replaced (second up): sandboxMode false: a production credential (only sandbox ones are written)';

/** The on-ramp scenario as it was: its replacement a production credential. */
function withLiveReplacement<T>(body: () => Promise<T>): Promise<T> {
  const scenario = ACCEPTANCE.FiatOnRampCredential?.[0] as Scenario;
  const saved = { replace: scenario.replace, notApplicable: scenario.notApplicable };
  scenario.replace = (_ctx, args) => ({ ...args, sandboxMode: false });
  scenario.notApplicable = {};
  return body().finally(() => Object.assign(scenario, saved));
}

function deps(): RunDeps & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    env: { ...emulatorEnv(emulator), WALLETINFRA_ACC: '1' },
    out: (l) => lines.push(l),
    err: (l) => lines.push(l),
    now: () => Date.UTC(2026, 2, 14, 9, 15, 0),
    random: () => 0.5,
    pulumiBinDir: () => {
      throw new Error('the run must refuse before it needs Pulumi');
    },
  };
}

test('a live sample: the dry run and the run refuse to start, and nothing is written', async () => {
  const c = emulator.credentials;
  const client = new WalletInfraClient({
    baseUrl: emulator.baseUrl,
    organizationId: c.organizationId,
    apiPublicKey: c.apiPublicKey,
    apiPrivateKey: c.apiPrivateKey,
  });
  try {
    const before = (await client.listActivities({})).activities.length;
    const options = { includeSingletons: false, only: ['FiatOnRampCredential'], keep: false };
    const dry = deps();
    expect(await withLiveReplacement(() => runAcceptance({ ...options, dryRun: true }, dry))).toBe(EXIT.refused);
    expect(dry.lines.join('\n')).toContain(`The run would refuse to start:\n  - ${REFUSAL}`);
    const real = deps();
    expect(await withLiveReplacement(() => runAcceptance({ ...options, dryRun: false }, real))).toBe(EXIT.refused);
    expect(real.lines).toContain(`acceptance: refusing to start:\n  - ${REFUSAL}`);
    expect((await client.listActivities({})).activities.length).toBe(before);
    expect((await client.listFiatOnRampCredentials({})).fiatOnRampCredentials).toEqual([]);
    // With the sample as it is now, the dry run would start.
    const fixed = deps();
    expect(await runAcceptance({ ...options, dryRun: true }, fixed)).toBe(EXIT.passed);
    expect(fixed.lines.join('\n')).toContain('The run would start');
  } finally {
    await client.close();
  }
});
