// Changes the process: records every exchange of its sdk clients into the file the environment names. Off
// unless `WALLETINFRA_RECORD_FILE` is set; the acceptance run sets it for the processes Pulumi starts (the
// program and the provider), which append to the run's recording (../recording/).
// The recorder and its format (zod schemas) load only when a recording is asked for: a process that installs this at
// its entry and records nothing loads neither.
import type * as Redact from '../recording/redact';
import type * as RecorderModule from '../recording/recorder';
import type { Recorder } from '../recording/recorder';

/** The environment variables a recording process reads. */
export const RECORDING_ENV = Object.freeze({
  /** The recording to append to; nothing is recorded without it. */
  file: 'WALLETINFRA_RECORD_FILE',
  /** Hex key of the placeholders, shared by the processes of one recording (random when absent). */
  key: 'WALLETINFRA_RECORD_KEY',
  /** The step of the run, written on every line. */
  step: 'WALLETINFRA_RECORD_STEP',
  /** Comma-separated public identifiers hidden wherever they appear (the organization's id of a shared recording). */
  hide: 'WALLETINFRA_RECORD_HIDE_IDS',
});

/** Environment variables whose values never appear in a recording (the API private keys, wherever set). */
const SECRET_ENV = /^(WALLETINFRA|TURNKEY)_.*PRIVATE_KEY$/;

/**
 * Starts recording when `WALLETINFRA_RECORD_FILE` is set; returns the recorder, or undefined when not asked.
 * `processName` is written on every line (`provider`, `program`, `walletinfra-drift`).
 */
export function installRecordingFromEnv(
  processName: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Recorder | undefined {
  const file = env[RECORDING_ENV.file];
  if (file === undefined || file === '') return undefined;
  const keyHex = env[RECORDING_ENV.key];
  const key = keyHex !== undefined && /^[0-9a-f]{32,}$/i.test(keyHex) ? new Uint8Array(Buffer.from(keyHex, 'hex')) : undefined;
  const secrets = Object.entries(env)
    .filter(([name, value]) => SECRET_ENV.test(name) && value !== undefined && value !== '')
    .map(([, value]) => value as string);
  const identifiers = (env[RECORDING_ENV.hide] ?? '').split(',').filter((id) => id !== '');
  const step = env[RECORDING_ENV.step];
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when recording (see the imports above) */
  const { Redactor } = require('../recording/redact') as typeof Redact;
  const { recordExchanges } = require('../recording/recorder') as typeof RecorderModule;
  /* eslint-enable @typescript-eslint/no-require-imports */
  return recordExchanges({
    file,
    process: processName,
    redactor: new Redactor({ ...(key !== undefined ? { key } : {}), secrets, identifiers }),
    ...(step !== undefined && step !== '' ? { step: () => step } : {}),
  });
}
