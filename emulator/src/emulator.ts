// startEmulator: wires the store, the emulator's keys, the bootstrap organization, faults, deliveries and the
// two listeners together, and hands back URLs, credentials and test controls.
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { loadOrCreateBootstrap, resetToBootstrap } from './bootstrap';
import type { Core } from './context';
import { makeEnv, seededRandom, systemRandom } from './env';
import { FaultInjector, type FaultConfig, type FaultRule } from './faults';
import { loadOrCreateKeys } from './keys';
import { EmulatorOptionsError, parseFaults, resolveOptions, type EmulatorOptions } from './options';
import { submitHandlerFor } from './handlers';
import { policyEngine } from './policy-engine';
import { applySeed, type SeedSummary } from './seed/apply';
import { seedFleet, type FleetSeedOptions, type FleetSeedResult } from './seed/fleet';
import { parseSeed } from './seed/schema';
import { createAdminHandler } from './server/admin';
import { createApiHandler } from './server/api';
import { answerClientErrors, MAX_HEADER_BYTES } from './server/client-errors';
import { createProxyHandler } from './server/proxy';
import type { DeliveryRecord } from './store/records';
import { Store } from './store/store';
import { DeliveryQueue } from './webhooks/deliveries';

/** What `credentials.json` holds. */
export interface EmulatorCredentials {
  organizationId: string;
  userId: string;
  apiPublicKey: string;
  apiPrivateKey: string;
  baseUrl: string;
  authProxyUrl: string;
  authProxyConfigId: string;
  /** `<baseUrl>/__admin` */
  adminUrl: string;
  /** every admin request sends `Authorization: Bearer <adminToken>`; new on every start */
  adminToken: string;
}

