// Shared set-up for the emulator's integration tests: an in-memory emulator on loopback and clients for it.
import { ApiKeyStamper, WalletInfraClient } from '@walletinfra/sdk';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '@walletinfra/emulator';
import { useForFile } from './use-for-file';

export const FIXED_NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

/** An API key pair, as the emulator's admin API hands it out. */
export type ApiKey = { publicKey: string; privateKey: string };

/** The emulator's root API key. */
export function rootKey(emu: RunningEmulator): ApiKey {
  return { publicKey: emu.credentials.apiPublicKey, privateKey: emu.credentials.apiPrivateKey };
}

/** A clock tests move by hand. */
export function manualClock(start = FIXED_NOW): { now: () => number; advance: (ms: number) => void; set: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms), set: (ms) => void (t = ms) };
}

export async function startTestEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ deliveryMode: 'manual', allowLoopbackWebhooks: true, ...options });
}

/**
 * The test file's emulator (startTestEmulator(options)): started before its first test and closed after its
 * last (jest's beforeAll and afterAll). The object is filled in when the emulator has started, so use it
 * inside tests and hooks only.
 */
export function useTestEmulator(options: EmulatorOptions = {}): RunningEmulator {
  return useForFile(() => startTestEmulator(options));
}

/** Our sdk client, stamping with the given key (the emulator's root key by default), no retries. */
export function clientFor(
  emu: RunningEmulator,
  key?: { publicKey: string; privateKey: string },
  organizationId?: string,
  clock?: { now(): number },
): WalletInfraClient {
  return new WalletInfraClient({
    baseUrl: emu.baseUrl,
    authProxyUrl: emu.authProxyUrl,
    authProxyConfigId: emu.credentials.authProxyConfigId,
    organizationId: organizationId ?? emu.credentials.organizationId,
    apiPublicKey: key?.publicKey ?? emu.credentials.apiPublicKey,
    apiPrivateKey: key?.privateKey ?? emu.credentials.apiPrivateKey,
    retry: { maxAttempts: 1 },
    ...(clock === undefined ? {} : { clock }),
  });
}

/** Raw HTTP against the emulator (for malformed requests the clients refuse to send). */
export async function post(
  url: string,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown; headers: Headers }> {
  const res = await fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: res.status, json, headers: res.headers };
}

/** The headers every admin request needs: the admin token, and JSON for writes. */
export function adminHeaders(emu: { credentials: { adminToken: string } }): Record<string, string> {
  return { Authorization: `Bearer ${emu.credentials.adminToken}`, 'Content-Type': 'application/json' };
}

export async function admin(emu: RunningEmulator, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${emu.adminUrl}${path}`, {
    method,
    headers: adminHeaders(emu),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: await res.json() };
}

/** The service's error body for a code/status pair. */
export function serviceError(code: number, message: string, turnkeyErrorCode: string): unknown {
  return { code, message, details: [{ '@type': 'type.googleapis.com/errors.v1.TurnkeyErrorDetail', turnkeyErrorCode }] };
}

/** POSTs `body` (an object or exact text) to the main API, stamped with `key` (default: the root key). */
export async function stampedPost(
  emu: RunningEmulator,
  path: string,
  body: unknown,
  key: ApiKey = rootKey(emu),
): Promise<{ status: number; json: any; headers: Headers }> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const stamp = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }).stamp(text);
  return post(`${emu.baseUrl}${path}`, text, { [stamp.headerName]: stamp.headerValue });
}

/** Submits the activity `name` (e.g. `create_policy`) stamped with `key` (default: the root key). */
export function submitActivity(emu: RunningEmulator, name: string, body: unknown, key?: ApiKey): ReturnType<typeof stampedPost> {
  return stampedPost(emu, `/public/v1/submit/${name}`, body, key);
}

/** A submit envelope for the root organization. */
export function envelope(
  emu: RunningEmulator,
  type: string,
  parameters: unknown,
  timestampMs: number,
  organizationId?: string,
): Record<string, unknown> {
  return { type, timestampMs: String(timestampMs), organizationId: organizationId ?? emu.credentials.organizationId, parameters };
}
