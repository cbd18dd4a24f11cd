// Webhook verification keys from `GET /public/v1/discovery/webhooks/jwks` (docs/service-behaviour.md#verification-keys),
// cached per Cache-Control: fresh for max-age, served stale within stale-if-error when a refetch fails,
// refetched once on an unknown kid (with a cooldown, so forged deliveries cannot hammer the service).
import { ConfigurationError, UnexpectedResponseError } from '../errors';
import { base64UrlDecode, toHex } from '../crypto/hex';
import { Transport } from '../transport/transport';
import type { Clock } from '../transport/options';
import { parseCacheControl, type CachePolicy } from './cache-control';
import type { WebhookVerificationKey } from './verify';

export const WEBHOOK_JWKS_PATH = '/public/v1/discovery/webhooks/jwks';

export interface FetchedJwks {
  /** Response headers, lowercase names (only `cache-control` is read). */
  headers: Record<string, string>;
  json: unknown;
}

export type FetchJwks = (signal?: AbortSignal) => Promise<FetchedJwks>;

export interface WebhookKeyStoreOptions {
  /** Fetch through an existing transport (no stamp is sent). */
  transport?: Transport;
  /** Or let the store create its own transport for this base URL. */
  baseUrl?: string;
  /** Or supply the fetch yourself. Exactly one of transport, baseUrl, fetchJwks. */
  fetchJwks?: FetchJwks;
  clock?: Clock;
  /** Minimum time between refetches triggered by unknown key ids. Default 30 000 ms. */
  unknownKidCooldownMs?: number;
}

const KNOWN_OPTIONS = ['transport', 'baseUrl', 'fetchJwks', 'clock', 'unknownKidCooldownMs'];
export const DEFAULT_UNKNOWN_KID_COOLDOWN_MS = 30_000;

interface CacheEntry {
  keys: WebhookVerificationKey[];
  fetchedAt: number;
  policy: CachePolicy;
}

/** Converts a JWKS document to verification keys, skipping entries that are not v1 Ed25519 keys. */
export function jwksToVerificationKeys(json: unknown): WebhookVerificationKey[] {
  const keys = (json as { keys?: unknown } | null)?.keys;
  if (typeof json !== 'object' || json === null || !Array.isArray(keys)) {
    throw new UnexpectedResponseError(`${WEBHOOK_JWKS_PATH}: response is not a JWKS document (no "keys" array)`, {
      operation: WEBHOOK_JWKS_PATH,
    });
  }
  const out: WebhookVerificationKey[] = [];
  for (const jwk of keys as unknown[]) {
    if (typeof jwk !== 'object' || jwk === null) continue;
    const k = jwk as Record<string, unknown>;
    if (k.kty !== 'OKP' || k.crv !== 'Ed25519' || typeof k.kid !== 'string' || k.kid === '' || typeof k.x !== 'string') continue;
    if (k.turnkey_signature_algorithm !== undefined && k.turnkey_signature_algorithm !== 'ed25519') continue;
    if (k.turnkey_signature_version !== undefined && k.turnkey_signature_version !== 'v1') continue;
    const x = base64UrlDecode(k.x);
    if (x === undefined || x.length !== 32) continue;
    out.push({ keyId: k.kid, publicKey: toHex(x), algorithm: 'ed25519' });
  }
  return out;
}

export class WebhookKeyStore {
  readonly #fetch: FetchJwks;
  readonly #clock: Clock;
  readonly #cooldownMs: number;
  readonly #ownTransport?: Transport;
  #cache?: CacheEntry;
  #inFlight?: Promise<CacheEntry>;
  #lastFetchStartedAt?: number;

