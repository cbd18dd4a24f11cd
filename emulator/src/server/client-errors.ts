// Requests Node's HTTP parser refuses before any handler runs (headers past the limit, malformed HTTP, a
// request that took too long): answered in the service's error shape `{code, message, details}` like every
// other rejection, instead of Node's bare status line with an empty body.
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ServiceError } from '../errors';

/** The header limit (Node's default, said once here so the message can name it). */
export const MAX_HEADER_BYTES = 16 * 1024;
const LINGER_MS = 2000;

function errorFor(code: string | undefined): ServiceError {
  const invalid = (status: number, message: string) => new ServiceError(status, 3, message, { turnkeyErrorCode: 'REQUEST_INVALID' });
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return invalid(431, `request header fields too large: the limit is ${MAX_HEADER_BYTES} bytes in all`);
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return invalid(413, 'request chunk extensions too large');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return invalid(408, 'request timed out before it was complete');
    default:
      return invalid(400, 'malformed HTTP request');
  }
}

/** Writes the error response, then reads and drops what the client still sends so the close is not a reset. */
export function answerClientErrors(server: Server): void {
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (answered.has(socket)) return; // the parser reports the same error again for every later chunk
    answered.add(socket);
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent === true) {
      socket.destroy();
      return;
    }
    const error = errorFor(err.code);
    const text = JSON.stringify(error.toBody());
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.once('end', () => socket.destroy());
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.end(
      `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
    socket.resume();
  });
}
