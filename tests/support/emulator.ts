// Shared set-up for the emulator's integration tests: an in-memory emulator on loopback and clients for it.
import {
  ApiKeyStamper,
  operations,
  operationsByActivityType,
  WalletInfraClient,
  type QueryName,
  type ResponseOf,
  type ResultOf,
  type SubmitName,
} from '@walletinfra/sdk';
import { ActivityResponse, type Activity } from '@walletinfra/sdk/schemas';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '@walletinfra/emulator';
import { z } from 'zod';
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

/** The service's error body (docs/service-behaviour.md#errors), as the emulator writes every refusal. */
export const ServiceErrorBody = z.looseObject({
  code: z.number(),
  message: z.string(),
  details: z.array(z.looseObject({ '@type': z.string() })),
});
export type ServiceErrorBody = z.infer<typeof ServiceErrorBody>;

/**
 * A reply from the main API: its status, its body parsed as JSON (or its text when it is not JSON) and its headers. The getters
 * read the body through the sdk's schemas, so a body of the wrong shape fails the test where it is read, with the path at fault.
 */
export class Reply {
  constructor(
    readonly status: number,
    readonly json: unknown,
    readonly headers: Headers,
  ) {}

  /** The activity of a submit or `get_activity` reply. */
  get activity(): Activity {
    return this.read('an activity reply', ActivityResponse, this.json).activity;
  }

  /**
   * The typed result of the submit `name` in this reply's activity (`activity.result[resultKey]`), read as the
   * activity's version of it (an earlier create_sub_organization has its own result key).
   */
  result<N extends SubmitName>(name: N): ResultOf<N> {
    const { result, type } = this.activity;
    const version = operationsByActivityType.get(type);
    const op = version?.name === name ? version : operations[name];
    return this.read(`the result of ${name}`, op.result, op.resultKey === undefined ? result : result[op.resultKey]) as ResultOf<N>;
  }

  /** The body as the response of the query `name`. */
  as<N extends QueryName>(name: N): ResponseOf<N> {
    return this.read(`the response of ${name}`, operations[name].response, this.json) as ResponseOf<N>;
  }

  /** The body as the service's error: `{code, message, details}`. */
  get error(): ServiceErrorBody {
    return this.read("the service's error", ServiceErrorBody, this.json);
  }

  // A body of another shape fails the test with the reply's status and body, not only zod's path.
  private read<S extends z.ZodType>(what: string, schema: S, value: unknown): z.output<S> {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    throw new Error(`expected ${what}, got HTTP ${this.status} ${JSON.stringify(this.json)}: ${z.prettifyError(parsed.error)}`);
  }
}

/** Raw HTTP against the emulator (for malformed requests the clients refuse to send). */
export async function post(url: string, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // keep the text
  }
  return new Reply(res.status, json, res.headers);
}

/** The headers every admin request needs: the admin token, and JSON for writes. */
export function adminHeaders(emu: { credentials: { adminToken: string } }): Record<string, string> {
  return { Authorization: `Bearer ${emu.credentials.adminToken}`, 'Content-Type': 'application/json' };
}

/** What `POST /__admin/users` answers (emulator README "Admin API"); `privateKey` only on the key made by `generateApiKey`. */
export const AdminUser = z.object({
  organizationId: z.string(),
  userId: z.string(),
  userTags: z.array(z.string()),
  apiKeys: z.array(z.object({ apiKeyId: z.string(), publicKey: z.string(), privateKey: z.string().optional() })),
  authenticatorIds: z.array(z.string()),
});
export type AdminUser = z.infer<typeof AdminUser>;

/** The key pair `POST /__admin/users` made for `generateApiKey: true` (the last of the user's keys). */
export function generatedKey(user: AdminUser): ApiKey {
  const key = user.apiKeys.at(-1);
  if (key?.privateKey === undefined) throw new Error(`the admin API made no key pair for user ${user.userId}`);
  return { publicKey: key.publicKey, privateKey: key.privateKey };
}

export async function admin(
  emu: RunningEmulator,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${emu.adminUrl}${path}`, {
    method,
    headers: adminHeaders(emu),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json: unknown = await res.json();
  return { status: res.status, json };
}

/** The service's error body for a code/status pair. */
export function serviceError(code: number, message: string, turnkeyErrorCode: string): unknown {
  return { code, message, details: [{ '@type': 'type.googleapis.com/errors.v1.TurnkeyErrorDetail', turnkeyErrorCode }] };
}

/** POSTs `body` (an object or exact text) to the main API, stamped with `key` (default: the root key). */
export async function stampedPost(emu: RunningEmulator, path: string, body: unknown, key: ApiKey = rootKey(emu)): Promise<Reply> {
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
