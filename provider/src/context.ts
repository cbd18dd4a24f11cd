// What every lifecycle method receives: settings as of now, sessions, and the injectable clock and
// randomness (tests are deterministic).
import { randomBytes } from 'node:crypto';
import type { WalletInfraClient } from '@walletinfra/sdk';
import { sleepWithSignal } from '@walletinfra/sdk/activity';
import { Ownership } from './ownership';
import { Deployment } from './deployment';
import type * as SessionTypes from './session';
import type { ClientPool, ClientPoolOptions, OrgSession } from './session';
import {
  resolveEndpoints,
  resolveOrganizationId,
  resolveSettings,
  type EndpointSettings,
  type ProviderSettings,
  type SettingsSelector,
  type SettingsSources,
} from './config';
import { memoizeResolution } from './config/resolved';

type SessionModule = typeof SessionTypes;

export interface ProviderContext {
  /** Stack config (as `configure` received it) and the environment, read at call time. */
  sources(): SettingsSources;
  settings(selector: SettingsSelector): ProviderSettings;
  endpoints(selector: SettingsSelector): EndpointSettings;
  organizationId(selector: SettingsSelector): string;
  session(selector: SettingsSelector): OrgSession;
  /** A client without credentials for the unauthenticated calls; `authProxyConfigId` overrides the setting. */
  publicClient(selector: SettingsSelector, authProxyConfigId?: string): WalletInfraClient;
  now(): number;
  /** Waits on the context's clock; rejects when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * How long a create waits for the engine to diff a resource of the same update that frees the name it
   * needs (a rename) or holds the earlier run's object it would adopt.
   */
  declarationWaitMs: number;
  randomBytes(length: number): Uint8Array;
  /** One progress line for the user (the engine shows the provider's stderr). */
  log(line: string): void;
  /** One warning for the engine's output (an object `destroy` leaves in place). */
  warn(line: string): void;
  /** Which objects the resources of this deployment declare (one object, one owner: ../ownership.ts). */
  ownership: Ownership;
  /** What the resources of this deployment declare, as far as `check` has seen them (../deployment.ts). */
  deployment: Deployment;
}

export interface ContextOptions {
  /** Stack config by full key; the default runtime fills it from `configure`. */
  config?: (key: string) => string | undefined;
  /** Every stack config key, so unknown `walletinfra:*` keys can be refused. */
  keys?: () => string[];
  /** Whether a stack config value is encrypted (only the program process knows). */
  isSecret?: (key: string) => boolean | undefined;
  /** Plain leaves of a value the engine marks secret as a whole (SettingsSources.plainInSecret). */
  plainInSecret?: SettingsSources['plainInSecret'];
  /** Environment (default `process.env`, read at call time so rotated credentials apply at once). */
  env?: Readonly<Record<string, string | undefined>>;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Default DECLARATION_WAIT_MS. */
  declarationWaitMs?: number;
  randomBytes?: (length: number) => Uint8Array;
  listTtlMs?: number;
  clientOptions?: ClientPoolOptions['clientOptions'];
  /** Progress lines (waiting for a rate limit, adopting an earlier run's object); default stderr. */
  log?: (line: string) => void;
  /** Where warnings for the engine's output go (default stderr, which the engine shows). */
  warn?: (line: string) => void;
  activityPageSize?: number;
}

export interface OwnedContext extends ProviderContext {
  /** Replaces the stack config reader and key list (what `configure` does). */
  setConfig(config: (key: string) => string | undefined, keys?: () => string[]): void;
  close(): Promise<void>;
}

/**
 * How long a create waits for a diff of the same update to be announced (a rename that frees its policy
 * name, a resource that holds the object an earlier run's create made): the engine diffs a resource when
 * the program registers it, which for resources registered together is well within this. A name held by a
 * policy the stack does not rename fails after it; an interrupted create's object is adopted after it.
 */
export const DECLARATION_WAIT_MS = 10_000;

export function createContext(options: ContextOptions = {}): OwnedContext {
  let config = options.config ?? (() => undefined);
  let keys = options.keys;
  const now = options.now ?? (() => Date.now());
  const sleep = options.sleep ?? sleepWithSignal;
  const declarationWaitMs = options.declarationWaitMs ?? DECLARATION_WAIT_MS;
  let clients: ClientPool | undefined;
  /**
   * The sessions, made on the first one asked for: the session layer loads the sdk's client and its HTTP
   * stack (undici), which a program that only declares resources never uses.
   */
  const pool = (): ClientPool => {
    if (clients === undefined) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first session (see above)
      const { ClientPool: Pool } = require('./session') as SessionModule;
      clients = new Pool({
        now,
        sleep,
        ...(options.listTtlMs !== undefined ? { listTtlMs: options.listTtlMs } : {}),
        ...(options.clientOptions !== undefined ? { clientOptions: options.clientOptions } : {}),
        ...(options.log !== undefined ? { log: options.log } : {}),
        ...(options.activityPageSize !== undefined ? { activityPageSize: options.activityPageSize } : {}),
      });
    }
    return clients;
  };
  const sources = (): SettingsSources => ({
    config: (key) => config(key),
    env: options.env ?? process.env,
    ...(keys !== undefined ? { keys } : {}),
    ...(options.isSecret !== undefined ? { isSecret: options.isSecret } : {}),
    ...(options.plainInSecret !== undefined ? { plainInSecret: options.plainInSecret } : {}),
  });
  const settings = memoizeResolution(resolveSettings);
  const endpoints = memoizeResolution(resolveEndpoints);
  const organizationId = memoizeResolution(resolveOrganizationId);
  return {
    sources,
    settings: (selector) => settings(sources(), selector),
    endpoints: (selector) => endpoints(sources(), selector),
    organizationId: (selector) => organizationId(sources(), selector),
    session: (selector) => pool().session(settings(sources(), selector)),
    publicClient: (selector, authProxyConfigId) => {
      const resolved = endpoints(sources(), selector);
      return pool().publicClient(authProxyConfigId === undefined ? resolved : { ...resolved, authProxyConfigId });
    },
    now,
    sleep,
    declarationWaitMs,
    log: options.log ?? ((line) => process.stderr.write(`${line}\n`)),
    warn: options.warn ?? ((line) => process.stderr.write(`${line}\n`)),
    ownership: new Ownership({ declarationWaitMs, sleep }),
    deployment: new Deployment({ declarationWaitMs, sleep }),
    randomBytes: options.randomBytes ?? ((n) => new Uint8Array(randomBytes(n))),
    setConfig(next, nextKeys) {
      config = next;
      keys = nextKeys;
    },
    close: async () => {
      await clients?.close();
    },
  };
}
