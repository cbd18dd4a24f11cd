// An emulator for the reliability suite's Pulumi runs: its request log kept (to count requests and to scan
// for secrets), deliveries never beyond loopback, and the stack configured the way the main job does it.
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '@walletinfra/emulator';
import { join } from 'node:path';
import type { PulumiProject } from '../e2e/project';
import { REPO_ROOT } from '../e2e/process';

export interface LoggedEmulator {
  emulator: RunningEmulator;
  log: string[];
  adminHeaders: Record<string, string>;
}

export async function startLoggedEmulator(options: EmulatorOptions = {}): Promise<LoggedEmulator> {
  const log: string[] = [];
  const emulator = await startEmulator({
    seed: join(REPO_ROOT, 'emulator', 'seeds', 'example.json'),
    allowLoopbackWebhooks: true,
    deliveryMode: 'loopback-only',
    log: (line) => log.push(line),
    ...options,
  });
  return {
    emulator,
    log,
    adminHeaders: { Authorization: `Bearer ${emulator.credentials.adminToken}`, 'Content-Type': 'application/json' },
  };
}

/** The provider settings scripts/main-job.sh writes, for the given API key (the private key as a secret). */
export async function configureProvider(
  project: PulumiProject,
  emulator: RunningEmulator,
  key: { publicKey: string; privateKey: string },
): Promise<void> {
  await project.setConfig('walletinfra:organizationId', emulator.credentials.organizationId);
  await project.setConfig('walletinfra:apiPublicKey', key.publicKey);
  await project.setConfig('walletinfra:apiPrivateKey', key.privateKey, true);
  await project.setConfig('walletinfra:baseUrl', emulator.baseUrl);
  await project.setConfig('walletinfra:onRampEncryptionPublicKey', emulator.onRampEncryptionPublicKey);
  await project.setConfig('walletinfra:allowLoopbackWebhookUrls', 'true');
}
