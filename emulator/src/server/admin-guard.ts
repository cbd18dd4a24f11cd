// Who may use /__admin/: a local developer tool's controls must not be reachable from a web page the developer
// happens to visit. A request is answered only when it comes from loopback, is addressed to a loopback name
// (a DNS-rebinding page sends its own Host), is not cross-origin (Origin / Sec-Fetch-Site, sent by browsers),
// carries the admin token from credentials.json, and sends its body as application/json (a cross-site form
// or `fetch` without a preflight can only send text/plain, urlencoded or multipart).
// https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Sec-Fetch-Site
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { permissionDenied, ServiceError, unauthenticated } from '../errors';
import { isLoopback } from './http-io';

const ADMIN_TOKEN_HEADER = 'authorization';

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Why this admin request is refused, or undefined when it may go on. */
export function adminRefusal(req: IncomingMessage, adminToken: string): ServiceError | undefined {
  if (!isLoopback(req.socket.remoteAddress)) return permissionDenied('admin endpoints are only available from loopback');
  const host = header(req, 'host') ?? '';
  if (!LOOPBACK_HOST.test(host)) {
    return permissionDenied('admin endpoints answer only requests addressed to a loopback name (Host: 127.0.0.1, localhost or [::1])');
  }
  const origin = header(req, 'origin');
  if (origin !== undefined && origin.toLowerCase() !== `http://${host.toLowerCase()}`) {
    return permissionDenied("admin endpoints refuse cross-origin requests (Origin differs from the emulator's own)");
  }
  const site = header(req, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return permissionDenied(`admin endpoints refuse cross-origin requests (Sec-Fetch-Site: ${site.slice(0, 20)})`);
  }
  const auth = header(req, ADMIN_TOKEN_HEADER);
  const token = auth === undefined ? undefined : /^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1];
  if (token === undefined) {
    return unauthenticated(
      'admin endpoints need the admin token: send "Authorization: Bearer <adminToken>" (adminToken is in credentials.json)',
    );
  }
  if (!sameToken(token, adminToken))
    return unauthenticated("the admin token does not match this emulator's (credentials.json is rewritten on every start)");
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const type = (header(req, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') {
      return new ServiceError(415, 3, 'admin writes need "Content-Type: application/json"', { turnkeyErrorCode: 'REQUEST_INVALID' });
    }
  }
  return undefined;
}
