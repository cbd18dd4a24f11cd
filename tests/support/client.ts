// Test support for the client tests: a scripted HTTP server on 127.0.0.1 that records every request, and
// a fake clock whose time only moves when the client sleeps.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The raw body text, exactly as received. */
  body: string;
}

export interface ScriptedReply {
  status?: number;
  json?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (req: RecordedRequest, index: number) => ScriptedReply | Promise<ScriptedReply>;

export interface ScriptedServer {
  url: string;
  requests: RecordedRequest[];
  /** Replaces the handler (each test scripts its own replies). */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startScriptedServer(
  handler: Handler = () => ({ status: 500, json: { message: 'unscripted' } }),
): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  let current = handler;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      Promise.resolve(current(recorded, requests.length - 1)).then(
        (reply) => {
          const text = reply.json === undefined ? '' : JSON.stringify(reply.json);
          res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
          res.end(text);
        },
        (error: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ code: 13, message: `test handler threw: ${String(error)}` }));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

/** A clock that only moves when `sleep` is called; every wait is recorded. */
export function fakeTime(start = 1_767_225_600_000) {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    clock: { now: () => now },
    sleep: async (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
      now += ms;
    },
  };
}

/** Resolves to the rejection of `p`, failing the test if it resolves. */
export async function caught(p: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await p;
  } catch (e) {
    return e as Error & Record<string, unknown>;
  }
  throw new Error('expected a rejection');
}
