// Bytes in and out: bounded body reading, JSON responses, and errors in the service's shape.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ServiceError } from '../errors';

// A target made only of these characters is already its own pathname: no dot segments, query, fragment,
// percent-escapes or backslashes for the URL parser to rewrite, and no leading `//` (an authority to it).
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9_/-]*$/;

/** The path of the request target, or undefined when the target is not a URL (`GET http://[ HTTP/1.1`). */
export function pathOf(req: IncomingMessage): string | undefined {
  const target = req.url ?? '/';
  if (PLAIN_PATH.test(target)) return target;
  try {
    return new URL(target, 'http://emulator').pathname;
  } catch {
    return undefined;
  }
}

export function malformedTarget(): ServiceError {
  return new ServiceError(400, 3, 'malformed request target: not a URL path', { turnkeyErrorCode: 'REQUEST_INVALID' });
}

/** 413 in the service's error shape (InvalidArgument): the service documents no size limit, the emulator has one. */
export function bodyTooLarge(limit: number): ServiceError {
  return new ServiceError(413, 3, `request body too large: the limit is ${limit} bytes`, { turnkeyErrorCode: 'REQUEST_INVALID' });
}

/** True when the request declares a `Content-Length` past `limit` (checked before routing, for every path). */
export function declaresTooLarge(req: IncomingMessage, limit: number): boolean {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared > limit;
}

/** The request body, refused with a 413 past `limit` bytes (declared or counted). */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  if (declaresTooLarge(req, limit)) return Promise.reject(bodyTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        reject(bodyTooLarge(limit));
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

/**
 * After an answer given before the request body was read (413, 404, 401 ...), the rest of the body is read and
 * thrown away before the connection closes: closing a socket with unread bytes makes the kernel send a reset,
 * and the client would see ECONNRESET/EPIPE instead of the answer. Past DRAIN_LIMIT_BYTES, or when the client
 * goes quiet for DRAIN_IDLE_MS, the connection is cut anyway.
 */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
const DRAIN_IDLE_MS = 5000;

function endAfterDrain(req: IncomingMessage, res: ServerResponse): void {
  let drained = 0;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(idle);
    res.end();
  };
  const cut = () => {
    end();
    res.socket?.destroy();
  };
  const idle = setTimeout(cut, DRAIN_IDLE_MS);
  idle.unref();
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT_BYTES) cut();
    else idle.refresh();
  });
  req.once('end', end);
  req.once('error', end);
  req.once('close', end);
  req.resume();
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)), ...headers });
  const req = res.req as IncomingMessage | undefined;
  if (req === undefined || req.readableEnded) {
    res.end(text);
    return;
  }
  // the whole answer goes out now; the response ends once the request body has been read to its end
  res.write(text);
  endAfterDrain(req, res);
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
