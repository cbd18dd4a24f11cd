// API-key stamps (`X-Stamp`) exactly as the service expects them (docs/service-behaviour.md#request-stamps):
// base64url-without-padding of the JSON {publicKey, scheme, signature} (key order as @turnkey/api-key-stamper),
// signature = ECDSA P-256 over SHA-256 of the exact UTF-8 body bytes, DER hex.
import { sha256 } from '@noble/hashes/sha256';
import { ApiKeyPair, loadApiKeyPair } from './keys';
import { base64UrlDecode, base64UrlEncode, utf8 } from './hex';
import { verifyP256Digest } from './verify-p256';

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
}

/** Stamps bodies with a P-256 API key. The key pair is validated once, at construction. */
export class ApiKeyStamper implements Stamper {
  readonly #pair: ApiKeyPair;

  constructor(options: ApiKeyStamperOptions) {
    this.#pair = loadApiKeyPair({ publicKey: options?.apiPublicKey, privateKey: options?.apiPrivateKey });
  }

  /** The compressed public key hex this stamper signs with. */
  get publicKey(): string {
    return this.#pair.publicKey;
  }

  stamp(body: string): StampHeader {
    const signature = this.#pair.signDigest(sha256(utf8(body)));
    // Key order publicKey, scheme, signature: byte-identical to @turnkey/api-key-stamper.
    const json = JSON.stringify({ publicKey: this.#pair.publicKey, scheme: API_KEY_P256_SCHEME, signature });
    return { headerName: STAMP_HEADER_NAME, headerValue: base64UrlEncode(utf8(json)) };
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

export type VerifyStampResult = { ok: true; publicKey: string; scheme: string } | StampFailure;

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
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
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
 * Verifies an `X-Stamp` against the exact body bytes, as the service does (docs/service-behaviour.md#request-stamps recipe):
 * accepts high-S and low-S signatures, padded or unpadded base64url. The returned public key is
 * lowercased so it can be used to look the API key up. Never throws.
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
  const body = typeof input.body === 'string' ? utf8(input.body) : input.body;
  const outcome = verifyP256Digest(decoded.publicKey.toLowerCase(), decoded.signature.toLowerCase(), sha256(body));
  if (outcome === 'invalid_public_key') {
    return { ok: false, reason: 'invalid_public_key', message: 'stamp publicKey is not a compressed P-256 public key' };
  }
  if (outcome !== 'ok') return { ok: false, reason: 'invalid_signature', message: 'stamp signature verification failed' };
  return { ok: true, publicKey: decoded.publicKey.toLowerCase(), scheme: decoded.scheme };
}
