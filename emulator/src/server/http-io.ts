// Bytes in and out: bounded body reading, JSON responses, and errors in the service's shape.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ServiceError } from '../errors';

/**
 * The request body, refused past `limit` bytes. The service documents no size limit (docs/service-behaviour.md#limits-and-pagination, #unconfirmed-choices);
 * the emulator answers 413 with an InvalidArgument (code 3) body, and closes the connection.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = () => new ServiceError(413, 3, `request body too large: the limit is ${limit} bytes`, { turnkeyErrorCode: 'REQUEST_INVALID' });
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (e) => {
      if (!failed) reject(e);
    });
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

export function sendError(res: ServerResponse, error: ServiceError, headers: Record<string, string> = {}): void {
  // A body we did not read (413) must not be parsed as the next request on this connection.
  const close: Record<string, string> = error.status === 413 ? { Connection: 'close' } : {};
  sendJson(res, error.status, error.toBody(), { ...close, ...headers });
}

/** The loopback test for admin endpoints (127.0.0.0/8, ::1, and IPv4-mapped loopback). */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  return address === '::1' || /^127\./.test(address) || /^::ffff:127\./.test(address);
}

/**
 * The service's API has an open CORS policy (docs/service-behaviour.md#transport), so browsers may call it directly; the auth proxy
 * is called from browsers by design (docs/service-behaviour.md#auth-proxy). Admin endpoints get no CORS headers: a web page must not be
 * able to reset a developer's emulator.
 */
const CORS_PREFLIGHT: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, X-Stamp, X-Stamp-Webauthn, X-Client-Version, X-Auth-Proxy-Config-Id, X-Captcha-Token',
  'Access-Control-Max-Age': '600',
};

/** Adds the CORS header; answers a preflight (returns true when it did). */
export function cors(req: IncomingMessage, res: ServerResponse): boolean {
  res.setHeader('Access-Control-Allow-Origin', '*');
  if (req.method !== 'OPTIONS') return false;
  res.writeHead(204, CORS_PREFLIGHT).end();
  return true;
}
