// Shared set-up for the provider's integration tests: an in-memory emulator on loopback, a provider runtime
// configured like `configure` would configure it, an sdk client for out-of-band changes, a manual clock, and
// the emulator's request log (to count requests at the server).
import type { ReadResult } from '@walletinfra/pulumi/resources/lifecycle';
import { WalletInfraClient } from '@walletinfra/sdk';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '@walletinfra/emulator';
import { createRuntime, type DynamicProvider, type Runtime } from '@walletinfra/pulumi/runtime/providers';
import type { ContextOptions } from '@walletinfra/pulumi/context';
import { useForFile } from './use-for-file';
import { AdminUser, FIXED_NOW, generatedKey } from './emulator';

export interface Harness {
  emulator: RunningEmulator;
  /** The organization the runtime and `client` act in (the emulator's own). */
  org: string;
  /** A provider runtime, as the dynamic-provider process would have it after `configure`. */
  runtime: Runtime;
  /** A fresh runtime sharing config and clock, one second later: a second `pulumi` run (a new provider process). */
  newRuntime(
    overrides?: Record<string, string>,
    options?: Pick<ContextOptions, 'clientOptions' | 'listTtlMs' | 'log' | 'warn' | 'activityPageSize'>,
  ): Runtime;
  /** The organization's own API key, for out-of-band changes. */
  client: WalletInfraClient;
  clientFor(key: { publicKey: string; privateKey: string }): WalletInfraClient;
  config: Record<string, string>;
  clock: { now: () => number; advance: (ms: number) => void };
  /** Called by the runtime's sleep after the clock moved: tests approve activities here. */
  onSleep: { hook?: (ms: number) => Promise<void> | void };
  /** The warnings runtimes made without a `warn` of their own (the engine would show them), kept off the test output. */
  warnings: string[];
  /** `POST /public/v1/...` paths the emulator answered since the last `resetRequests()`. */
  requests(): string[];
  resetRequests(): void;
  admin(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  emulator?: EmulatorOptions;
  config?: Record<string, string>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  let t = FIXED_NOW;
  const clock = { now: () => t, advance: (ms: number) => void (t += ms) };
  const log: string[] = [];
  const emulator = await startEmulator({ deliveryMode: 'manual', clock: clock.now, log: (line) => log.push(line), ...options.emulator });
  const creds = emulator.credentials;
  const config: Record<string, string> = {
    'walletinfra:organizationId': creds.organizationId,
    'walletinfra:apiPublicKey': creds.apiPublicKey,
    'walletinfra:apiPrivateKey': creds.apiPrivateKey,
    'walletinfra:baseUrl': emulator.baseUrl,
    'walletinfra:authProxyUrl': emulator.authProxyUrl,
    'walletinfra:authProxyConfigId': creds.authProxyConfigId,
    'walletinfra:onRampEncryptionPublicKey': emulator.onRampEncryptionPublicKey,
    'walletinfra:maxRetries': '0',
    ...options.config,
  };
  const onSleep: Harness['onSleep'] = {};
  const sleep = async (ms: number) => {
    clock.advance(ms);
    await onSleep.hook?.(ms);
  };
  const runtimes: Runtime[] = [];
  const warnings: string[] = [];
  const newRuntime = (
    overrides: Record<string, string> = {},
    extra: Pick<ContextOptions, 'clientOptions' | 'listTtlMs' | 'log' | 'warn' | 'activityPageSize'> = {},
  ) => {
    // A later `pulumi` run happens later: identical request bodies get new timestamps, so the service's
    // idempotency by body (docs/service-behaviour.md#idempotency-and-fingerprints) does not hand back an earlier run's activity.
    clock.advance(1000);
    const merged = { ...config, ...overrides };
    const rt = createRuntime({ config: (k) => merged[k], env: {}, now: clock.now, sleep, warn: (line) => warnings.push(line), ...extra });
    runtimes.push(rt);
    return rt;
  };
  const clients: WalletInfraClient[] = [];
  const clientFor = (key: { publicKey: string; privateKey: string }) => {
    const c = new WalletInfraClient({
      baseUrl: emulator.baseUrl,
      organizationId: creds.organizationId,
      apiPublicKey: key.publicKey,
      apiPrivateKey: key.privateKey,
      retry: { maxAttempts: 1 },
      clock: { now: clock.now },
    });
    clients.push(c);
    return c;
  };
  const runtime = newRuntime();
  const client = clientFor({ publicKey: creds.apiPublicKey, privateKey: creds.apiPrivateKey });
  return {
    emulator,
    org: creds.organizationId,
    runtime,
    newRuntime,
    client,
    clientFor,
    config,
    clock,
    onSleep,
    warnings,
    requests: () => log.filter((l) => l.startsWith('POST /public/v1/')).map((l) => l.split(' ')[1] as string),
    resetRequests: () => void log.splice(0),
    admin: async (method, path, body) => {
      const res = await fetch(`${emulator.adminUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${emulator.credentials.adminToken}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json: unknown = await res.json();
      return { status: res.status, json };
    },
    close: async () => {
      await Promise.all([...runtimes.map((r) => r.context.close()), ...clients.map((c) => c.close())]);
      await emulator.close();
    },
  };
}

/**
 * The test file's harness: started before its first test and closed after its last (jest's beforeAll and
 * afterAll). The object is filled in when the harness has started, so use it inside tests and hooks only.
 */
export function useHarness(options: HarnessOptions = {}): Harness {
  return useForFile(() => startHarness(options));
}

/** The inputs `check` returns for `news`, asserting it reported no failures. */
export async function checkedInputs(
  resource: Pick<DynamicProvider, 'check'>,
  news: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const result = await resource.check({}, news);
  expect(result.failures).toBeUndefined();
  return result.inputs;
}

/** Checks `declared` (asserting no failures) and creates it: the checked inputs, the new id and its outputs. */
export async function checkAndCreate(
  resource: Pick<DynamicProvider, 'check' | 'create'>,
  declared: Record<string, unknown>,
): Promise<{ inputs: Record<string, unknown>; id: string; outs: Record<string, unknown> }> {
  const inputs = await checkedInputs(resource, declared);
  const { id, outs } = (await resource.create(inputs)) as { id: string; outs: unknown };
  if (typeof outs !== 'object' || outs === null) throw new Error(`create returned no outputs: ${String(outs)}`);
  return { inputs, id, outs: outs as Record<string, unknown> };
}

/** The error a promise rejects with, as `{code, message}` plus the given extra fields. */
export async function failure(p: Promise<unknown>, extra: string[] = []): Promise<Record<string, unknown>> {
  try {
    await p;
  } catch (e) {
    const err = e as Record<string, unknown>;
    const fields: Array<[string, unknown]> = [
      ['code', err.code],
      ['message', err.message],
      ...extra.map((k): [string, unknown] => [k, err[k]]),
    ];
    return Object.fromEntries(fields);
  }
  throw new Error('expected a rejection');
}

/** Adds a second root user with its own API key and makes the organization require two approvals. */
export async function requireTwoApprovals(h: Harness): Promise<{ userId: string; client: WalletInfraClient }> {
  const user = await h.admin('POST', '/users', { userName: 'approver', root: true, generateApiKey: true });
  if (user.status !== 200) throw new Error(`admin users: ${JSON.stringify(user.json)}`);
  const added = AdminUser.parse(user.json);
  const settings = await h.admin('POST', `/organizations/${h.org}/settings`, { requiredApprovals: 2 });
  if (settings.status !== 200) throw new Error(`admin settings: ${JSON.stringify(settings.json)}`);
  return { userId: added.userId, client: h.clientFor(generatedKey(added)) };
}

/** A read that found its object (what a refresh keeps): its props and inputs, or a failure naming what came back. */
export function present(read: ReadResult): Required<ReadResult> {
  if (read.id === '' || read.props === undefined || read.inputs === undefined)
    throw new Error(`the read found no object: ${JSON.stringify(read)}`);
  return read as Required<ReadResult>;
}
