// The emulator side of the end-to-end tests: an emulator seeded like the main job's, an sdk client on the
// organization's root key (to check what the engine did and to make out-of-band changes), and the stack
// configuration the main job writes, with the seed acknowledged for walletinfra-drift.
import { startEmulator, type RunningEmulator } from '@walletinfra/emulator';
import { WalletInfraClient } from '@walletinfra/sdk';
import { sessionReaders } from '@walletinfra/pulumi/drift';
import { resolveSettings } from '@walletinfra/pulumi/config';
import type { AnyKind } from '@walletinfra/pulumi/resources/kind';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import { join } from 'node:path';
import { REPO_ROOT } from './process';
import type { PulumiProject } from './project';

export interface TestOrganization {
  baseUrl: string;
  organizationId: string;
  apiPublicKey: string;
  apiPrivateKey: string;
  onRampEncryptionPublicKey: string;
  client: WalletInfraClient;
  /** The emulator itself (fault rules, request log). */
  emulator: RunningEmulator;
  /** Calls the emulator's admin API (e.g. `POST /users` to add a non-root user). */
  admin(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }>;
  close(): Promise<void>;
}

/** The on-ramp secret the tests configure; no report, state file or output may ever contain it. */
export const ONRAMP_SECRET = 'sk_test_e2e_0f9d8c7b6a5e4d3c2b1a';
/** A loopback receiver nobody listens on: deliveries fail quietly, and the URL is allowed by the emulator's flag. */
export const WEBHOOK_URL = 'http://127.0.0.1:9/walletinfra-e2e-hooks';

export interface OrganizationOptions {
  /** the emulator's time (default the system's), e.g. moved ahead to expire an API key without waiting */
  clock?: () => number;
  /** the emulator's wait for a fault's `delayMs` (default a timer), e.g. a gate the test opens on an event */
  sleep?: (ms: number) => Promise<void>;
  /** `false`: a new organization (its root user and key only) instead of the main job's seed */
  seed?: false;
}

export async function startOrganization(options: OrganizationOptions = {}): Promise<TestOrganization> {
  const emulator = await startEmulator({
    ...(options.clock !== undefined ? { clock: options.clock } : {}),
    ...(options.sleep !== undefined ? { sleep: options.sleep } : {}),
    ...(options.seed === false ? {} : { seed: join(REPO_ROOT, 'emulator', 'seeds', 'example.json') }),
    allowLoopbackWebhooks: true,
    // deliveries go to a loopback receiver nobody listens on; nothing is ever sent beyond this machine
    deliveryMode: 'loopback-only',
  });
  const { credentials } = emulator;
  const response = await fetch(`${emulator.adminUrl}/onramp-encryption-key`, {
    headers: { Authorization: `Bearer ${credentials.adminToken}` },
  });
  const body = (await response.json()) as { publicKey?: string };
  if (typeof body.publicKey !== 'string') throw new Error(`unexpected on-ramp key answer: ${JSON.stringify(body)}`);
  const client = new WalletInfraClient({
    baseUrl: emulator.baseUrl,
    organizationId: credentials.organizationId,
    apiPublicKey: credentials.apiPublicKey,
    apiPrivateKey: credentials.apiPrivateKey,
  });
  return {
    baseUrl: emulator.baseUrl,
    organizationId: credentials.organizationId,
    apiPublicKey: credentials.apiPublicKey,
    apiPrivateKey: credentials.apiPrivateKey,
    onRampEncryptionPublicKey: body.publicKey,
    client,
    emulator,
    async admin(method, path, payload) {
      const res = await fetch(`${emulator.adminUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${credentials.adminToken}`, 'Content-Type': 'application/json' },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
      return { status: res.status, json: (await res.json()) as unknown };
    },
    async close() {
      await client.close();
      await emulator.close();
    },
  };
}

/** Why the objects the organization holds before a test are acknowledged. */
export const SEEDED = "in the emulator's seed or bootstrap before the stack existed";

/**
 * `walletinfra-drift:ignore` for every object the organization holds now (the seed, the root user and its key; not
 * the root quorum),
 * so a drift check of a stack reports what a test makes by hand, as a team acknowledges what it keeps out of code.
 */
export async function acknowledgeExisting(
  org: Pick<TestOrganization, 'baseUrl' | 'organizationId' | 'apiPublicKey' | 'apiPrivateKey'>,
): Promise<string> {
  const config: Record<string, string> = {
    'walletinfra:baseUrl': org.baseUrl,
    'walletinfra:organizationId': org.organizationId,
    'walletinfra:apiPublicKey': org.apiPublicKey,
    'walletinfra:apiPrivateKey': org.apiPrivateKey,
  };
  const readers = sessionReaders();
  try {
    const objects = await readers.make(resolveSettings({ config: (k) => config[k], env: {} })).objects(KINDS);
    const idOf = (kind: AnyKind, live: unknown): string =>
      kind.export.id?.(live) ?? (kind.shape === 'listed' ? kind.listing.idOf(live) : '');
    return JSON.stringify(
      // Not the root quorum: as the service made it, it is no drift, and a change by hand must show.
      KINDS.filter((kind) => kind.inventory.serviceSingleton !== true).flatMap((kind) =>
        (objects[kind.type] ?? []).map((live) => ({ kind: kind.type, id: idOf(kind, live), reason: SEEDED })),
      ),
    );
  } finally {
    await readers.close();
  }
}

/** The stack configuration scripts/main-job.sh writes, from this organization, and the seed acknowledged. */
export async function configureStack(project: PulumiProject, org: TestOrganization): Promise<void> {
  await project.setConfig('walletinfra-drift:ignore', await acknowledgeExisting(org));
  await project.setConfig('walletinfra:organizationId', org.organizationId);
  await project.setConfig('walletinfra:apiPublicKey', org.apiPublicKey);
  await project.setConfig('walletinfra:apiPrivateKey', org.apiPrivateKey, true);
  await project.setConfig('walletinfra:baseUrl', org.baseUrl);
  await project.setConfig('walletinfra:onRampEncryptionPublicKey', org.onRampEncryptionPublicKey);
  await project.setConfig('walletinfra:allowLoopbackWebhookUrls', 'true');
  await project.setConfig('webhookUrl', WEBHOOK_URL);
  await project.setConfig('onRampSecretApiKey', ONRAMP_SECRET, true);
}