export interface RunningEmulator {
  baseUrl: string;
  authProxyUrl: string;
  /** `<baseUrl>/__admin`; every request there sends `Authorization: Bearer <credentials.adminToken>` */
  adminUrl: string;
  credentials: EmulatorCredentials;
  /** where webhook deliveries may go (see EmulatorOptions.deliveryMode) */
  deliveryMode: 'auto' | 'loopback-only' | 'manual';
  /** the state, for tests (`dump()`, typed collections) */
  store: Store;
  /** the emulator's on-ramp encryption public key (compressed P-256 hex) */
  onRampEncryptionPublicKey: string;
  deliveries: {
    /** attempt every pending delivery until each is delivered or failed for good (no sleeping) */
    drain(): Promise<DeliveryRecord[]>;
    /** attempt the deliveries due by the (injected) clock */
    runDue(): Promise<number>;
    list(): DeliveryRecord[];
  };
  faults: {
    set(config: FaultConfig | FaultRule[]): void;
    describe(): ReturnType<FaultInjector['describe']>;
  };
  seed(input: unknown): SeedSummary;
  /** sub-organizations of the bootstrap organization from a fleet shape (README "Seeding a fleet") */
  seedFleet(options: FleetSeedOptions): FleetSeedResult;
  /** delete every resource and recreate the bootstrap organization (same credentials) */
  reset(): void;
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function urlFor(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export function readSeedFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code ?? String(e);
    throw new EmulatorOptionsError(
      `invalid emulator options: seed must be the path of a readable JSON file, got ${JSON.stringify(path)} (${reason})`,
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new EmulatorOptionsError(
      `invalid emulator options: seed must be the path of a JSON file, got ${JSON.stringify(path)} (not valid JSON)`,
    );
  }
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const opts = resolveOptions(options);
  const random = opts.random ?? (opts.randomSeed !== undefined ? seededRandom(opts.randomSeed) : systemRandom);
  const env = makeEnv(opts.clock, random);
  const store = new Store(opts.dataDir);
  const servers: Server[] = [];
  try {
    // Checked at every start, though applied only to a new organization: a broken seed is found at once.
    const seed = opts.seed === undefined ? undefined : parseSeed(typeof opts.seed === 'string' ? readSeedFile(opts.seed) : opts.seed);
    const faults = new FaultInjector(opts.faults);
    // Keys, the bootstrap organization and the seed commit together: a seed that fails leaves a data dir
    // that starts fresh next time, rather than an organization the seed will never be applied to.
    const { keys, bootstrap, deliveries, core } = store.transaction(() => {
      const keys = loadOrCreateKeys(store, env);
      const { bootstrap, created } = loadOrCreateBootstrap(store, env, opts.rootApiKey);
      if (opts.rootApiKey !== undefined && !created && opts.rootApiKey.publicKey.trim().toLowerCase() !== bootstrap.apiPublicKey) {
        throw new EmulatorOptionsError(
          'invalid emulator options: rootApiKey differs from the key this data dir was created with; omit rootApiKey or use another data dir',
        );
      }
      const deliveries = new DeliveryQueue({ store, env, keys, options: opts });
      const core: Core = { store, env, keys, options: opts, faults, deliveries, policy: policyEngine, submitHandlerFor };
      if (created && seed !== undefined) applySeed(core, bootstrap.organizationId, seed);
      return { keys, bootstrap, deliveries, core };
    });

    // Not from `env.randomBytes`: a seeded emulator's keys are predictable by design, its admin token must not be.
    const adminToken = randomBytes(32).toString('base64url');
    const admin = createAdminHandler({ core, bootstrap, adminToken, credentials: () => ({ ...credentials }) });
    const api = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, createApiHandler(core, admin));
    const proxy = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, createProxyHandler(core));
    servers.push(api, proxy);
    for (const server of servers) answerClientErrors(server);
    const apiPort = await listen(api, opts.port, opts.host);
    const proxyPort = await listen(proxy, opts.authProxyPort, opts.host);
    const baseUrl = urlFor(opts.host, apiPort);
    const authProxyUrl = urlFor(opts.host, proxyPort);
    // read by the admin handler only for a request with the admin token, which nobody has before this exists
    const credentials: EmulatorCredentials = {
      organizationId: bootstrap.organizationId,
      userId: bootstrap.userId,
      apiPublicKey: bootstrap.apiPublicKey,
      apiPrivateKey: bootstrap.apiPrivateKey,
      baseUrl,
      authProxyUrl,
      authProxyConfigId: bootstrap.authProxyConfigId,
      adminUrl: `${baseUrl}/__admin`,
      adminToken,
    };
    const credentialsFile = opts.credentialsFile ?? (opts.dataDir === undefined ? undefined : join(opts.dataDir, 'credentials.json'));
    if (credentialsFile !== undefined) {
      // URLs and the admin token change on every start, so the file is rewritten; 0600: it holds a private key
      writeFileSync(credentialsFile, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
      chmodSync(credentialsFile, 0o600);
    }
    deliveries.kick();
    return {
      baseUrl,
      authProxyUrl,
      adminUrl: `${baseUrl}/__admin`,
      credentials,
      deliveryMode: opts.deliveryMode,
      store,
      onRampEncryptionPublicKey: keys.onRampEncryption.publicKey,
      deliveries: { drain: () => deliveries.drain(), runDue: () => deliveries.runDue(), list: () => deliveries.list() },
      faults: { set: (config) => faults.configure(parseFaults(config)), describe: () => faults.describe() },
      seed: (input) => applySeed(core, bootstrap.organizationId, input),
      seedFleet: (options) => seedFleet(core, bootstrap.organizationId, options),
      reset: () => {
        resetToBootstrap(store, env, bootstrap);
        faults.configure({ rules: [] });
      },
      close: async () => {
        deliveries.close();
        await Promise.all(servers.map(closeServer));
        await deliveries.idle();
        store.close();
      },
    };
  } catch (e) {
    await Promise.all(servers.map(closeServer));
    store.close();
    throw e;
  }
}
