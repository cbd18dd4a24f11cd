// Small byte helpers shared by the crypto modules (internal; not re-exported from the barrel).

const HEX_RE = /^(?:[0-9a-f]{2})*$/;

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

/** A Uint8Array over a Buffer's bytes (no copy). */
function bytesOf(buf: Buffer): Uint8Array {
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** Bytes of an even-length lowercase hex string; undefined when it is not one. */
export function fromHex(hex: string): Uint8Array | undefined {
  if (!HEX_RE.test(hex)) return undefined;
  return bytesOf(Buffer.from(hex, 'hex'));
}

export function isHex(value: string): boolean {
  return HEX_RE.test(value);
}

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

export function bytesToBigInt(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt('0x' + toHex(bytes));
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** base64url without padding (RFC 4648 §5), as the stamp header uses (docs/service-behaviour.md#request-stamps). */
export function base64UrlEncode(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');
}

const B64URL_RE = /^[A-Za-z0-9_-]*={0,2}$/;

/** Decodes base64url with or without `=` padding; undefined when the text is not base64url. */
export function base64UrlDecode(text: string): Uint8Array | undefined {
  if (!B64URL_RE.test(text)) return undefined;
  const bare = text.replace(/=+$/, '');
  if (bare.length % 4 === 1) return undefined;
  if (text.length !== bare.length && text.length % 4 !== 0) return undefined;
  return bytesOf(Buffer.from(bare, 'base64url'));
}
