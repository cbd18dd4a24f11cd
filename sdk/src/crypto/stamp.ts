// API-key stamps (`X-Stamp`) exactly as the service expects them (docs/service-behaviour.md#request-stamps):
// base64url-without-padding of the JSON {publicKey, scheme, signature} (key order as
// @turnkey/api-key-stamper), signature = ECDSA P-256 over SHA-256 of the exact UTF-8 body bytes, DER hex.
import { ConfigurationError } from '../errors';
import { loadApiKeyPair, type ApiKeyPair } from './keys';
import { base64UrlDecode } from './hex';
import { DEFAULT_SIGNING_RUNTIME, nativeP256, type SigningRuntime } from './p256-native';
import { verifyP256 } from './verify-p256';

export const STAMP_HEADER_NAME = 'X-Stamp';
export const API_KEY_P256_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256';

export interface StampHeader {
  headerName: string;
  headerValue: string;
}

/** Anything that can authenticate a request body. The transport calls it once per logical request. */
export interface Stamper {
  stamp(body: string): StampHeader;
}

export interface ApiKeyStamperOptions {
  apiPublicKey: string;
  apiPrivateKey: string;
  /**
   * `node` (default where node:crypto exists): OpenSSL's P-256 with a cached key object, random nonce.
   * `purejs` (default elsewhere): @noble/curves, RFC 6979 deterministic, byte-identical to
   * @turnkey/api-key-stamper with the same `runtimeOverride`. The service accepts both.
   */
  runtimeOverride?: SigningRuntime;
}

const RUNTIMES: readonly SigningRuntime[] = ['node', 'purejs'];

function runtimeOf(value: unknown): SigningRuntime {
  if (value === undefined) return DEFAULT_SIGNING_RUNTIME;
  if (!RUNTIMES.includes(value as SigningRuntime)) {
    throw new ConfigurationError(`runtimeOverride must be "node" or "purejs", got ${JSON.stringify(value)}`);
  }
  if (value === 'node' && nativeP256 === undefined) {
    throw new ConfigurationError('runtimeOverride: "node" needs node:crypto, which this runtime lacks; use "purejs"');
  }
  return value as SigningRuntime;
}

/** Stamps bodies with a P-256 API key. The key pair is validated once, at construction. */
export class ApiKeyStamper implements Stamper {
  readonly #pair: ApiKeyPair;
  readonly #runtime: SigningRuntime;
  /** The header JSON up to the signature: the same for every stamp of this key. */
  readonly #jsonHead: string;

  constructor(options: ApiKeyStamperOptions) {
    this.#pair = loadApiKeyPair({ publicKey: options?.apiPublicKey, privateKey: options?.apiPrivateKey });
    this.#runtime = runtimeOf(options?.runtimeOverride);
    this.#jsonHead = JSON.stringify({ publicKey: this.#pair.publicKey, scheme: API_KEY_P256_SCHEME, signature: '' }).slice(0, -3);
  }

  /** `node` or `purejs`: which P-256 implementation signs. */
  get runtime(): SigningRuntime {
    return this.#runtime;
  }

  /** The compressed public key hex this stamper signs with. */
  get publicKey(): string {
    return this.#pair.publicKey;
  }

  stamp(body: string): StampHeader {
    const signature = this.#pair.sign(Buffer.from(body, 'utf8'), this.#runtime);
    // Key order publicKey, scheme, signature: byte-identical to @turnkey/api-key-stamper's
    // JSON.stringify({publicKey, scheme, signature}); hex needs no escaping.
    const json = `${this.#jsonHead}"${signature}"}`;
    return { headerName: STAMP_HEADER_NAME, headerValue: Buffer.from(json, 'utf8').toString('base64url') };
  }

  toJSON(): { publicKey: string } {
    return { publicKey: this.#pair.publicKey };
  }
}

export type StampFailureReason = 'malformed_stamp' | 'unsupported_scheme' | 'invalid_public_key' | 'invalid_signature';

export interface StampFailure {
  ok: false;
  reason: StampFailureReason;
  message: string;
}

export type DecodeStampResult = { ok: true; publicKey: string; scheme: string; signature: string } | StampFailure;

/** On success: the public key lowercased, the scheme and the signature hex as sent. */
export type VerifyStampResult = { ok: true; publicKey: string; scheme: string; signature: string } | StampFailure;

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

function malformed(message: string): StampFailure {
  return { ok: false, reason: 'malformed_stamp', message };
}

/**
 * Decodes an `X-Stamp` header value (padded or unpadded base64url JSON). Does not check the signature.
 * Field values are returned as sent; never throws.
 */
export function decodeStamp(headerValue: unknown): DecodeStampResult {
  if (typeof headerValue !== 'string' || headerValue.trim() === '') return malformed('stamp header is empty');
  const bytes = base64UrlDecode(headerValue.trim());
  if (bytes === undefined) return malformed('stamp is not base64url');
  let parsed: unknown;
  try {
    parsed = JSON.parse(STRICT_UTF8.decode(bytes));
  } catch {
    return malformed('stamp is not base64url-encoded JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return malformed('stamp JSON is not an object');
  }
  const fields = parsed as Record<string, unknown>;
  for (const name of ['publicKey', 'scheme', 'signature'] as const) {
    if (typeof fields[name] !== 'string' || fields[name] === '') return malformed(`stamp is missing ${name}`);
  }
  return {
    ok: true,
    publicKey: fields.publicKey as string,
    scheme: fields.scheme as string,
    signature: fields.signature as string,
  };
}

/**
 * Verifies an `X-Stamp` against the exact body bytes, as the service does (docs/service-behaviour.md#request-stamps;
 * @turnkey/crypto's `verifyStampSignature` is the reference): accepts high-S and low-S signatures, padded or unpadded
 * base64url. node:crypto verifies where it exists (cached key objects), @noble/curves elsewhere. The
 * returned public key is lowercased so it can be used to look the API key up. Never throws.
 */
export function verifyStamp(input: { headerValue: unknown; body: string | Uint8Array }): VerifyStampResult {
  const decoded = decodeStamp(input.headerValue);
  if (!decoded.ok) return decoded;
  if (decoded.scheme !== API_KEY_P256_SCHEME) {
    return {
      ok: false,
      reason: 'unsupported_scheme',
      message: `unsupported stamp scheme ${JSON.stringify(decoded.scheme.slice(0, 64))}; expected ${API_KEY_P256_SCHEME}`,
    };
  }
  const body = typeof input.body === 'string' ? Buffer.from(input.body, 'utf8') : input.body;
  const outcome = verifyP256(decoded.publicKey.toLowerCase(), decoded.signature.toLowerCase(), body);
  if (outcome === 'invalid_public_key') {
    return { ok: false, reason: 'invalid_public_key', message: 'stamp publicKey is not a compressed P-256 public key' };
  }
  if (outcome !== 'ok') return { ok: false, reason: 'invalid_signature', message: 'stamp signature verification failed' };
  return { ok: true, publicKey: decoded.publicKey.toLowerCase(), scheme: decoded.scheme, signature: decoded.signature };
}
