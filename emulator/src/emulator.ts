// startEmulator: wires the store, the emulator's keys, the bootstrap organization, faults, deliveries and the
// two listeners together, and hands back URLs, credentials and test controls.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { loadOrCreateBootstrap, resetToBootstrap } from './bootstrap';
import type { Core } from './context';
import { makeEnv, seededRandom, systemRandom } from './env';
import { FaultInjector, parseFaultConfig, type FaultConfig, type FaultRule } from './faults';
import { loadOrCreateKeys } from './keys';
import { EmulatorOptionsError, resolveOptions, type EmulatorOptions } from './options';
import { submitHandlerFor } from './handlers';
import { policyEngine } from './policy-engine';
import { applySeed, type SeedSummary } from './seed/apply';
import { createAdminHandler } from './server/admin';
import { createApiHandler } from './server/api';
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
}

export interface RunningEmulator {
  baseUrl: string;
  authProxyUrl: string;
  /** `<baseUrl>/__admin` */
  adminUrl: string;
  credentials: EmulatorCredentials;
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
    throw new EmulatorOptionsError(`cannot read seed file ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new EmulatorOptionsError(`seed file ${path} is not valid JSON`);
  }
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const opts = resolveOptions(options);
  const faultConfig = opts.faults === undefined ? undefined : parseWithOptionsError(opts.faults);
  const random = opts.random ?? (opts.randomSeed !== undefined ? seededRandom(opts.randomSeed) : systemRandom);
  const env = makeEnv(opts.clock, random);
  const store = new Store(opts.dataDir);
  const servers: Server[] = [];
  try {
    const seedInput = typeof opts.seed === 'string' ? readSeedFile(opts.seed) : opts.seed;
    const faults = new FaultInjector(faultConfig);
    // Keys, the bootstrap organization and the seed commit together: a seed that fails leaves a data dir
    // that starts fresh next time, rather than an organization the seed will never be applied to.
    const { keys, bootstrap, deliveries, core } = store.transaction(() => {
      const keys = loadOrCreateKeys(store, env);
      const { bootstrap, created } = loadOrCreateBootstrap(store, env, opts.rootApiKey);
      if (opts.rootApiKey !== undefined && !created && opts.rootApiKey.publicKey.trim().toLowerCase() !== bootstrap.apiPublicKey) {
        throw new EmulatorOptionsError('invalid emulator options: rootApiKey differs from the key this data dir was created with');
      }
      const deliveries = new DeliveryQueue({ store, env, keys, options: opts });
      const core: Core = { store, env, keys, options: opts, faults, deliveries, policy: policyEngine, submitHandlerFor };
      if (created && seedInput !== undefined) applySeed(core, bootstrap.organizationId, seedInput);
      return { keys, bootstrap, deliveries, core };
    });

    let credentials: EmulatorCredentials | undefined;
    const admin = createAdminHandler({ core, bootstrap, credentials: () => ({ ...(credentials as EmulatorCredentials) }) });
    const api = createServer(createApiHandler(core, admin));
    const proxy = createServer(createProxyHandler(core));
    servers.push(api, proxy);
    const apiPort = await listen(api, opts.port, opts.host);
    const proxyPort = await listen(proxy, opts.authProxyPort, opts.host);
    const baseUrl = urlFor(opts.host, apiPort);
    const authProxyUrl = urlFor(opts.host, proxyPort);
    credentials = {
      organizationId: bootstrap.organizationId,
      userId: bootstrap.userId,
      apiPublicKey: bootstrap.apiPublicKey,
      apiPrivateKey: bootstrap.apiPrivateKey,
      baseUrl,
      authProxyUrl,
      authProxyConfigId: bootstrap.authProxyConfigId,
    };
    if (opts.dataDir !== undefined) {
      // URLs change with the ports, so the file is rewritten on every start; 0600: it holds a private key
      const file = join(opts.dataDir, 'credentials.json');
      writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
      chmodSync(file, 0o600);
    }
    deliveries.kick();
    const creds = credentials;
    return {
      baseUrl,
      authProxyUrl,
      adminUrl: `${baseUrl}/__admin`,
      credentials: creds,
      store,
      onRampEncryptionPublicKey: keys.onRampEncryption.publicKey,
      deliveries: { drain: () => deliveries.drain(), runDue: () => deliveries.runDue(), list: () => deliveries.list() },
      faults: { set: (config) => faults.configure(parseWithOptionsError(config)), describe: () => faults.describe() },
      seed: (input) => applySeed(core, bootstrap.organizationId, input),
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

function parseWithOptionsError(input: FaultConfig | FaultRule[]): FaultConfig {
  try {
    return parseFaultConfig(input, 'faults');
  } catch (e) {
    throw new EmulatorOptionsError(`invalid emulator options: ${(e as Error).message}`);
  }
}