  constructor(options: WebhookKeyStoreOptions) {
    if (typeof options !== 'object' || options === null) throw new ConfigurationError('WebhookKeyStore: options must be an object');
    const unknown = Object.keys(options).filter((k) => !KNOWN_OPTIONS.includes(k));
    if (unknown.length > 0) {
      throw new ConfigurationError(
        `WebhookKeyStore: unknown option ${unknown.map((k) => `"${k}"`).join(', ')}; known options: ${KNOWN_OPTIONS.join(', ')}`,
      );
    }
    const sources = [options.transport, options.baseUrl, options.fetchJwks].filter((s) => s !== undefined).length;
    if (sources !== 1) throw new ConfigurationError('WebhookKeyStore: pass exactly one of transport, baseUrl, fetchJwks');
    this.#clock = options.clock ?? { now: () => Date.now() };
    const cooldown = options.unknownKidCooldownMs ?? DEFAULT_UNKNOWN_KID_COOLDOWN_MS;
    if (typeof cooldown !== 'number' || !Number.isFinite(cooldown) || cooldown < 0) {
      throw new ConfigurationError('WebhookKeyStore: unknownKidCooldownMs must be a finite number >= 0');
    }
    this.#cooldownMs = cooldown;
    if (options.fetchJwks !== undefined) {
      this.#fetch = options.fetchJwks;
    } else {
      const transport = options.transport ?? new Transport({ baseUrl: options.baseUrl as string });
      if (options.transport === undefined) this.#ownTransport = transport;
      this.#fetch = async (signal) => {
        const res = await transport.get({ path: WEBHOOK_JWKS_PATH, operation: WEBHOOK_JWKS_PATH, ...(signal ? { signal } : {}) });
        return { headers: res.headers, json: res.json };
      };
    }
  }

  /**
   * The current keys: from cache while fresh, else refetched. When the refetch fails, a stale copy is
   * served within stale-if-error; otherwise the fetch error (a WalletInfraError) is thrown.
   */
  async getKeys(signal?: AbortSignal): Promise<WebhookVerificationKey[]> {
    const now = this.#clock.now();
    const cache = this.#cache;
    if (cache !== undefined && now < cache.fetchedAt + cache.policy.maxAgeMs) return cache.keys;
    return (await this.#refetchOrStale(signal)).keys;
  }

  /** The key with this id, refetching once (subject to the cooldown) when it is not known. */
  async getKey(keyId: string, signal?: AbortSignal): Promise<WebhookVerificationKey | undefined> {
    const keys = await this.getKeys(signal);
    const found = keys.find((k) => k.keyId === keyId);
    if (found !== undefined) return found;
    const last = this.#lastFetchStartedAt;
    if (last !== undefined && this.#clock.now() - last < this.#cooldownMs) return undefined;
    const refreshed = await this.#refetchOrStale(signal);
    return refreshed.keys.find((k) => k.keyId === keyId);
  }

  /** Fetches now, ignoring freshness (e.g. after a rotation announcement). */
  async refresh(signal?: AbortSignal): Promise<WebhookVerificationKey[]> {
    return (await this.#fetchShared(signal)).keys;
  }

  /** Releases the transport the store created for `baseUrl` (an injected transport is left open). */
  async close(): Promise<void> {
    await this.#ownTransport?.close();
  }

  async #refetchOrStale(signal?: AbortSignal): Promise<CacheEntry> {
    try {
      return await this.#fetchShared(signal);
    } catch (e) {
      const cache = this.#cache;
      const now = this.#clock.now();
      if (cache !== undefined && now < cache.fetchedAt + cache.policy.maxAgeMs + cache.policy.staleIfErrorMs) return cache;
      throw e;
    }
  }

  /** One fetch at a time; concurrent callers share it. */
  #fetchShared(signal?: AbortSignal): Promise<CacheEntry> {
    if (this.#inFlight !== undefined) return this.#inFlight;
    this.#lastFetchStartedAt = this.#clock.now();
    const promise = (async () => {
      const fetched = await this.#fetch(signal);
      const entry: CacheEntry = {
        keys: jwksToVerificationKeys(fetched.json),
        fetchedAt: this.#clock.now(),
        policy: parseCacheControl(fetched.headers['cache-control']),
      };
      this.#cache = entry;
      return entry;
    })();
    this.#inFlight = promise;
    const clear = (): void => {
      if (this.#inFlight === promise) this.#inFlight = undefined;
    };
    promise.then(clear, clear);
    return promise;
  }
}
