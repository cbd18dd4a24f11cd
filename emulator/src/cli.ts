#!/usr/bin/env node
// walletinfra-emulator: start the emulator, print where it listens, stop cleanly on SIGINT/SIGTERM.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigurationError } from '@walletinfra/sdk';
import { CliError, parseCliArgs, usage } from './cli-args';
import { startEmulator } from './emulator';
import { runSeedFleet } from './seed/fleet-cli';

async function main(): Promise<number> {
  if (process.argv[2] === 'seed-fleet') {
    return runSeedFleet(
      process.argv.slice(3),
      (line) => process.stdout.write(`${line}\n`),
      (line) => process.stderr.write(`${line}\n`),
    );
  }
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
  // Without a data dir the credentials (with the admin token) still go to a 0600 file, in a private temp dir
  // removed on exit, so the admin API is usable without ever printing a secret.
  const dataDir = args.options.dataDir;
  const tempDir = dataDir === undefined ? mkdtempSync(join(tmpdir(), 'walletinfra-emulator-')) : undefined;
  const credentialsFile = join(dataDir ?? (tempDir as string), 'credentials.json');
  const removeTemp = () => {
    if (tempDir !== undefined) rmSync(tempDir, { recursive: true, force: true });
  };
  process.once('exit', removeTemp);
  let emulator;
  try {
    emulator = await startEmulator({ ...args.options, credentialsFile, log });
  } catch (e) {
    // options, seed and fault rules refused (EmulatorOptionsError, SeedError), or a port taken: the message alone
    if (e instanceof ConfigurationError || (e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      process.stderr.write(`walletinfra-emulator: ${(e as Error).message}\n`);
      return 1;
    }
    throw e;
  }
  if (args.json) {
    process.stdout.write(
      `${JSON.stringify({ baseUrl: emulator.baseUrl, authProxyUrl: emulator.authProxyUrl, adminUrl: emulator.adminUrl, organizationId: emulator.credentials.organizationId, credentialsFile })}\n`,
    );
  } else {
    process.stdout.write(
      [
        `walletinfra emulator listening`,
        `  API:          ${emulator.baseUrl}`,
        `  auth proxy:   ${emulator.authProxyUrl}`,
        `  admin:        ${emulator.adminUrl} (loopback only; send "Authorization: Bearer <adminToken>")`,
        `  organization: ${emulator.credentials.organizationId}`,
        `  credentials:  ${credentialsFile}${tempDir === undefined ? '' : ' (in-memory state, removed on exit; use --data-dir to keep it)'}`,
        `  webhooks:     ${emulator.deliveryMode}${emulator.deliveryMode === 'auto' ? ' (delivered to any host)' : ' (never sent beyond loopback; --webhook-delivery auto to change)'}`,
        '',
      ].join('\n'),
    );
  }
  await stopped;
  log('shutting down');
  await emulator.close();
  removeTemp();
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
