#!/usr/bin/env node
// walletinfra-emulator: start the emulator, print where it listens, stop cleanly on SIGINT/SIGTERM.
import { join } from 'node:path';
import { CliError, parseCliArgs, usage } from './cli-args';
import { startEmulator } from './emulator';
import { EmulatorOptionsError } from './options';
import { SeedError } from './seed/shape';

async function main(): Promise<number> {
  let args;
  try {
    args = parseCliArgs(process.argv.slice(2));
  } catch (e) {
    if (e instanceof CliError) {
      process.stderr.write(`walletinfra-emulator: ${e.message}\n\n${usage()}\n`);
      return 2;
    }
    throw e;
  }
  if (args.help) {
    process.stdout.write(`${usage()}\n`);
    return 0;
  }
  // Listen for the stop signals before anything else, so one that arrives during start-up is not lost.
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  const log = (line: string) => process.stderr.write(`${new Date().toISOString()} ${line}\n`);
  let emulator;
  try {
    emulator = await startEmulator({ ...args.options, log });
  } catch (e) {
    if (e instanceof EmulatorOptionsError || e instanceof SeedError || (e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      process.stderr.write(`walletinfra-emulator: ${(e as Error).message}\n`);
      return 1;
    }
    throw e;
  }
  const dataDir = args.options.dataDir;
  const credentialsFile = dataDir === undefined ? undefined : join(dataDir, 'credentials.json');
  if (args.json) {
    process.stdout.write(
      `${JSON.stringify({ baseUrl: emulator.baseUrl, authProxyUrl: emulator.authProxyUrl, adminUrl: emulator.adminUrl, organizationId: emulator.credentials.organizationId, credentialsFile: credentialsFile ?? null })}\n`,
    );
  } else {
    process.stdout.write(
      [
        `walletinfra emulator listening`,
        `  API:          ${emulator.baseUrl}`,
        `  auth proxy:   ${emulator.authProxyUrl}`,
        `  admin:        ${emulator.adminUrl} (loopback only)`,
        `  organization: ${emulator.credentials.organizationId}`,
        credentialsFile === undefined ? `  credentials:  GET ${emulator.adminUrl}/credentials (in-memory state; use --data-dir to keep it)` : `  credentials:  ${credentialsFile}`,
        '',
      ].join('\n'),
    );
  }
  await stopped;
  log('shutting down');
  await emulator.close();
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`walletinfra-emulator: unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 1;
  },
);
