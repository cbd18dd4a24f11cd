// `X-Stamp-Webauthn` verification (docs/service-behaviour.md#request-stamps). The header is plain JSON with base64url fields; the
// challenge is the lowercase hex of SHA-256(body) as ASCII. The server-side steps are standard WebAuthn
// assertion checks (UNCONFIRMED, see docs/service-behaviour.md#request-stamps): type "webauthn.get", challenge match, then ES256 over
// authenticatorData || SHA-256(clientDataJSON) with the registered credential's public key.
import { p256 } from '@noble/curves/p256';
import { sha256 } from '@noble/hashes/sha256';

export interface WebAuthnStamp {
  authenticatorData: Uint8Array;
  clientDataJson: Uint8Array;
  credentialId: string;
  signature: Uint8Array;
}

export type ParseResult = { ok: true; stamp: WebAuthnStamp } | { ok: false; message: string };

const B64URL = /^[A-Za-z0-9_-]*={0,2}$/;

function b64url(value: unknown): Uint8Array | undefined {
  if (typeof value !== 'string' || value === '' || !B64URL.test(value)) return undefined;
  return new Uint8Array(Buffer.from(value.replace(/=+$/, ''), 'base64url'));
}

export function parseWebAuthnStamp(headerValue: string): ParseResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(headerValue);
  } catch {
    return { ok: false, message: 'webauthn stamp is not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, message: 'webauthn stamp is not a JSON object' };
  const f = parsed as Record<string, unknown>;
  const authenticatorData = b64url(f.authenticatorData);
  const clientDataJson = b64url(f.clientDataJson);
  const signature = b64url(f.signature);
  if (authenticatorData === undefined) return { ok: false, message: 'webauthn stamp authenticatorData is missing or not base64url' };
  if (clientDataJson === undefined) return { ok: false, message: 'webauthn stamp clientDataJson is missing or not base64url' };
  if (signature === undefined) return { ok: false, message: 'webauthn stamp signature is missing or not base64url' };
  if (typeof f.credentialId !== 'string' || b64url(f.credentialId) === undefined) {
    return { ok: false, message: 'webauthn stamp credentialId is missing or not base64url' };
  }
  return { ok: true, stamp: { authenticatorData, clientDataJson, credentialId: f.credentialId.replace(/=+$/, ''), signature } };
}

/** The challenge a stamper puts in clientDataJSON for `body` (docs/service-behaviour.md#request-stamps). */
export function expectedChallenge(body: Uint8Array): string {
  return Buffer.from(Buffer.from(sha256(body)).toString('hex'), 'utf8').toString('base64url');
}

/** Checks the assertion against the body and the credential's public key; returns a failure reason or undefined. */
export function verifyWebAuthnAssertion(stamp: WebAuthnStamp, body: Uint8Array, publicKeyHex: string): string | undefined {
  let client: { type?: unknown; challenge?: unknown };
  try {
    client = JSON.parse(Buffer.from(stamp.clientDataJson).toString('utf8')) as typeof client;
  } catch {
    return 'clientDataJson is not JSON';
  }
  if (client.type !== 'webauthn.get') return 'clientDataJson type is not webauthn.get';
  if (typeof client.challenge !== 'string' || client.challenge.replace(/=+$/, '') !== expectedChallenge(body)) {
    return 'challenge does not match the request body';
  }
  const signed = new Uint8Array(stamp.authenticatorData.length + 32);
  signed.set(stamp.authenticatorData, 0);
  signed.set(sha256(stamp.clientDataJson), stamp.authenticatorData.length);
  try {
    const sig = p256.Signature.fromDER(stamp.signature);
    const ok = p256.verify(sig.toCompactRawBytes(), sha256(signed), new Uint8Array(Buffer.from(publicKeyHex, 'hex')), {
      lowS: false,
      prehash: false,
    });
    return ok ? undefined : 'signature does not verify';
  } catch {
    return 'signature does not verify';
  }
}
